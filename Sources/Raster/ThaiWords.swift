import Foundation
import Synchronization
internal import CThai

/// Where Thai words end. Thai is written without spaces between words, and UIKit breaks a Thai line
/// between dictionary words (ICU's dictionary break iterator); libthai's dictionary (Debian's
/// libthai-data) finds the same kind of boundaries. Without it a long Thai line could only break
/// between characters.
final class ThaiWords: Sendable {
    /// libthai's breaker (a C pointer, nil without the dictionary), reached only under this lock:
    /// a breaker keeps state while it works, so two threads must not use it at once.
    private let breaker: Mutex<OpaquePointer?>

    private init() { breaker = Mutex(th_brk_new(nil)) }

    static let shared = ThaiWords()

    /// Thai letters, vowels, tone marks and digits (U+0E01 to U+0E5B).
    static func isThai(_ scalar: UInt32) -> Bool { scalar >= 0x0E01 && scalar <= 0x0E5B }

    /// Scalars given to libthai at a time, so that a long text costs time in proportion to its
    /// length. A stretch cut short by this limit is kept up to its last word boundary and the next
    /// one starts there, so the word cut in two is looked up whole and the boundaries around it found.
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
            let cutShort = e < m && Self.isThai(codes[starts[e]])
            var next = e
            if e - g >= 2 {
                // Break positions are scalar offsets in the stretch; walk the graphemes with them.
                var marked: [Int] = []
                var k = g
                for p in words(codes[starts[g]..<starts[e]]) {
                    let scalar = starts[g] + p
                    while k < e && starts[k] < scalar { k += 1 }
                    if k < e && starts[k] == scalar { marked.append(k) }
                }
                // Cut short: the last word may go on in the next stretch, which starts at its start
                // (if that keeps at least half of this one, so that each scalar is looked at twice
                // at most).
                if cutShort, let last = marked.last, 2 * (last - g) >= e - g { next = last }
                if !marked.isEmpty {
                    if out == nil { out = [Bool](repeating: false, count: m + 1) }
                    for k in marked { out![k] = true }
                }
            }
            g = next
        }
        return out
    }

    /// Offsets in `stretch` (scalars) where a word begins, after its first.
    private func words(_ stretch: ArraySlice<UInt32>) -> [Int] {
        var wide = stretch.map { wchar_t(bitPattern: $0) }
        wide.append(0)
        var positions = [Int32](repeating: 0, count: stretch.count + 1)
        let count = breaker.withLock { breaker -> Int32 in
            guard let breaker else { return 0 }
            return th_brk_wc_find_breaks(breaker, wide, &positions, positions.count)
        }
        guard count > 0 else { return [] }
        return positions.prefix(Int(count)).map(Int.init).filter { $0 > 0 && $0 < stretch.count }
    }
}
