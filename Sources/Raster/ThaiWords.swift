import CThai
import Foundation

/// Where Thai words end. Thai is written without spaces between words, and UIKit breaks a Thai line
/// between dictionary words (ICU's dictionary break iterator); libthai's dictionary (Debian's
/// libthai-data) finds the same kind of boundaries. Without it a long Thai line could only break
/// between characters.
final class ThaiWords: @unchecked Sendable {
    private let lock = NSLock()
    private let breaker: OpaquePointer?

    private init() { breaker = th_brk_new(nil) }

    static let shared = ThaiWords()

    /// Thai letters, vowels, tone marks and digits (U+0E01 to U+0E5B).
    static func isThai(_ scalar: UInt32) -> Bool { scalar >= 0x0E01 && scalar <= 0x0E5B }

    /// Scalars given to libthai at a time: its search is bounded per stretch, so a long text costs
    /// time in proportion to its length. A word cut at a stretch's end can still break there.
    static let stretch = 1000

    /// For each grapheme of `codes` (graphemes begin at `starts`, which ends with `codes.count`),
    /// whether a line may break before it because a Thai word begins there; nil when the text has
    /// no Thai stretch of two graphemes or more (or the dictionary is missing).
    func breaksBefore(_ codes: [UInt32], starts: [Int]) -> [Bool]? {
        let m = starts.count - 1
        var out: [Bool]?
        var g = 0
        while g < m {
            guard Self.isThai(codes[starts[g]]) else { g += 1; continue }
            var e = g + 1
            while e < m && Self.isThai(codes[starts[e]]) && starts[e + 1] - starts[g] <= Self.stretch { e += 1 }
            if e - g >= 2 {
                let found = words(codes[starts[g]..<starts[e]])
                if !found.isEmpty {
                    if out == nil { out = [Bool](repeating: false, count: m + 1) }
                    // Break positions are scalar offsets in the stretch; walk the graphemes with them.
                    var k = g
                    for p in found {
                        let scalar = starts[g] + p
                        while k < e && starts[k] < scalar { k += 1 }
                        if k < e && starts[k] == scalar { out![k] = true }
                    }
                }
            }
            g = e
        }
        return out
    }

    /// Offsets in `stretch` (scalars) where a word begins, after its first.
    private func words(_ stretch: ArraySlice<UInt32>) -> [Int] {
        guard let breaker else { return [] }
        var wide = stretch.map { wchar_t(bitPattern: $0) }
        wide.append(0)
        var positions = [Int32](repeating: 0, count: stretch.count + 1)
        let count = lock.withLock {
            th_brk_wc_find_breaks(breaker, wide, &positions, positions.count)
        }
        guard count > 0 else { return [] }
        return positions.prefix(Int(count)).map(Int.init).filter { $0 > 0 && $0 < stretch.count }
    }
}
