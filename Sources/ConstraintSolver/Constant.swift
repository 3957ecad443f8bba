// A constraint's constant changed in place (UIKit's `NSLayoutConstraint.constant`, set every frame
// by a stretchy header), for required constraints too, which cannot be edit variables.
//
// The constraint's equation is `terms + constant + c * marker (+ other) = 0`. Moving the constant
// by d is the same as renaming the marker to `marker + d / c`: the tableau stays valid once every
// row that holds the marker (or the marker's own row) has its constant shifted, which is what
// suggestValue does for an edit variable. Rows that went negative are then repaired by the dual
// simplex, as after a suggestion.

extension Solver {
    /// The constraint's constant term now, or nil when it is not in the solver.
    public func constant(of constraint: Constraint) -> Double? { constraints[ObjectIdentifier(constraint)]?.constant }

    /// Sets the constant term of a constraint in the solver (`x - 10 == 0` becoming `x - 20 == 0`:
    /// pass -20) and re-solves with the dual simplex from the current tableau.
    /// - Throws: `.unknownConstraint`, `.nonFiniteValue`, or `.unsatisfiableConstraint` when a
    ///   required constraint cannot hold with its new constant (the solver is then unchanged).
    public func updateConstant(of constraint: Constraint, to constant: Double) throws(SolverError) {
        let key = ObjectIdentifier(constraint)
        guard var record = constraints[key] else { throw .unknownConstraint(constraint) }
        guard constant.isFinite else { throw .nonFiniteValue("the new constant \(constant) of \(constraint)") }
        let shift = (constant - record.constant) / record.tag.markerCoefficient
        guard shift != 0 else { return }
        let marker = record.tag.marker
        if let i = tableau.rows.position(of: marker), marker.kind == .dummy, !nearZero(tableau.rows.rows[i].constant - shift) {
            // A basic dummy is a required equality that repeats others: it cannot move alone.
            throw .unsatisfiableConstraint(constraint, involved: explanation(constraint, tableau.rows.rows[i]))
        }
        shiftMarker(marker, by: shift)
        do throws(SimplexFailure) {
            try tableau.dualOptimize()
        } catch {
            guard case .dualFailed(let leaving, let row) = error else {
                throw .internalError("\(error) after changing the constant of \(constraint)")
            }
            // Go back: the old constant is feasible, and the dual simplex kept the objective
            // optimal throughout, so shifting back and repairing returns the old solution.
            tableau.infeasible.removeAll()
            shiftMarker(marker, by: -shift)
            for i in 0..<tableau.rows.count where tableau.rows.rows[i].constant < 0 && tableau.rows.symbols[i].kind != .external {
                tableau.infeasible.append(tableau.rows.symbols[i])
            }
            do throws(SimplexFailure) {
                try tableau.dualOptimize()
            } catch {
                throw .internalError("\(error) undoing the constant of \(constraint)")
            }
            throw .unsatisfiableConstraint(constraint, involved: explanation(constraint, row, basic: leaving))
        }
        record.constant = constant
        constraints[key] = record
    }

    /// Moves the constant of the marker's equation: the marker's own row, or every row that holds it.
    private func shiftMarker(_ marker: Symbol, by shift: Double) {
        if let i = tableau.rows.position(of: marker) {
            tableau.rows.rows[i].constant -= shift
            if tableau.rows.rows[i].constant < 0 { tableau.infeasible.append(marker) }
            return
        }
        for i in 0..<tableau.rows.count {
            let c = tableau.rows.rows[i].coefficient(for: marker)
            guard c != 0 else { continue }
            tableau.rows.rows[i].constant += c * shift
            if tableau.rows.rows[i].constant < 0 && tableau.rows.symbols[i].kind != .external {
                tableau.infeasible.append(tableau.rows.symbols[i])
            }
        }
    }
}
