import Foundation
internal import Raster
internal import Scene

/// A table's row: a content view with UIKit's legacy parts (imageView, textLabel, detailTextLabel)
/// laid out for its style as iOS 17/18 lays them out (render-frames' YAML `table:` cells: the same
/// code places them, so the same rows from YAML and from UIKit code give the same pixels), an
/// accessory (a drawn type or a view of your own), a separator the table places.
/// https://developer.apple.com/documentation/uikit/uitableviewcell
@preconcurrency @MainActor open class UITableViewCell: UIView {
    /// https://developer.apple.com/documentation/uikit/uitableviewcell/cellstyle
    public enum CellStyle: Int, Sendable { case `default` = 0, value1, value2, subtitle }
    /// https://developer.apple.com/documentation/uikit/uitableviewcell/accessorytype
    public enum AccessoryType: Int, Sendable { case none = 0, disclosureIndicator, detailDisclosureButton, checkmark, detailButton }
    /// Kept, not drawn: a screen's frames show no selection.
    /// https://developer.apple.com/documentation/uikit/uitableviewcell/selectionstyle
    public enum SelectionStyle: Int, Sendable { case none = 0, blue, gray, `default` }
    /// https://developer.apple.com/documentation/uikit/uitableviewcell/editingstyle
    public enum EditingStyle: Int, Sendable { case none = 0, delete, insert }

    let style: CellStyle
    /// https://developer.apple.com/documentation/uikit/uitableviewcell/1623212-reuseidentifier
    open private(set) var reuseIdentifier: String?

    /// The cell's parts' parent (laid out over the cell less its accessory).
    /// https://developer.apple.com/documentation/uikit/uitableviewcell/1623229-contentview
    open private(set) var contentView: UIView
    private let ownTextLabel: CellLabel
    private let ownDetailLabel: CellLabel?
    private let ownImageView: CellImageView
    /// https://developer.apple.com/documentation/uikit/uitableviewcell/1623210-textlabel
    open var textLabel: UILabel? { ownTextLabel }
    /// nil in the default style, as UIKit's.
    /// https://developer.apple.com/documentation/uikit/uitableviewcell/1623273-detailtextlabel
    open var detailTextLabel: UILabel? { ownDetailLabel }
    /// https://developer.apple.com/documentation/uikit/uitableviewcell/1623270-imageview
    open var imageView: UIImageView? { ownImageView }

    /// https://developer.apple.com/documentation/uikit/uitableviewcell/1623219-accessorytype
    open var accessoryType = AccessoryType.none { didSet { setNeedsLayout() } }
    /// Replaces the accessory type's glyph; placed at the trailing margin, centred vertically.
    /// https://developer.apple.com/documentation/uikit/uitableviewcell/1623248-accessoryview
    open var accessoryView: UIView? {
        didSet {
            if oldValue !== accessoryView { oldValue?.removeFromSuperview() }
            setNeedsLayout()
        }
    }
    open var editingAccessoryType = AccessoryType.none
    open var editingAccessoryView: UIView?
    /// https://developer.apple.com/documentation/uikit/uitableviewcell/1623221-selectionstyle
    open var selectionStyle = SelectionStyle.default
    /// Selected or highlighted, a cell whose `selectionStyle` is not `.none` shows its
    /// `selectedBackgroundView`, or systemGray4 behind its content.
    /// https://developer.apple.com/documentation/uikit/uitableviewcell/1623263-isselected
    open var isSelected = false { didSet { if isSelected != oldValue { setNeedsLayout() } } }
    /// https://developer.apple.com/documentation/uikit/uitableviewcell/1623280-ishighlighted
    open var isHighlighted = false { didSet { if isHighlighted != oldValue { setNeedsLayout() } } }
    /// Animated, on screen, the selection's background fades in or out over
    /// `selectionFadeDuration` (`deselectRow(at:animated: true)`, the list's tap-and-fade); else at once.
    /// https://developer.apple.com/documentation/uikit/uitableviewcell/1623237-setselected
    open func setSelected(_ selected: Bool, animated: Bool) {
        let before = showsSelection
        isSelected = selected
        if animated { fadeSelection(from: before) }
    }
    /// https://developer.apple.com/documentation/uikit/uitableviewcell/1623280-sethighlighted
    open func setHighlighted(_ highlighted: Bool, animated: Bool) {
        let before = showsSelection
        isHighlighted = highlighted
        if animated { fadeSelection(from: before) }
    }

