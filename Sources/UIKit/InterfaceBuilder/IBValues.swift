import Foundation
internal import Scene

/// Interface Builder's attribute values turned into UIKit's: numbers, booleans ("YES"/"NO"),
/// rectangles, insets, autoresizing masks, content modes, colours, fonts and images, as Xcode
/// writes them. A value that names something missing (a catalog colour or image) throws.
extension IBElement {
    func bool(_ attribute: String) -> Bool? { self[attribute].map { $0 == "YES" } }
    func number(_ attribute: String) -> CGFloat? { self[attribute].flatMap { Double($0) }.map { CGFloat($0) } }
    func int(_ attribute: String) -> Int? { self[attribute].flatMap { Int($0) } }

    /// `<rect key="frame" x= y= width= height=>`.
    var rect: CGRect {
        CGRect(x: number("x") ?? 0, y: number("y") ?? 0, width: number("width") ?? 0, height: number("height") ?? 0)
    }
    var size: CGSize { CGSize(width: number("width") ?? 0, height: number("height") ?? 0) }
    var point: CGPoint { CGPoint(x: number("x") ?? 0, y: number("y") ?? 0) }

    /// `<inset minX= minY= maxX= maxY=>` (left, top, right, bottom) or
    /// `<edgeInsets top= left= bottom= right=>`.
    var insets: UIEdgeInsets {
        if name == "inset" {
            return UIEdgeInsets(top: number("minY") ?? 0, left: number("minX") ?? 0, bottom: number("maxY") ?? 0, right: number("maxX") ?? 0)
        }
        return UIEdgeInsets(top: number("top") ?? 0, left: number("left") ?? 0, bottom: number("bottom") ?? 0, right: number("right") ?? 0)
    }
    var directionalInsets: NSDirectionalEdgeInsets {
        NSDirectionalEdgeInsets(top: number("top") ?? 0, leading: number("leading") ?? 0, bottom: number("bottom") ?? 0, trailing: number("trailing") ?? 0)
    }

    /// `<autoresizingMask widthSizable="YES" flexibleMinX="YES" ...>`.
    var autoresizingMask: UIView.AutoresizingMask {
        var m: UIView.AutoresizingMask = []
        let parts: [(String, UIView.AutoresizingMask)] = [
            ("flexibleMinX", .flexibleLeftMargin), ("widthSizable", .flexibleWidth), ("flexibleMaxX", .flexibleRightMargin),
            ("flexibleMinY", .flexibleTopMargin), ("heightSizable", .flexibleHeight), ("flexibleMaxY", .flexibleBottomMargin),
        ]
        for (attribute, flag) in parts where bool(attribute) == true { m.insert(flag) }
        return m
    }
}

enum IBValues {
    static let contentModes: [String: UIView.ContentMode] = [
        "scaleToFill": .scaleToFill, "scaleAspectFit": .scaleAspectFit, "scaleAspectFill": .scaleAspectFill, "redraw": .redraw,
        "center": .center, "top": .top, "bottom": .bottom, "left": .left, "right": .right, "topLeft": .topLeft,
        "topRight": .topRight, "bottomLeft": .bottomLeft, "bottomRight": .bottomRight,
    ]

    static let textAlignments: [String: NSTextAlignment] = [
        "natural": .natural, "left": .left, "center": .center, "right": .right, "justified": .justified,
    ]

    static let lineBreakModes: [String: NSLineBreakMode] = [
        "wordWrap": .byWordWrapping, "characterWrap": .byCharWrapping, "clip": .byClipping,
        "headTruncation": .byTruncatingHead, "tailTruncation": .byTruncatingTail, "middleTruncation": .byTruncatingMiddle,
    ]

    static let fontWeights: [String: UIFont.Weight] = [
        "ultraLight": .ultraLight, "thin": .thin, "light": .light, "regular": .regular, "medium": .medium,
        "semibold": .semibold, "bold": .bold, "heavy": .heavy, "black": .black,
    ]

    /// Colours IB names by `cocoaTouchSystemColor` (files from before iOS 13), as UIKit has them now.
    static let cocoaTouchColors: [String: UIColor] = [
        "darkTextColor": .darkText, "lightTextColor": .lightText, "groupTableViewBackgroundColor": .systemGroupedBackground,
        "tableCellGroupedBackgroundColor": .secondarySystemGroupedBackground, "whiteColor": .white, "blackColor": .black,
        "clearColor": .clear,
    ]

