import XCTest

@testable import ConstraintSolver

/// Compares `solver` with a fresh solve of `live` (each constraint at its constant now): each
/// variable's optimal range, and the value of each pinned one. Returns how many were pinned.
func assertAgreesWithAFreshSolve(
    _ solver: Solver, _ live: [(Constraint, Double)], _ vs: [Variable], _ what: @autoclosure () -> String,
    file: StaticString = #filePath, line: UInt = #line
) throws -> Int {
    let copies = vs.map { Variable($0.name) }
    func copy(_ v: Variable) -> Variable { copies[vs.firstIndex { $0 === v }!] }
    let fresh = Solver()
    for (c, constant) in live {
        let terms = c.expression.terms.map { Term(copy($0.variable), $0.coefficient) }
        try fresh.addConstraint(Constraint(LinearExpression(terms, constant: constant), c.relation, strength: c.strength))
    }
    solver.updateVariables()
    fresh.updateVariables()
    var pinned = 0
    for (v, f) in zip(vs, copies) {
        let mine = solver.optimalRange(of: v), theirs = fresh.optimalRange(of: f)
        func same(_ a: Double, _ b: Double) -> Bool { a == b || abs(a - b) <= 1e-6 }
        XCTAssertTrue(
            same(mine.lowerBound, theirs.lowerBound) && same(mine.upperBound, theirs.upperBound),
            "\(what()): \(v.name)'s optimal range \(mine), a fresh solve's \(theirs)", file: file, line: line)
        if fresh.isPinned(f) {
            pinned += 1
            XCTAssertEqual(v.value, f.value, accuracy: 1e-6, "\(what()): \(v.name)", file: file, line: line)
        }
    }
    return pinned
}

/// `updateConstant` on constraints of every kind (required or not; ==, <=, >=), compared with a
/// fresh solver given the same constraints at their constants now: the same optimal solutions
/// (each variable's `optimalRange`, which is a property of the system, not of the path to it)
/// and the same value for every pinned variable.
final class ConstantMoveTests: XCTestCase {
    /// The self-sizing cell's shape: two labels stacked in a content view of a held height, each
    /// hugging (<= @250) and resisting compression (>= @750) at its intrinsic height. The
    /// intrinsic heights (non-required inequalities) and the held height (a required equality)
    /// move across the point where the labels stop fitting, and back.
    func testIntrinsicHeightsMovedAcrossWhereTheyFitAgreeWithAFreshSolve() throws {
        let top = Variable("sender.minY"), a = Variable("sender.height"), b = Variable("preview.height"), h = Variable("content.height")
        let vs = [top, a, b, h]
        let held = h == 100
        let hugA = (a <= 20).withPriority(250), resistA = (a >= 20).withPriority(750)
        let hugB = (b <= 40).withPriority(250), resistB = (b >= 40).withPriority(750)
        // The last: equal-priority wishes that keep the optimum unique when the labels are squeezed.
        var live = [held, top == 11, top + a + 4 + b + 11 == h, hugA, resistA, hugB, resistB, (a == 0).withPriority(100)]
            .map { ($0, $0.expression.constant) }
        let solver = Solver()
        for (c, _) in live { try solver.addConstraint(c) }
        var compared = 0
        for (intrinsicB, height) in [(62.0, 100.0), (62, 0), (10, 0), (10, 120), (62, 120), (200, 120), (40, 300), (-5, 50), (40, 100)] {
            for (c, k) in [(hugB, -intrinsicB), (resistB, -intrinsicB), (held, -height)] {
                try solver.updateConstant(of: c, to: k)
                live[live.firstIndex { $0.0 === c }!].1 = k
                compared += try assertAgreesWithAFreshSolve(solver, live, vs, "preview \(intrinsicB), content \(height)")
            }
        }
        XCTAssertGreaterThan(compared, 80)
    }

    /// Random systems whose constants move, each move a constraint of a kind taken in turn
    /// (required ==, <=, >=, then non-required ==, <=, >=), every one compared with a fresh solve.
    func testRandomConstantMovesOfEveryKindAgreeWithAFreshSolve() throws {
        var random = KiwiDifferentialTests.Random(state: 3131)
        let kinds: [(required: Bool, relation: Constraint.Relation)] = [
            (true, .equal), (true, .lessThanOrEqual), (true, .greaterThanOrEqual),
            (false, .equal), (false, .lessThanOrEqual), (false, .greaterThanOrEqual),
        ]
        var moved = [Int](repeating: 0, count: kinds.count), refused = 0, compared = 0, free = 0
        for system in 0..<120 {
            let vs = (0..<random.int(2...5)).map { Variable("v\($0)") }
            let solver = Solver()
            var live: [(Constraint, Double)] = []
            for k in 0..<random.int(4...9) {
                let kind = kinds[k % kinds.count]
                var pool = Array(vs.indices)
                let terms = (0..<random.int(1...min(3, vs.count))).map { _ in
                    Term(vs[pool.remove(at: random.int(0...(pool.count - 1)))], random.pick([-2, -1, -0.5, 1, 2]))
                }
                let strength = kind.required ? Strength.required : Strength(random.pick([250, 500, 750]), weight: Double(random.int(1...2)))
                let c = Constraint(LinearExpression(terms, constant: Double(random.int(-40...40))), kind.relation, strength: strength)
                let result = Result { () throws(SolverError) in try solver.addConstraint(c) }
                if case .success = result { live.append((c, c.expression.constant)) }
            }
            for v in vs where random.chance(0.5) {
                let c = (v == Double(random.int(-30...30))).withPriority(100)
                try solver.addConstraint(c)
                live.append((c, c.expression.constant))
            }
            for step in 0..<12 {
                let kind = kinds[step % kinds.count]
                let candidates = live.indices.filter {
                    live[$0].0.strength.isRequired == kind.required && live[$0].0.relation == kind.relation
                }
                guard let i = candidates.isEmpty ? nil : random.pick(candidates) else { continue }
                let constant = live[i].1 + Double(random.int(-60...60))
                let result = Result { () throws(SolverError) in try solver.updateConstant(of: live[i].0, to: constant) }
                switch result {
                case .success:
                    live[i].1 = constant
                    moved[step % kinds.count] += 1
                case .failure(let error):
                    guard case .unsatisfiableConstraint = error else { throw error }
                    XCTAssertTrue(kind.required, "system \(system): a non-required constraint's constant refused")
                    refused += 1
                }
                let pinned = try assertAgreesWithAFreshSolve(solver, live, vs, "system \(system) step \(step)")
                compared += pinned
                free += vs.count - pinned
            }
        }
        for (kind, count) in zip(kinds, moved) { XCTAssertGreaterThan(count, 80, "moves of \(kind)") }
        XCTAssertGreaterThan(refused, 10)
        XCTAssertGreaterThan(compared, 3 * free)
        print("constant moves against a fresh solve: \(moved) moves by kind, \(refused) refused, \(compared) pinned values, \(free) free")
    }
}
