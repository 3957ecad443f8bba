// swift-tools-version:6.0
// Written by `render-frames port`: renders the storyboard screens of the app in App/ (a link to
// ../ProfileApp) on Linux, from the app's own files. Port again to add screens; files added to or
// removed from the app are found at the next build.
import Foundation
import PackageDescription

// render-frames by path: the checkout the port ran from. To depend on a release instead, write
// .package(url: "https://github.com/OWNER/render-frames", from: "VERSION") below, and
// let renderFrames = "render-frames".
let renderFramesPath = "../../.."
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
            swiftSettings: [.swiftLanguageMode(.v5)],
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
