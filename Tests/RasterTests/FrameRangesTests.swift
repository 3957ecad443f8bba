import Raster
import XCTest

/// The one formatting of frame lists: the input stamp's `frames`, merge's overlap message and the
/// golden summary all read as `--frames` is written.
final class FrameRangesTests: XCTestCase {
    func testRunsAreJoinedAsFramesIsWritten() {
        XCTAssertEqual(FrameRanges.text([]), "")
        XCTAssertEqual(FrameRanges.text([7]), "7")
        XCTAssertEqual(FrameRanges.text(Array(0...29)), "0-29")
        XCTAssertEqual(FrameRanges.text([0, 48, 90, 91, 92]), "0,48,90-92")
        XCTAssertEqual(FrameRanges.parts([3, 4, 9]), ["3-4", "9"])
    }

    /// The golden summary's form: ", " between runs, the first eight and "...".
    func testPastTheLimitTheFirstRunsAndAnEllipsis() {
        let evens = Array(stride(from: 0, through: 18, by: 2))
        XCTAssertEqual(FrameRanges.text(evens, separator: ", ", limit: 8), "0, 2, 4, 6, 8, 10, 12, 14, ...")
        XCTAssertEqual(FrameRanges.text(Array(evens.prefix(8)), separator: ", ", limit: 8), "0, 2, 4, 6, 8, 10, 12, 14")
    }
}
