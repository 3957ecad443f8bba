import Foundation

/// Where a font comes from: a file (one face of it, at one instance of its axes) that is read the
/// first time a character needs it, or a font already loaded.
public struct FontSource: Sendable, Hashable {
    public var path: String
    public var faceIndex: Int
    public var variations: [FontVariation]
    /// Color emoji: tried first for characters shown as emoji (U+FE0F, flags, emoji-presentation
    /// characters), and after every other font for the rest.
    public var isEmoji: Bool

    public init(path: String, faceIndex: Int = 0, variations: [FontVariation] = [], isEmoji: Bool = false) {
        self.path = path; self.faceIndex = faceIndex; self.variations = variations; self.isEmoji = isEmoji
    }
}

/// Fonts loaded from files, each file (face, instance) read once per process. A file that cannot
/// be read is remembered as missing: its characters fall back to the next font.
public enum FontLibrary {
    private static let loaded = Locked<[FontSource: Result<Font, FontError>]>([:])

    public static func font(_ source: FontSource) -> Result<Font, FontError> {
        var key = source
        key.isEmoji = false
        if let hit = loaded.withLock({ $0[key] }) { return hit }
        let result: Result<Font, FontError>
        do {
            result = .success(try Font(path: source.path, faceIndex: source.faceIndex, variations: source.variations))
        } catch let error as FontError {
            result = .failure(error)
        } catch {
            result = .failure(.unreadable(path: source.path))
        }
        return loaded.withLock { table in
            if let hit = table[key] { return hit }
            table[key] = result
            return result
        }
    }
}

/// The fonts one text is set in, in the order they are tried for each character: the first is the
/// text's own (its glyph for a character no font has is the one `.notdef` box drawn for it), then
/// fallbacks for other scripts, and an emoji font. Fallback files are read only when a character
/// needs them. Compared by identity.
public final class FontCascade: Sendable, Equatable, Hashable {
    private enum Entry: Sendable {
        case font(Font)
        case file(FontSource)
    }
    private let entries: [Entry]
    /// The emoji font's position, if the cascade has one.
    public let emojiIndex: Int?
    /// The first font stands in for the system font (SF Pro), as the bundled Inter does: where its
    /// contextual alternates make what SF Pro does not (× for an x between digits), the plain
    /// glyph is drawn.
    public let standsInForSystemFont: Bool

    public init(_ primary: Font, fallbacks: [FontSource] = [], standsInForSystemFont: Bool = false) {
        entries = [.font(primary)] + fallbacks.prefix(Int(UInt16.max) - 1).map { .file($0) }
        emojiIndex = fallbacks.firstIndex(where: \.isEmoji).map { $0 + 1 }
        self.standsInForSystemFont = standsInForSystemFont
    }

    public var count: Int { entries.count }
    public var primary: Font {
        guard case .font(let f) = entries[0] else { fatalError("a cascade starts with a loaded font") }
        return f
    }

    /// The font at `index`, read from its file if need be; nil if the file cannot be read.
    public func loadedFont(_ index: Int) -> Font? {
        guard index >= 0, index < entries.count else { return nil }
        switch entries[index] {
        case .font(let f): return f
        case .file(let source): return try? FontLibrary.font(source).get()
        }
    }

    /// The fallback files, for what a render depends on.
    public var fallbackSources: [FontSource] {
        entries.compactMap { if case .file(let s) = $0 { return s } else { return nil } }
    }

    public static func == (a: FontCascade, b: FontCascade) -> Bool { a === b }
    public func hash(into hasher: inout Hasher) { hasher.combine(ObjectIdentifier(self)) }
}
