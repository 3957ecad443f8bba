import Foundation

/// Sizes as people write them: `5000000`, `5MB`, `800 KB`, `2MiB` (KB and MB are powers of 1000,
/// KiB and MiB of 1024).
public enum ByteSize {
    public static func parse(_ text: String) -> Int? {
        if text.lowercased() == "none" { return 0 }
        let t = text.trimmingCharacters(in: .whitespaces).replacingOccurrences(of: "_", with: "")
        let units: [(String, Double)] = [
            ("KIB", 1024), ("MIB", 1024 * 1024), ("GIB", 1024 * 1024 * 1024), ("TIB", 1024 * 1024 * 1024 * 1024),
            ("KB", 1000), ("MB", 1_000_000), ("GB", 1_000_000_000), ("TB", 1e12), ("K", 1000), ("M", 1_000_000), ("G", 1e9), ("T", 1e12),
            ("B", 1),
        ]
        var number = t, factor = 1.0
        for (suffix, f) in units where t.uppercased().hasSuffix(suffix) {
            number = String(t.dropLast(suffix.count)).trimmingCharacters(in: .whitespaces)
            factor = f
            break
        }
        guard !number.isEmpty, number.allSatisfy({ $0.isASCII && ($0.isNumber || $0 == ".") }), let v = Double(number), v.isFinite else { return nil }
        let bytes = v * factor
        guard bytes >= 0, bytes < 1e15 else { return nil }
        return Int(bytes.rounded())
    }

    /// 4812331 -> "4.8 MB", 912000 -> "912 KB".
    public static func format(_ bytes: Int) -> String {
        if bytes >= 1_000_000 { return String(format: "%.1f MB", Double(bytes) / 1e6) }
        if bytes >= 1000 { return "\(Int((Double(bytes) / 1000).rounded())) KB" }
        return "\(bytes) bytes"
    }
}

extension String {
    /// The text of a C library's NUL-terminated message buffer.
    public init(messageBuffer: [CChar]) {
        self.init(decoding: messageBuffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }
}

extension String {
    /// The text as a terminal may show it: control characters (escape codes among them) written
    /// as `\u{1B}`, line breaks and tabs kept, so a file name or value can never drive the terminal.
    public var terminalSafe: String { escapingControlCharacters(keepingLineBreaks: true) }

    /// Control characters written as `\u{1B}`; with `keepingLineBreaks`, line feeds and tabs stay.
    public func escapingControlCharacters(keepingLineBreaks: Bool) -> String {
        func unsafe(_ u: Unicode.Scalar) -> Bool { String.isControl(u) && !(keepingLineBreaks && (u == "\n" || u == "\t")) }
        guard unicodeScalars.contains(where: unsafe) else { return self }
        var out = ""
        for u in unicodeScalars {
            if unsafe(u) { out += "\\u{" + String(u.value, radix: 16, uppercase: true) + "}" } else { out.unicodeScalars.append(u) }
        }
        return out
    }

    /// C0 and C1 control characters and DEL.
    public static func isControl(_ u: Unicode.Scalar) -> Bool { u.value < 0x20 || (0x7F...0x9F).contains(u.value) }
}
