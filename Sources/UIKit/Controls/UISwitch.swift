import Foundation
internal import Raster
internal import Scene

/// A control that offers a binary choice, such as on/off, drawn as iOS 13 and later draw it: a
/// 51 x 31 pt capsule track (`onTintColor`, systemGreen by default, when on; a light gray fill,
/// when off) and a 27 pt white thumb 2 pt inside it, at the right when on, with a soft shadow.
/// The size is fixed, as UIKit's: a frame of another size draws the switch at 51 x 31 from its
/// top left. A disabled switch is drawn at half opacity.
/// https://developer.apple.com/documentation/uikit/uiswitch
@preconcurrency @MainActor open class UISwitch: UIControl {
    /// https://developer.apple.com/documentation/uikit/uiswitch/style-swift.enum
    public enum Style: Int, Sendable {
        case automatic = 0, checkbox, sliding
    }

    static let size = CGSize(width: 51, height: 31)
    static let thumbInset: CGFloat = 2

    /// https://developer.apple.com/documentation/uikit/uiswitch/ison
    open var isOn = false
    /// https://developer.apple.com/documentation/uikit/uiswitch/ontintcolor
    open var onTintColor: UIColor?
    /// https://developer.apple.com/documentation/uikit/uiswitch/thumbtintcolor
    open var thumbTintColor: UIColor?
    /// Kept; images are not drawn on iOS 7 and later either.
    /// https://developer.apple.com/documentation/uikit/uiswitch/onimage
    open var onImage: UIImage?
    /// https://developer.apple.com/documentation/uikit/uiswitch/offimage
    open var offImage: UIImage?
    /// https://developer.apple.com/documentation/uikit/uiswitch/title
    open var title: String?
    /// https://developer.apple.com/documentation/uikit/uiswitch/preferredstyle
    open var preferredStyle = Style.automatic
    /// iOS draws a sliding switch.
    /// https://developer.apple.com/documentation/uikit/uiswitch/style-swift.property
    open var style: Style { .sliding }

    /// Made 51 x 31 pt at the frame's origin.
    /// https://developer.apple.com/documentation/uikit/uiswitch/init(frame:)
    public override init(frame: CGRect) {
        super.init(frame: CGRect(origin: frame.origin, size: Self.size))
        // A switch hugs its fixed size (UIKit's 750 on both axes).
        autoLayout.hugging = (.defaultHigh, .defaultHigh)
    }

    public required init?(coder: NSCoder) {
        super.init(coder: coder)
        bounds.size = Self.size
    }

    /// Animated: the thumb slides and the track's color changes over `toggleDuration` seconds on
    /// the frame clock, eased in and out.
    /// https://developer.apple.com/documentation/uikit/uiswitch/setOn(_:animated:)
    open func setOn(_ on: Bool, animated: Bool) {
        let from = position(at: ScreenEnvironment.time)
        isOn = on
        toggle = animated && ScreenRun.current != nil ? (from, ScreenEnvironment.time) : nil
    }

    /// How long an animated change takes (our estimate; Apple documents none).
    static let toggleDuration = 0.25
    /// An animated change under way: where the thumb started (0 off, 1 on) and when.
    private var toggle: (from: Double, start: Double)?

    /// Where the thumb is at `time`: 0 at the off end, 1 at the on end.
    func position(at time: Double) -> Double {
        let target: Double = isOn ? 1 : 0
        guard let toggle else { return target }
        let p = min(max((time - toggle.start) / Self.toggleDuration, 0), 1)
        if p >= 1 { return target }
        return toggle.from + (target - toggle.from) * Easing.easeInOut.progress(p)
    }

    /// A tap lifting inside the switch turns it over, animated, and sends `.valueChanged` and
    /// `.primaryActionTriggered`.
    override func touchUpInsideAction(_ touch: UITouch, _ event: UIEvent?) {
        setOn(!isOn, animated: true)
        sendActions(for: [.valueChanged, .primaryActionTriggered], event: event)
    }

    open override var intrinsicContentSize: CGSize { Self.size }
    open override func sizeThatFits(_ size: CGSize) -> CGSize { Self.size }

    /// The off track: light, secondarySystemFill (#E9E9EB over white); dark, systemGray4's gray.
    static let offTrack = UIColor {
        $0.userInterfaceStyle == .dark ? UIColor(red: 57 / 255, green: 57 / 255, blue: 61 / 255, alpha: 1) : .secondarySystemFill
    }

    override func decorate(_ layer: Layer, _ traits: UITraitCollection) {
        let w = Double(Self.size.width), h = Double(Self.size.height)
        let group = Layer(name: "", frame: Rect(x: 0, y: 0, width: w, height: h))
        group.opacity = isEnabled ? 1 : 0.5
        let track = Layer(name: "", frame: Rect(x: 0, y: 0, width: w, height: h))
        let at = position(at: ScreenEnvironment.time)
        let on = (onTintColor ?? .systemGreen).color(traits), off = Self.offTrack.color(traits)
        func mix(_ a: UInt8, _ b: UInt8) -> UInt8 { UInt8((Double(a) + (Double(b) - Double(a)) * at).rounded()) }
        track.backgroundColor = Color(r: mix(off.r, on.r), g: mix(off.g, on.g), b: mix(off.b, on.b), a: mix(off.a, on.a))
        track.cornerRadius = h / 2
        group.addSublayer(track)
        let inset = Double(Self.thumbInset)
        let d = h - 2 * inset
        let thumb = Layer(name: "", frame: Rect(x: inset + (w - 2 * inset - d) * at, y: inset, width: d, height: d))
        thumb.backgroundColor = (thumbTintColor ?? .white).color(traits)
        thumb.cornerRadius = d / 2
        // The thumb's shadow: black at 0.15, 3 pt down, an 8 pt blur (CALayer's shadowRadius).
        thumb.shadowColor = .black
        thumb.shadowOpacity = 0.15
        thumb.coreAnimationShadowRadius = 8
        thumb.shadowOffset = Size(0, 3)
        group.addSublayer(thumb)
        layer.addSublayer(group)
    }
}