    /// The fade of an animated selection's change: Apple publishes no figure; 0.3 s on ease in
    /// and out, UIKit's usual animation, is assumed.
    static let selectionFadeDuration: TimeInterval = 0.3
    private var showsSelection: Bool { (isSelected || isHighlighted) && selectionStyle != .none }
    /// The selection's background fading out, kept in place until its fade ends.
    private var fadingSelection: UIView?

    private func fadeSelection(from before: Bool) {
        guard before != showsSelection, UIView.areAnimationsEnabled, !AnimationCapture.withoutAnimation, ScreenRun.current != nil else { return }
        let v = selectedBackgroundView ?? defaultSelectedBackground
        if showsSelection {
            fadingSelection = nil
            layoutIfNeeded()
            UIView.performWithoutAnimation { v.alpha = 0 }
            UIView.animate(withDuration: Self.selectionFadeDuration) { v.alpha = 1 }
            return
        }
        fadingSelection = v
        UIView.animate(
            withDuration: Self.selectionFadeDuration, animations: { v.alpha = 0 },
            completion: { [weak self] _ in
                UIView.performWithoutAnimation { v.alpha = 1 }
                guard let self, self.fadingSelection === v else { return }
                self.fadingSelection = nil
                self.setNeedsLayout()
            })
    }
    /// What shows a selection when no selectedBackgroundView is set.
    private lazy var defaultSelectedBackground: UIView = {
        let v = UIView()
        v.backgroundColor = .systemGray4
        return v
    }()

    /// Shows or hides the selection's background, under the content.
    private func layoutSelection() {
        let shows = showsSelection
        if shows { fadingSelection = nil }
        let chosen = selectedBackgroundView ?? defaultSelectedBackground
        for v in [selectedBackgroundView, defaultSelectedBackground].compactMap({ $0 }) where (v !== chosen || !shows) && v !== fadingSelection {
            if v.superview === self { v.removeFromSuperview() }
        }
        guard shows else { return }
        if chosen.superview !== self { insertSubview(chosen, belowSubview: contentView) }
        chosen.frame = bounds
    }
    open var isEditing = false
    open var showsReorderControl = false
    open var indentationLevel = 0
    open var indentationWidth: CGFloat = 10
    /// https://developer.apple.com/documentation/uikit/uitableviewcell/1623235-backgroundview
    open var backgroundView: UIView? {
        didSet {
            oldValue?.removeFromSuperview()
            if let v = backgroundView { insertSubview(v, at: 0) }
            setNeedsLayout()
        }
    }
    open var selectedBackgroundView: UIView?
    open var multipleSelectionBackgroundView: UIView?

    var ownSeparatorInset: UIEdgeInsets?
    /// The separator's insets from the cell's edges; unset, the table's, else the text's x.
    /// https://developer.apple.com/documentation/uikit/uitableviewcell/1623256-separatorinset
    open var separatorInset: UIEdgeInsets {
        get { ownSeparatorInset ?? tableSeparatorInset ?? UIEdgeInsets(top: 0, left: measuredTextX, bottom: 0, right: 0) }
        set { ownSeparatorInset = newValue; setNeedsLayout() }
    }

    private var ownMargins: UIEdgeInsets?
    /// The cell's text keeps these from its edges: the table's margins (the layout margin, plus
    /// the safe area on a full-width cell) unless set.
    /// https://developer.apple.com/documentation/uikit/uiview/1622566-layoutmargins
    open override var layoutMargins: UIEdgeInsets {
        get {
            ownMargins ?? tableMargins
                ?? UIEdgeInsets(
                    top: 11, left: CGFloat(ScreenEnvironment.device.layoutMargin), bottom: 11, right: CGFloat(ScreenEnvironment.device.layoutMargin))
        }
        set { ownMargins = newValue; setNeedsLayout(); layoutMarginsDidChange() }
    }

