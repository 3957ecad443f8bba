import Raster

/// A scene of the user's own: layers whose properties are bound to the scroll, and the scroll
/// view they live in. Loaded from a scenario's `vars:`, `scrollView:` and `layers:`; evaluated
/// once per frame into ordinary `Layer` trees that the renderer draws.
///
/// A layer lives on the screen (fixed), in the scroll content (moves with it) or in the table
/// header view (the view at the top of the content). Every numeric or color property is a
/// `Binding`; the names an expression reads are the built-ins (`BuiltinVariable`, `index` the instance
/// of a repeated layer) and the scenario's `vars:`, evaluated in dependency order.
/// Immutable once loaded (each property a `let` of a Sendable type): the render workers share it.
public final class UserScene: Sendable {
    public enum Placement: String, CaseIterable, Sendable {
        case screen, content, tableHeader
    }

    public enum Kind: String, CaseIterable, Sendable {
        case rectangle, image, text, group, gradient, material, symbol, shape
    }

    /// The bindable properties. Which kinds have which is `Property.kinds`.
    public enum Property: String, CaseIterable, Sendable {
        case x, y, width, height, anchorX, anchorY, translateX, translateY, scaleX, scaleY, opacity, zPosition, cornerRadius
        case hidden, borderWidth, borderColor, shadowColor, shadowOpacity, shadowRadius
        case fill, size, letterSpacing, color, blurRadius, tint, startX, startY, endX, endY
        case shadowOffsetX, shadowOffsetY, fillColor, strokeColor, lineWidth

        public var kind: ValueKind {
            switch self {
            case .borderColor, .shadowColor, .fill, .color, .tint, .fillColor, .strokeColor: return .color
            default: return .number
            }
        }

        /// The values it may take, at every frame (checked at load): they keep drawing bounded in
        /// time and memory. Negative widths, radii and opacities are allowed (they draw as 0).
        public var range: ClosedRange<Double> {
            switch self {
            case .x, .y, .width, .height, .translateX, .translateY, .cornerRadius, .shadowOffsetX, .shadowOffsetY: return -100_000...100_000
            case .anchorX, .anchorY, .scaleX, .scaleY, .startX, .startY, .endX, .endY: return -100...100
            case .opacity, .shadowOpacity, .letterSpacing: return -1000...1000
            case .zPosition, .hidden: return -1_000_000...1_000_000
            case .borderWidth: return -10_000...10_000
            case .lineWidth: return 0...200
            case .shadowRadius: return 0...50
            case .blurRadius: return 0...100
            case .size: return 0...500
            case .borderColor, .shadowColor, .fill, .color, .tint, .fillColor, .strokeColor: return -1...1
            }
        }

        /// The unit of its values, for messages.
        package var unit: String {
            switch self {
            case .anchorX, .anchorY, .startX, .startY, .endX, .endY: return "unit coordinates"
            case .scaleX, .scaleY, .opacity, .shadowOpacity, .zPosition, .hidden: return ""
            default: return "points"
            }
        }

        /// The layer kinds that have it; nil: every kind.
        package var kinds: [Kind]? {
            switch self {
            case .fill: return [.rectangle, .group, .shape]
            case .fillColor, .strokeColor, .lineWidth: return [.shape]
            case .size, .color: return [.text, .symbol]
            case .letterSpacing: return [.text]
            case .blurRadius, .tint: return [.material]
            case .startX, .startY, .endX, .endY: return [.gradient]
            default: return nil
            }
        }
    }

    /// A bound value and where it was written.
    public struct Bound: Sendable {
        public var binding: Binding
        public var ref: SourceRef
        /// The values a number may take at every frame (nil: any finite number), and their unit.
        public var range: ClosedRange<Double>? = nil
        public var unit = ""

        package init(binding: Binding, ref: SourceRef, range: ClosedRange<Double>? = nil, unit: String = "") {
            self.binding = binding; self.ref = ref; self.range = range; self.unit = unit
        }
    }

