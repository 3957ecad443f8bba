import ArgumentParser
import GoldenCompare

struct Summary: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Sum an HTML report up in Markdown, for a CI job summary or a pull-request comment.",
        discussion: """
            One row per scenario, then the worst failing frames' expected / actual / diff crops as images from --image-url (job summaries \
            and comments show images only from URLs). --images-out copies those few images into a folder to publish at that URL. Exit \
            codes: 0 written, 2 not a report folder.

            Example (GitHub Actions): render-frames summary out/report >> "$GITHUB_STEP_SUMMARY"
            """)

    @Argument(help: ArgumentHelp("The folder --report wrote.", valueName: "report-dir")) var report: String
    @Option(name: .long, help: ArgumentHelp("The URL the pictured images will be served at (a folder).", valueName: "url")) var imageURL: String?
    @Option(name: .long, help: ArgumentHelp("Copy the pictured images into this folder, named as the Markdown refers to them.", valueName: "dir")) var imagesOut: String?
    @Option(name: .long, help: ArgumentHelp("Failing frames pictured, the worst first (0-20).", valueName: "n")) var pictured: Int = 4
    @Option(name: .long, help: ArgumentHelp("A first line, hidden in the rendered Markdown, that finds the comment again.", valueName: "text")) var marker: String?
    @Option(name: .long, help: ArgumentHelp("Where the whole report is (a link or a sentence), said at the end.", valueName: "text")) var link: String?
    @Option(name: .long, help: ArgumentHelp("A scenario that could not be rendered, so is not in the report (repeat for each).", valueName: "name")) var unrendered: [String] = []

    func validate() throws {
        if !(0...20).contains(pictured) { throw ValidationError("--pictured must be between 0 and 20, got \(pictured)") }
        if marker?.contains("--") == true { throw ValidationError("--marker cannot contain --, which would end the hidden comment") }
    }
    func run() throws {
        var summary = MarkdownSummary(report: report)
        summary.imageURL = imageURL.map { $0.hasSuffix("/") ? String($0.dropLast()) : $0 }
        (summary.maxPictured, summary.marker, summary.reportLink, summary.unrendered) = (pictured, marker, link, unrendered)
        print(try summary.written(imagesOut: imagesOut), terminator: "")
    }
}
