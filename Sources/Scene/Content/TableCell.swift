import Raster

/// One row of a table (`Table`): UITableViewCell's four styles with a leading image and an
/// accessory, laid out as iOS 17/18 lays out a cell's default content configuration
/// (UIListContentConfiguration) at the default Dynamic Type size (Large).
public struct TableRow: Sendable {
    /// UITableViewCell.CellStyle.
    public enum Style: String, Sendable, CaseIterable {
        /// One label (the text), left-aligned.
        case `default`
        /// The text, and the detail under it in smaller secondary text.
        case subtitle
        /// The text left, the detail right-aligned in secondary text (Settings' "Wi-Fi  Home >").
        case value1
        /// A small blue label right-aligned in a column, the detail beside it (Contacts' "mobile  555-0100").
        case value2
    }

    /// UITableViewCell.AccessoryType (the ones that are drawn alone).
    public enum Accessory: String, Sendable, CaseIterable {
        case none, disclosureIndicator, checkmark, detailButton
    }

    public var text: String
    public var detail: String?
    public var style = Style.default
    public var accessory = Accessory.none
    /// A picture drawn aspect-fill in the image square.
    public var image: SceneImage?
    /// A filled rounded square (Settings' icons) when there is no image, or behind a transparent one.
    public var imageColor: Color?
    /// The image square's side, in points.
    public var imageSize = TableCellMetrics.settingsIconSize
    /// In points; nil: 0 for a picture, Settings' icon radius for a color.
    public var imageCornerRadius: Double?

    public init(text: String, detail: String? = nil, style: Style = .default, accessory: Accessory = .none) {
        self.text = text; self.detail = detail; self.style = style; self.accessory = accessory
    }

    public var hasImage: Bool { image != nil || imageColor != nil }

    /// The corner radius the image square is drawn with.
    public var resolvedImageCornerRadius: Double {
        imageCornerRadius ?? (image == nil ? imageSize * TableCellMetrics.settingsIconCornerFraction : 0)
    }
}

/// The numbers a cell is laid out with, in points (iOS 17/18, iPhone, Dynamic Type Large).
///
/// Sources: the body text style is SF Pro 17 pt with -0.41 pt tracking, subheadline 15 pt
/// (-0.24), footnote 13 pt (-0.08) (Apple's Human Interface Guidelines, Typography, "Dynamic Type
/// sizes" at Large); a table's default row height is 44 pt (UITableView.rowHeight's documented
/// default, behaviour spec 5). The cell's vertical padding (11 around text, 7 around an image), the subtitle's 3 pt gap, the
/// image-to-text padding and the accessory sizes are estimates of iOS 17's Settings and Contacts
/// (whole points; not measured from a screenshot here, not published): approximations.
public enum TableCellMetrics {
    /// `v` rounded up to the device's pixel grid, as UIKit rounds a self-sized height.
    package static func ceilPixel(_ v: Double, scale: Double) -> Double { (v * scale - 1e-9).rounded(.up) / scale }

    public static let textSize = 17.0
    public static let textTracking = -0.41
    /// subtitle's detail (UIListContentConfiguration.subtitleCell: subheadline).
    public static let subtitleDetailSize = 15.0
    public static let subtitleDetailTracking = -0.24
    /// Between the text's and the detail's lines in a subtitle cell.
    public static let subtitleGap = 3.0
    /// value2's blue label (footnote, in the tint color) and its column's share of the content width.
    public static let value2TextSize = 13.0
    public static let value2TextTracking = -0.08
    public static let value2ColumnFraction = 0.28
    /// Between value2's label column and its detail, and between value1's text and detail.
    public static let labelSpacing = 8.0
    /// Above and below the text in a self-sizing cell.
    public static let verticalPadding = 11.0
    /// Above and below the image: a 29 pt Settings icon fits a 44 pt row.
    public static let imageVerticalPadding = 7.0
    /// A self-sizing cell is never shorter: UIKit's minimum row height, which holds the separator
    /// (iOS's rows of one line are 44 pt apart; snapshot references show no drift of a pixel a row).
    public static let minimumRowHeight = 44.0
    /// Between the image's right edge and the text.
    public static let imageToText = 16.0
    /// Between the text (or value1's detail) and the accessory.
    public static let textToAccessory = 10.0
    /// Settings' icons: 29 pt squares with a continuous corner of about 7 pt (29 x 0.225 = 6.5).
    public static let settingsIconSize = 29.0
    public static let settingsIconCornerFraction = 0.225
    /// The accessories' boxes (the glyph's bounds): SF Symbols chevron.forward (semibold, body),
    /// checkmark (semibold, body), info.circle.
    public static let chevronSize = Size(8, 13)
    public static let checkmarkSize = Size(14, 13)
    public static let detailButtonSize = Size(22, 22)

