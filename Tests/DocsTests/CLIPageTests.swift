import ArgumentParser
import Foundation
@testable import render_frames
import XCTest

/// docs/cli.md shows each command's `--help` exactly as the tool prints it (80 columns, as when
/// its output is not a terminal), and has a section for every subcommand.
final class CLIPageTests: XCTestCase {
    /// The page's help blocks: a heading "### `render-frames [SUB] --help`" followed by a ```text block.
    static func helpBlocks(_ page: String) -> [String: String] {
        var blocks: [String: String] = [:]
        let lines = page.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        var i = 0
        while i < lines.count {
            let line = lines[i]
            if line.hasPrefix("### `render-frames"), line.hasSuffix(" --help`") {
                let command = String(line.dropFirst("### `".count).dropLast(" --help`".count))
                var j = i + 1
                while j < lines.count, !lines[j].hasPrefix("```") { j += 1 }
                var body: [String] = []
                j += 1
                while j < lines.count, !lines[j].hasPrefix("```") { body.append(lines[j]); j += 1 }
                blocks[command] = body.joined(separator: "\n")
                i = j
            }
            i += 1
        }
        return blocks
    }

    /// `render-frames` and `render-frames SUB` for every subcommand, with their help text.
    static func commands() -> [(name: String, help: String)] {
        var result = [("render-frames", RenderFrames.helpMessage(columns: 80))]
        for sub in RenderFrames.configuration.subcommands {
            let name = sub.configuration.commandName ?? sub._commandName
            result.append(("render-frames \(name)", RenderFrames.helpMessage(for: sub, columns: 80)))
        }
        return result
    }

    func testEveryCommandsHelpIsOnTheCLIPage() throws {
        let page = try DocsPages.text("docs/cli.md")
        let blocks = Self.helpBlocks(page)
        let commands = Self.commands()
        XCTAssertGreaterThan(commands.count, 5)
        for (name, help) in commands {
            guard let shown = blocks[name] else {
                XCTFail("docs/cli.md has no \"### `\(name) --help`\" block; its help is:\n\(help)")
                continue
            }
            let expected = help.split(separator: "\n", omittingEmptySubsequences: false)
                .map { $0.replacingOccurrences(of: " +$", with: "", options: .regularExpression) }
                .joined(separator: "\n").trimmingCharacters(in: .newlines)
            XCTAssertEqual(
                shown.trimmingCharacters(in: .newlines), expected,
                "docs/cli.md shows another `\(name) --help` than the tool prints")
        }
        let known = Set(commands.map(\.name))
        XCTAssertEqual(blocks.keys.filter { !known.contains($0) }.sorted(), [], "help blocks of commands the tool lacks")
    }

    /// Each subcommand also has a section of its own on the page (a "## `render-frames SUB ...`" heading).
    func testEverySubcommandHasASection() throws {
        let headings = DocsPages.split(try DocsPages.text("docs/cli.md")).prose.filter { $0.hasPrefix("## ") }
        for sub in RenderFrames.configuration.subcommands {
            let name = sub.configuration.commandName ?? sub._commandName
            XCTAssertTrue(
                headings.contains { $0.contains("render-frames \(name)") || $0.contains("render-frames [\(name)]") },
                "docs/cli.md has no section for `render-frames \(name)`")
        }
    }
}
