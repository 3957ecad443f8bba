import Foundation
import InterfaceBuilderPort

extension PortError: BadInputError {}

/// `render-frames port APP --out PACKAGE --screen CLASS...`: a Swift package that renders an
/// app's screens on Linux from the app's own files: storyboard scenes, and view controllers the
/// app makes in code (as its app or scene delegate makes them). The package links to the app's
/// folder (`App`) and its asset catalogs (in `Scenarios/`), never copies or edits them; its build
/// plugin makes the Linux copies of the Swift files and the class registrations at build time
/// (`render-frames-ibport`). The package is written into a temporary folder beside `out` and
/// renamed into place: a refused port leaves nothing, and a port again keeps the package's
/// goldens, its `port-exclude.txt` and the stand-ins in `Sources/AppScreens`.
public enum Port {
    public struct Result: Sendable {
        public var swiftFiles = 0
        public var interfaceBuilderFiles = 0
        public var screens: [String] = []
        /// What the registrations leave out (a two-argument action), said as warnings.
        public var notes: [String] = []
    }

    /// The render-frames checkout this tool was built from, which the package depends on by path.
    public static let checkout = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().path
    static let marker = ".render-frames-port"

    @discardableResult
    public static func port(app: String, out: String, screens: [String], renderFrames: String = checkout) throws -> Result {
        let fm = FileManager.default
        let appURL = URL(fileURLWithPath: app).standardizedFileURL.resolvingSymlinksInPath()
        var isFolder: ObjCBool = false
        guard fm.fileExists(atPath: appURL.path, isDirectory: &isFolder), isFolder.boolValue else {
            throw PortError(file: app, problem: "is not a folder", fix: "give the app's folder, the one that holds its Swift files and storyboards")
        }
        let outURL = URL(fileURLWithPath: out).standardizedFileURL
        let previous = outURL.appendingPathComponent(marker).path
        let isRePort = fm.fileExists(atPath: previous)
        if fm.fileExists(atPath: outURL.path), !isRePort {
            throw PortError(file: out, problem: "exists and was not written by render-frames port", fix: "give a new folder for the package")
        }
        var notCompiledNote: String?
        let exclusionText =
            (isRePort ? try? String(contentsOfFile: outURL.appendingPathComponent("port-exclude.txt").path, encoding: .utf8) : nil)
            ?? defaultExclusions(appURL.path, out: outURL.path, note: &notCompiledNote)
        let exclusions = AppFolder.exclusions(exclusionText)
        let files = AppFolder.files(in: appURL.path, excluding: exclusions)
        guard !files.swift.isEmpty else {
            throw PortError(
                file: app, problem: "holds no Swift files" + (exclusions.isEmpty ? "" : " (outside the exclusions)"),
                fix: "give the folder of the app's sources, the one with its AppDelegate.swift and view controllers")
        }
        var sources = try AppSources(
            swift: files.swift.map { (appURL.path + "/" + $0, $0) },
            interfaceBuilder: files.interfaceBuilder.map { (appURL.path + "/" + $0, $0) })
        try sources.checkNamedClasses()
        let sceneClasses = Set(sources.namedClasses.filter(\.isScreen).map(\.name))
        // A view controller class no storyboard scene names is made in code, as the app's delegate makes it.
        let codeClasses = ProgrammaticScreens.viewControllerClasses(sources).filter { !sceneClasses.contains($0) }
        let screenClasses = (Array(sceneClasses) + codeClasses).sorted()
        guard !screens.isEmpty else {
            throw PortError(
                file: app, problem: "no --screen given",
                fix: screenClasses.isEmpty
                    ? "the app declares no view controller class" : "name one of its screens' classes: \(screenClasses.joined(separator: ", "))")
        }
        for screen in screens where !screenClasses.contains(screen) {
            let near = Suggestion.closest(to: screen, in: screenClasses)
            throw PortError(
                file: app, problem: "no storyboard scene's controller and no view controller class of the app is a \(screen)",
                fix: (near.map { "did you mean \($0)? " } ?? "")
                    + (screenClasses.isEmpty ? "the app declares no view controller class" : "the app's screens are \(screenClasses.joined(separator: ", "))"))
        }
        let delegateFiles = sources.swiftFiles.filter { f in f.declarations.types.contains { sources.delegates.contains($0.name) } }
        let delegateSources = delegateFiles.map { String(decoding: fm.contents(atPath: appURL.path + "/" + $0.path) ?? Data(), as: UTF8.self) }
        var made: [String: String] = [:]
        for screen in screens where !sceneClasses.contains(screen) {
            made[screen] = ProgrammaticScreens.construction(of: screen, delegateSources: delegateSources)
        }
        _ = sources.registrations()
        let language = XcodeProject.languageMode(near: appURL.path)

        let parent = outURL.deletingLastPathComponent()
        try fm.createDirectory(at: parent, withIntermediateDirectories: true)
        let realParent = parent.resolvingSymlinksInPath()
        let temp = realParent.appendingPathComponent(".\(outURL.lastPathComponent).port-\(getpid())")
        try? fm.removeItem(at: temp)
        do {
            let package = PackageFiles(
                app: relativePath(from: realParent.appendingPathComponent(outURL.lastPathComponent).path, to: appURL.path),
                renderFrames: relativePath(
                    from: realParent.appendingPathComponent(outURL.lastPathComponent).path,
                    to: URL(fileURLWithPath: renderFrames).standardizedFileURL.resolvingSymlinksInPath().path),
                screens: screens.sorted(), madeInCode: made, catalogs: files.assetCatalogs, exclusions: exclusionText,
                languageMode: language.mode)
            try package.write(into: temp)
            if isRePort {
                for kept in ["Goldens", "port-exclude.txt"] where fm.fileExists(atPath: outURL.appendingPathComponent(kept).path) {
                    try? fm.removeItem(at: temp.appendingPathComponent(kept))
                    try fm.copyItem(at: outURL.appendingPathComponent(kept), to: temp.appendingPathComponent(kept))
                }
                let own = outURL.appendingPathComponent("Sources/AppScreens")
                for name in (try? fm.contentsOfDirectory(atPath: own.path)) ?? [] where name != "PortedApp.swift" {
                    try fm.copyItem(at: own.appendingPathComponent(name), to: temp.appendingPathComponent("Sources/AppScreens/" + name))
                }
                let old = realParent.appendingPathComponent(".\(outURL.lastPathComponent).old-\(getpid())")
                try fm.moveItem(at: outURL, to: old)
                try fm.moveItem(at: temp, to: outURL)
                try? fm.removeItem(at: old)
            } else {
                try fm.moveItem(at: temp, to: outURL)
            }
        } catch {
            try? fm.removeItem(at: temp)
            throw error
        }
        return Result(
            swiftFiles: files.swift.count, interfaceBuilderFiles: files.interfaceBuilder.count, screens: screens.sorted(), notes: sources.notes + [notCompiledNote, language.note].compactMap { $0 })
    }

