import Foundation
import Scene
@testable import UIKit

/// The run most UIKit tests drive by hand: an iPhone 15 in light mode at `fps` frames a second for
/// `seconds`, nothing scrolling; the test advances it frame by frame.
@MainActor enum StillRun {
    static func make(fps: Double, seconds: Double, make: @escaping @MainActor () -> UIViewController) -> ScreenRun {
        let settings = ScreenSettings(device: Device.named("iphone-15")!, appearance: .light, typography: .standard, fps: fps, imageFolders: [])
        let motion = KeyframeTimeline(keyframes: [.init(time: 0, offset: 0, easing: .linear), .init(time: seconds, offset: 0, easing: .linear)])
        return ScreenRun(settings: settings, motion: motion, make: make)
    }
}
