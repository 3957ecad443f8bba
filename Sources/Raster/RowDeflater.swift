internal import CDeflate
internal import CPixelKernels

/// A zlib stream writer made for PNG frames (RFC 1950 and 1951). It is faster than a general
/// deflate because it picks its matcher per row from the row's PNG filter byte:
///
/// - filtered rows (Paeth, UP, ...) are photos or rows equal to the one above: prediction
///   residuals that rarely repeat at a distance, but whose flat parts are runs of one byte. Only
///   runs are looked for (distance 1), with one four-byte compare per position.
/// - unfiltered rows (filter byte 0) are text on flat color: greedy LZ77 with a one-entry hash
///   table of four-byte strings, and the same place one row up.
///
/// Tokens are gathered into blocks of up to `blockTokens`, each with its own dynamic Huffman
/// codes (15-bit limit), so photo bands and text bands each get codes that fit them. The output
/// is a pure function of the input bytes. One deflater per thread.
final class RowDeflater {
    static let blockTokens = 1 << 16
    private static let hashBits = 15
    private static let window = 32768

    private var tokens: UnsafeMutablePointer<UInt32>
    private var tokenCapacity: Int
    private let hash: UnsafeMutablePointer<Int32>
    private let litFreq = UnsafeMutablePointer<UInt32>.allocate(capacity: 286)
    /// Literal counts of the runs matcher, four interleaved tables (by position) added into
    /// `litFreq` per block: photo residuals repeat a few values, and one table would make each
    /// count wait for the store of the one before.
    private let literalCounts = UnsafeMutablePointer<UInt32>.allocate(capacity: 4 * 256)
    private let distFreq = UnsafeMutablePointer<UInt32>.allocate(capacity: 30)
    private var output: UnsafeMutablePointer<UInt8>
    private var outputCapacity: Int
    // The static tables, copied where the hot loops reach them without a lazy-initialisation check.
    private let lengthSymbol = UnsafeMutablePointer<UInt16>.allocate(capacity: 256)
    private let distanceNear = UnsafeMutablePointer<UInt8>.allocate(capacity: 512)
    private let distanceFar = UnsafeMutablePointer<UInt8>.allocate(capacity: 256)
    private let lengthExtra = UnsafeMutablePointer<UInt8>.allocate(capacity: 29)
    private let lengthBase = UnsafeMutablePointer<UInt16>.allocate(capacity: 29)
    private let distanceExtra = UnsafeMutablePointer<UInt8>.allocate(capacity: 30)
    private let distanceBase = UnsafeMutablePointer<UInt16>.allocate(capacity: 30)

    /// False keeps the matching to the Swift loops (the tests hold the C kernel to them).
    var kernels = true
    /// False keeps the token writing to the Swift loop (the tests hold the C kernel to it).
    var tokenKernel = true

    init() {
        tokenCapacity = RowDeflater.blockTokens
        tokens = .allocate(capacity: tokenCapacity)
        hash = .allocate(capacity: 1 << RowDeflater.hashBits)
        outputCapacity = 0
        output = .allocate(capacity: 1)
        lengthSymbol.initialize(from: DeflateTables.lengthSymbol, count: 256)
        distanceNear.initialize(from: DeflateTables.nearDistance, count: 512)
        distanceFar.initialize(from: DeflateTables.farDistance, count: 256)
        lengthExtra.initialize(from: DeflateTables.lengthExtra, count: 29)
        lengthBase.initialize(from: DeflateTables.lengthBase, count: 29)
        distanceExtra.initialize(from: DeflateTables.distanceExtra, count: 30)
        distanceBase.initialize(from: DeflateTables.distanceBase, count: 30)
    }

    deinit {
        tokens.deallocate(); hash.deallocate(); litFreq.deallocate(); literalCounts.deallocate(); distFreq.deallocate(); output.deallocate()
        lengthSymbol.deallocate(); distanceNear.deallocate(); distanceFar.deallocate(); lengthExtra.deallocate()
        lengthBase.deallocate(); distanceExtra.deallocate(); distanceBase.deallocate()
    }

    @inline(__always) private func distanceSymbol(_ index: Int) -> Int {
        Int(index < 512 ? distanceNear[index] : distanceFar[index >> 7])
    }

