import XCTest

@testable import ConstraintSolver

/// Pinned or free: whether the constraints fix a variable among all equally good solutions.
final class AmbiguityTests: XCTestCase {
    func testAnUnderdeterminedSumIsFreeUntilAWishPinsIt() throws {
        let x = Variable("x"), y = Variable("y")
        let solver = Solver()
        try solver.addConstraint(x + y == 10)
        XCTAssertFalse(solver.isPinned(x))
        XCTAssertFalse(solver.isPinned(y))
        XCTAssertEqual(solver.optimalRange(of: x), -.infinity...(.infinity))
        try solver.addConstraint((x == 3).withPriority(250))
        XCTAssertTrue(solver.isPinned(x))
        XCTAssertTrue(solver.isPinned(y))
    }

    func testABoxWithoutAPreferenceIsAmbiguous() throws {
        let x = Variable("x")
        let solver = Solver()
        try solver.addConstraint(x >= 0)
        try solver.addConstraint(x <= 10)
        XCTAssertEqual(solver.optimalRange(of: x), 0...10)
        XCTAssertFalse(solver.isPinned(x))
        // Only above: unbounded one way.
        let y = Variable("y")
        try solver.addConstraint(y >= 5)
        XCTAssertEqual(solver.optimalRange(of: y), 5...(.infinity))
    }

    /// x >= 0 and x <= 0 pin x, though each alone leaves it a slack (a degenerate vertex).
    func testTwoInequalitiesThatMeetPin() throws {
        let x = Variable("x"), y = Variable("y")
        let solver = Solver()
        try solver.addConstraint(x >= 0)
        try solver.addConstraint(x <= 0)
        try solver.addConstraint(y >= x)
        try solver.addConstraint(y <= 2 * x)
        XCTAssertTrue(solver.isPinned(x))
        XCTAssertTrue(solver.isPinned(y))
    }

    /// Equal costs at the same priority: x + y == 10 with wishes x == 0 and y == 0 costs 10
    /// wherever the split, so neither is pinned; a wish at a lower priority settles it.
    func testTiesWithinAPriorityAreAmbiguous() throws {
        let x = Variable("x"), y = Variable("y")
        let solver = Solver()
        try solver.addConstraint(x + y == 10)
        try solver.addConstraint(x >= 0)
        try solver.addConstraint(y >= 0)
        try solver.addConstraint((x == 0).withPriority(500))
        try solver.addConstraint((y == 0).withPriority(500))
        XCTAssertEqual(solver.optimalRange(of: x), 0...10)
        XCTAssertFalse(solver.isPinned(y))
        try solver.addConstraint((x == 4).withPriority(100))
        XCTAssertTrue(solver.isPinned(x))
        solver.updateVariables()
        XCTAssertEqual(x.value, 4, accuracy: 1e-9)
        XCTAssertEqual(y.value, 6, accuracy: 1e-9)
    }

    /// A broken wish at a higher priority does not make its variable free: the range is taken
    /// over the solutions as good as the current one only.
    func testTheRangeStaysWithinTheOptimalSolutions() throws {
        let x = Variable("x")
        let solver = Solver()
        try solver.addConstraint(x <= 10)
        try solver.addConstraint((x == 20).withPriority(750))
        XCTAssertEqual(solver.optimalRange(of: x), 10...10)
        XCTAssertTrue(solver.isPinned(x))
        XCTAssertFalse(solver.isPinned(Variable("unseen")))
    }

    func testAnEditedVariableIsPinned() throws {
        let height = Variable("height"), top = Variable("top")
        let solver = Solver()
        try solver.addConstraint(top == height + 20)
        XCTAssertFalse(solver.isPinned(top))
        try solver.addEditVariable(height, strength: .high)
        try solver.suggestValue(height, 90)
        XCTAssertTrue(solver.isPinned(top))
        XCTAssertEqual(solver.optimalRange(of: top), 110...110)
    }
}
