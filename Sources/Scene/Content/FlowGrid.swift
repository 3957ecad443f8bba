import Raster

/// UICollectionViewFlowLayout with one section: items of one size in lines, as many per line as
/// fit the width; the spare width goes between items (a line of one item is centred).
public struct FlowGrid: Sendable {
    public struct Item: Sendable {
        public var image: SceneImage?
        public var color: Color?
        public var caption: String?
        public init(image: SceneImage? = nil, color: Color? = nil, caption: String? = nil) {
            self.image = image; self.color = color; self.caption = caption
        }
    }

    public struct Insets: Equatable, Sendable {
        public var top, left, bottom, right: Double
        public init(_ all: Double) { top = all; left = all; bottom = all; right = all }
        public init(top: Double, left: Double, bottom: Double, right: Double) {
            self.top = top; self.left = left; self.bottom = bottom; self.right = right
        }
    }

    /// Card colors used in turn when items give none: the system palette's hues.
    public static let cardColors = [
        Color(255, 59, 48), Color(255, 149, 0), Color(52, 199, 89), Color(48, 176, 199),
        Color(0, 122, 255), Color(88, 86, 214), Color(175, 82, 222), Color(255, 45, 85),
    ]

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

    public init(
        items: [Item], count: Int, itemSize: Size, interitemSpacing: Double = 10, lineSpacing: Double = 10,
        sectionInset: Insets = Insets(10), cornerRadius: Double = 0, width: Double
    ) {
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
        return Rect(
            x: columnX[column], y: sectionInset.top + Double(line) * (itemSize.height + lineSpacing),
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
            cell.backgroundColor =
                item.color
                ?? (item.image == nil
                    ? FlowGrid.cardColors[i % FlowGrid.cardColors.count]
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
                label.contents = .text(
                    TextContent(
                        caption, weight: .semibold, pointSize: 15, color: .white, letterSpacing: -0.24,
                        typography: style.typography))
                band.addSublayer(label)
                cell.addSublayer(band)
            }
            out.append(cell)
        }
        return out
    }
}
