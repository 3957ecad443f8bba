// swift-tools-version:6.2
// render-frames: renders iOS stretchy-header scroll effects into numbered PNG frames on Linux.
//
// Module map (see README.md, "Architecture"):
//   Raster          pixels, geometry, compositing, resampling, shapes, blur, codecs, text
//   Animation       GIF, WebP, MP4 and APNG from frames, each checked after writing (one file per format)
//   Scene           the screen model: layers and their renderer, the layer language, chrome, content, motion, devices, text
//   ScenarioFormat  scenario files (YAML) and the presets they name, read into Scene's model (output: uses Animation's formats)
//   GoldenCompare   frames against golden images
//   ConstraintSolver incremental Cassowary (kiwi's design, lexicographic priorities): what Auto Layout solves
//   UIKit           Apple's UIKit API (views, scroll views, view controllers) over Scene, for screens written for iOS
//   RenderFramesKit the frame pipeline shared by the CLI and the benchmark (workers, writing, manifest)
//   render-frames   the thin command-line executable
import Foundation
import PackageDescription

// The modules that draw, encode and compare pixels (and UIKit) are compiled with -O in every
// configuration, so a UIKit screen's `swift test` in a debug build draws at close to release speed
// (docs/performance.md, "A screen's test in a debug build"); debug builds keep -enable-testing for
// `@testable import`, and the other modules, the executables and the dependencies stay unoptimised
// and quick to compile. That takes unsafe flags, which SwiftPM allows in a dependency resolved by
// URL and version when the dependency's manifest says swift-tools-version 6.2 or later (this one
// does; before 6.2 only a root package, a path or a branch dependency could use them).
// RENDER_FRAMES_OPTIMIZE_PIXELS=0 builds them unoptimised (a quicker cold build, slower frames).
let optimizePixels = ProcessInfo.processInfo.environment["RENDER_FRAMES_OPTIMIZE_PIXELS"] != "0"
let pixelSettings: [SwiftSetting] = optimizePixels ? [.unsafeFlags(["-O"])] : []

