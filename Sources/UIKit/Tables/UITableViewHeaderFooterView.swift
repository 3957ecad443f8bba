import Foundation
internal import Raster
internal import Scene

/// A section's header or footer: a content view with a text label. The table makes one for a
/// section's title (`titleForHeaderInSection`), drawn as the YAML table draws its headers: in
/// a grouped table footnote, uppercase secondaryLabel for a header; in a plain one headline in
/// label color, pinned under the bars on the bar material while its section scrolls past.
/// https://developer.apple.com/documentation/uikit/uitableviewheaderfooterview
@preconcurrency @MainActor open class UITableViewHeaderFooterView: UIView {
    /// https://developer.apple.com/documentation/uikit/uitableviewheaderfooterview/1614880-reuseidentifier
    open private(set) var reuseIdentifier: String?
    /// https://developer.apple.com/documentation/uikit/uitableviewheaderfooterview/1614893-contentview
    open private(set) var contentView = UIView()
    private let ownTextLabel = HeaderLabel()
    private let ownDetailLabel = UILabel()
    /// https://developer.apple.com/documentation/uikit/uitableviewheaderfooterview/1614917-textlabel
    open var textLabel: UILabel? { ownTextLabel }
    open var detailTextLabel: UILabel? { ownDetailLabel }
    open var backgroundView: UIView? {
        didSet {
            oldValue?.removeFromSuperview()
            if let v = backgroundView { insertSubview(v, at: 0) }
        }
    }
    open var contentConfiguration: (any UIContentConfiguration)? {
        didSet {
            if let list = contentConfiguration as? UIListContentConfiguration { ownTextLabel.text = list.text }
        }
    }
    open var backgroundConfiguration: UIBackgroundConfiguration?

    /// Set by the table: where the text goes, the table's style, header or footer, pinned.
    var isHeader = true
    var tableStyle = UITableView.Style.plain
    var textFrame: CGRect?
    var isPinned = false

    /// https://developer.apple.com/documentation/uikit/uitableviewheaderfooterview/1614859-init
    public init(reuseIdentifier: String?) {
        self.reuseIdentifier = reuseIdentifier
        super.init(frame: .zero)
        setUp()
    }

    public required init?(coder: NSCoder) {
        super.init(coder: coder)
        setUp()
    }

    public convenience override init(frame: CGRect) {
        self.init(reuseIdentifier: nil)
        self.frame = frame
    }

    /// How a table makes a registered header or footer class; your subclass inherits it when it
    /// overrides `init(reuseIdentifier:)` or no initializer. Not Apple API.
    public required convenience init(_registeredForReuseIdentifier identifier: String) {
        self.init(reuseIdentifier: identifier)
    }

    private func setUp() {
        addSubview(contentView)
        contentView.addSubview(ownTextLabel)
        ownTextLabel.owner = self
    }

    /// https://developer.apple.com/documentation/uikit/uitableviewheaderfooterview/1614918-prepareforreuse
    open func prepareForReuse() {}

    open func defaultContentConfiguration() -> UIListContentConfiguration {
        tableStyle == .plain ? (isHeader ? .plainHeader() : .plainFooter()) : (isHeader ? .groupedHeader() : .groupedFooter())
    }

    open override func layoutSubviews() {
        super.layoutSubviews()
        contentView.frame = bounds
        backgroundView?.frame = bounds
        if let f = textFrame { ownTextLabel.frame = f }
    }

    /// A pinned plain header or footer: the rows under it blurred under the bar material.
    override func decorate(_ layer: Layer, _ traits: UITraitCollection) {
        guard tableStyle == .plain else { return }
        layer.zPosition = 2
        if isPinned, backgroundView == nil {
            let background = UIColor.systemBackground.color(traits)
            layer.backdropBlurRadius = BarMaterial.blurRadius
            layer.backgroundColor = BarMaterial.tint(over: background)
        }
    }
}

/// A header's or footer's title, drawn as the YAML table draws it.
@MainActor final class HeaderLabel: UILabel {
    weak var owner: UITableViewHeaderFooterView?

    override func drawnContents(_ traits: UITraitCollection) -> LayerContents? {
        guard let text, !text.isEmpty, let owner else { return super.drawnContents(traits) }
        let appearance: Appearance = traits.userInterfaceStyle == .dark ? .dark : .light
        let style: Table.Style = owner.tableStyle == .plain ? .plain : owner.tableStyle == .grouped ? .grouped : .insetGrouped
        return .text(
            Table.headerText(
                text, isHeader: owner.isHeader, style: style, palette: Palette.forAppearance(appearance), typography: ScreenEnvironment.typography))
    }
}

/// The system colors tables use that the scenario palette does not name (systemGroupedBackground,
/// secondarySystemGroupedBackground, tertiarySystemGroupedBackground, tertiaryLabel): Scene's
/// table colors, the ones YAML tables are drawn in.
func tableSystemColor(_ name: String, _ appearance: Appearance) -> Color? {
    let colors = TableColors.forAppearance(appearance)
    switch name {
    case "systemGroupedBackground": return colors.groupedBackground
    case "secondarySystemGroupedBackground": return colors.groupedCellBackground
    case "tertiarySystemGroupedBackground": return colors.groupedBackground == Color(0, 0, 0) ? Color(44, 44, 46) : Color(242, 242, 247)
    case "tertiaryLabel": return colors.tertiaryLabel
    default: return nil
    }
}
