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
        let sum = LinearExpression([Term(x), Term(y, 2)], constant: -10) // x + 2y - 10
        let solver = Solver()
        try solver.addConstraint(Constraint(sum, .equal))
        try solver.addConstraint(Constraint(LinearExpression(x), .equal, LinearExpression(constant: 4), strength: Strength(500)))
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
        try solver.addConstraint(Constraint(LinearExpression(x), .equal, LinearExpression(constant: 1e6), strength: Strength(749, weight: 1e9)))
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
        try solver.addConstraint(Constraint(LinearExpression(x), .equal, LinearExpression(constant: 7), strength: Strength(500, weight: 5)))
        solver.updateVariables()
        XCTAssertEqual(x.value, 7, accuracy: 1e-12)
    }

    func testRemovingConstraints() throws {
        let x = Variable("x")
        let strong = (x == 10).withPriority(750), weak = (x == 20).withPriority(500), required = x <= 15
        let solver = try solve([strong, weak, required])
        XCTAssertEqual(x.value, 10)
        XCTAssertEqual(solver.allConstraints.map(ObjectIdentifier.init), [strong, weak, required].map(ObjectIdentifier.init))
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

/// `updateConstant`: a constraint's constant moved in place, required constraints included.
final class ConstantTests: XCTestCase {
    /// The stretchy header with a required height constraint whose constant follows the offset.
    func testARequiredHeightFollowsItsConstant() throws {
        let height = Variable("height"), top = Variable("top")
        let pinned = height == 100
        let solver = Solver()
        try solver.addConstraint(pinned)
        try solver.addConstraint(top == height + 8)
        try solver.addConstraint((top == 0).withPriority(250))
        for h in [250.0, 40, 100, 333.5] {
            try solver.updateConstant(of: pinned, to: -h)
            solver.updateVariables()
            XCTAssertEqual(height.value, h, accuracy: 1e-9)
            XCTAssertEqual(top.value, h + 8, accuracy: 1e-9)
            XCTAssertEqual(solver.constant(of: pinned), -h)
        }
        XCTAssertEqual(pinned.expression.constant, -100, "the constraint itself keeps its first constant")
    }

    func testInequalitiesMoveAndRepairWithTheDualSimplex() throws {
        let x = Variable("x"), y = Variable("y")
        let floor = x >= 10
        let solver = Solver()
        try solver.addConstraint(floor)
        try solver.addConstraint((x == 0).withPriority(250))
        try solver.addConstraint(y == 2 * x)
        for (bound, expected) in [(30.0, 30.0), (-5, 0), (12.5, 12.5)] {
            try solver.updateConstant(of: floor, to: -bound)
            solver.updateVariables()
            XCTAssertEqual(x.value, expected, accuracy: 1e-9)
            XCTAssertEqual(y.value, 2 * expected, accuracy: 1e-9)
        }
        // A non-required constraint moves too.
        let wish = (x == 40).withPriority(500)
        try solver.addConstraint(wish)
        try solver.updateConstant(of: wish, to: -20)
        solver.updateVariables()
        XCTAssertEqual(x.value, 20, accuracy: 1e-9)
    }

    func testAConstantThatCannotHoldIsRefusedAndUndone() throws {
        let x = Variable("x")
        let ceiling = (x <= 50).withIdentifier("ceiling"), floor = (x >= 10).withIdentifier("floor")
        let solver = Solver()
        try solver.addConstraint(ceiling)
        try solver.addConstraint(floor)
        try solver.addConstraint((x == 0).withPriority(250))
        do {
            try solver.updateConstant(of: floor, to: -60)
            XCTFail("x >= 60 with x <= 50 was accepted")
        } catch .unsatisfiableConstraint(let c, let involved) {
            XCTAssertTrue(c === floor)
            XCTAssertEqual(Set(involved.compactMap(\.identifier)), ["floor", "ceiling"])
        }
        XCTAssertEqual(solver.constant(of: floor), -10)
        solver.updateVariables()
        XCTAssertEqual(x.value, 10, accuracy: 1e-9)
        // A repeated equality (its dummy basic) cannot move alone; moving it nowhere is fine.
        let y = Variable("y")
        let ten = y == 10, twenty = 2 * y == 20
        try solver.addConstraint(ten)
        try solver.addConstraint(twenty)
        XCTAssertThrowsError(try solver.updateConstant(of: twenty, to: -30))
        try solver.updateConstant(of: twenty, to: -20)
        XCTAssertThrowsError(try solver.updateConstant(of: x == 3, to: 1)) { error in
            guard case SolverError.unknownConstraint = error else { return XCTFail("\(error)") }
        }
        XCTAssertThrowsError(try solver.updateConstant(of: floor, to: .nan))
    }

    /// Frame after frame, the moved constant gives what a fresh solve of the same system gives.
    func testMovedConstantsAgreeWithAFreshSolve() throws {
        func build(_ gap: Double) throws -> (Solver, [Variable], Constraint) {
            let v = (0..<4).map { Variable("v\($0)") }
            let s = Solver()
            let moving = v[1] == v[0] + gap
            try s.addConstraint(moving)
            try s.addConstraint(v[2] >= v[1])
            try s.addConstraint(v[2] <= 250)
            try s.addConstraint((v[2] == v[1] + 30).withPriority(500))
            try s.addConstraint(v[3] == v[2] * 2 - v[0])
            try s.addConstraint((v[0] == 10).withPriority(750))
            return (s, v, moving)
        }
        let (incremental, a, moving) = try build(20)
        for gap in stride(from: -100.0, through: 300, by: 23) {
            try incremental.updateConstant(of: moving, to: -gap)
            incremental.updateVariables()
            let (fresh, b, _) = try build(gap)
            fresh.updateVariables()
            for i in 0..<4 { XCTAssertEqual(a[i].value, b[i].value, accuracy: 1e-9, "gap \(gap), v\(i)") }
        }
    }
}
