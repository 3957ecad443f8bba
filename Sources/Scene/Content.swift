import Raster

/// What scrolls under a header: plain rows, self-sizing mail cells, or a flow-layout grid.
/// Coordinates are the content's own: y = 0 at its top, in points.
public enum ScreenContent {
    case rows(Rows)
    case mail(MailList)
    case grid(FlowGrid)

    /// The height with every row measured.
    public var height: Double {
        switch self {
        case .rows(let r): return Double(r.count) * r.height
        case .mail(let m): return m.rowTops.last!
        case .grid(let g): return g.height
        }
    }

    /// Layers of the rows or items that intersect `top...bottom`, in a superlayer whose content
    /// starts at `originY`.
    func layers(from top: Double, to bottom: Double, originY: Double, style: ContentStyle) -> [Layer] {
        switch self {
        case .rows(let r): return r.layers(from: top, to: bottom, originY: originY, style: style)
        case .mail(let m): return m.layers(from: top, to: bottom, originY: originY, style: style)
        case .grid(let g): return g.layers(from: top, to: bottom, originY: originY, style: style)
        }
    }
}

/// What content needs to know about the screen it is drawn on.
struct ContentStyle {
    var width: Double
    var palette: Palette
    var background: Color
    /// Output pixels per point: hairlines are one pixel.
    var pixelScale: Double
}

/// A one-pixel separator under a row, from the 16 pt inset to the right edge (spec 1.4).
private func separator(width: Double, rowHeight: Double, style: ContentStyle) -> Layer {
    let line = Layer(frame: Rect(x: 16, y: rowHeight - 1 / style.pixelScale, width: width - 16, height: 1 / style.pixelScale))
    line.backgroundColor = style.palette.separator
    return line
}

/// Rows of one height with one line of text: UITableViewCell's default style.
public struct Rows {
    public var count = 30
    /// Row texts, used in turn; empty gives "Row 1", "Row 2", ...
    public var texts: [String] = []
    public var height = 44.0
    public init() {}

    /// No rows.
    public static var empty: Rows { var r = Rows(); r.count = 0; return r }

    public func text(at index: Int) -> String { texts.isEmpty ? "Row \(index + 1)" : texts[index % texts.count] }

    /// `count` UUID strings from a seeded generator, as the stretchy-table article fills its rows
    /// with `UUID().uuidString`, but the same on every run.
    public static func uuidTexts(count: Int, seed: UInt64) -> [String] {
        var generator = SplitMix64(seed: seed)
        let hex = Array("0123456789ABCDEF")
        return (0..<count).map { _ in
            var bytes = (0..<2).flatMap { _ -> [UInt8] in
                let v = generator.next()
                return (0..<8).map { UInt8(truncatingIfNeeded: v >> (8 * UInt64($0))) }
            }
            bytes[6] = bytes[6] & 0x0F | 0x40 // version 4
            bytes[8] = bytes[8] & 0x3F | 0x80 // RFC 4122 variant
            var s = ""
            for (i, b) in bytes.enumerated() {
                if [4, 6, 8, 10].contains(i) { s.append("-") }
                s.append(hex[Int(b >> 4)]); s.append(hex[Int(b & 15)])
            }
            return s
        }
    }

    func layers(from top: Double, to bottom: Double, originY: Double, style: ContentStyle) -> [Layer] {
        guard count > 0 else { return [] }
        let first = max(0, Int((top / height).rounded(.down)))
        let last = min(count - 1, Int((bottom / height).rounded(.up)))
        guard first <= last else { return [] }
        return (first...last).map { i in
            let cell = Layer(name: "row.\(i)", frame: Rect(x: 0, y: originY + Double(i) * height, width: style.width, height: height))
            cell.backgroundColor = style.background
            let label = Layer(frame: Rect(x: 16, y: 0, width: style.width - 32, height: height))
            label.contents = .text(TextContent(text(at: i), pointSize: 17, color: style.palette.label, letterSpacing: -0.41))
            cell.addSublayer(label)
            cell.addSublayer(separator(width: style.width, rowHeight: height, style: style))
            return cell
        }
    }
}

/// A small, fast, seeded generator (Vigna's SplitMix64): the same numbers on every platform.
struct SplitMix64 {
    var state: UInt64
    init(seed: UInt64) { state = seed }
    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}