    /// A layer of the scene, as loaded: immutable (every property a `let` of a Sendable type), so
    /// the render workers share it and the compiler checks that they may. The loader fills in a
    /// `LayerDraft` and the scene is made from the drafts (`UserScene.init`); a step of loading that
    /// changes a layer once the scene exists (an image blurred at its size on screen, a scroll
    /// layer's motion) makes a new scene (`rebuilt`).
    public final class LayerSpec: Sendable {
        public let id: Int
        public let kind: Kind
        public let name: String
        public let placement: Placement
        /// Instances of a top-level layer; each sees its number (0...) as `index`.
        public let repeatCount: Int
        public let properties: [Property: Bound]
        public let masksToBounds: Bool
        public let image: SceneImage?
        public let contentMode: ContentMode
        /// `blur`: the image blurred once at load, sigma in points of the layer's frame at rest.
        public let imageBlur: Double?
        public let text: String
        /// `runs:` in place of `text` (attributed text); empty when the layer gives `text`.
        public let runs: [RunSpec]
        public let weight: FontWeight
        public let alignment: TextAlignment
        public let lines: Int
        /// A Dynamic Type text style: the size follows the scenario's `textSize:` (the style's own
        /// size, or `size` scaled as UIFontMetrics scales it).
        public let textStyle: TextStyle?
        /// A symbol layer's SF Symbol (Symbols/SymbolLayer.swift).
        public let symbol: SymbolLayerSpec
        /// `maskedCorners`: the corners `cornerRadius` rounds.
        public let maskedCorners: RectCorners
        /// `shadowPath`, in the layer's coordinates.
        public let shadowPath: Path?
        /// A shape layer's `path`, `fillRule`, `lineCap`, `lineJoin` and `miterLimit`.
        public let shapePath: Path
        public let evenOddFill: Bool
        public let lineCap: LineCap
        public let lineJoin: LineJoin
        public let miterLimit: Double
        /// `{expression}` parts of a text layer's text, when it has any: the text is then made per
        /// instance and frame (`"Track {index + 1}"`).
        public let textParts: [TextPart]?
        /// `fillColor: none`: the shape is not filled.
        public let noFill: Bool
        /// `scroll`: a horizontal scroll view of its children (ScrollLayer.swift).
        public let scroll: ScrollLayer?
        /// `width: fit`, `height: fit`: the side is its content's (FitLayout.swift).
        public let fitWidth: Bool
        public let fitHeight: Bool
        /// `stack:`: its children placed one after another (LayerStack.swift).
        public let stack: LayerStack?
        /// The image's own size in points, kept when `blur` replaces the image (what `fit` reads).
        public let naturalImageSize: Size?
        public let gradientColors: [Bound]
        public let gradientLocations: [Bound]
        /// Its path in the file, `layers[2].children[0]`.
        public let path: String
        /// Text measured for `fit`, by its inputs.
        let fitCache = Locked<[UserScene.FitKey: Size]>([:])
        public let children: [LayerSpec]
        /// The parent's id (`allSpecs[parentID]`); nil for a top-level layer.
        public let parentID: Int?
        /// Its top-level ancestor (itself at the top level): where `repeat` and `in` are read.
        package let root: Root
        let ref: SourceRef

        /// The draft as it is now, with its children (already made).
        init(_ draft: LayerDraft, children: [LayerSpec]) {
            id = draft.id
            kind = draft.kind
            name = draft.name
            placement = draft.placement
            repeatCount = draft.repeatCount
            properties = draft.properties
            masksToBounds = draft.masksToBounds
            image = draft.image
            contentMode = draft.contentMode
            imageBlur = draft.imageBlur
            text = draft.text
            runs = draft.runs
            weight = draft.weight
            alignment = draft.alignment
            lines = draft.lines
            textStyle = draft.textStyle
            symbol = draft.symbol
            maskedCorners = draft.maskedCorners
            shadowPath = draft.shadowPath
            shapePath = draft.shapePath
            evenOddFill = draft.evenOddFill
            lineCap = draft.lineCap
            lineJoin = draft.lineJoin
            miterLimit = draft.miterLimit
            textParts = draft.textParts
            noFill = draft.noFill
            scroll = draft.scroll
            fitWidth = draft.fitWidth
            fitHeight = draft.fitHeight
            stack = draft.stack
            naturalImageSize = draft.naturalImageSize
            gradientColors = draft.gradientColors
            gradientLocations = draft.gradientLocations
            path = draft.path
            self.children = children
            parentID = draft.parent?.id
            let top = draft.root
            root = Root(id: top.id, placement: top.placement, repeatCount: top.repeatCount)
            ref = draft.ref
        }

        /// The instance name in `--layout` and `explain`: `name`, or `name.N` in a repeated layer.
        func instanceName(_ instance: Int, repeated: Bool) -> String {
            name.isEmpty || !repeated ? name : "\(name).\(instance)"
        }
    }

    /// A layer's top-level ancestor, as its descendants read it.
    package struct Root: Sendable, Equatable {
        package let id: Int
        package let placement: Placement
        package let repeatCount: Int
    }

