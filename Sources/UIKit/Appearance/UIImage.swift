import Foundation
internal import Raster
internal import Scene

/// An image: decoded from a file or an asset catalog's image set (its @2x/@3x and dark variants),
/// or a symbol.
/// https://developer.apple.com/documentation/uikit/uiimage
// @unchecked: Sendable is checked only for final classes (a subclass may add state);
// UIKit declares it Sendable; its state is set while it is made (the factory methods make new images),
// except `registeredAsset`, which `UIImageAsset.register` sets on the screen's thread.
open class UIImage: NSObject, @unchecked Sendable {
    /// https://developer.apple.com/documentation/uikit/uiimage/renderingmode
    public enum RenderingMode: Int, Sendable {
        case automatic = 0, alwaysOriginal = 1, alwaysTemplate = 2
    }

    /// The decoded pixels for light and, when the catalog has one, dark appearance.
    var light: SceneImage = AssetCatalog.none
    var dark: SceneImage?
    /// `alwaysTemplate`: drawn as a mask in the tint color.
    public internal(set) var renderingMode = RenderingMode.automatic
    /// Set by `withTintColor`: a template drawn in this color whatever the view's tint.
    var fixedTint: UIColor?
    /// The catalog asked for template rendering (`automatic` then draws as a template).
    var catalogTemplate = false
    /// A system symbol's name and configuration (drawn as vector shapes, `UIImageSymbols.swift`).
    var symbolName: String?
    var symbolConfiguration: SymbolConfiguration?
    /// The `UIImageAsset` the image was registered in (UIImageAsset.swift).
    var registeredAsset: UIImageAsset?

    /// The empty image: no pixels, size `.zero`; drawn, it draws nothing (a bar given it as its
    /// background image or shadow image draws no background or no hairline). The one designated
    /// initializer, as for Apple's: a subclass that declares none inherits every initializer.
    /// https://developer.apple.com/documentation/uikit/uiimage/init()
    public override init() { super.init() }

    convenience init(light: SceneImage, dark: SceneImage? = nil, renderingMode: RenderingMode = .automatic, tint: UIColor? = nil, catalogTemplate: Bool = false) {
        self.init()
        self.light = light; self.dark = dark; self.renderingMode = renderingMode; fixedTint = tint
        self.catalogTemplate = catalogTemplate
    }

    /// A symbol image: drawn in the tint as a template unless made `alwaysOriginal`.
    convenience init(symbol name: String, configuration: SymbolConfiguration, renderingMode: RenderingMode = .automatic, tint: UIColor? = nil) {
        self.init()
        symbolName = name; symbolConfiguration = configuration
        self.renderingMode = renderingMode; fixedTint = tint; catalogTemplate = true
        light = AssetCatalog.empty
    }

    /// True for `UIImage()`: nothing to draw.
    var isEmpty: Bool { symbolName == nil && (light.pixmap.width == 0 || light.pixmap.height == 0) }

    /// The image in an asset catalog (`NAME.imageset` in a `.xcassets` folder beside the
    /// scenario), or a file `NAME`, `NAME.png`, `NAME@2x.png`, ... there; nil when none exists.
    /// https://developer.apple.com/documentation/uikit/uiimage/1624146-init
    public convenience init?(named name: String) {
        guard let found = AssetCatalog.image(named: name) else { return nil }
        self.init(light: found.light, dark: found.dark, catalogTemplate: found.template)
    }

    /// `#imageLiteral(resourceName:)`: the image `UIImage(named:)` finds (ObjectLiterals.swift).
    public required convenience init(imageLiteralResourceName name: String) {
        let found = UIImage.literal(named: name)
        self.init(light: found.light, dark: found.dark, catalogTemplate: found.template)
    }

    /// https://developer.apple.com/documentation/uikit/uiimage/1624154-init
    public convenience init?(named name: String, in bundle: Bundle?, compatibleWith traitCollection: UITraitCollection?) {
        self.init(named: name)
    }

