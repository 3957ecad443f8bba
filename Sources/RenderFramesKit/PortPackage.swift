import Foundation
import InterfaceBuilderPort

/// The files of a package `render-frames port` writes (paths relative to the package).
struct PackageFiles {
    /// The app's folder and the render-frames checkout, relative to the package.
    var app: String
    var renderFrames: String
    var screens: [String]
    /// The screens no storyboard scene holds, and the expression that makes each (as the app's delegate does).
    var madeInCode: [String: String] = [:]
    /// The app's asset catalogs, relative to the app's folder: linked into Scenarios/, where a
    /// screen's images and colours by name are looked for.
    var catalogs: [String]
    /// port-exclude.txt as it is written.
    var exclusions: String
    /// The language mode the app's files compile in: its Xcode project's `SWIFT_VERSION`.
    var languageMode: XcodeProject.LanguageMode = .v5

    func write(into folder: URL) throws {
        let fm = FileManager.default
        for sub in ["Sources/AppScreens", "Sources/screens", "Tests/ScreensTests", "Scenarios"] {
            try fm.createDirectory(at: folder.appendingPathComponent(sub), withIntermediateDirectories: true)
        }
        func put(_ path: String, _ text: String) throws { try Data(text.utf8).write(to: folder.appendingPathComponent(path)) }
        try fm.createSymbolicLink(atPath: folder.appendingPathComponent("App").path, withDestinationPath: app)
        for catalog in catalogs {
            try fm.createSymbolicLink(
                atPath: folder.appendingPathComponent("Scenarios/" + catalog.replacingOccurrences(of: "/", with: "+")).path,
                withDestinationPath: "../App/" + catalog)
        }
        try put(Port.marker, "app: \(app)\nscreens: \(screens.joined(separator: " "))\n")
        try put("port-exclude.txt", exclusions)
        try put("Package.swift", manifest)
        try put("Scenarios/motion.yaml", Self.motion)
        try put("Sources/AppScreens/PortedApp.swift", portedApp)
        try put("Sources/screens/main.swift", Self.screensMain)
        try put("Tests/ScreensTests/ScreensTests.swift", tests)
        try put("README.md", readme)
        try put(".gitignore", ".build/\n")
    }

    var manifest: String {
        """
        // swift-tools-version:6.0
        // Written by `render-frames port`: renders the storyboard screens of the app in App/ (a link to
        // \(app)) on Linux, from the app's own files. Port again to add screens; files added to or
        // removed from the app are found at the next build.
        import Foundation
        import PackageDescription

        // render-frames by path: the checkout the port ran from. To depend on a release instead, write
        // .package(url: "https://github.com/OWNER/render-frames", from: "VERSION") below, and
        // let renderFrames = "render-frames".
        let renderFramesPath = "\(renderFrames)"
        let renderFrames = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent(renderFramesPath)
            .standardizedFileURL.lastPathComponent.lowercased()

        let package = Package(
            name: "PortedScreens",
            platforms: [.macOS(.v13)],
            dependencies: [.package(path: renderFramesPath)],
            targets: [
                // The app's Swift files, copied for Linux at build time by the plugin (their IB attributes
                // taken out, their classes registered by name); stand-ins for left-out files go here too.
                .target(
                    name: "AppScreens",
                    dependencies: [
                        .product(name: "UIKit", package: renderFrames), .product(name: "CoreGraphics", package: renderFrames),
                        .product(name: "QuartzCore", package: renderFrames), .product(name: "AVFoundation", package: renderFrames),
                    ],
                    // The app's own language mode, from its Xcode project's SWIFT_VERSION.
                    swiftSettings: [.swiftLanguageMode(\(languageMode.rawValue))],
                    plugins: [.plugin(name: "InterfaceBuilderPortPlugin", package: renderFrames)]),
                // swift run screens CLASS --scenario Scenarios/motion.yaml --out frames [--layout] [--golden DIR]
                .executableTarget(
                    name: "screens",
                    dependencies: [
                        "AppScreens", .product(name: "UIKit", package: renderFrames),
                        .product(name: "RenderFramesKit", package: renderFrames),
                        .product(name: "GoldenCompare", package: renderFrames),
                    ],
                    swiftSettings: [.swiftLanguageMode(.v5)]),
                .testTarget(
                    name: "ScreensTests",
                    dependencies: [
                        "AppScreens", .product(name: "UIKit", package: renderFrames),
                        .product(name: "RenderFramesKit", package: renderFrames),
                    ],
                    swiftSettings: [.swiftLanguageMode(.v5)]),
            ]
        )

        """
    }

