// Which values a variable can take among the best solutions: for UIKit's hasAmbiguousLayout
// ("pinned" or free) and its exerciseAmbiguityInLayout (another equally good value).

extension Solver {
    /// The least and greatest value `variable` takes over every solution as good as the current
    /// one (required constraints hold; each priority's violations as small as now). A single point
    /// when the constraints pin the variable; infinite bounds where nothing stops it.
    ///
    /// Found on a copy of the tableau: one more objective level below all the others, the variable
    /// itself, minimised and then maximised; entering symbols must cost nothing at every priority
    /// above, so the copy never leaves the optimal solutions. A column that is still free (an
    /// external one not in the basis) in the variable's row leaves it unbounded both ways.
    public func optimalRange(of variable: Variable) -> ClosedRange<Double> {
        let everything = -Double.infinity...Double.infinity
        guard let symbol = variables[ObjectIdentifier(variable)]?.symbol, let row = tableau.rows[symbol] else { return everything }
        if row.cells.contains(where: { $0.symbol.kind == .external }) { return everything }
        var negated = row
        negated.reverseSign()
        let lower = minimum(of: row), upper = -minimum(of: negated)
        // Round-off may turn a single point inside out by a hair.
        return lower <= upper ? lower...upper : upper...lower
    }

    /// True when every solution as good as the current one gives `variable` the same value (within
    /// `tolerance`): the constraints pin it. False for a variable no constraint names.
    ///
    /// Most variables are decided without optimising: a basic variable whose row holds only
    /// columns that cost something at some priority (or dummies, fixed at 0) cannot move without
    /// making the solution worse, since every optimal solution keeps such columns at 0.
    public func isPinned(_ variable: Variable, tolerance: Double = 1e-7) -> Bool {
        if let symbol = variables[ObjectIdentifier(variable)]?.symbol, let row = tableau.rows[symbol],
            !row.cells.contains(where: { $0.symbol.kind != .dummy && !nearZero($0.coefficient) && costsNothing($0.symbol) })
        {
            return true
        }
        let range = optimalRange(of: variable)
        return range.upperBound - range.lowerBound <= tolerance
    }

    /// Whether a non-basic column can grow without costing anything at any priority.
    private func costsNothing(_ symbol: Symbol) -> Bool {
        tableau.objective.allSatisfy { nearZero($0.row.coefficient(for: symbol)) }
    }

    /// The least value of `row` over the optimal solutions; -infinity if unbounded (or if the
    /// simplex gives up, which reads as "not pinned").
    private func minimum(of row: Row) -> Double {
        var copy = tableau
        copy.objective.append(Level(priority: 0, row: row, constraints: 0))
        do throws(SimplexFailure) {
            try copy.optimize(.objective)
        } catch {
            return -.infinity
        }
        return copy.objective[copy.objective.count - 1].row.constant
    }
}
