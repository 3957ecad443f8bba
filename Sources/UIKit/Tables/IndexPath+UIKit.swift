import Foundation

/// A table's or collection's row: Foundation's IndexPath with UIKit's row and section (UIKit adds
/// them on Apple's platforms; Foundation on Linux has no such extension).
/// https://developer.apple.com/documentation/foundation/indexpath
extension IndexPath {
    /// https://developer.apple.com/documentation/foundation/indexpath/1779656-init
    public init(row: Int, section: Int) { self.init(indexes: [section, row]) }
    /// https://developer.apple.com/documentation/foundation/indexpath/1780225-init
    public init(item: Int, section: Int) { self.init(indexes: [section, item]) }

    /// https://developer.apple.com/documentation/foundation/indexpath/1779828-section
    public var section: Int {
        get { self[0] }
        set { self[0] = newValue }
    }
    /// https://developer.apple.com/documentation/foundation/indexpath/1780091-row
    public var row: Int {
        get { self[1] }
        set { self[1] = newValue }
    }
    /// https://developer.apple.com/documentation/foundation/indexpath/1779760-item
    public var item: Int {
        get { self[1] }
        set { self[1] = newValue }
    }
}
