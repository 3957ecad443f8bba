import Foundation
import RenderFramesKit
import XCTest

/// One writer per output folder (issue 46, item 1): two renders into one folder never mix their
/// frames, a second writer is refused naming the first or waits with `--wait`, shards share,
/// and a lock left by a dead process is no lock.
final class FolderLockTests: XCTestCase {
    var folder = ""

    override func setUpWithError() throws {
        folder = NSTemporaryDirectory() + "folder-lock-\(getpid())-\(name.filter(\.isLetter))"
        try? FileManager.default.removeItem(atPath: folder)
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
    }

    override func tearDown() { try? FileManager.default.removeItem(atPath: folder) }

    func testASecondWriterIsRefusedWithTheFirstsPidAndCommand() throws {
        let first = try FolderLock.acquire(folder, mode: .exclusive, command: "render-frames a.yaml --out out", wait: false)
        XCTAssertThrowsError(try FolderLock.acquire(folder, mode: .exclusive, command: "render-frames b.yaml", wait: false)) { error in
            let said = "\(error)"
            XCTAssertTrue(said.contains("pid \(getpid()): render-frames a.yaml --out out"), said)
            XCTAssertTrue(said.contains("add --wait to wait for it"), said)
        }
        XCTAssertThrowsError(try FolderLock.acquire(folder, mode: .shared, command: "a shard", wait: false), "a shard waits for a whole render too")
        first.release()
        XCTAssertFalse(FileManager.default.fileExists(atPath: folder + "/" + FolderLock.fileName), "the exclusive holder removes the file")
        XCTAssertNoThrow(try FolderLock.acquire(folder, mode: .exclusive, command: "render-frames b.yaml", wait: false).release())
    }

    /// A lock file naming a process that died (the kernel released its lock): taken at once, and
    /// rewritten with the new holder.
    func testALockLeftByADeadProcessIsTaken() throws {
        try "pid 999999: render-frames killed.yaml\n".write(toFile: folder + "/" + FolderLock.fileName, atomically: true, encoding: .utf8)
        let lock = try FolderLock.acquire(folder, mode: .exclusive, command: "render-frames new.yaml", wait: false)
        let text = try String(contentsOfFile: folder + "/" + FolderLock.fileName, encoding: .utf8)
        XCTAssertEqual(text, "pid \(getpid()): render-frames new.yaml\n")
        lock.release()
    }

    /// Shards of one render share the folder; a whole render (or `merge`) waits for all of them.
    func testShardsShareTheFolderAndExcludeAWholeWriter() throws {
        let one = try FolderLock.acquire(folder, mode: .shared, command: "render-frames s.yaml --shard 1/2", wait: false)
        let two = try FolderLock.acquire(folder, mode: .shared, command: "render-frames s.yaml --shard 2/2", wait: false)
        XCTAssertThrowsError(try FolderLock.acquire(folder, mode: .exclusive, command: "merge", wait: false)) { error in
            XCTAssertTrue("\(error)".contains("--shard 1/2; pid \(getpid()): render-frames s.yaml --shard 2/2"), "\(error)")
        }
        one.release()
        XCTAssertTrue(FileManager.default.fileExists(atPath: folder + "/" + FolderLock.fileName), "shard 2 still holds it")
        two.release()
        XCTAssertFalse(FileManager.default.fileExists(atPath: folder + "/" + FolderLock.fileName), "the last shard out removes it")
        XCTAssertNoThrow(try FolderLock.acquire(folder, mode: .exclusive, command: "merge", wait: false).release())
    }

    /// `--wait`: told who it waits for, then holds the lock once the first lets go (on the new
    /// file, since the first removed its own).
    func testWaitTakesTheLockWhenTheHolderLetsGo() throws {
        nonisolated(unsafe) let first = try FolderLock.acquire(folder, mode: .exclusive, command: "render-frames a.yaml", wait: false)
        let released = DispatchSemaphore(value: 0)
        var told: [String] = []
        DispatchQueue.global().async {
            released.wait()
            first.release()
        }
        let second = try FolderLock.acquire(
            folder, mode: .exclusive, command: "render-frames b.yaml", wait: true,
            waiting: { told.append($0); released.signal() })
        XCTAssertEqual(told, ["waiting for pid \(getpid()): render-frames a.yaml to finish writing \(folder)"])
        XCTAssertEqual(try String(contentsOfFile: folder + "/" + FolderLock.fileName, encoding: .utf8), "pid \(getpid()): render-frames b.yaml\n")
        XCTAssertThrowsError(try FolderLock.acquire(folder, mode: .exclusive, command: "c", wait: false), "the second holds it")
        second.release()
    }