    /// Compresses `count` bytes made of rows of `rowBytes` (each starting with its filter byte)
    /// into a zlib stream; the result is valid until the next call.
    func zlib(_ data: UnsafePointer<UInt8>, count: Int, rowBytes: Int) -> UnsafeBufferPointer<UInt8> {
        precondition(rowBytes > 0 && count % rowBytes == 0)
        let rows = count / rowBytes
        // The worst case is 48 bits for a three-byte match (16 bits a byte), plus block headers.
        let bound = 2 * count + 512 * (rows + 2) + 64
        if outputCapacity < bound {
            output.deallocate()
            output = .allocate(capacity: bound)
            outputCapacity = bound
        }
        if tokenCapacity < RowDeflater.blockTokens + rowBytes + 1 {
            tokens.deallocate()
            tokenCapacity = RowDeflater.blockTokens + rowBytes + 1
            tokens = .allocate(capacity: tokenCapacity)
        }
        hash.update(repeating: Int32.min / 2, count: 1 << RowDeflater.hashBits)
        var writer = BitWriter(output)
        writer.put(0x78, 8); writer.put(0x01, 8) // zlib header: deflate, 32 KB window, fastest
        var row = 0, position = 0
        repeat {
            litFreq.update(repeating: 0, count: 286)
            literalCounts.update(repeating: 0, count: 4 * 256)
            distFreq.update(repeating: 0, count: 30)
            var n = 0
            // A block: whole rows until the token buffer is nearly full (a row adds at most rowBytes).
            while row < rows && n < RowDeflater.blockTokens {
                let end = (row + 1) * rowBytes
                if position < end {
                    // A match from the row before may have run into this row: its rest is matched by
                    // the row's own kind all the same (runs only here cost text frames 1.2-2x).
                    if data[row * rowBytes] == 0 {
                        (n, position) = matchLZ(data, from: position, to: end, count: count, rowBytes: rowBytes, n: n)
                    } else {
                        (n, position) = matchRuns(data, from: position, to: end, count: count, n: n)
                    }
                }
                row += 1
            }
            writeBlock(count: n, final: row >= rows, to: &writer)
        } while row < rows
        writer.alignToByte()
        let adler = UInt32(libdeflate_adler32(1, data, count))
        for shift: UInt32 in [24, 16, 8, 0] { writer.put(UInt64((adler >> shift) & 0xFF), 8) }
        return UnsafeBufferPointer(start: output, count: writer.pointer - output)
    }

    // MARK: Matching

    @inline(__always) private func literal(_ byte: UInt8, _ n: Int) {
        tokens[n] = UInt32(byte)
        litFreq[Int(byte)] &+= 1
    }

    @inline(__always) private func match(length: Int, distance: Int, _ n: Int) {
        tokens[n] = 0x8000_0000 | UInt32(length - 3) | UInt32(distance - 1) << 8
        litFreq[Int(lengthSymbol[length - 3])] &+= 1
        distFreq[distanceSymbol(distance - 1)] &+= 1
    }

    /// Runs of one byte (distance 1) and literals, from `from` to at least `to`.
    private func matchRuns(_ data: UnsafePointer<UInt8>, from: Int, to end: Int, count: Int, n start: Int) -> (Int, Int) {
        if kernels {
            // The C kernel (32 positions tested at once with AVX2) when the processor has it.
            var reached: Int64 = 0
            let made = rf_match_runs(
                data, Int64(from), Int64(end), Int64(count), tokens, Int64(start), literalCounts, litFreq, distFreq,
                lengthSymbol, &reached)
            if made >= 0 { return (Int(made), Int(reached)) }
        }
        var i = from, n = start
        if i == 0 { literal(data[0], n); n += 1; i = 1 }
        // Where a run test may read three bytes ahead.
        let safeEnd = min(end, count - 2)
        let tokens = self.tokens, counts = self.literalCounts
        let raw = UnsafeRawPointer(data)
        while i < safeEnd {
            let byte = data[i]
            // Bytes i - 1 ... i + 2 all equal: one well-predicted test instead of three that are not.
            let v = raw.loadUnaligned(fromByteOffset: i &- 1, as: UInt32.self)
            if (v ^ (v >> 8)) & 0xFF_FFFF == 0 {
                let length = RowDeflater.runLength(data + i, byte: byte, limit: min(258, count - i))
                match(length: length, distance: 1, n)
                n &+= 1
                i &+= length
            } else {
                tokens[n] = UInt32(byte)
                counts[(i & 3) << 8 | Int(byte)] &+= 1
                n &+= 1
                i &+= 1
            }
        }
        while i < end { literal(data[i], n); n += 1; i += 1 }
        return (n, i)
    }

