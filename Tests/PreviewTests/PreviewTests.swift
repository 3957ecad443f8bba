import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import Raster
import RenderFramesKit
import Scene
import XCTest

@testable import RenderFramesPreview

/// `render-frames preview`: its frames against `render`'s, its cache's bound, its refusals, and
/// the page in headless Chromium (scripts/preview-browser-test.py).
final class PreviewTests: XCTestCase {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().path

    static var binary: String {
        let beside = Bundle.main.bundleURL.appendingPathComponent("render-frames").path
        if FileManager.default.isExecutableFile(atPath: beside) { return beside }
        return root + "/.build/debug/render-frames"
    }

    static let scenario = """
        device: iphone-8
        fps: 10
        matrix: {appearance: [light, dark]}
        header: {height: 107, title: Hello}
        rows: {count: 12}
        timeline:
          duration: 1.0
          keyframes:
            - {time: 0, offset: 0}
            - {time: 1.0, offset: 300}
        """

    var tmp = ""
    override func setUpWithError() throws {
        tmp = NSTemporaryDirectory() + "preview-\(getpid())-\(name.filter(\.isLetter))"
        try? FileManager.default.removeItem(atPath: tmp)
        try FileManager.default.createDirectory(atPath: tmp, withIntermediateDirectories: true)
    }
    override func tearDown() { try? FileManager.default.removeItem(atPath: tmp) }

    /// A frame the preview serves is the file `render` writes for it at that scale, byte for byte,
    /// in each variant; its numbers are the frame's.
    func testFramesAreTheBytesRenderWrites() throws {
        let path = tmp + "/s.yaml"
        try Self.scenario.write(toFile: path, atomically: true, encoding: .utf8)
        let model = PreviewModel(scenarioPath: path, queue: .main, commands: .cli(scenario: path, scale: 1)) {
            try ScenarioPreviewFrames.load(path: path, scale: 1)
        }
        XCTAssertNil(model.reload())
        XCTAssertEqual(model.variantNames, ["iphone-8-light", "iphone-8-dark"])
        var settings = Render.Settings(scenario: path, outputDirectory: tmp + "/out")
        (settings.scale, settings.frames, settings.jobs) = (1, "7", 1)
        _ = try Render(settings).run()
        for (i, name) in ["iphone-8-light", "iphone-8-dark"].enumerated() {
            let served = try XCTUnwrap(model.frame(variant: i, index: 7))
            let written = try Data(contentsOf: URL(fileURLWithPath: tmp + "/out/\(name)/" + frameFileName(index: 7, frameCount: 10)))
            XCTAssertEqual(served.png, written, name)
            let info = try XCTUnwrap(JSONSerialization.jsonObject(with: served.info) as? [String: Any])
            XCTAssertEqual(info["frame"] as? Int, 7)
            XCTAssertEqual(info["time"] as? Double, 0.7)
            XCTAssertTrue((info["layers"] as? [[String: Any]])?.contains { $0["name"] as? String == "header" } == true)
        }
        XCTAssertNil(model.frame(variant: 0, index: 10), "frame 10 of 10")
        XCTAssertNil(model.frame(variant: 2, index: 0), "variant 2 of 2")
    }

    /// A broken save keeps the last good frames and says what the CLI says; the fix clears it.
    func testBrokenSaveKeepsTheLastGoodFrames() throws {
        let path = tmp + "/s.yaml"
        try Self.scenario.write(toFile: path, atomically: true, encoding: .utf8)
        let model = PreviewModel(scenarioPath: path, queue: .main, commands: .cli(scenario: path, scale: 1)) {
            try ScenarioPreviewFrames.load(path: path, scale: 1)
        }
        XCTAssertNil(model.reload())
        let good = try XCTUnwrap(model.frame(variant: 0, index: 3)).png
        try Self.scenario.replacingOccurrences(of: "fps: 10", with: "fps: ten").write(toFile: path, atomically: true, encoding: .utf8)
        XCTAssertTrue(model.filesChanged())
        XCTAssertEqual(model.reload(), "error: \(path):2:6: fps: expected a number (frames per second), got \"ten\"")
        XCTAssertEqual(model.generation, 1)
        XCTAssertEqual(try XCTUnwrap(model.frame(variant: 0, index: 3)).png, good)
        try Self.scenario.replacingOccurrences(of: "height: 107", with: "height: 160").write(toFile: path, atomically: true, encoding: .utf8)
        XCTAssertNil(model.reload())
        XCTAssertEqual(model.generation, 2)
        XCTAssertNotEqual(try XCTUnwrap(model.frame(variant: 0, index: 3)).png, good)
    }

