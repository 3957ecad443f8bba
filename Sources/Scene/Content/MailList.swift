import Raster

/// Self-sizing cells (spec 1.4): a mail list whose rows are as tall as their content. Four layouts:
/// subject; subject + body; subject + photo; subject + body + photo.
///
/// Each cell is laid out as Auto Layout would with every label pinned to the content view's edges:
/// padding, the subject (wrapping), the body (wrapping, up to `bodyLines`), the photo, padding; the
/// height is rounded up to the device's pixels and one pixel of separator is added, as
/// UITableView does. Layout uses the device's scale, not the output's, so a `--scale 1` preview
/// has the same geometry as the @3x frames.
public struct MailList: Sendable {
    public struct Message: Sendable {
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
    public struct Metrics: Equatable, Sendable {
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
    public struct Cell: Equatable, Sendable {
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
    /// The fonts and text size the list is measured and drawn in.
    public let typography: Typography

    public init(
        messages: [Message], count: Int, estimatedRowHeight: Double = 44, metrics: Metrics = Metrics(),
        width: Double, deviceScale: Double, typography: Typography
    ) {
        self.typography = typography
        precondition(!messages.isEmpty || count == 0, "a mail list with rows needs messages")
        self.messages = messages
        self.count = count
        self.estimatedRowHeight = estimatedRowHeight
        self.metrics = metrics
        let cells = messages.map { MailList.measure($0, metrics: metrics, width: width, deviceScale: deviceScale, typography: typography) }
        self.cells = cells
        var tops = [0.0]
        tops.reserveCapacity(count + 1)
        for i in 0..<count { tops.append(tops[i] + cells[i % cells.count].height) }
        rowTops = tops
    }

    public func message(at row: Int) -> Message { messages[row % messages.count] }
    public func cell(at row: Int) -> Cell { cells[row % cells.count] }

    static func subjectText(_ s: String, _ m: Metrics, _ palette: Palette, _ typography: Typography) -> TextContent {
        var t = TextContent(
            s, weight: .semibold, pointSize: typography.scaled(m.subjectSize, style: .headline), color: palette.label, letterSpacing: -0.41,
            typography: typography)
        t.numberOfLines = 0
        return t
    }

    static func bodyText(_ s: String, _ m: Metrics, _ palette: Palette, _ typography: Typography) -> TextContent {
        var t = TextContent(
            s, pointSize: typography.scaled(m.bodySize, style: .subheadline), color: palette.secondaryLabel, letterSpacing: -0.24,
            typography: typography)
        t.numberOfLines = m.bodyLines
        return t
    }

    /// Auto Layout's answer for one message at a table width.
    static func measure(_ message: Message, metrics m: Metrics, width: Double, deviceScale: Double, typography: Typography) -> Cell {
        func ceilPixel(_ v: Double) -> Double { (v * deviceScale - 1e-9).rounded(.up) / deviceScale }
        let textWidth = width - 2 * m.margin
        let subjectHeight = ceilPixel(subjectText(message.subject, m, .light, typography).paragraph(width: textWidth).height)
        var y = m.padding
        let subject = Rect(x: m.margin, y: y, width: textWidth, height: subjectHeight)
        y = subject.maxY
        var body: Rect?
        if let text = message.body {
            let h = ceilPixel(bodyText(text, m, .light, typography).paragraph(width: textWidth).height)
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
            // The cell's content view, inside the safe area (insetsContentViewsToSafeArea).
            let cellContent = Layer(frame: Rect(x: style.safeLeft, y: 0, width: style.width - style.safeLeft - style.safeRight, height: c.height))
            row.addSublayer(cellContent)
            let subject = Layer(name: "mail.\(i).subject", frame: c.subject)
            subject.contents = .text(MailList.subjectText(message.subject, m, style.palette, typography))
            cellContent.addSublayer(subject)
            if let text = message.body, let frame = c.body {
                let body = Layer(name: "mail.\(i).body", frame: frame)
                body.contents = .text(MailList.bodyText(text, m, style.palette, typography))
                cellContent.addSublayer(body)
            }
            if let image = message.photo, let frame = c.photo {
                let photo = Layer(name: "mail.\(i).photo", frame: frame)
                photo.backgroundColor = style.palette.secondarySystemBackground
                photo.cornerRadius = m.photoCornerRadius
                photo.masksToBounds = true
                let content = Layer(frame: Rect(origin: .zero, size: frame.size))
                content.contents = .image(image, .aspectFill)
                photo.addSublayer(content)
                cellContent.addSublayer(photo)
            }
            row.addSublayer(separator(width: style.width, rowHeight: c.height, style: style, inset: metrics.margin))
            return row
        }
    }
}
