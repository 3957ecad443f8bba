/// The names every expression reads without declaring them. Each case is a slot of the
/// environment's numbers (its raw value): a scope declares them first, in this order, so the
/// scenario's own vars come after them (`ExpressionScope.withBuiltins()`), and
/// `UserScene.environment(_:_:)` sets each from the moment and the screen.
public enum BuiltinVariable: Int, CaseIterable, Sendable {
    case offset, u, velocity, time, phase
    case screenWidth, screenHeight, safeAreaTop, safeAreaBottom, statusBarHeight, navigationBarHeight, scale
    /// The instance of a repeated layer: set per instance while its layers are evaluated.
    case index

    /// The slot in `ExpressionEnvironment.numbers`.
    public var slot: Int { rawValue }

    /// As an expression writes it.
    public var name: String {
        switch self {
        case .offset: return "offset"
        case .u: return "u"
        case .velocity: return "velocity"
        case .time: return "time"
        case .phase: return "phase"
        case .screenWidth: return "screen.width"
        case .screenHeight: return "screen.height"
        case .safeAreaTop: return "safeArea.top"
        case .safeAreaBottom: return "safeArea.bottom"
        case .statusBarHeight: return "statusBar.height"
        case .navigationBarHeight: return "navigationBar.height"
        case .scale: return "scale"
        case .index: return "index"
        }
    }

    /// What it holds, with its unit (for `explain` and the docs).
    public var meaning: String {
        switch self {
        case .offset: return "contentOffset.y in points: -(adjusted top inset) at rest, lower when pulled down"
        case .u: return "distance from the rest position: offset + adjusted top inset (0 at rest, negative pulled)"
        case .velocity: return "scroll speed in points per second, positive while offset grows (over the last 1/240 s)"
        case .time: return "seconds since the first frame"
        case .phase: return "0 idle, 1 tracking (finger down), 2 decelerating, 3 bouncing, 4 animating"
        case .screenWidth: return "the device's width in points"
        case .screenHeight: return "the device's height in points"
        case .safeAreaTop: return "the top safe-area inset (status bar and sensor housing)"
        case .safeAreaBottom: return "the bottom safe-area inset (home indicator)"
        case .statusBarHeight: return "the status bar's height"
        case .navigationBarHeight: return "a navigation bar's height (44)"
        case .scale: return "output pixels per point (1 / scale is a hairline)"
        case .index: return "the instance of a repeated layer, 0 for the first (0 elsewhere)"
        }
    }

    /// The built-in an expression names `name`, if any.
    public init?(name: String) {
        guard let v = BuiltinVariable.allCases.first(where: { $0.name == name }) else { return nil }
        self = v
    }

    /// Its value at a moment on a screen (`index` is 0 until an instance sets it).
    func value(_ m: UserScene.Moment, _ metrics: UserScene.Metrics) -> Double {
        switch self {
        case .offset: return m.offset
        case .u: return m.u
        case .velocity: return m.velocity
        case .time: return m.time
        case .phase: return Double(ScrollPhase.allCases.firstIndex(of: m.phase)!)
        case .screenWidth: return metrics.screen.width
        case .screenHeight: return metrics.screen.height
        case .safeAreaTop: return metrics.safeAreaTop
        case .safeAreaBottom: return metrics.safeAreaBottom
        case .statusBarHeight: return metrics.statusBarHeight
        case .navigationBarHeight: return metrics.navigationBarHeight
        case .scale: return metrics.scale
        case .index: return 0
        }
    }
}

extension ExpressionScope {
    /// A scope holding the built-ins, each in its slot.
    public static func withBuiltins() -> ExpressionScope {
        var scope = ExpressionScope()
        for v in BuiltinVariable.allCases {
            let entry = scope.declare(v.name, .number)
            precondition(entry.slot == v.slot, "built-in \(v.name) declared out of order")
        }
        return scope
    }
}

extension ExpressionEnvironment {
    /// A built-in's value in this environment.
    public subscript(_ v: BuiltinVariable) -> Double {
        get { numbers[v.slot] }
        set { numbers[v.slot] = newValue }
    }
}
