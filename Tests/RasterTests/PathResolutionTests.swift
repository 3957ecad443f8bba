import Foundation
import XCTest
import Raster

/// The one resolution of paths (`ResolvedPath`, behind `OutputPath.identity`): `..` applied after
/// the links before it, as the kernel and `mkdir -p` walk a path, also where part of it is
/// absent; device and inode where it exists; a bound on the links followed.
final class PathResolutionTests: XCTestCase {
    var tmp = ""
    override func setUpWithError() throws {
        let made = NSTemporaryDirectory() + "resolution-\(getpid())-\(name.filter(\.isLetter))"
        try? FileManager.default.removeItem(atPath: made)
        try FileManager.default.createDirectory(atPath: made + "/d/real", withIntermediateDirectories: true)
        tmp = ResolvedPath(made).path
        try FileManager.default.createSymbolicLink(atPath: tmp + "/lnk", withDestinationPath: tmp + "/d/real")
    }
    override func tearDown() { try? FileManager.default.removeItem(atPath: tmp) }

    /// `lnk/../absent/../x` is `x` beside the link's target (where `mkdir -p` makes it), not
    /// `x` beside the link: the output-path identity and the overlap checks agree.
    func testDotDotAfterALinkAndAnAbsentFolderIsAppliedAsTheKernelDoes() throws {
        let spelled = tmp + "/lnk/../absent/../x"
        XCTAssertEqual(ResolvedPath(spelled).path, tmp + "/d/x")
        XCTAssertEqual(OutputPath.resolved(spelled), tmp + "/d/x")
        XCTAssertEqual(OutputPath.identity(spelled), OutputPath.identity(tmp + "/d/x"))
        XCTAssertNotEqual(OutputPath.identity(spelled), OutputPath.identity(tmp + "/x"))
        // An existing folder reached through an absent one (stat refuses the spelling): by inode.
        XCTAssertEqual(OutputPath.identity(tmp + "/lnk/../absent/.."), OutputPath.identity(tmp + "/d"))
        guard case .file = OutputPath.identity(tmp + "/lnk/../absent/..") else { return XCTFail("an existing folder has an inode") }
        XCTAssertTrue(ResolvedPath(tmp + "/d").contains(ResolvedPath(spelled)))
        XCTAssertTrue(ResolvedPath(tmp + "/lnk/../absent/..").isSame(as: ResolvedPath(tmp + "/d/real/..")))
        // A relative link is walked from its own folder.
        try FileManager.default.createSymbolicLink(atPath: tmp + "/d/rel", withDestinationPath: "real/../real")
        XCTAssertEqual(ResolvedPath(tmp + "/d/rel/new").path, tmp + "/d/real/new")
    }

    /// A chain of links is followed up to the bound; one link more and the first stands as written.
    func testLinksAreFollowedUpToTheBound() throws {
        func chain(_ prefix: String, _ count: Int) throws -> String {
            var target = tmp + "/d/real"
            for k in 0..<count {
                let link = "\(tmp)/\(prefix)\(k)"
                try FileManager.default.createSymbolicLink(atPath: link, withDestinationPath: target)
                target = link
            }
            return target
        }
        let within = try chain("a", ResolvedPath.linkLimit)
        XCTAssertEqual(ResolvedPath(within + "/f").path, tmp + "/d/real/f")
        let past = try chain("b", ResolvedPath.linkLimit + 1)
        XCTAssertEqual(ResolvedPath(past + "/f").path, past + "/f")
        // A loop ends too, standing as written.
        try FileManager.default.createSymbolicLink(atPath: tmp + "/p", withDestinationPath: tmp + "/q")
        try FileManager.default.createSymbolicLink(atPath: tmp + "/q", withDestinationPath: tmp + "/p")
        XCTAssertEqual(ResolvedPath(tmp + "/p/../x").path, tmp + "/x")
    }
}
