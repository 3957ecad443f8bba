import Foundation
import XCTest

/// The house's limits (issues 29 and 44), kept on what they are for: the executable parses options
/// and prints (the run is the library's), the README reads in a browser (no line a table row of
/// reference text), and a module's folder is in folders by concern once it outgrows a dozen files.
final class HouseLimitTests: XCTestCase {
    func swiftFiles(in folder: String) throws -> [String] {
        try FileManager.default.contentsOfDirectory(atPath: DocsPages.root + "/" + folder).filter { $0.hasSuffix(".swift") }.sorted()
    }

    /// The libraries' symbols the executable may name: each runs one command's work, or is a value
    /// its options build (a range, a mode, a limit). A new one is orchestration moving into the
    /// command unless it is such a single call: add the call to the library, then its name here.
    static let symbolsTheCommandMayUse: Set<String> = [
        // RenderFramesKit
        "AnimationRequest", "BadInput", "Compression", "EncodingPlan", "Explanation", "Port", "RecordMode", "Render", "RenderJob",
        "ScenarioCheck", "ShardMerge", "SignalHandlers", "ToolVersion",
        // RenderFramesPreview, GoldenCompare, ScenarioFormat, Scene, Raster
        "PreviewServer", "Comparison", "HTMLReport", "MarkdownSummary", "PixelMatch", "PresetExpansion", "RenderLimits", "Device", "ByteSize",
        "ImageDecoder", "ImageLimits",
    ]

    /// The public top-level types and functions of the Swift modules Sources/render-frames imports.
    static func librarySymbols() throws -> Set<String> {
        var modules = Set<String>()
        for file in try FileManager.default.contentsOfDirectory(atPath: DocsPages.root + "/Sources/render-frames") {
            for line in try DocsPages.text("Sources/render-frames/" + file).split(separator: "\n") where line.hasPrefix("import ") {
                modules.insert(String(line.dropFirst("import ".count)))
            }
        }
        let declaration = try NSRegularExpression(
            pattern:
                #"^(?:@[A-Za-z]+(?:\([^)]*\))? )*(?:public|open) (?:final )?(?:struct|enum|class|protocol|actor|typealias|func|let|var) ([A-Za-z_][A-Za-z0-9_]*)"#,
            options: .anchorsMatchLines)
        var symbols = Set<String>()
        for module in modules {
            let folder = DocsPages.root + "/Sources/" + module
            guard let files = FileManager.default.enumerator(atPath: folder) else { continue }
            while let file = files.nextObject() as? String {
                guard file.hasSuffix(".swift") else { continue }
                let text = try String(contentsOfFile: folder + "/" + file, encoding: .utf8)
                for match in declaration.matches(in: text, range: NSRange(text.startIndex..., in: text)) {
                    symbols.insert((text as NSString).substring(with: match.range(at: 1)))
                }
            }
        }
        return symbols
    }

    /// The identifiers written in the executable's code: comments and string literals apart (their
    /// interpolations are code).
    static func commandIdentifiers() throws -> Set<String> {
        var words = Set<String>()
        for file in try FileManager.default.contentsOfDirectory(atPath: DocsPages.root + "/Sources/render-frames") {
            // `quotes`: the open literal's delimiter ("" for none, "\"" or "\"\"\""); `depth`: parentheses
            // of an interpolation inside it.
            var code = "", quotes = 0, depth = 0
            let text = Array(try DocsPages.text("Sources/render-frames/" + file))
            func quotesAt(_ i: Int) -> Int { var n = 0; while i + n < text.count && text[i + n] == "\"" { n += 1 }; return n }
            var i = 0
            while i < text.count {
                let c = text[i]
                if quotes == 0 || depth > 0 {
                    if quotes == 0 && c == "/" && i + 1 < text.count && text[i + 1] == "/" {
                        while i < text.count && text[i] != "\n" { i += 1 }
                        continue
                    }
                    if depth > 0 && c == "(" { depth += 1 }
                    if depth > 0 && c == ")" { depth -= 1; if depth == 0 { i += 1; continue } }
                    if quotes == 0 && c == "\"" {
                        let n = quotesAt(i)
                        if n == 2 { i += 2; continue }  // ""
                        quotes = n >= 3 ? 3 : 1
                        i += quotes
                        continue
                    }
                    code.append(c)
                    i += 1
                    continue
                }
                if c == "\\" && i + 1 < text.count && text[i + 1] == "(" { depth = 1; code.append(" "); i += 2; continue }
                if c == "\\" { i += 2; continue }
                if c == "\"" && quotesAt(i) >= quotes { i += quotes; quotes = 0; code.append(" "); continue }
                i += 1
            }
            for word in code.split(whereSeparator: { !($0.isLetter || $0.isNumber || $0 == "_") }) { words.insert(String(word)) }
        }
        return words
    }

