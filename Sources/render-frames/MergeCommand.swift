import Animation
import ArgumentParser
import Foundation
import GoldenCompare
import Raster
import RenderFramesKit
import Scene

struct Merge: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Merge the shards' manifests in a folder into manifest.json, or their HTML reports into one.",
        usage: """
            render-frames merge <frames-dir>
              render-frames merge --report <dir> [<shard-report-dir> ...]
            """,
        discussion: """
            Frames: copy every shard's output (frames and manifest.shard-I-of-N.json) into one folder, then run this. \
            The result is byte-identical to a single run.

            Reports: each shard's --report writes its part of a scenario under its own name, so reports copied into one folder \
            (as actions/download-artifact with merge-multiple does) need only --report DIR to rewrite index.html; reports in \
            separate folders are folded into DIR first.

            Refused, writing nothing: shard manifests of two splits in the folder (1/2 and 1/3), a missing or interrupted \
            shard, two shards that hold the same frames, shards rendered from different inputs (scenario, images, fonts, \
            settings, tool).

            Exit codes: 0 merged, 2 shards missing or inconsistent, or not a report folder.
            """)

    @Argument(help: ArgumentHelp("The folder holding every shard's frames; with --report, shard report folders to fold in.", valueName: "dir"))
    var directories: [String] = []

    @Option(name: .long, help: ArgumentHelp("Merge HTML reports into this folder and rewrite its index.html.", valueName: "dir"))
    var report: String?

    func validate() throws {
        if report == nil && directories.count != 1 {
            throw ValidationError(directories.isEmpty ? "give the folder holding the shards' frames (or --report DIR to merge reports)"
                : "merge takes one frames folder; to merge HTML reports use --report DIR followed by the shards' report folders")
        }
    }

    func run() throws {
        if let report {
            try OutputPath.checkFolder(report, option: "--report", files: HTMLReport.isWritten, folders: HTMLReport.isFolder)
            let copied = try HTMLReport.merge(into: report, from: directories)
            let scenarios = try HTMLReport.scenarios(in: report)
            guard !scenarios.isEmpty else {
                throw BadInput("\(report): no report data to merge (no data/*.json); give the folder --report wrote, or the shards' report folders after it")
            }
            let frames = scenarios.map(\.frames.count).reduce(0, +), failed = scenarios.map(\.failed).reduce(0, +)
            print("\(report)/index.html: \(scenarios.count) scenario(s), \(frames) frames, \(failed) differ"
                + (directories.isEmpty ? "" : " (\(copied) part(s) from \(directories.count) folder(s))"))
            return
        }
        let directory = directories[0]
        try OutputPath.checkFile(directory + "/manifest.json", option: "folder")
        // Shards that shared this folder merged themselves when the last one finished.
        if !ShardMerge.holdsShardManifests(directory), let whole = Manifest.read(atPath: directory + "/manifest.json"),
           whole.partial != true, !whole.frames.isEmpty {
            print("\(directory)/manifest.json: already whole, \(whole.frames.count) frames; no shard manifests are left to merge "
                + "(shards sharing a folder merge when the last one finishes)")
            return
        }
        let m = try ShardMerge.merge(directory)
        print("\(directory)/manifest.json: \(m.frames.count) frames from the shards")
    }
}
