import Foundation

/// The base of a menu's elements (an action, a menu): a title, an image, attributes and a state.
/// https://developer.apple.com/documentation/uikit/uimenuelement
@MainActor open class UIMenuElement: NSObject {
    /// https://developer.apple.com/documentation/uikit/uimenuelement/attributes
    public struct Attributes: OptionSet, Hashable, Sendable {
        public let rawValue: UInt
        public init(rawValue: UInt) { self.rawValue = rawValue }
        public static let disabled = Attributes(rawValue: 1 << 0)
        public static let destructive = Attributes(rawValue: 1 << 1)
        public static let hidden = Attributes(rawValue: 1 << 2)
        public static let keepsMenuPresented = Attributes(rawValue: 1 << 3)
    }

    /// https://developer.apple.com/documentation/uikit/uimenuelement/state
    public enum State: Int, Sendable {
        case off = 0, on, mixed
    }

    /// https://developer.apple.com/documentation/uikit/uimenuelement/title
    open var title: String
    /// https://developer.apple.com/documentation/uikit/uimenuelement/subtitle
    open var subtitle: String?
    /// https://developer.apple.com/documentation/uikit/uimenuelement/image
    open var image: UIImage?

    init(title: String, subtitle: String?, image: UIImage?) {
        self.title = title; self.subtitle = subtitle; self.image = image
        super.init()
    }
}

/// A menu element that performs its action in a closure: a control's or a bar button item's
/// primary action. Here a handler runs when code calls `sendActions(for:)` on a control (there are
/// no touches to trigger one).
/// https://developer.apple.com/documentation/uikit/uiaction
@MainActor open class UIAction: UIMenuElement {
    /// https://developer.apple.com/documentation/uikit/uiaction/identifier
    public struct Identifier: Hashable, RawRepresentable, Sendable {
        public let rawValue: String
        public init(rawValue: String) { self.rawValue = rawValue }
        public init(_ rawValue: String) { self.rawValue = rawValue }
    }

    /// https://developer.apple.com/documentation/uikit/uiaction/identifier
    open var identifier: Identifier
    /// https://developer.apple.com/documentation/uikit/uiaction/discoverabilitytitle
    open var discoverabilityTitle: String?
    /// https://developer.apple.com/documentation/uikit/uiaction/attributes
    open var attributes: UIMenuElement.Attributes
    /// https://developer.apple.com/documentation/uikit/uiaction/state
    open var state: UIMenuElement.State
    /// The control that sent the action, while the handler runs.
    /// https://developer.apple.com/documentation/uikit/uiaction/sender
    open internal(set) var sender: Any?
    let handler: UIActionHandler
    /// Actions made so far: an action without an identifier gets a unique one (not random, so runs repeat).
    private static var made = 0

    /// https://developer.apple.com/documentation/uikit/uiaction/init(title:subtitle:image:selectedimage:identifier:discoverabilitytitle:attributes:state:handler:)
    public init(
        title: String = "", subtitle: String? = nil, image: UIImage? = nil, selectedImage: UIImage? = nil, identifier: UIAction.Identifier? = nil,
        discoverabilityTitle: String? = nil, attributes: UIMenuElement.Attributes = [], state: UIMenuElement.State = .off,
        handler: @escaping UIActionHandler
    ) {
        UIAction.made += 1
        self.identifier = identifier ?? Identifier("action.\(UIAction.made)")
        self.discoverabilityTitle = discoverabilityTitle
        self.attributes = attributes
        self.state = state
        self.handler = handler
        super.init(title: title, subtitle: subtitle, image: image)
    }
}

/// https://developer.apple.com/documentation/uikit/uiactionhandler
public typealias UIActionHandler = @MainActor (UIAction) -> Void
