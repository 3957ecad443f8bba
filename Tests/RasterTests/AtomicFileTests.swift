import Foundation
import XCTest
import Raster

/// The one atomic-write helper every writer uses, and the checks of output paths: FIFOs, folders
/// and links made in a temporary folder (never a real device).
final class AtomicFileTests: XCTestCase {
    var tmp = ""
    override func setUpWithError() throws {
        tmp = NSTemporaryDirectory() + "atomic-\(getpid())-\(name.filter(\.isLetter))"
        try? FileManager.default.removeItem(atPath: tmp)
        try FileManager.default.createDirectory(atPath: tmp + "/sub", withIntermediateDirectories: true)
    }
    override func tearDown() { try? FileManager.default.removeItem(atPath: tmp) }

    func isFIFO(_ path: String) -> Bool {
        var s = stat()
        return lstat(path, &s) == 0 && (s.st_mode & S_IFMT) == S_IFIFO
    }

    func testWhatStandsAtAPathIsNamed() throws {
        XCTAssertEqual(mkfifo(tmp + "/pipe", 0o644), 0)
        _ = FileManager.default.createFile(atPath: tmp + "/file", contents: Data())
        try FileManager.default.createSymbolicLink(atPath: tmp + "/to-pipe", withDestinationPath: tmp + "/pipe")
        try FileManager.default.createSymbolicLink(atPath: tmp + "/dangling", withDestinationPath: tmp + "/none")
        XCTAssertEqual(FileKind.at(tmp + "/pipe"), .fifo)
        XCTAssertEqual(FileKind.at(tmp + "/to-pipe"), .fifo, "a link is what it leads to")
        XCTAssertEqual(FileKind.at(tmp + "/file"), .regularFile)
        XCTAssertEqual(FileKind.at(tmp + "/sub"), .folder)
        XCTAssertEqual(FileKind.at(tmp + "/dangling"), .brokenLink)
        XCTAssertEqual(FileKind.at(tmp + "/none"), .absent)
        XCTAssertEqual(FileKind.fifo.phrase, "a FIFO (named pipe)")
        XCTAssertEqual(FileKind.characterDevice.phrase, "a character device")
        XCTAssertThrowsError(try OutputPath.checkFile(tmp + "/pipe", option: "--out")) { error in
            XCTAssertEqual(
                "\(error)",
                "\(tmp)/pipe: is a FIFO (named pipe), not a regular file; only a regular file is replaced: remove it, or give another --out")
        }
        XCTAssertNoThrow(try OutputPath.checkFile(tmp + "/file", option: "--out"))
        XCTAssertNoThrow(try OutputPath.checkFile(tmp + "/new", option: "--out"))
        XCTAssertThrowsError(try OutputPath.checkFolder(tmp + "/pipe/frames", option: "--out"))
        XCTAssertNoThrow(try OutputPath.checkFolder(tmp + "/sub/new/deeper", option: "--out"))
    }

    func testOneFileHasOneIdentityHoweverSpelled() throws {
        let a = tmp + "/a.gif"
        // Absent: by the resolved path.
        XCTAssertEqual(OutputPath.identity(a), OutputPath.identity(tmp + "/sub/../a.gif"))
        XCTAssertEqual(OutputPath.identity(a), OutputPath.identity(tmp + "/./a.gif"))
        XCTAssertNotEqual(OutputPath.identity(a), OutputPath.identity(tmp + "/sub/a.gif"))
        try FileManager.default.createSymbolicLink(atPath: tmp + "/linked", withDestinationPath: tmp + "/sub")
        XCTAssertEqual(OutputPath.identity(tmp + "/linked/b.gif"), OutputPath.identity(tmp + "/sub/b.gif"), "a linked folder resolved")
        // Existing: by device and inode, a hard link too.
        _ = FileManager.default.createFile(atPath: a, contents: Data("x".utf8))
        XCTAssertEqual(link(a, tmp + "/hard.gif"), 0)
        try FileManager.default.createSymbolicLink(atPath: tmp + "/soft.gif", withDestinationPath: a)
        let repeated = OutputPath.firstRepeat([tmp + "/other.gif", tmp + "/soft.gif", tmp + "/hard.gif"])
        XCTAssertEqual(repeated?.first, tmp + "/soft.gif")
        XCTAssertEqual(repeated?.second, tmp + "/hard.gif")
        XCTAssertNil(OutputPath.firstRepeat([a, tmp + "/sub/a.gif"]))
    }

