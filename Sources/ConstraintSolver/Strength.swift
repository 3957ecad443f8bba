/// How much a constraint matters, as UIKit's layout priorities: `priority` 1000 is required (it
/// holds exactly, or adding it fails); below that a constraint may be broken, at a cost.
///
/// Priorities are ordered strictly (lexicographically), not weighted against each other: the
/// solver first makes the violations at the highest priority in use as small as it can, then,
/// without giving any of that back, the next priority's, and so on. So any number of violations
/// at 749 never outweighs a single one at 750, however many constraints and however large their
/// errors -- there is no bound such as kiwi's "up to 1000 weak constraints". Within one priority,
/// violations add up, each multiplied by its constraint's `weight` (1 unless said otherwise).
///
/// Each priority in use is one row of the objective; UIKit screens use a handful (1000, 999, 750,
/// 251, 250, 50, ...), so the cost of the ordering is a few short rows.
public struct Strength: Hashable, Comparable, CustomStringConvertible, Sendable {
    /// UIKit's `UILayoutPriority` value: in (0, 1000]; 1000 is required.
    public var priority: Double
    /// A multiplier of this constraint's violation among constraints of the same priority (> 0).
    public var weight: Double

    public init(_ priority: Double, weight: Double = 1) {
        self.priority = priority
        self.weight = weight
    }

    public static let required = Strength(1000)
    /// UIKit's `defaultHigh`, `defaultLow` and `fittingSizeLevel`.
    public static let high = Strength(750)
    public static let low = Strength(250)
    public static let fittingSize = Strength(50)

    public var isRequired: Bool { priority >= 1000 }

    /// Nil when usable, else what is wrong with it (for `SolverError.invalidStrength`).
    var problem: String? {
        if !(priority > 0 && priority <= 1000) { return "a priority must be in 0 < priority <= 1000, got \(formatNumber(priority))" }
        if !(weight > 0 && weight.isFinite) { return "a weight must be a finite number above 0, got \(formatNumber(weight))" }
        return nil
    }

    public static func < (a: Strength, b: Strength) -> Bool { (a.priority, a.weight) < (b.priority, b.weight) }

    public var description: String {
        weight == 1 ? "@\(formatNumber(priority))" : "@\(formatNumber(priority))x\(formatNumber(weight))"
    }
}