    private var backgroundSet = false
    private var ownBackground: UIColor?
    /// Unset, the background configuration's or the table's: systemBackground in a plain table,
    /// none in a grouped one (its section draws secondarySystemGroupedBackground behind its
    /// cells, so an inset section's corners are round).
    open override var backgroundColor: UIColor? {
        get {
            if backgroundSet { return ownBackground }
            if let config = backgroundConfiguration { return config.backgroundColor }
            return tableStyle == .plain ? .systemBackground : nil
        }
        set { backgroundSet = true; ownBackground = newValue }
    }

    /// https://developer.apple.com/documentation/uikit/uitableviewcell/3601058-contentconfiguration
    open var contentConfiguration: (any UIContentConfiguration)? {
        didSet { applyContentConfiguration() }
    }
    /// https://developer.apple.com/documentation/uikit/uitableviewcell/3601057-backgroundconfiguration
    open var backgroundConfiguration: UIBackgroundConfiguration? { didSet { setNeedsLayout() } }
    open var automaticallyUpdatesContentConfiguration = true
    open var automaticallyUpdatesBackgroundConfiguration = true
    private var configurationView: (any UIView & UIContentView)?

    // Set by the table.
    weak var table: UITableView?
    var tableMargins: UIEdgeInsets? { didSet { if tableMargins != oldValue { setNeedsLayout() } } }
    var tableSeparatorInset: UIEdgeInsets? { didSet { if tableSeparatorInset != oldValue { setNeedsLayout() } } }
    var tableStyle = UITableView.Style.plain { didSet { if tableStyle != oldValue { setNeedsLayout() } } }
    /// The row's fixed height; nil: the cell sizes itself.
    var fixedHeight: CGFloat? { didSet { if fixedHeight != oldValue { setNeedsLayout() } } }
    var separatorVisible = true { didSet { if separatorVisible != oldValue { setNeedsLayout() } } }
    var separatorColor: UIColor? { didSet { if separatorColor != oldValue { setNeedsLayout() } } }
    package let separatorView = UIView()
    private let accessoryGlyph = AccessoryGlyphView()
    /// Where the text starts (past the image): UIKit's automatic separator inset.
    private(set) var measuredTextX: CGFloat = 16

    /// https://developer.apple.com/documentation/uikit/uitableviewcell/1623276-init
    public init(style: CellStyle, reuseIdentifier: String?) {
        self.style = style
        self.reuseIdentifier = reuseIdentifier
        contentView = UITableViewCellContentView()
        ownTextLabel = CellLabel(role: style == .value2 ? .value2Text : .text)
        ownDetailLabel =
            style == .default ? nil : CellLabel(role: style == .subtitle ? .subtitleDetail : style == .value1 ? .value1Detail : .value2Detail)
        ownImageView = CellImageView()
        super.init(frame: CGRect(x: 0, y: 0, width: 320, height: 44))
        setUpParts()
    }

    /// A cell from a storyboard or XIB: its style and reuse identifier as the file gives them.
    public required init?(coder: NSCoder) {
        let style = InterfaceBuilderCoder.cellStyle(coder)
        self.style = style
        reuseIdentifier = (coder as? InterfaceBuilderCoder)?.element["reuseIdentifier"]
        contentView = UITableViewCellContentView()
        ownTextLabel = CellLabel(role: style == .value2 ? .value2Text : .text)
        ownDetailLabel =
            style == .default ? nil : CellLabel(role: style == .subtitle ? .subtitleDetail : style == .value1 ? .value1Detail : .value2Detail)
        ownImageView = CellImageView()
        super.init(coder: coder)
        setUpParts()
    }

    public convenience override init(frame: CGRect) {
        self.init(style: .default, reuseIdentifier: nil)
        self.frame = frame
    }

    /// How a table makes a registered cell class (`register(_:forCellReuseIdentifier:)`); your
    /// subclass inherits it when it overrides `init(style:reuseIdentifier:)` or no initializer.
    /// Not Apple API (Objective-C makes registered classes without it).
    public required convenience init(_registeredForReuseIdentifier identifier: String) {
        self.init(style: .default, reuseIdentifier: identifier)
    }