/// Self-sizing cells (spec 1.4): a mail list whose rows are as tall as their content. Four layouts:
/// subject; subject + body; subject + photo; subject + body + photo.
///
/// Each cell is laid out as Auto Layout would with every label pinned to the content view's edges:
/// padding, the subject (wrapping), the body (wrapping, up to `bodyLines`), the photo, padding; the
/// height is rounded up to the device's pixels and one pixel of separator is added, as
/// UITableView does. Layout uses the device's scale, not the output's, so a `--scale 1` preview
/// has the same geometry as the @3x frames.
public struct MailList {
    public struct Message {
        public var subject: String
        public var body: String?
        public var photo: SceneImage?
        public init(subject: String, body: String? = nil, photo: SceneImage? = nil) {
            self.subject = subject; self.body = body; self.photo = photo
        }

        /// The reuse identifier of the message's layout.
        public var layout: String {
            switch (body != nil, photo != nil) {
            case (false, false): return "subject"
            case (true, false): return "subjectBody"
            case (false, true): return "subjectPhoto"
            case (true, true): return "subjectBodyPhoto"
            }
        }
    }

    /// Metrics of a cell, in points.
    public struct Metrics: Equatable {
        public var padding = 12.0
        public var margin = 16.0
        /// Between the subject and the body.
        public var textSpacing = 4.0
        /// Between the text and the photo.
        public var photoSpacing = 10.0
        public var photoHeight = 160.0
        public var photoCornerRadius = 8.0
        public var subjectSize = 17.0
        public var bodySize = 15.0
        /// The body's maximum lines (0: no limit).
        public var bodyLines = 0
        public init() {}
    }

    /// One measured cell: its subviews' frames in the cell, and its height with the separator.
    public struct Cell: Equatable {
        public var subject: Rect
        public var body: Rect?
        public var photo: Rect?
        public var height: Double
    }

    public let messages: [Message]
    public let count: Int
    /// What the table assumes for a row it has not measured yet.
    public let estimatedRowHeight: Double
    public let metrics: Metrics
    /// Measured cells, one per message (rows repeat the messages in turn).
    public let cells: [Cell]
    /// `rowTops[i]` is row i's top; `rowTops[count]` the content height.
    public let rowTops: [Double]

    public init(messages: [Message], count: Int, estimatedRowHeight: Double = 44, metrics: Metrics = Metrics(),
                width: Double, deviceScale: Double) {
        precondition(!messages.isEmpty || count == 0, "a mail list with rows needs messages")
        self.messages = messages
        self.count = count
        self.estimatedRowHeight = estimatedRowHeight
        self.metrics = metrics
        let cells = messages.map { MailList.measure($0, metrics: metrics, width: width, deviceScale: deviceScale) }
        self.cells = cells
        var tops = [0.0]
        tops.reserveCapacity(count + 1)
        for i in 0..<count { tops.append(tops[i] + cells[i % cells.count].height) }
        rowTops = tops
    }

    public func message(at row: Int) -> Message { messages[row % messages.count] }
    public func cell(at row: Int) -> Cell { cells[row % cells.count] }

    static func subjectText(_ s: String, _ m: Metrics, _ palette: Palette) -> TextContent {
        var t = TextContent(s, weight: .semibold, pointSize: m.subjectSize, color: palette.label, letterSpacing: -0.41)
        t.numberOfLines = 0
        return t
    }

    static func bodyText(_ s: String, _ m: Metrics, _ palette: Palette) -> TextContent {
        var t = TextContent(s, pointSize: m.bodySize, color: palette.secondaryLabel, letterSpacing: -0.24)
        t.numberOfLines = m.bodyLines
        return t
    }

