import Raster

/// `width: fit`, `height: fit` and `stack:`: frames that come from what a layer holds, worked
/// out each frame from the values of that frame, before the layer is built.
///
/// Resolve order, at one moment: a layer's size is its parent's to set when the parent stacks it
/// (`alignment: fill` across, `fillEqually` along), else its own value, else (fit) its content's
/// size, else its container's. Content sizes go down before they come up: a text layer is set at
/// its width (its own, or its natural width capped at its container's), a group measures its
/// children at its known sides and takes their extent (or the stack's) on its fitted ones. A child
/// never reads a fitted side of its parent (the loader refuses that as circular,
/// `ScenarioLoader.checkFit`), so every walk goes down the tree once per level.
///
/// Text is measured as UILabel's `sizeThatFits` measures it (the text engine's lines at that
/// width within `lines`, rounded up to device pixels), and each layer keeps its measurements by
/// text, font size, letter spacing and width: a text whose inputs do not change is set once, not
/// once per frame.
extension UserScene {
    /// Fitted sizes are at most this, in points, as a bound value's range (a stack of thousands
    /// of tall children stays drawable).
    static let maximumFittedSize = 100_000.0

    static func bounded(_ v: Double) -> Double { v.isFinite ? min(max(v, 0), maximumFittedSize) : 0 }

    /// A layer's size in a container whose unknown (fitted) sides are infinite: `width` and
    /// `height` when its parent's stack sets them, else its own values, its fitted size, or the
    /// container's.
    func size(
        of spec: LayerSpec, _ c: Context, _ env: ExpressionEnvironment, container: Size, width forcedWidth: Double? = nil,
        height forcedHeight: Double? = nil
    ) -> Size {
        let key = FitMemo.SizeKey(
            spec: spec.id, instance: c.instance, width: forcedWidth, height: forcedHeight, container: [container.width, container.height])
        if let known = c.memo?.sizes[key] { return known }
        let size = unmemoizedSize(of: spec, c, env, container: container, width: forcedWidth, height: forcedHeight)
        c.memo?.sizes[key] = size
        return size
    }

    private func unmemoizedSize(
        of spec: LayerSpec, _ c: Context, _ env: ExpressionEnvironment, container: Size, width forcedWidth: Double?, height forcedHeight: Double?
    ) -> Size {
        func num(_ p: Property) -> Double? { spec.properties[p].map { c.number($0.binding, env) } }
        var width = forcedWidth ?? (spec.fitWidth ? nil : max(0, num(.width) ?? container.width))
        var height = forcedHeight ?? (spec.fitHeight ? nil : max(0, num(.height) ?? container.height))
        if width == nil || height == nil {
            let fitted = fittedSize(spec, c, env, container: container, width: width, height: height)
            width = width ?? fitted.width
            height = height ?? fitted.height
        }
        return Size(Self.bounded(width!), Self.bounded(height!))
    }

    /// The content's size on the sides not given (nil).
    private func fittedSize(
        _ spec: LayerSpec, _ c: Context, _ env: ExpressionEnvironment, container: Size, width: Double?, height: Double?
    )
        -> Size
    {
        switch spec.kind {
        case .text:
            let text = textContent(spec, c, env, c.metrics)
            let w =
                width
                ?? {
                    let natural = measure(spec, text, width: .infinity, scale: c.metrics.scale).width
                    return container.width.isFinite ? min(natural, container.width) : natural
                }()
            return Size(w, height ?? measure(spec, text, width: w, scale: c.metrics.scale).height)
        case .image:
            let own = spec.naturalImageSize ?? spec.image?.pointSize ?? Size(0, 0)
            return Size(width ?? own.width, height ?? own.height)
        case .group:
            let inner = Size(width ?? .infinity, height ?? .infinity)
            if spec.stack != nil {
                let content = stackLayout(spec, c, env, size: inner).content
                return Size(width ?? content.width, height ?? content.height)
            }
            // The children's extent from the group's origin (hidden ones do not count).
            var right = 0.0, bottom = 0.0
            for child in spec.children {
                let cc = childContext(c, child)
                if isHidden(child, cc, env) { continue }
                let f = child.frame(cc, env, container: inner)
                right = max(right, f.maxX)
                bottom = max(bottom, f.maxY)
            }
            return Size(width ?? right, height ?? bottom)
        default:
            // Refused at load (only text, image and group layers fit).
            return Size(width ?? 0, height ?? 0)
        }
    }

