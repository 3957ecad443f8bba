// ConstraintSolver: an incremental Cassowary solver (Badros, Borning and Stuckey, "The Cassowary
// Linear Arithmetic Constraint Solving Algorithm", ACM TOCHI 2001), designed after kiwi
// (github.com/nucleic/kiwi). Knows nothing of views: UIKit's Auto Layout is built over it.
//
// Per frame, a layout that changes one constant does:
//   suggestValue (moves row constants, dual simplex back to feasibility) -> updateVariables.
// Adding or removing a constraint is one primal simplex from the current tableau, never a
// re-solve from scratch.

/// Linear equalities and inequalities over `Variable`s, required or at a `Strength`; solves
/// incrementally as constraints come and go and as edit variables are given new values.
///
///     let solver = Solver()
///     let x = Variable("x"), y = Variable("y")
///     try solver.addConstraint(x + y == 10)
///     try solver.addConstraint((x == 3).withPriority(750))
///     solver.updateVariables()          // x.value == 3, y.value == 7
public final class Solver {
    /// What the tableau knows of one constraint: its marker symbol (a slack, error or dummy
    /// column found only in its own equation) and, for non-required ones, the other error column.
    struct Tag {
        var marker: Symbol
        var other: Symbol?
        /// The marker's coefficient in the constraint's own equation (before any sign change):
        /// how a change of the constant moves the marker (`updateConstant`).
        var markerCoefficient: Double = 1
    }

    struct Record {
        let constraint: Constraint
        let tag: Tag
        /// The constant term now (`updateConstant` changes it; the constraint keeps the first).
        var constant: Double
    }

    struct Edit {
        let constraint: Constraint
        let tag: Tag
        var constant: Double
    }

    var tableau = Tableau()
    var constraints: [ObjectIdentifier: Record] = [:]
    /// Each variable's column, and the variable (kept alive for updateVariables).
    var variables: [ObjectIdentifier: (variable: Variable, symbol: Symbol)] = [:]
    var edits: [ObjectIdentifier: Edit] = [:]
    /// The constraint each marker or error column belongs to, for explanations.
    var owners: [Symbol: Constraint] = [:]
    private var nextID = 0

    public init() {}

    /// The constraints in the solver, in the order they were added (edit variables' included).
    public var allConstraints: [Constraint] { constraints.values.sorted { $0.tag.marker < $1.tag.marker }.map(\.constraint) }

    public func hasConstraint(_ constraint: Constraint) -> Bool { constraints[ObjectIdentifier(constraint)] != nil }

    // MARK: constraints

    /// Adds a constraint and re-optimises from the current solution.
    /// - Throws: `SolverError.duplicateConstraint`, `.invalidStrength`, `.nonFiniteValue`, or
    ///   `.unsatisfiableConstraint` (a required constraint that cannot hold; the solver is unchanged).
    public func addConstraint(_ constraint: Constraint) throws(SolverError) {
        let key = ObjectIdentifier(constraint)
        guard constraints[key] == nil else { throw .duplicateConstraint(constraint) }
        if let reason = constraint.strength.problem { throw .invalidStrength(constraint.strength, reason: reason) }
        guard constraint.expression.isFinite else { throw .nonFiniteValue("a coefficient or the constant of \(constraint)") }

        let firstNewID = nextID + 1
        var (row, tag) = makeRow(constraint)
        var subject = chooseSubject(row, tag, firstNewID: firstNewID)
        if subject == nil && row.cells.allSatisfy({ $0.symbol.kind == .dummy }) {
            // Only required equalities' dummies left: the constraint is redundant if the constant
            // is zero, else it contradicts the equalities whose dummies are in the row.
            guard nearZero(row.constant) else {
                // (A required constraint's row changed nothing in the tableau yet.)
                throw .unsatisfiableConstraint(constraint, involved: explanation(constraint, row))
            }
            subject = tag.marker
        }
        var involved: [Constraint]?
        // Phase one may pivot the tableau before it finds the constraint cannot hold: kept to go
        // back to. (Copying is not free, and this is the rare path: no copy on the others.)
        var saved: Tableau?
        do throws(SimplexFailure) {
            if let subject {
                row.solve(for: subject)
                // A variable new with this constraint is in no other row and not in the objective
                // (unlike a new error, whose cost is there already): nothing to substitute. A
                // layout's constraints mostly bring a new variable: this spares scanning every row.
                if subject.kind != .external || subject.id < firstNewID { tableau.substitute(subject, row) }
                tableau.rows.insert(subject, row)
            } else {
                saved = tableau
                involved = try addWithArtificialVariable(constraint, row)
            }
            if involved == nil { try tableau.optimize(.objective) }
        } catch {
            throw .internalError("\(error) while adding \(constraint)")
        }
        if let involved, let saved {
            tableau = saved
            throw .unsatisfiableConstraint(constraint, involved: involved)
        }
        constraints[key] = Record(constraint: constraint, tag: tag, constant: constraint.expression.constant)
        owners[tag.marker] = constraint
        if let other = tag.other { owners[other] = constraint }
    }

