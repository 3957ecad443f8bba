import Foundation
internal import Raster
internal import Scene

/// A view that shows that a task is in progress, drawn as iOS 13's spinner: eight round-capped
/// spokes around the centre, the brightest in the full color and each one counterclockwise from
/// it fainter (opacity 1 down to 0.3). `.medium` is 20 pt across (spokes from 4.5 to 9 pt out,
/// 2.25 pt wide), `.large` 37 pt (8.5 to 17 pt, 3.5 pt wide). While animating, the brightest spoke
/// moves one spoke clockwise every eighth of `revolution` (a turn a second, on the frame clock),
/// starting from the top when `startAnimating()` is called. Stopped with `hidesWhenStopped` (the
/// default), it is hidden, as in UIKit; stopped and shown, it holds its first step.
/// https://developer.apple.com/documentation/uikit/uiactivityindicatorview
@preconcurrency @MainActor open class UIActivityIndicatorView: UIView {
    /// https://developer.apple.com/documentation/uikit/uiactivityindicatorview/style-swift.enum
    public enum Style: Int, Sendable {
        case medium = 100, large = 101
        @available(iOS, deprecated: 13.0) case whiteLarge = 0
        @available(iOS, deprecated: 13.0) case white = 1
        @available(iOS, deprecated: 13.0) case gray = 2

        var isLarge: Bool { self == .large || self == .whiteLarge }
        var side: CGFloat { isLarge ? 37 : 20 }
    }

    /// https://developer.apple.com/documentation/uikit/uiactivityindicatorview/style-swift.property
    open var style: Style { didSet { invalidateIntrinsicContentSize() } }
    /// nil sets the style's: secondaryLabel's gray (white for the old white styles).
    /// https://developer.apple.com/documentation/uikit/uiactivityindicatorview/color
    open var color: UIColor! {
        get { ownColor ?? ([Style.white, .whiteLarge].contains(style) ? .white : .secondaryLabel) }
        set { ownColor = newValue }
    }
    var ownColor: UIColor?
    /// https://developer.apple.com/documentation/uikit/uiactivityindicatorview/hideswhenstopped
    open var hidesWhenStopped = true {
        didSet { updateHidden() }
    }
    /// https://developer.apple.com/documentation/uikit/uiactivityindicatorview/isanimating
    open private(set) var isAnimating = false
    /// One turn of the bright spoke, in seconds: Apple publishes no figure; the spinner is
    /// described as turning once a second (12 spokes before iOS 13), kept for the 8 spokes.
    static let revolution = 1.0
    /// The frame time `startAnimating()` was called at (nil: not animating).
    private var startedAt: Double?

    /// https://developer.apple.com/documentation/uikit/uiactivityindicatorview/init(style:)
    public init(style: UIActivityIndicatorView.Style) {
        self.style = style
        super.init(frame: CGRect(origin: .zero, size: CGSize(width: style.side, height: style.side)))
        autoLayout.hugging = (.defaultHigh, .defaultHigh)
        updateHidden()
    }

    public override init(frame: CGRect) {
        style = .medium
        super.init(frame: frame)
        autoLayout.hugging = (.defaultHigh, .defaultHigh)
        updateHidden()
    }

    public required init?(coder: NSCoder) {
        style = .medium
        super.init(coder: coder)
        updateHidden()
    }

    /// https://developer.apple.com/documentation/uikit/uiactivityindicatorview/startanimating()
    open func startAnimating() {
        if !isAnimating { startedAt = ScreenEnvironment.time }
        isAnimating = true
        updateHidden()
    }

    /// https://developer.apple.com/documentation/uikit/uiactivityindicatorview/stopanimating()
    open func stopAnimating() {
        isAnimating = false
        startedAt = nil
        updateHidden()
    }

    /// How many spokes clockwise the brightest spoke is from the top at frame time `time` (0...7).
    func step(at time: Double) -> Int {
        guard let startedAt, time > startedAt else { return 0 }
        let steps = ((time - startedAt) / (Self.revolution / 8) + 1e-9).rounded(.down)
        return Int(steps.truncatingRemainder(dividingBy: 8))
    }

    private func updateHidden() {
        isHidden = hidesWhenStopped && !isAnimating
    }

    open override var intrinsicContentSize: CGSize { CGSize(width: style.side, height: style.side) }
    open override func sizeThatFits(_ size: CGSize) -> CGSize { intrinsicContentSize }

    /// The spokes around the bounds' centre: (from, to, width) in points, with their opacity.
    func spokes(step: Int = 0) -> [(from: Point, to: Point, width: Double, opacity: Double)] {
        let (inner, outer, width) = style.isLarge ? (8.5, 17.0, 3.5) : (4.5, 9.0, 2.25)
        let c = Point(Double(bounds.midX), Double(bounds.midY))
        return (0..<8).map { k in
            // Spoke k is k eighths of a turn counterclockwise from the top.
            let angle = -Double(k) * Double.pi / 4
            let (dx, dy) = (sin(angle), -cos(angle))
            // Round caps reach width/2 past each end: the ends are moved in by that much.
            let a = inner + width / 2, b = outer - width / 2
            // The brightest is `step` spokes clockwise from the top; each counterclockwise from it fainter.
            return (Point(c.x + dx * a, c.y + dy * a), Point(c.x + dx * b, c.y + dy * b), width, 1 - 0.1 * Double((k + step) % 8))
        }
    }

    /// A refresh control being pulled: this many spokes, clockwise from the top, in the full color.
    var pulledSpokes: Int? { didSet { if pulledSpokes != oldValue { setNeedsLayout() } } }

    override func drawnContents(_ traits: UITraitCollection) -> LayerContents? {
        let base = (color ?? .secondaryLabel).color(traits)
        if let n = pulledSpokes {
            let all = spokes()
            // Spoke k is counterclockwise from the top: clockwise is 0, 7, 6, ...
            let shown = (0..<min(n, 8)).map { all[(8 - $0) % 8] }
            return .shapes(shown.map { (.capsule(from: $0.from, to: $0.to, width: $0.width), base) })
        }
        return .shapes(spokes(step: step(at: ScreenEnvironment.time)).map { (.capsule(from: $0.from, to: $0.to, width: $0.width), base.withAlpha(multipliedBy: $0.opacity)) })
    }
}
