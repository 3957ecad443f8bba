// swift-tools-version:6.0
// libFuzzer harnesses for render-frames' parsers and its PNG encoder. Built and run by scripts/fuzz.sh:
//   swift build --package-path Fuzz -c debug -Xswiftc -sanitize=fuzzer,address -Xcc -fsanitize=fuzzer-no-link,address
import PackageDescription

let package = Package(
    name: "render-frames-fuzz",
    dependencies: [.package(name: "render-frames", path: "..")],
    targets: [
        .target(name: "FuzzDriver"),
        .systemLibrary(name: "zlibShim"),
        .executableTarget(name: "FuzzScenario", dependencies: ["FuzzDriver", .product(name: "Scene", package: "render-frames")]),
        .executableTarget(name: "FuzzImage", dependencies: ["FuzzDriver", "zlibShim", .product(name: "Raster", package: "render-frames")]),
        .executableTarget(name: "FuzzEncoder", dependencies: ["FuzzDriver", .product(name: "Raster", package: "render-frames")]),
    ],
    swiftLanguageModes: [.v6]
)