    /// A layer while the loader reads it (`LayerSpec` has the meaning of each property); made into
    /// a `LayerSpec` when the scene is.
    package final class LayerDraft {
        package let id: Int
        package var kind: Kind
        package var name: String
        package var placement: Placement
        package var repeatCount: Int = 1
        package var properties: [Property: Bound] = [:]
        package var masksToBounds: Bool = false
        package var image: SceneImage? = nil
        package var contentMode: ContentMode = .scaleToFill
        package var imageBlur: Double? = nil
        package var text: String = ""
        package var runs: [RunSpec] = []
        package var weight: FontWeight = .regular
        package var alignment: TextAlignment = .natural
        package var lines: Int = 1
        package var textStyle: TextStyle? = nil
        package var symbol: SymbolLayerSpec = SymbolLayerSpec()
        package var maskedCorners: RectCorners = .all
        package var shadowPath: Path? = nil
        package var shapePath: Path = Path()
        package var evenOddFill: Bool = false
        package var lineCap: LineCap = .butt
        package var lineJoin: LineJoin = .miter
        package var miterLimit: Double = 10.0
        package var textParts: [TextPart]? = nil
        package var noFill: Bool = false
        package var scroll: ScrollLayer? = nil
        package var fitWidth: Bool = false
        package var fitHeight: Bool = false
        package var stack: LayerStack? = nil
        package var naturalImageSize: Size? = nil
        package var gradientColors: [Bound] = []
        package var gradientLocations: [Bound] = []
        package var path: String
        package var children: [LayerDraft] = []
        package weak var parent: LayerDraft?
        let ref: SourceRef

        package init(id: Int, kind: Kind, name: String, placement: Placement, path: String, ref: SourceRef) {
            self.id = id; self.kind = kind; self.name = name; self.placement = placement; self.path = path; self.ref = ref
        }

        /// A draft of `spec` (without its children and parent: `UserScene.drafts` links them).
        init(_ spec: LayerSpec) {
            id = spec.id
            ref = spec.ref
            kind = spec.kind
            name = spec.name
            placement = spec.placement
            repeatCount = spec.repeatCount
            properties = spec.properties
            masksToBounds = spec.masksToBounds
            image = spec.image
            contentMode = spec.contentMode
            imageBlur = spec.imageBlur
            text = spec.text
            runs = spec.runs
            weight = spec.weight
            alignment = spec.alignment
            lines = spec.lines
            textStyle = spec.textStyle
            symbol = spec.symbol
            maskedCorners = spec.maskedCorners
            shadowPath = spec.shadowPath
            shapePath = spec.shapePath
            evenOddFill = spec.evenOddFill
            lineCap = spec.lineCap
            lineJoin = spec.lineJoin
            miterLimit = spec.miterLimit
            textParts = spec.textParts
            noFill = spec.noFill
            scroll = spec.scroll
            fitWidth = spec.fitWidth
            fitHeight = spec.fitHeight
            stack = spec.stack
            naturalImageSize = spec.naturalImageSize
            gradientColors = spec.gradientColors
            gradientLocations = spec.gradientLocations
            path = spec.path
        }

        package var root: LayerDraft { parent?.root ?? self }
    }

    /// The scroll view: `contentInset`, how UIKit adjusts it, the table header view, the content's height.
    public struct ScrollView: Sendable {
        public var insetTop = 0.0
        public var insetBottom = 0.0
        /// `contentInsetAdjustmentBehavior`: `automatic` adds the safe area (under the bars); `never` does not.
        public var automaticAdjustment = true
        /// The table header view's height (0: none).
        public var tableHeaderHeight = 0.0
        /// contentSize.height when given; else the table header view, the rows and the content layers at rest.
        public var contentHeight: Double?
        /// verticalScrollIndicatorInsets: added to the safe area (iOS adjusts the indicator for the
        /// safe area, not for contentInset).
        public var indicatorInsetTop = 0.0
        public var indicatorInsetBottom = 0.0
        /// Insets written as formulas of the screen's metrics, worked out once the device is known.
        public var insetFormulas: [InsetFormula] = []
        public enum InsetEdge: Sendable { case top, bottom, indicatorTop, indicatorBottom }
        public struct InsetFormula: Sendable {
            public var edge: InsetEdge
            public var bound: Bound
            package init(edge: InsetEdge, bound: Bound) { self.edge = edge; self.bound = bound }
        }
        public init() {}
    }

    public let scope: ExpressionScope
    /// `vars:` in evaluation order (each after the ones it reads).
    public let vars: [(name: String, bound: Bound)]
    public let roots: [LayerSpec]
    /// Every spec, depth first; `LayerSpec.id` indexes it.
    public let allSpecs: [LayerSpec]
    /// The layers with `scroll`, depth first.
    package let scrollLayers: [LayerSpec]
    /// Some layer fits (`width: fit`, `height: fit`) or stacks.
    let hasFit: Bool
    public let scrollView: ScrollView
    /// The vars a preset's expansion declared (not reported in the `--layout` metrics: the preset
    /// reports its own numbers).
    public let presetVars: Set<String>
    /// True when some value reads `time` or `velocity` (frames with equal scroll states can differ),
    /// or a scroll layer moves by a timeline of its own.
    public let readsTime: Bool
    /// `statusBar.color`: the status bar's text and glyphs, a color binding.
    public let statusBarColor: Bound?

