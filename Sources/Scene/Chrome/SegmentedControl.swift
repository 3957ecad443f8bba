import Raster

/// A UISegmentedControl in a band at the top of the table's content (`segmentedControl:` in a
/// scenario), in the look iOS 13 introduced and iOS 17/18 keep.
///
/// - The band: the control with 8 pt above and below, in the screen's background color, right
///   after the table header view (the profile preset's avatar and name); it pushes the rows down
///   by its height. `pinned: true` makes it stick under the bar once it reaches it, as a plain
///   table's section header does: on-screen y = max(its place in the content, the pin line).
/// - The control: 32 pt tall, inside the layout margins (16 pt on an iPhone, 20 on an iPad) and
///   the side safe areas; equal segments (apportionsSegmentWidthsByContent false); a track in
///   tertiarySystemFill with an 8 pt corner radius; the selected segment a thumb inset 2 pt
///   (corner radius 7) in white (light) or systemGray2 (#636366, dark) with a soft shadow; 13 pt
///   titles, medium, the selected one semibold, in the label color; a 1 pt divider 16 pt tall
///   between two unselected segments.
///
/// The thumb's inset, radius and shadow and the divider colors follow TOSegmentedControl, a
/// public re-creation of the iOS 13 control (UIKit's values are private).
public struct SegmentedControl: Sendable, Equatable, ChromePart {
    public var segments: [String]
    public var selected: Int
    /// Sticks under the bar (or the stuck header) instead of scrolling away.
    public var pinned: Bool

    public init(segments: [String], selected: Int = 0, pinned: Bool = false) {
        self.segments = segments; self.selected = selected; self.pinned = pinned
    }

    public static let segmentCount = 2...8
    static let keys = ["segmentedControl"]
    static let mappingKeys = ["segments", "selected", "pinned"]
    static let maximumTitleLength = 24

    public static let height = 32.0
    /// Above and below the control in its band.
    public static let bandPadding = 8.0
    public static var bandHeight: Double { height + 2 * bandPadding }
    static let cornerRadius = 8.0
    static let thumbInset = 2.0
    public static let titleSize = 13.0

    /// tertiarySystemFill, as a search field's.
    static func trackColor(_ a: Appearance) -> Color { Palette.tertiarySystemFill(a) }
    /// The selected segment: white, or systemGray2 (#636366) in dark mode.
    static func thumbColor(_ a: Appearance) -> Color { a == .light ? Color(255, 255, 255) : Color(99, 99, 102) }
    static func dividerColor(_ a: Appearance) -> Color { a == .light ? Color(0, 0, 20, alpha: 0.1) : Color(234, 234, 255, alpha: 0.16) }

    /// The control's frame in its band.
    public static func frame(on device: Device) -> Rect {
        let left = device.safeAreaLeft + device.layoutMargin
        return Rect(x: left, y: bandPadding, width: device.size.width - left - device.safeAreaRight - device.layoutMargin, height: height)
    }

    /// The segments' frames in the control's coordinates.
    public func segmentFrames(width: Double) -> [Rect] {
        let w = width / Double(segments.count)
        return segments.indices.map { Rect(x: Double($0) * w, y: 0, width: w, height: Self.height) }
    }

    /// The band with the control: `frame` in the scroll view's content coordinates.
    func bandLayer(frame: Rect, device: Device, palette: Palette, appearance: Appearance, background: Color, typography: Typography) -> Layer {
        let band = Layer(name: "segmentedControl.band", frame: frame)
        band.backgroundColor = background
        band.addSublayer(
            Self.controlLayer(
                segments: segments, selected: selected, frame: Self.frame(on: device), palette: palette, appearance: appearance,
                typography: typography))
        return band
    }

    /// What a UIKit control may change from the look above (nil: the look above).
    public struct Look: Sendable {
        public var trackColor: Color?, thumbColor: Color?, titleColor: Color?, selectedTitleColor: Color?, titleSize: Double?
        public var weight = FontWeight.medium, selectedWeight = FontWeight.semibold
        public init() {}
    }

    /// The control in `frame` (its own coordinates' origin at the frame's): the track, the
    /// dividers, the thumb under the `selected` segment (none for nil) and the titles.
    public static func controlLayer(
        segments: [String], selected: Int?, frame: Rect, palette: Palette, appearance: Appearance, typography: Typography, look: Look = Look()
    ) -> Layer {
        let control = Layer(name: "segmentedControl", frame: frame)
        control.backgroundColor = look.trackColor ?? Self.trackColor(appearance)
        control.cornerRadius = Self.cornerRadius
        let w = frame.width / Double(segments.count)
        let frames = segments.indices.map { Rect(x: Double($0) * w, y: 0, width: w, height: frame.height) }
        // Dividers between two unselected segments, under the thumb.
        for i in 0..<(segments.count - 1) where i != selected && i + 1 != selected {
            let divider = Layer(name: "", frame: Rect(x: frames[i].maxX - 0.5, y: (frame.height - 16) / 2, width: 1, height: 16))
            divider.backgroundColor = Self.dividerColor(appearance)
            divider.cornerRadius = 0.5
            control.addSublayer(divider)
        }
        if let selected, frames.indices.contains(selected) {
            let thumb = Layer(name: "segmentedControl.thumb", frame: frames[selected].insetBy(dx: Self.thumbInset, dy: Self.thumbInset))
            thumb.backgroundColor = look.thumbColor ?? Self.thumbColor(appearance)
            thumb.cornerRadius = Self.cornerRadius - Self.thumbInset + 1
            // CALayer shadowRadius 3 at opacity 0.13 (TOSegmentedControl's), as a Gaussian of sigma 1.5 pt;
            // its 2 pt downward offset is not drawn (layers' shadows have none here).
            thumb.shadowColor = .black
            thumb.shadowOpacity = appearance == .light ? 0.13 : 0
            thumb.shadowRadius = 1.5
            control.addSublayer(thumb)
        }
        for (i, (title, f)) in zip(segments, frames).enumerated() {
            let label = Layer(name: "segmentedControl.segment.\(i)", frame: f.insetBy(dx: 4, dy: 0))
            label.contents = .text(
                TextContent(
                    title, weight: i == selected ? look.selectedWeight : look.weight, pointSize: look.titleSize ?? Self.titleSize,
                    color: (i == selected ? look.selectedTitleColor : look.titleColor) ?? palette.label, alignment: .center, letterSpacing: -0.08,
                    typography: typography))
            control.addSublayer(label)
        }
        return control
    }

