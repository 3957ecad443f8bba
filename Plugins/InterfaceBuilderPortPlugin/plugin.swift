import Foundation
import PackagePlugin

/// The build step of a package written by `render-frames port`: the app's Swift files (through
/// the package's `App` link, less the paths in `port-exclude.txt`) are copied with their
/// Interface Builder attributes made to compile on Linux, and the registrations of the classes
/// its storyboards and XIBs name are generated, by `render-frames-ibport`. The user's files are
/// only read. The files are found as `AppFolder.files` finds them (Sources/InterfaceBuilderPort).
@main
struct InterfaceBuilderPortPlugin: BuildToolPlugin {
    func createBuildCommands(context: PluginContext, target: Target) throws -> [Command] {
        let package = context.package.directoryURL
        let app = package.appendingPathComponent("App").resolvingSymlinksInPath()
        let excludeList = (try? String(contentsOf: package.appendingPathComponent("port-exclude.txt"), encoding: .utf8)) ?? ""
        let excluded = excludeList.split(separator: "\n").map { $0.trimmingCharacters(in: .whitespaces) }
            .filter { !$0.isEmpty && !$0.hasPrefix("#") }.map { $0.hasSuffix("/") ? String($0.dropLast()) : $0 }
        var swift: [String] = []
        var interfaceBuilder: [String] = []
        let fm = FileManager.default
        func walk(_ relative: String) {
            let folder = relative.isEmpty ? app.path : app.path + "/" + relative
            for name in ((try? fm.contentsOfDirectory(atPath: folder)) ?? []).sorted() where !name.hasPrefix(".") {
                let path = relative.isEmpty ? name : relative + "/" + name
                if excluded.contains(where: { path == $0 || path.hasPrefix($0 + "/") }) { continue }
                var isFolder: ObjCBool = false
                guard fm.fileExists(atPath: app.path + "/" + path, isDirectory: &isFolder) else { continue }
                if isFolder.boolValue {
                    if [".xcassets", ".xcodeproj", ".xcworkspace"].contains(where: name.hasSuffix) || name == "build" || name == "Pods" { continue }
                    walk(path)
                } else if name.hasSuffix(".swift") {
                    swift.append(path)
                } else if name.hasSuffix(".storyboard") || name.hasSuffix(".xib") {
                    interfaceBuilder.append(path)
                }
            }
        }
        walk("")
        let work = context.pluginWorkDirectoryURL
        let registrations = work.appendingPathComponent("InterfaceBuilderRegistrations.swift")
        var arguments = ["--registrations", registrations.path]
        var outputs = [registrations]
        for path in interfaceBuilder { arguments += ["--ib", app.appendingPathComponent(path).path] }
        for path in swift {
            // Named apart from the file itself, whose name `#sourceLocation` gives the copy's `#fileID`.
            let copy = work.appendingPathComponent("App").appendingPathComponent(
                path.replacingOccurrences(of: "/", with: "+").replacingOccurrences(of: ".swift", with: ".ported.swift"))
            arguments += ["--swift", app.appendingPathComponent(path).path, copy.path]
            outputs.append(copy)
        }
        return [
            .buildCommand(
                displayName: "Porting \(swift.count) Swift files of \(app.lastPathComponent) for Linux",
                executable: try context.tool(named: "render-frames-ibport").url, arguments: arguments,
                inputFiles: (swift + interfaceBuilder).map { app.appendingPathComponent($0) }, outputFiles: outputs)
        ]
    }
}
