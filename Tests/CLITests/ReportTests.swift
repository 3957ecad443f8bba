import Foundation
import Raster
import XCTest

/// The HTML report, looked at in a real browser: headless Chromium loads it from its folder
/// (offline) and the screenshot must show the failing frame's diff.
final class ReportTests: XCTestCase {
    func testTheReportShowsTheFailingFrameInABrowser() throws {
        let chromium = ["/usr/bin/chromium", "/usr/bin/chromium-browser"].first { FileManager.default.isExecutableFile(atPath: $0) }
        guard let chromium else {
            XCTFail("Chromium is missing: run scripts/setup.sh --test (the test command installs it)")
            return
        }
        let tmp = NSTemporaryDirectory() + "report-\(getpid())"
        try? FileManager.default.removeItem(atPath: tmp)
        defer { try? FileManager.default.removeItem(atPath: tmp) }
        let scenario = CLITests.root + "/Fixtures/scenarios/profile-dark.yaml"
        for (dir, frames) in [("a", "0-3"), ("b", "0-3"), ("c", "40")] {
            XCTAssertEqual(try Shell.run(CLITests.binary, [scenario, "--out", "\(tmp)/\(dir)", "--scale", "0.5", "--frames", frames, "--quiet"]).code, 0)
        }
        // The golden of frame 2 is another frame: that one fails, the other three match.
        try FileManager.default.removeItem(atPath: "\(tmp)/b/0002.png")
        try FileManager.default.copyItem(atPath: "\(tmp)/c/0040.png", toPath: "\(tmp)/b/0002.png")
        let compare = try Shell.run(CLITests.binary, ["compare", "\(tmp)/a", "\(tmp)/b", "--report", "\(tmp)/report", "--name", "dark"])
        XCTAssertEqual(compare.code, 1)
        let html = try String(contentsOfFile: "\(tmp)/report/index.html", encoding: .utf8)
        XCTAssertTrue(html.contains("1 of 4 frames differ"))
        XCTAssertTrue(html.contains("0002.png"))
        XCTAssertFalse(html.contains("http://") || html.contains("https://"), "works offline: no remote resources")

        let shot = "\(tmp)/shot.png"
        let run = try Shell.run(chromium, ["--headless", "--no-sandbox", "--disable-gpu", "--hide-scrollbars",
                                           "--window-size=1100,900", "--screenshot=\(shot)", "file://\(tmp)/report/index.html"])
        XCTAssertTrue(FileManager.default.fileExists(atPath: shot), run.stderr)
        let image = try ImageDecoder.decode(fileAt: shot)
        // The diff panel paints changed pixels pure red; a page without the failing frame has none.
        var red = 0
        for y in 0..<image.height { for x in 0..<image.width where image[x, y] == PremultipliedColor(r: 255, g: 0, b: 0, a: 255) { red += 1 } }
        XCTAssertGreaterThan(red, 2000, "the failing frame's diff is on screen")
    }
}
