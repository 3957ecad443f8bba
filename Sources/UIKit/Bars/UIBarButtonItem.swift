import Foundation
internal import Raster
internal import Scene

/// The abstract superclass of the items a bar shows: a title, an image, a tag.
/// https://developer.apple.com/documentation/uikit/uibaritem
@preconcurrency @MainActor open class UIBarItem: NSObject {
    /// https://developer.apple.com/documentation/uikit/uibaritem/1616412-title
    open var title: String? { didSet { changed() } }
    /// https://developer.apple.com/documentation/uikit/uibaritem/1616415-image
    open var image: UIImage? { didSet { changed() } }
    open var landscapeImagePhone: UIImage?
    open var largeContentSizeImage: UIImage?
    open var isEnabled = true
    open var tag = 0
    open var accessibilityIdentifier: String?
    open var accessibilityLabel: String?

    public override init() { super.init() }

    private var titleAttributes: [UInt: [NSAttributedString.Key: Any]] = [:]
    /// The title's attributes for a control state: `.foregroundColor` (in place of the tint),
    /// `.font` (its weight, size and face in place of the bar's 17 pt) and `.shadow` are drawn;
    /// `.normal`'s stand for a state that has none.
    /// https://developer.apple.com/documentation/uikit/uibaritem/1616414-settitletextattributes
    open func setTitleTextAttributes(_ attributes: [NSAttributedString.Key: Any]?, for state: UIControl.State) {
        titleAttributes[state.rawValue] = attributes
        changed()
    }
    /// https://developer.apple.com/documentation/uikit/uibaritem/1616413-titletextattributes
    open func titleTextAttributes(for state: UIControl.State) -> [NSAttributedString.Key: Any]? { titleAttributes[state.rawValue] }

    /// The attributes the title is drawn with: the state's (disabled when not enabled), else normal's.
    var shownTitleAttributes: [NSAttributedString.Key: Any]? {
        (isEnabled ? nil : titleAttributes[UIControl.State.disabled.rawValue]) ?? titleAttributes[UIControl.State.normal.rawValue]
    }

    /// The bar that shows the item lays itself out again.
    weak var bar: UIView?
    func changed() { bar?.setNeedsLayout() }
}

/// A button in a navigation bar or toolbar: a system item, a title, an image or a custom view.
/// A tap on it in a navigation bar runs its primary action's handler, else sends its action to
/// its target; its menu is kept, not shown.
/// https://developer.apple.com/documentation/uikit/uibarbuttonitem
@preconcurrency @MainActor open class UIBarButtonItem: UIBarItem {
    /// https://developer.apple.com/documentation/uikit/uibarbuttonitem/style
    public enum Style: Int, Sendable {
        case plain = 0
        @available(*, deprecated, message: "Use UIBarButtonItem.Style.plain")
        case bordered = 1
        case done = 2
    }

    /// https://developer.apple.com/documentation/uikit/uibarbuttonitem/systemitem
    public enum SystemItem: Int, Sendable {
        case done = 0, cancel, edit, save, add, flexibleSpace, fixedSpace, compose, reply, action, organize, bookmarks, search
        case refresh, stop, camera, trash, play, pause, rewind, fastForward, undo, redo
        @available(*, deprecated) case pageCurl
        case close = 24
    }