    private func setUpParts() {
        (contentView as? UITableViewCellContentView)?.cell = self
        // The cell's margins hold the safe area's sides already.
        contentView.insetsLayoutMarginsFromSafeArea = false
        contentView.isUserInteractionEnabled = true
        addSubview(contentView)
        contentView.addSubview(ownImageView)
        contentView.addSubview(ownTextLabel)
        if let d = ownDetailLabel { contentView.addSubview(d) }
        separatorView.isUserInteractionEnabled = false
        addSubview(separatorView)
        ownTextLabel.cell = self
        ownDetailLabel?.cell = self
        ownImageView.cell = self
        accessoryGlyph.cell = self
        switch style {
        case .default, .subtitle:
            ownTextLabel.font = .preferredFont(forTextStyle: .body)
        case .value1:
            ownTextLabel.font = .preferredFont(forTextStyle: .body)
            ownTextLabel.textAlignment = .left
        case .value2:
            ownTextLabel.font = .preferredFont(forTextStyle: .footnote)
            ownTextLabel.textAlignment = .right
            ownTextLabel.textColor = .systemBlue
        }
        if let d = ownDetailLabel {
            switch style {
            case .subtitle:
                d.font = .preferredFont(forTextStyle: .subheadline); d.textColor = .secondaryLabel
            case .value1:
                d.font = .preferredFont(forTextStyle: .body); d.textColor = .secondaryLabel; d.textAlignment = .right
            default:
                d.font = .preferredFont(forTextStyle: .body)
            }
        }
    }

    /// Called as the table takes the cell from its reuse queue: reset what a row's content sets.
    /// https://developer.apple.com/documentation/uikit/uitableviewcell/1623223-prepareforreuse
    open func prepareForReuse() {}

    /// https://developer.apple.com/documentation/uikit/uitableviewcell/3601060-defaultcontentconfiguration
    open func defaultContentConfiguration() -> UIListContentConfiguration {
        switch style {
        case .default: return .cell()
        case .subtitle: return .subtitleCell()
        case .value1: return .valueCell()
        case .value2: return .valueCell()
        }
    }

    /// A list configuration sets the legacy parts (text, secondary text, image and their
    /// properties), laid out in the configuration's style; another configuration's view fills
    /// the content view.
    private func applyContentConfiguration() {
        configurationView?.removeFromSuperview()
        configurationView = nil
        guard let config = contentConfiguration else { return setNeedsLayout() }
        if let list = config as? UIListContentConfiguration {
            // Secondary text beside the text as the value style lays it out, else stacked under it as
            // the subtitle style does (`.cell()`'s included).
            if list.secondaryText != nil {
                listStyle = list.prefersSideBySideTextAndSecondaryText ? .value1 : .subtitle
            } else {
                listStyle = list.kind.cellStyle
            }
            ownTextLabel.text = list.text
            ownTextLabel.font = list.textProperties.font
            ownTextLabel.textColor = list.textProperties.color
            ownTextLabel.numberOfLines = list.textProperties.numberOfLines
            ownTextLabel.textAlignment = list.textProperties.alignment.nsAlignment(list.kind == .valueCell ? .left : .natural)
            listDetail = list.secondaryText
            listDetailProperties = list.secondaryTextProperties
            ownImageView.image = list.image
            ownImageView.tintColor = list.imageProperties.tintColor
            if let radius = list.imageProperties.cornerRadius as CGFloat? {
                ownImageView.layer.cornerRadius = radius; ownImageView.clipsToBounds = radius > 0
            }
        } else {
            let v = config.makeContentView()
            contentView.addSubview(v)
            configurationView = v
            listStyle = nil
        }
        setNeedsLayout()
    }
    /// The style a list configuration lays the cell out in (nil: the cell's own).
    private var listStyle: CellStyle?
    private var listDetail: String?
    private var listDetailProperties: UIListContentConfiguration.TextProperties?
    /// A list configuration's secondary text, drawn where the detail label would be.
    private lazy var configurationDetailLabel: CellLabel = {
        let l = CellLabel(role: .subtitleDetail)
        l.cell = self
        contentView.addSubview(l)
        return l
    }()

    var effectiveStyle: CellStyle { listStyle ?? style }

