import Foundation
import Raster

extension ShardMerge {
    /// `merge DIR`: the shards' manifests in `directory` merged into its manifest.json. Returns the
    /// line `merge` prints; a folder already whole (shards sharing it merge when the last one
    /// finishes) is said as such and left alone.
    public static func mergeFolder(_ directory: String) throws -> String {
        try OutputPath.checkFile(directory + "/manifest.json", option: "folder")
        // Not while a shard (or any render) still writes the folder.
        let lock =
            FileKind.at(directory) == .folder
            ? try FolderLock.acquire(directory, mode: .exclusive, command: FolderLock.commandLine, wait: false, waitOption: nil) : nil
        defer { lock?.release() }
        if !holdsShardManifests(directory), let whole = try Manifest.readChecked(atPath: directory + "/manifest.json"),
            whole.partial != true, !whole.frames.isEmpty
        {
            // Whole only when every frame it lists is there, as a file.
            for frame in whole.frames where FileKind.at(directory + "/" + frame.file) != .regularFile {
                throw RenderError.shard(
                    "\(directory)/manifest.json lists \(frame.file), which is \(FileKind.at(directory + "/" + frame.file) == .absent ? "missing" : "not a file"), "
                        + "and there are no shard manifests to merge; render the frames again (or copy the shards' files here, then merge)")
            }
            return "\(directory)/manifest.json: already whole, \(whole.frames.count) frames; no shard manifests are left to merge "
                + "(shards sharing a folder merge when the last one finishes)"
        }
        let m = try merge(directory)
        return "\(directory)/manifest.json: \(m.frames.count) frames from the shards"
    }
}
