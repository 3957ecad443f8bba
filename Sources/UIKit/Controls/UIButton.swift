import Foundation
internal import Raster
internal import Scene

/// A control that executes your custom code in response to user interactions, drawn from real
/// subviews as UIKit builds it: a background view, `imageView`, `titleLabel` and `subtitleLabel`,
/// laid out in `layoutSubviews` from the `configuration` (iOS 15) or from the per-state titles,
/// colors and images of the older API.
///
/// The older API's sizes: the title in the system font at 15 pt, the button 6 pt taller than its
/// text above and below (a "Button" of type `.system` is 46 x 30 pt, as Interface Builder makes
/// it), or, when `contentEdgeInsets` are set, the text and those insets only. A `.custom` button's title is white, a `.system` one's the tint.
/// While a finger is down on a `.system` button of the older API, its title and image dim to 20 %
/// opacity, as iOS dims them (unless a highlighted title color was set); a configuration's
/// highlighted look is not drawn.
/// https://developer.apple.com/documentation/uikit/uibutton
@preconcurrency @MainActor open class UIButton: UIControl {
    /// https://developer.apple.com/documentation/uikit/uibutton/buttontype
    public enum ButtonType: Int, Sendable {
        case custom = 0, system, detailDisclosure, infoLight, infoDark, contactAdd
        case close = 7
        public static var roundedRect: ButtonType { .system }
        @available(*, unavailable) public static var plain: ButtonType { .system }
    }

    /// https://developer.apple.com/documentation/uikit/uibutton/role-swift.enum
    public enum Role: Int, Sendable {
        case normal = 0, primary, cancel, destructive
    }

    /// https://developer.apple.com/documentation/uikit/uibutton/configurationupdatehandler-swift.typealias
    public typealias ConfigurationUpdateHandler = @MainActor (UIButton) -> Void

    /// https://developer.apple.com/documentation/uikit/uibutton/buttontype-swift.property
    open private(set) var buttonType = ButtonType.custom
    /// https://developer.apple.com/documentation/uikit/uibutton/role-swift.property
    open var role = Role.normal
    /// https://developer.apple.com/documentation/uikit/uibutton/configuration-swift.property
    open var configuration: Configuration? {
        didSet { contentChanged() }
    }
    /// Called by `updateConfiguration()` (when the configuration is set and at each layout).
    /// https://developer.apple.com/documentation/uikit/uibutton/configurationupdatehandler-swift.property
    open var configurationUpdateHandler: ConfigurationUpdateHandler? { didSet { setNeedsUpdateConfiguration() } }
    /// https://developer.apple.com/documentation/uikit/uibutton/automaticallyupdatesconfiguration
    open var automaticallyUpdatesConfiguration = true
    /// https://developer.apple.com/documentation/uikit/uibutton/changesselectionasprimaryaction
    open var changesSelectionAsPrimaryAction = false
    /// https://developer.apple.com/documentation/uikit/uibutton/ispointerinteractionenabled
    open var isPointerInteractionEnabled = false

    // MARK: The older API's per-state content

    private var titles: [UInt: String] = [:]
    private var attributedTitles: [UInt: NSAttributedString] = [:]
    var titleColors: [UInt: UIColor] = [:]
    private var images: [UInt: UIImage] = [:]
    private var backgroundImages: [UInt: UIImage] = [:]
    private var titleShadowColors: [UInt: UIColor] = [:]

    /// https://developer.apple.com/documentation/uikit/uibutton/contentedgeinsets
    open var contentEdgeInsets = UIEdgeInsets.zero { didSet { contentChanged() } }
    /// https://developer.apple.com/documentation/uikit/uibutton/titleedgeinsets
    open var titleEdgeInsets = UIEdgeInsets.zero { didSet { setNeedsLayout() } }
    /// https://developer.apple.com/documentation/uikit/uibutton/imageedgeinsets
    open var imageEdgeInsets = UIEdgeInsets.zero { didSet { setNeedsLayout() } }
    /// https://developer.apple.com/documentation/uikit/uibutton/adjustsimagewhenhighlighted
    open var adjustsImageWhenHighlighted = true
    /// https://developer.apple.com/documentation/uikit/uibutton/adjustsimagewhendisabled
    open var adjustsImageWhenDisabled = true
    /// https://developer.apple.com/documentation/uikit/uibutton/showstouchwhenhighlighted
    open var showsTouchWhenHighlighted = false