    /// The scene of the loader's drafts: `allSpecs` in id order (the depth-first order they were
    /// read in), `roots` the top-level ones.
    package init(
        scope: ExpressionScope, vars: [(name: String, bound: Bound)], roots: [LayerDraft], allSpecs: [LayerDraft], scrollView: ScrollView,
        statusBarColor: Bound? = nil, presetVars: Set<String> = []
    ) {
        // Children first (a child's id is above its parent's); each draft made once.
        var made: [Int: LayerSpec] = [:]
        func make(_ d: LayerDraft) -> LayerSpec {
            if let done = made[d.id] { return done }
            let spec = LayerSpec(d, children: d.children.map(make))
            made[d.id] = spec
            return spec
        }
        let specs = Array(allSpecs.reversed().map(make).reversed())
        self.scope = scope; self.vars = vars; self.allSpecs = specs; self.scrollView = scrollView
        self.roots = roots.map(make)
        self.statusBarColor = statusBarColor; self.presetVars = presetVars
        scrollLayers = specs.filter { $0.scroll != nil }
        hasFit = specs.contains { $0.fitWidth || $0.fitHeight || $0.stack != nil }
        var bindings = vars.map(\.bound.binding) + [statusBarColor?.binding].compactMap { $0 }
        for spec in specs {
            bindings += spec.properties.values.map(\.binding) + spec.gradientColors.map(\.binding) + spec.gradientLocations.map(\.binding)
            bindings += spec.runs.compactMap(\.color?.binding)
            bindings += spec.textBounds.map(\.binding)
        }
        readsTime =
            bindings.contains { !$0.reads.isDisjoint(with: ["time", "velocity", "phase"]) } || scrollLayers.contains { $0.scroll?.timeline != nil }
    }

    /// This scene with `change` made to drafts of its layers (and another scroll view or preset
    /// vars when given): a step of loading that needs the scene to work out a layer's value.
    package func rebuilt(scrollView: ScrollView? = nil, changing change: (LayerDraft) -> Void = { _ in }) -> UserScene {
        let drafts = allSpecs.map(LayerDraft.init)
        for spec in allSpecs {
            drafts[spec.id].children = spec.children.map { drafts[$0.id] }
            drafts[spec.id].parent = spec.parentID.map { drafts[$0] }
        }
        drafts.forEach(change)
        return UserScene(
            scope: scope, vars: vars, roots: roots.map { drafts[$0.id] }, allSpecs: drafts, scrollView: scrollView ?? self.scrollView,
            statusBarColor: statusBarColor, presetVars: presetVars)
    }


    /// Constant metrics of the screen the scene is drawn on, in points.
    public struct Metrics: Sendable {
        /// The device's size.
        public var screen: Size
        /// The top safe-area inset (status bar and sensor housing) and the bottom one (home indicator).
        public var safeAreaTop: Double
        public var safeAreaBottom: Double
        public var statusBarHeight: Double
        /// A navigation bar's height (44).
        public var navigationBarHeight: Double
        /// Output pixels per point (1 / scale is a hairline).
        public var scale: Double
        /// The scroll view's adjusted insets: the scrollport is the screen less these.
        public var insetTop: Double
        public var insetBottom: Double
        /// The fonts and text size text layers are set in.
        public var typography: Typography
    }

    /// One moment of the scroll: what bindings are functions of.
    public struct Moment: Sendable {
        /// UIKit's contentOffset.y: -(adjusted top inset) at rest, lower when pulled down.
        public var offset: Double
        /// Distance from the rest position (0 at rest, negative pulled down).
        public var u: Double
        /// Points per second, positive while the offset grows.
        public var velocity: Double
        /// Seconds since the first frame.
        public var time: Double
        public var phase: ScrollPhase
        /// The taps that hit the scene's layers over the whole timeline (`over: tap` reads the
        /// latest one at or before `time`).
        public var taps = TapHits()
        public init(offset: Double, u: Double, velocity: Double, time: Double, phase: ScrollPhase, taps: TapHits = TapHits()) {
            self.offset = offset; self.u = u; self.velocity = velocity; self.time = time; self.phase = phase; self.taps = taps
        }
    }

    // MARK: Evaluation

    /// The environment at a moment: built-ins set, then every var in order.
    public func environment(_ m: Moment, _ metrics: Metrics) -> ExpressionEnvironment {
        var env = scope.makeEnvironment()
        for v in BuiltinVariable.allCases { env[v] = v.value(m, metrics) }
        env.taps = m.taps
        for spec in scrollLayers { env.numbers[spec.scroll!.slot] = spec.scroll!.offset(at: m.time) }
        let context = Context(scene: self, metrics: metrics, reader: nil, instance: 0)
        for v in vars {
            let entry = scope[v.name]!
            switch entry.kind {
            case .number: env.numbers[entry.slot] = context.number(v.bound.binding, env)
            case .color: env.colors[entry.slot] = context.color(v.bound.binding, env)
            }
        }
        return env
    }