    /// The image in the file at `path` (PNG or JPEG; `@2x`/`@3x` in the name sets its scale).
    /// https://developer.apple.com/documentation/uikit/uiimage/1624123-init
    public convenience init?(contentsOfFile path: String) {
        guard let image = AssetCatalog.decode(path) else { return nil }
        self.init(light: image)
    }

    /// https://developer.apple.com/documentation/uikit/uiimage/1624106-init
    public convenience init?(data: Data, scale: CGFloat = 1) {
        guard let pixmap = try? ImageDecoder.decode(data: [UInt8](data), name: "UIImage(data:)") else { return nil }
        self.init(light: SceneImage(pixmap: pixmap, scale: Double(scale), id: AssetCatalog.nextID()))
    }

    /// The size in points (a symbol's: its drawing at its configuration).
    /// https://developer.apple.com/documentation/uikit/uiimage/1624105-size
    open var size: CGSize {
        if let s = symbolShapes { return CGSize(width: s.size.width, height: s.size.height) }
        return CGSize(width: light.pointSize.width, height: light.pointSize.height)
    }
    /// https://developer.apple.com/documentation/uikit/uiimage/1624110-scale
    open var scale: CGFloat { CGFloat(light.scale) }

    /// https://developer.apple.com/documentation/uikit/uiimage/1624153-withrenderingmode
    open func withRenderingMode(_ renderingMode: RenderingMode) -> UIImage {
        if let symbolName { return UIImage(symbol: symbolName, configuration: symbolConfiguration ?? .unspecified, renderingMode: renderingMode, tint: fixedTint) }
        return UIImage(light: light, dark: dark, renderingMode: renderingMode, tint: fixedTint, catalogTemplate: catalogTemplate)
    }

    /// A template drawn in `color`.
    /// https://developer.apple.com/documentation/uikit/uiimage/3327300-withtintcolor
    open func withTintColor(_ color: UIColor) -> UIImage { withTintColor(color, renderingMode: .alwaysTemplate) }

    /// https://developer.apple.com/documentation/uikit/uiimage/3327301-withtintcolor
    open func withTintColor(_ color: UIColor, renderingMode: RenderingMode) -> UIImage {
        if let symbolName { return UIImage(symbol: symbolName, configuration: symbolConfiguration ?? .unspecified, renderingMode: renderingMode, tint: color) }
        return UIImage(light: light, dark: dark, renderingMode: renderingMode, tint: color, catalogTemplate: catalogTemplate)
    }

    /// True when drawn as a mask in a tint color.
    var isTemplate: Bool { renderingMode == .alwaysTemplate || (renderingMode == .automatic && catalogTemplate) }

    /// The pixels for `traits`, tinted when the image is a template (`tint`: the view's tint).
    func drawn(_ traits: UITraitCollection, tint: UIColor?) -> SceneImage {
        let chosen = variant(for: traits)
        if chosen !== self { return chosen.drawn(traits, tint: tint) }
        let base = traits.userInterfaceStyle == .dark ? (dark ?? light) : light
        guard isTemplate, let color = fixedTint ?? tint else { return base }
        return AssetCatalog.tinted(base, color.color(traits))
    }
}

extension UIColor {
    /// The color set `NAME.colorset` of an asset catalog beside the scenario, per appearance.
    /// https://developer.apple.com/documentation/uikit/uicolor/2877380-init
    public convenience init?(named name: String) {
        guard let set = AssetCatalog.color(named: name) else { return nil }
        self.init(dynamicProvider: { traits in traits.userInterfaceStyle == .dark ? (set.dark ?? set.light) : set.light })
    }
}

/// Asset catalogs (`.xcassets` folders of `Contents.json`) and image files, read as Xcode compiles
/// them: an image set's variant for the screen's scale (the nearest larger, else the largest), its
/// dark appearance, its template rendering intent; a color set's components per appearance.
enum AssetCatalog {
    /// The last id given, the decoded files by path and the tinted templates by image and color.
    private struct Caches: Sendable {
        var counter = 1 << 40
        var decoded: [String: SceneImage] = [:]
        var tints: [String: SceneImage] = [:]
    }
    private static let caches = Locked(Caches())