    /// Pull the header down and let go, scroll through the content, come back to the top.
    static let motion = """
        # The default motion of a ported screen: pull down and let go, scroll through the content, come back.
        device: iphone-15
        fps: 30
        timeline:
          gestures:
            - drag: {by: 160, duration: 0.5}
            - release
            - wait: 0.6
            - drag: {by: -500, duration: 0.7}
            - release
            - wait: 0.4
            - drag: {by: 500, duration: 0.7}
            - release
            - wait: 0.6

        """

    var portedApp: String {
        var cases = ""
        for (name, expression) in madeInCode.sorted(by: { $0.key < $1.key }) {
            cases += "        case \"\(name)\": return \(expression)\n"
        }
        return """
            import Foundation
            import UIKit

            /// The app's screens, made from its own files (written by `render-frames port`; a port again rewrites it).
            public enum PortedApp {
                /// The package's folder (this file is Sources/AppScreens/PortedApp.swift).
                public static let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
                    .deletingLastPathComponent().path
                /// Scenarios/: the default motion, beside links to the app's asset catalogs.
                public static let scenarios = folder + "/Scenarios"
                public static let goldens = folder + "/Goldens"
                @MainActor private static var registered = false

                /// The screen whose controller's class is `className`: the storyboard scene, inside the
                /// navigation or tab bar controller the storyboard puts it in, or the controller the app
                /// makes in code, as its delegate makes it. Throws an error with the file and line when
                /// the storyboard cannot be loaded.
                @MainActor public static func screen(_ className: String) throws -> UIViewController {
                    if !registered {
                        registerInterfaceBuilderClasses()
                        // The app's XIBs and storyboards are its main bundle's resources on iOS.
                        UINib.mainBundleFolders = [URL(fileURLWithPath: folder + "/App")]
                        registered = true
                    }
                    if let controller = madeInCode(className) { return controller }
                    guard let file = interfaceBuilderScreens[className] else {
                        throw InterfaceBuilderError(
                            file: className, line: nil, problem: "no storyboard scene of the app has this class",
                            fix: "the scenes' classes are " + interfaceBuilderScreens.keys.sorted().joined(separator: ", "))
                    }
                    return try UIStoryboard(contentsOf: URL(fileURLWithPath: file)).loadScreen(ofClass: className)
                }

                /// The screens the app makes in code, as its app or scene delegate makes them.
                @MainActor static func madeInCode(_ className: String) -> UIViewController? {
                    switch className {
            \(cases)        default: return nil
                    }
                }
            }

            """
    }

    static let screensMain = """
        import AppScreens
        import Foundation
        import GoldenCompare
        import RenderFramesKit
        import UIKit

        // swift run screens CLASS --scenario MOTION.yaml --out DIR [--layout] [--frames LIST] [--scale S] [--golden DIR]
        // Renders the storyboard scene of CLASS as the app shows it; with --golden, then checks the
        // frames against those goldens. Exit codes: 0 written (and matching), 1 frames differ, 2 bad input.
        let usage = "usage: swift run screens CLASS --scenario MOTION.yaml --out DIR [--layout] [--frames LIST] [--scale S] [--golden DIR]"
        func fail(_ message: String) -> Never {
            FileHandle.standardError.write(Data("error: \\(message)\\n".utf8))
            exit(2)
        }
        var arguments = Array(CommandLine.arguments.dropFirst())[...]
        func value(of flag: String) -> String {
            guard let value = arguments.popFirst() else { fail("\\(flag) needs a value; \\(usage)") }
            return value
        }
        var screen: String?
        var (scenario, out, golden, layout) = (PortedApp.scenarios + "/motion.yaml", String?.none, String?.none, false)
        var (frames, scale) = (String?.none, Double?.none)
        while let argument = arguments.popFirst() {
            switch argument {
            case "--scenario": scenario = value(of: argument)
            case "--out", "-o": out = value(of: argument)
            case "--golden": golden = value(of: argument)
            case "--layout": layout = true
            case "--frames": frames = value(of: argument)
            case "--scale":
                guard let number = Double(value(of: argument)) else { fail("--scale takes a number (pixels per point, 0.25-4)") }
                scale = number
            case "-h", "--help":
                print(usage)
                exit(0)
            default:
                if argument.hasPrefix("-") || screen != nil { fail("unexpected \\(argument); \\(usage)") }
                screen = argument
            }
        }
        guard let screen, let out else { fail("give a screen's class and --out; \\(usage)") }
        do {
            _ = try MainActor.assumeIsolated { try PortedApp.screen(screen) }
            try renderFrames(
                of: { (try? PortedApp.screen(screen)) ?? UIViewController() }, scenario: scenario, out: out, layout: layout,
                frames: frames, scale: scale)
            if let golden {
                let outcome = try Comparison(actual: out, golden: golden, options: .init(), diff: out + "-failures").run()
                for line in outcome.lines { print(line) }
                if outcome.failed > 0 { exit(1) }
            }
        } catch {
            fail("\\(error)")
        }

        """

