import Foundation

/// What an app's Xcode project says that the port needs: the Swift language version its targets
/// compile in (`SWIFT_VERSION` in `project.pbxproj`), so the Linux package compiles the app's files
/// in the same mode and names that mode still allows (Swift 4's `NSAttributedStringKey`, say) keep
/// compiling as in Xcode.
public enum XcodeProject {
    /// The language modes Swift 6's compiler accepts, as `swiftLanguageMode` spells them.
    public enum LanguageMode: String, Sendable, Equatable {
        case v4 = ".v4", v4_2 = ".v4_2", v5 = ".v5", v6 = ".v6"
    }

    /// The project files (`*.xcodeproj/project.pbxproj`) in the app's folder and in the folder above it
    /// (where Xcode puts the project beside the sources' folder), sorted.
    public static func projectFiles(near app: String) -> [String] {
        let fm = FileManager.default
        let folder = URL(fileURLWithPath: app).standardizedFileURL
        var found: [String] = []
        for place in [folder, folder.deletingLastPathComponent()] {
            let names = ((try? fm.contentsOfDirectory(atPath: place.path)) ?? []).filter { $0.hasSuffix(".xcodeproj") }.sorted()
            for name in names {
                let file = place.appendingPathComponent(name).appendingPathComponent("project.pbxproj").path
                if fm.fileExists(atPath: file) { found.append(file) }
            }
        }
        return found
    }

    /// The `SWIFT_VERSION` values a project file sets, in order (one per build configuration that sets it).
    public static func swiftVersions(inProject text: String) -> [String] {
        var out: [String] = []
        for line in text.split(separator: "\n") {
            let trimmed = line.trimmingCharacters(in: .whitespaces)
            guard trimmed.hasPrefix("SWIFT_VERSION = ") else { continue }
            let value = trimmed.dropFirst("SWIFT_VERSION = ".count).trimmingCharacters(in: CharacterSet(charactersIn: "; \"\t"))
            if !value.isEmpty { out.append(value) }
        }
        return out
    }

    /// The language mode for a `SWIFT_VERSION` value: 4 and 4.0 are `.v4`, 4.2 `.v4_2`, 5.x `.v5`, 6.x
    /// `.v6`. Swift 3 and older, which no compiler of today accepts (Xcode 10.2 dropped Swift 3), are
    /// nil: the caller falls back to the nearest mode and says so.
    public static func languageMode(swiftVersion: String) -> LanguageMode? {
        let parts = swiftVersion.split(separator: ".").compactMap { Int($0) }
        guard let major = parts.first else { return nil }
        let minor = parts.count > 1 ? parts[1] : 0
        switch major {
        case 4: return minor >= 2 ? .v4_2 : .v4
        case 5: return .v5
        case 6...: return .v6
        default: return nil
        }
    }

    /// The mode the app's files compile in: the `SWIFT_VERSION` most of its project's build
    /// configurations set (the higher on a tie), with a note when it had to choose or fall back;
    /// Swift 5 when no project is found.
    public static func languageMode(near app: String) -> (mode: LanguageMode, note: String?) {
        let versions = projectFiles(near: app).flatMap { swiftVersions(inProject: (try? String(contentsOfFile: $0, encoding: .utf8)) ?? "") }
        guard !versions.isEmpty else { return (.v5, nil) }
        var counts: [String: Int] = [:]
        for v in versions { counts[v, default: 0] += 1 }
        let chosen = counts.max { a, b in
            a.value != b.value ? a.value < b.value : a.key.compare(b.key, options: .numeric) == .orderedAscending
        }!.key
        guard let mode = languageMode(swiftVersion: chosen) else {
            return (.v4, "the app's project says SWIFT_VERSION = \(chosen), which no Swift compiler of today accepts: its files compile in Swift 4 mode, the oldest there is")
        }
        let note = counts.count > 1
            ? "the app's project sets SWIFT_VERSION to \(counts.keys.sorted().joined(separator: ", ")): its files compile in the mode of \(chosen), the one most of its configurations set"
            : nil
        return (mode, note)
    }
}

