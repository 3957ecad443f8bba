import Foundation
import Raster
import XCTest

/// A scenario's `matrix:` renders every variant into its own folder, with its own manifest and
/// goldens; `--variant` renders one; `validate` checks them all.
final class MatrixTests: XCTestCase {
    var tmp = ""
    override func setUpWithError() throws { tmp = try makeTemporaryFolder("matrix") }
    override func tearDown() { try? FileManager.default.removeItem(atPath: tmp) }

    func run(_ arguments: [String]) throws -> Shell.Result { try InProcess.run(CLITests.binary, arguments) }

    func scenario(_ matrix: String) throws -> String {
        let path = "\(tmp)/screen.yaml"
        try """
        fps: 10
        scale: 0.25
        header: {height: 160}
        matrix: \(matrix)
        timeline:
          keyframes:
            - {time: 0, offset: 0}
            - {time: 0.3, offset: 40}
        """.write(toFile: path, atomically: true, encoding: .utf8)
        return path
    }

    func folders(_ dir: String) -> [String] { ((try? FileManager.default.contentsOfDirectory(atPath: dir)) ?? []).sorted() }

    func testEveryVariantGetsItsFolderManifestAndSize() throws {
        let file = try scenario("{device: [iphone-8, ipad-air-11], appearance: [light, dark], orientation: [portrait, landscape]}")
        let out = "\(tmp)/out"
        let r = try run([file, "--out", out, "--quiet"])
        XCTAssertEqual(r.code, 0, r.stderr)
        let names = ["iphone-8", "ipad-air-11"].flatMap { d in
            ["light", "dark"].flatMap { a in ["portrait", "landscape"].map { "\(d)-\(a)-\($0)" } }
        }
        XCTAssertEqual(folders(out), names.sorted())
        for name in names {
            XCTAssertEqual(folders("\(out)/\(name)"), ["0000.png", "0001.png", "0002.png", "manifest.json"], name)
            let manifest =
                try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: "\(out)/\(name)/manifest.json"))) as? [String: Any]
            XCTAssertEqual(manifest?["variant"] as? String, name, "the manifest names its variant")
            let frame = try ImageDecoder.decode(fileAt: "\(out)/\(name)/0000.png")
            let points = name.hasPrefix("ipad") ? (820.0, 1180.0) : (375.0, 667.0)
            let (w, h) = name.hasSuffix("landscape") ? (points.1, points.0) : points
            XCTAssertEqual(frame.width, Int((w * 0.25).rounded()), name)
            XCTAssertEqual(frame.height, Int((h * 0.25).rounded()), name)
            // The rows' background, near the bottom: white in light, black in dark.
            let pixel = frame[frame.width / 8, frame.height - 3]
            XCTAssertEqual(pixel.r > 128, name.contains("light"), "\(name): \(pixel)")
        }
        let validate = try run(["validate", file])
        XCTAssertEqual(validate.code, 0, validate.stderr)
        XCTAssertTrue(
            validate.stdout.contains("ok: 8 variants (iphone-8-light-portrait, iphone-8-light-landscape, iphone-8-dark-portrait"),
            validate.stdout)
    }

    func testOneVariantAndGoldensPerVariant() throws {
        let file = try scenario("{appearance: [light, dark]}")
        let out = "\(tmp)/out", golden = "\(tmp)/golden"
        var r = try run([file, "--out", out, "--variant", "iphone-15-dark", "--quiet"])
        XCTAssertEqual(r.code, 0, r.stderr)
        XCTAssertEqual(folders(out), ["iphone-15-dark"])
        r = try run([file, "--out", out, "--golden", golden, "--record", "missing", "--quiet"])
        XCTAssertEqual(r.code, 0, r.stderr)
        XCTAssertEqual(folders(golden), ["iphone-15-dark", "iphone-15-light"])
        // The dark variant's goldens swapped for the light one's: only it fails, by name.
        for f in ["0000.png", "0001.png", "0002.png"] {
            try FileManager.default.removeItem(atPath: "\(golden)/iphone-15-dark/\(f)")
            try FileManager.default.copyItem(atPath: "\(golden)/iphone-15-light/\(f)", toPath: "\(golden)/iphone-15-dark/\(f)")
        }
        r = try run([file, "--out", out, "--golden", golden, "--record", "never", "--quiet", "--force"])
        XCTAssertEqual(r.code, 1, r.stdout + r.stderr)
        XCTAssertTrue(r.stdout.contains("1 of 2 variants differ from their goldens: iphone-15-dark"), r.stdout)
        XCTAssertTrue(FileManager.default.fileExists(atPath: "\(out)-diff/iphone-15-dark"), "failure images per variant")
        XCTAssertFalse(FileManager.default.fileExists(atPath: "\(out)-diff/iphone-15-light"))
        // The matrix's output folder is not one render: encode and compare name the variant folders.
        r = try run(["encode", out, "\(tmp)/x.webp"])
        XCTAssertEqual(r.code, 2)
        XCTAssertTrue(r.stderr.contains("holds 2 variant folder(s) of a matrix (iphone-15-dark, iphone-15-light); give one of them"), r.stderr)
        r = try run(["compare", out, golden])
        XCTAssertEqual(r.code, 2)
        XCTAssertTrue(r.stderr.contains("compare one variant's folders, such as \(out)/iphone-15-dark \(golden)/iphone-15-dark"), r.stderr)
    }

    func testVariantErrors() throws {
        let file = try scenario("{appearance: [light, dark]}")
        var r = try run([file, "--out", "\(tmp)/out", "--variant", "iphone-15-drak"])
        XCTAssertEqual(r.code, 2)
        XCTAssertTrue(
            r.stderr.contains(
                "matrix: has no variant \"iphone-15-drak\" (--variant asked for it); it makes iphone-15-light, "
                    + "iphone-15-dark; did you mean \"iphone-15-dark\"?"), r.stderr)
        r = try run([CLITests.root + "/Fixtures/scenarios/profile.yaml", "--out", "\(tmp)/out", "--variant", "iphone-15-dark"])
        XCTAssertEqual(r.code, 2)
        XCTAssertTrue(r.stderr.contains("has no matrix, so it has no variants; drop --variant"), r.stderr)
        XCTAssertFalse(FileManager.default.fileExists(atPath: "\(tmp)/out"))
        // A problem in one variant only: nothing is rendered, not even the good variants.
        let bad = try scenario("{device: [iphone-15, iphone-8], orientation: [portrait, landscape]}")
        try String(contentsOfFile: bad, encoding: .utf8).replacingOccurrences(of: "header: {height: 160}", with: "header: {height: 70}")
            .write(toFile: bad, atomically: true, encoding: .utf8)
        r = try run([bad, "--out", "\(tmp)/out"])
        XCTAssertEqual(r.code, 2, r.stderr)
        XCTAssertEqual(
            r.stderr,
            "error: \(bad):3:18: header.height: in variant iphone-15-light-portrait: must be at "
                + "least 98 points on iphone-15 (status bar 54 + navigation bar 44), got 70; make the header taller\n", r.stderr)
        XCTAssertFalse(FileManager.default.fileExists(atPath: "\(tmp)/out"), "nothing written")
        // Frames one variant does not have: refused before any variant is written.
        let good = try scenario("{appearance: [light, dark]}")
        r = try run([good, "--out", "\(tmp)/out", "--frames", "99"])
        XCTAssertEqual(r.code, 2, r.stderr)
        XCTAssertTrue(r.stderr.contains("variant iphone-15-light: --frames: frame 99 is past the last frame"), r.stderr)
        XCTAssertFalse(FileManager.default.fileExists(atPath: "\(tmp)/out"), "nothing written")
    }

    func testEachVariantWritesItsOwnAnimation() throws {
        let file = try scenario("{appearance: [light, dark]}")
        try (String(contentsOfFile: file, encoding: .utf8) + "\noutput: [{file: demo.gif, width: 60}]\n")
            .write(toFile: file, atomically: true, encoding: .utf8)
        let r = try run([file, "--out", "\(tmp)/out", "--quiet"])
        XCTAssertEqual(r.code, 0, r.stderr)
        XCTAssertTrue(FileManager.default.fileExists(atPath: "\(tmp)/demo-iphone-15-light.gif"), r.stdout)
        XCTAssertTrue(FileManager.default.fileExists(atPath: "\(tmp)/demo-iphone-15-dark.gif"), r.stdout)
        XCTAssertFalse(FileManager.default.fileExists(atPath: "\(tmp)/demo.gif"))
    }
}