    /// The text's size at most `width` wide, up to whole device pixels as UILabel reports it; kept
    /// per layer by its inputs.
    private func measure(_ spec: LayerSpec, _ text: TextContent, width: Double, scale: Double) -> Size {
        let key = FitKey(
            text: ExactText(text.text), pointSizes: text.runs.isEmpty ? [text.pointSize] : text.runs.map(\.pointSize),
            letterSpacings: text.runs.isEmpty ? [text.letterSpacing] : text.runs.map(\.letterSpacing), width: width, scale: scale,
            typography: ObjectIdentifier(text.typography))
        if let known = spec.fitCache.withLock({ $0[key] }) { return known }
        let fitted = text.size(fitting: width)
        let size = Size((fitted.width * scale).rounded(.up) / scale, (fitted.height * scale).rounded(.up) / scale)
        spec.fitCache.withLock { cache in
            // A text or a size that changes every frame would grow it without end.
            if cache.count >= 256 { cache.removeAll() }
            cache[key] = size
        }
        return size
    }

    /// What one moment's layout has worked out: a layer measured (by its instance, the sizes its
    /// stack set and its container) or a stack laid out is not worked out again, so nested fitted
    /// stacks cost time in proportion to their layers, not to the ways down to them.
    final class FitMemo {
        struct SizeKey: Hashable {
            var spec: Int
            var instance: Int
            var width: Double?
            var height: Double?
            var container: [Double]
        }
        var sizes: [SizeKey: Size] = [:]
        var stacks: [SizeKey: (frames: [Rect], content: Size)] = [:]
    }

    struct FitKey: Hashable {
        var text: ExactText
        var pointSizes: [Double]
        var letterSpacings: [Double]
        var width: Double
        var scale: Double
        var typography: ObjectIdentifier
    }

    func childContext(_ c: Context, _ child: LayerSpec) -> Context {
        Context(scene: self, metrics: c.metrics, reader: child, instance: c.instance, insideViewRead: c.insideViewRead, memo: c.memo)
    }

    func isHidden(_ spec: LayerSpec, _ c: Context, _ env: ExpressionEnvironment) -> Bool {
        (spec.properties[.hidden].map { c.number($0.binding, env) } ?? 0) != 0
    }

    /// The frames of a layer's children in its coordinates, its size being `size`.
    func childFrames(_ spec: LayerSpec, _ c: Context, _ env: ExpressionEnvironment, size: Size) -> [Rect] {
        if spec.stack != nil { return stackLayout(spec, c, env, size: size).frames }
        return spec.children.map { $0.frame(childContext(c, $0), env, container: size) }
    }

    /// A stack's children's frames (a hidden child's is empty, at the padding's corner) and the
    /// room they take with the padding, in a group of `size` (infinite on a fitted side).
    func stackLayout(_ spec: LayerSpec, _ c: Context, _ env: ExpressionEnvironment, size: Size) -> (frames: [Rect], content: Size) {
        let key = FitMemo.SizeKey(spec: spec.id, instance: c.instance, width: nil, height: nil, container: [size.width, size.height])
        if let known = c.memo?.stacks[key] { return known }
        let laid = unmemoizedStackLayout(spec, c, env, size: size)
        c.memo?.stacks[key] = laid
        return laid
    }

