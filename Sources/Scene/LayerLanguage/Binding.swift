import Raster

/// Where a value was written in the scenario file, for messages about it.
public struct SourceRef: Equatable, Sendable {
    public var line: Int
    public var column: Int
    /// The field's path, `layers[2].opacity`.
    public var field: String
    public init(line: Int, column: Int, field: String) { self.line = line; self.column = column; self.field = field }
}

/// A property's value: a constant, an expression, or keyframes over a driver.
public indirect enum Binding: Sendable {
    case number(Double)
    case color(ColorValue)
    case expression(CompiledExpression)
    case keyframes(Keyframes)

    public var kind: ValueKind {
        switch self {
        case .number: return .number
        case .color: return .color
        case .expression(let e): return e.kind
        case .keyframes(let k): return k.kind
        }
    }

    /// True for a value that never changes (no evaluation, nothing to check per frame).
    public var isConstant: Bool {
        if case .number = self { return true }
        if case .color = self { return true }
        return false
    }

    /// The names of the scope it reads (drivers included).
    public var reads: Set<String> {
        switch self {
        case .number, .color: return []
        case .expression(let e): return e.reads
        case .keyframes(let k):
            var r = k.stops.reduce(into: Set<String>()) { $0.formUnion($1.value.reads) }
            if let name = k.driver.variable { r.insert(name) }
            if case .view = k.driver { r.insert("offset") }
            return r
        }
    }

    var usesView: Bool {
        switch self {
        case .keyframes(let k):
            if case .view = k.driver { return true }
            return k.stops.contains { $0.value.usesView }
        default: return false
        }
    }

    /// A short text for `explain`: the constant, the formula or the keyframes' driver.
    public var summary: String {
        switch self {
        case .number(let v): return formatNumber(v)
        case .color(let c): return c.hex
        case .expression(let e): return e.source
        case .keyframes(let k): return "keyframes over \(k.driver.summary)"
        }
    }
}

/// What a keyframed property follows.
public enum KeyframeDriver: Equatable, Sendable {
    /// UIKit's contentOffset.y.
    case offset
    /// The distance from the rest position (contentOffset.y + the adjusted top inset).
    case u
    /// Seconds since the first frame.
    case time
    /// 0 at `from`, 1 at `to` (contentOffset.y in points), like CSS's `animation-range`.
    case progress(from: Double, to: Double)
    /// A layer's visibility in the scroll view, 0...1 over one of CSS's named ranges.
    case view(ViewTarget, ViewRange)
    /// An animation started by a tap on a layer or at a time: the keyframes sit on its progress.
    case animation(TimedAnimation)

    var variable: String? {
        switch self {
        case .offset, .progress: return "offset"
        case .u: return "u"
        case .time, .animation: return "time"
        case .view: return nil
        }
    }

    var summary: String {
        switch self {
        case .offset: return "offset"
        case .u: return "u"
        case .time: return "time"
        case .progress(let a, let b): return "progress over offset \(formatNumber(a))...\(formatNumber(b))"
        case .view(let t, let r): return "view of \(t.name) (\(r.rawValue))"
        case .animation(let a):
            switch a.start {
            case .tap(let t): return "an animation on a tap on \(t.name)\(a.toggle ? " (toggled)" : "")"
            case .longPress(let t): return "an animation on a long press on \(t.name)\(a.toggle ? " (toggled)" : "")"
            case .time(let from): return "an animation from \(formatNumber(from)) s"
            }
        }
    }
}

/// An animation a value plays (`over: tap`, `over: longPress`, or `over: time` with `from`,
/// `duration`, `curve` or `spring`): from its start, its progress is `pacing`'s over `duration` (a
/// spring that runs until it settles ignores the duration); before it, the value is the first
/// keyframe's. A touch started one plays it towards 1, or with `toggle` every second touch back
/// to 0; one landing while it plays starts from the progress on screen (`fromCurrent`, UIKit's
/// `beginFromCurrentState`; a spring keeps its velocity) or from the start of its way.
public struct TimedAnimation: Equatable, Sendable {
    public enum Start: Equatable, Sendable {
        /// Each time a tap that hits this layer (or a layer inside it) lifts.
        case tap(ViewTarget)
        /// Each time a long press on this layer (or a layer inside it) is recognized: the finger
        /// held `TapHits.longPressMinimum` seconds (UILongPressGestureRecognizer's `.began`).
        case longPress(ViewTarget)
        /// At this time of the timeline, in seconds.
        case time(Double)
    }
    public var start: Start
    public var duration: Double
    public var pacing: Pacing
    /// Touches alternate: odd ones play towards 1, even ones back towards 0 (a Follow button).
    public var toggle: Bool
    /// A touch while it plays starts from the progress on screen (and a spring's velocity), not
    /// from the start of its way (0 forwards, 1 back).
    public var fromCurrent: Bool

    package init(start: Start, duration: Double, pacing: Pacing, toggle: Bool = false, fromCurrent: Bool = true) {
        self.start = start; self.duration = duration; self.pacing = pacing; self.toggle = toggle; self.fromCurrent = fromCurrent
    }

    /// The touch's target on `ViewTarget` and whether it is a long press (nil for `over: time`).
    package var touch: (target: ViewTarget, longPress: Bool)? {
        switch start {
        case .tap(let t): return (t, false)
        case .longPress(let t): return (t, true)
        case .time: return nil
        }
    }
}