    func testTheCommandNamesOnlyTheLibrarySymbolsItMayUse() throws {
        let library = try Self.librarySymbols()
        XCTAssertTrue(library.contains("Render") && library.contains("PreviewServer"), "the scan of the imported modules")
        let used = library.intersection(try Self.commandIdentifiers())
        XCTAssertEqual(
            used.subtracting(Self.symbolsTheCommandMayUse).sorted(), [],
            "Sources/render-frames parses and prints: give the library one call that does this work, and name that call here")
        XCTAssertEqual(Self.symbolsTheCommandMayUse.subtracting(used).sorted(), [], "no longer used: remove from the list")
    }

    /// Flag spellings live with the command that parses them: the library's --help words and
    /// option checks are gone from it (what it still words with a flag is a refusal of a value
    /// that reaches it through the Swift API too, or a hint naming the flag that fixes a run).
    func testTheLibraryHoldsNoHelpTextOrOptionCheck() throws {
        var found: [String] = []
        for module in ["RenderFramesKit", "RenderFramesPreview", "GoldenCompare", "ScenarioFormat", "Raster"] {
            let folder = DocsPages.root + "/Sources/" + module
            let files = try XCTUnwrap(FileManager.default.subpaths(atPath: folder)).filter { $0.hasSuffix(".swift") }
            for file in files {
                let text = try String(contentsOfFile: folder + "/" + file, encoding: .utf8)
                for gone in ["enum Help", "func optionProblem", "NegativeValues", "comparisonProblem", "imageLimitsProblem", "uikitHelp"]
                where text.contains(gone) {
                    found.append("Sources/\(module)/\(file): \(gone)")
                }
            }
        }
        XCTAssertEqual(found, [], "--help words and option checks are the command's, in Sources/render-frames")
    }

    func testNoReadmeLineIsOver200Characters() throws {
        let lines = try DocsPages.text("README.md").split(separator: "\n", omittingEmptySubsequences: false).dropLast()
        XCTAssertLessThan(lines.count, 400, "README.md: move reference text into docs/")
        for (i, line) in lines.enumerated() {
            XCTAssertLessThanOrEqual(line.count, 200, "README.md:\(i + 1): a reference table belongs in docs/ (as docs/uikit.md)")
        }
    }

    /// Folders that hold more than 12 Swift files directly, each with why (they are flat lists of
    /// peers: Raster's codecs and drawing primitives, the Kit's run phases); no other may join them.
    static let flatFolders: Set<String> = ["Raster", "RenderFramesKit"]

    func testAtMost12FilesSitDirectlyInAnyOtherSourcesFolder() throws {
        let modules = try FileManager.default.contentsOfDirectory(atPath: DocsPages.root + "/Sources")
        XCTAssertTrue(modules.contains("Scene"))
        var over: [String] = []
        for module in modules.sorted() where try swiftFiles(in: "Sources/" + module).count > 12 { over.append(module) }
        XCTAssertEqual(Set(over), Self.flatFolders, "more than 12 files directly in Sources/<module>: put them in folders by concern")
    }