    /// Two renders of different scenarios into one folder at once, in both orders, the second
    /// with `--wait` or without: never a mix. Each run ends refused (naming the other) or whole,
    /// and the folder then holds exactly the frames of the scenario its manifest names.
    func testTwoRendersIntoOneFolderNeverMixTheirFrames() throws {
        let head = "device: iphone-8\nfps: 10\nnavigationBar: false\ntimeline:\n  keyframes: [{time: 0, offset: 0}, {time: 2, offset: 300}]\n"
        let a = folder + "/a.yaml", b = folder + "/b.yaml"
        try (head + "rows: {count: 30}\n").write(toFile: a, atomically: true, encoding: .utf8)
        try (head + "rows: {count: 12}\n").write(toFile: b, atomically: true, encoding: .utf8)
        for (scenario, reference) in [(a, folder + "/ref-a"), (b, folder + "/ref-b")] {
            XCTAssertEqual(InProcess.renderTogether([[scenario, "--out", reference, "--scale", "0.25", "--quiet"]])[0].code, 0)
        }
        for (order, wait) in [([a, b], true), ([b, a], true), ([a, b], false), ([b, a], false)] {
            let out = folder + "/out"
            try? FileManager.default.removeItem(atPath: out)
            let results = InProcess.renderTogether(order.map { [$0, "--out", out, "--scale", "0.25", "--quiet", "--jobs", "2"] + (wait ? ["--wait"] : []) })
            for r in results {
                XCTAssertTrue(r.code == 0 || (r.code == 2 && r.stderr.contains("another render-frames is writing this folder")), "\(r.code): \(r.stderr)")
            }
            if wait { XCTAssertEqual(results.map(\.code), [0, 0], "with --wait both finish") }
            let manifest = try XCTUnwrap(Manifest.read(atPath: out + "/manifest.json"))
            let reference = manifest.scenario == a ? folder + "/ref-a" : folder + "/ref-b"
            XCTAssertEqual(manifest.frames.count, 20)
            for frame in manifest.frames {
                XCTAssertEqual(
                    FileManager.default.contents(atPath: out + "/" + frame.file), FileManager.default.contents(atPath: reference + "/" + frame.file),
                    "\(order), wait \(wait): frame \(frame.file) is not the manifest's scenario's")
            }
            XCTAssertFalse(FileManager.default.fileExists(atPath: out + "/" + FolderLock.fileName), "no lock left behind")
        }
    }
}

/// Frames known by their hash (issue 46, item 2): the manifest records each frame's size and
/// XXH3-64; "up to date" renders again a frame cut short, or one edited after the render (its
/// hash, checked for frames newer than the manifest, or for all with `--verify`).
final class FrameHashTests: XCTestCase {
    var folder = ""

    override func setUpWithError() throws {
        folder = NSTemporaryDirectory() + "frame-hash-\(getpid())-\(name.filter(\.isLetter))"
        try? FileManager.default.removeItem(atPath: folder)
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        try "device: iphone-8\nfps: 5\nnavigationBar: false\ntimeline:\n  keyframes: [{time: 0, offset: 0}, {time: 1, offset: 200}]\nrows: {count: 20}\n"
            .write(toFile: folder + "/s.yaml", atomically: true, encoding: .utf8)
    }

    override func tearDown() { try? FileManager.default.removeItem(atPath: folder) }

    func render(_ extra: [String] = []) -> Shell.Result {
        InProcess.renderTogether([[folder + "/s.yaml", "--out", folder + "/out", "--scale", "0.25", "--jobs", "2"] + extra])[0]
    }

    /// XXH3-64 of no bytes, as xxHash's own test vectors give it.
    func testTheHashIsXXH3() {
        XCTAssertEqual(FrameHash.of([]), "2d06800538d394c2")
    }

