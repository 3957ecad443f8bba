// The simplex tableau and its two optimisers, after kiwi's SolverImpl: primal simplex for adding
// and removing constraints, dual simplex after an edit variable's suggested value moves row
// constants (the incremental re-solve of Badros, Borning and Stuckey 2001, section 3).
//
// The objective is lexicographic: one row per priority in use, highest first (see Strength). A
// symbol may enter the basis when its cost is negative at some priority and zero at every higher
// one; the dual step compares cost ratios priority by priority.

/// One priority's share of the objective: the weighted errors of its constraints.
struct Level {
    let priority: Double
    var row: Row
    /// Constraints of this priority in the solver; the level goes when it reaches 0.
    var constraints: Int
}

enum SimplexFailure: Error {
    case unbounded
    /// A row that must be >= 0 is negative and nothing in it can rise: the required constraints
    /// whose columns are in it contradict each other.
    case dualFailed(leaving: Symbol, row: Row)
    case iterationLimit
}

struct Tableau {
    var rows = RowTable()
    /// Highest priority first.
    var objective: [Level] = []
    /// Phase one's objective while a constraint is added through an artificial variable.
    var artificial: Row?
    /// Rows whose constant went negative, for the dual simplex.
    var infeasible: [Symbol] = []

    enum Goal { case objective, artificial }

    // MARK: objective levels

    /// The level of `priority`, made if missing (kept in descending order).
    mutating func level(for priority: Double) -> Int {
        var i = 0
        while i < objective.count && objective[i].priority > priority { i += 1 }
        if i < objective.count && objective[i].priority == priority { return i }
        objective.insert(Level(priority: priority, row: Row(), constraints: 0), at: i)
        return i
    }

    /// Adds `weight * symbol` to a level's row, in terms of the non-basic symbols.
    mutating func addCost(_ symbol: Symbol, weight: Double, level: Int) {
        if let row = rows[symbol] {
            objective[level].row.insert(row, weight)
        } else {
            objective[level].row.insert(symbol, weight)
        }
    }

    // MARK: pivoting

    /// Replaces `symbol` by `row` everywhere; rows it makes negative are queued for the dual step.
    mutating func substitute(_ symbol: Symbol, _ row: Row) {
        for i in 0..<rows.count where rows.rows[i].contains(symbol) {
            rows.rows[i].substitute(symbol, row)
            if rows.symbols[i].kind != .external && rows.rows[i].constant < 0 { infeasible.append(rows.symbols[i]) }
        }
        for i in objective.indices { objective[i].row.substitute(symbol, row) }
        artificial?.substitute(symbol, row)
    }

    /// Makes `entering` basic in place of the basic symbol `leaving`.
    mutating func pivot(leaving: Symbol, entering: Symbol) {
        guard var row = rows.remove(leaving) else { return }
        row.solve(for: leaving, entering)
        substitute(entering, row)
        rows.insert(entering, row)
    }

    /// Pivots allowed per optimisation before giving up (Bland's rule terminates; this bounds the
    /// time a numerically troubled tableau can take).
    var pivotLimit: Int { 10_000 + 100 * rows.count }

    // MARK: primal simplex

    /// Minimises the objective (lexicographically) or phase one's artificial row.
    mutating func optimize(_ goal: Goal) throws(SimplexFailure) {
        var pivots = 0
        while let entering = enteringSymbol(goal) {
            guard let leaving = leavingRow(for: entering) else { throw .unbounded }
            pivot(leaving: leaving, entering: entering)
            pivots += 1
            if pivots > pivotLimit { throw .iterationLimit }
        }
    }

    /// The lowest-id non-dummy symbol with a negative cost at some level and none above it.
    func enteringSymbol(_ goal: Goal) -> Symbol? {
        if goal == .artificial {
            return artificial?.cells.first { $0.coefficient < 0 && $0.symbol.kind != .dummy }?.symbol
        }
        for k in objective.indices {
            candidates: for cell in objective[k].row.cells where cell.coefficient < 0 && cell.symbol.kind != .dummy {
                for higher in 0..<k where objective[higher].row.contains(cell.symbol) { continue candidates }
                return cell.symbol
            }
        }
        return nil
    }

    /// The restricted row that limits `entering` first (the ratio test; ties to the lowest id).
    func leavingRow(for entering: Symbol) -> Symbol? {
        var best: Symbol?
        var ratio = Double.greatestFiniteMagnitude
        for i in 0..<rows.count where rows.symbols[i].kind != .external {
            let c = rows.rows[i].coefficient(for: entering)
            guard c < 0 else { continue }
            let r = -rows.rows[i].constant / c
            if r < ratio || (r == ratio && best.map { rows.symbols[i] < $0 } == true) {
                ratio = r
                best = rows.symbols[i]
            }
        }
        return best
    }

    // MARK: dual simplex

    /// Restores feasibility after row constants moved, keeping the objective optimal.
    mutating func dualOptimize() throws(SimplexFailure) {
        var pivots = 0
        while let leaving = infeasible.popLast() {
            guard let row = rows[leaving], row.constant < 0, !nearZero(row.constant) else { continue }
            guard let entering = dualEnteringSymbol(row) else { throw .dualFailed(leaving: leaving, row: row) }
            pivot(leaving: leaving, entering: entering)
            pivots += 1
            if pivots > pivotLimit { throw .iterationLimit }
        }
    }

    /// Among the row's positive, non-dummy cells, the one with the smallest cost ratio, compared
    /// priority by priority.
    func dualEnteringSymbol(_ row: Row) -> Symbol? {
        var best: Cell?
        for cell in row.cells where cell.coefficient > 0 && cell.symbol.kind != .dummy {
            guard let current = best else {
                best = cell
                continue
            }
            for level in objective {
                let a = level.row.coefficient(for: cell.symbol) / cell.coefficient
                let b = level.row.coefficient(for: current.symbol) / current.coefficient
                if nearZero(a - b) { continue }
                if a < b { best = cell }
                break
            }
        }
        return best?.symbol
    }
}
