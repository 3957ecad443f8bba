import Foundation

/// Only the axis, for UIStackView, until Auto Layout lands (issue 31 brings the whole class:
/// this file goes when it does).
/// https://developer.apple.com/documentation/uikit/nslayoutconstraint
@MainActor open class NSLayoutConstraint: NSObject {
    /// https://developer.apple.com/documentation/uikit/nslayoutconstraint/axis
    public enum Axis: Int, Sendable {
        case horizontal = 0, vertical = 1
    }
}
