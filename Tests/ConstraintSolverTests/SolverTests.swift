import XCTest

@testable import ConstraintSolver

/// Systems solved by hand: equalities, inequalities, priorities, removal, edit variables.
final class SolverTests: XCTestCase {
    func solve(_ constraints: [Constraint]) throws -> Solver {
        let solver = Solver()
        for c in constraints { try solver.addConstraint(c) }
        solver.updateVariables()
        return solver
    }

    func testEqualities() throws {
        let x = Variable("x"), y = Variable("y")
        _ = try solve([x + y == 10, x - y == 2])
        XCTAssertEqual(x.value, 6, accuracy: 1e-12)
        XCTAssertEqual(y.value, 4, accuracy: 1e-12)
    }

    func testThreeEqualitiesInThreeUnknowns() throws {
        // 2x + y - z = 8, -3x - y + 2z = -11, -2x + y + 2z = -3: x = 2, y = 3, z = -1.
        let x = Variable("x"), y = Variable("y"), z = Variable("z")
        _ = try solve([2 * x + y - z == 8, -3 * x - y + 2 * z == -11, -2 * x + y + 2 * z == -3])
        XCTAssertEqual(x.value, 2, accuracy: 1e-9)
        XCTAssertEqual(y.value, 3, accuracy: 1e-9)
        XCTAssertEqual(z.value, -1, accuracy: 1e-9)
    }

    func testInequalitiesHoldAgainstWeakerWishes() throws {
        let x = Variable("x"), y = Variable("y")
        _ = try solve([x >= 5, (x == 0).withPriority(250), y <= 3, (y == 10).withPriority(250)])
        XCTAssertEqual(x.value, 5, accuracy: 1e-12)
        XCTAssertEqual(y.value, 3, accuracy: 1e-12)
        // An inequality with room leaves the wish alone.
        let z = Variable("z")
        _ = try solve([z <= 100, z >= -100, (z == 42).withPriority(1)])
        XCTAssertEqual(z.value, 42, accuracy: 1e-12)
    }

    func testAPlainAPIBesideTheOperators() throws {
        let x = Variable("x"), y = Variable("y")
        let sum = Expression([Term(x), Term(y, 2)], constant: -10) // x + 2y - 10
        let solver = Solver()
        try solver.addConstraint(Constraint(sum, .equal))
        try solver.addConstraint(Constraint(x, .equal, Expression(constant: 4), strength: Strength(500)))
        solver.updateVariables()
        XCTAssertEqual(x.value, 4, accuracy: 1e-12)
        XCTAssertEqual(y.value, 3, accuracy: 1e-12)
        XCTAssertEqual(solver.value(of: y), 3, accuracy: 1e-12)
    }

    /// Two views side by side in a 320-point container: margins 16, spacing 8, equal widths.
    func testTwoViewsSideBySide() throws {
        let container = Variable("container.width")
        let aLeft = Variable("a.left"), aWidth = Variable("a.width"), bLeft = Variable("b.left"), bWidth = Variable("b.width")
        _ = try solve([
            container == 320,
            aLeft == 16,
            bLeft == aLeft + aWidth + 8,
            bLeft + bWidth == container - 16,
            aWidth == bWidth,
            (aWidth == 44).withPriority(250), // an intrinsic width, weaker than the layout
        ])
        XCTAssertEqual(aWidth.value, 140, accuracy: 1e-9)
        XCTAssertEqual(bLeft.value, 164, accuracy: 1e-9)
        XCTAssertEqual(bWidth.value, 140, accuracy: 1e-9)
    }

    func testAHigherPriorityWins() throws {
        let x = Variable("x"), y = Variable("y")
        _ = try solve([(x == 20).withPriority(749), (x == 10).withPriority(750), x + y == 100, (y == 0).withPriority(500)])
        XCTAssertEqual(x.value, 10, accuracy: 1e-12)
        XCTAssertEqual(y.value, 90, accuracy: 1e-12)
    }

    /// UIKit's rule: any number of violations at 749 never outweighs one at 750, whatever their
    /// number, size or weight -- priorities are ordered, not weighted.
    func testFiveHundredAt749NeverOutweighOneAt750() throws {
        let x = Variable("x")
        let solver = Solver()
        for _ in 0..<500 { try solver.addConstraint((x == 1000).withPriority(749)) }
        try solver.addConstraint((x == 0).withPriority(750))
        try solver.addConstraint(Constraint(x, .equal, Expression(constant: 1e6), strength: Strength(749, weight: 1e9)))
        solver.updateVariables()
        XCTAssertEqual(x.value, 0, accuracy: 1e-9)
        // Remove the 750 and the 749s decide.
        let strongest = solver.allConstraints.first { $0.strength.priority == 750 }!
        try solver.removeConstraint(strongest)
        solver.updateVariables()
        XCTAssertEqual(x.value, 1e6, accuracy: 1e-6)
    }

    /// Within one priority, violations add up (with their weights): three wishes at one value beat
    /// one at another, and a weight of 5 beats them.
    func testViolationsAddUpWithinAPriority() throws {
        let x = Variable("x")
        let solver = try solve([(x == 1).withPriority(500), (x == 1).withPriority(500), (x == 1).withPriority(500), (x == 7).withPriority(500)])
        XCTAssertEqual(x.value, 1, accuracy: 1e-12)
        try solver.addConstraint(Constraint(x, .equal, Expression(constant: 7), strength: Strength(500, weight: 5)))
        solver.updateVariables()
        XCTAssertEqual(x.value, 7, accuracy: 1e-12)
    }