    /// The pixels of an image that draws as shapes (a symbol): one clear pixel.
    static let empty = SceneImage(pixmap: Pixmap(width: 1, height: 1), scale: 1, id: 1 << 39)
    /// The pixels of `UIImage()`: none.
    static let none = SceneImage(pixmap: Pixmap(width: 0, height: 0), scale: 1, id: (1 << 39) + 1)

    static func nextID() -> Int {
        caches.withLock { c in
            c.counter += 1
            return c.counter
        }
    }

    /// The decoded file, once per path; its scale from an `@2x`/`@3x` suffix.
    static func decode(_ path: String, scale: Double? = nil) -> SceneImage? {
        if let hit = caches.withLock({ $0.decoded[path] }) { return hit }
        guard let pixmap = try? ImageDecoder.decode(fileAt: path) else { return nil }
        let stem = ((path as NSString).lastPathComponent as NSString).deletingPathExtension
        let s = scale ?? (stem.hasSuffix("@3x") ? 3 : stem.hasSuffix("@2x") ? 2 : 1)
        let image = SceneImage(pixmap: pixmap, scale: s, id: nextID())
        caches.withLock { $0.decoded[path] = image }
        return image
    }

    /// A template image's alpha filled with `color`.
    static func tinted(_ image: SceneImage, _ color: Color) -> SceneImage {
        let key = "\(image.id)-\(color.r)-\(color.g)-\(color.b)-\(color.a)"
        if let hit = caches.withLock({ $0.tints[key] }) { return hit }
        var p = image.pixmap
        let c = color.premultiplied
        p.bytes.withUnsafeMutableBufferPointer { px in
            // Premultiplied RGBA: each pixel becomes the color at the pixel's coverage (its alpha).
            for i in stride(from: 0, to: px.count, by: 4) {
                let a = Int(px[i + 3])
                px[i] = UInt8((Int(c.r) * a + 127) / 255); px[i + 1] = UInt8((Int(c.g) * a + 127) / 255)
                px[i + 2] = UInt8((Int(c.b) * a + 127) / 255); px[i + 3] = UInt8((Int(c.a) * a + 127) / 255)
            }
        }
        let out = SceneImage(pixmap: p, scale: image.scale, id: nextID())
        caches.withLock { $0.tints[key] = out }
        return out
    }

    /// `image` at half its alpha, as a disabled button draws the image of another state
    /// (`adjustsImageWhenDisabled`): each premultiplied component halved, rounding down, so an
    /// opaque 255 becomes 127 as in iOS's references (UIButton.swift).
    static func dimmedForDisabled(_ image: SceneImage) -> SceneImage {
        let key = "disabled-\(image.id)"
        if let hit = caches.withLock({ $0.tints[key] }) { return hit }
        var p = image.pixmap
        p.bytes.withUnsafeMutableBufferPointer { px in
            for i in px.indices { px[i] >>= 1 }
        }
        let out = SceneImage(pixmap: p, scale: image.scale, id: nextID())
        caches.withLock { $0.tints[key] = out }
        return out
    }

    private static func json(_ path: String) -> [String: Any]? {
        guard let data = FileManager.default.contents(atPath: path) else { return nil }
        return (try? JSONSerialization.jsonObject(with: data)) as? [String: Any]
    }

