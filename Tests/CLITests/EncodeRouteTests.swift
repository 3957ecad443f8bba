import Animation
import Foundation
import Raster
import RenderFramesKit
import XCTest

/// `encode`'s two routes (`EncodingRoute`): drawing the frames again from the scenario when its
/// inputs are still the frames', else decoding the PNGs.
final class EncodeRouteTests: XCTestCase {
    var tmp = ""
    override func setUpWithError() throws { tmp = try makeTemporaryFolder("encode-route") }
    override func tearDown() { try? FileManager.default.removeItem(atPath: tmp) }

    let scenario = EncodeTests.holdThenScroll(fps: 10)

    /// Renders `text` at @0.25 into `tmp/frames`: the folder.
    func render(_ text: String) throws -> String {
        try text.write(toFile: "\(tmp)/s.yaml", atomically: true, encoding: .utf8)
        try InProcess.render("\(tmp)/s.yaml", into: "\(tmp)/frames", scale: 0.25)
        return "\(tmp)/frames"
    }

    /// The lines `encode` prints.
    func encode(_ frames: String, _ outputs: [String], width: Int? = nil) throws -> [String] {
        var lines: [String] = []
        try EncodingPlan(frames: frames, outputs: outputs, width: width).write(jobs: 2) { lines.append($0) }
        return lines
    }

    func bytes(_ path: String) -> Data? { FileManager.default.contents(atPath: path) }

    /// Renders the scenario with `output` (a YAML list) at @0.5 into `tmp/frames`, writing its animations.
    func renderWithOutput(_ output: String) throws {
        try (scenario + "\noutput: \(output)\n").write(toFile: "\(tmp)/s.yaml", atomically: true, encoding: .utf8)
        var settings = Render.Settings(scenario: "\(tmp)/s.yaml", outputDirectory: "\(tmp)/frames")
        settings.scale = 0.5
        settings.jobs = 2
        _ = try Render(settings).run()
    }

    func testTheScenarioAtHandIsDrawnAgainAsOutputDoes() throws {
        // The scenario's own output: (drawn at 120 px by the render), then encode of its folder at 120 px.
        try renderWithOutput("[{file: \(tmp)/o.gif, width: 120}, {file: \(tmp)/o.webp, width: 120}]")
        let lines = try encode("\(tmp)/frames", ["\(tmp)/e.gif", "\(tmp)/e.webp"], width: 120)
        XCTAssertEqual(
            lines.first, "drawing the frames again from \(tmp)/s.yaml at each animation's width (its inputs are the frames' in \(tmp)/frames)")
        for ext in ["gif", "webp"] {
            let drawn = try XCTUnwrap(bytes("\(tmp)/o.\(ext)")), encoded = try XCTUnwrap(bytes("\(tmp)/e.\(ext)"))
            XCTAssertEqual(drawn, encoded, "\(ext): encode from the folder must be output:'s bytes")
        }
    }

    /// A scenario is drawn at a scale of 0.25 or more: an animation narrower than a quarter of the
    /// screen's points (94 px of the iPhone 8's 375) is scaled down from the frames, by `output:`
    /// and by `encode` alike, at the width asked (it came out 94 px wide).
    func testAnAnimationNarrowerThanAQuarterIsScaledFromTheFrames() throws {
        try renderWithOutput("[{file: \(tmp)/o.gif, width: 40}]")
        _ = try encode("\(tmp)/frames", ["\(tmp)/e.gif"], width: 40)
        for name in ["o", "e"] {
            let gif = try XCTUnwrap(bytes("\(tmp)/\(name).gif"))
            XCTAssertEqual(Int(gif[6]) | Int(gif[7]) << 8, 40, "\(name).gif's width")
        }
        XCTAssertEqual(bytes("\(tmp)/o.gif"), bytes("\(tmp)/e.gif"))
    }

