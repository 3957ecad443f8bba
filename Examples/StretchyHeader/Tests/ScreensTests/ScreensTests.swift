import Foundation
import RenderFramesKit
import Screens
import UIKit
import XCTest

/// The view controllers in Sources/Screens, as an app's tests would check them on Linux: a few
/// frames of each against goldens recorded by the tool (Goldens/screens/NAME).
final class ScreensTests: XCTestCase {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    static let scenarios = root.appendingPathComponent("Scenarios").path
    static let goldens = root.appendingPathComponent("Goldens/screens").path

    func testProfile() throws {
        try assertFrames(
            of: { ProfileViewController() }, scenario: Self.scenarios + "/profile.yaml", golden: Self.goldens + "/profile",
            frames: "0,14,50,62", scale: 1)
    }

    /// Dark mode and an accessibility text size, from one scenario's matrix (four variants).
    func testProfileVariants() throws {
        try assertFrames(
            of: { ProfileViewController() }, scenario: Self.scenarios + "/profile-variants.yaml",
            golden: Self.goldens + "/profile-variants", frames: "20", scale: 1)
    }

    /// The profile placed by constraints draws the hand-framed profile's frames: the same goldens.
    func testProfileWithConstraints() throws {
        try assertFrames(
            of: { ProfileConstraintsViewController() }, scenario: Self.scenarios + "/profile.yaml", golden: Self.goldens + "/profile",
            frames: "0,14,50,62", scale: 1)
    }

    /// A blur over the header scrubbed by a paused property animator from the pull: none at
    /// rest, half in halfway through the pull, all of it at the pull's end, none again at rest.
    func testBlurHeader() throws {
        try assertFrames(
            of: { BlurHeaderViewController() }, scenario: Self.scenarios + "/blur-header.yaml", golden: Self.goldens + "/blur-header",
            frames: "0,9,18,50", scale: 1)
    }

    /// Core Animation in a stretchy header: the ring's strokeEnd follows the pull (frame 6); past
    /// the trigger its arc chases round (strokeEnd and strokeStart in a repeating group) while the
    /// avatar pulses (frames 15 and 22), and still chases while the pull is held (frame 27).
    func testPullSpinner() throws {
        try assertFrames(
            of: { PullSpinnerViewController() }, scenario: Self.scenarios + "/pull-spinner.yaml", golden: Self.goldens + "/pull-spinner",
            frames: "6,15,22,27", scale: 1)
    }

    /// A tap on the Follow button (issue 45), the touch shown: the finger down (frame 10); lifted at
    /// 0.4 s, the button says "Following", its title laid out inside the spring's block so the
    /// text, stretched to the label's springing frame, stays inside the pill (frame 13), wider and greener (frame 17), settled green (frame 35).
    /// Then a flick up: the name, once under the header, slides up into it on its own 0.3 s while
    /// the list glides (frame 43: a third of the way, faint; 46: nearly in place), and rests there (frame 70).
    func testFollowButton() throws {
        try assertFrames(
            of: { FollowProfileViewController() }, scenario: Self.scenarios + "/follow.yaml", golden: Self.goldens + "/follow",
            frames: "10,13,17,35,43,46,70", scale: 1)
    }

    /// A list with a pushed detail (issue 45).
    func testListDetail() throws {
        try assertFrames(
            of: { UINavigationController(rootViewController: TrailListViewController()) }, scenario: Self.scenarios + "/list-detail.yaml",
            golden: Self.goldens + "/list-detail", frames: "0,17,30,47", scale: 1)
    }

    /// The list and detail's push and pop give the same bytes with one worker and two, and for a
    /// selection of frames in the pop (the tap and the push before it replayed).
    func testListDetailIsTheSameForAnyWorkers() throws {
        let base = NSTemporaryDirectory() + "list-detail-jobs-\(getpid())"
        defer { try? FileManager.default.removeItem(atPath: base) }
        let make: @MainActor () -> UIViewController = { UINavigationController(rootViewController: TrailListViewController()) }
        let scenario = Self.scenarios + "/list-detail.yaml"
        try renderFrames(of: make, scenario: scenario, out: base + "/one", scale: 1, jobs: 1)
        try renderFrames(of: make, scenario: scenario, out: base + "/two", scale: 1, jobs: 2)
        try renderFrames(of: make, scenario: scenario, out: base + "/some", frames: "45-46", scale: 1)
        let names = try FileManager.default.contentsOfDirectory(atPath: base + "/one").filter { $0.hasSuffix(".png") }.sorted()
        XCTAssertEqual(names.count, 66)
        for name in names {
            XCTAssertEqual(FileManager.default.contents(atPath: base + "/one/" + name), FileManager.default.contents(atPath: base + "/two/" + name), name)
        }
        for name in ["0045.png", "0046.png"] {
            XCTAssertEqual(FileManager.default.contents(atPath: base + "/one/" + name), FileManager.default.contents(atPath: base + "/some/" + name), name)
        }
    }

    func testSettings() throws {
        try assertFrames(
            of: { UINavigationController(rootViewController: SettingsViewController()) }, scenario: Self.scenarios + "/settings.yaml",
            golden: Self.goldens + "/settings", frames: "0,20", scale: 1)
    }

    /// Auto Layout: the photo's height constraint follows the pull; the navigation view fades in.
    func testStretchyTable() throws {
        try assertFrames(
            of: { StretchyTableViewController() }, scenario: Self.scenarios + "/stretchy-table.yaml",
            golden: Self.goldens + "/stretchy-table", frames: "0,14,44,60", scale: 1)
    }

    /// A paging carousel in a vertical scroll view: two sideways swipes page it (the page control
    /// follows), then a vertical drag scrolls the screen.
    func testCarousel() throws {
        try assertFrames(
            of: { CarouselViewController() }, scenario: Self.scenarios + "/carousel.yaml", golden: Self.goldens + "/carousel",
            frames: "0,9,30,38,60,90", scale: 1)
    }

    /// The stretchy collection header in its navigation controller: stretched by the
    /// pull, mid-fling down the grid, and stretched again by the bounce at the top.
    func testStretchyCollection() throws {
        try assertFrames(
            of: { UINavigationController(rootViewController: StretchyCollectionViewController()) }, scenario: Self.scenarios + "/collection.yaml",
            golden: Self.goldens + "/collection", frames: "17,50,86", scale: 1)
    }

    /// Self-sizing mail cells under a large title: at rest, pushed up (the title collapsed), in
    /// the fling down the list, and in the bounce at the top.
    func testMail() throws {
        try assertFrames(
            of: { UINavigationController(rootViewController: MailViewController()) }, scenario: Self.scenarios + "/mail.yaml",
            golden: Self.goldens + "/mail", frames: "0,24,50,120", scale: 1)
    }
}
