import Raster

/// The table of SF Symbol names and the Phosphor outlines behind them, read once from
/// `SymbolGlyphData.swift` (written by scripts/make-symbols.py).
enum SymbolGlyphs {
    /// What an SF Symbol name draws: a Phosphor icon, in its fill style or its outline weights.
    struct Entry: Sendable {
        var icon: String
        var filled: Bool
    }

    /// The names in the table's order, and each name's entry.
    static let entries: (names: [String], byName: [String: Entry]) = {
        var names: [String] = []
        var byName: [String: Entry] = [:]
        for line in table.split(separator: "\n") {
            let parts = line.split(separator: " ")
            guard parts.count == 3 else { continue }
            let name = String(parts[0])
            names.append(name)
            byName[name] = Entry(icon: String(parts[1]), filled: parts[2] == "fill")
        }
        return (names, byName)
    }()

    /// Encoded outlines by "icon weight" (decoded when drawn).
    static let encoded: [String: Substring] = {
        var out: [String: Substring] = [:]
        for line in outlines.split(separator: "\n") {
            let parts = line.split(separator: " ", maxSplits: 2)
            guard parts.count == 3 else { continue }
            out["\(parts[0]) \(parts[1])"] = parts[2]
        }
        return out
    }()

    /// The outline of `icon` in a Phosphor weight (thin, light, regular, bold or fill), on the
    /// 256-unit grid, y down; nil when the table has no such glyph.
    static func outline(icon: String, weight: String) -> [Path.Element]? {
        guard let data = encoded["\(icon) \(weight)"] else { return nil }
        return decode(data)
    }

    /// make-symbols.py's encoding: a command letter (M, L, C, Z), then its numbers, each two
    /// base-64 digits holding tenths of a unit offset by 64 units.
    static func decode(_ data: Substring) -> [Path.Element]? {
        let bytes = Array(data.utf8)
        var i = 0
        func number() -> Double? {
            guard i + 1 < bytes.count, let hi = digit(bytes[i]), let lo = digit(bytes[i + 1]) else { return nil }
            i += 2
            return Double(hi * 64 + lo) / 10 - 64
        }
        func point() -> Point? {
            guard let x = number(), let y = number() else { return nil }
            return Point(x, y)
        }
        var out: [Path.Element] = []
        while i < bytes.count {
            let command = bytes[i]
            i += 1
            switch command {
            case UInt8(ascii: "M"): guard let p = point() else { return nil }; out.append(.move(p))
            case UInt8(ascii: "L"): guard let p = point() else { return nil }; out.append(.line(p))
            case UInt8(ascii: "C"):
                guard let a = point(), let b = point(), let c = point() else { return nil }
                out.append(.cubic(a, b, c))
            case UInt8(ascii: "Z"): out.append(.close)
            default: return nil
            }
        }
        return out
    }

    private static func digit(_ c: UInt8) -> Int? {
        switch c {
        case UInt8(ascii: "A")...UInt8(ascii: "Z"): return Int(c - UInt8(ascii: "A"))
        case UInt8(ascii: "a")...UInt8(ascii: "z"): return Int(c - UInt8(ascii: "a")) + 26
        case UInt8(ascii: "0")...UInt8(ascii: "9"): return Int(c - UInt8(ascii: "0")) + 52
        case UInt8(ascii: "+"): return 62
        case UInt8(ascii: "/"): return 63
        default: return nil
        }
    }
}
