import Foundation

/// A search bar's look and text. In a navigation item's search controller it is drawn as the
/// bar's search field (the placeholder and magnifying glass); it takes no input.
/// https://developer.apple.com/documentation/uikit/uisearchbar
@preconcurrency @MainActor open class UISearchBar: UIView {
    /// https://developer.apple.com/documentation/uikit/uisearchbar/1624296-placeholder
    open var placeholder: String? { didSet { superview?.setNeedsLayout() } }
    /// Typed text is not drawn (a screen's frames have no keyboard); the placeholder is.
    open var text: String?
    open var prompt: String?
    open var showsCancelButton = false
    open var showsBookmarkButton = false
    open var showsScopeBar = false
    open var scopeButtonTitles: [String]?
    open var selectedScopeButtonIndex = 0
    open var barTintColor: UIColor?
    open var searchBarStyle = UISearchBar.Style.default
    open var isTranslucent = true

    /// https://developer.apple.com/documentation/uikit/uisearchbar/style
    public enum Style: UInt, Sendable { case `default` = 0, prominent, minimal }
}

/// Holds the search bar a navigation item shows; presenting results is not drawn.
/// https://developer.apple.com/documentation/uikit/uisearchcontroller
@preconcurrency @MainActor open class UISearchController: UIViewController {
    /// https://developer.apple.com/documentation/uikit/uisearchcontroller/1618658-searchbar
    public let searchBar = UISearchBar(frame: CGRect(x: 0, y: 0, width: 320, height: 52))
    /// https://developer.apple.com/documentation/uikit/uisearchcontroller/1618656-searchresultscontroller
    public let searchResultsController: UIViewController?
    open var isActive = false
    open var obscuresBackgroundDuringPresentation = true
    open var hidesNavigationBarDuringPresentation = true
    open var automaticallyShowsCancelButton = true
    open var automaticallyShowsScopeBar = true
    open weak var searchResultsUpdater: (any UISearchResultsUpdating)?

    /// https://developer.apple.com/documentation/uikit/uisearchcontroller/1618659-init
    public init(searchResultsController: UIViewController?) {
        self.searchResultsController = searchResultsController
        super.init(nibName: nil, bundle: nil)
    }

    public required init?(coder: NSCoder) {
        searchResultsController = nil
        super.init(coder: coder)
    }
}

/// https://developer.apple.com/documentation/uikit/uisearchresultsupdating
@preconcurrency @MainActor public protocol UISearchResultsUpdating: AnyObject {
    func updateSearchResults(for searchController: UISearchController)
}
