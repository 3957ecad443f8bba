// Pair kerning from an OpenType font's GPOS table (the 'kern' feature's pair-adjustment lookups,
// formats 1 and 2, also behind extension lookups). FreeType 2.12 only reads the old 'kern' table,
// which Inter does not have, so without this its text would be set without kerning.

struct GPOSKerning {
    private let data: [UInt8]
    private var subtables: [Int] = [] // offsets of PairPos subtables, in lookup order

    init?(gpos: [UInt8]) {
        data = gpos
        guard data.count >= 10 else { return nil }
        let featureList = Int(u16(6)), lookupList = Int(u16(8))
        guard featureList > 0, lookupList > 0, featureList + 2 <= data.count, lookupList + 2 <= data.count else { return nil }
        var lookupIndices: [Int] = []
        let featureCount = Int(u16(featureList))
        for f in 0..<featureCount {
            let rec = featureList + 2 + f * 6
            guard rec + 6 <= data.count else { return nil }
            let tag = String(decoding: data[rec..<(rec + 4)], as: UTF8.self)
            guard tag == "kern" else { continue }
            let feature = featureList + Int(u16(rec + 4))
            guard feature + 4 <= data.count else { return nil }
            let count = Int(u16(feature + 2))
            for i in 0..<count where feature + 4 + 2 * i + 2 <= data.count {
                let index = Int(u16(feature + 4 + 2 * i))
                if !lookupIndices.contains(index) { lookupIndices.append(index) }
            }
        }
        lookupIndices.sort()
        let lookupCount = Int(u16(lookupList))
        for index in lookupIndices where index < lookupCount {
            let lookup = lookupList + Int(u16(lookupList + 2 + 2 * index))
            guard lookup + 6 <= data.count else { continue }
            let type = u16(lookup)
            let subCount = Int(u16(lookup + 4))
            for s in 0..<subCount {
                var sub = lookup + Int(u16(lookup + 6 + 2 * s))
                var subType = type
                if type == 9, sub + 8 <= data.count { // extension positioning
                    subType = u16(sub + 2)
                    sub += Int(u32(sub + 4))
                }
                if subType == 2, sub + 10 <= data.count { subtables.append(sub) }
            }
        }
        if subtables.isEmpty { return nil }
    }

    /// The x-advance adjustment for `left` followed by `right`, in font units.
    func adjustment(_ left: UInt16, _ right: UInt16) -> Int {
        for sub in subtables {
            let format = u16(sub)
            guard let coverageIndex = coverage(sub + Int(u16(sub + 2)), left) else { continue }
            let vf1 = u16(sub + 4), vf2 = u16(sub + 6)
            let size1 = vf1.nonzeroBitCount * 2, size2 = vf2.nonzeroBitCount * 2
            if format == 1 {
                let setCount = Int(u16(sub + 8))
                guard coverageIndex < setCount else { continue }
                let pairSet = sub + Int(u16(sub + 10 + 2 * coverageIndex))
                let count = Int(u16(pairSet))
                let recordSize = 2 + size1 + size2
                var lo = 0, hi = count - 1
                while lo <= hi {
                    let mid = (lo + hi) / 2
                    let rec = pairSet + 2 + mid * recordSize
                    let glyph = u16(rec)
                    if glyph == right { return xAdvance(rec + 2, format: vf1) }
                    if glyph < right { lo = mid + 1 } else { hi = mid - 1 }
                }
                continue // not found: the next subtable may have it
            } else if format == 2 {
                let class1 = classOf(sub + Int(u16(sub + 8)), left)
                let class2 = classOf(sub + Int(u16(sub + 10)), right)
                let class1Count = Int(u16(sub + 12)), class2Count = Int(u16(sub + 14))
                guard class1 < class1Count, class2 < class2Count else { return 0 }
                let rec = sub + 16 + (class1 * class2Count + class2) * (size1 + size2)
                return xAdvance(rec, format: vf1)
            }
        }
        return 0
    }

    private func xAdvance(_ offset: Int, format: UInt16) -> Int {
        guard format & 0x0004 != 0 else { return 0 }
        // Fields before XAdvance: XPlacement (0x1), YPlacement (0x2).
        let skip = (format & 0x0003).nonzeroBitCount * 2
        return Int(Int16(bitPattern: u16(offset + skip)))
    }

    private func coverage(_ table: Int, _ glyph: UInt16) -> Int? {
        let format = u16(table)
        if format == 1 {
            var lo = 0, hi = Int(u16(table + 2)) - 1
            while lo <= hi {
                let mid = (lo + hi) / 2
                let g = u16(table + 4 + 2 * mid)
                if g == glyph { return mid }
                if g < glyph { lo = mid + 1 } else { hi = mid - 1 }
            }
        } else if format == 2 {
            var lo = 0, hi = Int(u16(table + 2)) - 1
            while lo <= hi {
                let mid = (lo + hi) / 2
                let rec = table + 4 + 6 * mid
                let start = u16(rec), end = u16(rec + 2)
                if glyph < start { hi = mid - 1 } else if glyph > end { lo = mid + 1 } else {
                    return Int(u16(rec + 4)) + Int(glyph - start)
                }
            }
        }
        return nil
    }

    private func classOf(_ table: Int, _ glyph: UInt16) -> Int {
        let format = u16(table)
        if format == 1 {
            let start = u16(table + 2), count = u16(table + 4)
            if glyph >= start && glyph < start &+ count { return Int(u16(table + 6 + 2 * Int(glyph - start))) }
        } else if format == 2 {
            var lo = 0, hi = Int(u16(table + 2)) - 1
            while lo <= hi {
                let mid = (lo + hi) / 2
                let rec = table + 4 + 6 * mid
                let start = u16(rec), end = u16(rec + 2)
                if glyph < start { hi = mid - 1 } else if glyph > end { lo = mid + 1 } else { return Int(u16(rec + 4)) }
            }
        }
        return 0
    }

    // Reads past the end return 0, so a truncated table degrades to "no kerning", never a crash.
    @inline(__always) private func u16(_ o: Int) -> UInt16 {
        guard o >= 0, o + 2 <= data.count else { return 0 }
        return UInt16(data[o]) << 8 | UInt16(data[o + 1])
    }
    @inline(__always) private func u32(_ o: Int) -> UInt32 {
        guard o >= 0, o + 4 <= data.count else { return 0 }
        return UInt32(u16(o)) << 16 | UInt32(u16(o + 2))
    }
}
