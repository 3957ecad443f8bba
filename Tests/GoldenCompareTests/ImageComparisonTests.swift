import Foundation
import Raster
import XCTest
@testable import GoldenCompare

final class ImageComparisonTests: XCTestCase {
    let base = Pixmap(width: 20, height: 10, fill: Color(200, 200, 200).premultiplied)

    func testIdenticalMatches() {
        let r = ImageComparison.compare(base, base)
        XCTAssertTrue(r.matches)
        XCTAssertEqual(r.maxChannelDelta, 0)
        XCTAssertNil(r.worstPixel)
    }

    func testOnePixelIsFoundAndShown() {
        var changed = base
        changed[7, 3] = Color(0, 0, 0).premultiplied
        let r = ImageComparison.compare(changed, base)
        XCTAssertFalse(r.matches)
        XCTAssertEqual(r.differingPixels, 1)
        XCTAssertEqual(r.worstPixel?.x, 7)
        XCTAssertEqual(r.worstPixel?.y, 3)
        let diff = ImageComparison.diffImage(changed, base)
        XCTAssertEqual(diff[7, 3].r, 255)
        XCTAssertEqual(diff[7, 3].g, 0)
        XCTAssertEqual(diff[0, 0].r, diff[0, 0].g, "unchanged pixels are grey")
    }

    func testToleranceAcceptsSmallDifferences() {
        var changed = base
        changed[1, 1] = Color(202, 199, 200).premultiplied
        XCTAssertTrue(ImageComparison.compare(changed, base, tolerance: 2).matches)
        XCTAssertFalse(ImageComparison.compare(changed, base, tolerance: 1).matches)
    }

    func testSizeMismatchFailsClosed() {
        let r = ImageComparison.compare(Pixmap(width: 20, height: 11), base)
        XCTAssertTrue(r.sizeMismatch)
        XCTAssertFalse(r.matches)
    }

    func testFoldersFailOnMissingFramesEitherSide() throws {
        let tmp = NSTemporaryDirectory() + "cmp-\(getpid())"
        defer { try? FileManager.default.removeItem(atPath: tmp) }
        for dir in ["a", "b"] { try FileManager.default.createDirectory(atPath: "\(tmp)/\(dir)", withIntermediateDirectories: true) }
        let png = Data(PNGEncoder().encode(base))
        try png.write(to: URL(fileURLWithPath: "\(tmp)/a/0000.png"))
        try png.write(to: URL(fileURLWithPath: "\(tmp)/b/0000.png"))
        try png.write(to: URL(fileURLWithPath: "\(tmp)/a/0001.png"))
        try png.write(to: URL(fileURLWithPath: "\(tmp)/b/0002.png"))
        let verdicts = try FolderComparison.compare(actual: "\(tmp)/a", golden: "\(tmp)/b")
        XCTAssertEqual(verdicts.map(\.file), ["0000.png", "0001.png", "0002.png"])
        XCTAssertEqual(verdicts.map(\.passed), [true, false, false])
        XCTAssertThrowsError(try FolderComparison.compare(actual: "\(tmp)/nope", golden: "\(tmp)/b"))
    }
}
