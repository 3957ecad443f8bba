import Foundation
internal import Scene

// The timing curves and springs live in Scene (Scene/Motion/TimingCurves.swift), shared with the
// layer language's animations; UIKit names a cubic curve's control points as CGPoints.
extension CubicCurve {
    init(p1: CGPoint, p2: CGPoint) { self.init(x1: Double(p1.x), y1: Double(p1.y), x2: Double(p2.x), y2: Double(p2.y)) }

    var p1: CGPoint { CGPoint(x: x1, y: y1) }
    var p2: CGPoint { CGPoint(x: x2, y: y2) }
}
