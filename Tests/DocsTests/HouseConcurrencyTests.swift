import Foundation
import XCTest

/// Concurrency the compiler cannot check (issue 44, item 4): the `@unchecked Sendable` conformances
/// and `nonisolated(unsafe)` declarations in Sources/ only go down. The ceilings are the counts now
/// (31 and 22 when this test was written, 10 and 3 now); lower them as declarations are made
/// checkable (the issue's target: 10 and 5). Each that stays says why at its declaration.
final class HouseConcurrencyTests: XCTestCase {
    static let uncheckedSendableCeiling = 10
    static let nonisolatedUnsafeCeiling = 3

    /// How often `word` is written in the code of Sources/**/*.swift (comment lines not counted).
    static func count(_ word: String) throws -> Int {
        let root = DocsPages.root + "/Sources"
        let files = try XCTUnwrap(FileManager.default.subpaths(atPath: root)).filter { $0.hasSuffix(".swift") }
        var n = 0
        for file in files {
            for line in try String(contentsOfFile: root + "/" + file, encoding: .utf8).split(separator: "\n") {
                let code = line.trimmingCharacters(in: .whitespaces)
                guard !code.hasPrefix("//") else { continue }
                let beforeComment = code.components(separatedBy: "//").first ?? ""
                n += beforeComment.components(separatedBy: word).count - 1
            }
        }
        return n
    }

    /// Each declaration the compiler cannot check, with the `//` comment lines right above it
    /// (nil when there are none), as "path:line".
    static func declarations(_ word: String) throws -> [(place: String, comment: String?)] {
        let root = DocsPages.root + "/Sources"
        let files = try XCTUnwrap(FileManager.default.subpaths(atPath: root)).filter { $0.hasSuffix(".swift") }.sorted()
        var out: [(String, String?)] = []
        for file in files {
            let lines = try String(contentsOfFile: root + "/" + file, encoding: .utf8).components(separatedBy: "\n")
            for (i, line) in lines.enumerated() {
                let code = line.trimmingCharacters(in: .whitespaces)
                guard !code.hasPrefix("//"), (code.components(separatedBy: "//").first ?? "").contains(word) else { continue }
                var above: [String] = []
                var k = i - 1
                while k >= 0 {
                    let previous = lines[k].trimmingCharacters(in: .whitespaces)
                    guard previous.hasPrefix("//"), !previous.hasPrefix("///") else { break }
                    above.insert(previous, at: 0)
                    k -= 1
                }
                out.append(("Sources/\(file):\(i + 1)", above.isEmpty ? nil : above.joined(separator: " ")))
            }
        }
        return out
    }

    /// What stays unchecked says why at the declaration: a `// @unchecked:` or
    /// `// nonisolated(unsafe):` comment right above it (not a doc comment) naming what makes it safe.
    func testEachRemainingDeclarationSaysWhyItIsSafe() throws {
        for word in ["@unchecked Sendable", "nonisolated(unsafe)"] {
            let found = try Self.declarations(word)
            XCTAssertFalse(found.isEmpty, "the scan found no \(word): is Sources/ where it looks?")
            let tag = word == "@unchecked Sendable" ? "// @unchecked:" : "// nonisolated(unsafe):"
            for (place, comment) in found {
                XCTAssertTrue(
                    comment?.hasPrefix(tag) == true && (comment?.count ?? 0) > tag.count + 20,
                    "\(place): say on the line above, starting `\(tag)`, why the compiler cannot check it and what makes it safe")
            }
        }
    }

    /// UIKit's classes are Sendable where iOS 18's SDK declares them so (NS_SWIFT_SENDABLE in the
    /// Objective-C headers, `@unchecked Sendable` in Core Graphics' overlay) and only there: an open
    /// class the SDK makes Sendable stays `@unchecked` with its reason; NSParagraphStyle.h marks
    /// neither paragraph style, and Core Graphics makes CGColor, CGImage and CGColorSpace Sendable,
    /// not CGPath.
    func testUIKitClassesAreSendableWhereApplesSDKDeclaresThem() throws {
        let sendable = [
            "UIColor", "UIFont", "UIFontDescriptor", "UIFontMetrics", "UIImage", "UIImageAsset", "SymbolConfiguration",
            "UITraitCollection",
        ]
        let notSendable = ["NSParagraphStyle", "NSMutableParagraphStyle", "CGPath", "CGMutablePath"]
        let root = DocsPages.root + "/Sources/UIKit"
        var declarations: [String: String] = [:]
        for file in try XCTUnwrap(FileManager.default.subpaths(atPath: root)).filter({ $0.hasSuffix(".swift") }) {
            for line in try String(contentsOfFile: root + "/" + file, encoding: .utf8).split(separator: "\n") {
                let code = line.trimmingCharacters(in: .whitespaces)
                guard !code.hasPrefix("//"), let r = code.range(of: #"\bclass [A-Za-z]+\b"#, options: .regularExpression),
                    code[..<r.lowerBound].contains("open ") || code[..<r.lowerBound].contains("public ")
                else { continue }
                declarations[String(code[r].dropFirst("class ".count))] = code
            }
        }
        for name in sendable {
            XCTAssertTrue(try XCTUnwrap(declarations[name], name).contains("Sendable"), "\(name) is Sendable in Apple's SDK")
        }
        for name in notSendable {
            XCTAssertFalse(try XCTUnwrap(declarations[name], name).contains("Sendable"), "\(name) is not Sendable in Apple's SDK")
        }
    }

    func testUncheckedSendableConformancesDoNotGrow() throws {
        let n = try Self.count("@unchecked Sendable")
        XCTAssertGreaterThan(n, 0, "the scan found none: is Sources/ where it looks?")
        XCTAssertLessThanOrEqual(n, Self.uncheckedSendableCeiling, "make the new conformance checkable (a lock, a value type) instead")
    }

    func testNonisolatedUnsafeDeclarationsDoNotGrow() throws {
        let n = try Self.count("nonisolated(unsafe)")
        XCTAssertGreaterThan(n, 0, "the scan found none: is Sources/ where it looks?")
        XCTAssertLessThanOrEqual(n, Self.nonisolatedUnsafeCeiling, "isolate the new state (an actor, a lock, a let) instead")
    }
}
