import ConstraintSolver
import Foundation

/// ConstraintSolver on a screen-like system (issue "Auto Layout": re-solving after a constant
/// changes < 0.5 ms a frame for a 200-view screen): `views` views of four variables (left, top,
/// width, height) in a 390-point container, stacked with 8-point gaps, each pinned to the margins
/// or hugging a width, with an intrinsic height at 750, a floor and a weak ceiling: 6 constraints a
/// view. The first view's height is an edit variable (the stretchy header's height constant).
/// Best of `runs`: the first add of every constraint, then suggestValue + updateVariables per frame
/// over 600 frames of a header height swinging between 100 and 400 points, then the same frames
/// through updateConstant on a required height constraint; each run checks the last view's top.
func solverBenchmark(runs: Int) {
    print("ConstraintSolver, a screen-like system (best of \(runs)):")
    print(
        "| views | variables | constraints | first add of all ms | re-solve per frame ms (suggestValue + updateVariables) "
            + "| the same through updateConstant ms | isPinned, one variable ms |")
    print("|---|---|---|---|---|---|---|")
    for views in [50, 200, 1000] {
        var add = Double.infinity, frame = Double.infinity, constant = Double.infinity, pinned = Double.infinity
        var constraintCount = 0, variableCount = 0
        for _ in 0..<runs {
            let solver = Solver()
            let containerLeft = Variable("container.left"), containerWidth = Variable("container.width")
            var constraints = [containerLeft == 0, containerWidth == 390]
            var previousBottom: LinearExpression = LinearExpression(constant: 0)
            var header: Variable?
            var last: Variable?
            for i in 0..<views {
                let left = Variable("v\(i).left"), top = Variable("v\(i).top"), width = Variable("v\(i).width"), height = Variable("v\(i).height")
                constraints.append(left == containerLeft + 16)
                if i % 2 == 0 {
                    constraints.append(left + width == containerLeft + containerWidth - 16)
                } else {
                    constraints.append(left + width <= containerLeft + containerWidth - 16)
                    constraints.append((width == Double(120 + i % 7 * 30)).withPriority(250))
                }
                constraints.append(top == previousBottom + 8)
                constraints.append(height >= 20)
                constraints.append((height == Double(44 + i % 5 * 10)).withPriority(750))
                constraints.append((height <= 90).withPriority(250))
                previousBottom = top + height
                if header == nil { header = height }
                last = top
            }
            constraintCount = constraints.count
            variableCount = 2 + 4 * views
            let t0 = now()
            do {
                for c in constraints { try solver.addConstraint(c) }
                try solver.addEditVariable(header!, strength: Strength(999))
                try solver.suggestValue(header!, 100)
                solver.updateVariables()
            } catch { fail("solver: \(error)") }
            add = min(add, (now() - t0) * 1000)

            let frames = 600
            let t1 = now()
            do {
                for f in 0..<frames {
                    // 100 -> 400 -> 100 points, as a pull down and back.
                    let phase = Double(f % 120) / 60
                    try solver.suggestValue(header!, 100 + 300 * (phase <= 1 ? phase : 2 - phase))
                    solver.updateVariables()
                }
            } catch { fail("solver: \(error)") }
            frame = min(frame, (now() - t1) * 1000 / Double(frames))
            // The answer must be the layout's: the last view's top follows the header.
            var expected = 8.0
            for i in 0..<(views - 1) { expected += (i == 0 ? 0 : Double(44 + i % 5 * 10)) + 8 }
            do {
                try solver.suggestValue(header!, 250)
                solver.updateVariables()
            } catch { fail("solver: \(error)") }
            guard abs(last!.value - (expected + (views > 1 ? 250 : 0))) < 1e-6 else {
                fail("solver: the last view's top is \(last!.value), expected \(expected + 250)")
            }
            let t2 = now()
            guard solver.isPinned(last!) else { fail("solver: the last view's top is not pinned") }
            pinned = min(pinned, (now() - t2) * 1000)

            // The same frames through a required height constraint whose constant moves (UIKit's
            // NSLayoutConstraint.constant), instead of an edit variable.
            let fixed = header! == 100
            do {
                try solver.removeEditVariable(header!)
                try solver.addConstraint(fixed)
            } catch { fail("solver: \(error)") }
            let t3 = now()
            do {
                for f in 0..<frames {
                    let phase = Double(f % 120) / 60
                    try solver.updateConstant(of: fixed, to: -(100 + 300 * (phase <= 1 ? phase : 2 - phase)))
                    solver.updateVariables()
                }
                try solver.updateConstant(of: fixed, to: -250)
                solver.updateVariables()
            } catch { fail("solver: \(error)") }
            constant = min(constant, (now() - t3) * 1000 / Double(frames))
            guard abs(last!.value - (expected + (views > 1 ? 250 : 0))) < 1e-6 else {
                fail("solver: the last view's top is \(last!.value) after updateConstant, expected \(expected + 250)")
            }
        }
        print(
            "| \(views) | \(variableCount) | \(constraintCount) | \(format(add, 2)) | \(format(frame, 4)) | \(format(constant, 4)) "
                + "| \(format(pinned, 3)) |")
    }
}
