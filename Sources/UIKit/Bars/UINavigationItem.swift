import Foundation

/// What a navigation bar shows while its view controller is on top: the title or a title view,
/// bar button items, the back button's title for the next controller, a search controller, and
/// the bar's appearances for this controller.
/// https://developer.apple.com/documentation/uikit/uinavigationitem
@preconcurrency @MainActor open class UINavigationItem: NSObject {
    /// https://developer.apple.com/documentation/uikit/uinavigationitem/largetitledisplaymode-swift.enum
    public enum LargeTitleDisplayMode: Int, Sendable {
        case automatic = 0, always, never
        /// iOS 17: a large title that scrolls with the content (drawn as `.always` here, said once).
        case inline
    }

    /// https://developer.apple.com/documentation/uikit/uinavigationitem/backactiondisplaymode
    public enum BackButtonDisplayMode: Int, Sendable {
        case `default` = 0, generic, minimal
    }

    /// https://developer.apple.com/documentation/uikit/uinavigationitem/1624949-init
    public init(title: String) {
        self.title = title
        super.init()
    }

    public override init() { super.init() }

    /// nil: the view controller's title.
    /// https://developer.apple.com/documentation/uikit/uinavigationitem/1624956-title
    open var title: String? { didSet { changed() } }
    /// Drawn in place of the inline title, centred in the bar's row at its own size.
    /// https://developer.apple.com/documentation/uikit/uinavigationitem/1624935-titleview
    open var titleView: UIView? { didSet { changed() } }
    open var prompt: String?
    /// https://developer.apple.com/documentation/uikit/uinavigationitem/2909282-largetitledisplaymode
    open var largeTitleDisplayMode = LargeTitleDisplayMode.automatic { didSet { changed() } }

    /// https://developer.apple.com/documentation/uikit/uinavigationitem/1624936-leftbarbuttonitems
    open var leftBarButtonItems: [UIBarButtonItem]? { didSet { changed() } }
    /// From the trailing edge inward.
    /// https://developer.apple.com/documentation/uikit/uinavigationitem/1624956-rightbarbuttonitems
    open var rightBarButtonItems: [UIBarButtonItem]? { didSet { changed() } }
    /// https://developer.apple.com/documentation/uikit/uinavigationitem/1624936-leftbarbuttonitem
    open var leftBarButtonItem: UIBarButtonItem? {
        get { leftBarButtonItems?.first }
        set { leftBarButtonItems = newValue.map { [$0] } }
    }
    /// https://developer.apple.com/documentation/uikit/uinavigationitem/1624957-rightbarbuttonitem
    open var rightBarButtonItem: UIBarButtonItem? {
        get { rightBarButtonItems?.first }
        set { rightBarButtonItems = newValue.map { [$0] } }
    }
    open func setLeftBarButton(_ item: UIBarButtonItem?, animated: Bool) { leftBarButtonItem = item }
    open func setRightBarButton(_ item: UIBarButtonItem?, animated: Bool) { rightBarButtonItem = item }
    open func setLeftBarButtonItems(_ items: [UIBarButtonItem]?, animated: Bool) { leftBarButtonItems = items }
    open func setRightBarButtonItems(_ items: [UIBarButtonItem]?, animated: Bool) { rightBarButtonItems = items }
    /// https://developer.apple.com/documentation/uikit/uinavigationitem/1624932-leftitemssupplementbackbutton
    open var leftItemsSupplementBackButton = false { didSet { changed() } }

    /// The back button's title when the next controller is pushed on this one (nil: this item's title).
    /// https://developer.apple.com/documentation/uikit/uinavigationitem/3548088-backbuttontitle
    open var backButtonTitle: String? { didSet { changed() } }
    /// Its title stands for the back button's (its action is not sent).
    /// https://developer.apple.com/documentation/uikit/uinavigationitem/1624958-backbarbuttonitem
    open var backBarButtonItem: UIBarButtonItem? { didSet { changed() } }
    /// https://developer.apple.com/documentation/uikit/uinavigationitem/3622252-backbuttondisplaymode
    open var backButtonDisplayMode = BackButtonDisplayMode.default { didSet { changed() } }
    /// https://developer.apple.com/documentation/uikit/uinavigationitem/1624961-hidesbackbutton
    open var hidesBackButton = false { didSet { changed() } }
    open func setHidesBackButton(_ hidesBackButton: Bool, animated: Bool) { self.hidesBackButton = hidesBackButton }

    /// Its search bar is drawn in a band under the large title (not interactive).
    /// https://developer.apple.com/documentation/uikit/uinavigationitem/2897305-searchcontroller
    open var searchController: UISearchController? { didSet { changed() } }
    /// https://developer.apple.com/documentation/uikit/uinavigationitem/2897296-hidessearchbarwhenscrolling
    open var hidesSearchBarWhenScrolling = true { didSet { changed() } }

    /// This controller's bar appearances; nil: the bar's.
    /// https://developer.apple.com/documentation/uikit/uinavigationitem/3198027-standardappearance
    open var standardAppearance: UINavigationBarAppearance? { didSet { changed() } }
    /// https://developer.apple.com/documentation/uikit/uinavigationitem/3198025-compactappearance
    open var compactAppearance: UINavigationBarAppearance? { didSet { changed() } }
    /// https://developer.apple.com/documentation/uikit/uinavigationitem/3198026-scrolledgeappearance
    open var scrollEdgeAppearance: UINavigationBarAppearance? { didSet { changed() } }
    open var compactScrollEdgeAppearance: UINavigationBarAppearance? { didSet { changed() } }

    /// The bar showing this item lays itself out again.
    weak var bar: UIView?
    func changed() { bar?.setNeedsLayout() }
}