    /// The app's test folders (`*Tests`), the package itself when it is written inside the app, and
    /// the Swift files no target of the app's Xcode project compiles (said in `note`).
    static func defaultExclusions(_ app: String, out: String, note: inout String?) -> String {
        var lines = [
            "# Paths in the app's folder (App/) that the port leaves out, one a line; a folder leaves out what it holds.",
            "# Leave out a file that needs the Objective-C runtime and put a stand-in for it in Sources/AppScreens.",
        ]
        if out.hasPrefix(app + "/") { lines.append(String(out.dropFirst(app.count + 1))) }
        let fm = FileManager.default
        if let e = fm.enumerator(atPath: app) {
            var found: [String] = []
            while let path = e.nextObject() as? String {
                guard (path as NSString).lastPathComponent.hasSuffix("Tests") else { continue }
                var isFolder: ObjCBool = false
                if fm.fileExists(atPath: app + "/" + path, isDirectory: &isFolder), isFolder.boolValue {
                    found.append(path)
                    e.skipDescendants()
                }
            }
            lines += found.sorted()
        }
        // What the folder holds but the app's Xcode project does not compile (an old copy of a class).
        let swift = AppFolder.files(in: app, excluding: AppFolder.exclusions(lines.joined(separator: "\n"))).swift
        if let notCompiled = XcodeProject.swiftFilesNotCompiled(app: app, swift: swift), !notCompiled.files.isEmpty {
            lines.append("# Not compiled by any target of \(notCompiled.project):")
            lines += notCompiled.files
            note = "left out \(notCompiled.files.joined(separator: ", ")): no target of \(notCompiled.project) compiles "
                + (notCompiled.files.count == 1 ? "it" : "them") + " (port-exclude.txt lists what is left out)"
        }
        return lines.joined(separator: "\n") + "\n"
    }

    /// `to` relative to the folder `from` (both absolute): `../../App`.
    static func relativePath(from: String, to: String) -> String {
        let a = from.split(separator: "/"), b = to.split(separator: "/")
        var common = 0
        while common < min(a.count, b.count), a[common] == b[common] { common += 1 }
        let up = Array(repeating: "..", count: a.count - common)
        let path = (up + b[common...].map(String.init)).joined(separator: "/")
        return path.isEmpty ? "." : path
    }
}