    /// Evaluates bindings for one layer instance: `view` drivers need the layer and the instance.
    package struct Context {
        let scene: UserScene
        let metrics: Metrics
        let reader: LayerSpec?
        let instance: Int
        /// True while evaluating the frame a view timeline reads. The loader refuses view timelines
        /// that nest (`ScenarioLoader.checkViewTargets`), so a view read found here is one the
        /// check missed: it reads NaN instead of recursing.
        var insideViewRead = false
        /// Sizes and stacks already worked out at this moment (FitLayout.swift); nil in a scene
        /// without `fit` or `stack`.
        var memo: FitMemo? = nil

        package func number(_ b: Binding, _ env: ExpressionEnvironment) -> Double {
            switch b {
            case .number(let v): return v
            case .color: return .nan
            case .expression(let e): return e.number(env)
            case .keyframes(let k):
                let (i, p) = segment(k, env)
                let a = number(k.stops[i].value, env)
                guard i + 1 < k.stops.count else { return a }
                let b = number(k.stops[i + 1].value, env)
                return a + (b - a) * p
            }
        }

        func color(_ b: Binding, _ env: ExpressionEnvironment) -> ColorValue {
            switch b {
            case .color(let c): return c
            case .number: return ColorValue(r: .nan, g: .nan, b: .nan, a: .nan)
            case .expression(let e): return e.color(env)
            case .keyframes(let k):
                let (i, p) = segment(k, env)
                let a = color(k.stops[i].value, env)
                guard i + 1 < k.stops.count else { return a }
                return ColorValue.mix(a, color(k.stops[i + 1].value, env), p)
            }
        }

        /// A text with its `{expression}` parts evaluated: numbers as `formatNumber` writes them
        /// (12, 0.5), at most 6 decimals. (The load refuses a part that is NaN or infinite at some frame.)
        func text(_ parts: [TextPart], _ env: ExpressionEnvironment) -> String {
            var out = ""
            for part in parts {
                switch part {
                case .literal(let s): out += s
                case .number(let b):
                    let v = number(b.binding, env)
                    out += abs(v) < 1e9 ? formatNumber((v * 1_000_000).rounded() / 1_000_000) : formatNumber(v)
                }
            }
            return out
        }

        /// The driver's value: which stop starts the segment, and the eased progress along it
        /// (outside 0...1 only when extending).
        func segment(_ k: Keyframes, _ env: ExpressionEnvironment) -> (Int, Double) {
            let stops = k.stops
            if stops.count == 1 { return (0, 0) }
            let x: Double
            if case .animation(let a) = k.driver {
                // Not started: the first keyframe's value, whatever `outside` says.
                guard let progress = progress(a, env) else { return (0, 0) }
                x = progress
            } else {
                x = driverValue(k.driver, env)
            }
            if x.isNaN { return (0, .nan) }
            if x <= stops[0].at {
                guard k.extend, stops[1].at > stops[0].at else { return (0, 0) }
                return (0, (x - stops[0].at) / (stops[1].at - stops[0].at))
            }
            let last = stops.count - 1
            if x >= stops[last].at {
                guard k.extend, stops[last].at > stops[last - 1].at else { return (last, 0) }
                return (last - 1, (x - stops[last - 1].at) / (stops[last].at - stops[last - 1].at))
            }
            // Binary search: the last stop at or before x.
            var lo = 0, hi = last
            while hi - lo > 1 {
                let mid = (lo + hi) / 2
                if stops[mid].at <= x { lo = mid } else { hi = mid }
            }
            let t = (x - stops[lo].at) / (stops[lo + 1].at - stops[lo].at)
            // As in the timeline's keyframes: a stop's easing is the curve that arrives at it.
            return (lo, stops[lo + 1].easing.progress(t))
        }

        /// The animation's progress; nil before its start (or any touch on its layer).
        func progress(_ a: TimedAnimation, _ env: ExpressionEnvironment) -> Double? {
            let now = env[.time]
            guard let (target, longPress) = a.touch else {
                guard case .time(let from) = a.start, now >= from else { return nil }
                return a.pacing.progress(elapsed: now - from, duration: a.duration)
            }
            guard !env.taps.isEmpty else { return nil }
            let spec = target.spec.map { scene.allSpecs[$0] } ?? reader!
            let instance = target.instance ?? (reader.map { spec.root == $0.root } ?? true ? instance : 0)
            return a.progress(touches: env.taps.all(TapHits.Key(spec: spec.id, instance: instance, longPress: longPress), atOrBefore: now), now: now)
        }

        func driverValue(_ d: KeyframeDriver, _ env: ExpressionEnvironment) -> Double {
            switch d {
            case .animation(let a):
                return progress(a, env) ?? 0
            case .offset: return env[.offset]
            case .u: return env[.u]
            case .time: return env[.time]
            case .progress(let from, let to): return (env[.offset] - from) / (to - from)
            case .view(let target, let range):
                guard !insideViewRead else { return .nan }
                let spec = target.spec.map { scene.allSpecs[$0] } ?? reader!
                // A layer of the reader's own repeated root shares its instance; any other, without
                // an instance named, is its only one (0).
                let instance = target.instance ?? (reader.map { spec.root == $0.root } ?? true ? instance : 0)
                let frame = scene.untransformedScreenFrame(spec, instance: instance, env, metrics, insideViewRead: true)
                return range.progress(
                    top: frame.minY, height: frame.height, portTop: metrics.insetTop,
                    portBottom: metrics.screen.height - metrics.insetBottom)
            }
        }
    }

