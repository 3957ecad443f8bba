import Foundation
internal import Raster
internal import Scene

/// A set of images for different traits (appearance, display scale, size classes, idiom): an
/// image view showing any image of the set draws the one for its own traits, and draws another
/// when its traits change (a dark-mode variant registered here is drawn in a dark variant of the
/// scenario's matrix).
/// https://developer.apple.com/documentation/uikit/uiimageasset
// @unchecked: Sendable is checked only for final classes (a subclass may add state);
// its registered images are kept under a lock.
open class UIImageAsset: NSObject, @unchecked Sendable {
    private let registered = Locked<[(traits: UITraitCollection, image: UIImage)]>([])

    public override init() { super.init() }

    /// Adds `image` for `traitCollection`, replacing an image registered for equal traits.
    /// https://developer.apple.com/documentation/uikit/uiimageasset/1624133-register
    open func register(_ image: UIImage, with traitCollection: UITraitCollection) {
        registered.withLock { variants in
            variants.removeAll { $0.traits.isEqual(traitCollection) }
            variants.append((traitCollection, image))
        }
        image.registeredAsset = self
    }

    /// https://developer.apple.com/documentation/uikit/uiimageasset/1624143-unregisterimage
    open func unregisterImage(with traitCollection: UITraitCollection) {
        let removed = registered.withLock { variants in
            defer { variants.removeAll { $0.traits.isEqual(traitCollection) } }
            return variants.filter { $0.traits.isEqual(traitCollection) }
        }
        for v in removed where v.image.registeredAsset === self { v.image.registeredAsset = nil }
    }

    /// The registered image whose traits best match `traitCollection`: among the images whose
    /// every specified trait equals the request's, the one that specifies the most traits; when
    /// none matches, the least specific image registered (the first of equals). An asset with no
    /// image gives an empty image.
    /// https://developer.apple.com/documentation/uikit/uiimageasset/1624140-image
    open func image(with traitCollection: UITraitCollection) -> UIImage {
        let variants = registered.current
        let matching = variants.filter { UIImageAsset.traits(traitCollection, contain: $0.traits) }
        let pool = matching.isEmpty ? variants : matching
        let key: ((traits: UITraitCollection, image: UIImage)) -> Int = { UIImageAsset.specified($0.traits) }
        let best = matching.isEmpty ? pool.min { key($0) < key($1) } : pool.max { key($0) < key($1) }
        return best?.image ?? UIImage(light: AssetCatalog.empty)
    }

    /// Whether every trait `variant` specifies has the same value in `request` (UIKit's
    /// `containsTraits(in:)`).
    static func traits(_ request: UITraitCollection, contain variant: UITraitCollection) -> Bool {
        (variant.userInterfaceStyle == .unspecified || variant.userInterfaceStyle == request.userInterfaceStyle)
            && (variant.displayScale == 0 || variant.displayScale == request.displayScale)
            && (variant.horizontalSizeClass == .unspecified || variant.horizontalSizeClass == request.horizontalSizeClass)
            && (variant.verticalSizeClass == .unspecified || variant.verticalSizeClass == request.verticalSizeClass)
            && (variant.userInterfaceIdiom == .unspecified || variant.userInterfaceIdiom == request.userInterfaceIdiom)
            && (variant.preferredContentSizeCategory == .unspecified || variant.preferredContentSizeCategory == request.preferredContentSizeCategory)
            && (variant.layoutDirection == .unspecified || variant.layoutDirection == request.layoutDirection)
    }

    /// How many traits `t` specifies.
    static func specified(_ t: UITraitCollection) -> Int {
        [
            t.userInterfaceStyle != .unspecified, t.displayScale != 0, t.horizontalSizeClass != .unspecified,
            t.verticalSizeClass != .unspecified, t.userInterfaceIdiom != .unspecified,
            t.preferredContentSizeCategory != .unspecified, t.layoutDirection != .unspecified,
        ].filter { $0 }.count
    }
}

extension UIImage {
    /// The asset the image belongs to: the one it was registered in, else one made on first use
    /// holding the image (an asset catalog image with a dark variant: its light and dark images,
    /// for `.light` and `.dark`).
    /// https://developer.apple.com/documentation/uikit/uiimage/1624126-imageasset
    public var imageAsset: UIImageAsset? {
        if let registeredAsset { return registeredAsset }
        let asset = UIImageAsset()
        if let dark, symbolName == nil {
            let lightImage = UIImage(light: light, renderingMode: renderingMode, tint: fixedTint, catalogTemplate: catalogTemplate)
            let darkImage = UIImage(light: dark, renderingMode: renderingMode, tint: fixedTint, catalogTemplate: catalogTemplate)
            asset.register(lightImage, with: UITraitCollection(userInterfaceStyle: .light))
            asset.register(darkImage, with: UITraitCollection(userInterfaceStyle: .dark))
            registeredAsset = asset
        } else {
            asset.register(self, with: UITraitCollection())
        }
        return asset
    }

    /// The image drawn for `traits`: the asset's choice when the image was registered in one.
    func variant(for traits: UITraitCollection) -> UIImage {
        guard let asset = registeredAsset, symbolName == nil else { return self }
        return asset.image(with: traits)
    }
}