    // MARK: Subviews

    /// The fill behind the content (a configuration's background).
    let backgroundView = UIView()
    private let ownTitleLabel = UILabel()
    private let ownSubtitleLabel = UILabel()
    private let ownImageView = UIImageView()

    /// https://developer.apple.com/documentation/uikit/uibutton/titlelabel
    open var titleLabel: UILabel? { ownTitleLabel }
    /// https://developer.apple.com/documentation/uikit/uibutton/subtitlelabel
    open var subtitleLabel: UILabel? { configuration == nil ? nil : ownSubtitleLabel }
    /// https://developer.apple.com/documentation/uikit/uibutton/imageview
    open var imageView: UIImageView? { ownImageView }

    // MARK: Making one

    public override init(frame: CGRect) {
        super.init(frame: frame)
        setUp()
    }

    public required init?(coder: NSCoder) {
        super.init(coder: coder)
        setUp()
        if let type = InterfaceBuilderCoder.buttonType(coder) {
            buttonType = type
            applyType()
        }
    }

    /// https://developer.apple.com/documentation/uikit/uibutton/init(type:)
    public convenience init(type buttonType: UIButton.ButtonType) {
        self.init(frame: .zero)
        self.buttonType = buttonType
        applyType()
    }

    /// https://developer.apple.com/documentation/uikit/uibutton/init(type:primaryaction:)
    public convenience init(type buttonType: UIButton.ButtonType = .system, primaryAction: UIAction?) {
        self.init(type: buttonType)
        if let primaryAction {
            addAction(primaryAction, for: .primaryActionTriggered)
            if !primaryAction.title.isEmpty { setTitle(primaryAction.title, for: .normal) }
            if let image = primaryAction.image { setImage(image, for: .normal) }
        }
    }

    /// https://developer.apple.com/documentation/uikit/uibutton/init(configuration:primaryaction:)
    public convenience init(configuration: UIButton.Configuration, primaryAction: UIAction? = nil) {
        self.init(type: .system)
        if let primaryAction { addAction(primaryAction, for: .primaryActionTriggered) }
        var c = configuration
        if let primaryAction, c.title == nil, !primaryAction.title.isEmpty { c.title = primaryAction.title }
        if let primaryAction, c.image == nil { c.image = primaryAction.image }
        self.configuration = c
    }

    /// https://developer.apple.com/documentation/uikit/uibutton/systembutton(with:target:action:)
    open class func systemButton(with image: UIImage, target: Any?, action: Selector?) -> Self {
        // A subclass is made by its required init(coder:) (this module's views read no coder).
        guard let button = (self == UIButton.self ? UIButton(frame: .zero) as? Self : self.init(coder: NSCoder())) else {
            fatalError("\(self).init(coder:) returned nil")
        }
        button.buttonType = .system
        button.applyType()
        button.setImage(image, for: .normal)
        if let action { button.addTarget(target, action: action, for: .touchUpInside) }
        return button
    }

    private func setUp() {
        backgroundView.isUserInteractionEnabled = false
        ownTitleLabel.font = UIFont.systemFont(ofSize: 15)
        ownTitleLabel.textColor = .white
        ownSubtitleLabel.isHidden = true
        ownImageView.contentMode = .center
        for view in [backgroundView, ownImageView, ownTitleLabel, ownSubtitleLabel] { addSubview(view) }
    }

    /// The legacy system types' images: a symbol in the tint (a close button's in gray). The
    /// info and add symbols are drawn at 22 pt, as iOS draws them: its contactAdd circle is
    /// 24.3 pt across in snapshot references, ours at the default 17 pt was 18.8 (docs/parity.md).
    private func applyType() {
        let legacy = UIImage.SymbolConfiguration(pointSize: UIButton.legacySymbolPointSize)
        switch buttonType {
        case .detailDisclosure, .infoLight, .infoDark: images[0] = UIImage(systemName: "info.circle", withConfiguration: legacy)
        case .contactAdd: images[0] = UIImage(systemName: "plus.circle", withConfiguration: legacy)
        case .close:
            images[0] = UIImage(systemName: "xmark.circle.fill")?.withTintColor(.tertiaryLabel, renderingMode: .alwaysOriginal)
        case .custom, .system: break
        }
        contentChanged()
    }