    /// https://developer.apple.com/documentation/uikit/uibarbuttonitem/1617155-style
    open var style = Style.plain { didSet { changed() } }
    /// https://developer.apple.com/documentation/uikit/uibarbuttonitem/1617176-width
    open var width: CGFloat = 0
    open weak var target: AnyObject?
    open var action: Selector?
    /// nil: the bar's tint.
    /// https://developer.apple.com/documentation/uikit/uibarbuttonitem/1617153-tintcolor
    open var tintColor: UIColor? { didSet { changed() } }
    /// A view drawn in the item's place, sized by its frame.
    /// https://developer.apple.com/documentation/uikit/uibarbuttonitem/1617151-customview
    open var customView: UIView? { didSet { changed() } }
    open var isHidden = false { didSet { changed() } }
    open var possibleTitles: Set<String>?
    /// Setting an action gives the item its title and image (a system item keeps its own); a tap
    /// on the item runs its handler.
    /// https://developer.apple.com/documentation/uikit/uibarbuttonitem/primaryaction
    open var primaryAction: UIAction? { didSet { tookPrimaryAction() } }
    /// Kept, not drawn: a menu shows only when its button is touched.
    /// https://developer.apple.com/documentation/uikit/uibarbuttonitem/menu
    open var menu: UIMenu?
    /// https://developer.apple.com/documentation/uikit/uibarbuttonitem/changesselectionasprimaryaction
    open var changesSelectionAsPrimaryAction = false
    /// https://developer.apple.com/documentation/uikit/uibarbuttonitem/isselected
    open var isSelected = false
    /// The system item this was made as, or nil.
    let systemItem: SystemItem?

    /// A tap on the item in `bar`, as UIKit answers it: nothing when it is not enabled; its
    /// primary action's handler (the item its sender); else its action to its target, a nil
    /// target being the responder chain from the bar up.
    func tapped(in bar: UIView, event: UIEvent?) {
        guard isEnabled else { return }
        if let primaryAction {
            primaryAction.sender = self
            primaryAction.handler(primaryAction)
            primaryAction.sender = nil
            return
        }
        action?.send(to: target, from: self, chainFrom: bar, event: event, describe: "UIBarButtonItem" + (title.map { " '\($0)'" } ?? ""))
    }

    public override init() {
        systemItem = nil
        super.init()
    }

    /// https://developer.apple.com/documentation/uikit/uibarbuttonitem/1617155-init
    public convenience init(title: String?, style: Style, target: Any?, action: Selector?) {
        self.init()
        self.title = title
        self.style = style
        self.target = target as AnyObject?
        self.action = action
    }

    /// https://developer.apple.com/documentation/uikit/uibarbuttonitem/1617167-init
    public convenience init(image: UIImage?, style: Style, target: Any?, action: Selector?) {
        self.init()
        self.image = image
        self.style = style
        self.target = target as AnyObject?
        self.action = action
    }

    /// https://developer.apple.com/documentation/uikit/uibarbuttonitem/1617148-init
    public init(barButtonSystemItem systemItem: SystemItem, target: Any?, action: Selector?) {
        self.systemItem = systemItem
        super.init()
        self.target = target as AnyObject?
        self.action = action
        if systemItem == .done || systemItem == .save { style = .done }
    }

    /// A plain item with a title, an image, a primary action (whose title and image replace the
    /// ones given) and a menu.
    /// https://developer.apple.com/documentation/uikit/uibarbuttonitem/init(title:image:primaryaction:menu:)
    public convenience init(title: String? = nil, image: UIImage? = nil, primaryAction: UIAction? = nil, menu: UIMenu? = nil) {
        self.init()
        self.title = title
        self.image = image
        self.primaryAction = primaryAction
        tookPrimaryAction()
        self.menu = menu
    }

    /// https://developer.apple.com/documentation/uikit/uibarbuttonitem/init(title:image:target:action:menu:)
    public convenience init(title: String?, image: UIImage?, target: AnyObject?, action: Selector?, menu: UIMenu? = nil) {
        self.init()
        self.title = title
        self.image = image
        self.target = target
        self.action = action
        self.menu = menu
    }

    /// A system item with a primary action (its title and image are not used: the system item's
    /// are) and a menu.
    /// https://developer.apple.com/documentation/uikit/uibarbuttonitem/init(systemitem:primaryaction:menu:)
    public convenience init(systemItem: SystemItem, primaryAction: UIAction? = nil, menu: UIMenu? = nil) {
        self.init(barButtonSystemItem: systemItem, target: nil, action: nil)
        self.primaryAction = primaryAction
        self.menu = menu
    }