    /// A layer's frame on screen without transforms (CSS view timelines use the layout box):
    /// its frame plus its ancestors' origins, moved by the content offset if it scrolls.
    func untransformedScreenFrame(
        _ spec: LayerSpec, instance: Int, _ env: ExpressionEnvironment, _ metrics: Metrics,
        insideViewRead: Bool = false
    ) -> Rect {
        var env = env
        env[.index] = Double(instance)
        let context = Context(
            scene: self, metrics: metrics, reader: spec, instance: instance, insideViewRead: insideViewRead, memo: hasFit ? FitMemo() : nil)
        var chain: [LayerSpec] = []
        var s: LayerSpec? = spec
        while let c = s { chain.insert(c, at: 0); s = c.parentID.map { allSpecs[$0] } }
        var container = Size(metrics.screen.width, metrics.screen.height)
        var origin = Point(0, 0)
        var frame = Rect(x: 0, y: 0, width: 0, height: 0)
        for c in chain {
            if let parent = c.parentID.map({ allSpecs[$0] }), parent.stack != nil, let i = parent.children.firstIndex(where: { $0 === c }) {
                frame = stackLayout(parent, context, env, size: container).frames[i]
            } else {
                frame = c.frame(context, env, container: container)
            }
            origin = Point(origin.x + frame.minX, origin.y + frame.minY)
            container = frame.size
        }
        var y = origin.y
        if spec.root.placement != .screen { y -= env[.offset] }
        return Rect(x: origin.x, y: y, width: frame.width, height: frame.height)
    }

    /// A resolved value for `explain`: a number or a color (as `#RRGGBB[AA]`).
    public enum ResolvedValue: Equatable, Sendable {
        case number(Double)
        case color(String)
    }

    /// The resolved values of one layer instance (for `explain`), and the layer built from them.
    public struct ResolvedLayer {
        public var path: String
        public var name: String
        public var kind: Kind
        public var placement: Placement
        public var instance: Int?
        /// Every bound property, in the order of `Property`.
        public var values: [(String, ResolvedValue)]
        public var layer: Layer
    }

    /// The layers of one moment, by placement, in file order. `record` receives each instance's
    /// resolved values (for `explain`).
    public func layers(
        _ m: Moment, _ metrics: Metrics, record: ((ResolvedLayer) -> Void)? = nil
    )
        -> (screen: [Layer], content: [Layer], tableHeader: [Layer])
    {
        layers(environment(m, metrics), metrics, record: record)
    }

    /// The same from an environment already computed for the moment (vars evaluated once a frame).
    public func layers(
        _ env: ExpressionEnvironment, _ metrics: Metrics, record: ((ResolvedLayer) -> Void)? = nil
    )
        -> (screen: [Layer], content: [Layer], tableHeader: [Layer])
    {
        layers(env, metrics, memo: hasFit ? FitMemo() : nil, record: record)
    }

    /// The same, the frame's sizes and stacks kept in `memo`.
    func layers(
        _ env: ExpressionEnvironment, _ metrics: Metrics, memo: FitMemo?, record: ((ResolvedLayer) -> Void)? = nil
    ) -> (screen: [Layer], content: [Layer], tableHeader: [Layer]) {
        var out: (screen: [Layer], content: [Layer], tableHeader: [Layer]) = ([], [], [])
        for spec in roots {
            for k in 0..<spec.repeatCount {
                var e = env
                e[.index] = Double(k)
                let layer = build(
                    spec, instance: k, repeated: spec.repeatCount > 1, e, metrics,
                    container: metrics.screen, memo: memo, record: record)
                switch spec.placement {
                case .screen: out.screen.append(layer)
                case .content: out.content.append(layer)
                case .tableHeader: out.tableHeader.append(layer)
                }
            }
        }
        return out
    }