    /// Removes a constraint and re-optimises.
    /// - Throws: `SolverError.unknownConstraint` when it is not in the solver.
    public func removeConstraint(_ constraint: Constraint) throws(SolverError) {
        let key = ObjectIdentifier(constraint)
        guard let record = constraints[key] else { throw .unknownConstraint(constraint) }
        let tag = record.tag
        // Its errors leave the objective.
        if !constraint.strength.isRequired {
            let level = tableau.level(for: constraint.strength.priority)
            for symbol in [tag.marker, tag.other].compactMap({ $0 }) where symbol.kind == .error {
                tableau.addCost(symbol, weight: -constraint.strength.weight, level: level)
            }
            tableau.objective[level].constraints -= 1
            if tableau.objective[level].constraints == 0 { tableau.objective.remove(at: level) }
        }
        // Its equation leaves the tableau: drop the marker's row, pivoting the marker in first if
        // it is not basic.
        if tableau.rows.remove(tag.marker) == nil {
            guard let leaving = markerLeavingRow(tag.marker) else { throw .internalError("no row to remove \(constraint) from") }
            var row = tableau.rows.remove(leaving)!
            row.solve(for: leaving, tag.marker)
            tableau.substitute(tag.marker, row)
        }
        do throws(SimplexFailure) {
            try tableau.optimize(.objective)
        } catch {
            throw .internalError("\(error) while removing \(constraint)")
        }
        constraints[key] = nil
        owners[tag.marker] = nil
        if let other = tag.other { owners[other] = nil }
    }

    // MARK: edit variables

    /// Lets `variable` be moved by `suggestValue` at a non-required strength (an equality with the
    /// suggested value; until the first suggestion, with 0, as kiwi).
    public func addEditVariable(_ variable: Variable, strength: Strength) throws(SolverError) {
        let key = ObjectIdentifier(variable)
        guard edits[key] == nil else { throw .duplicateEditVariable(variable) }
        if let reason = strength.problem { throw .invalidStrength(strength, reason: reason) }
        guard !strength.isRequired else { throw .requiredEditStrength(variable) }
        let constraint = Constraint(LinearExpression(variable), .equal, strength: strength, identifier: "edit \(variable.name)")
        try addConstraint(constraint)
        edits[key] = Edit(constraint: constraint, tag: constraints[ObjectIdentifier(constraint)]!.tag, constant: 0)
    }

    public func removeEditVariable(_ variable: Variable) throws(SolverError) {
        let key = ObjectIdentifier(variable)
        guard let edit = edits[key] else { throw .unknownEditVariable(variable) }
        try removeConstraint(edit.constraint)
        edits[key] = nil
    }

    public func hasEditVariable(_ variable: Variable) -> Bool { edits[ObjectIdentifier(variable)] != nil }