    func testAnEditedOrMissingScenarioDecodesThePNGs() throws {
        let frames = try render(scenario)
        // One more row: the frames on disk are no longer what the scenario draws.
        try scenario.replacingOccurrences(of: "count: 12", with: "count: 13").write(toFile: "\(tmp)/s.yaml", atomically: true, encoding: .utf8)
        let lines = try encode(frames, ["\(tmp)/after.gif"], width: 60)
        XCTAssertEqual(lines.first, "decoding the frames' PNGs in \(frames) (changed since the frames: the scenario s.yaml)")
        XCTAssertTrue(lines[1].contains("60x"), lines[1])
        try FileManager.default.removeItem(atPath: "\(tmp)/s.yaml")
        let gone = try XCTUnwrap(Manifest.read(atPath: frames + "/manifest.json"))
        XCTAssertEqual(
            EncodingRoute.choose(for: gone, folder: frames).line(folder: frames),
            "decoding the frames' PNGs in \(frames) (its scenario \(tmp)/s.yaml is not here)")
        // A manifest without the stamp's parts (an older render-frames) cannot be compared.
        try scenario.write(toFile: "\(tmp)/s.yaml", atomically: true, encoding: .utf8)
        var manifest = try XCTUnwrap(Manifest.read(atPath: frames + "/manifest.json"))
        XCTAssertEqual(EncodingRoute.choose(for: manifest, folder: frames).line(folder: frames).hasPrefix("drawing the frames again"), true)
        // A frame cut short is decoded (and refused there), not drawn over.
        let cut = frames + "/0003.png", whole = try Data(contentsOf: URL(fileURLWithPath: cut))
        try whole.prefix(60).write(to: URL(fileURLWithPath: cut))
        XCTAssertEqual(
            EncodingRoute.choose(for: manifest, folder: frames).line(folder: frames),
            "decoding the frames' PNGs in \(frames) (0003.png does not end as a PNG does)")
        try whole.write(to: URL(fileURLWithPath: cut))
        manifest.inputParts = nil
        XCTAssertEqual(
            EncodingRoute.choose(for: manifest, folder: frames).line(folder: frames),
            "decoding the frames' PNGs in \(frames) (the manifest records no inputs to compare)")
    }

    func testAnimationsOfOneWidthShareTheirFrames() throws {
        let frames = try render(scenario)
        let manifest = try XCTUnwrap(Manifest.read(atPath: frames + "/manifest.json"))
        let shared = SharedFrameSources { width, even in FolderFrames(directory: frames, manifest: manifest, width: width, even: even) }
        for ext in ["gif", "webp"] {
            let request = try AnimationRequest(path: "\(tmp)/s.\(ext)", format: AnimationFormats.of(extension: ext)!, width: 60)
            _ = try Animations.write(request, frameWidth: manifest.width, sourceFPS: manifest.fps, jobs: 2, source: shared.source)
        }
        // 15 frames at 10 fps, the first 6 one hold: 10 different frames, decoded once for the
        // GIF's two passes and the WebP's one.
        let counts = shared.counts
        XCTAssertEqual(counts.produced, 10)
        XCTAssertEqual(counts.reused, 20)
    }

    func testDecodedFramesLookAsTheyDidScaledWhole() throws {
        let frames = try render(scenario)
        let manifest = try XCTUnwrap(Manifest.read(atPath: frames + "/manifest.json"))
        let source = FolderFrames(directory: frames, manifest: manifest, width: 60)
        for i in [0, 14] {
            // Decoded and area-averaged row by row, against the whole frame decoded and scaled (Mitchell) as before.
            let fused = try source.frame(i, worker: 0)
            let whole = Resampler.resize(
                try ImageDecoder.decode(fileAt: frames + "/" + manifest.frames[i].file), width: source.width, height: source.height)
            XCTAssertNotEqual(fused, whole, "frame \(i): the row-by-row reduction was not taken")
            XCTAssertGreaterThan(Self.ssim(fused, whole), 0.93, "frame \(i)")
        }
    }

    /// Mean SSIM of two same-size images on luma over 8x8 blocks (Wang et al.'s constants for 8-bit values).
    static func ssim(_ a: Pixmap, _ b: Pixmap) -> Double {
        func luma(_ p: Pixmap, _ x: Int, _ y: Int) -> Double {
            let c = p[x, y]
            return 0.299 * Double(c.r) + 0.587 * Double(c.g) + 0.114 * Double(c.b)
        }
        let c1 = 6.5025, c2 = 58.5225
        var sum = 0.0, blocks = 0
        for by in stride(from: 0, through: a.height - 8, by: 8) {
            for bx in stride(from: 0, through: a.width - 8, by: 8) {
                var ma = 0.0, mb = 0.0, va = 0.0, vb = 0.0, cov = 0.0
                for y in by..<(by + 8) { for x in bx..<(bx + 8) { ma += luma(a, x, y); mb += luma(b, x, y) } }
                ma /= 64; mb /= 64
                for y in by..<(by + 8) {
                    for x in bx..<(bx + 8) {
                        let da = luma(a, x, y) - ma, db = luma(b, x, y) - mb
                        va += da * da; vb += db * db; cov += da * db
                    }
                }
                va /= 63; vb /= 63; cov /= 63
                sum += ((2 * ma * mb + c1) * (2 * cov + c2)) / ((ma * ma + mb * mb + c1) * (va + vb + c2))
                blocks += 1
            }
        }
        return sum / Double(max(blocks, 1))
    }
}
