import Foundation
internal import Raster
internal import Scene

/// A horizontal control that consists of multiple segments, each segment functioning as a
/// discrete button, drawn by the same code as a scenario's `segmentedControl:` (Scene's
/// SegmentedControl: a tertiarySystemFill track with an 8 pt corner radius, the selected
/// segment's thumb in white or systemGray2 inset 2 pt, 13 pt titles, medium and semibold, 1 pt
/// dividers), so a UIKit screen and its YAML twin draw the same pixels. Segments are equal
/// (per-segment widths and `apportionsSegmentWidthsByContent` are kept, not drawn); a segment's
/// image is kept and not drawn (said once).
///
/// Its height is 32 pt (the YAML control's); its intrinsic width gives each segment its widest
/// title plus 12 pt a side (our estimate; Apple documents none).
/// https://developer.apple.com/documentation/uikit/uisegmentedcontrol
@preconcurrency @MainActor open class UISegmentedControl: UIControl {
    /// https://developer.apple.com/documentation/uikit/uisegmentedcontrol/nosegment
    public static let noSegment = -1

    /// https://developer.apple.com/documentation/uikit/uisegmentedcontrol/segment
    public enum Segment: Int, Sendable {
        case any = 0, left, center, right, alone
    }

    struct Item {
        var title: String?
        var image: UIImage?
        var action: UIAction?
        var width: CGFloat = 0
        var enabled = true
    }
    private var items: [Item] = []
    var titleAttributes: [UInt: [NSAttributedString.Key: Any]] = [:]

    /// https://developer.apple.com/documentation/uikit/uisegmentedcontrol/selectedsegmentindex
    open var selectedSegmentIndex = UISegmentedControl.noSegment {
        didSet { if selectedSegmentIndex < -1 || selectedSegmentIndex >= items.count { selectedSegmentIndex = UISegmentedControl.noSegment } }
    }
    /// The selected segment's thumb; nil: white (systemGray2's #636366 in dark mode).
    /// https://developer.apple.com/documentation/uikit/uisegmentedcontrol/selectedsegmenttintcolor
    open var selectedSegmentTintColor: UIColor?
    /// https://developer.apple.com/documentation/uikit/uisegmentedcontrol/ismomentary
    open var isMomentary = false
    /// https://developer.apple.com/documentation/uikit/uisegmentedcontrol/apportionssegmentwidthsbycontent
    open var apportionsSegmentWidthsByContent = false {
        didSet { if apportionsSegmentWidthsByContent { notDrawn("segment widths apportioned by content are not drawn; the segments are equal") } }
    }

    /// https://developer.apple.com/documentation/uikit/uisegmentedcontrol/init(items:)
    public init(items: [Any]?) {
        super.init(frame: .zero)
        for item in items ?? [] {
            if let image = item as? UIImage {
                self.items.append(Item(image: image))
                notDrawn("a segment's image is not drawn")
            } else {
                self.items.append(Item(title: "\(item)"))
            }
        }
        frame.size = intrinsicContentSize
    }

    public override init(frame: CGRect) { super.init(frame: frame) }

    /// https://developer.apple.com/documentation/uikit/uisegmentedcontrol/init(frame:actions:)
    public convenience init(frame: CGRect, actions: [UIAction]) {
        self.init(frame: frame)
        items = actions.map { Item(title: $0.title, image: $0.image, action: $0) }
    }

    public required init?(coder: NSCoder) { super.init(coder: coder) }

    private func notDrawn(_ what: String) { Diagnostics.once("UISegmentedControl \(what)", "\(describe): \(what)") }

    /// https://developer.apple.com/documentation/uikit/uisegmentedcontrol/numberofsegments
    open var numberOfSegments: Int { items.count }

    private func changed() {
        invalidateIntrinsicContentSize()
        setNeedsLayout()
    }

    /// https://developer.apple.com/documentation/uikit/uisegmentedcontrol/insertsegment(withtitle:at:animated:)
    open func insertSegment(withTitle title: String?, at segment: Int, animated: Bool) {
        items.insert(Item(title: title), at: min(max(segment, 0), items.count))
        if selectedSegmentIndex >= segment, selectedSegmentIndex >= 0 { selectedSegmentIndex += 1 }
        changed()
    }

