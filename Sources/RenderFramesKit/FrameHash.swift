import CXXHash
import Foundation

/// Frames known by their hash: each manifest entry records the frame file's byte size and its
/// XXH3-64 hash (16 hex digits), so "up to date", `encode` and `merge` can tell the frames a
/// render wrote from a frame cut short, edited or replaced by another picture of the same size.
public enum FrameHash {
    /// XXH3-64 of `bytes`, as 16 lowercase hex digits.
    public static func of(_ bytes: [UInt8]) -> String { hex(bytes) }

    /// XXH3-64 of a file's bytes as read (`Data`), without copying them into an array.
    public static func of(_ data: Data) -> String { hex(data) }

    private static func hex(_ bytes: some ContiguousBytes) -> String {
        let h = bytes.withUnsafeBytes { rf_xxh3_64($0.baseAddress, $0.count) }
        let hex = String(h, radix: 16)
        return String(repeating: "0", count: 16 - hex.count) + hex
    }

    /// The hash of the file at `path` (its bytes hashed where they were read, not copied), or nil
    /// when it cannot be read.
    public static func ofFile(_ path: String) -> String? {
        FileManager.default.contents(atPath: path).map { of($0) }
    }
}

extension Manifest {
    /// The first frame the folder no longer holds as this manifest lists it, said in words, or nil.
    /// Cheap first: each frame must be a file of the recorded size; its hash is compared when the
    /// file is newer than the manifest (edited or copied over after the render) or with `verify`.
    /// Entries without a size and hash (manifests of older versions) are checked for presence only.
    public func frameMismatch(in folder: String, manifestPath: String, verify: Bool = false) -> String? {
        var written = stat()
        let manifestTime = stat(manifestPath, &written) == 0 ? written.st_mtim : timespec(tv_sec: Int.max, tv_nsec: 0)
        for frame in frames {
            var info = stat()
            let path = folder + "/" + frame.file
            guard stat(path, &info) == 0, info.st_mode & S_IFMT == S_IFREG else { return "\(frame.file) is missing or not a file" }
            guard let bytes = frame.bytes, let hash = frame.xxh3 else { continue }
            guard Int(info.st_size) == bytes else { return "\(frame.file) is \(info.st_size) bytes where the manifest lists \(bytes)" }
            let newer = (info.st_mtim.tv_sec, info.st_mtim.tv_nsec) > (manifestTime.tv_sec, manifestTime.tv_nsec)
            if verify || newer, FrameHash.ofFile(path) != hash {
                return "\(frame.file) is not the frame the manifest lists (its bytes changed after the render)"
            }
        }
        return nil
    }
}