    /// The primary action's title and image become the item's (not a system item's).
    private func tookPrimaryAction() {
        guard let primaryAction, systemItem == nil else { return }
        title = primaryAction.title
        image = primaryAction.image
    }

    /// https://developer.apple.com/documentation/uikit/uibarbuttonitem/1617182-init
    public convenience init(customView: UIView) {
        self.init()
        self.customView = customView
    }

    /// https://developer.apple.com/documentation/uikit/uibarbuttonitem/3600776-flexiblespace
    public class func flexibleSpace() -> UIBarButtonItem { UIBarButtonItem(barButtonSystemItem: .flexibleSpace, target: nil, action: nil) }
    /// https://developer.apple.com/documentation/uikit/uibarbuttonitem/3600775-fixedspace
    public class func fixedSpace(_ width: CGFloat) -> UIBarButtonItem {
        let item = UIBarButtonItem(barButtonSystemItem: .fixedSpace, target: nil, action: nil)
        item.width = width
        return item
    }

    /// The word a system item shows in iOS 17/18 (English), or nil for an image item.
    var systemTitle: String? {
        switch systemItem {
        case .done: return "Done"
        case .cancel: return "Cancel"
        case .edit: return "Edit"
        case .save: return "Save"
        case .close: return "Close"
        case .undo: return "Undo"
        case .redo: return "Redo"
        default: return nil
        }
    }

    /// The glyph our bar draws for a system item, where it has one.
    var systemGlyph: NavigationGlyph? {
        switch systemItem {
        case .add: return .plus
        case .search: return .search
        case .action: return .share
        default: return nil
        }
    }

    /// The SF Symbol an image system item shows on iOS 17/18 (the seam to `UIImage(systemName:)`).
    var systemSymbolName: String? {
        switch systemItem {
        case .compose: return "square.and.pencil"
        case .reply: return "arrowshape.turn.up.left"
        case .organize: return "folder"
        case .bookmarks: return "book"
        case .refresh: return "arrow.clockwise"
        case .stop: return "xmark"
        case .camera: return "camera"
        case .trash: return "trash"
        case .play: return "play.fill"
        case .pause: return "pause.fill"
        case .rewind: return "backward.fill"
        case .fastForward: return "forward.fill"
        default: return nil
        }
    }

    /// The item as our bar lays it out: text, one of the bar's glyphs, or an image slot (the image,
    /// a symbol or the custom view goes there); nil for spaces and hidden items.
    func drawn(_ traits: UITraitCollection) -> BarButtonItem? {
        if isHidden || systemItem == .flexibleSpace || systemItem == .fixedSpace { return nil }
        var out: BarButtonItem
        if let view = customView {
            out = BarButtonItem(.slot(width: Double(max(0, view.bounds.width))))
        } else if image != nil {
            out = BarButtonItem(.slot(width: BarButtonItem.glyphWidth))
        } else if let glyph = systemGlyph {
            out = BarButtonItem(.glyph(glyph))
        } else if let text = systemTitle ?? title {
            out = BarButtonItem(.title(text), style: style == .done ? .done : .plain)
            if let attributes = shownTitleAttributes {
                out.titleColor = (attributes[.foregroundColor] as? UIColor)?.color(traits)
                if let font = attributes[.font] as? UIFont {
                    out.titleWeight = font.weight.drawn
                    out.titlePointSize = Double(font.pointSize)
                    out.titleFace = font.drawnFace
                }
                out.titleShadow = (attributes[.shadow] as? NSShadow)?.drawn(traits)
            }
        } else if systemSymbolName != nil {
            out = BarButtonItem(.slot(width: BarButtonItem.glyphWidth))
        } else {
            return nil
        }
        out.tint = tintColor?.color(traits)
        return out
    }
}
