import Foundation
import XCTest

/// The house's limits (issue 29): a thin command-line target, a short README (the reference is in
/// docs/), and few files directly in Sources/Scene (the rest in its folders). A change that passes
/// one is to move code into the library or text into docs/, not to raise the limit.
final class HouseLimitTests: XCTestCase {
    func lines(_ path: String) throws -> Int {
        try DocsPages.text(path).split(separator: "\n", omittingEmptySubsequences: false).count - 1
    }

    func swiftFiles(in folder: String) throws -> [String] {
        try FileManager.default.contentsOfDirectory(atPath: DocsPages.root + "/" + folder).filter { $0.hasSuffix(".swift") }.sorted()
    }

    func testTheCommandLineTargetIsUnder450Lines() throws {
        let files = try swiftFiles(in: "Sources/render-frames")
        let total = try files.reduce(0) { $0 + (try lines("Sources/render-frames/" + $1)) }
        XCTAssertGreaterThan(files.count, 3)
        XCTAssertLessThan(total, 450, "Sources/render-frames is \(total) lines: move what is not argument parsing or printing into RenderFramesKit")
    }

    func testTheReadmeIsUnder400Lines() throws {
        XCTAssertLessThan(try lines("README.md"), 400, "README.md: move reference text into docs/")
    }

    func testAtMost12FilesSitDirectlyInScene() throws {
        XCTAssertLessThanOrEqual(try swiftFiles(in: "Sources/Scene").count, 12)
    }
}
