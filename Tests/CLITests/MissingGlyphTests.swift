import Foundation
import XCTest

/// A character no font has (it would draw as a box) is a warning from `validate` and `explain`:
/// the character, its code point and the fix; the exit code stays 0.
final class MissingGlyphTests: XCTestCase {
    func testACharacterNoFontHasIsAWarning() throws {
        let dir = NSTemporaryDirectory() + "missing-glyph-\(getpid())"
        try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let file = dir + "/tamil.yaml"
        // Tamil KA (U+0B95): none of Inter and the Noto fallbacks has it. Latin, CJK, Arabic and
        // emoji beside it, a joiner and a variation selector are drawn (or draw nothing): no warning.
        try """
        navigationBar: {title: "Café 日本 مرحبا 👍🏽"}
        layers:
          - {type: text, name: t, frame: [0, 100, 300, 40], text: "Tamil \\u0B95 \\u0B95 \\u200D\\uFE0F"}
        timeline: {keyframes: [{time: 0, offset: 0}, {time: 1, offset: 100}]}
        """.write(toFile: file, atomically: true, encoding: .utf8)
        let expected =
            "\(file):3:59: warning: layers[0].text: the character \"\u{0B95}\" (U+0B95) is in none of the scenario's fonts, "
            + "so it draws as a box; name a font that has it in fonts: (fonts.fallback: [a .ttf or .otf file], README, Text)\n"
        let validate = try InProcess.run(CLITests.binary, ["validate", file], cwd: CLITests.root)
        XCTAssertEqual(validate.code, 0, validate.stderr)
        XCTAssertEqual(validate.stderr, expected)
        XCTAssertTrue(validate.stdout.contains("tamil.yaml: ok:"), validate.stdout)
        let explain = try InProcess.run(CLITests.binary, ["explain", file, "--frame", "0"], cwd: CLITests.root)
        XCTAssertEqual(explain.code, 0, explain.stderr)
        XCTAssertEqual(explain.stderr, expected)
        let json = try XCTUnwrap(try JSONSerialization.jsonObject(with: Data(explain.stdout.utf8)) as? [String: Any])
        XCTAssertEqual(json["warnings"] as? [String], [String(expected.dropLast())])

        let fixture = try InProcess.run(CLITests.binary, ["validate", "Fixtures/scenarios/profile.yaml"], cwd: CLITests.root)
        XCTAssertEqual(fixture.stderr, "", "no warning where every character has a font")
    }
}
