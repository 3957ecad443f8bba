import Foundation
import InterfaceBuilderPort

// The build step of a package written by `render-frames port` (run by its build plugin,
// Plugins/InterfaceBuilderPortPlugin): the Linux copies of the app's Swift files and the
// generated class registrations. Never writes the app's own files.
//
//   render-frames-ibport --registrations OUT.swift [--ib FILE]... [--swift FILE COPY]...
var registrationsPath: String?
var interfaceBuilder: [String] = []
var swift: [(file: String, copy: String)] = []
var arguments = Array(CommandLine.arguments.dropFirst())[...]
func fail(_ message: String) -> Never {
    FileHandle.standardError.write(Data(("error: " + message + "\n").utf8))
    exit(1)
}
while let flag = arguments.popFirst() {
    switch flag {
    case "--registrations": registrationsPath = arguments.popFirst()
    case "--ib": interfaceBuilder += arguments.popFirst().map { [$0] } ?? []
    case "--swift":
        guard let file = arguments.popFirst(), let copy = arguments.popFirst() else { fail("--swift takes a file and its copy") }
        swift.append((file, copy))
    default: fail("unknown argument \(flag); use --registrations FILE, --ib FILE, --swift FILE COPY")
    }
}
guard let registrationsPath else { fail("give --registrations FILE") }

/// Writes `text` unless the file already holds it (the compiler then keeps its work).
func write(_ text: String, to path: String) throws {
    let data = Data(text.utf8)
    if FileManager.default.contents(atPath: path) == data { return }
    try FileManager.default.createDirectory(atPath: (path as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
    try data.write(to: URL(fileURLWithPath: path), options: .atomic)
}

do {
    var app = try AppSources(swift: swift.map { ($0.file, $0.file) }, interfaceBuilder: interfaceBuilder.map { ($0, $0) })
    try app.checkNamedClasses()
    let methods = app.methods
    let delegates = app.delegates
    let sources = swift.map { String(decoding: FileManager.default.contents(atPath: $0.file) ?? Data(), as: UTF8.self) }
    let moved = ExtensionOverrides.move(sources, paths: swift.map(\.file), leftOut: delegates)
    for (f, source) in zip(swift, moved) {
        try write(SourceTransform.transform(source, path: f.file, methods: methods, leftOut: delegates), to: f.copy)
    }
    try write(app.registrations(), to: registrationsPath)
    for note in app.notes { print("warning: \(note)") }
} catch let e as PortError {
    FileHandle.standardError.write(Data("\(e.file)\(e.line.map { ":\($0)" } ?? ""): error: \(e.problem); \(e.fix)\n".utf8))
    exit(1)
} catch {
    fail("\(error)")
}