    static let legacySymbolPointSize: CGFloat = 22
    /// The opacity of a highlighted system button's title and image.
    static let highlightedAlpha: CGFloat = 0.2

    /// A tap lifting inside the button triggers its primary action.
    override func touchUpInsideAction(_ touch: UITouch, _ event: UIEvent?) { sendActions(for: .primaryActionTriggered, event: event) }

    private func contentChanged() {
        invalidateIntrinsicContentSize()
        setNeedsLayout()
        setNeedsUpdateConfiguration()
    }

    /// The tint colors the title and image: a new one lays the button out again.
    open override func tintColorDidChange() {
        super.tintColorDidChange()
        setNeedsLayout()
    }

    override func stateDidChange() {
        super.stateDidChange()
        setNeedsUpdateConfiguration()
    }

    // MARK: Configuration updates

    private var configurationUpdateDue = false

    /// https://developer.apple.com/documentation/uikit/uibutton/setneedsupdateconfiguration()
    open func setNeedsUpdateConfiguration() {
        configurationUpdateDue = true
        setNeedsLayout()
    }

    /// Runs the update handler (UIKit does it before the next layout).
    /// https://developer.apple.com/documentation/uikit/uibutton/updateconfiguration()
    open func updateConfiguration() {
        configurationUpdateDue = false
        configurationUpdateHandler?(self)
    }

    // MARK: The older API

    /// The state whose value shows: the control's state, else `.normal`'s.
    private func value<T>(_ table: [UInt: T], for state: UIControl.State) -> T? {
        table[state.rawValue] ?? (state.contains(.selected) ? table[UIControl.State.selected.rawValue] : nil)
            ?? (state.contains(.disabled) ? table[UIControl.State.disabled.rawValue] : nil) ?? table[0]
    }

    /// https://developer.apple.com/documentation/uikit/uibutton/settitle(_:for:)
    open func setTitle(_ title: String?, for state: UIControl.State) {
        titles[state.rawValue] = title
        contentChanged()
    }
    /// https://developer.apple.com/documentation/uikit/uibutton/title(for:)
    open func title(for state: UIControl.State) -> String? { value(titles, for: state) }
    /// https://developer.apple.com/documentation/uikit/uibutton/settitlecolor(_:for:)
    open func setTitleColor(_ color: UIColor?, for state: UIControl.State) {
        titleColors[state.rawValue] = color
        setNeedsLayout()
    }
    /// https://developer.apple.com/documentation/uikit/uibutton/titlecolor(for:)
    open func titleColor(for state: UIControl.State) -> UIColor? {
        value(titleColors, for: state) ?? (buttonType == .custom ? .white : state.contains(.disabled) ? .tertiaryLabel : tintColor)
    }
    /// https://developer.apple.com/documentation/uikit/uibutton/settitleshadowcolor(_:for:)
    open func setTitleShadowColor(_ color: UIColor?, for state: UIControl.State) { titleShadowColors[state.rawValue] = color }
    /// https://developer.apple.com/documentation/uikit/uibutton/titleshadowcolor(for:)
    open func titleShadowColor(for state: UIControl.State) -> UIColor? { value(titleShadowColors, for: state) }
    /// https://developer.apple.com/documentation/uikit/uibutton/setimage(_:for:)
    open func setImage(_ image: UIImage?, for state: UIControl.State) {
        images[state.rawValue] = image
        contentChanged()
    }
    /// https://developer.apple.com/documentation/uikit/uibutton/image(for:)
    open func image(for state: UIControl.State) -> UIImage? { value(images, for: state) }
    /// Drawn stretched to the bounds, under the content.
    /// https://developer.apple.com/documentation/uikit/uibutton/setbackgroundimage(_:for:)
    open func setBackgroundImage(_ image: UIImage?, for state: UIControl.State) {
        backgroundImages[state.rawValue] = image
        setNeedsLayout()
    }
    /// https://developer.apple.com/documentation/uikit/uibutton/backgroundimage(for:)
    open func backgroundImage(for state: UIControl.State) -> UIImage? { value(backgroundImages, for: state) }
    /// https://developer.apple.com/documentation/uikit/uibutton/setattributedtitle(_:for:)
    open func setAttributedTitle(_ title: NSAttributedString?, for state: UIControl.State) {
        attributedTitles[state.rawValue] = title
        contentChanged()
    }
    /// https://developer.apple.com/documentation/uikit/uibutton/attributedtitle(for:)
    open func attributedTitle(for state: UIControl.State) -> NSAttributedString? { value(attributedTitles, for: state) }