    /// https://developer.apple.com/documentation/uikit/uisegmentedcontrol/insertsegment(with:at:animated:)
    open func insertSegment(with image: UIImage?, at segment: Int, animated: Bool) {
        items.insert(Item(image: image), at: min(max(segment, 0), items.count))
        if image != nil { notDrawn("a segment's image is not drawn") }
        changed()
    }

    /// https://developer.apple.com/documentation/uikit/uisegmentedcontrol/insertsegment(action:at:animated:)
    open func insertSegment(action: UIAction, at segment: Int, animated: Bool) {
        items.insert(Item(title: action.title, image: action.image, action: action), at: min(max(segment, 0), items.count))
        changed()
    }

    /// https://developer.apple.com/documentation/uikit/uisegmentedcontrol/removesegment(at:animated:)
    open func removeSegment(at segment: Int, animated: Bool) {
        guard items.indices.contains(segment) else { return }
        items.remove(at: segment)
        if selectedSegmentIndex == segment {
            selectedSegmentIndex = UISegmentedControl.noSegment
        } else if selectedSegmentIndex > segment {
            selectedSegmentIndex -= 1
        }
        changed()
    }

    /// https://developer.apple.com/documentation/uikit/uisegmentedcontrol/removeallsegments()
    open func removeAllSegments() {
        items = []
        selectedSegmentIndex = UISegmentedControl.noSegment
        changed()
    }

    /// https://developer.apple.com/documentation/uikit/uisegmentedcontrol/settitle(_:forsegmentat:)
    open func setTitle(_ title: String?, forSegmentAt segment: Int) {
        guard items.indices.contains(segment) else { return }
        items[segment].title = title
        changed()
    }
    /// https://developer.apple.com/documentation/uikit/uisegmentedcontrol/titleforsegment(at:)
    open func titleForSegment(at segment: Int) -> String? { items.indices.contains(segment) ? items[segment].title : nil }
    /// https://developer.apple.com/documentation/uikit/uisegmentedcontrol/setimage(_:forsegmentat:)
    open func setImage(_ image: UIImage?, forSegmentAt segment: Int) {
        guard items.indices.contains(segment) else { return }
        items[segment].image = image
        if image != nil { notDrawn("a segment's image is not drawn") }
    }
    /// https://developer.apple.com/documentation/uikit/uisegmentedcontrol/imageforsegment(at:)
    open func imageForSegment(at segment: Int) -> UIImage? { items.indices.contains(segment) ? items[segment].image : nil }
    /// https://developer.apple.com/documentation/uikit/uisegmentedcontrol/setwidth(_:forsegmentat:)
    open func setWidth(_ width: CGFloat, forSegmentAt segment: Int) {
        guard items.indices.contains(segment) else { return }
        items[segment].width = width
        if width > 0 { notDrawn("a segment's own width is not drawn; the segments are equal") }
    }
    /// https://developer.apple.com/documentation/uikit/uisegmentedcontrol/widthforsegment(at:)
    open func widthForSegment(at segment: Int) -> CGFloat { items.indices.contains(segment) ? items[segment].width : 0 }
    /// https://developer.apple.com/documentation/uikit/uisegmentedcontrol/setenabled(_:forsegmentat:)
    open func setEnabled(_ enabled: Bool, forSegmentAt segment: Int) {
        guard items.indices.contains(segment) else { return }
        items[segment].enabled = enabled
    }
    /// https://developer.apple.com/documentation/uikit/uisegmentedcontrol/isenabledforsegment(at:)
    open func isEnabledForSegment(at segment: Int) -> Bool { items.indices.contains(segment) ? items[segment].enabled : false }
    /// https://developer.apple.com/documentation/uikit/uisegmentedcontrol/setaction(_:forsegmentat:)
    open func setAction(_ action: UIAction, forSegmentAt segment: Int) {
        guard items.indices.contains(segment) else { return }
        items[segment].action = action
        items[segment].title = action.title
    }
    /// https://developer.apple.com/documentation/uikit/uisegmentedcontrol/actionforsegment(at:)
    open func actionForSegment(at segment: Int) -> UIAction? { items.indices.contains(segment) ? items[segment].action : nil }