    /// The detail label drawn: the style's, or the list configuration's secondary text.
    private var shownDetail: CellLabel? {
        if listStyle != nil {
            guard let text = listDetail else {
                if ownDetailLabel != nil { ownDetailLabel?.isHidden = true }
                return nil
            }
            let l = ownDetailLabel ?? configurationDetailLabel
            l.role = listStyle == .subtitle ? .subtitleDetail : listStyle == .value1 ? .value1Detail : .value2Detail
            l.text = text
            if let p = listDetailProperties {
                l.font = p.font; l.textColor = p.color; l.numberOfLines = p.numberOfLines
                l.textAlignment = p.alignment.nsAlignment(l.role == .value1Detail ? .right : .natural)
            }
            l.isHidden = false
            return l
        }
        return ownDetailLabel
    }

    // MARK: Layout

    /// The accessory's glyph type as Scene draws it, and its size (nil: none).
    private var accessorySize: CGSize? {
        if let v = accessoryView { return v.frame.size }
        switch accessoryType {
        case .none: return nil
        case .disclosureIndicator: return CGSize(TableCellMetrics.chevronSize)
        case .checkmark: return CGSize(TableCellMetrics.checkmarkSize)
        case .detailButton: return CGSize(TableCellMetrics.detailButtonSize)
        case .detailDisclosureButton:
            let d = TableCellMetrics.detailButtonSize, c = TableCellMetrics.chevronSize
            return CGSize(width: d.width + TableCellMetrics.textToAccessory + c.width, height: d.height)
        }
    }

    /// The row as render-frames' table lays it out: the cell's style, texts and image.
    private func row() -> TableRow {
        let s = effectiveStyle
        var row = TableRow(
            text: ownTextLabel.text ?? "", detail: shownDetail?.text,
            style: s == .subtitle ? .subtitle : s == .value1 ? .value1 : s == .value2 ? .value2 : .default)
        if let image = ownImageView.image {
            row.imageColor = .clear
            row.imageSize = Double(max(image.size.width, image.size.height))
        }
        return row
    }

    /// The parts' frames for a cell `width` wide: Scene's cell layout with the cell's margins
    /// and the accessory's room.
    private func partsLayout(width: CGFloat) -> TableCellLayout {
        let margins = layoutMargins
        var right = Double(margins.right)
        if let a = accessorySize { right += Double(a.width) + TableCellMetrics.textToAccessory }
        let scale = Double(traitCollection.displayScale > 0 ? traitCollection.displayScale : UIScreen.main.scale)
        return TableCell.layout(
            row(), width: Double(width), left: Double(margins.left), right: right, fixedHeight: fixedHeight.map(Double.init),
            deviceScale: scale, typography: ScreenEnvironment.typography)
    }

    /// The height the cell sizes itself to at `width`: its content plus padding plus the
    /// separator's pixel, at least 44 pt (which holds the separator, as iOS's rows do).
    func selfSizedHeight(width: CGFloat) -> CGFloat {
        let saved = fixedHeight
        fixedHeight = nil
        defer { fixedHeight = saved }
        // Constraints that pin to the cell itself (its edges, or views added to the cell beside
        // the content view): the cell is as tall as they make it, as UIKit sizes it (the
        // separator is within that height).
        if !autoLayout.constraints.isEmpty || subviews.contains(where: { $0 !== contentView && $0.hasConstraintsInside }) {
            let scale = traitCollection.displayScale > 0 ? traitCollection.displayScale : 1
            let fitted = systemLayoutSizeFitting(
                CGSize(width: width, height: 0), withHorizontalFittingPriority: .required, verticalFittingPriority: .fittingSizeLevel)
            if fitted.height > 0 { return (fitted.height * scale).rounded(.up) / scale }
        }
        // Constraints in the content view: the height they give at the content view's width
        // (UIKit's systemLayoutSizeFitting, the height as small as they allow), no minimum.
        if contentView.hasConstraintsInside {
            let scale = traitCollection.displayScale > 0 ? traitCollection.displayScale : 1
            let fitted = contentView.systemLayoutSizeFitting(
                CGSize(width: width, height: 0), withHorizontalFittingPriority: .required, verticalFittingPriority: .fittingSizeLevel)
            return (fitted.height * scale).rounded(.up) / scale + 1 / scale
        }
        if configurationView != nil {
            let scale = traitCollection.displayScale > 0 ? traitCollection.displayScale : 1
            let h = configurationView!.sizeThatFits(CGSize(width: width, height: 0)).height
            return max(CGFloat(TableCellMetrics.minimumRowHeight), h + 1 / scale)
        }
        return CGFloat(partsLayout(width: width).height)
    }