    func testTheManifestRecordsEachFramesSizeAndHash() throws {
        XCTAssertEqual(render().code, 0)
        let manifest = try XCTUnwrap(Manifest.read(atPath: folder + "/out/manifest.json"))
        for frame in manifest.frames {
            let data = try XCTUnwrap(FileManager.default.contents(atPath: folder + "/out/" + frame.file))
            XCTAssertEqual(frame.bytes, data.count)
            XCTAssertEqual(frame.xxh3, FrameHash.of([UInt8](data)))
        }
    }

    func testAFrameCutShortIsRenderedAgainNotUpToDate() throws {
        XCTAssertEqual(render().code, 0)
        let path = folder + "/out/0002.png"
        let whole = try XCTUnwrap(FileManager.default.contents(atPath: path))
        try whole.prefix(whole.count / 2).write(to: URL(fileURLWithPath: path))
        let again = render()
        XCTAssertEqual(again.code, 0)
        XCTAssertTrue(again.stderr.contains("rendering again: \(folder)/out/0002.png is \(whole.count / 2) bytes where the manifest lists \(whole.count)"), again.stderr)
        XCTAssertFalse(again.stderr.contains("up to date"), again.stderr)
        XCTAssertEqual(FileManager.default.contents(atPath: path), whole)
    }

    /// A byte changed in place (same size): caught by its hash when the file is newer than the
    /// manifest; with its time set back, only `--verify` looks.
    func testAFrameEditedAfterTheRenderIsCaughtByItsHash() throws {
        XCTAssertEqual(render().code, 0)
        let path = folder + "/out/0003.png"
        let whole = try XCTUnwrap(FileManager.default.contents(atPath: path))
        var edited = [UInt8](whole)
        edited[edited.count / 2] ^= 0xFF
        func edit(backdated: Bool) throws {
            try Data(edited).write(to: URL(fileURLWithPath: path))
            let manifestDate = try XCTUnwrap(try FileManager.default.attributesOfItem(atPath: folder + "/out/manifest.json")[.modificationDate] as? Date)
            let date = backdated ? manifestDate.addingTimeInterval(-60) : manifestDate.addingTimeInterval(5)
            try FileManager.default.setAttributes([.modificationDate: date], ofItemAtPath: path)
        }
        try edit(backdated: false)
        let newer = render()
        XCTAssertTrue(newer.stderr.contains("0003.png is not the frame the manifest lists"), newer.stderr)
        XCTAssertEqual(FileManager.default.contents(atPath: path), whole)
        try edit(backdated: true)
        XCTAssertTrue(render().stderr.contains("up to date"), "size and time agree: not hashed without --verify")
        let verified = render(["--verify"])
        XCTAssertTrue(verified.stderr.contains("0003.png is not the frame the manifest lists"), verified.stderr)
        XCTAssertEqual(FileManager.default.contents(atPath: path), whole)
    }

    /// `--resume` keeps a whole frame only when it is the one its manifest lists: another frame
    /// of the right size copied over it is rendered again.
    func testResumeRendersAgainAFrameReplacedByAnotherPicture() throws {
        XCTAssertEqual(render().code, 0)
        let path = folder + "/out/0003.png"
        let original = try XCTUnwrap(FileManager.default.contents(atPath: path))
        try XCTUnwrap(FileManager.default.contents(atPath: folder + "/out/0001.png")).write(to: URL(fileURLWithPath: path))
        let resumed = render(["--resume"])
        XCTAssertEqual(resumed.code, 0, resumed.stderr)
        XCTAssertEqual(FileManager.default.contents(atPath: path), original)
    }

    /// `encode` refuses frames that are not the manifest's, naming the frame.
    func testEncodeRefusesAFrameReplacedAfterTheRender() throws {
        XCTAssertEqual(render().code, 0)
        let other = try XCTUnwrap(FileManager.default.contents(atPath: folder + "/out/0001.png"))
        try other.write(to: URL(fileURLWithPath: folder + "/out/0004.png"))
        XCTAssertThrowsError(try EncodingPlan(frames: folder + "/out", outputs: [folder + "/a.gif"])) { error in
            XCTAssertTrue("\(error)".contains("0004.png"), "\(error)")
        }
    }
}
