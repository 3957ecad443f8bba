import Foundation
import RenderFramesKit
@testable import UIKit
import XCTest

/// `--jobs 1`, `--jobs 2` and a selection of frames give the same bytes: a UIKit screen's scenario
/// rendered into `base`/one (with each frame's layers), `base`/two and `base`/some (`selected`
/// only, with layers), every frame of the first compared with the second's and each selected frame
/// with the selection's. Returns the first folder's PNG names.
enum SameBytes {
    @discardableResult
    static func check(
        _ make: @escaping @MainActor () -> UIViewController, scenario: String, in base: String, selected: ClosedRange<Int>,
        file: StaticString = #filePath, line: UInt = #line
    ) throws -> [String] {
        try renderFrames(of: make, scenario: scenario, out: base + "/one", layout: true, scale: 1, jobs: 1)
        try renderFrames(of: make, scenario: scenario, out: base + "/two", scale: 1, jobs: 2)
        try renderFrames(of: make, scenario: scenario, out: base + "/some", layout: true, frames: "\(selected.lowerBound)-\(selected.upperBound)", scale: 1, jobs: 1)
        let names = try FileManager.default.contentsOfDirectory(atPath: base + "/one").filter { $0.hasSuffix(".png") }.sorted()
        func bytes(_ folder: String, _ name: String) -> Data? { FileManager.default.contents(atPath: base + "/" + folder + "/" + name) }
        for name in names { XCTAssertEqual(bytes("one", name), bytes("two", name), name, file: file, line: line) }
        for i in selected {
            let name = String(format: "%04d.png", i)
            XCTAssertNotNil(bytes("some", name), name, file: file, line: line)
            XCTAssertEqual(bytes("one", name), bytes("some", name), name, file: file, line: line)
        }
        return names
    }
}