    open override func layoutSubviews() {
        super.layoutSubviews()
        let b = bounds
        let c = partsLayout(width: b.width)
        measuredTextX = CGFloat(c.textX)
        backgroundView?.frame = b
        layoutSelection()
        let scale = traitCollection.displayScale > 0 ? traitCollection.displayScale : 1
        let pixel = 1 / scale
        contentView.frame = CGRect(x: 0, y: 0, width: b.width, height: fixedHeight == nil ? max(0, b.height - pixel) : b.height)
        ownImageView.frame = c.image.map(CGRect.init) ?? .zero
        ownImageView.isHidden = ownImageView.image == nil
        ownTextLabel.frame = CGRect(c.text)
        ownTextLabel.lines = fixedHeight == nil ? 0 : 1
        let detail = shownDetail
        if let d = detail {
            d.frame = c.detail.map(CGRect.init) ?? .zero
            d.lines = fixedHeight == nil ? 0 : 1
        }
        configurationView?.frame = contentView.bounds
        // The accessory: centred vertically, at the trailing margin.
        let contentHeight = contentView.bounds.height
        if let size = accessorySize {
            let frame = CGRect(
                x: b.width - layoutMargins.right - size.width, y: (contentHeight - size.height) / 2, width: size.width, height: size.height)
            if let v = accessoryView {
                if v.superview !== self { addSubview(v) }
                v.frame = frame
                accessoryGlyph.removeFromSuperview()
            } else {
                if accessoryGlyph.superview !== self { insertSubview(accessoryGlyph, belowSubview: separatorView) }
                accessoryGlyph.type = accessoryType
                accessoryGlyph.frame = frame
            }
        } else {
            accessoryGlyph.removeFromSuperview()
        }
        // The separator: a pixel at the bottom, from the inset's left to its right.
        let inset = separatorInset
        separatorView.isHidden = !separatorVisible
        separatorView.backgroundColor = separatorColor ?? .separator
        separatorView.frame = CGRect(x: inset.left, y: b.height - pixel, width: max(0, b.width - inset.left - inset.right), height: pixel)
        if separatorView !== subviews.last { bringSubviewToFront(separatorView) }
        if let config = backgroundConfiguration { layer.cornerRadius = config.cornerRadius }
    }
}

/// A cell's label: a UILabel drawn as the table's cells draw text (the system font's tracking,
/// wrapping in a self-sizing cell).
@MainActor final class CellLabel: UILabel {
    enum Role { case text, value2Text, subtitleDetail, value1Detail, value2Detail }
    var role: Role
    weak var cell: UITableViewCell?
    /// 0 in a self-sizing cell (the text wraps), 1 in a fixed-height one, unless set.
    var lines = 1

    init(role: Role) {
        self.role = role
        super.init(frame: .zero)
    }

    /// New text or font: the cell lays its parts out again, as UIKit's does.
    override func invalidateIntrinsicContentSize() {
        super.invalidateIntrinsicContentSize()
        cell?.setNeedsLayout()
    }
    required init?(coder: NSCoder) { fatalError("a cell's label is made by its cell") }

    override func drawnContents(_ traits: UITraitCollection) -> LayerContents? {
        guard var content = content(traits) else { return nil }
        // Scene's tracking for the text style (the system font's own with SF Pro).
        switch role {
        case .text, .value1Detail, .value2Detail: content.letterSpacing = TableCellMetrics.textTracking
        case .value2Text: content.letterSpacing = TableCellMetrics.value2TextTracking
        case .subtitleDetail: content.letterSpacing = TableCellMetrics.subtitleDetailTracking
        }
        if numberOfLines == 1, role == .text || role == .subtitleDetail { content.numberOfLines = lines }
        return .text(content)
    }
}