    /// Auto Layout's answer for one message at a table width.
    static func measure(_ message: Message, metrics m: Metrics, width: Double, deviceScale: Double) -> Cell {
        func ceilPixel(_ v: Double) -> Double { (v * deviceScale - 1e-9).rounded(.up) / deviceScale }
        let textWidth = width - 2 * m.margin
        let subjectHeight = ceilPixel(subjectText(message.subject, m, .light).paragraph(width: textWidth).height)
        var y = m.padding
        let subject = Rect(x: m.margin, y: y, width: textWidth, height: subjectHeight)
        y = subject.maxY
        var body: Rect?
        if let text = message.body {
            let h = ceilPixel(bodyText(text, m, .light).paragraph(width: textWidth).height)
            body = Rect(x: m.margin, y: y + m.textSpacing, width: textWidth, height: h)
            y = body!.maxY
        }
        var photo: Rect?
        if message.photo != nil {
            photo = Rect(x: m.margin, y: y + m.photoSpacing, width: textWidth, height: m.photoHeight)
            y = photo!.maxY
        }
        return Cell(subject: subject, body: body, photo: photo, height: ceilPixel(y + m.padding) + 1 / deviceScale)
    }

    /// The rows that intersect `top..<bottom` (content coordinates).
    public func rows(intersecting top: Double, _ bottom: Double) -> Range<Int> {
        guard count > 0, bottom > top else { return 0..<0 }
        // First row whose bottom is below `top`; first row whose top is at or below `bottom`.
        func firstIndex(where predicate: (Int) -> Bool) -> Int {
            var lo = 0, hi = count
            while lo < hi {
                let mid = (lo + hi) / 2
                if predicate(mid) { hi = mid } else { lo = mid + 1 }
            }
            return lo
        }
        let first = firstIndex { rowTops[$0 + 1] > top }
        let end = firstIndex { rowTops[$0] >= bottom }
        return first..<max(first, end)
    }

    /// What the table believes while only `measured` rows have been laid out: measured rows count
    /// their real height, the others `estimatedRowHeight` (spec 1.4).
    public func estimatedHeight(measured: Range<Int>) -> Double {
        let real = rowTops[measured.upperBound] - rowTops[measured.lowerBound]
        return real + Double(count - measured.count) * estimatedRowHeight
    }

    /// How much the table's offset is ahead of the real layout while the rows above `measured` are
    /// still estimates: UIKit keeps the rows on screen still and moves contentOffset instead.
    public func offsetCorrection(measured: Range<Int>) -> Double {
        Double(measured.lowerBound) * estimatedRowHeight - rowTops[measured.lowerBound]
    }

    func layers(from top: Double, to bottom: Double, originY: Double, style: ContentStyle) -> [Layer] {
        rows(intersecting: top, bottom).map { i in
            let message = message(at: i), c = cell(at: i), m = metrics
            let row = Layer(name: "mail.\(i)", frame: Rect(x: 0, y: originY + rowTops[i], width: style.width, height: c.height))
            row.backgroundColor = style.background
            let subject = Layer(name: "mail.\(i).subject", frame: c.subject)
            subject.contents = .text(MailList.subjectText(message.subject, m, style.palette))
            row.addSublayer(subject)
            if let text = message.body, let frame = c.body {
                let body = Layer(name: "mail.\(i).body", frame: frame)
                body.contents = .text(MailList.bodyText(text, m, style.palette))
                row.addSublayer(body)
            }
            if let image = message.photo, let frame = c.photo {
                let photo = Layer(name: "mail.\(i).photo", frame: frame)
                photo.backgroundColor = style.palette.secondarySystemBackground
                photo.cornerRadius = m.photoCornerRadius
                photo.masksToBounds = true
                let content = Layer(frame: Rect(origin: .zero, size: frame.size))
                content.contents = .image(image, .aspectFill)
                photo.addSublayer(content)
                row.addSublayer(photo)
            }
            row.addSublayer(separator(width: style.width, rowHeight: c.height, style: style))
            return row
        }
    }
}

/// UICollectionViewFlowLayout with one section: items of one size in lines, as many per line as
/// fit the width; the spare width goes between items (a line of one item is centred).
public struct FlowGrid {
    public struct Item {
        public var image: SceneImage?
        public var color: Color?
        public var caption: String?
        public init(image: SceneImage? = nil, color: Color? = nil, caption: String? = nil) {
            self.image = image; self.color = color; self.caption = caption
        }
    }

    public struct Insets: Equatable {
        public var top, left, bottom, right: Double
        public init(_ all: Double) { top = all; left = all; bottom = all; right = all }
        public init(top: Double, left: Double, bottom: Double, right: Double) {
            self.top = top; self.left = left; self.bottom = bottom; self.right = right
        }
    }