    /// Greedy LZ77 over a one-entry hash table and the row above, from `from` to at least `to`.
    private func matchLZ(_ data: UnsafePointer<UInt8>, from: Int, to end: Int, count: Int, rowBytes: Int, n start: Int) -> (Int, Int) {
        var i = from, n = start
        let raw = UnsafeRawPointer(data)
        // The table slot of the four bytes at j (Fibonacci hashing).
        @inline(__always) func slot(_ j: Int) -> Int {
            Int((raw.loadUnaligned(fromByteOffset: j, as: UInt32.self) &* 2_654_435_761) >> UInt32(32 - RowDeflater.hashBits))
        }
        while i < end {
            guard i + 4 <= count else {
                literal(data[i], n); n += 1; i += 1
                continue
            }
            let v = raw.loadUnaligned(fromByteOffset: i, as: UInt32.self)
            let h = slot(i)
            let candidate = Int(hash[h])
            hash[h] = Int32(truncatingIfNeeded: i)
            let limit = min(258, count - i)
            var best = 0, distance = 0
            if i - candidate <= RowDeflater.window && raw.loadUnaligned(fromByteOffset: candidate, as: UInt32.self) == v {
                best = RowDeflater.commonLength(data + candidate, data + i, limit: limit)
                distance = i - candidate
            }
            let up = i - rowBytes
            if best < limit && up >= 0 && rowBytes <= RowDeflater.window && up != candidate
                && raw.loadUnaligned(fromByteOffset: up, as: UInt32.self) == v
            {
                let length = RowDeflater.commonLength(data + up, data + i, limit: limit)
                if length > best { best = length; distance = rowBytes }
            }
            if best >= 4 {
                match(length: best, distance: distance, n)
                // The match's last four positions go into the table too: the strings that start
                // there lead into what follows, which repeats with it (3-4 % smaller text frames).
                let stop = min(i + best, count - 4)
                var j = max(i + 1, stop - 4)
                while j < stop { hash[slot(j)] = Int32(truncatingIfNeeded: j); j += 1 }
                i += best
            } else {
                literal(data[i], n)
                i += 1
            }
            n += 1
        }
        return (n, i)
    }

    /// How many bytes from `p` equal `byte` (at least 3 are known to), up to `limit`.
    @inline(__always) private static func runLength(_ p: UnsafePointer<UInt8>, byte: UInt8, limit: Int) -> Int {
        let pattern = UInt64(byte) &* 0x0101_0101_0101_0101
        let raw = UnsafeRawPointer(p)
        var length = 3
        while length + 8 <= limit {
            let x = raw.loadUnaligned(fromByteOffset: length, as: UInt64.self) ^ pattern
            if x != 0 { return length + x.littleEndian.trailingZeroBitCount >> 3 }
            length += 8
        }
        while length < limit && p[length] == byte { length += 1 }
        return length
    }

    /// How many bytes from `a` and `b` agree, up to `limit` (`a` before `b`; they may overlap).
    @inline(__always) private static func commonLength(_ a: UnsafePointer<UInt8>, _ b: UnsafePointer<UInt8>, limit: Int) -> Int {
        let ra = UnsafeRawPointer(a), rb = UnsafeRawPointer(b)
        var length = 0
        while length + 8 <= limit {
            let x = ra.loadUnaligned(fromByteOffset: length, as: UInt64.self) ^ rb.loadUnaligned(fromByteOffset: length, as: UInt64.self)
            if x != 0 { return length + x.littleEndian.trailingZeroBitCount >> 3 }
            length += 8
        }
        while length < limit && a[length] == b[length] { length += 1 }
        return length
    }

    // MARK: Blocks

