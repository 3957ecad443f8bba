import Foundation

/// The type of a `UIAction`'s handler.
/// https://developer.apple.com/documentation/uikit/uiactionhandler
public typealias UIActionHandler = (UIAction) -> Void

/// An element of a menu: an action or a menu. Menus are kept, never shown: a screen's frames
/// follow the scroll, and a menu appears only when someone touches its button.
/// https://developer.apple.com/documentation/uikit/uimenuelement
@preconcurrency @MainActor open class UIMenuElement: NSObject {
    /// https://developer.apple.com/documentation/uikit/uimenuelement/attributes
    public struct Attributes: OptionSet, Sendable, Hashable {
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

    var storedTitle: String
    var storedImage: UIImage?

    /// https://developer.apple.com/documentation/uikit/uimenuelement/title
    open var title: String { storedTitle }
    /// https://developer.apple.com/documentation/uikit/uimenuelement/image
    open var image: UIImage? { storedImage }
    /// https://developer.apple.com/documentation/uikit/uimenuelement/subtitle
    open var subtitle: String?

    init(title: String, subtitle: String?, image: UIImage?) {
        storedTitle = title
        storedImage = image
        self.subtitle = subtitle
        super.init()
    }

    /// https://developer.apple.com/documentation/uikit/uimenuelement/init(coder:)
    public required init?(coder: NSCoder) { nil }

    /// An identifier made for an element created without one: unique in the run, the same in
    /// every run (no clock or random number in a frame's making).
    static var madeIdentifiers = 0
    static func madeIdentifier(_ kind: String) -> String {
        madeIdentifiers += 1
        return "com.apple.\(kind).dynamic.\(madeIdentifiers)"
    }
}

/// A menu element that performs its action in a closure: a control's or a bar button item's
/// primary action. Its handler runs when a tap step reaches its control or bar button item, or
/// when code calls a control's `sendActions(for:)`.
/// https://developer.apple.com/documentation/uikit/uiaction
@preconcurrency @MainActor open class UIAction: UIMenuElement {
    /// https://developer.apple.com/documentation/uikit/uiaction/identifier-swift.struct
    public struct Identifier: RawRepresentable, Hashable, Sendable {
        public let rawValue: String
        public init(rawValue: String) { self.rawValue = rawValue }
        public init(_ rawValue: String) { self.rawValue = rawValue }
    }

    /// https://developer.apple.com/documentation/uikit/uiaction/title
    open override var title: String {
        get { storedTitle }
        set { storedTitle = newValue }
    }
    /// https://developer.apple.com/documentation/uikit/uiaction/image
    open override var image: UIImage? {
        get { storedImage }
        set { storedImage = newValue }
    }
    /// https://developer.apple.com/documentation/uikit/uiaction/selectedimage
    open var selectedImage: UIImage?
    /// https://developer.apple.com/documentation/uikit/uiaction/identifier-swift.property
    open private(set) var identifier: Identifier
    /// https://developer.apple.com/documentation/uikit/uiaction/discoverabilitytitle
    open var discoverabilityTitle: String?
    /// https://developer.apple.com/documentation/uikit/uiaction/attributes
    open var attributes: UIMenuElement.Attributes
    /// https://developer.apple.com/documentation/uikit/uiaction/state
    open var state: UIMenuElement.State
    /// The control or bar button item that sent the action, while its handler runs.
    /// https://developer.apple.com/documentation/uikit/uiaction/sender
    open internal(set) var sender: Any?

    /// The closure given: run when its control or bar button item is tapped or sends its actions.
    let handler: UIActionHandler

