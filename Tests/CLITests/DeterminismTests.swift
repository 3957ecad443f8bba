import Foundation
import ScenarioFormat
import Scene
import XCTest

/// The same scenario gives byte-identical frames across runs with different `--jobs` values,
/// `--frames` selections and ranges, and shards: every Fixtures scenario, frames spread over its whole
/// timeline (pulls, flings, bounces, holds), at a small scale to keep the debug build quick.
final class DeterminismTests: XCTestCase {
    var tmp = ""
    override func setUpWithError() throws { tmp = try makeTemporaryFolder("det") }
    override func tearDown() { try? FileManager.default.removeItem(atPath: tmp) }

    func render(_ scenario: String, _ out: String, _ extra: [String]) throws {
        let r = try InProcess.run(CLITests.binary, [scenario, "--out", out, "--scale", "0.25", "--quiet"] + extra)
        XCTAssertEqual(r.code, 0, "\(scenario) \(extra): \(r.stderr)")
    }

    func pngs(_ dir: String) -> [String: Data] {
        var out: [String: Data] = [:]
        for name in (try? FileManager.default.contentsOfDirectory(atPath: dir)) ?? [] where name.hasSuffix(".png") {
            out[name] = FileManager.default.contents(atPath: dir + "/" + name)
        }
        return out
    }

    func testEveryScenarioIsDeterministic() throws {
        let dir = CLITests.root + "/Fixtures/scenarios"
        let files = try FileManager.default.contentsOfDirectory(atPath: dir).filter { $0.hasSuffix(".yaml") }.sorted()
        XCTAssertGreaterThanOrEqual(files.count, 6)
        for file in files {
            let path = dir + "/" + file
            // Every variant checked, as validate does; a matrix's first variant is rendered, in OUT/<variant>.
            let (first, variants) = try ScenarioLoader.checkEveryVariant(path: path)
            let count = first.frameCount
            // Eight frames spread over the timeline, and a short contiguous range starting at one of them.
            let picks = (0..<8).map { $0 * (count - 1) / 7 }
            let selection = picks.map(String.init).joined(separator: ",")
            let start = picks[4]
            var variant: [String] = [], folder = ""
            if let name = variants.first?.name, !first.variantNames.isEmpty {
                variant = ["--variant", name]
                folder = "/" + name
            }
            let base = "\(tmp)/\(file)"
            try render(path, base + "-a", ["--frames", selection, "--jobs", "1"] + variant)
            try render(path, base + "-jobs3", ["--frames", selection, "--jobs", "3"] + variant)
            for shard in 1...2 { try render(path, base + "-shards", ["--frames", selection, "--shard", "\(shard)/2", "--jobs", "2"] + variant) }
            try render(path, base + "-range", ["--frames", "\(start)-\(start + 2)", "--jobs", "2"] + variant)

            func pngs(_ dir: String) -> [String: Data] { self.pngs(dir + folder) }
            let a = pngs(base + "-a")
            XCTAssertEqual(a.count, Set(picks).count, file)
            for variant in ["-jobs3", "-shards"] {
                let b = pngs(base + variant)
                XCTAssertEqual(Set(b.keys), Set(a.keys), "\(file)\(variant): the same frames")
                for (name, bytes) in a { XCTAssertEqual(b[name], bytes, "\(file)\(variant): \(name) differs") }
            }
            // A frame is the same whether rendered in a contiguous range or picked out of the timeline
            // (self-sizing rows: what has been measured depends on time, not on what was rendered).
            let range = pngs(base + "-range")
            XCTAssertEqual(range.count, 3, file)
            guard let name = range.keys.sorted().first else { continue }
            XCTAssertEqual(range[name], a[name], "\(file): \(name) in a range vs picked out")
        }
    }
}