    /// Writes the gathered tokens as one dynamic-Huffman block.
    private func writeBlock(count n: Int, final: Bool, to writer: inout BitWriter) {
        for b in 0..<256 {
            litFreq[b] &+= literalCounts[b] &+ literalCounts[256 + b] &+ literalCounts[512 + b] &+ literalCounts[768 + b]
        }
        litFreq[256] = 1 // end of block
        // Decoders want at least two codes in each alphabet (zlib's rule); unused ones cost nothing.
        HuffmanCode.ensureTwoUsed(litFreq, 286)
        HuffmanCode.ensureTwoUsed(distFreq, 30)
        let lit = HuffmanCode(frequencies: litFreq, count: 286, maxBits: 15)
        let dist = HuffmanCode(frequencies: distFreq, count: 30, maxBits: 15)
        let litCount = max(257, lit.lastUsed + 1), distCount = max(1, dist.lastUsed + 1)

        // The code lengths, run-length coded with the code-length alphabet (16, 17, 18 repeat).
        let lengths = Array(lit.lengths[0..<litCount]) + Array(dist.lengths[0..<distCount])
        var clSymbols: [(symbol: Int, extra: Int)] = []
        var i = 0
        while i < lengths.count {
            let l = lengths[i]
            var run = 1
            while i + run < lengths.count && lengths[i + run] == l { run += 1 }
            i += run
            if l == 0 {
                while run >= 11 { let k = min(run, 138); clSymbols.append((18, k - 11)); run -= k }
                if run >= 3 { clSymbols.append((17, run - 3)); run = 0 }
            } else {
                clSymbols.append((Int(l), 0)); run -= 1
                while run >= 3 { let k = min(run, 6); clSymbols.append((16, k - 3)); run -= k }
            }
            while run > 0 { clSymbols.append((Int(l), 0)); run -= 1 }
        }
        var clFreq = [UInt32](repeating: 0, count: 19)
        for s in clSymbols { clFreq[s.symbol] += 1 }
        let cl = clFreq.withUnsafeMutableBufferPointer { f -> HuffmanCode in
            HuffmanCode.ensureTwoUsed(f.baseAddress!, 19)
            return HuffmanCode(frequencies: f.baseAddress!, count: 19, maxBits: 7)
        }
        let order = [16, 17, 18, 0, 8, 7, 9, 6, 10, 5, 11, 4, 12, 3, 13, 2, 14, 1, 15]
        var clCount = 19
        while clCount > 4 && cl.lengths[order[clCount - 1]] == 0 { clCount -= 1 }

        writer.put(final ? 1 : 0, 1)
        writer.put(2, 2)
        writer.put(UInt64(litCount - 257), 5)
        writer.put(UInt64(distCount - 1), 5)
        writer.put(UInt64(clCount - 4), 4)
        for k in 0..<clCount { writer.put(UInt64(cl.lengths[order[k]]), 3) }
        for s in clSymbols {
            writer.put(UInt64(cl.codes[s.symbol]), Int(cl.lengths[s.symbol]))
            switch s.symbol {
            case 16: writer.put(UInt64(s.extra), 2)
            case 17: writer.put(UInt64(s.extra), 3)
            case 18: writer.put(UInt64(s.extra), 7)
            default: break
            }
        }

        // The tokens: a code (code | length << 16) per literal/length symbol and per distance symbol.
        var litTable = [UInt32](repeating: 0, count: 286), distTable = [UInt32](repeating: 0, count: 30)
        for s in 0..<286 { litTable[s] = UInt32(lit.codes[s]) | UInt32(lit.lengths[s]) << 16 }
        for s in 0..<30 { distTable[s] = UInt32(dist.codes[s]) | UInt32(dist.lengths[s]) << 16 }
        litTable.withUnsafeBufferPointer { lt in
            distTable.withUnsafeBufferPointer { dt in
                let lt = lt.baseAddress!, dt = dt.baseAddress!
                var w = writer
                if tokenKernel {
                    // The C kernel: a match's length and near distance with their extra bits in one
                    // table entry, four literals between flushes where their codes allow.
                    var out: UnsafeMutablePointer<UInt8>? = w.pointer
                    var bits = w.bits, bitCount = Int64(w.count)
                    rf_write_tokens(
                        tokens, Int64(n), lt, dt, lengthSymbol, lengthExtra, lengthBase, distanceNear, distanceFar,
                        distanceExtra, distanceBase, &out, &bits, &bitCount)
                    w = BitWriter(out!, bits: bits, count: Int(bitCount))
                    let eob = lt[256]
                    w.put(UInt64(eob & 0xFFFF), Int(eob >> 16))
                    writer = w
                    return
                }
                var k = 0
                while k < n {
                    // Literals (most of a photo's tokens) go up to three to a flush: 7 + 3 x 15 bits fit.
                    var literals = 0
                    while literals < 3 && k < n && tokens[k] < 0x8000_0000 {
                        let c = lt[Int(tokens[k])]
                        w.putUnflushed(UInt64(c & 0xFFFF), Int(c >> 16))
                        k &+= 1
                        literals &+= 1
                    }
                    if literals == 0 { // a match
                        let t = tokens[k]
                        k &+= 1
                        let lengthIndex = Int(t & 0xFF), distanceIndex = Int((t >> 8) & 0x7FFF)
                        let ls = Int(lengthSymbol[lengthIndex])
                        let c = lt[ls]
                        w.putUnflushed(UInt64(c & 0xFFFF), Int(c >> 16))
                        w.putUnflushed(UInt64(lengthIndex + 3 - Int(lengthBase[ls - 257])), Int(lengthExtra[ls - 257]))
                        let ds = distanceSymbol(distanceIndex)
                        let d = dt[ds]
                        w.putUnflushed(UInt64(d & 0xFFFF), Int(d >> 16))
                        w.putUnflushed(UInt64(distanceIndex + 1 - Int(distanceBase[ds])), Int(distanceExtra[ds]))
                    }
                    w.flushWhole()
                }
                let eob = lt[256]
                w.put(UInt64(eob & 0xFFFF), Int(eob >> 16))
                writer = w
            }
        }
    }
}

