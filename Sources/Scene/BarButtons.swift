import Raster

extension Chrome {
    /// A round translucent button with a glyph, as Twitter's profile screen floats over the photo.
    static func floatingButton(name: String, frame: Rect, glyph: [(Shape, Color)]) -> Layer {
        let button = Layer(name: name, frame: frame)
        button.backgroundColor = Color(0, 0, 0, alpha: 0.45)
        button.cornerRadius = frame.width / 2
        let icon = Layer(frame: Rect(origin: .zero, size: frame.size))
        icon.contents = .shapes(glyph)
        button.addSublayer(icon)
        return button
    }

    static func backChevron(in size: Size, color: Color) -> [(Shape, Color)] {
        let cx = size.width / 2 - 1.5, cy = size.height / 2
        return [(.capsule(from: Point(cx + 4, cy - 7), to: Point(cx - 3, cy), width: 2.4), color),
                (.capsule(from: Point(cx - 3, cy), to: Point(cx + 4, cy + 7), width: 2.4), color)]
    }

    static func moreDots(in size: Size, color: Color) -> [(Shape, Color)] {
        (-1...1).map { i in (.circle(center: Point(size.width / 2 + Double(i) * 6, size.height / 2), radius: 1.8), color) }
    }
}
