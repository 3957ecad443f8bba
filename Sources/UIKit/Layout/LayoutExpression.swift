import Foundation
internal import ConstraintSolver

typealias SolverVariable = ConstraintSolver.Variable

/// A linear expression over the solver's variables, as the engine builds one side of a constraint.
struct LayoutExpression {
    var terms: [(SolverVariable, Double)] = []
    var constant: Double = 0

    init(_ v: SolverVariable) { terms = [(v, 1)] }
    init(constant: Double) { self.constant = constant }
    init(terms: [(SolverVariable, Double)], constant: Double) {
        self.terms = terms
        self.constant = constant
    }

    /// What variables it reads with which coefficients, folded into one number (terms come in
    /// the same order for the same constraint): a constraint whose shape changed (a view moved to
    /// another superview, a multiplier's term) is replaced, one whose constant changed is moved.
    var shape: Int {
        var h = terms.count
        for (v, k) in terms where k != 0 {
            h = h &* 1_000_003 &+ Int(bitPattern: UInt(bitPattern: ObjectIdentifier(v).hashValue))
            h = h &* 31 &+ Int(truncatingIfNeeded: k.bitPattern)
        }
        return h
    }

    static func + (a: LayoutExpression, b: LayoutExpression) -> LayoutExpression {
        LayoutExpression(terms: a.terms + b.terms, constant: a.constant + b.constant)
    }
    static func - (a: LayoutExpression, b: LayoutExpression) -> LayoutExpression { a + (-1) * b }
    static func * (k: Double, e: LayoutExpression) -> LayoutExpression {
        LayoutExpression(terms: e.terms.map { ($0.0, k * $0.1) }, constant: k * e.constant)
    }
    static func + (a: LayoutExpression, k: Double) -> LayoutExpression { LayoutExpression(terms: a.terms, constant: a.constant + k) }
    static func - (a: LayoutExpression, k: Double) -> LayoutExpression { a + (-k) }
}

/// The engine's side of the solver: rows `expression (relation) constant` at a UIKit priority,
/// each remembering what it stands for (a user's constraint, or a view's held frame or
/// intrinsic size) so an unsatisfiable system can be said in UIKit's words.
@MainActor final class EngineSolver {
    /// What adding a row came to: its handle, or (a required row that cannot hold with the
    /// others) what stands for the rows involved. A value, not an error: the owners are the main
    /// actor's objects, which an `Error` (Sendable) could not carry.
    enum Added {
        case added(Handle)
        case unsatisfiable(owners: [AnyObject])
    }

    final class Handle {
        let constraint: ConstraintSolver.Constraint
        init(_ constraint: ConstraintSolver.Constraint) { self.constraint = constraint }
    }

    private let solver = Solver()
    /// Set when a row is added or removed (not when a constant moves).
    var structureChanged = false
    /// What each solver constraint stands for, by the constraint's identity.
    private var owners: [ObjectIdentifier: AnyObject] = [:]

    func add(
        _ e: LayoutExpression, _ relation: NSLayoutConstraint.Relation, _ constant: Double, priority: Float, owner: AnyObject
    ) -> Added {
        let expression = ConstraintSolver.LinearExpression(e.terms.map { Term($0.0, $0.1) }, constant: -constant)
        let r: ConstraintSolver.Constraint.Relation =
            relation == .equal ? .equal : (relation == .lessThanOrEqual ? .lessThanOrEqual : .greaterThanOrEqual)
        let strength = Strength(Double(min(1000, max(1, priority))))
        let c = ConstraintSolver.Constraint(expression, r, strength: strength)
        do {
            try solver.addConstraint(c)
        } catch {
            if case .unsatisfiableConstraint(_, let involved) = error {
                return .unsatisfiable(owners: involved.compactMap { owners[ObjectIdentifier($0)] })
            }
            return .unsatisfiable(owners: [])
        }
        owners[ObjectIdentifier(c)] = owner
        structureChanged = true
        return .added(Handle(c))
    }

    func remove(_ h: Handle) {
        structureChanged = true
        try? solver.removeConstraint(h.constraint)
        owners[ObjectIdentifier(h.constraint)] = nil
    }

    /// The row's constant changed (a constraint's `constant`, a held frame, an intrinsic size):
    /// moved in place in the solver (`updateConstant`). False when the row cannot hold at its
    /// new constant: it is taken out then.
    func setConstant(_ h: Handle, to constant: Double) -> Bool {
        if (try? solver.updateConstant(of: h.constraint, to: -constant)) != nil { return true }
        remove(h)
        return false
    }

    /// Whether the last solve leaves the row unsatisfied by more than `tolerance` points (a
    /// non-required row it broke).
    func isBroken(_ h: Handle, tolerance: Double) -> Bool {
        let c = h.constraint
        let value = c.expression.terms.reduce(solver.constant(of: c) ?? 0) { $0 + $1.coefficient * $1.variable.value }
        switch c.relation {
        case .equal: return abs(value) > tolerance
        case .lessThanOrEqual: return value > tolerance
        case .greaterThanOrEqual: return value < -tolerance
        }
    }

    func solve() { solver.updateVariables() }
    func value(of v: SolverVariable) -> Double { v.value }
    func isPinned(_ v: SolverVariable) -> Bool { solver.isPinned(v) }
}

typealias SolverRow = EngineSolver.Handle