/// Bits into bytes, least significant bit first (deflate's order). Writes eight bytes at a time,
/// so the buffer needs eight bytes of slack after the end.
struct BitWriter {
    var pointer: UnsafeMutablePointer<UInt8>
    /// The bits not yet stored, and how many (under 8 after a flush).
    private(set) var bits: UInt64 = 0
    private(set) var count = 0

    init(_ start: UnsafeMutablePointer<UInt8>) { pointer = start }

    /// A writer that goes on from a state: the next byte, and `count` bits pending in `bits`.
    init(_ next: UnsafeMutablePointer<UInt8>, bits: UInt64, count: Int) {
        pointer = next
        self.bits = bits
        self.count = count
    }

    /// Adds `n` bits; the caller flushes. After a flush at most 7 bits remain, so up to 57 may be
    /// added before the next (three literals of 15 bits, or a match: 15 + 5 + 15 + 13).
    @inline(__always) mutating func putUnflushed(_ value: UInt64, _ n: Int) {
        bits |= value &<< UInt64(count)
        count &+= n
    }

    /// Stores the whole bytes gathered; fewer than 8 bits stay.
    @inline(__always) mutating func flushWhole() {
        UnsafeMutableRawPointer(pointer).storeBytes(of: bits.littleEndian, as: UInt64.self)
        let bytes = count >> 3
        pointer += bytes
        bits = bits &>> UInt64(bytes &<< 3) // count < 64, so bytes < 8
        count &= 7
    }

    @inline(__always) mutating func put(_ value: UInt64, _ n: Int) {
        putUnflushed(value, n)
        flushWhole()
    }

    /// Pads with zero bits to the next byte and stores it.
    mutating func alignToByte() {
        count = (count + 7) & ~7
        flushWhole()
    }
}

/// A canonical, length-limited Huffman code for one block (RFC 1951 3.2.2). Codes are stored bit
/// reversed, ready for a least-significant-bit-first writer.
struct HuffmanCode {
    var lengths: [UInt8]
    var codes: [UInt16]
    var lastUsed: Int

    /// At least two symbols get a nonzero frequency (symbols 0 and 1 if needed).
    static func ensureTwoUsed(_ freq: UnsafeMutablePointer<UInt32>, _ n: Int) {
        var used = 0
        for s in 0..<n where freq[s] > 0 { used += 1 }
        var s = 0
        while used < 2 {
            if freq[s] == 0 { freq[s] = 1; used += 1 }
            s += 1
        }
    }

