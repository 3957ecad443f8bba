import Foundation
import XCTest

/// The Markdown pages of the repository as the tests read them: README.md and docs/*.md.
enum DocsPages {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().path

    /// The text of a file under the repository root ("docs/cli.md").
    static func text(_ relativePath: String) throws -> String {
        try String(contentsOfFile: root + "/" + relativePath, encoding: .utf8)
    }

    /// README.md and every docs/*.md, as paths relative to the root, sorted.
    static func all() throws -> [String] {
        let docs = try FileManager.default.contentsOfDirectory(atPath: root + "/docs")
            .filter { $0.hasSuffix(".md") }.sorted().map { "docs/" + $0 }
        return ["README.md"] + docs
    }

    /// The page's lines outside fenced code blocks, and the blocks' lines, apart.
    static func split(_ page: String) -> (prose: [String], code: [String]) {
        var prose: [String] = [], code: [String] = [], inFence = false
        for line in page.split(separator: "\n", omittingEmptySubsequences: false).map(String.init) {
            if line.hasPrefix("```") { inFence.toggle(); continue }
            if inFence { code.append(line) } else { prose.append(line) }
        }
        return (prose, code)
    }

    /// Every `code span` of the prose (tables included).
    static func codeSpans(_ page: String) -> [String] {
        split(page).prose.flatMap { line -> [String] in
            let parts = line.split(separator: "`", omittingEmptySubsequences: false)
            return stride(from: 1, to: parts.count - 1, by: 2).map { String(parts[$0]) }
        }
    }

    /// GitHub's anchors for the page's headings: lowercased, punctuation but `-` and `_` dropped,
    /// spaces made `-`; a repeated heading gets `-1`, `-2`, ...
    static func anchors(_ page: String) -> Set<String> {
        var seen: [String: Int] = [:], result = Set<String>()
        for line in split(page).prose where line.hasPrefix("#") {
            let title = line.drop(while: { $0 == "#" }).trimmingCharacters(in: .whitespaces)
            var slug = ""
            for c in title.lowercased() {
                if c == " " { slug.append("-") } else if c.isLetter || c.isNumber || c == "-" || c == "_" { slug.append(c) }
            }
            let n = seen[slug, default: 0]
            seen[slug] = n + 1
            result.insert(n == 0 ? slug : "\(slug)-\(n)")
        }
        return result
    }

    /// The targets of the page's Markdown links and images, `[text](target)`, outside code blocks.
    static func links(_ page: String) -> [String] {
        var targets: [String] = []
        for line in split(page).prose {
            var rest = Substring(line)
            while let open = rest.range(of: "](") {
                let after = rest[open.upperBound...]
                guard let close = after.firstIndex(of: ")") else { break }
                targets.append(String(after[..<close]))
                rest = after[close...]
            }
        }
        return targets
    }
}
