import Animation
import ArgumentParser
import Foundation
import GoldenCompare
import Raster
import RenderFramesKit
import Scene

struct Compare: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Compare frames with golden frames (folders or single PNGs).",
        discussion: "Exit codes: 0 all frames match, 1 differences (or frames missing on either side), 2 bad input.")

    @Argument(help: "Rendered frames: a folder of PNGs or one PNG.")
    var actual: String

    @Argument(help: "Golden frames: a folder of PNGs or one PNG.")
    var golden: String

    @OptionGroup var comparison: ComparisonOptions

    @Option(name: .long, help: ArgumentHelp("Folder for expected / actual / diff images of failing frames and summary.json.", valueName: "dir"))
    var diff: String?

    @Option(name: .long, help: ArgumentHelp("Add this comparison to the HTML report in this folder (open index.html); folders only.", valueName: "dir"))
    var report: String?

    @Option(name: .long, help: ArgumentHelp("The scenario's name in the report (default: the golden folder's name).", valueName: "name"))
    var name: String?

    func run() throws {
        let options = comparison.options
        if let diff { try OutputPath.checkFolder(diff, option: "--diff", files: FailureImages.isWritten) }
        if let report { try OutputPath.checkFolder(report, option: "--report", files: HTMLReport.isWritten, folders: HTMLReport.isFolder) }
        if let diff, let report { try refuseOneFolderTwice([("--diff", diff), ("--report", report)]) }
        let verdicts = try FolderComparison.compare(actual: actual, golden: golden, options: options, diffDirectory: diff)
        if let report {
            var isDirectory: ObjCBool = false
            guard FileManager.default.fileExists(atPath: actual, isDirectory: &isDirectory), isDirectory.boolValue else {
                throw BadInput("--report compares folders of frames; \(actual) is a file")
            }
            try HTMLReport.add(scenario: name ?? (golden as NSString).lastPathComponent, source: actual, verdicts: verdicts,
                               actualDirectory: actual, goldenDirectory: golden, options: options, to: report)
            print("report: \(report)/index.html")
        }
        let failing = verdicts.filter { !$0.passed }
        let failed = failing.count
        for line in FrameVerdict.summary(failing, golden: golden, missingHint: "compare folders that hold the same frames, or render the missing ones into the golden folder") {
            print("FAIL " + line)
        }
        print("\(verdicts.count - failed) passed, \(failed) failed")
        if failed > 0 {
            if let diff { print("expected / actual / diff images and summary.json in \(diff)") }
            throw ExitCode(1)
        }
    }
}
