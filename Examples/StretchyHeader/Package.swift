// swift-tools-version:6.0
// An example of testing your own effect code on Linux: the header formulas an app shares with
// its iOS target (Foundation only), drawn by render-frames and checked against golden frames.
import Foundation
import PackageDescription

// A path dependency is known by its folder's name: this checkout's, whatever it was cloned as.
// In your own project: .package(url: "<render-frames repository>", from: "...") and "render-frames".
let renderFrames = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
    .deletingLastPathComponent().lastPathComponent.lowercased()

let package = Package(
    name: "StretchyHeaderExample",
    platforms: [.macOS(.v13)],
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
        .testTarget(
            name: "HeaderSceneTests",
            dependencies: [
                "HeaderScene", "HeaderFormulas",
                .product(name: "RenderFramesKit", package: renderFrames),
                .product(name: "Scene", package: renderFrames),
            ]),
    ],
    swiftLanguageModes: [.v5]
)