    /// Moves an edit variable's wished value and re-solves with the dual simplex: only the rows
    /// the edit reaches change.
    public func suggestValue(_ variable: Variable, _ value: Double) throws(SolverError) {
        let key = ObjectIdentifier(variable)
        guard var edit = edits[key] else { throw .unknownEditVariable(variable) }
        guard value.isFinite else { throw .nonFiniteValue("the suggested value \(value) of \(variable)") }
        let delta = value - edit.constant
        edit.constant = value
        edits[key] = edit

        // The edit's equation is `variable - value = plus - minus`: a new value shifts the constant
        // of the row of whichever error is basic, or of every row that holds the marker.
        if let i = tableau.rows.position(of: edit.tag.marker) {
            tableau.rows.rows[i].constant -= delta
            if tableau.rows.rows[i].constant < 0 { tableau.infeasible.append(edit.tag.marker) }
        } else if let other = edit.tag.other, let i = tableau.rows.position(of: other) {
            tableau.rows.rows[i].constant += delta
            if tableau.rows.rows[i].constant < 0 { tableau.infeasible.append(other) }
        } else {
            for i in 0..<tableau.rows.count {
                let c = tableau.rows.rows[i].coefficient(for: edit.tag.marker)
                guard c != 0 else { continue }
                tableau.rows.rows[i].constant += delta * c
                if tableau.rows.rows[i].constant < 0 && tableau.rows.symbols[i].kind != .external {
                    tableau.infeasible.append(tableau.rows.symbols[i])
                }
            }
        }
        do throws(SimplexFailure) {
            try tableau.dualOptimize()
        } catch {
            throw .internalError("\(error) after suggesting \(value) for \(variable)")
        }
    }

    // MARK: results

    /// Writes every variable's solved value into its `value`.
    public func updateVariables() {
        for (_, entry) in variables {
            let value = tableau.rows[entry.symbol]?.constant ?? 0
            entry.variable.value = value == 0 ? 0 : value // no -0 in results
        }
    }

    /// The solved value of one variable (0 for one the solver has not seen), without updating it.
    public func value(of variable: Variable) -> Double {
        guard let symbol = variables[ObjectIdentifier(variable)]?.symbol else { return 0 }
        let value = tableau.rows[symbol]?.constant ?? 0
        return value == 0 ? 0 : value
    }

    // MARK: building rows

    private func newSymbol(_ kind: Symbol.Kind) -> Symbol {
        nextID += 1
        return Symbol(id: nextID, kind: kind)
    }

    func symbol(for variable: Variable) -> Symbol {
        let key = ObjectIdentifier(variable)
        if let known = variables[key] { return known.symbol }
        let symbol = newSymbol(.external)
        variables[key] = (variable, symbol)
        return symbol
    }

    /// The constraint's equation in terms of the non-basic symbols, with its marker (and errors,
    /// whose costs go into the objective), constant made non-negative.
    private func makeRow(_ constraint: Constraint) -> (Row, Tag) {
        var row = Row(constant: constraint.expression.constant)
        for term in constraint.expression.terms where !nearZero(term.coefficient) {
            let symbol = symbol(for: term.variable)
            if let basic = tableau.rows[symbol] { row.insert(basic, term.coefficient) } else { row.insert(symbol, term.coefficient) }
        }
        let strength = constraint.strength
        let tag: Tag
        switch constraint.relation {
        case .lessThanOrEqual, .greaterThanOrEqual:
            let sign: Double = constraint.relation == .lessThanOrEqual ? 1 : -1
            let slack = newSymbol(.slack)
            row.insert(slack, sign)
            if strength.isRequired {
                tag = Tag(marker: slack, markerCoefficient: sign)
            } else {
                let error = newSymbol(.error)
                row.insert(error, -sign)
                let level = tableau.level(for: strength.priority)
                tableau.objective[level].constraints += 1
                tableau.addCost(error, weight: strength.weight, level: level)
                tag = Tag(marker: slack, other: error, markerCoefficient: sign)
            }
        case .equal:
            if strength.isRequired {
                let dummy = newSymbol(.dummy)
                row.insert(dummy)
                tag = Tag(marker: dummy)
            } else {
                let plus = newSymbol(.error), minus = newSymbol(.error)
                row.insert(plus, -1)
                row.insert(minus, 1)
                let level = tableau.level(for: strength.priority)
                tableau.objective[level].constraints += 1
                tableau.addCost(plus, weight: strength.weight, level: level)
                tableau.addCost(minus, weight: strength.weight, level: level)
                tag = Tag(marker: plus, other: minus, markerCoefficient: -1)
            }
        }
        if row.constant < 0 { row.reverseSign() }
        return (row, tag)
    }

