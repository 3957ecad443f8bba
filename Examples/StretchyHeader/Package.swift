// swift-tools-version:6.0
// Examples of testing your own code on Linux: the header formulas an app shares with its iOS
// target (Foundation only), drawn by render-frames; and view controllers written as for iOS
// (`Screens`), rendered as the phone runs them; both checked against golden frames.
import Foundation
import PackageDescription

// A path dependency is known by its folder's name: this checkout's, whatever it was cloned as.
// In your own project: .package(url: "<render-frames repository>", from: "...") and "render-frames".
let renderFrames = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
    .deletingLastPathComponent().lastPathComponent.lowercased()

// Swift 5 language mode, as most app targets are; the test command builds it in Swift 6 mode too
// (STRETCHY_HEADER_SWIFT_6=1), since the screens must compile in both (docs/uikit-examples.md).
let languageMode: SwiftLanguageMode = ProcessInfo.processInfo.environment["STRETCHY_HEADER_SWIFT_6"] == "1" ? .v6 : .v5

let package = Package(
    name: "StretchyHeaderExample",
    platforms: [.macOS(.v15)],
    dependencies: [
        .package(path: "../..")
    ],
    targets: [
        // Foundation only: the same file compiles in the iOS app.
        .target(name: "HeaderFormulas"),
        // The formulas as a render-frames scene.
        .target(
            name: "HeaderScene",
            dependencies: [
                "HeaderFormulas",
                .product(name: "Scene", package: renderFrames),
                .product(name: "Raster", package: renderFrames),
            ]),
        // Screens written as for iOS: `import UIKit` (render-frames' on Linux), frames and autoresizing;
        // `import CoreGraphics` and `import QuartzCore` as iOS files have them (StatsViewController).
        .target(
            name: "Screens",
            dependencies: [
                .product(name: "UIKit", package: renderFrames), .product(name: "CoreGraphics", package: renderFrames),
                .product(name: "QuartzCore", package: renderFrames),
            ]),
        .testTarget(
            name: "ScreensTests",
            dependencies: [
                "Screens",
                .product(name: "UIKit", package: renderFrames),
                .product(name: "RenderFramesKit", package: renderFrames),
            ]),
        .testTarget(
            name: "HeaderSceneTests",
            dependencies: [
                "HeaderScene", "HeaderFormulas",
                .product(name: "RenderFramesKit", package: renderFrames),
                .product(name: "Scene", package: renderFrames),
                // `ScenarioLoader`: the scenario file the scene is held to.
                .product(name: "ScenarioFormat", package: renderFrames),
            ]),
    ],
    swiftLanguageModes: [languageMode]
)
