import XCTest
@testable import Raster

final class TransformTests: XCTestCase {
    func testTranslateThenScaleDoesNotScaleTheTranslation() {
        // "translate(0, t) then scale(s)" in the effects: scale about the origin, then translate.
        let t = Transform.scale(2, 2).translated(0, 10)
        XCTAssertEqual(t.apply(Point(1, 1)), Point(2, 12))
    }

    func testConcatenationOrder() {
        let a = Transform.translation(5, 0), b = Transform.scale(3, 3)
        XCTAssertEqual(a.concatenating(b).apply(Point(1, 0)), Point(18, 0)) // translate first
        XCTAssertEqual(b.concatenating(a).apply(Point(1, 0)), Point(8, 0)) // scale first
    }

    func testRectImageAndAxisAlignment() {
        let t = Transform.scale(2, 3).translated(1, 1)
        XCTAssertTrue(t.isAxisAligned)
        XCTAssertEqual(t.apply(Rect(x: 1, y: 1, width: 2, height: 2)), Rect(x: 3, y: 4, width: 4, height: 6))
    }
}
