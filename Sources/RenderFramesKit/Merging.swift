import Foundation
import Raster

extension ShardMerge {
    /// `merge DIR`: the shards' manifests in `directory` merged into its manifest.json. Returns the
    /// line `merge` prints; a folder already whole (shards sharing it merge when the last one
    /// finishes) is said as such and left alone.
    public static func mergeFolder(_ directory: String) throws -> String {
        try OutputPath.checkFile(directory + "/manifest.json", option: "folder")
        if !holdsShardManifests(directory), let whole = Manifest.read(atPath: directory + "/manifest.json"),
            whole.partial != true, !whole.frames.isEmpty
        {
            return "\(directory)/manifest.json: already whole, \(whole.frames.count) frames; no shard manifests are left to merge "
                + "(shards sharing a folder merge when the last one finishes)"
        }
        let m = try merge(directory)
        return "\(directory)/manifest.json: \(m.frames.count) frames from the shards"
    }

    /// What `merge`'s arguments get wrong (one frames folder, or `--report DIR` and any number of
    /// shard report folders), or nil.
    public static func optionProblem(folders: [String], report: String?) -> String? {
        guard report == nil && folders.count != 1 else { return nil }
        return folders.isEmpty
            ? "give the folder holding the shards' frames (or --report DIR to merge reports)"
            : "merge takes one frames folder; to merge HTML reports use --report DIR followed by the shards' report folders"
    }
}