    /// `frame`: given by the parent's stack, else worked out in `container`.
    private func build(
        _ spec: LayerSpec, instance: Int, repeated: Bool, _ env: ExpressionEnvironment, _ metrics: Metrics,
        container: Size, frame given: Rect? = nil, memo: FitMemo?, record: ((ResolvedLayer) -> Void)?
    ) -> Layer {
        let c = Context(scene: self, metrics: metrics, reader: spec, instance: instance, memo: memo)
        func num(_ p: Property, _ fallback: Double) -> Double { spec.properties[p].map { c.number($0.binding, env) } ?? fallback }
        func col(_ p: Property) -> Color? { spec.properties[p].map { c.color($0.binding, env).color } }
        let frame = given ?? spec.frame(c, env, container: container)
        let layer = Layer(name: spec.instanceName(instance, repeated: repeated), frame: frame)
        let ax = num(.anchorX, 0.5), ay = num(.anchorY, 0.5)
        layer.anchorPoint = Point(ax, ay)
        layer.position = Point(frame.minX + ax * frame.width, frame.minY + ay * frame.height)
        let sx = num(.scaleX, 1), sy = num(.scaleY, 1), tx = num(.translateX, 0), ty = num(.translateY, 0)
        if sx != 1 || sy != 1 || tx != 0 || ty != 0 { layer.transform = Transform.scale(sx, sy).translated(tx, ty) }
        layer.opacity = min(max(num(.opacity, 1), 0), 1)
        layer.zPosition = num(.zPosition, 0)
        layer.cornerRadius = max(0, num(.cornerRadius, 0))
        layer.maskedCorners = spec.maskedCorners
        layer.isHidden = num(.hidden, 0) != 0
        layer.masksToBounds = spec.masksToBounds
        if let scroll = spec.scroll {
            // Its children move by its offset and are clipped to it, as a UIScrollView's.
            layer.bounds.origin = Point(env.numbers[scroll.slot], 0)
            layer.masksToBounds = true
        }
        layer.borderWidth = max(0, num(.borderWidth, 0))
        if let bc = col(.borderColor) { layer.borderColor = bc }
        layer.shadowOpacity = min(max(num(.shadowOpacity, 0), 0), 1)
        layer.shadowRadius = max(0, num(.shadowRadius, 3))
        if let sc = col(.shadowColor) { layer.shadowColor = sc }
        layer.shadowOffset = Size(num(.shadowOffsetX, 0), num(.shadowOffsetY, 0))
        layer.shadowPath = spec.shadowPath
        switch spec.kind {
        case .rectangle, .group:
            layer.backgroundColor = col(.fill)
        case .shape:
            layer.backgroundColor = col(.fill)
            var shape = ShapeLayerContents(
                path: spec.shapePath, fillColor: spec.properties[.fillColor] == nil ? .black : col(.fillColor),
                strokeColor: col(.strokeColor), lineWidth: max(0, num(.lineWidth, 1)))
            if spec.noFill { shape.fillColor = nil }
            shape.evenOddFill = spec.evenOddFill
            shape.lineCap = spec.lineCap
            shape.lineJoin = spec.lineJoin
            shape.miterLimit = spec.miterLimit
            layer.contents = .shape(shape)
        case .image:
            if let image = spec.image { layer.contents = .image(image, spec.contentMode) }
        case .text:
            let text = textContent(spec, c, env, metrics)
            layer.contents = .text(text)
        case .gradient:
            let colors = spec.gradientColors.map { c.color($0.binding, env).color }
            let n = colors.count
            let locations =
                spec.gradientLocations.isEmpty
                ? (0..<n).map { n == 1 ? 0 : Double($0) / Double(n - 1) }
                : spec.gradientLocations.map { c.number($0.binding, env) }
            layer.contents = .gradient(
                LinearGradient(
                    colors: colors, locations: locations,
                    start: Point(num(.startX, 0.5), num(.startY, 0)),
                    end: Point(num(.endX, 0.5), num(.endY, 1)), space: .genericRGB))
        case .symbol:
            layer.contents = spec.symbolContents(pointSize: num(.size, 17), color: col(.color), in: frame.size)
        case .material:
            layer.backdropBlurRadius = max(0, num(.blurRadius, 10))
            layer.backgroundColor = col(.tint)
        }
        if let record {
            var values: [(String, ResolvedValue)] = []
            for p in Property.allCases {
                guard let b = spec.properties[p] else { continue }
                values.append(
                    (p.rawValue, p.kind == .color ? .color(c.color(b.binding, env).color.hexString) : .number(round4(c.number(b.binding, env)))))
            }
            for (i, b) in spec.gradientColors.enumerated() { values.append(("colors[\(i)]", .color(c.color(b.binding, env).color.hexString))) }
            for (i, b) in spec.gradientLocations.enumerated() { values.append(("locations[\(i)]", .number(round4(c.number(b.binding, env))))) }
            for (i, run) in spec.runs.enumerated() {
                if let b = run.color { values.append(("runs[\(i)].color", .color(c.color(b.binding, env).color.hexString))) }
            }
            record(
                ResolvedLayer(
                    path: spec.path, name: layer.name, kind: spec.kind, placement: spec.root.placement,
                    instance: repeated ? instance : nil, values: values, layer: layer))
        }
        // A stack places its children; other layers' children place themselves.
        let stacked = spec.stack != nil ? stackLayout(spec, c, env, size: frame.size).frames : nil
        for (i, child) in spec.children.enumerated() {
            layer.addSublayer(
                build(
                    child, instance: instance, repeated: repeated, env, metrics, container: frame.size, frame: stacked?[i], memo: memo,
                    record: record))
        }
        return layer
    }

    /// A color binding evaluated at a moment (`statusBar.color`).
    public func color(_ b: Bound, _ env: ExpressionEnvironment, _ metrics: Metrics) -> Color {
        Context(scene: self, metrics: metrics, reader: nil, instance: 0).color(b.binding, env).color
    }

    /// The scene with each image that has `blur` replaced by its blurred copy, sized for the layer's
    /// frame at rest (as the profile header's blurred copy is). Done once, at load.
    /// Each copy has an id of its own (from 2,000,000 in file order), so two blurs of one file never
    /// share the renderer's caches.
    package func blurringImages(_ metrics: Metrics, rest: Moment) -> UserScene {
        let env = environment(rest, metrics)
        var nextID = 2_000_000
        var blurred: [Int: (image: SceneImage, natural: Size)] = [:]
        for spec in allSpecs {
            guard let radius = spec.imageBlur, radius > 0, let image = spec.image else { continue }
            let frame = untransformedScreenFrame(spec, instance: 0, env, metrics)
            guard let copy = image.blurred(radius: radius, drawnIn: frame.size, mode: spec.contentMode, id: nextID) else { continue }
            blurred[spec.id] = (copy, image.pointSize)
            nextID += 1
        }
        guard !blurred.isEmpty else { return self }
        return rebuilt { draft in
            guard let b = blurred[draft.id] else { return }
            draft.naturalImageSize = b.natural
            draft.image = b.image
        }
    }