    /// An image the scenario uses is watched: rewriting it reloads, and its new pixels are drawn.
    func testAnImageItUsesIsWatched() throws {
        let root = Self.root
        let image = tmp + "/photo.png"
        try FileManager.default.copyItem(atPath: root + "/Fixtures/images/coffee.png", toPath: image)
        let path = tmp + "/s.yaml"
        try """
        device: iphone-8
        fps: 10
        navigationBar: false
        layers:
          - {type: image, name: photo, in: screen, image: photo.png, frame: [0, 100, 200, 200]}
        timeline: {duration: 0.5, keyframes: [{time: 0, offset: 0}]}
        """.write(toFile: path, atomically: true, encoding: .utf8)
        let model = PreviewModel(scenarioPath: path, queue: .main, commands: .cli(scenario: path, scale: 1)) {
            try ScenarioPreviewFrames.load(path: path, scale: 1)
        }
        XCTAssertNil(model.reload())
        XCTAssertTrue(model.watched.keys.contains { $0.hasSuffix("/photo.png") }, "\(model.watched.keys)")
        let before = try XCTUnwrap(model.frame(variant: 0, index: 0)).png
        XCTAssertFalse(model.filesChanged())
        try FileManager.default.removeItem(atPath: image)
        try FileManager.default.copyItem(atPath: root + "/Fixtures/images/chelsea.png", toPath: image)
        XCTAssertTrue(model.filesChanged())
        XCTAssertNil(model.reload())
        XCTAssertNotEqual(try XCTUnwrap(model.frame(variant: 0, index: 0)).png, before)
    }

    /// The cache holds at most its capacity in bytes, dropping the least recently used first.
    func testCacheDropsTheLeastRecentlyUsed() {
        let cache = FrameCache(capacity: 300)
        func frame(_ n: Int) -> EncodedFrame { EncodedFrame(png: Data(repeating: UInt8(n), count: 90), info: Data(), milliseconds: 0) }
        func key(_ n: Int) -> FrameCache.Key { .init(generation: 1, variant: 0, frame: n) }
        for n in 0..<3 { cache[key(n)] = frame(n) }
        XCTAssertNotNil(cache[key(0)]) // used: frame 1 is now the oldest
        cache[key(3)] = frame(3)
        XCTAssertEqual(cache.bytes, 270)
        XCTAssertNil(cache[key(1)])
        XCTAssertEqual([0, 2, 3].map { cache[key($0)]?.png.first }, [0, 2, 3])
        XCTAssertEqual(PreviewModel.cacheBytes, 64 << 20)
    }

    /// A page's later request supersedes its earlier ones of the same variant, in the page's order
    /// whatever order they arrive in; other variants and other pages are not touched.
    func testLaterRequestOfThePageSupersedes() {
        let model = PreviewModel(scenarioPath: "s.yaml", queue: .main, commands: .cli(scenario: "s.yaml", scale: nil)) { [] }
        model.note(client: "a", variant: 0, sequence: 5)
        model.note(client: "a", variant: 0, sequence: 3) // made before 5, arrived after it
        model.note(client: "a", variant: 1, sequence: 4)
        model.note(client: "b", variant: 0, sequence: 1)
        XCTAssertTrue(model.isSuperseded(client: "a", variant: 0, sequence: 3))
        XCTAssertFalse(model.isSuperseded(client: "a", variant: 0, sequence: 5))
        XCTAssertFalse(model.isSuperseded(client: "a", variant: 1, sequence: 4))
        XCTAssertFalse(model.isSuperseded(client: "b", variant: 0, sequence: 1))
    }

    /// Bad options and a scenario that does not load: a clear error and exit 2, nothing served.
    func testRefusals() throws {
        let path = tmp + "/s.yaml"
        try Self.scenario.write(toFile: path, atomically: true, encoding: .utf8)
        let host = try Self.run(["preview", path, "--host", "example.com"])
        XCTAssertEqual(host.code, 2)
        XCTAssertTrue(host.stderr.contains("--host example.com: expected an IP address to listen on"), host.stderr)
        let port = try Self.run(["preview", path, "--port", "70000"])
        XCTAssertEqual(port.code, 2)
        XCTAssertTrue(port.stderr.contains("--port must be between 0 and 65535"), port.stderr)
        let missing = try Self.run(["preview", tmp + "/none.yaml"])
        XCTAssertEqual(missing.code, 2)
        XCTAssertTrue(missing.stderr.hasPrefix("error: "), missing.stderr)
        XCTAssertTrue(missing.stderr.contains("none.yaml"), missing.stderr)
    }

