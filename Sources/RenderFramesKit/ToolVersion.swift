/// The tool's version, printed by `render-frames --version`. Raised with each release: the minor
/// number when frames, manifests or options change, the patch number for fixes alone.
public enum ToolVersion {
    public static let string = "0.5.0"
}
