import Foundation
import Raster
import XCTest
@testable import GoldenCompare

final class ResolvedPathTests: XCTestCase {
    var tmp = ""

    override func setUpWithError() throws {
        tmp = NSTemporaryDirectory() + "resolved-\(getpid())-\(name.filter(\.isLetter))"
        try? FileManager.default.removeItem(atPath: tmp)
        try FileManager.default.createDirectory(atPath: tmp + "/real/inner", withIntermediateDirectories: true)
        try FileManager.default.createSymbolicLink(atPath: tmp + "/link", withDestinationPath: tmp + "/real/inner")
        tmp = ResolvedPath(tmp).path
    }

    override func tearDown() { try? FileManager.default.removeItem(atPath: tmp) }

    func testSpellingsOfOneFolderAreEqual() {
        let real = ResolvedPath(tmp + "/real/inner")
        XCTAssertEqual(ResolvedPath(tmp + "/link"), real, "a link is followed")
        XCTAssertEqual(ResolvedPath(tmp + "/real/./inner/"), real, "dots and slashes dropped")
        XCTAssertEqual(ResolvedPath(tmp + "/real/x/../inner"), real, "a missing folder and .. undone")
        XCTAssertEqual(ResolvedPath("inner", currentDirectory: tmp + "/real"), real, "relative to the current folder")
        // `link/..` is the parent of the link's target (as the kernel walks it), not tmp.
        XCTAssertEqual(ResolvedPath(tmp + "/link/.."), ResolvedPath(tmp + "/real"))
        // A folder not made yet is placed where it would be.
        XCTAssertEqual(ResolvedPath(tmp + "/link/new/deeper").path, real.path + "/new/deeper")
    }

    func testContainsIsByWholeComponents() {
        let a = ResolvedPath(tmp + "/real")
        XCTAssertTrue(a.contains(ResolvedPath(tmp + "/link")))
        XCTAssertTrue(a.contains(a))
        XCTAssertFalse(a.contains(ResolvedPath(tmp + "/real-diff")), "a sibling sharing a prefix is not inside")
        XCTAssertFalse(ResolvedPath(tmp + "/link").contains(a))
        XCTAssertTrue(ResolvedPath(tmp + "/link").overlaps(a))
        XCTAssertTrue(ResolvedPath("/").contains(a))
    }

    func testALinkLoopOrDanglingLinkStandsAsWritten() throws {
        try FileManager.default.createSymbolicLink(atPath: tmp + "/loop", withDestinationPath: tmp + "/loop")
        try FileManager.default.createSymbolicLink(atPath: tmp + "/dangling", withDestinationPath: tmp + "/nowhere")
        XCTAssertEqual(ResolvedPath(tmp + "/loop/x").path, tmp + "/loop/x")
        XCTAssertEqual(ResolvedPath(tmp + "/dangling").path, tmp + "/dangling")
    }

    func testOverlappingFoldersAreNamedWithTheFix() {
        let frames = FolderOverlap.Folder("--out", tmp + "/real")
        XCTAssertNil(FolderOverlap.framesAndGoldens(frames: frames, golden: .init("--golden", tmp + "/goldens")))
        let same = FolderOverlap.framesAndGoldens(frames: frames, golden: .init("--golden", tmp + "/real/inner/.."))
        XCTAssertTrue(same?.contains("checked against themselves and always pass") == true, same ?? "")
        XCTAssertTrue(
            FolderOverlap.framesAndGoldens(frames: frames, golden: .init("--golden", tmp + "/link"))?
                .contains("lies inside --out") == true)
        XCTAssertTrue(
            FolderOverlap.framesAndGoldens(frames: .init("--out", tmp + "/link/f"), golden: .init("--golden", tmp + "/real"))?
                .contains("--out \(tmp)/link/f lies inside --golden") == true)
        XCTAssertNil(FolderOverlap.diffFolder(.init("--diff", tmp + "/real-diff"), compared: [frames]))
        let inside = FolderOverlap.diffFolder(.init("--diff", tmp + "/link/d"), compared: [.init("the golden folder", tmp + "/x"), frames])
        XCTAssertEqual(
            inside,
            "--diff \(tmp)/link/d lies inside --out \(tmp)/real: its expected / actual / diff images would sit among "
                + "the frames and be compared as frames next time; write them outside the compared folders, such as \(tmp)/real-diff")
    }

    func testCompareRefusesADiffFolderInsideEitherSideBeforeWriting() throws {
        for side in ["a", "b"] {
            try FileManager.default.createDirectory(atPath: "\(tmp)/\(side)", withIntermediateDirectories: true)
            try Data(PNGEncoder().encode(Pixmap(width: 4, height: 4, fill: Color(side == "a" ? 10 : 90, 0, 0).premultiplied)))
                .write(to: URL(fileURLWithPath: "\(tmp)/\(side)/0000.png"))
        }
        try FileManager.default.createSymbolicLink(atPath: tmp + "/b-link", withDestinationPath: tmp + "/b")
        for diff in ["\(tmp)/a", "\(tmp)/a/diff", "\(tmp)/b/./x/../diff", "\(tmp)/b-link/diff"] {
            XCTAssertThrowsError(try FolderComparison.compare(actual: "\(tmp)/a", golden: "\(tmp)/b", diffDirectory: diff)) { error in
                XCTAssertTrue("\(error)".hasPrefix("--diff \(diff) "), "\(error)")
                XCTAssertTrue("\(error)".contains("compared as frames next time"), "\(error)")
            }
            XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: "\(tmp)/a"), ["0000.png"], "nothing written")
            XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: "\(tmp)/b"), ["0000.png"], "nothing written")
        }
        // Beside them it works, and the frames differ (80 levels of red).
        let verdicts = try FolderComparison.compare(actual: "\(tmp)/a", golden: "\(tmp)/b", diffDirectory: "\(tmp)/diff")
        XCTAssertEqual(verdicts.map(\.passed), [false])
        XCTAssertEqual(verdicts[0].result?.worstLevels, 80)
        XCTAssertTrue(verdicts[0].failureLine.hasSuffix("worst at (0, 0), a channel 80 levels off"), verdicts[0].failureLine)
    }
}