let package = Package(
    name: "render-frames",
    // macOS 15: the Synchronization module's `Mutex` and `Atomic` (shared state the compiler checks).
    platforms: [.macOS(.v15)],
    products: [
        .executable(name: "render-frames", targets: ["render-frames"]),
        .executable(name: "render-frames-benchmark", targets: ["render-frames-benchmark"]),
        .library(name: "Raster", targets: ["Raster"]),
        .library(name: "Scene", targets: ["Scene"]),
        .library(name: "ScenarioFormat", targets: ["ScenarioFormat"]),
        .library(name: "GoldenCompare", targets: ["GoldenCompare"]),
        .library(name: "Animation", targets: ["Animation"]),
        .library(name: "RenderFramesKit", targets: ["RenderFramesKit"]),
        // `PreviewServer`: the live preview page for a scenario file, a Swift scene or a UIKit screen (README, "Live preview").
        .library(name: "RenderFramesPreview", targets: ["RenderFramesPreview"]),
        // `import UIKit` in a Linux target: the UIKit subset render-frames draws (README, "Your UIKit screen on Linux").
        .library(name: "UIKit", targets: ["UIKit"]),
        // `import CoreGraphics` and `import QuartzCore` at the top of a UIKit file, as on iOS: each re-exports UIKit.
        .library(name: "CoreGraphics", targets: ["CoreGraphics"]),
        .library(name: "QuartzCore", targets: ["QuartzCore"]),
        // `import AVFoundation` for `AVMakeRect(aspectRatio:insideRect:)`, the part of it screens use to lay out.
        .library(name: "AVFoundation", targets: ["AVFoundation"]),
        // The build step of a package `render-frames port` writes (docs/storyboards.md, "Port your app").
        .plugin(name: "InterfaceBuilderPortPlugin", targets: ["InterfaceBuilderPortPlugin"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.5.0"),
        .package(url: "https://github.com/jpsim/Yams", from: "6.0.0"),
        // The preview's HTTP server (`render-frames preview`): small, no SwiftNIO, builds in seconds.
        // `swift package generate-documentation --target RenderFramesKit` (scripts/test.sh): the DocC catalog.
        .package(url: "https://github.com/swiftlang/swift-docc-plugin", from: "1.5.0"),
    ],
    targets: [
        // C libraries from Debian packages.
        .systemLibrary(name: "CLibPNG", pkgConfig: "libpng", providers: [.apt(["libpng-dev"])]),
        .systemLibrary(name: "CFreeType", pkgConfig: "freetype2", providers: [.apt(["libfreetype-dev"])]),
        .systemLibrary(name: "CDeflate", pkgConfig: "libdeflate", providers: [.apt(["libdeflate-dev"])]),
        // Frames known by their hash in the manifest (XXH3, header only: nothing is linked).
        .systemLibrary(name: "CXXHash", providers: [.apt(["libxxhash-dev"])]),
        .systemLibrary(name: "CHarfBuzz", pkgConfig: "harfbuzz", providers: [.apt(["libharfbuzz-dev"])]),
        .systemLibrary(name: "CFriBidi", pkgConfig: "fribidi", providers: [.apt(["libfribidi-dev"])]),
        .systemLibrary(name: "CThai", pkgConfig: "libthai", providers: [.apt(["libthai-dev"])]),
        .systemLibrary(name: "CWebP", pkgConfig: "libwebpmux", providers: [.apt(["libwebp-dev"])]),
        // The parts of libjpeg and libpng that need setjmp for their error handling.
        .target(
            name: "CImageIO",
            linkerSettings: [.linkedLibrary("jpeg"), .linkedLibrary("png16"), .linkedLibrary("z"), .linkedLibrary("deflate")]
        ),

        // Raster's hot loops in C (SSE2's multiply-add; AVX2 chosen at run time), exact integer
        // arithmetic: the same bytes as the Swift they stand in for. -O2 in every configuration, as
        // pixelSettings does for the Swift modules.
        .target(name: "CPixelKernels", cSettings: optimizePixels ? [.unsafeFlags(["-O2"])] : []),
        .target(
            name: "Raster",
            dependencies: ["CLibPNG", "CFreeType", "CHarfBuzz", "CFriBidi", "CThai", "CDeflate", "CImageIO", "CPixelKernels"],
            swiftSettings: pixelSettings
        ),
        .target(
            name: "Scene",
            dependencies: ["Raster"],
            resources: [.copy("Resources/Fonts")],
            swiftSettings: pixelSettings
        ),
        // Scenario files (YAML) and the built-in screens (presets) they name, read into Scene's model.
        // Animation: a scenario's `output:` entries are checked by their formats' own rules. Not -O:
        // it reads a file once a render (Yams, unoptimised, does most of that), and -O made it 74 s
        // of a cold debug build's CPU where -Onone takes 14.
        .target(
            name: "ScenarioFormat",
            dependencies: ["Raster", "Scene", "Animation", .product(name: "Yams", package: "Yams")]
        ),
        .target(name: "GoldenCompare", dependencies: ["Raster"], swiftSettings: pixelSettings),
        // Linear constraints for Auto Layout; no UIKit or Scene knowledge. Solved every frame: optimised with the pixel modules.
        .target(name: "ConstraintSolver", swiftSettings: pixelSettings),
        // Lays out and copies the view tree every frame: optimised with the pixel modules.
        .target(name: "UIKit", dependencies: ["Raster", "Scene", "ConstraintSolver"], swiftSettings: pixelSettings),
        // Modules named as Apple's, for the imports UIKit files start with; the types live in UIKit.
        .target(name: "CoreGraphics", dependencies: ["UIKit"]),
        .target(name: "QuartzCore", dependencies: ["UIKit"]),
        .target(name: "AVFoundation"),
        // The example package's view controllers (Examples/StretchyHeader/Sources/Screens), for the
        // tests that hold them to their YAML twins. Swift 5, as an app's.
        .target(
            name: "UIKitExampleScreens", dependencies: ["UIKit", "CoreGraphics", "QuartzCore"], path: "Examples/StretchyHeader/Sources/Screens",
            swiftSettings: [.swiftLanguageMode(.v5)]),
        .target(name: "Animation", dependencies: ["Raster", "CWebP"], swiftSettings: pixelSettings),
        // `render-frames port`: a Swift lexer, the Linux copy of an app's Swift files and the class
        // registrations its storyboards need. Foundation only: the ported package's build tool is quick to build.
        .target(name: "InterfaceBuilderPort"),
        .executableTarget(name: "render-frames-ibport", dependencies: ["InterfaceBuilderPort"]),
        .plugin(name: "InterfaceBuilderPortPlugin", capability: .buildTool(), dependencies: ["render-frames-ibport"]),
        .target(
            name: "RenderFramesKit",
            dependencies: ["Raster", "Scene", "ScenarioFormat", "GoldenCompare", "Animation", "UIKit", "InterfaceBuilderPort", "CXXHash"],
            // Links to Fixtures/scenarios and Fixtures/images: the default demo is the fixture itself.
            resources: [.copy("Resources/DefaultDemo")],
            swiftSettings: pixelSettings
        ),
        // The live preview: its HTTP routes, frame cache and file watching, and the page it serves (Resources/Page).
        .target(
            name: "RenderFramesPreview",
            dependencies: ["RenderFramesKit", "Raster", "Scene", "ScenarioFormat", "UIKit"],
            resources: [.copy("Resources/Page")]
        ),
        .executableTarget(
            name: "render-frames",
            dependencies: ["RenderFramesKit", "RenderFramesPreview", .product(name: "ArgumentParser", package: "swift-argument-parser")]
        ),
        .executableTarget(
            name: "render-frames-benchmark",
            dependencies: ["RenderFramesKit", "ScenarioFormat", "GoldenCompare", "CImageIO", "Animation", "UIKit", "UIKitExampleScreens", "ConstraintSolver"]),

        // Its property tests draw and filter images in the test code itself (20 s unoptimised, under 1 s with -O).
        .testTarget(name: "RasterTests", dependencies: ["Raster", "CImageIO"], swiftSettings: pixelSettings),
        .testTarget(name: "SceneTests", dependencies: ["Scene", "ScenarioFormat", "RenderFramesKit", "GoldenCompare"]),
        .testTarget(name: "GoldenCompareTests", dependencies: ["GoldenCompare"]),
        .testTarget(
            name: "UIKitTests", dependencies: ["UIKit", "RenderFramesKit", "Raster", "Scene", "ScenarioFormat", "UIKitExampleScreens", "CoreGraphics", "QuartzCore", "AVFoundation"]),
        // Hand-solved systems, and random ones against kiwisolver (python3-kiwisolver, scripts/setup.sh --test).
        .testTarget(name: "ConstraintSolverTests", dependencies: ["ConstraintSolver"]),
        .testTarget(name: "AnimationTests", dependencies: ["Animation", "RenderFramesKit"]),
        // The preview's routes in process, and its page in headless Chromium (DevTools protocol).
        .testTarget(name: "PreviewTests", dependencies: ["RenderFramesPreview", "RenderFramesKit", "Raster", "Scene", "ScenarioFormat", "UIKit"]),
        .testTarget(
            name: "CLITests", dependencies: ["render-frames", "RenderFramesKit", "Raster", "InterfaceBuilderPort", .product(name: "Yams", package: "Yams")]),
        // README.md and docs/ against the schema, the CLI's help and each other.
        .testTarget(name: "DocsTests", dependencies: ["render-frames", .product(name: "ArgumentParser", package: "swift-argument-parser")]),
    ],
    swiftLanguageModes: [.v6]
)
