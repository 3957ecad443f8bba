import Foundation
import Raster
import XCTest
@testable import GoldenCompare

/// Where failing frames are cut, which get full-size images, and how failures are summed up.
final class FailureImagesTests: XCTestCase {
    func result(width: Int = 1179, height: Int = 2556, changed: PixelRect?, worst: (Int, Int)? = nil, pixels: Int = 10) -> PixelMatch.Result {
        var r = PixelMatch.Result(width: width, height: height)
        r.changed = changed
        r.differingPixels = changed == nil ? 0 : pixels
        r.worst = worst.map { PixelMatch.PixelPosition(x: $0.0, y: $0.1) } ?? changed.map { PixelMatch.PixelPosition(x: $0.x, y: $0.y) }
        return r
    }

    func testASmallChangeIsCutWithContextAroundIt() throws {
        // One letter, 20x30 pixels, in the middle of an @3x frame.
        let rect = try XCTUnwrap(FailureImages.cropRect(for: result(changed: PixelRect(x: 600, y: 800, width: 20, height: 30))))
        XCTAssertEqual(rect.width, FailureImages.minCropWidth, "at least a word's width")
        XCTAssertEqual(rect.height, FailureImages.minCropHeight)
        XCTAssertTrue(rect.x < 600 && rect.maxX > 620 && rect.y < 800 && rect.maxY > 830, "the change inside: \(rect)")
        XCTAssertEqual(rect.x + rect.maxX, 600 + 620, accuracy: 1, "centred on the change")
    }

    func testACutStaysInsideTheFrame() throws {
        let corner = try XCTUnwrap(FailureImages.cropRect(for: result(changed: PixelRect(x: 1170, y: 2550, width: 9, height: 6))))
        XCTAssertEqual(
            corner,
            PixelRect(
                x: 1179 - FailureImages.minCropWidth, y: 2556 - FailureImages.minCropHeight,
                width: FailureImages.minCropWidth, height: FailureImages.minCropHeight))
        let tiny = try XCTUnwrap(FailureImages.cropRect(for: result(width: 50, height: 40, changed: PixelRect(x: 3, y: 3, width: 2, height: 2))))
        XCTAssertEqual(tiny, PixelRect(x: 0, y: 0, width: 50, height: 40), "a frame smaller than a crop is shown whole")
    }

    func testAFrameChangedEverywhereIsCutAroundItsWorstPixel() throws {
        let all = PixelRect(x: 0, y: 0, width: 1179, height: 2556)
        let rect = try XCTUnwrap(FailureImages.cropRect(for: result(changed: all, worst: (900, 100))))
        XCTAssertEqual(rect.width, FailureImages.maxCropSide)
        XCTAssertEqual(rect.height, FailureImages.maxCropSide)
        XCTAssertTrue(rect.x <= 900 && 900 < rect.maxX && rect.y <= 100 && 100 < rect.maxY, "\(rect)")
        XCTAssertNil(FailureImages.cropRect(for: result(changed: nil)), "nothing to cut when no pixel differs")
        var mismatch = result(changed: nil)
        mismatch.sizeMismatch = true
        XCTAssertNil(FailureImages.cropRect(for: mismatch))
    }

    func testTheWorstAreTheMostDifferingThenByName() {
        func v(_ file: String, _ pixels: Int, passed: Bool = false) -> FrameVerdict {
            FrameVerdict(file: file, result: result(changed: PixelRect(x: 0, y: 0, width: 1, height: 1), pixels: pixels), passed: passed)
        }
        let verdicts = [
            v("0001.png", 5), v("0002.png", 50), v("0003.png", 50), v("0004.png", 900, passed: true), v("0005.png", 7),
            FrameVerdict.missingGolden(file: "0006.png", in: "g"),
        ]
        XCTAssertEqual(FailureImages.worst(verdicts).map(\.file), ["0002.png", "0003.png", "0005.png"])
        XCTAssertEqual(FailureImages.worst(verdicts.reversed()).map(\.file), ["0002.png", "0003.png", "0005.png"], "any order gives the same")
    }

    func testFailuresAreSummedUpInRanges() {
        var failures = (40...130).map { i in
            FrameVerdict(
                file: String(format: "%04d.png", i), result: result(changed: PixelRect(x: 0, y: 0, width: 1, height: 1), pixels: i == 87 ? 1204 : 3),
                passed: false)
        }
        failures += [0, 1, 2].map { FrameVerdict.missingGolden(file: String(format: "%04d.png", $0), in: "g") }
        failures.append(FrameVerdict(file: "0200.png", problem: "size 10x10 differs from the golden's 20x20"))
        let lines = FrameVerdict.summary(failures, golden: "g", missingHint: "record them")
        XCTAssertEqual(lines.count, 3, "\(lines)")
        XCTAssertEqual(lines[0], "no golden for frames 0-2 (3 frames) in g; record them")
        XCTAssertTrue(lines[1].hasPrefix("frames 40-130 differ (91 frames); worst 0087.png: 1204 pixels"), lines[1])
        XCTAssertEqual(lines[2], "0200.png: size 10x10 differs from the golden's 20x20")
    }

    func testFramesNamedOtherwiseAreListedByName() {
        let failures = ["home.png", "settings.png"].map {
            FrameVerdict(file: $0, result: result(changed: PixelRect(x: 0, y: 0, width: 1, height: 1)), passed: false)
        }
        let lines = FrameVerdict.summary(failures, golden: "g", missingHint: "")
        XCTAssertTrue(lines[0].hasPrefix("frames home.png, settings.png differ (2 frames)"), lines[0])
    }

    func testFailureImagesOfAnEarlierRunAreRemoved() throws {
        let dir = NSTemporaryDirectory() + "failure-images-\(getpid())"
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let a = Pixmap(width: 300, height: 200, fill: Color.white.premultiplied)
        var b = a
        b[150, 100] = Color.black.premultiplied
        let (r, diff) = PixelMatch.compareWithDiff(b, a)
        try FailureImages.writeCrops(frame: "0007.png", result: r, expected: a, actual: b, diff: diff!, to: dir)
        try FailureImages.writeFullSize(frame: "0007.png", expected: a, actual: b, diff: diff, to: dir)
        try Data("keep".utf8).write(to: URL(fileURLWithPath: dir + "/notes.txt"))
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: dir).count, 7)
        let crop = try ImageDecoder.decode(fileAt: dir + "/0007.crop.diff.png")
        XCTAssertEqual(crop.width, FailureImages.minCropWidth)
        XCTAssertEqual(crop.height, FailureImages.minCropHeight)
        FailureImages.removeStale(dir)
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: dir), ["notes.txt"], "only failure images go")
    }
}
