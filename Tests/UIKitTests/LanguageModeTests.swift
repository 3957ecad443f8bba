import Foundation
import XCTest

/// Swift 5 language mode as Xcode compiles it: Apple's UIKit comes from Objective-C, whose
/// main-actor declarations Swift imports as preconcurrency, so an app target in Swift 5 mode
/// (minimal concurrency checking) is not told about main-actor isolation at all. Ours is Swift,
/// so every public main-actor class and protocol is marked `@preconcurrency` (SE-0337) by
/// scripts/preconcurrency.sh, which gives a client the diagnostics Apple's UIKit gives it.
final class LanguageModeTests: XCTestCase {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().path

    /// Every `@MainActor` public or open class and protocol of Sources/UIKit is `@preconcurrency`
    /// (a new type fails this until scripts/preconcurrency.sh is run again).
    func testEveryPublicMainActorTypeIsPreconcurrency() throws {
        let folder = LanguageModeTests.root + "/Sources/UIKit"
        let files = try XCTUnwrap(FileManager.default.enumerator(atPath: folder)).compactMap { $0 as? String }.filter { $0.hasSuffix(".swift") }
        var checked = 0, missing: [String] = []
        let declaration = try NSRegularExpression(pattern: #"^\s*(@preconcurrency )?@MainActor (open|public) (final )?(class|protocol) (\w+)"#)
        for file in files.sorted() {
            let text = try String(contentsOfFile: folder + "/" + file, encoding: .utf8)
            for line in text.split(separator: "\n").map(String.init) {
                let range = NSRange(line.startIndex..., in: line)
                guard let m = declaration.firstMatch(in: line, range: range) else { continue }
                checked += 1
                if m.range(at: 1).location == NSNotFound { missing.append(file + ": " + line.trimmingCharacters(in: .whitespaces)) }
            }
        }
        XCTAssertGreaterThan(checked, 70, "the public main-actor types of Sources/UIKit")
        XCTAssertEqual(missing, [], "run scripts/preconcurrency.sh")
    }

    /// A real screen's nonisolated protocol extension on UIViewController (reading `view.bounds`,
    /// setting the navigation bar) compiles against our UIKit without a diagnostic in Swift 5
    /// mode, as Xcode compiles it against Apple's; in Swift 6 mode the same isolation is reported
    /// (as warnings: what Swift 6.3 reports against Apple's preconcurrency UIKit), and a client's
    /// own main-actor code is checked as before (an error).
    func testSwift5ClientCompilesAndSwift6ClientIsChecked() throws {
        let client = """
            import UIKit

            protocol StretchyHeader {}
            extension StretchyHeader where Self: UIViewController {
                func headerHeight() -> CGFloat {
                    navigationController?.navigationBar.isTranslucent = true
                    return view.bounds.width * 0.6
                }
            }

            final class Screen: UIViewController, StretchyHeader, UITableViewDataSource {
                func tableView(_ tableView: UITableView, numberOfRowsInSection section: Int) -> Int { 3 }
                func tableView(_ tableView: UITableView, cellForRowAt indexPath: IndexPath) -> UITableViewCell { UITableViewCell() }
            }
            """
        let swift5 = try typecheck(client, mode: "5")
        XCTAssertEqual(swift5.status, 0, swift5.output)
        XCTAssertFalse(swift5.output.contains("main actor-isolated"), swift5.output)

        let swift6 = try typecheck(client, mode: "6")
        XCTAssertEqual(swift6.status, 0, swift6.output)
        XCTAssertTrue(swift6.output.contains("warning: main actor-isolated property 'view' can not be referenced from a nonisolated context"), swift6.output)

        let own = try typecheck("@MainActor final class Model { var x = 0 }\nfunc read(_ m: Model) -> Int { m.x }\n", mode: "6")
        XCTAssertNotEqual(own.status, 0)
        XCTAssertTrue(own.output.contains("error: main actor-isolated property 'x' can not be referenced from a nonisolated context"), own.output)
    }

    /// Swift 4 mode, which Xcode still offers and three corpus apps declare (SWIFT_VERSION = 4.0),
    /// spells UIKit's names as Swift 4 did: they compile there; from 4.2 on each is an error naming
    /// its replacement, as Apple's SDK says it (issue 41).
    func testSwift4NamesCompileInSwift4ModeAndAreRenamedFromSwift42() throws {
        let client = """
            import UIKit

            final class Header: UICollectionReusableView {}
            final class Screen: UICollectionViewController {
                let attributes: [NSAttributedStringKey: Any] = [NSAttributedStringKey.foregroundColor: UIColor.white]
                func configure(_ image: UIImageView) {
                    image.contentMode = UIViewContentMode.scaleAspectFill
                    collectionView?.register(Header.self, forSupplementaryViewOfKind: UICollectionElementKindSectionHeader, withReuseIdentifier: "h")
                    let style: UITableViewCellStyle = .subtitle
                    _ = (style, UITableViewAutomaticDimension, UIControlState.normal, UIControlEvents.touchUpInside)
                }
            }
            """
        let swift4 = try typecheck(client, mode: "4")
        XCTAssertEqual(swift4.status, 0, swift4.output)
        let swift42 = try typecheck(client, mode: "4.2")
        XCTAssertNotEqual(swift42.status, 0)
        for message in [
            "'NSAttributedStringKey' has been renamed to 'NSAttributedString.Key'", "'UIViewContentMode' has been renamed to 'UIView.ContentMode'",
            "'UICollectionElementKindSectionHeader' has been renamed to 'UICollectionView.elementKindSectionHeader'",
            "'UITableViewCellStyle' has been renamed to 'UITableViewCell.CellStyle'",
        ] {
            XCTAssertTrue(swift42.output.contains(message), message + "\n" + swift42.output)
        }
    }

    /// `swiftc -typecheck` of `source` against the UIKit module this test was built with.
    private func typecheck(_ source: String, mode: String) throws -> (status: Int32, output: String) {
        let binary = URL(fileURLWithPath: ProcessInfo.processInfo.arguments[0]).resolvingSymlinksInPath()
        var buildFolder = binary.deletingLastPathComponent()
        if buildFolder.lastPathComponent.hasSuffix(".xctest") { buildFolder.deleteLastPathComponent() }
        let modules = buildFolder.appendingPathComponent("Modules").path
        guard FileManager.default.fileExists(atPath: modules + "/UIKit.swiftmodule") else {
            throw XCTSkip("no UIKit.swiftmodule beside the test binary (\(modules))")
        }
        let dir = NSTemporaryDirectory() + "language-mode-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: dir) }
        try source.write(toFile: dir + "/client.swift", atomically: true, encoding: .utf8)
        var arguments = ["swiftc", "-typecheck", "-swift-version", mode, "-I", modules, dir + "/client.swift"]
        // The C modules our modules were built against (their module maps, as SwiftPM passes them).
        for map in cModuleMaps(buildFolder: buildFolder.path) { arguments += ["-Xcc", "-fmodule-map-file=" + map] }
        for flag in try pkgConfigCFlags() { arguments += ["-Xcc", flag] }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = arguments
        let pipe = Pipe()
        process.standardOutput = pipe
        process.standardError = pipe
        try process.run()
        let data = pipe.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return (process.terminationStatus, String(decoding: data, as: UTF8.self))
    }

    /// The include folders of the system libraries our C modules wrap (Package.swift's pkgConfig names).
    private func pkgConfigCFlags() throws -> [String] {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["pkg-config", "--cflags", "libpng", "freetype2", "libdeflate", "harfbuzz", "fribidi", "libthai", "libwebpmux"]
        let pipe = Pipe()
        process.standardOutput = pipe
        try process.run()
        let data = pipe.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return String(decoding: data, as: UTF8.self).split(whereSeparator: { $0 == " " || $0 == "\n" }).map(String.init)
    }

    private func cModuleMaps(buildFolder: String) -> [String] {
        let sources = LanguageModeTests.root + "/Sources"
        let names = (try? FileManager.default.contentsOfDirectory(atPath: sources)) ?? []
        let declared = names.sorted().map { sources + "/" + $0 + "/module.modulemap" }
        let built = ((try? FileManager.default.contentsOfDirectory(atPath: buildFolder)) ?? []).sorted()
            .filter { $0.hasSuffix(".build") }.map { buildFolder + "/" + $0 + "/module.modulemap" }
        // Yams' CYaml (Scene reads scenarios with Yams), in the scratch folder's checkouts.
        let scratch = URL(fileURLWithPath: buildFolder).deletingLastPathComponent().deletingLastPathComponent().path
        let yams = [scratch + "/checkouts/Yams/Sources/CYaml/include/module.modulemap"]
        return (declared + built + yams).filter { FileManager.default.fileExists(atPath: $0) }
    }
}
