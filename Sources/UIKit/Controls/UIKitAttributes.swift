import Foundation

extension AttributeScopes {
    /// UIKit's attributes of an AttributedString (`string.font = ...`, `string.foregroundColor = ...`),
    /// as a button configuration's attributed title reads them.
    /// https://developer.apple.com/documentation/foundation/attributescopes/uikitattributes
    public struct UIKitAttributes: AttributeScope {
        public let font: FontAttribute
        public let foregroundColor: ForegroundColorAttribute
        public let backgroundColor: BackgroundColorAttribute
        public let kern: KernAttribute
        public let foundation: FoundationAttributes

        /// https://developer.apple.com/documentation/foundation/attributescopes/uikitattributes/fontattribute
        public enum FontAttribute: AttributedStringKey {
            public typealias Value = UIFont
            public static let name = "NSFont"
        }
        /// https://developer.apple.com/documentation/foundation/attributescopes/uikitattributes/foregroundcolorattribute
        public enum ForegroundColorAttribute: AttributedStringKey {
            public typealias Value = UIColor
            public static let name = "NSColor"
        }
        /// https://developer.apple.com/documentation/foundation/attributescopes/uikitattributes/backgroundcolorattribute
        public enum BackgroundColorAttribute: AttributedStringKey {
            public typealias Value = UIColor
            public static let name = "NSBackgroundColor"
        }
        /// https://developer.apple.com/documentation/foundation/attributescopes/uikitattributes/kernattribute
        public enum KernAttribute: AttributedStringKey {
            public typealias Value = CGFloat
            public static let name = "NSKern"
        }
    }

    /// https://developer.apple.com/documentation/foundation/attributescopes/uikit
    public var uiKit: UIKitAttributes.Type { UIKitAttributes.self }
}

extension AttributeDynamicLookup {
    public subscript<T: AttributedStringKey>(dynamicMember keyPath: KeyPath<AttributeScopes.UIKitAttributes, T>) -> T {
        self[T.self]
    }
}