    /// The page in headless Chromium: scrub, wheel, keys, inspector, copy command, save, broken
    /// save, fix, routes, loopback binding, Ctrl-C (scripts/preview-browser-test.py). Screenshots
    /// go to RENDER_FRAMES_PREVIEW_SHOTS when set.
    func testPageInChromium() throws {
        let shots = ProcessInfo.processInfo.environment["RENDER_FRAMES_PREVIEW_SHOTS"] ?? tmp + "/shots"
        let result = try Self.run(
            ["-u", Self.root + "/scripts/preview-browser-test.py", Self.binary, shots], executable: "/usr/bin/env", prefix: ["python3"])
        XCTAssertEqual(result.code, 0, result.stderr)
        print("preview in Chromium: " + result.stdout.trimmingCharacters(in: .whitespacesAndNewlines))
        let figures = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any])
        XCTAssertLessThan(try XCTUnwrap(figures["save_to_frame_ms"] as? Double), 1000)
        // The target for a scrub at @1 is 50 ms (about 20 here on an idle machine; a body held
        // back by Nagle's algorithm gave 59): asserted loosely, as other work on the machine slows the
        // browser; the script checks the server's part itself (a cached frame within 20 ms).
        XCTAssertLessThan(try XCTUnwrap(figures["scrub_median_ms"] as? Double), 150)
    }

    static func run(_ arguments: [String], executable: String = binary, prefix: [String] = []) throws -> (code: Int32, stdout: String, stderr: String)
    {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: executable)
        process.arguments = prefix + arguments
        let out = Pipe(), err = Pipe()
        (process.standardOutput, process.standardError) = (out, err)
        try process.run()
        let errors = Locked(Data())
        let group = DispatchGroup()
        DispatchQueue.global().async(group: group) {
            let data = err.fileHandleForReading.readDataToEndOfFile()
            errors.withLock { $0 = data }
        }
        let o = out.fileHandleForReading.readDataToEndOfFile()
        group.wait()
        process.waitUntilExit()
        return (process.terminationStatus, String(decoding: o, as: UTF8.self), String(decoding: errors.current, as: UTF8.self))
    }
}

/// A header that follows the pull: the Swift scene `PreviewServer(scene:)` serves.
struct PulledHeader: SceneProvider {
    func layers(at state: SceneState) -> SceneLayers {
        let o = state.offset
        let header = Layer(name: "pulled", frame: Rect(x: 0, y: min(0, o), width: state.screen.width, height: 120 - min(0, o)))
        header.backgroundColor = Color(29, 42, 58)
        return SceneLayers(content: [header])
    }
}

final class PreviewServerTests: XCTestCase {
    /// `PreviewServer(scene:)` in process: it binds a free loopback port, serves the scene's frames
    /// with their layers, refuses other paths, and stops.
    func testServesASwiftScene() async throws {
        let folder = NSTemporaryDirectory() + "preview-server-\(getpid())"
        try? FileManager.default.removeItem(atPath: folder)
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let path = folder + "/scene.yaml"
        try "device: iphone-8\nfps: 10\nnavigationBar: false\ntimeline:\n  duration: 1\n  keyframes: [{time: 0, offset: -80}, {time: 1, offset: 0}]\n"
            .write(toFile: path, atomically: true, encoding: .utf8)
        let server = PreviewServer(scene: PulledHeader(), scenario: path, scale: 1)
        let url = try await server.start()
        XCTAssertTrue(url.hasPrefix("http://127.0.0.1:"), url)
        func get(_ route: String) async throws -> (Int, Data) {
            let (data, response) = try await URLSession.shared.data(from: URL(string: url + route)!)
            return ((response as? HTTPURLResponse)?.statusCode ?? 0, data)
        }
        let (status, png) = try await get("frame?variant=0&frame=2")
        XCTAssertEqual(status, 200)
        XCTAssertEqual(Array(png.prefix(4)), [0x89, 0x50, 0x4E, 0x47])
        let (_, info) = try await get("info?variant=0&frame=2")
        let layers = try XCTUnwrap((JSONSerialization.jsonObject(with: info) as? [String: Any])?["layers"] as? [[String: Any]])
        let pulled = try XCTUnwrap(layers.first { $0["name"] as? String == "pulled" })
        let frame = try XCTUnwrap(pulled["frame"] as? [Double])
        XCTAssertEqual(frame[2], 375)
        XCTAssertGreaterThan(frame[3], 120, "pulled down at frame 2: taller than its 120 pt")
        let (state, page) = try await get("")
        XCTAssertEqual(state, 200)
        XCTAssertTrue(String(decoding: page, as: UTF8.self).contains("<script src=\"/preview.js\">"))
        for refused in ["scene.yaml", "Package.swift", "frame?variant=1&frame=0", "frame?variant=0&frame=10"] {
            let (code, _) = try await get(refused)
            XCTAssertEqual(code, 404, refused)
        }
        // Its port, taken: the CLI says so and exits 2.
        let port = try XCTUnwrap(url.split(separator: ":").last?.split(separator: "/").first.map(String.init))
        let taken = try PreviewTests.run(["preview", path, "--port", port])
        XCTAssertEqual(taken.code, 2)
        XCTAssertEqual(
            taken.stderr,
            "error: cannot listen on 127.0.0.1 port \(port): the port is in use (another program listens there); give another --port, or 0 for a free one\n"
        )
        await server.stop()
    }
}