    /// Card colours used in turn when items give none: the system palette's hues.
    public static let cardColors = [Color(255, 59, 48), Color(255, 149, 0), Color(52, 199, 89), Color(48, 176, 199),
                                    Color(0, 122, 255), Color(88, 86, 214), Color(175, 82, 222), Color(255, 45, 85)]

    public let items: [Item]
    public let count: Int
    public let itemSize: Size
    public let interitemSpacing: Double
    public let lineSpacing: Double
    public let sectionInset: Insets
    public let cornerRadius: Double
    /// Items per line, from the width.
    public let columns: Int
    /// The x of each column.
    public let columnX: [Double]

    public init(items: [Item], count: Int, itemSize: Size, interitemSpacing: Double = 10, lineSpacing: Double = 10,
                sectionInset: Insets = Insets(10), cornerRadius: Double = 0, width: Double) {
        self.items = items; self.count = count; self.itemSize = itemSize
        self.interitemSpacing = interitemSpacing; self.lineSpacing = lineSpacing
        self.sectionInset = sectionInset; self.cornerRadius = cornerRadius
        let available = width - sectionInset.left - sectionInset.right
        let n = max(1, Int(((available + interitemSpacing) / (itemSize.width + interitemSpacing)).rounded(.down)))
        columns = n
        if n == 1 {
            columnX = [sectionInset.left + (available - itemSize.width) / 2]
        } else {
            let gap = (available - Double(n) * itemSize.width) / Double(n - 1)
            columnX = (0..<n).map { sectionInset.left + Double($0) * (itemSize.width + gap) }
        }
    }

    public var lines: Int { (count + columns - 1) / columns }

    public var height: Double {
        guard count > 0 else { return 0 }
        return sectionInset.top + Double(lines) * itemSize.height + Double(lines - 1) * lineSpacing + sectionInset.bottom
    }

    /// Item `i`'s frame in the grid's coordinates.
    public func frame(ofItem i: Int) -> Rect {
        let line = i / columns, column = i % columns
        return Rect(x: columnX[column], y: sectionInset.top + Double(line) * (itemSize.height + lineSpacing),
                    width: itemSize.width, height: itemSize.height)
    }

    func layers(from top: Double, to bottom: Double, originY: Double, style: ContentStyle) -> [Layer] {
        guard count > 0 else { return [] }
        let pitch = itemSize.height + lineSpacing
        let firstLine = max(0, Int(((top - sectionInset.top) / pitch).rounded(.down)))
        let lastLine = min(lines - 1, Int(((bottom - sectionInset.top) / pitch).rounded(.down)))
        guard firstLine <= lastLine else { return [] }
        var out: [Layer] = []
        for i in (firstLine * columns)..<min(count, (lastLine + 1) * columns) {
            let item = items.isEmpty ? Item() : items[i % items.count]
            let cell = Layer(name: "item.\(i)", frame: frame(ofItem: i).offsetBy(dx: 0, dy: originY))
            cell.backgroundColor = item.color ?? (item.image == nil ? FlowGrid.cardColors[i % FlowGrid.cardColors.count]
                                                                    : style.palette.secondarySystemBackground)
            cell.cornerRadius = cornerRadius
            cell.masksToBounds = true
            if let image = item.image {
                let photo = Layer(name: "item.\(i).image", frame: Rect(origin: .zero, size: itemSize))
                photo.contents = .image(image, .aspectFill)
                cell.addSublayer(photo)
            }
            if let caption = item.caption {
                // A dark band under white text, legible on photos and cards alike.
                let band = Layer(frame: Rect(x: 0, y: itemSize.height - 36, width: itemSize.width, height: 36))
                band.backgroundColor = Color(0, 0, 0, alpha: 0.35)
                let label = Layer(name: "item.\(i).caption", frame: Rect(x: 10, y: 0, width: itemSize.width - 20, height: 36))
                label.contents = .text(TextContent(caption, weight: .semibold, pointSize: 15, color: .white, letterSpacing: -0.24))
                band.addSublayer(label)
                cell.addSublayer(band)
            }
            out.append(cell)
        }
        return out
    }
}