    // MARK: Checks

    /// Every bound value of the scene evaluated at every moment; the first that is NaN or
    /// infinite, per value, is reported with its moment. `moments` yields (frame index, moment).
    package func nonFiniteValues(_ metrics: Metrics, moments: [(Int, Moment)]) -> [(SourceRef, String, Int, Moment)] {
        var reported = Set<String>()
        var out: [(SourceRef, String, Int, Moment)] = []
        func check(_ b: Bound, _ c: Context, _ env: ExpressionEnvironment, _ frame: Int, _ m: Moment) {
            guard !b.binding.isConstant, !reported.contains(b.ref.field) else { return }
            // Said only when a value is wrong (clipping the formula for every frame was most of the check's time).
            var formula: String { "\"\(Suggestion.clip(b.binding.summary))\"" }
            if b.binding.kind == .color {
                if !c.color(b.binding, env).isFinite {
                    reported.insert(b.ref.field)
                    out.append((b.ref, "\(formula) has a NaN or infinite component", frame, m))
                }
                return
            }
            let v = c.number(b.binding, env)
            if !v.isFinite {
                reported.insert(b.ref.field)
                out.append((b.ref, "\(formula) is " + (v.isNaN ? "NaN" : "infinite"), frame, m))
            } else if let range = b.range, !range.contains(v) {
                reported.insert(b.ref.field)
                let shown = abs(v) < 1e12 ? formatNumber((v * 10000).rounded() / 10000) : formatNumber(v)
                out.append(
                    (
                        b.ref,
                        "\(formula) is \(shown), outside \(formatNumber(range.lowerBound))...\(formatNumber(range.upperBound))"
                            + (b.unit.isEmpty ? "" : " \(b.unit)"), frame, m
                    ))
            }
        }
        for (frame, m) in moments {
            let env = environment(m, metrics)
            let context = Context(scene: self, metrics: metrics, reader: nil, instance: 0)
            for v in vars { check(v.bound, context, env, frame, m) }
            if let b = statusBarColor { check(b, context, env, frame, m) }
            for spec in allSpecs {
                let count = spec.root.repeatCount
                for k in 0..<count {
                    var e = env
                    e[.index] = Double(k)
                    let c = Context(scene: self, metrics: metrics, reader: spec, instance: k)
                    for b in spec.properties.values { check(b, c, e, frame, m) }
                    for b in spec.gradientColors + spec.gradientLocations + spec.runs.compactMap(\.color) + spec.textBounds {
                        check(b, c, e, frame, m)
                    }
                }
            }
        }
        return out.sorted { ($0.0.line, $0.0.column) < ($1.0.line, $1.0.column) }
    }

    /// How many values `nonFiniteValues` evaluates per moment.
    package var boundValuesPerMoment: Int {
        vars.filter { !$0.bound.binding.isConstant }.count
            + allSpecs.reduce(0) { sum, spec in
                let bound =
                    spec.properties.values.filter { !$0.binding.isConstant }.count
                    + (spec.gradientColors + spec.gradientLocations + spec.runs.compactMap(\.color) + spec.textBounds).filter {
                        !$0.binding.isConstant
                    }.count
                return sum + bound * spec.root.repeatCount
            }
    }
}

/// A piece of a text layer's text: written out, or a `{formula}` evaluated per instance and frame.
public enum TextPart: Sendable {
    case literal(String)
    case number(UserScene.Bound)
}

extension UserScene.LayerSpec {
    /// The formulas in the text's `{...}` parts.
    var textBounds: [UserScene.Bound] {
        (textParts ?? []).compactMap { if case .number(let b) = $0 { return b } else { return nil } }
    }

    /// The frame in its container: x, y default 0; width and height default to the container's, or
    /// are fitted to the content (`fit`). (A stacked layer's frame is its parent's to give:
    /// `UserScene.childFrames`.)
    func frame(_ c: UserScene.Context, _ env: ExpressionEnvironment, container: Size) -> Rect {
        func num(_ p: UserScene.Property, _ fallback: Double) -> Double { properties[p].map { c.number($0.binding, env) } ?? fallback }
        if fitWidth || fitHeight {
            let size = c.scene.size(of: self, c, env, container: container)
            return Rect(x: num(.x, 0), y: num(.y, 0), width: size.width, height: size.height)
        }
        return Rect(x: num(.x, 0), y: num(.y, 0), width: max(0, num(.width, container.width)), height: max(0, num(.height, container.height)))
    }
}

extension UserScene.Context {
    package init(scene: UserScene, metrics: UserScene.Metrics, reader: UserScene.LayerSpec?, instance: Int) {
        self.init(scene: scene, metrics: metrics, reader: reader, instance: instance, insideViewRead: false, memo: nil)
    }
}
