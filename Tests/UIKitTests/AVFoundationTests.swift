import AVFoundation
import XCTest

/// `import AVFoundation` compiles, and `AVMakeRect(aspectRatio:insideRect:)` answers as Apple's: the
/// largest rectangle of the ratio's proportions inside the bounds, centred (issue 41: a Pinterest-style
/// layout in the real-screens corpus sizes its photos with it).
final class AVFoundationTests: XCTestCase {
    func testAWideRatioFillsTheWidthAndIsCentredVertically() {
        let rect = AVMakeRect(aspectRatio: CGSize(width: 4, height: 3), insideRect: CGRect(x: 10, y: 20, width: 100, height: 100))
        XCTAssertEqual(rect, CGRect(x: 10, y: 32.5, width: 100, height: 75))
    }

    func testATallRatioFillsTheHeightAndIsCentredHorizontally() {
        // A 1000 x 2000 photo in a 170 x 1000 cell's column (the layout's "bounding rect" of height .max in real code).
        let rect = AVMakeRect(aspectRatio: CGSize(width: 1000, height: 2000), insideRect: CGRect(x: 0, y: 0, width: 170, height: 200))
        XCTAssertEqual(rect, CGRect(x: 35, y: 0, width: 100, height: 200))
    }

    func testTheRatioScalesUpAsWellAsDown() {
        let rect = AVMakeRect(aspectRatio: CGSize(width: 2, height: 1), insideRect: CGRect(x: 0, y: 0, width: 300, height: 300))
        XCTAssertEqual(rect, CGRect(x: 0, y: 75, width: 300, height: 150))
    }

    /// The idiom real layouts use: a column's width and the largest height there is; the photo's height is the answer.
    func testAnUnboundedHeightGivesTheHeightForTheWidth() {
        let rect = AVMakeRect(aspectRatio: CGSize(width: 640, height: 480), insideRect: CGRect(x: 0, y: 0, width: 160, height: CGFloat.greatestFiniteMagnitude))
        XCTAssertEqual(rect.width, 160)
        XCTAssertEqual(rect.height, 120)
    }

    func testARatioWithoutAWidthIsEmptyAtTheCentre() {
        let rect = AVMakeRect(aspectRatio: CGSize(width: 0, height: 3), insideRect: CGRect(x: 0, y: 0, width: 100, height: 50))
        XCTAssertEqual(rect, CGRect(x: 50, y: 25, width: 0, height: 0))
    }
}
