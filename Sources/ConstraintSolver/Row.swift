// The tableau's pieces: symbols (the columns) and rows (`basic = constant + sum of cells`), as in
// kiwi (solverimpl.h, row.h, symbol.h). Cells are kept sorted by symbol id, so every choice the
// simplex makes by scanning a row is the same on every run (Bland's rule: lowest id first, which
// also rules out cycling).

/// Coefficients this close to zero are zero (kiwi's 1e-8).
let epsilon = 1e-8

@inline(__always) func nearZero(_ value: Double) -> Bool { abs(value) < epsilon }

/// A column of the tableau. External symbols stand for the user's variables (unrestricted);
/// slack and error symbols are >= 0 (errors carry a cost in the objective); dummy symbols are
/// fixed at 0 and mark required equalities.
struct Symbol: Hashable, Comparable {
    enum Kind: UInt8 { case external, slack, error, dummy }
    let id: Int
    let kind: Kind

    static func == (a: Symbol, b: Symbol) -> Bool { a.id == b.id }
    func hash(into hasher: inout Hasher) { hasher.combine(id) }
    static func < (a: Symbol, b: Symbol) -> Bool { a.id < b.id }

    /// Slack and error symbols: the simplex may move them into the basis.
    var isPivotable: Bool { kind == .slack || kind == .error }
}

struct Cell {
    var symbol: Symbol
    var coefficient: Double
}

/// `constant + sum(coefficient * symbol)`, cells sorted by symbol id, none near zero.
struct Row {
    var constant: Double
    private(set) var cells: [Cell] = []
    /// Bit `id % 64` set for every symbol in the row (and perhaps for some removed since): a
    /// scan of all rows for one symbol reads this word and skips most rows without a search.
    private(set) var signature: UInt64 = 0

    @inline(__always) static func bit(_ symbol: Symbol) -> UInt64 { 1 << UInt64(symbol.id & 63) }

    /// False only when the symbol is surely absent (cheaper than `contains`).
    @inline(__always) func mayContain(_ symbol: Symbol) -> Bool { signature & Row.bit(symbol) != 0 }

    init(constant: Double = 0) { self.constant = constant }

    private func position(of symbol: Symbol) -> (found: Bool, index: Int) {
        var low = 0, high = cells.count
        while low < high {
            let mid = (low + high) / 2
            let id = cells[mid].symbol.id
            if id == symbol.id { return (true, mid) }
            if id < symbol.id { low = mid + 1 } else { high = mid }
        }
        return (false, low)
    }

    func coefficient(for symbol: Symbol) -> Double {
        guard mayContain(symbol) else { return 0 }
        let (found, i) = position(of: symbol)
        return found ? cells[i].coefficient : 0
    }

    func contains(_ symbol: Symbol) -> Bool { mayContain(symbol) && position(of: symbol).found }

    /// Adds `coefficient * symbol`; a cell that cancels to near zero goes.
    mutating func insert(_ symbol: Symbol, _ coefficient: Double = 1) {
        let (found, i) = position(of: symbol)
        if found {
            let sum = cells[i].coefficient + coefficient
            if nearZero(sum) { cells.remove(at: i) } else { cells[i].coefficient = sum }
        } else if !nearZero(coefficient) {
            cells.insert(Cell(symbol: symbol, coefficient: coefficient), at: i)
            signature |= Row.bit(symbol)
        }
    }

    /// Adds `coefficient * other` (a merge of the two sorted cell lists).
    mutating func insert(_ other: Row, _ coefficient: Double = 1) {
        constant += other.constant * coefficient
        if other.cells.isEmpty { return }
        if other.cells.count == 1 {
            insert(other.cells[0].symbol, other.cells[0].coefficient * coefficient)
            return
        }
        var merged: [Cell] = []
        merged.reserveCapacity(cells.count + other.cells.count)
        var mask: UInt64 = 0
        var i = 0, j = 0
        while i < cells.count || j < other.cells.count {
            if j == other.cells.count || (i < cells.count && cells[i].symbol.id < other.cells[j].symbol.id) {
                merged.append(cells[i])
                mask |= Row.bit(cells[i].symbol)
                i += 1
            } else if i == cells.count || other.cells[j].symbol.id < cells[i].symbol.id {
                let c = other.cells[j].coefficient * coefficient
                if !nearZero(c) {
                    merged.append(Cell(symbol: other.cells[j].symbol, coefficient: c))
                    mask |= Row.bit(other.cells[j].symbol)
                }
                j += 1
            } else {
                let c = cells[i].coefficient + other.cells[j].coefficient * coefficient
                if !nearZero(c) {
                    merged.append(Cell(symbol: cells[i].symbol, coefficient: c))
                    mask |= Row.bit(cells[i].symbol)
                }
                i += 1
                j += 1
            }
        }
        cells = merged
        signature = mask
    }

    mutating func remove(_ symbol: Symbol) {
        let (found, i) = position(of: symbol)
        if found { cells.remove(at: i) }
    }

    mutating func reverseSign() {
        constant = -constant
        for i in cells.indices { cells[i].coefficient = -cells[i].coefficient }
    }

    /// Turns `0 = this row` into `symbol = ...` (the symbol must be in the row).
    mutating func solve(for symbol: Symbol) {
        let (found, i) = position(of: symbol)
        precondition(found, "solve(for:) on a symbol not in the row")
        let scale = -1 / cells[i].coefficient
        cells.remove(at: i)
        constant *= scale
        for k in cells.indices { cells[k].coefficient *= scale }
    }

    /// Turns `lhs = this row` into `rhs = ...`.
    mutating func solve(for lhs: Symbol, _ rhs: Symbol) {
        insert(lhs, -1)
        solve(for: rhs)
    }

    /// Replaces `symbol` by `row` (the symbol's new definition).
    mutating func substitute(_ symbol: Symbol, _ row: Row) {
        guard mayContain(symbol) else { return }
        let (found, i) = position(of: symbol)
        guard found else { return }
        let coefficient = cells[i].coefficient
        cells.remove(at: i)
        insert(row, coefficient)
    }
}

/// The basic rows, by their basic symbol, kept in an array so they are scanned and changed in
/// place in a fixed order.
struct RowTable {
    private(set) var symbols: [Symbol] = []
    var rows: [Row] = []
    private var index: [Symbol: Int] = [:]

    var count: Int { rows.count }

    func position(of symbol: Symbol) -> Int? { index[symbol] }

    subscript(symbol: Symbol) -> Row? { index[symbol].map { rows[$0] } }

    mutating func insert(_ symbol: Symbol, _ row: Row) {
        if let i = index[symbol] {
            rows[i] = row
        } else {
            index[symbol] = rows.count
            symbols.append(symbol)
            rows.append(row)
        }
    }

    /// Removes and returns the row of `symbol` (the last row takes its place).
    @discardableResult
    mutating func remove(_ symbol: Symbol) -> Row? {
        guard let i = index.removeValue(forKey: symbol) else { return nil }
        let row = rows[i]
        let last = rows.count - 1
        if i != last {
            rows[i] = rows[last]
            symbols[i] = symbols[last]
            index[symbols[i]] = i
        }
        rows.removeLast()
        symbols.removeLast()
        return row
    }
}
