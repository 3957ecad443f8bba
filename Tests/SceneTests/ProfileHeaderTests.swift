import XCTest
import Raster
@testable import ScenarioFormat
@testable import Scene

/// The formulas of behaviour spec section 1.3, with the tutorial's numbers (Hh = 107, stop = 40,
/// avatar 69, label offset 95 and distance 35).
final class ProfileHeaderTests: XCTestCase {
    let fx = ProfileHeaderEffect(headerHeight: 107, stop: 40, avatarSize: 69, labelOffset: 95, labelDistance: 35)

    /// The header's rectangle in its superlayer after its transform (anchor at the centre).
    func headerRect(u: Double, width: Double = 375) -> Rect {
        let layer = Layer(frame: Rect(x: 0, y: 0, width: width, height: 107))
        layer.transform = fx.headerTransform(u: u)
        return layer.transformToSuperlayer.apply(layer.bounds)
    }

    func testHeaderTransformPulledDown55() {
        let s = 55.0 / 107
        let t = fx.headerTransform(u: -55)
        XCTAssertEqual(t.a, 1 + s, accuracy: 1e-12)
        XCTAssertEqual(t.d, 1 + s, accuracy: 1e-12)
        XCTAssertEqual(t.ty, 107 * s / 2, accuracy: 1e-12)
        let r = headerRect(u: -55)
        XCTAssertEqual(r.minY, 0, accuracy: 1e-9, "the top stays put")
        XCTAssertEqual(r.height, 162, accuracy: 1e-9, "it grows by -u")
        XCTAssertEqual(r.midX, 187.5, accuracy: 1e-9, "it grows about its centre")
    }

    func testHeaderTransformAtRestScrolledAndStuck() {
        XCTAssertEqual(fx.headerTransform(u: 0), .translation(0, 0))
        XCTAssertEqual(headerRect(u: 20).minY, -20, accuracy: 1e-12)
        XCTAssertEqual(headerRect(u: 40).minY, -40, accuracy: 1e-12)
        XCTAssertEqual(headerRect(u: 200).minY, -40, accuracy: 1e-12, "it sticks at the stop")
        XCTAssertEqual(headerRect(u: 200).height, 107, accuracy: 1e-12)
    }

    func testStop() {
        XCTAssertEqual(ProfileHeaderEffect.stop(headerHeight: 107, statusBarHeight: 20, navigationBarHeight: nil), 43)
        XCTAssertEqual(ProfileHeaderEffect.stop(headerHeight: 160, statusBarHeight: 54, navigationBarHeight: 44), 62)
    }

    func testAvatarShrinksAboutItsBottomEdge() {
        let avatar = Layer(frame: Rect(x: 40, y: -40, width: 69, height: 69))
        var previousHeight = 70.0
        for u in [0.0, 10, 20, 30, 40, 100] {
            avatar.transform = fx.avatarTransform(u: u)
            let r = avatar.transformToSuperlayer.apply(avatar.bounds)
            XCTAssertEqual(r.maxY, 29, accuracy: 1e-9, "bottom edge fixed at u = \(u)")
            XCTAssertLessThan(r.height, previousHeight + 1e-9)
            previousHeight = r.height
        }
        let sa = 40.0 / 69 / 1.4
        avatar.transform = fx.avatarTransform(u: 40)
        XCTAssertEqual(avatar.transformToSuperlayer.apply(avatar.bounds).height, 69 * (1 - sa), accuracy: 1e-9)
        XCTAssertEqual(fx.avatarTransform(u: -30), .identity, "identity while pulled down")
    }

    func testZSwapAtTheStop() {
        XCTAssertEqual(fx.headerZPosition(u: 0), 0)
        XCTAssertEqual(fx.headerZPosition(u: 40), 0)
        XCTAssertEqual(fx.headerZPosition(u: 40.01), 2)
    }

    func testNameLabelAndBlur() {
        XCTAssertEqual(fx.labelTranslation(u: 0), 95)
        XCTAssertEqual(fx.labelTranslation(u: 95), 0)
        XCTAssertEqual(fx.labelTranslation(u: 112.5), -17.5)
        XCTAssertEqual(fx.labelTranslation(u: 200), -35)
        XCTAssertEqual(fx.blurAlpha(u: 95), 0)
        XCTAssertEqual(fx.blurAlpha(u: 112.5), 0.5)
        XCTAssertEqual(fx.blurAlpha(u: 130), 1)
        XCTAssertEqual(fx.blurAlpha(u: 10), 0)
    }
}