    /// A FIFO that appears at the target while the file is written is not replaced: the rename is
    /// refused, the temporary file removed.
    func testATargetThatBecameAFIFOIsNotReplaced() throws {
        let target = tmp + "/demo.gif"
        let file = try AtomicFile(path: target)
        try file.append(Array("GIF89a".utf8))
        XCTAssertEqual(mkfifo(target, 0o644), 0)
        XCTAssertThrowsError(try file.commit()) { error in
            XCTAssertEqual(
                "\(error)", "\(target): is a FIFO (named pipe), not a regular file; only a regular file is replaced: remove it, or give another path")
        }
        XCTAssertTrue(isFIFO(target))
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: tmp).sorted(), ["demo.gif", "sub"], "no temporary file left")
    }

    func testAFileDroppedUnfinishedLeavesTheOldOne() throws {
        let target = tmp + "/demo.gif"
        _ = FileManager.default.createFile(atPath: target, contents: Data("old".utf8))
        do {
            let file = try AtomicFile(path: target)
            try file.append(Array("new, half".utf8))
        }
        XCTAssertEqual(try String(contentsOfFile: target, encoding: .utf8), "old")
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: tmp).sorted(), ["demo.gif", "sub"])
    }

    func testWritesReplaceRegularFilesAndWriteThroughLinks() throws {
        let real = tmp + "/sub/real.txt", link = tmp + "/link.txt"
        _ = FileManager.default.createFile(atPath: real, contents: Data("old".utf8))
        chmod(real, 0o640)
        try FileManager.default.createSymbolicLink(atPath: link, withDestinationPath: "sub/real.txt")
        try AtomicFile.write(Array("new".utf8), to: link)
        XCTAssertEqual(try FileManager.default.destinationOfSymbolicLink(atPath: link), "sub/real.txt")
        XCTAssertEqual(try String(contentsOfFile: real, encoding: .utf8), "new")
        var s = stat()
        XCTAssertEqual(stat(real, &s), 0)
        XCTAssertEqual(s.st_mode & 0o777, 0o640)
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: tmp + "/sub"), ["real.txt"])
        XCTAssertEqual(mkfifo(tmp + "/pipe", 0o644), 0)
        XCTAssertThrowsError(try AtomicFile.write(Array("x".utf8), to: tmp + "/pipe"))
        XCTAssertTrue(isFIFO(tmp + "/pipe"))
    }

    /// Whatever stands at a temporary file's name (a FIFO, a file of another run) is never
    /// removed or written: the write takes a fresh name and still succeeds.
    func testSomethingAtTheTemporaryNameIsLeftAlone() throws {
        let target = tmp + "/demo.gif"
        // Every name a writer of this process has used for its temporary file.
        let pipes = [".tmp-\(getpid())", ".partial-\(getpid())"].map { target + $0 }
        for pipe in pipes { XCTAssertEqual(mkfifo(pipe, 0o644), 0) }
        let taken = target + ".tmp-\(getpid())-2"
        _ = FileManager.default.createFile(atPath: taken, contents: Data("another writer's".utf8))
        try AtomicFile.write(Array("new".utf8), to: target)
        XCTAssertEqual(try String(contentsOfFile: target, encoding: .utf8), "new")
        for pipe in pipes { XCTAssertTrue(isFIFO(pipe), "\(pipe) is still a FIFO") }
        XCTAssertEqual(try String(contentsOfFile: taken, encoding: .utf8), "another writer's")
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: tmp).count, 5, "no temporary file of ours left")
    }
}
