import Foundation

/// How much a constraint matters: 1000 (`required`) must hold; below it, a constraint is kept as
/// far as the ones above it allow. Any number of broken constraints at one priority weighs less
/// than one at a higher priority.
/// https://developer.apple.com/documentation/uikit/uilayoutpriority
public struct UILayoutPriority: RawRepresentable, Hashable, Comparable, Sendable {
    public var rawValue: Float
    public init(rawValue: Float) { self.rawValue = rawValue }
    public init(_ rawValue: Float) { self.rawValue = rawValue }

    /// https://developer.apple.com/documentation/uikit/uilayoutpriority/1622377-required
    public static let required = UILayoutPriority(1000)
    /// https://developer.apple.com/documentation/uikit/uilayoutpriority/1622395-defaulthigh
    public static let defaultHigh = UILayoutPriority(750)
    public static let dragThatCanResizeScene = UILayoutPriority(510)
    public static let sceneSizeStayPut = UILayoutPriority(500)
    public static let dragThatCannotResizeScene = UILayoutPriority(490)
    /// https://developer.apple.com/documentation/uikit/uilayoutpriority/1622250-defaultlow
    public static let defaultLow = UILayoutPriority(250)
    /// https://developer.apple.com/documentation/uikit/uilayoutpriority/1622248-fittingsizelevel
    public static let fittingSizeLevel = UILayoutPriority(50)

    public static func < (lhs: UILayoutPriority, rhs: UILayoutPriority) -> Bool { lhs.rawValue < rhs.rawValue }
    public static func + (lhs: UILayoutPriority, rhs: Float) -> UILayoutPriority { UILayoutPriority(lhs.rawValue + rhs) }
    public static func - (lhs: UILayoutPriority, rhs: Float) -> UILayoutPriority { UILayoutPriority(lhs.rawValue - rhs) }
}
