import XCTest

@testable import ConstraintSolver

/// Every refusal is a thrown `SolverError`, and the solver is left as it was.
final class SolverErrorTests: XCTestCase {
    func error(_ body: () throws -> Void) -> SolverError? {
        do {
            try body()
            return nil
        } catch let e as SolverError {
            return e
        } catch {
            XCTFail("not a SolverError: \(error)")
            return nil
        }
    }

    func testDuplicateAndUnknownConstraints() throws {
        let x = Variable("x")
        let solver = Solver()
        let c = x == 3
        try solver.addConstraint(c)
        guard case .duplicateConstraint(let d)? = error({ try solver.addConstraint(c) }) else { return XCTFail("no duplicate error") }
        XCTAssertTrue(d === c)
        let other = x == 3
        guard case .unknownConstraint(let u)? = error({ try solver.removeConstraint(other) }) else { return XCTFail("no unknown error") }
        XCTAssertTrue(u === other)
        try solver.removeConstraint(c)
        guard case .unknownConstraint? = error({ try solver.removeConstraint(c) }) else { return XCTFail("removed twice") }
    }

    /// A required equality against another: both are named, the solver keeps its solution.
    func testUnsatisfiableEqualities() throws {
        let x = Variable("x"), y = Variable("y")
        let ten = (x == 10).withIdentifier("ten"), eleven = (x == 11).withIdentifier("eleven"), unrelated = y == 3
        let solver = Solver()
        try solver.addConstraint(ten)
        try solver.addConstraint(unrelated)
        guard case .unsatisfiableConstraint(let c, let involved)? = error({ try solver.addConstraint(eleven) }) else {
            return XCTFail("x == 11 was accepted")
        }
        XCTAssertTrue(c === eleven)
        XCTAssertEqual(involved.map(\.identifier), ["eleven", "ten"])
        XCTAssertFalse(solver.hasConstraint(eleven))
        try solver.addConstraint((x == 12).withPriority(750))
        solver.updateVariables()
        XCTAssertEqual(x.value, 10)
        XCTAssertEqual(y.value, 3)
        XCTAssertEqual(
            SolverError.unsatisfiableConstraint(c, involved: involved).description,
            "the required constraint 'eleven' x - 11 == 0 @1000 cannot be satisfied together with: 'ten' x - 10 == 0 @1000")
    }

    /// An inequality goes through phase one (an artificial variable); the chain of constraints
    /// that rules it out is named, the unrelated ones are not, and the tableau is restored.
    func testUnsatisfiableChainThroughPhaseOne() throws {
        let x = Variable("x"), y = Variable("y"), z = Variable("z"), w = Variable("w")
        let a = (x == 10).withIdentifier("a"), b = (y == x + 5).withIdentifier("b"), c = (y <= 12).withIdentifier("c")
        let others = [(z == 4).withIdentifier("z"), (w >= z).withIdentifier("w"), (w == 100).withPriority(300)]
        let solver = Solver()
        for k in others + [a, b] { try solver.addConstraint(k) }
        let rowsBefore = solver.tableau.rows.count
        guard case .unsatisfiableConstraint(let failed, let involved)? = error({ try solver.addConstraint(c) }) else {
            return XCTFail("y <= 12 was accepted")
        }
        XCTAssertTrue(failed === c)
        XCTAssertEqual(Set(involved.compactMap(\.identifier)), ["a", "b", "c"])
        XCTAssertEqual(solver.tableau.rows.count, rowsBefore)
        solver.updateVariables()
        XCTAssertEqual([x.value, y.value, z.value, w.value], [10, 15, 4, 100])
        // The named set is itself unsatisfiable: a fresh solver refuses its last member.
        let fresh = Solver()
        try fresh.addConstraint(involved[1])
        try fresh.addConstraint(involved[2])
        XCTAssertNotNil(error { try fresh.addConstraint(involved[0]) })
    }

    func testUnsatisfiableInequalities() throws {
        let x = Variable("x")
        let solver = Solver()
        try solver.addConstraint(x >= 10)
        guard case .unsatisfiableConstraint(_, let involved)? = error({ try solver.addConstraint(x <= 5) }) else {
            return XCTFail("x <= 5 was accepted")
        }
        XCTAssertEqual(involved.count, 2)
        // A non-required constraint never fails: it is broken instead.
        try solver.addConstraint((x <= 5).withPriority(999))
        solver.updateVariables()
        XCTAssertEqual(x.value, 10)
    }

    func testEditVariableErrors() throws {
        let x = Variable("x"), y = Variable("y")
        let solver = Solver()
        guard case .requiredEditStrength? = error({ try solver.addEditVariable(x, strength: .required) }) else { return XCTFail() }
        guard case .unknownEditVariable? = error({ try solver.suggestValue(x, 3) }) else { return XCTFail() }
        guard case .unknownEditVariable? = error({ try solver.removeEditVariable(y) }) else { return XCTFail() }
        try solver.addEditVariable(x, strength: .high)
        guard case .duplicateEditVariable? = error({ try solver.addEditVariable(x, strength: .low) }) else { return XCTFail() }
        for bad in [Double.nan, .infinity, -.infinity] {
            guard case .nonFiniteValue? = error({ try solver.suggestValue(x, bad) }) else { return XCTFail("suggested \(bad)") }
        }
        try solver.suggestValue(x, 4)
        solver.updateVariables()
        XCTAssertEqual(x.value, 4)
    }

    func testNonFiniteConstraintsAndBadStrengthsAreRefused() throws {
        let x = Variable("x")
        let solver = Solver()
        for bad in [x == .nan, x <= .infinity, Double.infinity * x >= 0, x + Double.nan * x == 1] {
            guard case .nonFiniteValue? = error({ try solver.addConstraint(bad) }) else { return XCTFail("accepted \(bad)") }
        }
        for strength in [Strength(0), Strength(-5), Strength(1001), Strength(.nan), Strength(500, weight: 0), Strength(500, weight: .infinity)] {
            guard case .invalidStrength? = error({ try solver.addConstraint((x == 1).withStrength(strength)) }) else {
                return XCTFail("accepted \(strength)")
            }
            guard case .invalidStrength? = error({ try solver.addEditVariable(x, strength: strength) }) else {
                return XCTFail("accepted edit \(strength)")
            }
        }
        XCTAssertTrue(solver.allConstraints.isEmpty)
        try solver.addConstraint(x == 2)
        solver.updateVariables()
        XCTAssertEqual(x.value, 2)
    }
}
