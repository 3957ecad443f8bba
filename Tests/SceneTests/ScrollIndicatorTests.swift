import Raster
import XCTest
@testable import Scene

final class ScrollIndicatorTests: XCTestCase {
    func frame(_ offset: Double) -> Rect {
        // A 667 pt screen (track 20...667 less 3 pt at each end), content twice the viewport.
        ScrollIndicator.frame(
            offset: offset, maxScroll: 667, viewport: 667, contentLength: 1334,
            trackTop: 20, trackBottom: 667, screenWidth: 375)!
    }

    func testGeometry() {
        let track = 667.0 - 20 - 6
        XCTAssertEqual(frame(0), Rect(x: 369, y: 23, width: 3, height: track / 2))
        XCTAssertEqual(frame(333.5).minY, 23 + track / 4, accuracy: 1e-9, "half way: half the free track")
        XCTAssertEqual(frame(667).maxY, 664, accuracy: 1e-9, "at the bottom it ends 3 pt above the track's end")
        XCTAssertEqual(frame(-100).height, track / 2 - 100, accuracy: 1e-9, "shrinks by the overscroll")
        XCTAssertEqual(frame(-100).minY, 23, "pinned to the top while pulled down")
        XCTAssertEqual(frame(-1000).height, 8, "never under 8 pt")
        XCTAssertEqual(frame(767).maxY, 664, accuracy: 1e-9, "pinned to the bottom past the end")
        let long = ScrollIndicator.frame(
            offset: 0, maxScroll: 100_000, viewport: 667, contentLength: 100_667,
            trackTop: 20, trackBottom: 667, screenWidth: 375)!
        XCTAssertEqual(long.height, 36, "the 36 pt minimum")
        XCTAssertNil(
            ScrollIndicator.frame(
                offset: 0, maxScroll: 0, viewport: 667, contentLength: 500,
                trackTop: 20, trackBottom: 667, screenWidth: 375), "content that does not scroll")
    }

    func testVisibilityFollowsMotion() {
        XCTAssertEqual(ScrollIndicator.opacity(sinceMotion: nil), 0, "never scrolled: hidden")
        XCTAssertEqual(ScrollIndicator.opacity(sinceMotion: 0), 1)
        XCTAssertEqual(ScrollIndicator.opacity(sinceMotion: 1.2), 1)
        XCTAssertEqual(ScrollIndicator.opacity(sinceMotion: 1.325), 0.5, accuracy: 1e-9)
        XCTAssertEqual(ScrollIndicator.opacity(sinceMotion: 1.45), 0, accuracy: 1e-9)
        let t = KeyframeTimeline(keyframes: [
            .init(time: 0, offset: 0), .init(time: 1, offset: 0),
            .init(time: 2, offset: 100), .init(time: 5, offset: 100),
        ])
        XCTAssertEqual(t.state(at: 0.5).indicatorOpacity, 0, "before the first motion")
        XCTAssertEqual(t.state(at: 1.5).indicatorOpacity, 1, "while moving")
        XCTAssertEqual(t.state(at: 3.1).indicatorOpacity, 1, "1.1 s after the motion")
        XCTAssertEqual(t.state(at: 3.325).indicatorOpacity, 0.5, accuracy: 1e-9)
        XCTAssertEqual(t.state(at: 4).indicatorOpacity, 0)
        XCTAssertEqual(t.state(at: 4), t.state(at: 4.5), "faded-out holds are equal states (their frames are reused)")
    }

    func testGestureTimelineShowsItWhileAFingerIsDown() throws {
        let t = try GestureTimeline(
            steps: [.wait(0.5), .drag(by: -100, to: nil, duration: 0.5, easing: .linear, at: nil), .wait(3)],
            physics: ScrollPhysics(), bounds: 0...1000, viewportHeight: 667,
            touchPlacement: { _ in Point(100, 400) })
        XCTAssertEqual(t.state(at: 0.2).indicatorOpacity, 0)
        XCTAssertEqual(t.state(at: 0.7).indicatorOpacity, 1)
        XCTAssertEqual(t.state(at: 3.5).indicatorOpacity, 1, "the finger is still down")
    }
}
