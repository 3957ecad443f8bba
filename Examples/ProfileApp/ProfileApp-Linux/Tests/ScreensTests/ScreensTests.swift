import AppScreens
import Foundation
import RenderFramesKit
import UIKit
import XCTest

/// One test per ported screen: the default motion (Scenarios/motion.yaml), a few frames at scale 1
/// against Goldens/CLASS (recorded on the first run outside CI; RENDER_FRAMES_RECORD=all re-records).
final class ScreensTests: XCTestCase {
    func check(_ screen: String) throws {
        _ = try MainActor.assumeIsolated { try PortedApp.screen(screen) }
        try assertFrames(
            of: { (try? PortedApp.screen(screen)) ?? UIViewController() }, scenario: PortedApp.scenarios + "/motion.yaml",
            golden: PortedApp.goldens + "/" + screen, frames: "0,15,40,62,90", scale: 1)
    }

    func testProfileViewController() throws { try check("ProfileViewController") }
}
