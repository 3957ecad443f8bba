/// Why the solver refused a call. The solver is left as it was before the call, except after
/// `internalError` (a bug: the tableau may then be anything, though never a trap).
public enum SolverError: Error, CustomStringConvertible {
    /// The constraint has already been added.
    case duplicateConstraint(Constraint)
    /// The constraint was never added (or has been removed).
    case unknownConstraint(Constraint)
    /// The required `constraint` cannot hold together with the required constraints already
    /// added. `involved` is a set of required constraints that cannot all hold, `constraint`
    /// first: what UIKit lists under "Unable to simultaneously satisfy constraints".
    case unsatisfiableConstraint(Constraint, involved: [Constraint])
    /// The variable already has an edit constraint.
    case duplicateEditVariable(Variable)
    /// `suggestValue` or `removeEditVariable` on a variable without an edit constraint.
    case unknownEditVariable(Variable)
    /// An edit variable must be non-required: a suggested value is a wish, not a fact.
    case requiredEditStrength(Variable)
    /// A strength out of range (priority in (0, 1000], weight finite and above 0).
    case invalidStrength(Strength, reason: String)
    /// NaN or an infinity in a constraint's coefficients or constant, or a suggested value.
    case nonFiniteValue(String)
    /// The simplex did not finish (an unbounded objective or a failed dual step): a bug, said
    /// rather than trapped on.
    case internalError(String)

    public var description: String {
        switch self {
        case .duplicateConstraint(let c): return "the constraint \(c) has already been added"
        case .unknownConstraint(let c): return "the constraint \(c) is not in the solver (never added, or removed)"
        case .unsatisfiableConstraint(let c, let involved):
            return "the required constraint \(c) cannot be satisfied together with: "
                + involved.filter { $0 !== c }.map(\.description).joined(separator: "; ")
        case .duplicateEditVariable(let v): return "the variable \(v) already has an edit constraint"
        case .unknownEditVariable(let v): return "the variable \(v) has no edit constraint: call addEditVariable first"
        case .requiredEditStrength(let v): return "the edit strength of \(v) must be below required (priority < 1000)"
        case .invalidStrength(_, let reason): return "invalid strength: \(reason)"
        case .nonFiniteValue(let what): return "\(what) is not a finite number"
        case .internalError(let what): return "internal solver error: \(what)"
        }
    }
}
