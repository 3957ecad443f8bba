import ArgumentParser
import GoldenCompare
import RenderFramesKit

struct Merge: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Merge the shards' manifests in a folder into manifest.json, or their HTML reports into one.",
        usage: """
            render-frames merge <frames-dir>
              render-frames merge --report <dir> [<shard-report-dir> ...]
            """,
        discussion: """
            Frames: copy every shard's output (frames and manifest.shard-I-of-N.json) into one folder, then run this. The result is \
            byte-identical to a single run.

            Reports: each shard's --report writes its part of a scenario under its own name, so reports copied into one folder (as \
            actions/download-artifact with merge-multiple does) need only --report DIR to rewrite index.html; reports in separate folders \
            are folded into DIR first.

            Refused, writing nothing: shard manifests of two splits in the folder (1/2 and 1/3), a missing or interrupted shard, two \
            shards that hold the same frames, shards rendered from different inputs (scenario, images, fonts, settings, tool).

            Exit codes: 0 merged, 2 shards missing or inconsistent, or not a report folder.
            """)

    @Argument(help: ArgumentHelp("The folder holding every shard's frames; with --report, shard report folders to fold in.", valueName: "dir")) var directories: [String] = []
    @Option(name: .long, help: ArgumentHelp("Merge HTML reports into this folder and rewrite its index.html.", valueName: "dir")) var report: String?

    func validate() throws {
        if report == nil && directories.count != 1 {
            throw ValidationError(directories.isEmpty ? "give the folder holding the shards' frames (or --report DIR to merge reports)"
                : "merge takes one frames folder; to merge HTML reports use --report DIR followed by the shards' report folders")
        }
    }
    func run() throws {
        print(try report.map { try HTMLReport.mergeReports(into: $0, from: directories) } ?? ShardMerge.mergeFolder(directories[0]))
    }
}
