import Raster

/// A scene of the user's own: layers whose properties are bound to the scroll, and the scroll
/// view they live in. Loaded from a scenario's `vars:`, `scrollView:` and `layers:`; evaluated
/// once per frame into ordinary `Layer` trees that the renderer draws.
///
/// A layer lives on the screen (fixed), in the scroll content (moves with it) or in the table
/// header view (the view at the top of the content). Every numeric or color property is a
/// `Binding`; the names an expression reads are the built-ins (`BuiltinVariable`, `index` the instance
/// of a repeated layer) and the scenario's `vars:`, evaluated in dependency order.
// @unchecked: `presetVars`, `statusBarColor` and the blurred images are set by the loader before
// it returns the scenario, never after; the render workers only read the scene.
public final class UserScene: @unchecked Sendable {
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

    // @unchecked: the loader fills a spec in on its own thread (its properties, children, parent)
    // and never changes it once the scenario is returned; render workers only read it.
    public final class LayerSpec: @unchecked Sendable {
        public let id: Int
        public var kind: Kind
        public var name: String
        public var placement: Placement
        /// Instances of a top-level layer; each sees its number (0...) as `index`.
        public var repeatCount = 1
        public var properties: [Property: Bound] = [:]
        public var masksToBounds = false
        public var image: SceneImage?
        public var contentMode = ContentMode.scaleToFill
        /// `blur`: the image blurred once at load, sigma in points of the layer's frame at rest.
        public var imageBlur: Double?
        public var text = ""
        /// `runs:` in place of `text` (attributed text); empty when the layer gives `text`.
        public var runs: [RunSpec] = []
        public var weight = FontWeight.regular
        public var alignment = TextAlignment.natural
        public var lines = 1
        /// A Dynamic Type text style: the size follows the scenario's `textSize:` (the style's own
        /// size, or `size` scaled as UIFontMetrics scales it).
        public var textStyle: TextStyle?
        /// A symbol layer's SF Symbol (Symbols/SymbolLayer.swift).
        public var symbol = SymbolLayerSpec()
        /// `maskedCorners`: the corners `cornerRadius` rounds.
        public var maskedCorners = RectCorners.all
        /// `shadowPath`, in the layer's coordinates.
        public var shadowPath: Path?
        /// A shape layer's `path`, `fillRule`, `lineCap`, `lineJoin` and `miterLimit`.
        public var shapePath = Path()
        public var evenOddFill = false
        public var lineCap = LineCap.butt
        public var lineJoin = LineJoin.miter
        public var miterLimit = 10.0
        /// `{expression}` parts of a text layer's text, when it has any: the text is then made per
        /// instance and frame (`"Track {index + 1}"`).
        public var textParts: [TextPart]?
        /// `fillColor: none`: the shape is not filled.
        public var noFill = false
        /// `scroll`: a horizontal scroll view of its children (ScrollLayer.swift).
        public var scroll: ScrollLayer?
        /// `width: fit`, `height: fit`: the side is its content's (FitLayout.swift).
        public var fitWidth = false
        public var fitHeight = false
        /// `stack:`: its children placed one after another (LayerStack.swift).
        public var stack: LayerStack?
        /// The image's own size in points, kept when `blur` replaces the image (what `fit` reads).
        public var naturalImageSize: Size?
        /// Text measured for `fit`, by its inputs.
        let fitCache = Locked<[UserScene.FitKey: Size]>([:])
        public var gradientColors: [Bound] = []
        public var gradientLocations: [Bound] = []
        public var children: [LayerSpec] = []
        public weak var parent: LayerSpec?
        /// Its path in the file, `layers[2].children[0]`.
        public var path: String
        let ref: SourceRef

        package init(id: Int, kind: Kind, name: String, placement: Placement, path: String, ref: SourceRef) {
            self.id = id; self.kind = kind; self.name = name; self.placement = placement; self.path = path; self.ref = ref
        }

        /// The instance name in `--layout` and `explain`: `name`, or `name.N` in a repeated layer.
        func instanceName(_ instance: Int, repeated: Bool) -> String {
            name.isEmpty || !repeated ? name : "\(name).\(instance)"
        }