    /// https://developer.apple.com/documentation/uikit/uibutton/currenttitle
    open var currentTitle: String? { configuration?.title ?? attributedTitle(for: state)?.string ?? title(for: state) }
    /// https://developer.apple.com/documentation/uikit/uibutton/currenttitlecolor
    open var currentTitleColor: UIColor { titleColor(for: state) ?? .white }
    /// https://developer.apple.com/documentation/uikit/uibutton/currentimage
    open var currentImage: UIImage? { configuration?.image ?? image(for: state) }
    /// https://developer.apple.com/documentation/uikit/uibutton/currentbackgroundimage
    open var currentBackgroundImage: UIImage? { backgroundImage(for: state) }
    /// https://developer.apple.com/documentation/uikit/uibutton/currentattributedtitle
    open var currentAttributedTitle: NSAttributedString? { attributedTitle(for: state) }

    // MARK: Size and layout

    open override var intrinsicContentSize: CGSize { measure().size }
    open override func sizeThatFits(_ size: CGSize) -> CGSize { measure().size }

    open override func layoutSubviews() {
        super.layoutSubviews()
        if configurationUpdateDue, automaticallyUpdatesConfiguration || configurationUpdateHandler != nil { updateConfiguration() }
        let m = measure()
        let inner = bounds.inset(by: m.insets)
        // The content block placed in the inset bounds by the control's alignments.
        var x = inner.minX + (inner.width - m.content.width) / 2
        switch effectiveContentHorizontalAlignment {
        case .left: x = inner.minX
        case .right: x = inner.maxX - m.content.width
        case .fill: x = inner.minX
        default: break
        }
        var y = inner.minY + (inner.height - m.content.height) / 2
        switch contentVerticalAlignment {
        case .top: y = inner.minY
        case .bottom: y = inner.maxY - m.content.height
        default: break
        }
        let block = CGRect(x: x, y: y, width: effectiveContentHorizontalAlignment == .fill ? inner.width : m.content.width, height: m.content.height)
        place(m, in: block)
        backgroundView.frame = bounds
        backgroundView.layer.cornerRadius = m.cornerRadius
        backgroundView.backgroundColor = m.fill
        backgroundView.layer.borderWidth = configuration?.background.strokeWidth ?? 0
        if let stroke = configuration?.background.strokeColor {
            backgroundView.layer.borderColor = stroke.resolvedColor(with: traitCollection).cgColor
        }
    }

    /// What the content measures: the text block, the image, their arrangement, the insets.
    struct Measure {
        var title: CGSize
        var subtitle: CGSize
        var image: CGSize
        var imageFirst: Bool
        var vertical: Bool
        var gap: CGFloat
        var titleGap: CGFloat
        var insets: UIEdgeInsets
        var fill: UIColor?
        var cornerRadius: CGFloat
        var text: CGSize {
            CGSize(
                width: max(title.width, subtitle.width),
                height: title.height + subtitle.height + (title.height > 0 && subtitle.height > 0 ? titleGap : 0))
        }
        var content: CGSize {
            let t = text
            let g = t.width > 0 && image.width > 0 ? gap : 0
            if vertical { return CGSize(width: max(t.width, image.width), height: t.height + image.height + g) }
            return CGSize(width: t.width + image.width + g, height: max(t.height, image.height))
        }
        var size: CGSize {
            let c = content
            return CGSize(width: c.width + insets.left + insets.right, height: c.height + insets.top + insets.bottom)
        }
    }