    static func read(_ scenario: ScenarioKeys, _ r: any ScenarioReading, into screen: inout Screen) {
        if let node = scenario["segmentedControl"] { screen.segmentedControl = read(node, r) }
    }

    /// The band, in the scroll view's content over the rows.
    static func draw(_ screen: Screen, _ frame: ChromeFrame, into layers: inout ChromeLayers) {
        if let band = screen.segmentedBandLayer(u: frame.u, typography: frame.typography) { layers.content.append(band) }
    }

    /// `segmentedControl: {segments: [Tweets, Replies, Media, Likes], selected: 0, pinned: true}`.
    static func read(_ node: ScenarioValue, _ r: any ScenarioReading) -> SegmentedControl? {
        guard let m = r.mapping(node, "segmentedControl", allowed: mappingKeys) else { return nil }
        guard
            let (list, countFits) = r.requiredSequence(
                m, "segments", of: node, "segmentedControl.segments", count: segmentCount,
                missing: "give 2 to \(segmentCount.upperBound) titles, e.g. segments: [Tweets, Replies, Media, Likes]",
                noun: "segment", fix: "give \(segmentCount.lowerBound) to \(segmentCount.upperBound)")
        else { return nil }
        var ok = countFits
        var segments: [String] = []
        for (i, n) in list.enumerated() {
            guard
                let s = r.string(
                    n, "segmentedControl.segments[\(i)]", maximumLength: maximumTitleLength,
                    fits: "a segment's title fits \(maximumTitleLength); shorten it")
            else { ok = false; continue }
            segments.append(s)
        }
        var control = SegmentedControl(segments: segments)
        if let n = m["selected"] {
            if let v = r.integer(n, "segmentedControl.selected", range: 0...max(0, min(list.count, segmentCount.upperBound) - 1)) {
                control.selected = v
            } else {
                ok = false
            }
        }
        if let n = m["pinned"] {
            if let v = r.bool(n, "segmentedControl.pinned") { control.pinned = v } else { ok = false }
        }
        return ok ? control : nil
    }
}

extension Screen {
    /// A segmented control over the rows, or nil.
    public var segmentedControl: SegmentedControl? {
        get { chrome[SegmentedControl.self] }
        set { chrome[SegmentedControl.self] = newValue }
    }

    /// The segmented control's band height: between the table header view and the rows (0 without one).
    public var sectionBandHeight: Double { segmentedControl == nil ? 0 : SegmentedControl.bandHeight }

    /// Where the rows start in the content: after the table header view and the band.
    public var rowsTop: Double { topViewHeight + sectionBandHeight }

    /// The screen y at `u` where pinned things stick (a band, a plain table's section headers):
    /// the bottom of the profile's stuck header; with automatic insets, the scroll view's adjusted
    /// top inset, as UIKit pins at contentOffset + adjustedContentInset.top, which follows a large
    /// title and a search band as they collapse; with declared insets (a header of one's own that
    /// sticks at the bar), the bars' bottom, else the safe area's top.
    public func pinLine(u: Double) -> Double {
        if let line = preset?.pinLine(self) { return line }
        guard scrollView.automaticAdjustment else { return hasNavigationBar ? barBottom : device.safeAreaTop }
        guard let g = standardBarGeometry(u: u) else { return insetTop }
        return insetTop - barExtensionAtRest + g.largeTitleHeight + g.searchBarHeight
    }

    /// The band's top on the screen at `u`: its place in the content, held at the pin line when pinned.
    public func segmentedBandY(u: Double) -> Double {
        let inContent = topViewHeight - contentOffset(u: u)
        guard let segmentedControl, segmentedControl.pinned else { return inContent }
        return max(inContent, pinLine(u: u))
    }

    /// Where a plain table's section headers pin on the screen at `u`: under a pinned band, else
    /// at the pin line.
    func headerPinLine(u: Double) -> Double {
        segmentedControl?.pinned == true ? segmentedBandY(u: u) + sectionBandHeight : pinLine(u: u)
    }

    /// The band in the scroll view's content coordinates at `u` (over the rows when pinned), or nil.
    func segmentedBandLayer(u: Double, typography: Typography) -> Layer? {
        guard let segmentedControl else { return nil }
        let o = contentOffset(u: u)
        let frame = Rect(x: 0, y: segmentedBandY(u: u) + o, width: device.size.width, height: sectionBandHeight)
        let band = segmentedControl.bandLayer(
            frame: frame, device: device, palette: palette, appearance: appearance, background: backgroundColor, typography: typography)
        // Above the rows, under the scroll indicator (zPosition 100), as a section header.
        band.zPosition = 50
        return band
    }
}