/// A cell's image view: a new image lays the cell out again.
@MainActor final class CellImageView: UIImageView {
    weak var cell: UITableViewCell?
    override func invalidateIntrinsicContentSize() {
        super.invalidateIntrinsicContentSize()
        cell?.setNeedsLayout()
    }
}

/// The accessory types' glyphs (chevron, checkmark, info circle), drawn by Scene's table code.
@MainActor final class AccessoryGlyphView: UIView {
    var type = UITableViewCell.AccessoryType.none
    weak var cell: UITableViewCell?

    override init(frame: CGRect) {
        super.init(frame: frame)
        isUserInteractionEnabled = false
    }
    required init?(coder: NSCoder) { fatalError("made by its cell") }

    override func decorate(_ layer: Layer, _ traits: UITraitCollection) {
        for part in glyphLayers(traits) { layer.addSublayer(part) }
    }

    /// The glyph's shapes in `size` for `kind`, the translucent ones drawn opaque (their opacity
    /// is the view's, so overlapping strokes do not darken), as the YAML table draws them.
    func shapes(_ kind: TableRow.Accessory, size: Size, traits: UITraitCollection) -> [(Shape, Color)] {
        let appearance: Appearance = traits.userInterfaceStyle == .dark ? .dark : .light
        var palette = Palette.forAppearance(appearance)
        palette.systemBlue = tintColor.color(traits)
        return TableCell.glyph(kind, in: size, palette: palette, colors: TableColors.forAppearance(appearance))
    }

    /// The glyph as layers: one translucent group per glyph.
    func glyphLayers(_ traits: UITraitCollection) -> [Layer] {
        let w = Double(bounds.width), h = Double(bounds.height)
        var parts: [(TableRow.Accessory, Rect)] = []
        switch type {
        case .none: break
        case .disclosureIndicator: parts = [(.disclosureIndicator, Rect(x: 0, y: 0, width: w, height: h))]
        case .checkmark: parts = [(.checkmark, Rect(x: 0, y: 0, width: w, height: h))]
        case .detailButton: parts = [(.detailButton, Rect(x: 0, y: 0, width: w, height: h))]
        case .detailDisclosureButton:
            let d = TableCellMetrics.detailButtonSize, c = TableCellMetrics.chevronSize
            parts = [
                (.detailButton, Rect(x: 0, y: (h - d.height) / 2, width: d.width, height: d.height)),
                (.disclosureIndicator, Rect(x: w - c.width, y: (h - c.height) / 2, width: c.width, height: c.height)),
            ]
        }
        return parts.map { kind, r in
            let layer = Layer(frame: r)
            let shapes = self.shapes(kind, size: r.size, traits: traits)
            if let alpha = shapes.first?.1.a, alpha < 255 {
                let inner = Layer(frame: Rect(origin: .zero, size: r.size))
                inner.contents = .shapes(shapes.map { ($0.0, Color(r: $0.1.r, g: $0.1.g, b: $0.1.b, a: 255)) })
                layer.addSublayer(inner)
                layer.opacity = Double(alpha) / 255
            } else {
                layer.contents = .shapes(shapes)
            }
            return layer
        }
    }
}

extension CGSize {
    init(_ s: Size) { self.init(width: CGFloat(s.width), height: CGFloat(s.height)) }
}

extension CGRect {
    init(_ r: Rect) { self.init(x: CGFloat(r.minX), y: CGFloat(r.minY), width: CGFloat(r.width), height: CGFloat(r.height)) }
}



/// A cell's content view: its layout margins are the cell's at the sides and 11 pt above and
/// below, as UIKit's are (a label pinned to them in a 17 pt font makes a 44 pt row).
@MainActor final class UITableViewCellContentView: UIView {
    weak var cell: UITableViewCell?
    private var ownMargins: UIEdgeInsets?
    override var layoutMargins: UIEdgeInsets {
        get {
            if let ownMargins { return ownMargins }
            let m = cell?.layoutMargins ?? UIEdgeInsets(top: 11, left: 16, bottom: 11, right: 16)
            return UIEdgeInsets(top: 11, left: m.left, bottom: 11, right: m.right)
        }
        set { ownMargins = newValue; setNeedsLayout(); layoutMarginsDidChange() }
    }
}
