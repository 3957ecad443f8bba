import Foundation
internal import Raster
internal import Scene

/// Core Foundation's array, as Core Graphics' functions take it: `[a.cgColor, b.cgColor] as CFArray`.
/// https://developer.apple.com/documentation/corefoundation/cfarray
public typealias CFArray = NSArray
/// Core Foundation's string (the names of color spaces).
/// https://developer.apple.com/documentation/corefoundation/cfstring
public typealias CFString = NSString

/// A color space. Colors are drawn as sRGB: the RGB spaces, sRGB, Display P3 and gray are accepted
/// by name and drawn as sRGB.
/// https://developer.apple.com/documentation/coregraphics/cgcolorspace
public final class CGColorSpace: Sendable {
    /// The space's name (`CGColorSpace.sRGB`...).
    public var name: CFString? { nameText.map { NSString(string: $0) } }
    /// The name, kept as a String (a Sendable value; a CFString here is an NSString, which is not).
    let nameText: String?
    /// Color components per color, alpha not counted.
    public let numberOfComponents: Int

    init(name: CFString?, components: Int) { nameText = name.map { $0 as String }; numberOfComponents = components }

    /// https://developer.apple.com/documentation/coregraphics/cgcolorspace/1408921-init
    public convenience init?(name: CFString) {
        let rgb: Set<String> = [
            CGColorSpace.sRGB as String, CGColorSpace.extendedSRGB as String, CGColorSpace.displayP3 as String,
            CGColorSpace.genericRGBLinear as String,
        ]
        if rgb.contains(name as String) {
            self.init(name: name, components: 3)
        } else if name as String == CGColorSpace.genericGrayGamma2_2 as String || name as String == CGColorSpace.linearGray as String {
            self.init(name: name, components: 1)
        } else {
            return nil
        }
    }

    // The names are made when asked (an NSString, which is not Sendable, cannot be a shared constant).
    public static var sRGB: CFString { "kCGColorSpaceSRGB" }
    public static var extendedSRGB: CFString { "kCGColorSpaceExtendedSRGB" }
    public static var displayP3: CFString { "kCGColorSpaceDisplayP3" }
    public static var genericRGBLinear: CFString { "kCGColorSpaceGenericRGBLinear" }
    public static var genericGrayGamma2_2: CFString { "kCGColorSpaceGenericGrayGamma2_2" }
    public static var linearGray: CFString { "kCGColorSpaceLinearGray" }
}

/// https://developer.apple.com/documentation/coregraphics/1408837-cgcolorspacecreatedevicergb
public func CGColorSpaceCreateDeviceRGB() -> CGColorSpace { CGColorSpace(name: CGColorSpace.sRGB, components: 3) }
/// https://developer.apple.com/documentation/coregraphics/1408884-cgcolorspacecreatedevicegray
public func CGColorSpaceCreateDeviceGray() -> CGColorSpace { CGColorSpace(name: CGColorSpace.genericGrayGamma2_2, components: 1) }

/// Whether a gradient also fills before its start and after its end.
/// https://developer.apple.com/documentation/coregraphics/cggradientdrawingoptions
public struct CGGradientDrawingOptions: OptionSet, Hashable, Sendable {
    public let rawValue: UInt32
    public init(rawValue: UInt32) { self.rawValue = rawValue }
    public static let drawsBeforeStartLocation = CGGradientDrawingOptions(rawValue: 1)
    public static let drawsAfterEndLocation = CGGradientDrawingOptions(rawValue: 2)
}

/// Colors at locations 0...1, drawn by `CGContext.drawLinearGradient` and `drawRadialGradient`;
/// between two locations the color is interpolated in the gradient's color space: device RGB's
/// (sRGB on iOS) components as they are, or, made without a space, Generic RGB's (as Apple
/// documents for `init(colorsSpace:colors:locations:)`, and as CAGradientLayer's are).
/// https://developer.apple.com/documentation/coregraphics/cggradient
public final class CGGradient: Sendable {
    let gradient: LinearGradient

    /// `colors`: CGColor values (UIColor is taken too); `locations` one per color in 0...1 (nil:
    /// evenly spread). Nil with no colors, or locations of another count. Without `space` the
    /// colors are "converted to and drawn in the GenericRGB color space" (Apple).
    /// https://developer.apple.com/documentation/coregraphics/cggradient/1398446-init
    public init?(colorsSpace space: CGColorSpace?, colors: CFArray, locations: UnsafePointer<CGFloat>?) {
        let list = colors.compactMap { item -> Color? in
            if let c = item as? CGColor { return c.color }
            if let c = item as? UIColor { return c.cgColor.color }
            return nil
        }
        guard !list.isEmpty, list.count == colors.count else { return nil }
        let stops = locations.map { p in (0..<list.count).map { Double(p[$0]) } } ?? CGGradient.even(list.count)
        gradient = LinearGradient(colors: list, locations: stops, start: .zero, end: .zero, space: space == nil ? .genericRGB : .sRGB)
    }

    /// Components `space.numberOfComponents + 1` per color (alpha last), `count` colors.
    /// https://developer.apple.com/documentation/coregraphics/cggradient/1398458-init
    public init?(colorSpace space: CGColorSpace, colorComponents components: UnsafePointer<CGFloat>, locations: UnsafePointer<CGFloat>?, count: Int) {
        guard count > 0 else { return nil }
        let n = space.numberOfComponents + 1
        let list = (0..<count).map { i -> Color in
            let c = (0..<n).map { components[i * n + $0] }
            return (n == 2 ? CGColor(gray: c[0], alpha: c[1]) : CGColor(red: c[0], green: c[1], blue: c[2], alpha: c[3])).color
        }
        let stops = locations.map { p in (0..<count).map { Double(p[$0]) } } ?? CGGradient.even(count)
        gradient = LinearGradient(colors: list, locations: stops, start: .zero, end: .zero, space: .sRGB)
    }

    private static func even(_ n: Int) -> [Double] { n == 1 ? [0] : (0..<n).map { Double($0) / Double(n - 1) } }

    func color(at t: Double) -> PremultipliedColor { gradient.color(at: t) }
}

/// A bitmap image: premultiplied RGBA pixels.
/// https://developer.apple.com/documentation/coregraphics/cgimage
public final class CGImage: Sendable {
    let pixmap: Pixmap
    init(pixmap: Pixmap) { self.pixmap = pixmap }

    /// https://developer.apple.com/documentation/coregraphics/cgimage/1454595-width
    public var width: Int { pixmap.width }
    /// https://developer.apple.com/documentation/coregraphics/cgimage/1456136-height
    public var height: Int { pixmap.height }
    /// https://developer.apple.com/documentation/coregraphics/cgimage/1454370-cropping
    public func cropping(to rect: CGRect) -> CGImage? {
        let r = rect.standardized.integral
        let area = PixelRect(x: Int(r.minX), y: Int(r.minY), width: Int(r.width), height: Int(r.height))
            .intersection(PixelRect(x: 0, y: 0, width: width, height: height))
        guard !area.isEmpty else { return nil }
        return CGImage(pixmap: pixmap.cropped(to: area))
    }
}
