import Foundation
import XCTest
import Animation
import RenderFramesKit

/// The formats behind one protocol: the registry's messages, and requests that check themselves.
final class AnimationFormatTests: XCTestCase {
    func testTheRegistrySaysWhatEachFormatDecides() {
        XCTAssertEqual(AnimationFormats.all.map(\.name), ["gif", "webp", "mp4", "apng"])
        XCTAssertEqual(AnimationFormats.extensions, ".gif, .webp, .mp4, .apng (or .png with --apng)")
        XCTAssertEqual(AnimationFormats.extensionChoice, ".gif, .webp, .mp4 or .apng")
        XCTAssertEqual(AnimationFormats.losslessApplies, ".webp only (GIF and APNG are lossless already, MP4 is lossy)")
        XCTAssertEqual(AnimationFormats.qualityApplies, ".webp and .mp4; GIF and APNG have no quality setting")
        XCTAssertEqual(AnimationFormats.of(path: "a/demo.GIF")?.name, "gif")
        XCTAssertNil(AnimationFormats.of(path: "demo.png"), "a .png is a frame unless APNG is asked for")
        XCTAssertEqual(AnimationFormats.of(path: "demo.png", claimed: ["apng"])?.name, "apng")
        XCTAssertNil(AnimationFormats.of(path: "demo.png", claimed: ["gif"]))
        XCTAssertEqual(AnimationFormats.video?.name, "mp4")
        // Defaults, even sides and budgets, as before the formats were types.
        let d = AnimationFormats.all.map { $0.defaults(frameWidth: 1179, sourceFPS: 60) }
        XCTAssertEqual(d.map(\.width), [360, 360, 720, 300])
        XCTAssertEqual(d.map(\.fps), [25, 25, 60, 30])
        XCTAssertEqual(MP4Format().defaults(frameWidth: 391, sourceFPS: 30).width, 390)
        XCTAssertEqual(AnimationFormats.all.map(\.defaultBudget), [10_000_000, 10_000_000, nil, 10_000_000])
        XCTAssertEqual(
            d.map(\.description),
            [
                "360 px wide, 25 fps", "360 px wide, 25 fps, quality 75",
                "720 px wide, 60 fps, quality 75 (CRF 23)", "300 px wide, 30 fps",
            ])
    }

    func testARequestChecksItselfWithTodaysMessages() {
        func refusal(_ make: () throws -> AnimationRequest) -> String {
            do { _ = try make(); return "accepted" } catch { return "\(error)" }
        }
        XCTAssertEqual(
            refusal { try AnimationRequest(path: "a.gif", format: GIFFormat(), fps: 60) },
            "a.gif: GIF delays are whole centiseconds and browsers show those under 2 cs as 10 cs, so GIF plays at most 50 fps, "
                + "and 60 was asked; give --fps 50 or less, or use .webp or .apng")
        XCTAssertEqual(
            refusal { try AnimationRequest(path: "a.gif", format: GIFFormat(), lossless: true) },
            "--lossless applies to .webp only; a.gif is gif")
        XCTAssertEqual(
            refusal { try AnimationRequest(path: "a.webp", format: WebPFormat(), width: 8) },
            "--width must be between 16 and 8192 pixels, got 8")
        XCTAssertEqual(
            refusal { try AnimationRequest(path: "a.webp", format: WebPFormat(), fps: 0) },
            "--fps must be above 0 and at most 240, got 0")
        XCTAssertEqual(
            refusal { try AnimationRequest(path: "a.webp", format: WebPFormat(), quality: 101) },
            "--quality must be between 0 and 100, got 101")
        XCTAssertEqual(
            refusal { try AnimationRequest(path: "a.webp", format: WebPFormat(), maxBytes: 999) },
            "--max-bytes must be at least 1KB (or none, also 0, for no limit), got 999")
        XCTAssertEqual(refusal { try AnimationRequest(path: "a.mp4", format: MP4Format(), fps: 60, maxBytes: 0) }, "accepted")
        XCTAssertEqual(try AnimationRequest(path: "a.webp", format: WebPFormat(), lossless: true).budget, 10_000_000)
        XCTAssertNil(try AnimationRequest(path: "a.mp4", format: MP4Format()).budget)
        XCTAssertNil(try AnimationRequest(path: "a.gif", format: GIFFormat(), maxBytes: 0).budget)
        XCTAssertEqual(try AnimationRequest(path: "a.mp4", format: MP4Format(), width: 301).settings(frameWidth: 1179, sourceFPS: 60).width, 300)
    }
}