        package var root: LayerSpec { parent?.root ?? self }
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
    public package(set) var scrollView: ScrollView
    /// The vars a preset's expansion declared (not reported in the `--layout` metrics: the preset
    /// reports its own numbers).
    public package(set) var presetVars: Set<String> = []
    /// True when some value reads `time` or `velocity` (frames with equal scroll states can differ).
    public package(set) var readsTime: Bool
    /// `statusBar.color`: the status bar's text and glyphs, a color binding.
    public var statusBarColor: Bound? {
        didSet { if let b = statusBarColor, !b.binding.reads.isDisjoint(with: ["time", "velocity", "phase"]) { readsTime = true } }
    }

    package init(scope: ExpressionScope, vars: [(name: String, bound: Bound)], roots: [LayerSpec], allSpecs: [LayerSpec], scrollView: ScrollView) {
        self.scope = scope; self.vars = vars; self.roots = roots; self.allSpecs = allSpecs; self.scrollView = scrollView
        scrollLayers = allSpecs.filter { $0.scroll != nil }
        hasFit = allSpecs.contains { $0.fitWidth || $0.fitHeight || $0.stack != nil }
        var bindings = vars.map(\.bound.binding)
        for spec in allSpecs {
            bindings += spec.properties.values.map(\.binding) + spec.gradientColors.map(\.binding) + spec.gradientLocations.map(\.binding)
            bindings += spec.runs.compactMap(\.color?.binding)
            bindings += spec.textBounds.map(\.binding)
        }
        readsTime = bindings.contains { !$0.reads.isDisjoint(with: ["time", "velocity", "phase"]) }
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
                guard let elapsed = elapsed(a, env) else { return (0, 0) }
                x = a.pacing.progress(elapsed: elapsed, duration: a.duration)
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

        /// Seconds since the animation last started; nil before its start (or any tap on its layer).
        func elapsed(_ a: TimedAnimation, _ env: ExpressionEnvironment) -> Double? {
            let now = env[.time]
            switch a.start {
            case .time(let from): return now >= from ? now - from : nil
            case .tap(let target):
                guard !env.taps.isEmpty else { return nil }
                let spec = target.spec.map { scene.allSpecs[$0] } ?? reader!
                let instance = target.instance ?? (reader.map { spec.root === $0.root } ?? true ? instance : 0)
                return env.taps.last(TapHits.Key(spec: spec.id, instance: instance), atOrBefore: now).map { now - $0 }
            }
        }

        func driverValue(_ d: KeyframeDriver, _ env: ExpressionEnvironment) -> Double {
            switch d {
            case .animation(let a):
                guard let e = elapsed(a, env) else { return 0 }
                return a.pacing.progress(elapsed: e, duration: a.duration)
            case .offset: return env[.offset]
            case .u: return env[.u]
            case .time: return env[.time]
            case .progress(let from, let to): return (env[.offset] - from) / (to - from)
            case .view(let target, let range):
                guard !insideViewRead else { return .nan }
                let spec = target.spec.map { scene.allSpecs[$0] } ?? reader!
                // A layer of the reader's own repeated root shares its instance; any other, without
                // an instance named, is its only one (0).
                let instance = target.instance ?? (reader.map { spec.root === $0.root } ?? true ? instance : 0)
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
        while let c = s { chain.insert(c, at: 0); s = c.parent }
        var container = Size(metrics.screen.width, metrics.screen.height)
        var origin = Point(0, 0)
        var frame = Rect(x: 0, y: 0, width: 0, height: 0)
        for c in chain {
            if let parent = c.parent, parent.stack != nil, let i = parent.children.firstIndex(where: { $0 === c }) {
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

    /// Replaces each image that has `blur` with its blurred copy, sized for the layer's frame at
    /// rest (as the profile header's blurred copy is). Done once, at load.
    /// Each copy has an id of its own (from 2,000,000 in file order), so two blurs of one file never
    /// share the renderer's caches.
    package func blurImages(_ metrics: Metrics, rest: Moment) {
        let env = environment(rest, metrics)
        var nextID = 2_000_000
        for spec in allSpecs {
            guard let radius = spec.imageBlur, radius > 0, let image = spec.image else { continue }
            let frame = untransformedScreenFrame(spec, instance: 0, env, metrics)
            guard let copy = image.blurred(radius: radius, drawnIn: frame.size, mode: spec.contentMode, id: nextID) else { continue }
            spec.naturalImageSize = image.pointSize
            spec.image = copy
            nextID += 1
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
