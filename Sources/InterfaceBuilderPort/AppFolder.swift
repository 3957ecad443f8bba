import Foundation

/// The files of an app's folder the port uses: Swift files, storyboards, XIBs and asset
/// catalogs, by their paths relative to the folder, sorted; hidden folders, build folders,
/// Xcode's project folders and the paths of the exclusion list left out. The port's build plugin
/// enumerates the same way (Plugins/InterfaceBuilderPortPlugin).
public enum AppFolder {
    public struct Files: Equatable, Sendable {
        public var swift: [String] = []
        public var interfaceBuilder: [String] = []
        public var assetCatalogs: [String] = []
    }

    /// Exclusions as the list holds them: one path relative to the app folder a line (a folder
    /// excludes what it holds), `#` comments and blank lines ignored.
    public static func exclusions(_ text: String) -> [String] {
        text.split(separator: "\n").map { $0.trimmingCharacters(in: .whitespaces) }
            .filter { !$0.isEmpty && !$0.hasPrefix("#") }.map { $0.hasSuffix("/") ? String($0.dropLast()) : $0 }
    }

    public static func isExcluded(_ path: String, by exclusions: [String]) -> Bool {
        exclusions.contains { path == $0 || path.hasPrefix($0 + "/") }
    }

    public static func files(in root: String, excluding exclusions: [String] = []) -> Files {
        var out = Files()
        let fm = FileManager.default
        func walk(_ relative: String) {
            let folder = relative.isEmpty ? root : root + "/" + relative
            guard let names = try? fm.contentsOfDirectory(atPath: folder) else { return }
            for name in names.sorted() where !name.hasPrefix(".") {
                let path = relative.isEmpty ? name : relative + "/" + name
                if isExcluded(path, by: exclusions) { continue }
                var isFolder: ObjCBool = false
                guard fm.fileExists(atPath: root + "/" + path, isDirectory: &isFolder) else { continue }
                if isFolder.boolValue {
                    if name.hasSuffix(".xcassets") { out.assetCatalogs.append(path); continue }
                    if name.hasSuffix(".xcodeproj") || name.hasSuffix(".xcworkspace") || name == "build" || name == "Pods" { continue }
                    walk(path)
                } else if name.hasSuffix(".swift") {
                    out.swift.append(path)
                } else if name.hasSuffix(".storyboard") || name.hasSuffix(".xib") {
                    out.interfaceBuilder.append(path)
                }
            }
        }
        walk("")
        return out
    }
}