    /// The titles' font (`.font`) and color (`.foregroundColor`) for `.normal` or `.selected`.
    /// https://developer.apple.com/documentation/uikit/uisegmentedcontrol/settitletextattributes(_:for:)
    open func setTitleTextAttributes(_ attributes: [NSAttributedString.Key: Any]?, for state: UIControl.State) {
        titleAttributes[state.rawValue] = attributes
        changed()
    }
    /// https://developer.apple.com/documentation/uikit/uisegmentedcontrol/titletextattributes(for:)
    open func titleTextAttributes(for state: UIControl.State) -> [NSAttributedString.Key: Any]? { titleAttributes[state.rawValue] }

    open override var intrinsicContentSize: CGSize {
        let font = (titleAttributes[0]?[.font] as? UIFont) ?? UIFont.systemFont(ofSize: CGFloat(SegmentedControl.titleSize), weight: .semibold)
        let label = UILabel()
        label.font = font
        let widest =
            items.map { item -> CGFloat in
                label.text = item.title
                return item.title == nil ? 0 : label.intrinsicContentSize.width
            }.max() ?? 0
        return CGSize(width: CGFloat(items.count) * (widest + 24), height: CGFloat(SegmentedControl.height))
    }
    open override func sizeThatFits(_ size: CGSize) -> CGSize { intrinsicContentSize }

    /// A tap lifting on an enabled segment other than the selected one selects it, runs the
    /// segment's action, and sends `.valueChanged` and `.primaryActionTriggered`.
    override func touchUpInsideAction(_ touch: UITouch, _ event: UIEvent?) {
        guard !items.isEmpty, bounds.width > 0 else { return }
        let x = touch.location(in: self).x
        let segment = min(max(Int((x / (bounds.width / CGFloat(items.count))).rounded(.down)), 0), items.count - 1)
        guard items[segment].enabled, segment != selectedSegmentIndex || isMomentary else { return }
        selectedSegmentIndex = segment
        setNeedsLayout()
        if let action = items[segment].action { sendAction(action) }
        sendActions(for: [.valueChanged, .primaryActionTriggered], event: event)
    }

    /// The look the attributes and tint give Scene's control.
    func look(_ traits: UITraitCollection) -> SegmentedControl.Look {
        var look = SegmentedControl.Look()
        look.thumbColor = selectedSegmentTintColor?.color(traits)
        let normal = titleAttributes[0], selected = titleAttributes[UIControl.State.selected.rawValue]
        look.titleColor = (normal?[.foregroundColor] as? UIColor)?.color(traits)
        look.selectedTitleColor = ((selected?[.foregroundColor] ?? normal?[.foregroundColor]) as? UIColor)?.color(traits)
        if let font = normal?[.font] as? UIFont {
            look.titleSize = Double(font.pointSize)
            look.weight = font.weight.drawn
        }
        if let font = (selected?[.font] ?? normal?[.font]) as? UIFont { look.selectedWeight = font.weight.drawn }
        if !isEnabled { look.titleColor = UIColor.tertiaryLabel.color(traits); look.selectedTitleColor = look.titleColor }
        return look
    }

    override func decorate(_ layer: Layer, _ traits: UITraitCollection) {
        guard !items.isEmpty, bounds.width > 0, bounds.height > 0 else { return }
        let control = SegmentedControl.controlLayer(
            segments: items.map { $0.title ?? "" }, selected: selectedSegmentIndex >= 0 ? selectedSegmentIndex : nil,
            frame: Rect(x: 0, y: 0, width: Double(bounds.width), height: Double(bounds.height)), palette: Palette.forAppearance(traits.appearance),
            appearance: traits.appearance, typography: ScreenEnvironment.typography, look: look(traits))
        control.name = ""
        layer.addSublayer(control)
    }
}