/// Where taps hit a scene's layers: for each layer instance hit, the times (ascending) at which
/// those taps lifted. Worked out once at load (`UserScene.tapHits`), read by `over: tap` values.
public struct TapHits: Equatable, Sendable {
    public struct Key: Hashable, Sendable {
        public var spec: Int
        public var instance: Int
        /// A long press's recognition, not a tap's lift.
        public var longPress: Bool
        public init(spec: Int, instance: Int, longPress: Bool = false) { self.spec = spec; self.instance = instance; self.longPress = longPress }
    }
    /// How long a finger is held before a long press is recognized (UILongPressGestureRecognizer's
    /// default `minimumPressDuration`).
    public static let longPressMinimum = 0.5
    public private(set) var times: [Key: [Double]] = [:]
    public init() {}

    public var isEmpty: Bool { times.isEmpty }

    /// Records a tap lifting at `time` on `key` (taps are added in time order).
    package mutating func add(_ key: Key, at time: Double) {
        if times[key]?.last == time { return }
        times[key, default: []].append(time)
    }

    /// The touches on `key` at or before `time`, in time order.
    public func all(_ key: Key, atOrBefore time: Double) -> ArraySlice<Double> {
        guard let list = times[key], let first = list.first, first <= time else { return [] }
        var lo = 0, hi = list.count
        while lo < hi {
            let mid = (lo + hi) / 2
            if list[mid] <= time { lo = mid + 1 } else { hi = mid }
        }
        return list[..<lo]
    }

    /// The latest tap on `key` that lifted at or before `time`.
    public func last(_ key: Key, atOrBefore time: Double) -> Double? {
        guard let list = times[key], let first = list.first, first <= time else { return nil }
        var lo = 0, hi = list.count
        // The first index whose time is after `time`; the one before it is the latest.
        while lo < hi {
            let mid = (lo + hi) / 2
            if list[mid] <= time { lo = mid + 1 } else { hi = mid }
        }
        return list[lo - 1]
    }
}

/// The layer whose visibility drives a `view` timeline: a layer by name, or the layer itself.
public struct ViewTarget: Equatable, Sendable {
    public var name: String
    /// The layer spec's index in `UserScene.allSpecs`; nil for the layer that owns the binding.
    package var spec: Int?
    /// The instance of a repeated layer (`card.3`); nil: the same instance as the reader's.
    var instance: Int?
    /// Where `view:` was written: its field (`layers[0].y.view`), line and column.
    package var field = ""
    package var line = 0
    package var column = 0

    package init(name: String, spec: Int? = nil, instance: Int? = nil, field: String = "", line: Int = 0, column: Int = 0) {
        self.name = name; self.spec = spec; self.instance = instance; self.field = field; self.line = line; self.column = column
    }
}

/// CSS's view-timeline ranges (scroll-animations-1): where 0 and 1 fall as a layer crosses the
/// scrollport (the scroll view less its adjusted content insets).
public enum ViewRange: String, CaseIterable, Sendable {
    /// 0 when its top reaches the scrollport's bottom, 1 when its bottom leaves the scrollport's top.
    case cover
    /// 0 when it is fully inside (or fully covers the scrollport), 1 when it starts to leave.
    case contain
    /// From cover's 0 to contain's 0: entering at the bottom.
    case entry
    /// From contain's 1 to cover's 1: leaving at the top.
    case exit

    /// Progress for a layer whose top is at `top` on screen and that is `height` tall, in a
    /// scrollport from `portTop` to `portBottom`. Linear in the scroll position, not clamped.
    public func progress(top: Double, height: Double, portTop: Double, portBottom: Double) -> Double {
        let containStart = max(portBottom - height, portTop)
        let containEnd = min(portTop, portBottom - height)
        let start: Double, end: Double
        switch self {
        case .cover: start = portBottom; end = portTop - height
        case .contain: start = containStart; end = containEnd
        case .entry: start = portBottom; end = containStart
        case .exit: start = containEnd; end = portTop - height
        }
        if start == end { return top <= end ? 1 : 0 }
        return (start - top) / (start - end)
    }
}

/// The curve of the segment that arrives at a keyframe (as in the timeline's keyframes).
public enum KeyframeEasing: Equatable, Sendable {
    case named(Easing)
    case cubicBezier(Double, Double, Double, Double)
    /// Keep the previous keyframe's value, then jump to this one's.
    case hold

    func progress(_ t: Double) -> Double {
        switch self {
        case .named(let e): return e.progress(t)
        case .cubicBezier(let x1, let y1, let x2, let y2):
            let c = min(max(t, 0), 1)
            return Easing.cubicBezier(c, x1, y1, x2, y2)
        case .hold: return 0
        }
    }

    var text: String {
        switch self {
        case .named(let e): return e.rawValue
        case .cubicBezier(let a, let b, let c, let d): return "cubic-bezier(\([a, b, c, d].map(formatNumber).joined(separator: ", ")))"
        case .hold: return "hold"
        }
    }
}

/// Keyframes: values at positions of a driver, eased between; outside the first and last
/// position the value holds (clamp, the default) or the end segments continue as straight lines
/// (extend).
public struct Keyframes: Sendable {
    public struct Stop: Sendable {
        public var at: Double
        public var value: Binding
        /// The curve of the segment that arrives at this stop.
        public var easing: KeyframeEasing

        package init(at: Double, value: Binding, easing: KeyframeEasing) { self.at = at; self.value = value; self.easing = easing }
    }

    public var driver: KeyframeDriver
    /// At least one, in non-decreasing order of `at`.
    public var stops: [Stop]
    public var extend: Bool
    public var kind: ValueKind

    package init(driver: KeyframeDriver, stops: [Stop], extend: Bool, kind: ValueKind) {
        self.driver = driver; self.stops = stops; self.extend = extend; self.kind = kind
    }
}

/// Formats a number for messages and JSON-like text: whole numbers without a fraction.
package func formatNumber(_ v: Double) -> String {
    if v == v.rounded(), abs(v) < 1e15 { return String(Int(v)) }
    return String(v)
}
