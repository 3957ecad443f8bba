import Foundation
import XCTest

/// Links between README.md and the docs pages resolve: the file exists, and an `#anchor` names a
/// heading of the page it points into.
final class LinkTests: XCTestCase {
    func testLinksResolve() throws {
        var broken: [String] = []
        var checked = 0
        for page in try DocsPages.all() {
            let folder = page.contains("/") ? String(page[..<page.lastIndex(of: "/")!]) : ""
            for link in DocsPages.links(try DocsPages.text(page)) {
                if link.hasPrefix("http://") || link.hasPrefix("https://") || link.hasPrefix("mailto:") { continue }
                checked += 1
                let parts = link.split(separator: "#", maxSplits: 1, omittingEmptySubsequences: false).map(String.init)
                let file = parts[0].isEmpty ? page : Self.normalized(folder.isEmpty ? parts[0] : folder + "/" + parts[0])
                guard FileManager.default.fileExists(atPath: DocsPages.root + "/" + file) else {
                    broken.append("\(page): (\(link)): no file \(file)")
                    continue
                }
                if parts.count == 2, file.hasSuffix(".md"),
                    !DocsPages.anchors(try DocsPages.text(file)).contains(parts[1])
                {
                    broken.append("\(page): (\(link)): \(file) has no heading #\(parts[1])")
                }
            }
        }
        XCTAssertGreaterThan(checked, 20, "no links found")
        XCTAssertEqual(broken, [])
    }

    /// Mentions such as `see README, Scenario files` in messages and comments name an entry of the
    /// README's reference index (a **bold** name there), which links to the page that has it.
    func testReadmeSectionsNamedInSourcesAreInTheReadme() throws {
        let readme = try DocsPages.text("README.md")
        var missing: [String] = []
        var files = ["schema/scenario.schema.json"]
        let enumerator = FileManager.default.enumerator(atPath: DocsPages.root + "/Sources")
        while let path = enumerator?.nextObject() as? String {
            if path.hasSuffix(".swift") { files.append("Sources/" + path) }
        }
        var found = 0
        for file in files {
            let text = try DocsPages.text(file)
            for marker in ["README, ", "README.md, "] {
                var rest = Substring(text)
                while let mention = rest.range(of: marker) {
                    let name = rest[mention.upperBound...].prefix(while: { !")];.\n".contains($0) })
                        .trimmingCharacters(in: CharacterSet(charactersIn: "\"\\ "))
                    found += 1
                    if !readme.contains("**\(name)**") { missing.append("\(file): \(marker)\(name)") }
                    rest = rest[mention.upperBound...]
                }
            }
        }
        XCTAssertGreaterThan(found, 3)
        XCTAssertEqual(missing, [], "name these in the README's reference index, in bold")
    }

    /// "docs/../Examples/x" -> "Examples/x".
    static func normalized(_ path: String) -> String {
        var parts: [Substring] = []
        for part in path.split(separator: "/") {
            if part == ".." { _ = parts.popLast() } else if part != "." { parts.append(part) }
        }
        return parts.joined(separator: "/")
    }
}
