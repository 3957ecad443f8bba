/// Which frames to render: `--frames 30-59`, `--frames 0,48,90-92`.
public struct FrameSelection: Equatable, Sendable {
    /// Ascending, without repeats.
    public let indices: [Int]

    public static func all(_ count: Int) -> FrameSelection { FrameSelection(indices: Array(0..<count)) }

    public init(indices: [Int]) { self.indices = Array(Set(indices)).sorted() }

    /// Parses a comma-separated list of indices and inclusive ranges `A-B`, checked against the
    /// scenario's frame count. Throws a message that says what was wrong.
    public init(parsing text: String, frameCount: Int) throws {
        var out: [Int] = []
        for part in text.split(separator: ",", omittingEmptySubsequences: false) {
            let piece = part.trimmingCharacters(in: .whitespaces)
            let bounds = piece.split(separator: "-", omittingEmptySubsequences: false)
            guard !piece.isEmpty, bounds.count <= 2, let a = Int(bounds[0]), a >= 0,
                let b = bounds.count == 2 ? Int(bounds[1]) : a
            else {
                throw RenderError.frameSelection(
                    "--frames: \"\(piece)\" is not a frame index or range"
                        + (piece.hasPrefix("-") ? " (frames count from 0, the first)" : "") + "; use forms like 30-59 or 0,48,90-92")
            }
            guard a <= b else {
                throw RenderError.frameSelection("--frames: range \(a)-\(b) runs backwards; write \(b)-\(a)")
            }
            guard b < frameCount else {
                throw RenderError.frameSelection(
                    "--frames: frame \(b) is past the last frame, \(frameCount - 1) (the scenario has \(frameCount) frames)")
            }
            out.append(contentsOf: a...b)
        }
        self.init(indices: out)
    }

    /// True when every frame of a `count`-frame scenario is selected.
    public func isComplete(frameCount count: Int) -> Bool { indices.count == count }
}

extension String {
    func trimmingCharacters(in set: Set<Character>) -> String {
        String(drop { set.contains($0) }.reversed().drop { set.contains($0) }.reversed())
    }
}

extension Set where Element == Character {
    static let whitespaces: Set<Character> = [" ", "\t"]
}