    init(frequencies freq: UnsafePointer<UInt32>, count n: Int, maxBits: Int) {
        lengths = [UInt8](repeating: 0, count: n)
        codes = [UInt16](repeating: 0, count: n)
        // Symbols by (frequency, symbol): ties broken the same way every time.
        let symbols = (0..<n).filter { freq[$0] > 0 }.sorted { freq[$0] != freq[$1] ? freq[$0] < freq[$1] : $0 < $1 }
        let m = symbols.count
        lastUsed = symbols.max() ?? -1
        if m == 1 { lengths[symbols[0]] = 1 }
        if m >= 2 {
            // Huffman's tree by the two-queue method: leaves in order, then internal nodes, which
            // are made in nondecreasing weight order. Children always precede their parent.
            var weight = symbols.map { UInt64(freq[$0]) } + [UInt64](repeating: 0, count: m - 1)
            var parent = [Int](repeating: 0, count: 2 * m - 1)
            var leaf = 0, inner = m
            func take(_ made: Int) -> Int {
                if leaf < m && (inner >= made || weight[leaf] <= weight[inner]) { leaf += 1; return leaf - 1 }
                inner += 1
                return inner - 1
            }
            for made in m..<(2 * m - 1) {
                let a = take(made), b = take(made)
                weight[made] = weight[a] + weight[b]
                parent[a] = made; parent[b] = made
            }
            var depth = [Int](repeating: 0, count: 2 * m - 1)
            for k in stride(from: 2 * m - 3, through: 0, by: -1) { depth[k] = depth[parent[k]] + 1 }
            // Count codes per length, fold the too long into maxBits, then restore Kraft's equality
            // by moving codes down a level (miniz's method); the rarest symbols get the longest codes.
            var perLength = [Int](repeating: 0, count: max(maxBits, depth.max()!) + 2)
            for k in 0..<m { perLength[depth[k]] += 1 }
            for l in (maxBits + 1)..<perLength.count { perLength[maxBits] += perLength[l]; perLength[l] = 0 }
            var total = 0
            for l in 1...maxBits { total += perLength[l] << (maxBits - l) }
            while total != 1 << maxBits {
                perLength[maxBits] -= 1
                for l in stride(from: maxBits - 1, to: 0, by: -1) where perLength[l] > 0 {
                    perLength[l] -= 1; perLength[l + 1] += 2
                    break
                }
                total -= 1
            }
            var next = m
            for l in 1...maxBits {
                for _ in 0..<perLength[l] { next -= 1; lengths[symbols[next]] = UInt8(l) }
            }
        }
        // Canonical codes, then bit-reversed.
        var perLength = [Int](repeating: 0, count: 16)
        for l in lengths where l > 0 { perLength[Int(l)] += 1 }
        var nextCode = [Int](repeating: 0, count: 16)
        var code = 0
        for bits in 1...15 { code = (code + perLength[bits - 1]) << 1; nextCode[bits] = code }
        for s in 0..<n where lengths[s] > 0 {
            let l = Int(lengths[s])
            var c = nextCode[l], reversed = 0
            nextCode[l] += 1
            for _ in 0..<l { reversed = reversed << 1 | (c & 1); c >>= 1 }
            codes[s] = UInt16(reversed)
        }
    }
}

/// RFC 1951's length and distance codes.
enum DeflateTables {
    static let lengthBase: [UInt16] = [
        3, 4, 5, 6, 7, 8, 9, 10, 11, 13, 15, 17, 19, 23, 27, 31, 35, 43, 51, 59,
        67, 83, 99, 115, 131, 163, 195, 227, 258,
    ]
    static let lengthExtra: [UInt8] = [0, 0, 0, 0, 0, 0, 0, 0, 1, 1, 1, 1, 2, 2, 2, 2, 3, 3, 3, 3, 4, 4, 4, 4, 5, 5, 5, 5, 0]
    static let distanceBase: [UInt16] = [
        1, 2, 3, 4, 5, 7, 9, 13, 17, 25, 33, 49, 65, 97, 129, 193, 257, 385, 513, 769,
        1025, 1537, 2049, 3073, 4097, 6145, 8193, 12289, 16385, 24577,
    ]
    static let distanceExtra: [UInt8] = [0, 0, 0, 0, 1, 1, 2, 2, 3, 3, 4, 4, 5, 5, 6, 6, 7, 7, 8, 8, 9, 9, 10, 10, 11, 11, 12, 12, 13, 13]

    /// The literal/length symbol (257...285) of each match length minus 3. 258 is symbol 285,
    /// never 284 with 31 extra (which some decoders refuse).
    static let lengthSymbol: [UInt16] = (0..<256).map { index in
        let length = index + 3
        if length == 258 { return 285 }
        return UInt16(257 + (lengthBase.lastIndex { Int($0) <= length } ?? 0))
    }

    /// Distance symbols of distances 1...512 (index distance - 1); longer ones by (distance - 1) >> 7.
    static let nearDistance: [UInt8] = (0..<512).map { UInt8(symbolOf(distance: $0 + 1)) }
    static let farDistance: [UInt8] = (0..<256).map { UInt8(symbolOf(distance: ($0 << 7) + 1)) }

    private static func symbolOf(distance: Int) -> Int { distanceBase.lastIndex { Int($0) <= distance } ?? 0 }
}