    /// Sets the labels and image view from the configuration or the per-state content, and measures them.
    private func measure() -> Measure {
        let tint: UIColor = tintColor
        if let c = configuration {
            let foreground = c.foreground(tint: tint, enabled: isEnabled)
            let title = c.attributedTitle.map { String($0.characters) } ?? c.title
            let subtitle = c.attributedSubtitle.map { String($0.characters) } ?? c.subtitle
            let titleLook = (UIFont.preferredFont(forTextStyle: c.titleStyle), foreground)
            (ownTitleLabel.font, ownTitleLabel.textColor) =
                c.titleTextAttributesTransformer?.apply(font: titleLook.0, color: titleLook.1) ?? titleLook
            if let attributed = c.attributedTitle { ownTitleLabel.attributedText = Self.uiKitRuns(attributed) } else { ownTitleLabel.text = title }
            ownTitleLabel.lineBreakMode = c.titleLineBreakMode
            ownTitleLabel.numberOfLines = 0
            ownSubtitleLabel.text = subtitle
            let subtitleLook = (UIFont.preferredFont(forTextStyle: c.subtitleStyle), foreground)
            (ownSubtitleLabel.font, ownSubtitleLabel.textColor) =
                c.subtitleTextAttributesTransformer?.apply(font: subtitleLook.0, color: subtitleLook.1) ?? subtitleLook
            ownSubtitleLabel.numberOfLines = 0
            ownSubtitleLabel.isHidden = subtitle == nil
            let alignment: NSTextAlignment =
                switch c.titleAlignment {
                case .leading: .left
                case .trailing: .right
                case .center: .center
                case .automatic: c.imagePlacement == .top || c.imagePlacement == .bottom || subtitle == nil ? .center : .left
                }
            ownTitleLabel.textAlignment = alignment
            ownSubtitleLabel.textAlignment = alignment
            var image = c.image
            if let i = image, i.isSymbolImage {
                let base = UIImage.SymbolConfiguration(textStyle: c.titleStyle)
                image = i.withConfiguration(c.preferredSymbolConfigurationForImage.map { base.applying($0) } ?? base)
            }
            ownImageView.image = image
            ownImageView.tintColor = c.imageColorTransformer.map { $0(foreground) } ?? foreground
            if c.showsActivityIndicator {
                Diagnostics.once("UIButton activity \(ObjectIdentifier(self))", "\(describe): a configuration's activity indicator is not drawn")
            }
            let insets = c.contentInsets
            let m = Measure(
                title: fitted(ownTitleLabel, title), subtitle: fitted(ownSubtitleLabel, subtitle), image: image?.size ?? .zero,
                imageFirst: c.imagePlacement == .leading || c.imagePlacement == .top,
                vertical: c.imagePlacement == .top || c.imagePlacement == .bottom,
                gap: c.imagePadding, titleGap: c.titlePadding,
                insets: UIEdgeInsets(top: insets.top, left: insets.leading, bottom: insets.bottom, right: insets.trailing), fill: nil, cornerRadius: 0
            )
            var withFill = m
            withFill.fill = c.fill(tint: tint, enabled: isEnabled)
            withFill.cornerRadius = c.cornerRadius(height: max(bounds.height, m.size.height))
            return withFill
        }
        let s = state
        let attributed = attributedTitle(for: s)
        if let attributed { ownTitleLabel.attributedText = attributed } else { ownTitleLabel.text = title(for: s) }
        ownTitleLabel.textColor = titleColor(for: s)
        let dims = buttonType == .system && s.contains(.highlighted) && titleColors[UIControl.State.highlighted.rawValue] == nil
        ownTitleLabel.alpha = dims ? UIButton.highlightedAlpha : 1
        ownImageView.alpha = dims ? UIButton.highlightedAlpha : dimsImagesWhenDisabled(images) ? 0.5 : 1
        ownSubtitleLabel.isHidden = true
        let image = image(for: s)
        ownImageView.image = image
        ownImageView.tintColor = buttonType == .custom ? nil : tintColor
        let text = ownTitleLabel.text
        var title = fitted(ownTitleLabel, text)
        // The older layout: 6 pt above and below a title, which contentEdgeInsets replace
        // (UIKit's: the known idiom of insets of 0.01 pt drops the padding).
        if title.height > 0, contentEdgeInsets == .zero { title.height += 12 }
        return Measure(
            title: title, subtitle: .zero, image: image?.size ?? .zero, imageFirst: true, vertical: false, gap: 0, titleGap: 0,
            insets: contentEdgeInsets, fill: nil, cornerRadius: 0)
    }