final class ProfileScreenTests: XCTestCase {
    func screen(_ device: String = "iphone-8") throws -> Screen {
        try ScenarioLoader.parse(
            "device: \(device)\nheader: {height: 107, title: Title}\ntimeline: {gestures: [wait: 1]}\n",
            file: "profile.yaml", baseDirectory: "/nonexistent"
        ).screen
    }

    func placement(_ name: String, _ list: [LayerPlacement]) -> LayerPlacement? { list.first { $0.name == name } }

    func testDerivedConstantsMatchTheTutorial() throws {
        let s = try screen()
        let fx = (s.preset as! ProfilePreset).effect(on: s)
        XCTAssertEqual(fx.stop, 43) // 107 - (44 + 20)
        XCTAssertEqual(fx.labelDistance, 35, "centres the 26 pt label in the 44 pt bar")
        XCTAssertEqual(fx.labelOffset, 43 + 61, "u at which the profile name passes under the bar")
    }

    func testLayerOrderSwapsAtTheStop() throws {
        let s = try screen()
        let size = s.device.size
        let below = LayerRenderer.placements(of: s.layers(u: 43, pixelScale: 2), screen: size)
        XCTAssertLessThan(placement("header", below)!.z, placement("avatar", below)!.z, "avatar over the header")
        let above = LayerRenderer.placements(of: s.layers(u: 44, pixelScale: 2), screen: size)
        XCTAssertGreaterThan(placement("header", above)!.z, placement("table", above)!.z, "header over the content")
    }

    func testContentFollowsTheOffset() throws {
        let s = try screen()
        for u in [-120.0, 0, 30, 100] {
            let list = LayerRenderer.placements(of: s.layers(u: u, pixelScale: 2), screen: s.device.size)
            XCTAssertEqual(placement("profile", list)!.frame[1], 107 - u, accuracy: 1e-9)
        }
        let pulled = LayerRenderer.placements(of: s.layers(u: -120, pixelScale: 2), screen: s.device.size)
        XCTAssertEqual(placement("header", pulled)!.frame[3], 227, accuracy: 1e-9)
    }

    func testDevicePresets() {
        XCTAssertTrue(Device.named("iphone-15")!.pixelSize() == (1179, 2556))
        XCTAssertTrue(Device.named("iphone-8")!.pixelSize() == (750, 1334))
        XCTAssertNil(Device.named("iphone-99"))
    }
}

final class TimelineTests: XCTestCase {
    func testKeyframesHoldAndEase() {
        let t = KeyframeTimeline(keyframes: [
            .init(time: 0, offset: 0), .init(time: 1, offset: -100, easing: .linear),
            .init(time: 2, offset: -100), .init(time: 3, offset: 50, easing: .easeInOut),
        ])
        XCTAssertEqual(t.duration, 3)
        XCTAssertEqual(t.state(at: -1).offset, 0)
        XCTAssertEqual(t.state(at: 0.25).offset, -25, accuracy: 1e-12)
        XCTAssertEqual(t.state(at: 1.5).offset, -100)
        XCTAssertEqual(t.state(at: 1.5).phase, .idle)
        XCTAssertEqual(t.state(at: 2.5).offset, -25, accuracy: 1e-9, "ease-in-out is symmetric")
        XCTAssertLessThan(t.state(at: 2.1).offset - -100, 150 * 0.1, "slow start")
        XCTAssertEqual(t.state(at: 9).offset, 50)
        XCTAssertEqual(t.state(at: 2.5).phase, .animating)
    }

    func testEasingEndpoints() {
        for e in Easing.allCases {
            XCTAssertEqual(e.progress(0), 0, accuracy: 1e-9)
            XCTAssertEqual(e.progress(1), 1, accuracy: 1e-9)
        }
        XCTAssertEqual(Easing.easeInOut.progress(0.5), 0.5, accuracy: 1e-9)
    }
}
