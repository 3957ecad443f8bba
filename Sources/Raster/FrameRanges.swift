/// Frame indices as the ranges `--frames` takes (`0-29`, `0,48,90-92`): the one formatting of
/// frame lists in messages, manifests' input stamps and golden summaries.
public enum FrameRanges {
    /// Ascending indices in runs: [0, 1, 2, 48, 90, 91, 92] -> ["0-2", "48", "90-92"].
    public static func parts(_ indices: [Int]) -> [String] {
        var parts: [String] = []
        var i = 0
        while i < indices.count {
            var j = i
            while j + 1 < indices.count, indices[j + 1] == indices[j] + 1 { j += 1 }
            parts.append(i == j ? "\(indices[i])" : "\(indices[i])-\(indices[j])")
            i = j + 1
        }
        return parts
    }

    /// The runs joined by `separator`; past `limit` runs, the first `limit` and `...`
    /// (`0-2, 48, ...`).
    public static func text(_ indices: [Int], separator: String = ",", limit: Int = .max) -> String {
        let all = parts(indices)
        return all.count > limit ? all.prefix(limit).joined(separator: separator) + separator + "..." : all.joined(separator: separator)
    }
}