    /// https://developer.apple.com/documentation/uikit/uiaction/init(title:subtitle:image:selectedimage:identifier:discoverabilitytitle:attributes:state:handler:)
    public init(
        title: String = "", subtitle: String? = nil, image: UIImage? = nil, selectedImage: UIImage? = nil, identifier: UIAction.Identifier? = nil,
        discoverabilityTitle: String? = nil, attributes: UIMenuElement.Attributes = [], state: UIMenuElement.State = .off,
        handler: @escaping UIActionHandler
    ) {
        self.selectedImage = selectedImage
        self.identifier = identifier ?? Identifier(UIMenuElement.madeIdentifier("action"))
        self.discoverabilityTitle = discoverabilityTitle
        self.attributes = attributes
        self.state = state
        self.handler = handler
        super.init(title: title, subtitle: subtitle, image: image)
    }

    public required init?(coder: NSCoder) { nil }
}

/// A container of menu elements. Kept, never shown (a menu appears only when touched).
/// https://developer.apple.com/documentation/uikit/uimenu
@preconcurrency @MainActor open class UIMenu: UIMenuElement {
    /// https://developer.apple.com/documentation/uikit/uimenu/identifier-swift.struct
    public struct Identifier: RawRepresentable, Hashable, Sendable {
        public let rawValue: String
        public init(rawValue: String) { self.rawValue = rawValue }
        public init(_ rawValue: String) { self.rawValue = rawValue }
    }

    /// https://developer.apple.com/documentation/uikit/uimenu/options-swift.struct
    public struct Options: OptionSet, Sendable, Hashable {
        public let rawValue: UInt
        public init(rawValue: UInt) { self.rawValue = rawValue }
        public static let displayInline = Options(rawValue: 1 << 0)
        public static let destructive = Options(rawValue: 1 << 1)
        public static let singleSelection = Options(rawValue: 1 << 5)
        public static let displayAsPalette = Options(rawValue: 1 << 7)
    }

    /// https://developer.apple.com/documentation/uikit/uimenu/elementsize
    public enum ElementSize: Int, Sendable {
        case small = 0, medium = 1, large = 2
        case automatic = -1
    }

    /// https://developer.apple.com/documentation/uikit/uimenu/children
    open private(set) var children: [UIMenuElement]
    /// https://developer.apple.com/documentation/uikit/uimenu/identifier-swift.property
    open private(set) var identifier: Identifier
    /// https://developer.apple.com/documentation/uikit/uimenu/options-swift.property
    open private(set) var options: Options
    /// https://developer.apple.com/documentation/uikit/uimenu/preferredelementsize
    open var preferredElementSize: ElementSize

    /// https://developer.apple.com/documentation/uikit/uimenu/init(title:subtitle:image:identifier:options:preferredelementsize:children:)
    public init(
        title: String = "", subtitle: String? = nil, image: UIImage? = nil, identifier: UIMenu.Identifier? = nil, options: UIMenu.Options = [],
        preferredElementSize: UIMenu.ElementSize = .automatic, children: [UIMenuElement] = []
    ) {
        self.children = children
        self.identifier = identifier ?? Identifier(UIMenuElement.madeIdentifier("menu"))
        self.options = options
        self.preferredElementSize = preferredElementSize
        super.init(title: title, subtitle: subtitle, image: image)
    }

    public required init?(coder: NSCoder) { nil }

    /// The actions in this menu and its submenus whose state is on.
    /// https://developer.apple.com/documentation/uikit/uimenu/selectedelements
    open var selectedElements: [UIMenuElement] {
        children.flatMap { child -> [UIMenuElement] in
            if let menu = child as? UIMenu { return menu.selectedElements }
            if let action = child as? UIAction, action.state == .on { return [action] }
            return []
        }
    }

    /// A copy of this menu with other children (the same title, image, identifier and options).
    /// https://developer.apple.com/documentation/uikit/uimenu/replacingchildren(_:)
    open func replacingChildren(_ newChildren: [UIMenuElement]) -> UIMenu {
        UIMenu(
            title: title, subtitle: subtitle, image: image, identifier: identifier, options: options, preferredElementSize: preferredElementSize,
            children: newChildren)
    }
}
