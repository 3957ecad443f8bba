import Foundation
import XCTest

/// docs/uikit.md, the table of what the UIKit module draws, cannot drift from the module: every
/// type its table names exists, and every public class is in the table or in its list of classes
/// drawn through another row.
final class UIKitPageTests: XCTestCase {
    /// The capitalized identifiers in the `code spans` of `text` ("`UIButton.Configuration`" gives
    /// UIButton and Configuration; "`NSCollectionLayout*`" gives the prefix with its star).
    static func typeNames(_ text: String) -> [String] {
        let spans = DocsPages.codeSpans(text)
        return spans.flatMap { span -> [String] in
            var names: [String] = [], word = ""
            for c in span + " " {
                if c.isLetter || c.isNumber || c == "_" || (c == "*" && !word.isEmpty) {
                    word.append(c)
                } else {
                    if let first = word.first, first.isUppercase { names.append(word) }
                    word = ""
                }
            }
            return names
        }
    }

    /// The page's table's first column, and the list under "## Classes drawn through another row".
    static func page() throws -> (table: [String], listed: [String]) {
        let prose = DocsPages.split(try DocsPages.text("docs/uikit.md")).prose
        let rows = prose.filter { $0.hasPrefix("| `") }
        let firstColumn = rows.map { $0.split(separator: "|", omittingEmptySubsequences: false)[1] }.joined(separator: "\n")
        guard let heading = prose.firstIndex(of: "## Classes drawn through another row") else { return (typeNames(firstColumn), []) }
        let list = prose[(heading + 1)...].prefix { !$0.hasPrefix("#") }.joined(separator: "\n")
        return (typeNames(firstColumn), typeNames(list))
    }

    /// Every type UIKit (and CoreGraphics, QuartzCore) declares or extends publicly; the classes apart.
    static func moduleTypes() throws -> (all: Set<String>, classes: Set<String>) {
        let declared = try NSRegularExpression(
            pattern: #"(?:public|open) (?:final )?(class|struct|enum|protocol|typealias|actor) ([A-Za-z_][A-Za-z0-9_]*)"#)
        let extended = try NSRegularExpression(pattern: #"^(?:public )?extension ([A-Za-z_][A-Za-z0-9_]*)"#, options: .anchorsMatchLines)
        var all = Set(["UIKit", "CoreGraphics", "QuartzCore"]), classes = Set<String>()
        for module in ["UIKit", "CoreGraphics", "QuartzCore"] {
            let folder = DocsPages.root + "/Sources/" + module
            for file in try XCTUnwrap(FileManager.default.subpaths(atPath: folder)) where file.hasSuffix(".swift") {
                let text = try String(contentsOfFile: folder + "/" + file, encoding: .utf8)
                let range = NSRange(text.startIndex..., in: text)
                for m in declared.matches(in: text, range: range) {
                    let (kind, name) = ((text as NSString).substring(with: m.range(at: 1)), (text as NSString).substring(with: m.range(at: 2)))
                    all.insert(name)
                    if kind == "class" && name != "func" && name != "var" { classes.insert(name) }
                }
                for m in extended.matches(in: text, range: range) { all.insert((text as NSString).substring(with: m.range(at: 1))) }
            }
        }
        return (all, classes)
    }

    func testEveryTypeTheTableNamesExists() throws {
        let (table, listed) = try Self.page()
        let types = try Self.moduleTypes().all
        XCTAssertGreaterThan(table.count, 60, "the parse of docs/uikit.md's table")
        var missing: [String] = []
        for name in table + listed {
            if name.hasSuffix("*") {
                let prefix = String(name.dropLast())
                if !types.contains(where: { $0.hasPrefix(prefix) }) { missing.append(name) }
            } else if !types.contains(name) {
                missing.append(name)
            }
        }
        XCTAssertEqual(missing, [], "docs/uikit.md names types the UIKit module does not have")
    }

    func testEveryPublicClassIsInTheTableOrListedAsDrawnThroughAnotherRow() throws {
        let (table, listed) = try Self.page()
        let classes = try Self.moduleTypes().classes
        XCTAssertTrue(classes.contains("UIView") && classes.contains("UITabBar"), "the scan of Sources/UIKit")
        let prefixes = table.filter { $0.hasSuffix("*") }.map { String($0.dropLast()) }
        let named = Set(table + listed)
        let absent = classes.filter { c in !named.contains(c) && !prefixes.contains(where: { c.hasPrefix($0) }) }
        XCTAssertEqual(
            absent.sorted(), [], "add these public classes to docs/uikit.md: a table row, or the list of classes drawn through another row")
    }
}