    static func accessorySize(_ a: TableRow.Accessory) -> Size? {
        switch a {
        case .none: return nil
        case .disclosureIndicator: return chevronSize
        case .checkmark: return checkmarkSize
        case .detailButton: return detailButtonSize
        }
    }
}

/// The system colors a table needs beyond the Palette, per appearance (iOS 17/18 UIColor values,
/// from Apple's Human Interface Guidelines, Color, "System background colors" and "label colors").
public struct TableColors: Sendable, Equatable {
    /// systemGroupedBackground: behind a grouped table's sections.
    public var groupedBackground: Color
    /// secondarySystemGroupedBackground: a grouped section's cells.
    public var groupedCellBackground: Color
    /// tertiaryLabel: the disclosure chevron.
    public var tertiaryLabel: Color

    public static let light = TableColors(
        groupedBackground: Color(242, 242, 247), groupedCellBackground: Color(255, 255, 255),
        tertiaryLabel: Color(60, 60, 67, alpha: 76.0 / 255))
    public static let dark = TableColors(
        groupedBackground: Color(0, 0, 0), groupedCellBackground: Color(28, 28, 30),
        tertiaryLabel: Color(235, 235, 245, alpha: 76.0 / 255))

    public static func forAppearance(_ a: Appearance) -> TableColors { a == .light ? .light : .dark }
}

/// Where a cell's parts sit, in the cell's coordinates (points), and its height.
public struct TableCellLayout: Equatable, Sendable {
    public var height: Double
    public var image: Rect?
    public var text: Rect
    public var detail: Rect?
    public var accessory: Rect?
    /// Where the text starts: UIKit's default separator inset (past the image when there is one).
    public var textX: Double
}

