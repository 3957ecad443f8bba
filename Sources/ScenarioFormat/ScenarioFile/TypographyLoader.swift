import Foundation
import Raster
import Scene
import Yams

/// `fonts:` and `textSize:`: the scenario's own fonts for the roles (or one family file for all),
/// fallback fonts for other scripts, and the Dynamic Type size.
///
///     textSize: accessibility3
///     fonts:
///       family: Fonts/SF-Pro.ttf                 # a variable font: each role at its weight
///       bold: {file: Fonts/Other.ttc, index: 1}  # a face of a collection
///       fallback: [Fonts/NotoSansTamil-Regular.ttf]
extension ScenarioLoader {
    static let fontsKeys = ["family"] + FontWeight.allCases.map(\.rawValue) + ["fallback"]
    static let fontFileKeys = ["file", "index", "weight"]
    /// Fallback fonts a scenario may name.
    static let maximumFallbackFonts = 16

    static func readTypography(_ top: [String: Node], _ r: ScenarioReader, baseDirectory: String) -> Typography {
        var textSize = ContentSizeCategory.large
        if let node = top["textSize"], let v = r.choice(node, "textSize", ContentSizeCategory.allCases.map(\.rawValue)) {
            textSize = ContentSizeCategory(rawValue: v)!
        }
        guard let node = top["fonts"], let m = r.mapping(node, "fonts", allowed: fontsKeys) else {
            return textSize == .large ? .standard : Typography.standard.with(textSize: textSize)
        }
        var files: [String] = []
        var family: (source: FontSource, node: Node)?
        if let n = m["family"], let source = fontSource(n, "fonts.family", r, baseDirectory: baseDirectory) {
            var plain = source
            plain.variations = []
            if openFont(plain, n, "fonts.family", r) != nil { family = (source, n) }
        }
        var roles: [FontWeight: Font] = [:]
        for weight in FontWeight.allCases {
            let field = "fonts.\(weight.rawValue)"
            var chosen: (source: FontSource, node: Node, field: String)?
            if let n = m[weight.rawValue], let source = fontSource(n, field, r, baseDirectory: baseDirectory) {
                chosen = (source, n, field)
            } else if m[weight.rawValue] == nil, let family {
                chosen = (family.source, family.node, "fonts.family")
            }
            guard case (var source, let n, let field)? = chosen else { continue }
            let asked = source.variations.first { $0.tag == "wght" }
            guard let font = openFont(source, n, field, r) else { continue }
            if let axis = font.axes.first(where: { $0.tag == "wght" }) {
                // A variable font: the role's weight unless one was given, within the axis.
                let value = asked?.value ?? weight.axisValue
                if asked != nil, !(axis.minimum...axis.maximum).contains(value) {
                    r.report(
                        n, field,
                        "weight \(r.format(value)) is outside the font's weight axis, \(r.format(axis.minimum)) to "
                            + "\(r.format(axis.maximum)); give a weight within it")
                    continue
                }
                source.variations = [FontVariation(tag: "wght", value: min(max(value, axis.minimum), axis.maximum))]
                guard let instance = openFont(source, n, field, r) else { continue }
                roles[weight] = instance
            } else {
                if asked != nil {
                    r.report(
                        n, field,
                        "\(font.name) is not a variable font (it has no weight axis), so weight does not apply; "
                            + "remove weight, or give the file of that weight")
                    continue
                }
                roles[weight] = font
            }
            if !files.contains(source.path) { files.append(source.path) }
        }
        var fallbacks: [FontSource] = []
        if let n = m["fallback"], let list = r.sequence(n, "fonts.fallback") {
            if list.count > maximumFallbackFonts {
                r.report(n, "fonts.fallback", "\(list.count) fonts, over the limit of \(maximumFallbackFonts); keep the ones your text needs")
            } else {
                for (i, item) in list.enumerated() {
                    let field = "fonts.fallback[\(i)]"
                    guard let source = fontSource(item, field, r, baseDirectory: baseDirectory),
                        openFont(source, item, field, r) != nil
                    else { continue }
                    fallbacks.append(source)
                    if !files.contains(source.path) { files.append(source.path) }
                }
            }
        }
        return Typography(fonts: roles, fallbacks: fallbacks, textSize: textSize, files: files)
    }

    /// A font file: a path (relative to the scenario) or `{file:, index:, weight:}`.
    static func fontSource(_ node: Node, _ field: String, _ r: ScenarioReader, baseDirectory: String) -> FontSource? {
        var pathNode = node
        var index = 0
        var weight: Double?
        if case .mapping = node {
            guard let m = r.mapping(node, field, allowed: fontFileKeys) else { return nil }
            guard let f = m["file"] else {
                r.report(node, "\(field).file", "missing; give the font file's path, relative to the scenario")
                return nil
            }
            pathNode = f
            if let n = m["index"], let v = r.integer(n, "\(field).index", range: 0...255) { index = v }
            if let n = m["weight"], let v = r.number(n, "\(field).weight", range: 1...1000, unit: "on the weight axis, 400 regular and 700 bold") {
                weight = v
            }
        }
        let fileField = isMapping(node) ? "\(field).file" : field
        guard let name = r.string(pathNode, fileField) else { return nil }
        let path = name.hasPrefix("/") ? name : (baseDirectory as NSString).appendingPathComponent(name)
        return FontSource(path: path, faceIndex: index, variations: weight.map { [FontVariation(tag: "wght", value: $0)] } ?? [])
    }

    private static func isMapping(_ node: Node) -> Bool { if case .mapping = node { return true } else { return false } }

    /// The font, or a report of why it cannot be used.
    static func openFont(_ source: FontSource, _ node: Node, _ field: String, _ r: ScenarioReader) -> Font? {
        switch FontLibrary.font(source) {
        case .success(let font): return font
        case .failure(let error):
            let shown = ScenarioReader.shown((source.path as NSString).lastPathComponent), path = ScenarioReader.shown(source.path)
            switch error {
            case .unreadable:
                var isFolder: ObjCBool = false
                let exists = FileManager.default.fileExists(atPath: source.path, isDirectory: &isFolder)
                var message =
                    !exists
                    ? "\(path): no such file; the path is relative to the scenario file"
                    : isFolder.boolValue
                        ? "\(path) is a folder; give a font file in it (.otf, .ttf or .ttc)"
                        : access(source.path, R_OK) != 0
                            ? "cannot read the font file \(path) (permission denied); make it readable"
                            : "cannot read the font file \(path); check that it is a whole font file"
                if shown.lowercased().hasPrefix("sf-pro") || shown.lowercased().hasPrefix("sf pro") {
                    message += " (SF Pro is not shipped: install Apple's SF Pro on a Mac and copy its files beside the scenario)"
                }
                r.report(node, field, message)
            case .invalid:
                let size = (try? FileManager.default.attributesOfItem(atPath: source.path)[.size] as? Int) ?? nil
                r.report(
                    node, field,
                    "\(shown) " + (size == 0 ? "is empty (0 bytes)" : "is not a font (its bytes are not OpenType, TrueType or a collection)")
                        + "; give an OpenType (.otf), TrueType (.ttf) or collection (.ttc) file")
            case .noSuchFace(_, let index, let count):
                r.report(
                    node, field,
                    "\(shown) holds " + (count == 1 ? "one font, numbered 0" : "\(count) fonts, numbered 0 to \(count - 1)")
                        + "; index \(index) is not one of them")
            case .tooLarge(_, let bytes):
                r.report(node, field, "\(shown) is \(ByteSize.format(bytes)), over the \(ByteSize.format(Font.maximumFileBytes)) limit for a font")
            }
            return nil
        }
    }
}
