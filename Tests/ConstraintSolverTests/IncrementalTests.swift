import XCTest

@testable import ConstraintSolver

/// Long random sequences of adds, removals, constant moves and suggestions on one solver: after
/// each step the incremental answer agrees with a fresh solver given the constraints now in it
/// (pinned values within 1e-6), required constraints hold, and nothing throws but refusals.
final class IncrementalTests: XCTestCase {
    /// True when `body` was refused as unsatisfiable; any other error is thrown on.
    func refused(_ body: () throws(SolverError) -> Void) throws -> Bool {
        let result = Result { () throws(SolverError) in try body() }
        guard case .failure(let error) = result else { return false }
        guard case .unsatisfiableConstraint = error else { throw error }
        return true
    }

    func testLongSequencesAgreeWithAFreshSolve() throws {
        var random = KiwiDifferentialTests.Random(state: 2026)
        var steps = 0, compared = 0, refusedAdds = 0, refusedMoves = 0
        for sequence in 0..<10 {
            let vs = (0..<5).map { Variable("v\($0)") }
            let solver = Solver()
            var live: [(Constraint, Double)] = [] // each constraint and its constant now
            var edited: Variable?
            var wish = 0.0
            for step in 0..<80 {
                steps += 1
                let roll = random.int(0...9)
                if roll < 4 || live.count < 4 {
                    var terms: [Term] = []
                    var pool = Array(0..<vs.count)
                    for _ in 0..<random.int(1...3) {
                        terms.append(Term(vs[pool.remove(at: random.int(0...(pool.count - 1)))], random.pick([-2, -1, 1, 2, 0.5])))
                    }
                    let required = random.chance(0.5)
                    let c = Constraint(
                        LinearExpression(terms, constant: Double(random.int(-50...50))),
                        random.pick([.equal, .lessThanOrEqual, .greaterThanOrEqual]),
                        strength: required ? .required : Strength(random.pick([100, 250, 500, 750, 999]), weight: Double(random.int(1...2))))
                    if try refused({ () throws(SolverError) in try solver.addConstraint(c) }) {
                        refusedAdds += 1
                        XCTAssertTrue(c.strength.isRequired)
                    } else {
                        live.append((c, c.expression.constant))
                    }
                } else if roll < 6 {
                    let (c, _) = live.remove(at: random.int(0...(live.count - 1)))
                    try solver.removeConstraint(c)
                } else if roll < 9 {
                    // Mostly a required one: those are the moves that can be refused.
                    let required = live.indices.filter { live[$0].0.strength.isRequired }
                    let i = !required.isEmpty && random.chance(0.8) ? random.pick(required) : random.int(0...(live.count - 1))
                    let moved = Double(random.int(-150...150))
                    if try refused({ () throws(SolverError) in try solver.updateConstant(of: live[i].0, to: moved) }) {
                        refusedMoves += 1
                        XCTAssertTrue(live[i].0.strength.isRequired)
                    } else {
                        live[i].1 = moved
                    }
                } else if let v = edited {
                    wish = Double(random.int(-80...80))
                    try solver.suggestValue(v, wish)
                } else {
                    edited = vs[random.int(0...(vs.count - 1))]
                    try solver.addEditVariable(edited!, strength: Strength(600))
                    wish = 0
                }
                solver.updateVariables()
                let fresh = Solver()
                let copies = vs.map { Variable($0.name) }
                func copy(_ c: Constraint, _ constant: Double) -> Constraint {
                    let terms = c.expression.terms.map { t in Term(copies[vs.firstIndex { $0 === t.variable }!], t.coefficient) }
                    return Constraint(LinearExpression(terms, constant: constant), c.relation, strength: c.strength)
                }
                for (c, constant) in live { try fresh.addConstraint(copy(c, constant)) }
                if let v = edited { try fresh.addConstraint((copies[vs.firstIndex { $0 === v }!] == wish).withPriority(600)) }
                fresh.updateVariables()
                for (c, constant) in live where c.strength.isRequired {
                    let value = c.expression.terms.reduce(constant) { $0 + $1.coefficient * $1.variable.value }
                    switch c.relation {
                    case .equal: XCTAssertEqual(value, 0, accuracy: 1e-6, "sequence \(sequence) step \(step): \(c)")
                    case .lessThanOrEqual: XCTAssertLessThanOrEqual(value, 1e-6, "sequence \(sequence) step \(step): \(c)")
                    case .greaterThanOrEqual: XCTAssertGreaterThanOrEqual(value, -1e-6, "sequence \(sequence) step \(step): \(c)")
                    }
                }
                for (v, f) in zip(vs, copies) where solver.isPinned(v) {
                    compared += 1
                    XCTAssertEqual(v.value, f.value, accuracy: 1e-6, "sequence \(sequence) step \(step): \(v)")
                }
            }
        }
        XCTAssertGreaterThan(compared, steps * 5 / 3, "too few pinned values compared")
        XCTAssertGreaterThan(refusedAdds, 10)
        XCTAssertGreaterThan(refusedMoves, 5)
        print("incremental against fresh: \(steps) steps, \(compared) pinned values compared, \(refusedAdds) adds and \(refusedMoves) moves refused")
    }
}