/// The Swift files an Xcode project's targets compile, so that the port leaves out what the app's
/// folder holds but its targets do not build (an old copy of a class, a file removed from the
/// target): the files of every target's Sources build phase, test bundles' targets left out.
extension XcodeProject {
    public struct CompiledFiles: Equatable, Sendable {
        /// Absolute paths, resolved through the project's groups from the folder that holds the `.xcodeproj`.
        public var paths: Set<String> = []
        /// The files' names, for an app folder laid out unlike the project's groups.
        public var names: Set<String> = []
    }

    /// The Swift files `projectFile` (a `project.pbxproj`) compiles; nil when it cannot be read as
    /// one or names no Swift file in a Sources build phase.
    public static func compiledSwiftFiles(projectFile: String) -> CompiledFiles? {
        guard let data = FileManager.default.contents(atPath: projectFile),
            let plist = try? PropertyListSerialization.propertyList(from: data, options: [], format: nil) as? [String: Any],
            let objects = plist["objects"] as? [String: Any]
        else { return nil }
        func object(_ id: Any?) -> [String: Any]? { (id as? String).flatMap { objects[$0] as? [String: Any] } }
        func ids(_ value: Any?) -> [String] { (value as? [Any])?.compactMap { $0 as? String } ?? [] }
        var parent: [String: String] = [:]
        for (id, value) in objects {
            guard let o = value as? [String: Any], ["PBXGroup", "PBXVariantGroup"].contains(o["isa"] as? String) else { continue }
            for child in ids(o["children"]) { parent[child] = id }
        }
        let root = URL(fileURLWithPath: projectFile).deletingLastPathComponent().deletingLastPathComponent()
        // A reference's folder: its groups' paths up to the main group or a group placed by another anchor.
        func path(of id: String, depth: Int = 0) -> URL? {
            guard depth < 64, let o = object(id) else { return nil }
            let own = (o["path"] as? String) ?? ""
            switch o["sourceTree"] as? String {
            case "<absolute>": return URL(fileURLWithPath: own)
            case "SOURCE_ROOT": return own.isEmpty ? root : root.appendingPathComponent(own)
            case "<group>":
                let base = parent[id].flatMap { path(of: $0, depth: depth + 1) } ?? root
                return own.isEmpty ? base : base.appendingPathComponent(own)
            default: return nil
            }
        }
        var out = CompiledFiles()
        for value in objects.values {
            guard let target = value as? [String: Any], target["isa"] as? String == "PBXNativeTarget" else { continue }
            let product = (target["productType"] as? String) ?? ""
            if product.contains("unit-test") || product.contains("ui-testing") { continue }
            for phase in ids(target["buildPhases"]).compactMap({ object($0) }) where phase["isa"] as? String == "PBXSourcesBuildPhase" {
                for file in ids(phase["files"]) {
                    guard let refID = object(file)?["fileRef"] as? String, let ref = object(refID) else { continue }
                    let name = (ref["name"] as? String) ?? ((ref["path"] as? String).map { ($0 as NSString).lastPathComponent }) ?? ""
                    guard name.hasSuffix(".swift") else { continue }
                    out.names.insert(name)
                    if let url = path(of: refID) { out.paths.insert(url.standardizedFileURL.path) }
                }
            }
        }
        return out.names.isEmpty ? nil : out
    }

    /// The Swift files of the app's folder (`swift`, relative to `app`) that no target of the
    /// project beside it compiles, with the project's file name; none when there is no project.
    /// A file counts as compiled when the project's groups place it there or, when they place
    /// none of the folder's files (a folder laid out otherwise), when a target compiles a file of its name.
    public static func swiftFilesNotCompiled(app: String, swift: [String]) -> (project: String, files: [String])? {
        let folder = URL(fileURLWithPath: app).standardizedFileURL
        for project in projectFiles(near: app) {
            guard let compiled = compiledSwiftFiles(projectFile: project) else { continue }
            let located = swift.filter { compiled.paths.contains(folder.appendingPathComponent($0).standardizedFileURL.path) }
            let left = swift.filter { path in
                located.isEmpty ? !compiled.names.contains((path as NSString).lastPathComponent) : !located.contains(path)
            }
            let name = URL(fileURLWithPath: project).deletingLastPathComponent().lastPathComponent
            return (name, left)
        }
        return nil
    }
}
