import Raster

/// Rows of one height with one line of text: UITableViewCell's default style.
public struct Rows: Sendable {
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
            let label = Layer(
                frame: Rect(
                    x: style.margin + style.safeLeft, y: 0,
                    width: style.width - 2 * style.margin - style.safeLeft - style.safeRight, height: height))
            label.contents = .text(
                TextContent(
                    text(at: i), pointSize: 17, color: style.palette.label, letterSpacing: -0.41,
                    typography: style.typography))
            cell.addSublayer(label)
            cell.addSublayer(separator(width: style.width, rowHeight: height, style: style, inset: style.margin))
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
