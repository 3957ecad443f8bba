import Foundation
import RenderFramesKit
import UIKit
import UIKitExampleScreens
import XCTest

/// Frames a UIKit screen's code drew are stamped with that code: another screen rendered with the
/// same scenario into the same folder is not "up to date", and `encode` decodes them rather than
/// drawing the scenario file's own screen again (which, for a UIKit screen's scenario, is the
/// default profile: a blurred photo header came out as a blue one).
final class CodeScreenStampTests: XCTestCase {
    func testFramesOfAScreensCodeNameItAndAreNeverDrawnAgainFromTheScenario() throws {
        let out = NSTemporaryDirectory() + "uikit-code-stamp-\(getpid())"
        defer { try? FileManager.default.removeItem(atPath: out) }
        let scenario = ExampleTwinTests.scenarios + "/profile.yaml"
        try renderFrames(of: { ProfileViewController() }, scenario: scenario, out: out, frames: "0", scale: 0.25, jobs: 1)
        let first = try XCTUnwrap(Manifest.read(atPath: out + "/manifest.json"))
        XCTAssertEqual(first.inputParts?.settings["screen"], "ProfileViewController")
        let plain = try Data(contentsOf: URL(fileURLWithPath: out + "/0000.png"))

        try renderFrames(of: { UINavigationController(rootViewController: FollowProfileViewController()) }, scenario: scenario, out: out,
            frames: "0", scale: 0.25, jobs: 1)
        let second = try XCTUnwrap(Manifest.read(atPath: out + "/manifest.json"))
        XCTAssertEqual(second.inputParts?.settings["screen"], "UINavigationController (FollowProfileViewController)")
        XCTAssertNotEqual(second.inputs, first.inputs)
        // Drawn again, not kept as up to date: the Follow button is in the frame.
        XCTAssertNotEqual(try Data(contentsOf: URL(fileURLWithPath: out + "/0000.png")), plain)

        guard case .frames(let reason) = EncodingRoute.choose(for: second, folder: out) else {
            return XCTFail("encode would draw the scenario's own screen again")
        }
        XCTAssertEqual(reason, "its frames were drawn by UINavigationController (FollowProfileViewController)'s code")
    }
}
