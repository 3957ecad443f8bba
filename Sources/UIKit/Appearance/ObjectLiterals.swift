import Foundation
internal import Scene

// Xcode's object literals, as Apple's UIKit overlay makes them: `#colorLiteral(red:green:blue:alpha:)`
// is `UIColor(red:green:blue:alpha:)` in sRGB; `#imageLiteral(resourceName:)` is `UIImage(named:)`,
// so its resource is found where `UIImage(named:)` finds images here: the asset catalogs
// (`NAME.imageset` in a `.xcassets` folder) and image files (`NAME.png`, `NAME@2x.png`, ...)
// beside the scenario, as an app's are in its main bundle. (The initializers are `required`, so
// they sit in the classes' bodies: UIColor.swift and UIImage.swift.)

extension UIColor: _ExpressibleByColorLiteral {}

extension UIImage: _ExpressibleByImageLiteral {
    /// The image `#imageLiteral(resourceName: name)` draws: `UIImage(named:)`'s, else (where iOS
    /// traps) nothing, one clear point, with the missing name said once after the frames.
    static func literal(named name: String) -> (light: SceneImage, dark: SceneImage?, template: Bool) {
        if let found = AssetCatalog.image(named: name) { return found }
        let folders = ScreenEnvironment.imageFolders.isEmpty ? "no image folder" : ScreenEnvironment.imageFolders.joined(separator: ", ")
        Diagnostics.once(
            "imageLiteral \(name)",
            "#imageLiteral(resourceName: \"\(name)\"): no image of that name (looked in \(folders)); drawn as nothing, where iOS "
                + "would crash. Put \(name).png beside the scenario, or an image set \(name).imageset in an asset catalog there.")
        return (AssetCatalog.empty, nil, false)
    }
}

/// The type of `#colorLiteral(...)` where the context names none (`let c = #colorLiteral(...)`).
public typealias _ColorLiteralType = UIColor
/// The type of `#imageLiteral(...)` where the context names none.
public typealias _ImageLiteralType = UIImage