    /// The symbol to make basic for a new row: an external one (one first seen in this constraint
    /// if any, ids from `firstNewID` on), else a marker or error with a negative coefficient (so
    /// its value stays >= 0); nil when only phase one can tell.
    private func chooseSubject(_ row: Row, _ tag: Tag, firstNewID: Int) -> Symbol? {
        if let fresh = row.cells.last(where: { $0.symbol.kind == .external }), fresh.symbol.id >= firstNewID { return fresh.symbol }
        if let external = row.cells.first(where: { $0.symbol.kind == .external }) { return external.symbol }
        if tag.marker.isPivotable && row.coefficient(for: tag.marker) < 0 { return tag.marker }
        if let other = tag.other, other.isPivotable && row.coefficient(for: other) < 0 { return other }
        return nil
    }

    /// Phase one: adds `row` with an artificial variable and drives it to zero. Returns nil on
    /// success, else the required constraints that rule the new one out.
    private func addWithArtificialVariable(_ constraint: Constraint, _ row: Row) throws(SimplexFailure) -> [Constraint]? {
        let artificial = newSymbol(.slack)
        tableau.rows.insert(artificial, row)
        tableau.artificial = row
        try tableau.optimize(.artificial)
        let phaseOne = tableau.artificial!
        tableau.artificial = nil
        if !nearZero(phaseOne.constant) { return explanation(constraint, phaseOne) }
        if var basic = tableau.rows.remove(artificial) {
            if !basic.cells.isEmpty {
                guard let entering = basic.cells.first(where: { $0.symbol.isPivotable })?.symbol else {
                    return explanation(constraint, phaseOne)
                }
                basic.solve(for: artificial, entering)
                tableau.substitute(entering, basic)
                tableau.rows.insert(entering, basic)
            }
        }
        for i in 0..<tableau.rows.count { tableau.rows.rows[i].remove(artificial) }
        for i in tableau.objective.indices { tableau.objective[i].row.remove(artificial) }
        return nil
    }

    /// The constraint and the required constraints whose columns are in `row`: the row is a sum
    /// of their equations (each marker is in its own equation only), and it is what proves the
    /// new constraint cannot hold.
    func explanation(_ constraint: Constraint, _ row: Row, basic: Symbol? = nil) -> [Constraint] {
        var involved = [constraint]
        for symbol in [basic].compactMap({ $0 }) + row.cells.map(\.symbol) {
            guard let owner = owners[symbol], owner.strength.isRequired, !involved.contains(where: { $0 === owner }) else { continue }
            involved.append(owner)
        }
        return involved
    }

    /// The row to pivot a non-basic marker into before its constraint is removed (kiwi's order:
    /// the restricted row that limits it first, then any restricted row, then an external one).
    private func markerLeavingRow(_ marker: Symbol) -> Symbol? {
        var first: Symbol?, second: Symbol?, third: Symbol?
        var r1 = Double.greatestFiniteMagnitude, r2 = Double.greatestFiniteMagnitude
        let rows = tableau.rows
        for i in 0..<rows.count {
            let c = rows.rows[i].coefficient(for: marker)
            guard c != 0 else { continue }
            let symbol = rows.symbols[i]
            if symbol.kind == .external {
                if third.map({ symbol < $0 }) ?? true { third = symbol }
            } else if c < 0 {
                let r = -rows.rows[i].constant / c
                if r < r1 || (r == r1 && first.map { symbol < $0 } == true) { (r1, first) = (r, symbol) }
            } else {
                let r = rows.rows[i].constant / c
                if r < r2 || (r == r2 && second.map { symbol < $0 } == true) { (r2, second) = (r, symbol) }
            }
        }
        return first ?? second ?? third
    }
}