    /// Every `.xcassets` folder in the image folders, and the folders themselves.
    private static func catalogs() -> [String] {
        var out: [String] = []
        for folder in ScreenEnvironment.imageFolders {
            if folder.hasSuffix(".xcassets") { out.append(folder); continue }
            let names = (try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []
            out += names.filter { $0.hasSuffix(".xcassets") }.sorted().map { folder + "/" + $0 }
        }
        return out
    }

    /// Finds `name.kind` in a catalog, also inside its groups (subfolders).
    private static func find(_ name: String, kind: String) -> String? {
        for catalog in catalogs() {
            let direct = catalog + "/" + name + "." + kind
            if FileManager.default.fileExists(atPath: direct + "/Contents.json") { return direct }
            if let e = FileManager.default.enumerator(atPath: catalog) {
                while let rel = e.nextObject() as? String {
                    if (rel as NSString).lastPathComponent == name + "." + kind { return catalog + "/" + rel }
                }
            }
        }
        return nil
    }

    static func image(named name: String) -> (light: SceneImage, dark: SceneImage?, template: Bool)? {
        if let set = find(name, kind: "imageset"), let contents = json(set + "/Contents.json"),
            let images = contents["images"] as? [[String: Any]]
        {
            let want = ScreenEnvironment.device.scale
            func pick(dark: Bool) -> SceneImage? {
                let candidates = images.compactMap { entry -> (Double, String)? in
                    guard let file = entry["filename"] as? String else { return nil }
                    let appearances = entry["appearances"] as? [[String: String]] ?? []
                    let isDark = appearances.contains { $0["appearance"] == "luminosity" && $0["value"] == "dark" }
                    guard isDark == dark, appearances.allSatisfy({ $0["appearance"] == "luminosity" }) else { return nil }
                    let scale = Double((entry["scale"] as? String ?? "1x").dropLast()) ?? 1
                    return (scale, set + "/" + file)
                }
                let chosen = candidates.filter { $0.0 >= want }.min { $0.0 < $1.0 } ?? candidates.max { $0.0 < $1.0 }
                return chosen.flatMap { decode($0.1, scale: $0.0) }
            }
            guard let light = pick(dark: false) else { return nil }
            let properties = contents["properties"] as? [String: Any]
            return (light, pick(dark: true), properties?["template-rendering-intent"] as? String == "template")
        }
        // A plain file in an image folder.
        let scale = Int(ScreenEnvironment.device.scale)
        for folder in ScreenEnvironment.imageFolders where !folder.hasSuffix(".xcassets") {
            let stems = [name + "@\(scale)x", name + "@3x", name + "@2x", name]
            for stem in stems {
                for ext in ["", ".png", ".jpg", ".jpeg"] {
                    let path = folder + "/" + stem + ext
                    var isDir: ObjCBool = false
                    if FileManager.default.fileExists(atPath: path, isDirectory: &isDir), !isDir.boolValue, let image = decode(path) {
                        return (image, nil, false)
                    }
                }
            }
        }
        return nil
    }

    static func color(named name: String) -> (light: UIColor, dark: UIColor?)? {
        guard let set = find(name, kind: "colorset"), let contents = json(set + "/Contents.json"),
            let colors = contents["colors"] as? [[String: Any]]
        else { return nil }
        func component(_ v: Any?) -> CGFloat {
            if let n = v as? NSNumber { return CGFloat(n.doubleValue) }
            guard let s = v as? String else { return 0 }
            if s.hasPrefix("0x") || s.hasPrefix("0X"), let i = Int(s.dropFirst(2), radix: 16) { return CGFloat(i) / 255 }
            if let d = Double(s) { return CGFloat(d > 1 && !s.contains(".") ? d / 255 : d) }
            return 0
        }
        func pick(dark: Bool) -> UIColor? {
            for entry in colors {
                let appearances = entry["appearances"] as? [[String: String]] ?? []
                let isDark = appearances.contains { $0["appearance"] == "luminosity" && $0["value"] == "dark" }
                guard isDark == dark, !appearances.contains(where: { $0["value"] == "light" && dark }),
                    let color = entry["color"] as? [String: Any], let c = color["components"] as? [String: Any]
                else { continue }
                if c["white"] != nil { return UIColor(white: component(c["white"]), alpha: c["alpha"].map(component) ?? 1) }
                return UIColor(red: component(c["red"]), green: component(c["green"]), blue: component(c["blue"]), alpha: c["alpha"].map(component) ?? 1)
            }
            return nil
        }
        guard let light = pick(dark: false) else { return nil }
        return (light, pick(dark: true))
    }
}