    /// A `<color>` element as UIKit reads it: sRGB, Display P3, grey (IB's grey is gamma 2.2: converted
    /// to sRGB), a system colour by name (`systemBackgroundColor` is `.systemBackground`), a
    /// catalog colour by name (`name="Brand"`: its colour set must exist).
    static func color(_ e: IBElement, in document: IBDocument) throws -> UIColor? {
        if e.name == "nil" { return nil }
        if let system = e["systemColor"] {
            guard let color = systemColor(system) else {
                throw InterfaceBuilderError(
                    file: document.fileName, line: e.line, problem: "the system colour \"\(system)\" is not one UIKit has",
                    fix: "pick a system colour in Xcode's colour menu (systemBackgroundColor, labelColor, systemBlueColor, ...)")
            }
            return color
        }
        if let old = e["cocoaTouchSystemColor"] {
            guard let color = cocoaTouchColors[old] else {
                throw InterfaceBuilderError(
                    file: document.fileName, line: e.line, problem: "the colour cocoaTouchSystemColor=\"\(old)\" is not read",
                    fix: "choose a system colour (systemBackgroundColor, labelColor, ...) in Xcode instead")
            }
            return color
        }
        if let named = e["name"] {
            guard let color = UIColor(named: named) else {
                throw InterfaceBuilderError(
                    file: document.fileName, line: e.line, problem: "the colour \"\(named)\" is in no asset catalog",
                    fix: "add \(named).colorset to an .xcassets folder among the screen's image folders (where UIColor(named:) looks)")
            }
            return color
        }
        let alpha = e.number("alpha") ?? 1
        let space = e["customColorSpace"] ?? e["colorSpace"] ?? "sRGB"
        if let white = e.number("white") {
            // Generic grey gamma 2.2 (IB's grey, and calibratedWhite) to sRGB; deviceWhite is sRGB's grey.
            let v = space == "deviceWhite" ? white : srgbEncode(pow(Double(white), 2.2))
            return UIColor(white: CGFloat(v), alpha: alpha)
        }
        let r = e.number("red") ?? 0, g = e.number("green") ?? 0, b = e.number("blue") ?? 0
        switch space {
        case "displayP3": return UIColor(displayP3Red: r, green: g, blue: b, alpha: alpha)
        case "calibratedRGB":
            Diagnostics.once(
                "IB calibratedRGB",
                "\(document.at(e)): colours in calibratedRGB (Generic RGB, files from before Xcode 8) are drawn as sRGB with the same numbers")
            return UIColor(red: r, green: g, blue: b, alpha: alpha)
        default: return UIColor(red: r, green: g, blue: b, alpha: alpha)
        }
    }

    /// `systemBackgroundColor` -> `.systemBackground`, `labelColor` -> `.label`, `tintColor` -> `.tintColor`.
    static func systemColor(_ name: String) -> UIColor? {
        if name == "tintColor" { return .tintColor }
        let base = name.hasSuffix("Color") ? String(name.dropLast(5)) : name
        guard SystemColor.named(base, appearance: .light) != nil || tableSystemColor(base, .light) != nil else { return nil }
        return UIColor.system(base)
    }

    private static func srgbEncode(_ linear: Double) -> Double {
        linear <= 0.0031308 ? 12.92 * linear : 1.055 * pow(linear, 1 / 2.4) - 0.055
    }

    /// A `<fontDescription>`: `type="system"/"boldSystem"/"italicSystem"` with `weight=` and
    /// `pointSize=`, a text style (`style="UICTFontTextStyleBody"`), or a font by `name=`.
    static func font(_ e: IBElement, in document: IBDocument) -> UIFont {
        let size = e.number("pointSize") ?? 17
        if let style = e["style"] {
            return UIFont.preferredFont(forTextStyle: UIFont.TextStyle(rawValue: style))
        }
        if let name = e["name"] {
            if let font = UIFont(name: name, size: size) { return font }
            Diagnostics.once(
                "IB font \(name)",
                "\(document.at(e)): the font \"\(name)\" is not one this build draws; the system font of the same size is drawn")
            return .systemFont(ofSize: size)
        }
        switch e["type"] ?? "system" {
        case "boldSystem": return .boldSystemFont(ofSize: size)
        case "italicSystem": return .italicSystemFont(ofSize: size)
        default: return .systemFont(ofSize: size, weight: e["weight"].flatMap { fontWeights[$0] } ?? .regular)
        }
    }

    /// An image by name: an SF Symbol when the document's resources say `catalog="system"`, else
    /// the asset catalog's image, which must exist.
    static func image(_ name: String, at e: IBElement, in document: IBDocument) throws -> UIImage {
        if isSystemImage(name, document), let symbol = UIImage(systemName: name) { return symbol }
        if let image = UIImage(named: name) { return image }
        throw InterfaceBuilderError(
            file: document.fileName, line: e.line, problem: "the image \"\(name)\" is in no asset catalog",
            fix: "add \(name).imageset to an .xcassets folder among the screen's image folders (where UIImage(named:) looks)")
    }

    static func isSystemImage(_ name: String, _ document: IBDocument) -> Bool {
        guard let resources = document.root.child("resources") else { return false }
        return resources.all("image").contains { $0["name"] == name && $0["catalog"] == "system" }
    }
}
