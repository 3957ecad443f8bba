import Raster

extension UserScene {
    /// A text layer's run (`runs:`): its text and what it sets of its own; what it leaves out is the
    /// layer's (`weight`, `size`, `color`, `letterSpacing`).
    public struct RunSpec: Sendable {
        public var text: String
        public var weight: FontWeight?
        public var size: Double?
        public var color: Bound?
        public var letterSpacing: Double?
        public var underline = UnderlineStyle.none
        public var strikethrough = UnderlineStyle.none

        package init(text: String) { self.text = text }
    }
}