    private func unmemoizedStackLayout(
        _ spec: LayerSpec, _ c: Context, _ env: ExpressionEnvironment, size: Size
    ) -> (
        frames: [Rect], content: Size
    ) {
        let stack = spec.stack!
        let p = stack.padding
        let vertical = stack.axis == .vertical
        let inner = Size(
            size.width.isFinite ? max(0, size.width - p.left - p.right) : .infinity,
            size.height.isFinite ? max(0, size.height - p.top - p.bottom) : .infinity)
        let lengthRoom = vertical ? inner.height : inner.width
        let breadthRoom = vertical ? inner.width : inner.height
        let contexts = spec.children.map { childContext(c, $0) }
        let visible = spec.children.indices.filter { !isHidden(spec.children[$0], contexts[$0], env) }
        // A fitted breadth under `alignment: fill` is the broadest child's own.
        var breadth: Double? = breadthRoom.isFinite ? breadthRoom : nil
        if breadth == nil, stack.alignment == .fill {
            breadth =
                visible.map { i -> Double in
                    let s = self.size(of: spec.children[i], contexts[i], env, container: inner)
                    return vertical ? s.width : s.height
                }.max() ?? 0
        }
        let count = Double(visible.count)
        let equal: Double? =
            stack.distribution == .fillEqually && lengthRoom.isFinite && count > 0
            ? max(0, (lengthRoom - stack.spacing * (count - 1)) / count) : nil
        let across = stack.alignment == .fill ? breadth : nil
        func measured(_ i: Int, length: Double?) -> LayerStack.Item {
            let s = self.size(
                of: spec.children[i], contexts[i], env, container: inner, width: vertical ? across : length, height: vertical ? length : across)
            return LayerStack.Item(length: vertical ? s.height : s.width, breadth: vertical ? s.width : s.height)
        }
        var items = visible.map { measured($0, length: equal) }
        var laid = stack.arrange(items, length: lengthRoom.isFinite ? lengthRoom : nil, breadth: breadth)
        // A child the distribution made longer or shorter is measured again at its length (a
        // text in a row wraps at the width it gets), as Auto Layout solves both at once.
        var changed = false
        for (k, i) in visible.enumerated() where abs(laid.frames[k].length - items[k].length) > 1e-9 {
            items[k] = measured(i, length: laid.frames[k].length)
            items[k].length = laid.frames[k].length
            changed = true
        }
        if changed { laid = stack.arrange(items, length: lengthRoom.isFinite ? lengthRoom : nil, breadth: breadth) }
        var frames = spec.children.map { _ in Rect(x: p.left, y: p.top, width: 0, height: 0) }
        for (k, i) in visible.enumerated() {
            let f = laid.frames[k]
            frames[i] =
                vertical
                ? Rect(x: p.left + f.across, y: p.top + f.along, width: f.breadth, height: f.length)
                : Rect(x: p.left + f.along, y: p.top + f.across, width: f.length, height: f.breadth)
        }
        let content =
            vertical
            ? Size(laid.breadth + p.left + p.right, laid.length + p.top + p.bottom)
            : Size(laid.length + p.left + p.right, laid.breadth + p.top + p.bottom)
        return (frames, content)
    }

    /// A text layer's text as it is drawn at a moment (its text or runs, font, color, lines).
    func textContent(_ spec: LayerSpec, _ c: Context, _ env: ExpressionEnvironment, _ metrics: Metrics) -> TextContent {
        func num(_ p: Property, _ fallback: Double) -> Double { spec.properties[p].map { c.number($0.binding, env) } ?? fallback }
        func col(_ p: Property) -> Color? { spec.properties[p].map { c.color($0.binding, env).color } }
        var size = num(.size, 17)
        if let style = spec.textStyle {
            size = spec.properties[.size] == nil ? metrics.typography.size(style) : metrics.typography.scaled(size, style: style)
        }
        var text = TextContent(
            spec.textParts.map { c.text($0, env) } ?? spec.text, weight: spec.weight, pointSize: max(1, size), color: col(.color) ?? .black,
            alignment: spec.alignment, letterSpacing: num(.letterSpacing, 0), typography: metrics.typography)
        if !spec.runs.isEmpty {
            let runs = spec.runs.map { run in
                let own = run.size.map { s in spec.textStyle.map { metrics.typography.scaled(s, style: $0) } ?? s }
                return TextRun(
                    run.text, weight: run.weight ?? spec.weight, pointSize: max(1, own ?? size),
                    color: run.color.map { c.color($0.binding, env).color } ?? text.color,
                    letterSpacing: run.letterSpacing ?? text.letterSpacing, underline: run.underline, strikethrough: run.strikethrough)
            }
            text = TextContent(runs: runs, paragraph: ParagraphStyle(alignment: spec.alignment), typography: metrics.typography)
        }
        text.numberOfLines = spec.lines
        text.letterSpacingIsOwn = true
        return text
    }
}
