import ArgumentParser
import GoldenCompare

struct Compare: ParsableCommand {
    static let configuration = CommandConfiguration(abstract: "Compare frames with golden frames (folders or single PNGs).",
        discussion: "Exit codes: 0 all frames match, 1 differences (or frames missing on either side), 2 bad input.")

    @Argument(help: "Rendered frames: a folder of PNGs or one PNG.") var actual: String
    @Argument(help: "Golden frames: a folder of PNGs or one PNG.") var golden: String
    @OptionGroup var comparison: ComparisonOptions
    @Option(name: .long, help: ArgumentHelp("Folder for expected / actual / diff images of failing frames and summary.json.", valueName: "dir")) var diff: String?
    @Option(name: .long, help: ArgumentHelp("Add this comparison to the HTML report in this folder (open index.html); folders only.", valueName: "dir")) var report: String?
    @Option(name: .long, help: ArgumentHelp("The scenario's name in the report (default: the golden folder's name).", valueName: "name")) var name: String?
    func run() throws {
        let outcome = try Comparison(actual: actual, golden: golden, options: comparison.options, diff: diff, report: report, name: name).run()
        for line in outcome.lines { print(line) }
        if outcome.failed > 0 { throw ExitCode(1) }
    }
}

extension ComparisonError: BadInputError {}