    /// An attributed title's runs with their UIKit font, foreground color and kern, as a label takes them.
    static func uiKitRuns(_ string: AttributedString) -> NSAttributedString {
        typealias UIKitKeys = AttributeScopes.UIKitAttributes
        let out = NSMutableAttributedString(string: "")
        for run in string.runs {
            var attributes: [NSAttributedString.Key: Any] = [:]
            if let font = run[UIKitKeys.FontAttribute.self] { attributes[.font] = font }
            if let color = run[UIKitKeys.ForegroundColorAttribute.self] { attributes[.foregroundColor] = color }
            if let kern = run[UIKitKeys.KernAttribute.self] { attributes[.kern] = kern }
            out.append(NSAttributedString(string: String(string[run.range].characters), attributes: attributes))
        }
        return out
    }

    private func fitted(_ label: UILabel, _ text: String?) -> CGSize {
        guard let text, !text.isEmpty else { return .zero }
        return label.sizeThatFits(CGSize(width: 0, height: 0))
    }

    /// Places the image view and labels in `block` (the content's frame).
    private func place(_ m: Measure, in block: CGRect) {
        let text = m.text
        let gap = text.width > 0 && m.image.width > 0 ? m.gap : 0
        var imageFrame: CGRect
        var textFrame: CGRect
        if m.vertical {
            let imageY = m.imageFirst ? block.minY : block.maxY - m.image.height
            let textY = m.imageFirst ? block.minY + m.image.height + gap : block.minY
            imageFrame = CGRect(x: block.midX - m.image.width / 2, y: imageY, width: m.image.width, height: m.image.height)
            textFrame = CGRect(x: block.minX, y: textY, width: block.width, height: text.height)
        } else {
            let imageX = m.imageFirst ? block.minX : block.maxX - m.image.width
            let textX = m.imageFirst ? block.minX + m.image.width + gap : block.minX
            imageFrame = CGRect(x: imageX, y: block.midY - m.image.height / 2, width: m.image.width, height: m.image.height)
            textFrame = CGRect(x: textX, y: block.midY - text.height / 2, width: block.width - m.image.width - gap, height: text.height)
        }
        if configuration == nil {
            imageFrame = imageFrame.inset(by: imageEdgeInsets)
            textFrame = textFrame.inset(by: titleEdgeInsets)
        }
        ownImageView.frame = imageFrame
        ownImageView.isHidden = m.image == .zero
        let titleHeight = m.title.height
        ownTitleLabel.frame = CGRect(x: textFrame.minX, y: textFrame.minY, width: textFrame.width, height: titleHeight)
        ownTitleLabel.isHidden = titleHeight == 0
        let subtitleY = textFrame.minY + titleHeight + (titleHeight > 0 && m.subtitle.height > 0 ? m.titleGap : 0)
        ownSubtitleLabel.frame = CGRect(x: textFrame.minX, y: subtitleY, width: textFrame.width, height: m.subtitle.height)
    }

    override func drawnContents(_ traits: UITraitCollection) -> LayerContents? {
        guard configuration == nil, let image = backgroundImage(for: state) else { return nil }
        let drawn = image.drawn(traits, tint: tintColor)
        return .image(dimsImagesWhenDisabled(backgroundImages) ? AssetCatalog.dimmedForDisabled(drawn) : drawn, .scaleToFill)
    }

    /// A disabled button draws another state's image (`.normal`'s) at half its alpha while
    /// `adjustsImageWhenDisabled`; an image set for a disabled state is drawn as it is. iOS's
    /// reference of a disabled custom button whose only background image is an opaque red one
    /// draws (255, 0, 0, 127); with a green image set for `.disabled`, opaque green
    /// (faberNovel/ADUtils, ADUtilsTests/__Snapshots__/UIButtonBackgroundColorTests/).
    private func dimsImagesWhenDisabled(_ table: [UInt: UIImage]) -> Bool {
        let s = state
        guard adjustsImageWhenDisabled, s.contains(.disabled) else { return false }
        return table[s.rawValue] == nil && table[UIControl.State.disabled.rawValue] == nil
    }
}
