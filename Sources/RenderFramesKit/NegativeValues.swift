/// A negative number after an option that takes a number (`--frame -1`, `-j -2`) is that option's
/// value: ArgumentParser reads any word starting with "-" as an option and says "Missing value",
/// so such pairs are joined as `--frame=-1` before parsing, and the option's own check says what
/// is wrong with the number (frames count from 0, workers from 1, ...). The CLI applies it to its
/// arguments before parsing them.
public enum NegativeValues {
    /// The options whose value is a number (or a list of frames, or a size), by long name.
    public static let numericOptions: Set<String> = [
        "fps", "scale", "frames", "jobs", "pictured", "width", "quality", "max-bytes", "frame",
        "offset", "threshold", "tolerance", "max-diff-pixels", "max-diff-ratio", "max-image-pixels",
        "max-image-memory",
    ]
    /// Short spellings of those options.
    public static let shortOptions = ["-j": "jobs"]

    /// `arguments` with each numeric option and a following negative number joined into one word.
    public static func joined(_ arguments: [String]) -> [String] {
        var out: [String] = []
        var i = 0
        while i < arguments.count {
            let word = arguments[i]
            if word == "--" { out += arguments[i...]; break }
            let name = word.hasPrefix("--") ? String(word.dropFirst(2)) : shortOptions[word]
            if let name, numericOptions.contains(name), i + 1 < arguments.count, looksNegative(arguments[i + 1]) {
                out.append("--\(name)=\(arguments[i + 1])")
                i += 2
                continue
            }
            out.append(word)
            i += 1
        }
        return out
    }

    /// `-1`, `-0.5`, `-.5`, `-1e3`, `-3-5` (a frame list): a minus sign, then a digit or a point.
    public static func looksNegative(_ word: String) -> Bool {
        let rest = word.utf8.dropFirst()
        guard word.utf8.first == UInt8(ascii: "-"), let c = rest.first else { return false }
        return (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(c) || c == UInt8(ascii: ".")
    }
}
