/// Path text without Foundation's `NSString.deletingLastPathComponent`, which crashes (an illegal
/// instruction, swift-corelibs-foundation in Swift 6.3) on a one-character name such as `x` or
/// `o/`: a user's `--out o` or a scenario called `x`.
extension String {
    /// The folder part of a path, as `NSString.deletingLastPathComponent` gives it: trailing
    /// slashes dropped, then everything before the last slash (`a/b/` -> `a`, `/x` -> `/`, `x` -> ``).
    public var parentPath: String {
        var scalars = Array(unicodeScalars)
        while scalars.count > 1, scalars.last == "/" { scalars.removeLast() }
        guard let slash = scalars.lastIndex(of: "/") else { return "" }
        var parent = scalars[..<slash]
        while parent.count > 1, parent.last == "/" { parent.removeLast() }
        return parent.isEmpty ? "/" : String(String.UnicodeScalarView(parent))
    }
}