    var tests: String {
        var text = """
            import AppScreens
            import Foundation
            import RenderFramesKit
            import UIKit
            import XCTest

            /// One test per ported screen: the default motion (Scenarios/motion.yaml), a few frames at scale 1
            /// against Goldens/CLASS (recorded on the first run outside CI; RENDER_FRAMES_RECORD=all re-records).
            final class ScreensTests: XCTestCase {
                func check(_ screen: String) throws {
                    _ = try MainActor.assumeIsolated { try PortedApp.screen(screen) }
                    try assertFrames(
                        of: { (try? PortedApp.screen(screen)) ?? UIViewController() }, scenario: PortedApp.scenarios + "/motion.yaml",
                        golden: PortedApp.goldens + "/" + screen, frames: "0,15,40,62,90", scale: 1)
                }

            """
        for screen in screens {
            text += "\n    func test\(screen)() throws { try check(\"\(screen)\") }\n"
        }
        return text + "}\n"
    }

    var readme: String {
        let first = screens.first ?? "CLASS"
        return """
            # Your app's storyboard screens on Linux

            Written by `render-frames port` for the app in `App/` (a link to `\(app)`): its Swift files,
            storyboards, XIBs and asset catalogs are used where they are, never copied or edited.

            ## Run

            ```sh
            swift test                       # one test per screen: Goldens/CLASS (recorded on the first run)
            swift run screens \(first) --scenario Scenarios/motion.yaml --out frames/\(first) --layout
            swift run screens \(first) --frames 0,15,40,62,90 --scale 1 --out frames/\(first) --golden Goldens/\(first)
            ```

            `screens CLASS` renders the storyboard scene whose controller is a `CLASS`, inside the
            navigation or tab bar controller the storyboard puts it in, with the scenario's device,
            motion, appearance and matrix (`--frames 0-20,40` and `--scale 1` as `render-frames` takes them). Images and colours by name come from the asset catalogs linked
            in `Scenarios/`: keep your own scenarios there. `--layout` lists every view with an
            accessibility identifier in `manifest.json`.

            ## Add a screen

            Port again with one more `--screen` (`render-frames port APP --out THIS_FOLDER --screen A
            --screen B`): the goldens, `port-exclude.txt` and your files in `Sources/AppScreens` are kept.
            Swift files added to the app or removed from it are found at the next build without a port.

            ## How the app's files compile on Linux

            At build time, the plugin `InterfaceBuilderPortPlugin` (render-frames' `render-frames-ibport`)
            writes a copy of each Swift file into the build folder with `@IBOutlet`, `@IBAction`,
            `@IBInspectable`, `@IBDesignable`, `@objc` and `@main` taken out and `#selector(tap(_:))`
            written `Selector("tap:")`, and registers each class a storyboard or XIB names with its
            outlets, outlet collections, actions and inspectables (`UIStoryboard.register`), so the files
            set them by name. A class a file names that no Swift file declares stops the build with the
            file, line, scene and class.

            ## Leave out a file, or give a stand-in

            A file that needs the Objective-C runtime (`objc_setAssociatedObject`, method swizzling,
            `NSClassFromString` of a name it builds, `@objc optional` protocol requirements) or a
            framework Linux does not have: add its path (relative to `App/`) to `port-exclude.txt`, and,
            if other files use what it declares, write a stand-in with the same declarations in
            `Sources/AppScreens/`. The app's test folders (`*Tests`) are left out from the start.

            ## What the compiler's errors mean

            Errors point at your own files (`#sourceLocation`). "cannot find 'X' in scope" or "has no
            member 'X'" for a UIKit name: that part of UIKit is not in render-frames' subset (see its
            README, "Your UIKit screen on Linux"); leave the file out and give a stand-in, or write the
            screen without it. "no such module 'X'": a framework Linux does not have (MapKit, SwiftUI):
            leave the file out. An error in `InterfaceBuilderRegistrations.swift` names an outlet or action
            whose declaration the port could not read: say it in render-frames' issues.

            """
    }
}
