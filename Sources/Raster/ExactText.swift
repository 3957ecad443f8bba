import Foundation

/// A text as a cache key: equal to another when their UTF-8 bytes are, hashed by those bytes.
/// `String`'s own `==` and hash compare canonical equivalence, normalising a text that is not
/// already in NFC as they go: a letter with 150,000 combining accents in a cache's table made
/// every lookup that probed past it take hundreds of milliseconds, and which lookups probe past
/// it depends on the process's random hash seed. A key costs its bytes, whatever they are.
public struct ExactText: Hashable, Sendable {
    public let text: String

    public init(_ text: String) { self.text = text }

    public static func == (a: ExactText, b: ExactText) -> Bool { ExactText.same(a.text, b.text) }

    public func hash(into hasher: inout Hasher) {
        var text = self.text
        text.withUTF8 { hasher.combine(bytes: UnsafeRawBufferPointer($0)) }
    }

    /// Whether two texts are the same bytes.
    public static func same(_ a: String, _ b: String) -> Bool {
        var a = a, b = b
        return a.withUTF8 { x in
            b.withUTF8 { y in
                x.count == y.count && (x.isEmpty || memcmp(x.baseAddress!, y.baseAddress!, x.count) == 0)
            }
        }
    }
}