    /// Generated files, whose length is their data's: excepted by name.
    static let generatedFiles: Set<String> = ["Scene/Symbols/SymbolGlyphData.swift"]

    /// Functions, initialisers and subscripts of Sources/**/*.swift whose body is longer than
    /// `limit` lines, as "path:line name (n lines)". The body is the lines between the line that
    /// opens it and the line that closes it; braces in string literals and comments are skipped.
    static func longFunctions(limit: Int) throws -> [String] {
        let root = DocsPages.root + "/Sources"
        let modifiers = "public|private|fileprivate|internal|package|open|static|class|override|final|mutating|nonisolated|convenience|required"
        let declaration = try NSRegularExpression(
            pattern: #"^\s*(@[\w()]+\s+)*(("# + modifiers + #")\s+)*(func\s+[^\s(<]+|init[?!]?|deinit|subscript)"#)
        let strings = try NSRegularExpression(pattern: #""([^"\\]|\\.)*""#)
        var out: [String] = []
        let files = try XCTUnwrap(FileManager.default.subpaths(atPath: root)).filter { $0.hasSuffix(".swift") && !generatedFiles.contains($0) }
        for file in files.sorted() {
            let lines = try String(contentsOfFile: root + "/" + file, encoding: .utf8).components(separatedBy: "\n").map { line -> String in
                let code = line.components(separatedBy: "//").first ?? ""
                return strings.stringByReplacingMatches(in: code, range: NSRange(code.startIndex..., in: code), withTemplate: "\"\"")
            }
            for (i, line) in lines.enumerated() {
                guard let match = declaration.firstMatch(in: line, range: NSRange(line.startIndex..., in: line)),
                    let nameRange = Range(match.range(at: 4), in: line)
                else { continue }
                // The signature: up to the first `{` outside parentheses. It ends without a body
                // (a protocol's requirement) at a line whose next line does not go on with it.
                var parens = 0, opened: Int?, k = i
                signature: while k < lines.count {
                    for ch in lines[k] {
                        if ch == "(" {
                            parens += 1
                        } else if ch == ")" {
                            parens -= 1
                        } else if ch == "{" && parens == 0 {
                            opened = k
                            break signature
                        }
                    }
                    let next = k + 1 < lines.count ? lines[k + 1].trimmingCharacters(in: .whitespaces) : ""
                    let goesOn = parens > 0 || ["->", "throws", "rethrows", "async", "where", "{"].contains { next.hasPrefix($0) }
                    if !goesOn { break }
                    k += 1
                }
                guard let opened else { continue }
                // The body: to the line where its braces balance.
                var depth = 0
                k = opened
                body: while k < lines.count {
                    for ch in lines[k] {
                        if ch == "{" {
                            depth += 1
                        } else if ch == "}" {
                            depth -= 1
                            if depth == 0 { break body }
                        }
                    }
                    k += 1
                }
                guard k < lines.count else { continue }
                let body = k - opened - 1
                if body > limit { out.append("Sources/\(file):\(i + 1) \(line[nameRange]) (\(body) lines)") }
            }
        }
        return out
    }

    /// No function body over 120 lines (issue 44, item 5): past that a function does several
    /// things, and the parts want names of their own.
    func testNoFunctionBodyIsOver120Lines() throws {
        let long = try Self.longFunctions(limit: 120)
        XCTAssertEqual(long, [], "split each where the split names something (a step, a part of the input)")
    }

    /// The scan finds a long function: a body of 121 lines is reported, one of 120 is not.
    func testTheFunctionScanCountsBodyLines() throws {
        let long = try Self.longFunctions(limit: 0)
        XCTAssertTrue(long.contains { $0.hasPrefix("Sources/Raster/Parallel.swift:") && $0.contains("func map") }, "\(long.prefix(5))")
    }
}
