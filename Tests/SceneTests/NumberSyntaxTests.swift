import Foundation
import XCTest
@testable import ScenarioFormat
@testable import Scene

/// Whole numbers are read exactly, whatever their size or base; seeds are unsigned 64-bit.
final class NumberSyntaxTests: XCTestCase {
    let minimal = "timeline:\n  keyframes:\n    - {time: 0, offset: 0}\n    - {time: 1, offset: -100}\n"

    func rows(_ rows: String) throws -> Rows? {
        let s = try ScenarioLoader.parse(minimal + "rows: \(rows)\n", file: "s.yaml", baseDirectory: "/nonexistent")
        guard case .rows(let r) = s.screen.content else { XCTFail("no rows"); return nil }
        return r
    }
    func texts(_ r: String) throws -> [String] { try rows(r)?.texts ?? [] }
    func count(_ r: String) throws -> Int { try rows(r)?.count ?? -1 }

    func messages(_ rows: String) -> [String] {
        do {
            _ = try ScenarioLoader.parse(minimal + "rows: \(rows)\n", file: "s.yaml", baseDirectory: "/nonexistent")
            XCTFail("expected an error for rows: \(rows)")
            return []
        } catch {
            return "\(error)".split(separator: "\n").map(String.init)
        }
    }

    func testSeedsAreUnsigned64BitExactly() throws {
        XCTAssertFalse(try texts("{count: 3, texts: uuid, seed: 9223372036854775807}").isEmpty, "Int.max is a seed")
        XCTAssertFalse(try texts("{count: 3, texts: uuid, seed: 18446744073709551615}").isEmpty, "UInt64.max is a seed")
        // Above 2^53 a Double would round these two to one value; they are different seeds.
        XCTAssertNotEqual(try texts("{count: 3, texts: uuid, seed: 9007199254740993}"), try texts("{count: 3, texts: uuid, seed: 9007199254740992}"))
        XCTAssertEqual(try texts("{count: 3, texts: uuid, seed: 0x10}"), try texts("{count: 3, texts: uuid, seed: 16}"))
        XCTAssertEqual(
            messages("{count: 3, texts: uuid, seed: 18446744073709551616}"),
            ["s.yaml:5:37: rows.seed: must be between 0 and 18446744073709551615, got 18446744073709551616"])
        XCTAssertEqual(messages("{count: 3, texts: uuid, seed: -1}"), ["s.yaml:5:37: rows.seed: must be between 0 and 18446744073709551615, got -1"])
        XCTAssertEqual(messages("{count: 3, texts: uuid, seed: 1.5}"), ["s.yaml:5:37: rows.seed: expected a whole number, got 1.5"])
    }

    func testIntegersOfEveryBaseAndSizeGetOneMessage() throws {
        XCTAssertEqual(try count("{count: 0o12}"), 10, "octal, as hexadecimal is")
        XCTAssertEqual(try count("{count: 0x0A}"), 10)
        XCTAssertEqual(try count("{count: 0b1010}"), 10)
        XCTAssertEqual(try count("{count: 1_0}"), 10)
        XCTAssertEqual(messages("{count: 99999999999999999999}"), ["s.yaml:5:15: rows.count: must be between 0 and 10000, got 99999999999999999999"])
        XCTAssertEqual(messages("{count: 1e19}"), ["s.yaml:5:15: rows.count: must be between 0 and 10000, got 1e19"])
        XCTAssertEqual(messages("{count: 2.5}"), ["s.yaml:5:15: rows.count: expected a whole number, got 2.5"])
    }
}