    func testRemovingConstraints() throws {
        let x = Variable("x")
        let strong = (x == 10).withPriority(750), weak = (x == 20).withPriority(500), required = x <= 15
        let solver = try solve([strong, weak, required])
        XCTAssertEqual(x.value, 10)
        try solver.removeConstraint(strong)
        solver.updateVariables()
        XCTAssertEqual(x.value, 15, accuracy: 1e-12)
        try solver.removeConstraint(required)
        solver.updateVariables()
        XCTAssertEqual(x.value, 20, accuracy: 1e-12)
        try solver.addConstraint(strong)
        solver.updateVariables()
        XCTAssertEqual(x.value, 10, accuracy: 1e-12)
        // A required equality removed makes room for another.
        let five = x == 5
        try solver.addConstraint(five)
        XCTAssertThrowsError(try solver.addConstraint(x == 7))
        try solver.removeConstraint(five)
        try solver.addConstraint(x == 7)
        solver.updateVariables()
        XCTAssertEqual(x.value, 7, accuracy: 1e-12)
        XCTAssertFalse(solver.hasConstraint(five))
    }

    func testRemovingEveryConstraintLeavesAnEmptyTableau() throws {
        let x = Variable("x"), y = Variable("y")
        let all = [x + y == 10, x >= 2, (x == 8).withPriority(300), (y <= 1).withPriority(600), 2 * x - y <= 30]
        let solver = try solve(all)
        for c in all.reversed() { try solver.removeConstraint(c) }
        XCTAssertEqual(solver.tableau.rows.count, 0)
        XCTAssertTrue(solver.tableau.objective.isEmpty)
        solver.updateVariables()
        XCTAssertEqual(x.value, 0)
    }

    /// The stretchy header's case: a height whose constant follows the scroll offset every frame.
    func testEditVariables() throws {
        let height = Variable("header.height"), top = Variable("content.top"), total = Variable("total")
        let solver = Solver()
        try solver.addConstraint(top == height + 8)
        try solver.addConstraint(height >= 100)
        try solver.addConstraint(total == top + 500)
        try solver.addEditVariable(height, strength: .high)
        XCTAssertTrue(solver.hasEditVariable(height))
        for (wished, expected) in [(250.0, 250.0), (310, 310), (40, 100), (100, 100), (180.5, 180.5)] {
            try solver.suggestValue(height, wished)
            solver.updateVariables()
            XCTAssertEqual(height.value, expected, accuracy: 1e-9)
            XCTAssertEqual(top.value, expected + 8, accuracy: 1e-9)
            XCTAssertEqual(total.value, expected + 508, accuracy: 1e-9)
        }
        try solver.removeEditVariable(height)
        XCTAssertFalse(solver.hasEditVariable(height))
        try solver.addConstraint((height == 120).withPriority(250))
        solver.updateVariables()
        XCTAssertEqual(height.value, 120, accuracy: 1e-9)
    }

    /// Two edits at different priorities: the stronger one has its way where they disagree.
    func testEditsAtTwoPriorities() throws {
        let left = Variable("left"), width = Variable("width"), right = Variable("right")
        let solver = Solver()
        try solver.addConstraint(right == left + width)
        try solver.addConstraint(right <= 300)
        try solver.addConstraint(width >= 0)
        try solver.addEditVariable(left, strength: .high)
        try solver.addEditVariable(width, strength: .low)
        try solver.suggestValue(left, 100)
        try solver.suggestValue(width, 150)
        solver.updateVariables()
        XCTAssertEqual(right.value, 250, accuracy: 1e-9)
        try solver.suggestValue(left, 200)
        solver.updateVariables()
        XCTAssertEqual(left.value, 200, accuracy: 1e-9)
        XCTAssertEqual(width.value, 100, accuracy: 1e-9)
        try solver.suggestValue(left, 350)
        solver.updateVariables()
        XCTAssertEqual(left.value, 300, accuracy: 1e-9)
        XCTAssertEqual(width.value, 0, accuracy: 1e-9)
    }

    /// suggestValue re-solves from the current tableau with the dual simplex: the answer is the
    /// one a fresh solver gives for the same wishes, frame after frame.
    func testSuggestionsAgreeWithAFreshSolve() throws {
        var seed: UInt64 = 7
        for frame in 0..<60 {
            seed = seed &* 6364136223846793005 &+ 1442695040888963407
            let wish = Double(seed >> 40 % 400) - 100
            func build() throws -> (Solver, [Variable]) {
                let v = (0..<4).map { Variable("v\($0)") }
                let s = Solver()
                try s.addConstraint(v[1] == v[0] + 20)
                try s.addConstraint(v[2] >= v[1])
                try s.addConstraint(v[2] <= 250)
                try s.addConstraint((v[2] == v[1] + 30).withPriority(500))
                try s.addConstraint(v[3] == v[2] * 2 - v[0])
                try s.addConstraint(v[0] >= -50)
                return (s, v)
            }
            let (incremental, a) = try build()
            try incremental.addEditVariable(a[0], strength: .high)
            for earlier in stride(from: -100.0, through: 300, by: 37) where frame % 2 == 0 { try incremental.suggestValue(a[0], earlier) }
            try incremental.suggestValue(a[0], wish)
            incremental.updateVariables()
            let (fresh, b) = try build()
            try fresh.addConstraint((b[0] == wish).withPriority(750))
            fresh.updateVariables()
            for i in 0..<4 { XCTAssertEqual(a[i].value, b[i].value, accuracy: 1e-9, "frame \(frame), v\(i)") }
        }
    }

    func testDescriptions() {
        let x = Variable("x"), y = Variable("y")
        XCTAssertEqual((x + 2 * y == 10).description, "x + 2*y - 10 == 0 @1000")
        XCTAssertEqual((x >= y).withPriority(750).withIdentifier("gap").description, "'gap' x - y >= 0 @750")
        XCTAssertEqual((0.5 * x <= -3).description, "0.5*x + 3 <= 0 @1000")
    }
}
