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