package enum TableCell {
    package static func textContent(_ row: TableRow, palette: Palette, typography: Typography, lines: Int) -> TextContent {
        if row.style == .value2 {
            var t = TextContent(
                row.text, pointSize: typography.scaled(TableCellMetrics.value2TextSize, style: .footnote), color: palette.systemBlue,
                alignment: .right,
                letterSpacing: TableCellMetrics.value2TextTracking, typography: typography)
            t.numberOfLines = 1
            return t
        }
        var t = TextContent(
            row.text, pointSize: typography.scaled(TableCellMetrics.textSize, style: .body), color: palette.label,
            letterSpacing: TableCellMetrics.textTracking, typography: typography)
        t.numberOfLines = row.style == .value1 ? 1 : lines
        // value1's text label is as wide as its text, at the leading edge (the detail takes the
        // trailing one): right-to-left text there stays by the image, not against the detail.
        if row.style == .value1 { t.alignment = .left }
        return t
    }

    package static func detailContent(_ text: String, _ row: TableRow, palette: Palette, typography: Typography, lines: Int) -> TextContent {
        switch row.style {
        case .subtitle:
            var t = TextContent(
                text, pointSize: typography.scaled(TableCellMetrics.subtitleDetailSize, style: .subheadline), color: palette.secondaryLabel,
                letterSpacing: TableCellMetrics.subtitleDetailTracking, typography: typography)
            t.numberOfLines = lines
            return t
        case .value1:
            return TextContent(
                text, pointSize: typography.scaled(TableCellMetrics.textSize, style: .body), color: palette.secondaryLabel, alignment: .right,
                letterSpacing: TableCellMetrics.textTracking, typography: typography)
        case .value2, .default:
            return TextContent(
                text, pointSize: typography.scaled(TableCellMetrics.textSize, style: .body), color: palette.label,
                letterSpacing: TableCellMetrics.textTracking, typography: typography)
        }
    }

    /// Lays out `row` in a cell `width` wide whose content keeps `left` and `right` points from its
    /// edges (the layout margin, plus the safe area on a full-width cell). A self-sizing cell
    /// (`fixedHeight` nil) is as tall as its content plus padding rounded up to the device's pixels
    /// plus one pixel of separator, at least 44 pt (the separator within), as UITableView sizes
    /// it; its labels wrap.
    package static func layout(
        _ row: TableRow, width: Double, left: Double, right: Double, fixedHeight: Double?,
        deviceScale: Double, typography: Typography
    ) -> TableCellLayout {
        func ceilPixel(_ v: Double) -> Double { TableCellMetrics.ceilPixel(v, scale: deviceScale) }
        let m = TableCellMetrics.self
        let lines = fixedHeight == nil ? 0 : 1
        var end = width - right
        var accessory: Rect?
        if let size = m.accessorySize(row.accessory) {
            accessory = Rect(x: end - size.width, y: 0, width: size.width, height: size.height)
            end = accessory!.minX - m.textToAccessory
        }
        var image: Rect?
        var textX = left
        if row.hasImage {
            image = Rect(x: left, y: 0, width: row.imageSize, height: row.imageSize)
            textX = left + row.imageSize + m.imageToText
        }
        let available = max(1, end - textX)
        // Frames at y = 0 first; the block is centred vertically once the height is known.
        var text: Rect
        var detail: Rect?
        let palette = Palette.light
        switch row.style {
        case .default, .subtitle:
            let h = ceilPixel(textContent(row, palette: palette, typography: typography, lines: lines).paragraph(width: available).height)
            text = Rect(x: textX, y: 0, width: available, height: h)
            if row.style == .subtitle, let d = row.detail {
                let dh = ceilPixel(detailContent(d, row, palette: palette, typography: typography, lines: lines).paragraph(width: available).height)
                detail = Rect(x: textX, y: h + m.subtitleGap, width: available, height: dh)
            }
        case .value1:
            let h = ceilPixel(textContent(row, palette: palette, typography: typography, lines: 1).paragraph(width: available).height)
            var textWidth = available
            if let d = row.detail {
                // The detail keeps its natural width up to half the room; the text takes the rest.
                let natural = detailContent(d, row, palette: palette, typography: typography, lines: 1).layout().width
                let dw = min(ceilPixel(natural), available / 2)
                detail = Rect(x: end - dw, y: 0, width: dw, height: h)
                textWidth = max(1, available - dw - m.labelSpacing)
            }
            text = Rect(x: textX, y: 0, width: textWidth, height: h)
        case .value2:
            let column = (available * m.value2ColumnFraction).rounded()
            let th = ceilPixel(textContent(row, palette: palette, typography: typography, lines: 1).paragraph(width: column).height)
            text = Rect(x: textX, y: 0, width: column, height: th)
            if let d = row.detail {
                let dx = textX + column + m.labelSpacing
                let dh = ceilPixel(
                    detailContent(d, row, palette: palette, typography: typography, lines: 1).paragraph(width: max(1, end - dx)).height)
                detail = Rect(x: dx, y: 0, width: max(1, end - dx), height: dh)
            }
        }
        let blockHeight = row.style == .subtitle ? (detail?.maxY ?? text.maxY) : max(text.height, detail?.height ?? 0)
        let separator = 1 / deviceScale
        let height =
            fixedHeight
            ?? max(
                m.minimumRowHeight,
                ceilPixel(max(blockHeight + 2 * m.verticalPadding, (image?.height ?? 0) + 2 * m.imageVerticalPadding)) + separator)
        // Centred in the content view: the cell less the separator pixel of a self-sizing cell.
        let contentHeight = fixedHeight ?? height - separator
        func centred(_ r: Rect, _ h: Double) -> Rect { Rect(x: r.minX, y: ((contentHeight - h) / 2) + r.minY, width: r.width, height: r.height) }
        switch row.style {
        case .subtitle:
            text = centred(text, blockHeight)
            detail = detail.map { centred($0, blockHeight) }
        default:
            text = centred(text, text.height)
            detail = detail.map { centred($0, $0.height) }
        }
        image = image.map { centred($0, $0.height) }
        accessory = accessory.map { centred($0, $0.height) }
        return TableCellLayout(height: height, image: image, text: text, detail: detail, accessory: accessory, textX: textX)
    }

    /// The cell's layer: `frame` in its section, parts from `layout`.
    static func layer(
        _ row: TableRow, layout c: TableCellLayout, name: String, frame: Rect, fixedHeight: Bool,
        background: Color?, palette: Palette, colors: TableColors, typography: Typography
    ) -> Layer {
        let cell = Layer(name: name, frame: frame)
        cell.backgroundColor = background
        let lines = fixedHeight ? 1 : 0
        if let r = c.image {
            let square = Layer(name: "\(name).image", frame: r)
            square.backgroundColor = row.imageColor
            square.cornerRadius = row.resolvedImageCornerRadius
            square.masksToBounds = true
            if let image = row.image {
                let picture = Layer(frame: Rect(origin: .zero, size: r.size))
                picture.contents = .image(image, .aspectFill)
                square.addSublayer(picture)
            }
            cell.addSublayer(square)
        }
        let text = Layer(name: "\(name).text", frame: c.text)
        text.contents = .text(textContent(row, palette: palette, typography: typography, lines: lines))
        cell.addSublayer(text)
        if let r = c.detail, let d = row.detail {
            let detail = Layer(name: "\(name).detail", frame: r)
            detail.contents = .text(detailContent(d, row, palette: palette, typography: typography, lines: lines))
            cell.addSublayer(detail)
        }
        if let r = c.accessory {
            let accessory = Layer(name: "\(name).accessory", frame: r)
            let shapes = glyph(row.accessory, in: r.size, palette: palette, colors: colors)
            if let alpha = shapes.first?.1.a, alpha < 255 {
                // A translucent glyph (the chevron's tertiaryLabel) is drawn opaque and faded as a
                // group, so its strokes do not darken where they overlap at the tip.
                let strokes = Layer(frame: Rect(origin: .zero, size: r.size))
                strokes.contents = .shapes(shapes.map { ($0.0, Color(r: $0.1.r, g: $0.1.g, b: $0.1.b, a: 255)) })
                accessory.addSublayer(strokes)
                accessory.opacity = Double(alpha) / 255
            } else {
                accessory.contents = .shapes(shapes)
            }
            cell.addSublayer(accessory)
        }
        return cell
    }

    /// The accessory's glyph in its box (points): strokes as round-capped capsules, as SF Symbols
    /// draw them.
    package static func glyph(_ accessory: TableRow.Accessory, in size: Size, palette: Palette, colors: TableColors) -> [(Shape, Color)] {
        let w = size.width, h = size.height
        switch accessory {
        case .none:
            return []
        case .disclosureIndicator:
            // chevron.forward: two strokes about 2 pt thick meeting at the right, in tertiaryLabel.
            let t = 2.2, inset = t / 2
            let tip = Point(w - inset, h / 2)
            return [
                (.capsule(from: Point(inset, inset), to: tip, width: t), colors.tertiaryLabel),
                (.capsule(from: tip, to: Point(inset, h - inset), width: t), colors.tertiaryLabel),
            ]
        case .checkmark:
            // checkmark: a short stroke down to the bottom vertex, a long one up to the right, in the tint.
            let t = 2.2, inset = t / 2
            let bottom = Point(w * 0.36, h - inset)
            return [
                (.capsule(from: Point(inset, h * 0.55), to: bottom, width: t), palette.systemBlue),
                (.capsule(from: bottom, to: Point(w - inset, inset), width: t), palette.systemBlue),
            ]
        case .detailButton:
            // info.circle: a ring with an "i" (a dot over a stem), in the tint.
            let c = Point(w / 2, h / 2), ring = 1.5
            return [
                (.ringSector(center: c, radius: w / 2 - ring / 2, width: ring, from: 0, to: 2 * Double.pi), palette.systemBlue),
                (.circle(center: Point(c.x, c.y - 4.6), radius: 1.25), palette.systemBlue),
                (.capsule(from: Point(c.x, c.y - 1.2), to: Point(c.x, c.y + 5.2), width: 2), palette.systemBlue),
            ]
        }
    }
}
