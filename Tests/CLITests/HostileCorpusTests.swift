import Foundation
#if canImport(Glibc)
import Glibc
#endif
import RenderFramesKit
import XCTest

#if os(Linux)
/// A hostile corpus of the layer language, matrices, `output:`, `fonts:`, huge texts, the folder
/// commands (`encode`, `compare`, `merge`) and the command line's numbers (issue 28, item 6).
///
/// Each case is one row: a name, the command line, the files it needs and the exit code it must
/// end with (0, 1 or 2; a refusal is 2). Every case runs in this process, with a memory bound (this process's peak while it ran, 1 GB by default):
/// a `validate` case through the library (`ScenarioCheck`, as the command calls it), the other
/// folder commands through `InProcessCLI`, a render through `InProcess` (with the case's
/// environment variables set around it), and its output must hold no library text. Inputs too big to commit are made at test time; the
/// small ones are in `Fixtures/hostile/`. `HOSTILE_CORPUS_LOG=FILE` appends each case's exit
/// code, seconds, memory and first line to FILE (the figures of the README and the note).
/// Cases of view-timeline cycles (item 4), negative numbers (item 5) and one output spelled two
/// ways (item 2) pass once those are merged.
final class HostileCorpusTests: XCTestCase {
    // MARK: - The table

    struct Case {
        var name: String
        /// 0 rendered or accepted, 1 frames differ, 2 refused.
        var exit: Int32
        /// `$D` is the case's own folder, `$H` is `Fixtures/hostile`.
        var args: [String]
        /// Text files written into `$D` first (a relative name), e.g. "s.yaml".
        var files: [String: String] = [:]
        /// More set-up in `$D` (frames folders, FIFOs, symlinks, big files).
        var prepare: ((String) throws -> Void)? = nil
        /// Words stderr or stdout must hold (the reason the case is refused, or an empty string).
        var says: String = ""
        var environment: [String: String] = [:]
        var megabytes: Int = 1024
        /// Run in `$D`, so that paths can be written relative to it (`--out o`).
        var inFolder = false
    }

    /// What a message from us never holds: the words of a library, a crash or our sources.
    static let libraryText = [
        "Yams", "libyaml", "YamlError", "Foundation", "NSError", "NSCocoaErrorDomain", "Error Domain=", "Swift/",
        "Fatal error", "fatal error", "did not find expected", "The operation could not be completed",
        "couldn’t be", "could not be read because", "Backtrac", "Crash", "Sources/", ".swift:", "DecodingError",
        "keyNotFound", "typeMismatch", "dataCorrupted", "Missing value for", "Thread 0", "Illegal instruction",
        "Segmentation fault", "Optional(",
    ]

    static let hostile = CLITests.root + "/Fixtures/hostile"

    /// A screen of its own with a one-second scroll at 5 fps: 5 frames, cheap at --scale 0.25.
    static let head = """
        device: iphone-8
        fps: 5
        navigationBar: false
        timeline:
          keyframes: [{time: 0, offset: 0}, {time: 1, offset: 100}]

        """

    static func layer(_ key: String, _ value: String) -> String {
        head + "layers:\n  - type: rectangle\n    \(key): \(value)\n"
    }

    static func quoted(_ s: String) -> String { "\"" + s + "\"" }

    static let validate = ["validate", "$D/s.yaml"]
    static let render = ["$D/s.yaml", "--out", "$D/out", "--scale", "0.25", "--quiet", "--jobs", "2"]

    static func refused(_ name: String, _ scenario: String, says: String = "") -> Case {
        Case(name: name, exit: 2, args: validate, files: ["s.yaml": scenario], says: says)
    }

    static func rendered(_ name: String, _ scenario: String) -> Case {
        Case(name: name, exit: 0, args: render, files: ["s.yaml": scenario])
    }

    // MARK: The layer language

    static var layerLanguage: [Case] {
        let nested31 = String(repeating: "(", count: 31) + "offset" + String(repeating: ")", count: 31)
        let nested32 = String(repeating: "(", count: 32) + "offset" + String(repeating: ")", count: 32)
        let nested5000 = String(repeating: "(", count: 5000) + "offset" + String(repeating: ")", count: 5000)
        let unary = String(repeating: "-", count: 1990) + "offset"
        let longSum = Array(repeating: "u", count: 999).joined(separator: "+") // 1997 characters, flat
        let calls = String(repeating: "abs(", count: 40) + "u" + String(repeating: ")", count: 40)
        let vars1000 = "vars:\n  v0: 1\n" + (1..<1000).map { "  v\($0): v\($0 - 1) + 1\n" }.joined()
        let vars1001 = vars1000 + "  v1000: 1\n"
        func flowChildren(_ depth: Int) -> String {
            String(repeating: "{type: group, children: [", count: depth) + "{type: rectangle}" + String(repeating: "]}", count: depth)
        }
        let twoViews =
            head + """
                layers:
                  - {type: rectangle, name: a, y: {over: view, view: b, keyframes: [[0, 0], [1, 100]]}, height: 50}
                  - {type: rectangle, name: b, y: {over: view, view: a, keyframes: [[0, 0], [1, 100]]}, height: 50}

                """
        let throughParent =
            head + """
                layers:
                  - type: group
                    name: p
                    y: {over: view, view: c, keyframes: [[0, 0], [1, 100]]}
                    height: 200
                    children:
                      - {type: rectangle, name: c, height: 20}

                """
        return [
            rendered("31 nested parentheses", layer("height", quoted(nested31))),
            refused("32 nested parentheses", layer("height", quoted(nested32)), says: "nests more than 64 levels"),
            refused("5000 nested parentheses", layer("height", quoted(nested5000)), says: "over the limit of 2000"),
            refused("1990 unary minuses", layer("height", quoted(unary)), says: "nests more than 64 levels"),
            refused("a flat sum of 999 terms", layer("height", quoted(longSum)), says: "a chain of over 256 operations"),
            refused("40 nested calls", layer("height", quoted(calls)), says: "nests more than 64 levels"),
            refused("layers nested 40 deep", head + "layers: [" + flowChildren(40) + "]\n", says: "over the limit of 32"),
            refused(
                "YAML lists nested 100000 deep",
                head + "x: " + String(repeating: "[", count: 100_000)
                    + String(repeating: "]", count: 100_000) + "\n", says: "over the limit of 32"),
            refused("literal 1e308", layer("height", "1e308"), says: "must be between -100000 and 100000"),
            refused("literal 1e999", layer("height", "1e999"), says: "finite"),
            refused("literal -1e999", layer("height", "-1e999"), says: "finite"),
            refused("literal .nan", layer("height", ".nan"), says: "character 1"),
            refused("literal .inf", layer("opacity", ".inf"), says: "character 1"),
            refused("literal 400 digits", layer("height", String(repeating: "9", count: 400)), says: "height"),
            refused("1e999 in a formula", layer("height", quoted("1e999 + offset")), says: "finite"),
            refused(
                "overflow to infinity at frame 0", layer("height", quoted("1e308 * 10 + offset")),
                says: "is infinite at frame 0"),
            refused("division by zero at frame 2", layer("height", quoted("1 / (time - 0.4)")), says: "is infinite at frame 2"),
            refused("zero over zero at frame 2", layer("height", quoted("(time - 0.4) / (time - 0.4)")), says: "is NaN at frame 2"),
            refused("square root of a negative at frame 1", layer("height", quoted("sqrt(0 - u)")), says: "is NaN at frame 1"),
            refused("pow of a negative, fractional", layer("height", quoted("pow(-1 - u, 0.5)")), says: "is NaN at frame 0"),
            refused("infinity times zero", layer("height", quoted("0 * (1e308 * 1e308) + offset")), says: "is NaN at frame 0"),
            refused("log is not a function", layer("height", quoted("log(0 - 1 - offset)")), says: "unknown function \"log\""),
            refused("min of a NaN", layer("opacity", quoted("min(1, sqrt(0 - u))")), says: "is NaN at frame 1"),
            refused(
                "an infinite color channel at frame 2", layer("fill", quoted("rgb(1 / (time - 0.4), 0, 0)")),
                says: "frame 2"),
            refused(
                "a NaN keyframe value", layer("opacity", "{over: u, keyframes: [[0, \"sqrt(0 - u)\"], [100, 1]]}"),
                says: "NaN at frame 1"),
            refused("keyframe at 1e999", layer("opacity", "{over: u, keyframes: [[0, 0], [1e999, 1]]}"), says: "finite"),
            refused("keyframe at 1e308", layer("opacity", "{over: u, keyframes: [[0, 0], [1e308, 1]]}"), says: "1000000"),
            refused(
                "progress range of one point", layer("opacity", "{over: progress, range: [5, 5], keyframes: [[0, 0], [1, 1]]}"),
                says: "range"),
            refused(
                "a NaN var read at frame 2", head + "vars:\n  v: \"1 / (time - 0.4)\"\nlayers:\n  - {type: rectangle, height: v}\n",
                says: "frame 2"),
            refused(
                "a var reading itself", head + "vars:\n  a: a + 1\nlayers:\n  - {type: rectangle, height: a}\n",
                says: "a -> a"), // "a cycle: a -> a", "circular: a -> a" after item 4
            refused(
                "two vars reading each other", head + "vars:\n  a: b + 1\n  b: a\nlayers:\n  - {type: rectangle, height: a}\n",
                says: "a -> b -> a"),
            rendered("1000 vars in a chain", head + vars1000 + "layers:\n  - {type: rectangle, height: \"v999 / 10 + u\"}\n"),
            refused("1001 vars", head + vars1001 + "layers:\n  - {type: rectangle, height: v999}\n", says: "1000"),
            // Item 4 (view-timeline cycles): refused as circular, not a stack overflow.
            refused(
                "a view timeline reading its own layer", layer("y", "{over: view, view: self, keyframes: [[0, 0], [1, 100]]}"),
                says: "circular"),
            refused("two layers reading each other's view", twoViews, says: "circular"),
            refused("a parent's view timeline reading its child", throughParent, says: "circular"),
            refused(
                "5001 layer instances",
                head + "layers:\n  - {type: group, repeat: 1000, children: [{type: rectangle}, "
                    + "{type: rectangle}, {type: rectangle}, {type: rectangle}, {type: rectangle}]}\n", says: "5000"),
            refused("a formula of a non-ASCII operator", layer("height", quoted("offset × 2")), says: "character 8"),
            refused("a control character in a formula", layer("height", quoted("offset\\u0007 + 1")), says: "in \"offset\\u{7} + 1\", character 7"),
            refused(
                "100001 frames",
                "device: iphone-8\nfps: 240\nnavigationBar: false\nlayers: [{type: rectangle}]\n"
                    + "timeline:\n  keyframes: [{time: 0, offset: 0}, {time: 420, offset: 100}]\n", says: "100000"),
            refused(
                "over 40,000,000 evaluations",
                "device: iphone-8\nfps: 240\nnavigationBar: false\n"
                    + "layers: [{type: rectangle, repeat: 1000, y: \"index + u\"}]\n"
                    + "timeline:\n  keyframes: [{time: 0, offset: 0}, {time: 400, offset: 100}]\n", says: "evaluations, over the limit of 40000000"),
        ]
    }

    // MARK: Matrices

    static var matrices: [Case] {
        func matrix(_ body: String) -> String {
            "fps: 5\nrows: {count: 3}\nmatrix:\n" + body + "\ntimeline:\n  keyframes: [{time: 0, offset: 0}, {time: 1, offset: 100}]\n"
        }
        let many = Array(repeating: "x", count: 100_000).joined(separator: ",")
        return [
            refused(
                "100 variants",
                matrix(
                    "  device: [iphone-8, iphone-15, iphone-se, ipad-air-11, iphone-15-pro]\n"
                        + "  appearance: [light, dark]\n  orientation: [portrait, landscape]\n"
                        + "  textSize: [small, large, xLarge, accessibility1, accessibility3]"), says: "over the limit of 64"),
            refused(
                "one device listed 100 times", matrix("  device: [" + Array(repeating: "iphone-8", count: 100).joined(separator: ", ") + "]"),
                says: "lists 100 values, over the limit of 64"),
            refused("100,000 values", matrix("  device: [" + many + "]"), says: "lists 100000 values, over the limit of 64"),
            refused("an empty list", matrix("  device: []"), says: "one or more values"),
            refused("an unknown axis", matrix("  device: [iphone-8]\n  bogus: [a]"), says: "unknown key \"bogus\""),
            refused("a value that is not a list", matrix("  device: iphone-8"), says: "matrix.device"),
            refused("a list of lists", matrix("  device: [[iphone-8], [iphone-15]]"), says: "matrix.device"),
            refused("an unknown device", matrix("  device: [iphone-8, iphone-99]"), says: "iphone-99"),
            refused(
                "a matrix that is a list", "fps: 5\nmatrix: [1, 2]\ntimeline:\n  keyframes: [{time: 0, offset: 0}, {time: 1, offset: 100}]\n",
                says: "matrix"),
            refused("the varied key also at the top", "device: iphone-8\n" + matrix("  device: [iphone-8, iphone-15]"), says: "device"),
            Case(
                name: "--variant of no variant", exit: 2, args: render + ["--variant", "nope"],
                files: ["s.yaml": matrix("  device: [iphone-8]\n  appearance: [light, dark]")], says: "nope"),
            Case(
                name: "--variant that climbs out", exit: 2, args: render + ["--variant", "../../etc"],
                files: ["s.yaml": matrix("  device: [iphone-8]\n  appearance: [light, dark]")], says: "../../etc"),
            Case(
                name: "--variant empty", exit: 2, args: render + ["--variant", ""],
                files: ["s.yaml": matrix("  device: [iphone-8]\n  appearance: [light, dark]")]),
        ]
    }

    // MARK: output: lists

    static var outputs: [Case] {
        func output(_ list: String) -> String { head + "layers: [{type: rectangle, fill: \"#FF0000\", height: \"100 + u\"}]\noutput: " + list + "\n" }
        return [
            refused("1000 outputs", output("[" + (0..<1000).map { "a\($0).gif" }.joined(separator: ", ") + "]"), says: "over the limit of 16"),
            Case(
                name: "16 outputs", exit: 0, args: validate,
                files: ["s.yaml": output("[" + (0..<16).map { "a\($0).\(["gif", "webp", "apng"][$0 % 3])" }.joined(separator: ", ") + "]")]),
            refused("one name twice", output("[a.gif, a.gif]"), says: "writes a.gif too"),
            // Item 2 (outputs compared by resolved path).
            refused("one file by two spellings", output("[a.gif, ./a.gif]"), says: "a.gif"),
            refused("width 0", output("[{file: a.gif, width: 0}]"), says: "width"),
            refused("width -5", output("[{file: a.gif, width: -5}]"), says: "width"),
            refused("width 1e999", output("[{file: a.webp, width: 1e999}]"), says: "finite"),
            refused("width .nan", output("[{file: a.webp, width: .nan}]"), says: "width"),
            refused("width 100000", output("[{file: a.apng, width: 100000}]"), says: "width"),
            refused("width 1", output("[{file: a.apng, width: 1}]"), says: "width"),
            refused("width abc", output("[{file: a.apng, width: abc}]"), says: "width"),
            refused("fps 0", output("[{file: a.gif, fps: 0}]"), says: "fps"),
            refused("fps 1e308", output("[{file: a.mp4, fps: 1e308}]"), says: "fps"),
            refused("GIF at 51 fps", output("[{file: a.gif, fps: 51}]"), says: "fps"),
            refused("quality 101", output("[{file: a.webp, quality: 101}]"), says: "quality"),
            refused("quality -1", output("[{file: a.webp, quality: -1}]"), says: "quality"),
            refused("maxBytes -1", output("[{file: a.webp, maxBytes: -1}]"), says: "maxBytes"),
            refused("maxBytes 1e999", output("[{file: a.webp, maxBytes: 1e999}]"), says: "maxBytes"),
            refused("maxBytes of 30 digits", output("[{file: a.webp, maxBytes: 999999999999999999999999999999GB}]"), says: "maxBytes"),
            refused("lossless GIF", output("[{file: a.gif, lossless: true}]"), says: "lossless"),
            refused("no extension", output("[a]"), says: "extension"),
            refused("only an extension", output("[.gif]"), says: "extension"),
            refused("an empty name", output("[\"\"]"), says: "output[0]"),
            refused("a number", output("[5]"), says: "output[0]"),
            refused("a list in the list", output("[[a.gif]]"), says: "output[0]"),
            refused("an unknown key", output("[{file: a.gif, bogus: 1}]"), says: "unknown key \"bogus\""),
            refused("in a folder that is not there", output("[nowhere/a.gif]"), says: "does not exist"),
            Case(
                name: "a 5000-character name", exit: 2, args: render,
                files: ["s.yaml": output("[" + String(repeating: "a", count: 5000) + ".gif]")], says: ".gif"),
            // Item 2 (an output that is a folder is refused before any work).
            Case(
                name: "an output that is a folder", exit: 2, args: render, files: ["s.yaml": output("[d.gif]")],
                prepare: { try FileManager.default.createDirectory(atPath: $0 + "/d.gif", withIntermediateDirectories: true) },
                says: "d.gif"),
            Case(
                name: "two small animations", exit: 0, args: render,
                files: ["s.yaml": output("[{file: a.gif, width: 16, fps: 1}, {file: b.apng, width: 16, fps: 1}]")]),
        ]
    }

    // MARK: fonts:

    static var fonts: [Case] {
        func font(_ path: String, role: String = "regular") -> String {
            "device: iphone-8\nfps: 5\nrows: {count: 3}\nfonts:\n  \(role): \(path)\n"
                + "timeline:\n  keyframes: [{time: 0, offset: 0}, {time: 1, offset: 100}]\n"
        }
        let inter = CLITests.root + "/Sources/Scene/Resources/Fonts/Inter-Regular.otf"
        return [
            refused("a missing font", font("missing.ttf"), says: "no such file"),
            Case(
                name: "a font that is a folder", exit: 2, args: validate, files: ["s.yaml": font("dir.ttf")],
                prepare: { try FileManager.default.createDirectory(atPath: $0 + "/dir.ttf", withIntermediateDirectories: true) },
                says: "is a folder"),
            Case(
                name: "a text file named .ttf", exit: 2, args: validate, files: ["s.yaml": font("$H/not-a-font.ttf")],
                says: "is not a font"),
            Case(
                name: "an empty font", exit: 2, args: validate, files: ["s.yaml": font("empty.ttf"), "empty.ttf": ""],
                says: "empty"),
            Case(
                name: "a 3 GB font (sparse)", exit: 2, args: validate, files: ["s.yaml": font("huge.ttf")],
                prepare: { d in
                    let fd = open(d + "/huge.ttf", O_CREAT | O_WRONLY, 0o644)
                    guard fd >= 0, ftruncate(fd, 3 << 30) == 0 else { throw CocoaError(.fileWriteUnknown) }
                    close(fd)
                }, says: "limit for a font"),
            Case(
                name: "a font cut short", exit: 2, args: validate, files: ["s.yaml": font("cut.otf")],
                prepare: { d in
                    let bytes = try Data(contentsOf: URL(fileURLWithPath: inter)).prefix(2000)
                    try bytes.write(to: URL(fileURLWithPath: d + "/cut.otf"))
                }, says: "cut.otf"),
            Case(
                name: "a FIFO named .ttf", exit: 2, args: validate, files: ["s.yaml": font("fifo.ttf")],
                prepare: { d in guard mkfifo(d + "/fifo.ttf", 0o644) == 0 else { throw CocoaError(.fileWriteUnknown) } },
                says: "fifo.ttf"),
            Case(
                name: "a symlink loop", exit: 2, args: validate, files: ["s.yaml": font("loop1.ttf")],
                prepare: { d in
                    try FileManager.default.createSymbolicLink(atPath: d + "/loop1.ttf", withDestinationPath: "loop2.ttf")
                    try FileManager.default.createSymbolicLink(atPath: d + "/loop2.ttf", withDestinationPath: "loop1.ttf")
                }, says: "loop1.ttf"),
            refused("a device", font("/dev/zero"), says: "/dev/zero"),
            refused("face 99999 of a font", font("{file: \(inter), index: 99999}"), says: "index"),
            refused("face 3 of a one-face font", font("{file: \(inter), index: 3}"), says: "index"),
            refused("weight 1e999", font("{file: \(inter), weight: 1e999}", role: "bold"), says: "finite"),
            refused("weight -5", font("{file: \(inter), weight: -5}", role: "bold"), says: "weight"),
            refused(
                "200 fallbacks", font("[" + Array(repeating: inter, count: 200).joined(separator: ", ") + "]", role: "fallback"),
                says: "over the limit of 16"),
            refused("an unknown role", font(inter, role: "italic"), says: "italic"),
        ]
    }

    // MARK: Huge texts

    static var texts: [Case] {
        func text(_ t: String, extra: String = "") -> String {
            head + "layers:\n  - {type: text, lines: 0\(extra), text: \"\(t)\"}\n"
        }
        return [
            rendered("200,000 characters of words", text(String(repeating: "word ", count: 40_000))),
            rendered("a 200,000-character word", text(String(repeating: "w", count: 200_000))),
            refused("200,001 characters", text(String(repeating: "w", count: 200_001)), says: "over the limit of 200000"),
            rendered("a letter with 150,000 accents", text("a" + String(repeating: "\u{301}", count: 150_000))),
            rendered("100,000 CJK characters", text(String(repeating: "漢字", count: 50_000))),
            rendered("Arabic and Latin mixed, 100,000", text(String(repeating: "سلام hello ", count: 10_000))),
            rendered("20,000 emoji sequences", text(String(repeating: "👩🏽‍💻", count: 20_000))),
            rendered("10,000 lines", text(String(repeating: "a\\n", count: 10_000))),
            rendered(
                "1000 repeated texts at size 500",
                head + "layers:\n  - {type: text, repeat: 1000, y: index, lines: 0, size: 500, "
                    + "text: \"" + String(repeating: "mmmm ", count: 100) + "\"}\n"),
            Case(
                name: "a name of 200,001 characters", exit: 0, args: validate,
                files: ["s.yaml": head + "layers:\n  - {type: rectangle, name: " + String(repeating: "n", count: 200_001) + "}\n"]),
            refused("a 5 MB scenario", text(String(repeating: "w", count: 5_000_000)), says: "over the 4194304-byte limit"),
        ]
    }

    // MARK: encode, compare and merge on hostile folders

    /// A case on a copy of the reference render in `$D/f` (and of the two shards' files in `$D/m`),
    /// changed by `change`.
    static func folder(
        _ name: String, _ exit: Int32, _ args: [String], says: String = "",
        _ change: @escaping (String) throws -> Void
    ) -> Case {
        Case(
            name: name, exit: exit, args: args,
            prepare: { d in
                try FileManager.default.copyItem(atPath: HostileCorpusTests.reference + "/frames", toPath: d + "/f")
                try FileManager.default.copyItem(atPath: HostileCorpusTests.reference + "/shards", toPath: d + "/m")
                try change(d)
            }, says: says)
    }

    static func write(_ data: Data, _ path: String) throws { try data.write(to: URL(fileURLWithPath: path)) }

    static func editManifest(_ path: String, _ edit: (inout [String: Any]) -> Void) throws {
        var m = try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: path))) as! [String: Any]
        edit(&m)
        try write(try JSONSerialization.data(withJSONObject: m), path)
    }

    static var folders: [Case] {
        let fm = FileManager.default
        let encode = ["encode", "$D/f", "$D/a.gif"], compare = ["compare", "$D/f", HostileCorpusTests.reference + "/frames"]
        let merge = ["merge", "$D/m"]
        var cases: [Case] = []
        // The same damage, seen by each command: encode refuses (2), compare fails closed (1).
        let damages: [(String, String, (String) throws -> Void)] = [
            ("an empty PNG", "0002.png", { try write(Data(), $0 + "/f/0002.png") }),
            (
                "a 60000x60000 bomb PNG", "0002.png",
                {
                    try fm.removeItem(atPath: $0 + "/f/0002.png")
                    try fm.copyItem(atPath: hostile + "/bomb-60000x60000.png", toPath: $0 + "/f/0002.png")
                }
            ),
            ("a text file named 0001.png", "0001.png", { try write(Data("hello, not a PNG".utf8), $0 + "/f/0001.png") }),
            (
                "a JPEG named 0001.png", "0001.png",
                {
                    try fm.removeItem(atPath: $0 + "/f/0001.png")
                    try fm.copyItem(
                        atPath: CLITests.root + "/Sources/RenderFramesKit/Resources/DefaultDemo/images/rocket.jpg", toPath: $0 + "/f/0001.png")
                }
            ),
            (
                "a PNG cut short", "0001.png",
                {
                    let p = $0 + "/f/0001.png"
                    try write(try Data(contentsOf: URL(fileURLWithPath: p)).prefix(60), p)
                }
            ),
            (
                "a frame that is a folder", "0003.png",
                {
                    try fm.removeItem(atPath: $0 + "/f/0003.png")
                    try fm.createDirectory(atPath: $0 + "/f/0003.png", withIntermediateDirectories: false)
                }
            ),
            (
                "a frame that is a symlink to itself", "0003.png",
                {
                    try fm.removeItem(atPath: $0 + "/f/0003.png")
                    try fm.createSymbolicLink(atPath: $0 + "/f/0003.png", withDestinationPath: "0003.png")
                }
            ),
            (
                "a frame that is a FIFO", "0003.png",
                {
                    try fm.removeItem(atPath: $0 + "/f/0003.png")
                    guard mkfifo($0 + "/f/0003.png", 0o644) == 0 else { throw CocoaError(.fileWriteUnknown) }
                }
            ),
            (
                "a frame of another size", "0002.png",
                {
                    try fm.removeItem(atPath: $0 + "/f/0002.png")
                    try fm.copyItem(atPath: hostile + "/other-size.png", toPath: $0 + "/f/0002.png")
                }
            ),
            ("a missing frame", "0004.png", { try fm.removeItem(atPath: $0 + "/f/0004.png") }),
        ]
        for (what, frame, damage) in damages {
            cases.append(folder("encode: \(what)", 2, encode, says: frame, damage))
            // A frame of another size is said by its number, with both sizes.
            let sizes = [
                "a JPEG named 0001.png": "frame 1 (1 frame) is 640x427", "a frame of another size": "frame 2 (1 frame) is 8x8",
                "a missing frame": "frame 4 (1 frame) missing from",
            ]
            cases.append(folder("compare: \(what)", 1, compare, says: sizes[what] ?? frame, damage))
        }
        let manifests: [(String, Int32, Int32, String, (String) throws -> Void)] = [
            (
                "a manifest claiming a billion frames", 2, 1, "1000000000",
                { try editManifest($0 + "/f/manifest.json") { $0["frameCount"] = 1_000_000_000 } }
            ),
            (
                "a manifest listing frame 999999999", 2, 1, "manifest",
                {
                    try editManifest($0 + "/f/manifest.json") { m in
                        m["frameCount"] = 1_000_000_000
                        var frames = m["frames"] as! [[String: Any]]
                        frames[4]["index"] = 999_999_999; frames[4]["file"] = "999999999.png"
                        m["frames"] = frames
                    }
                }
            ),
            ("a manifest of fps 1e308", 2, 1, "fps", { try editManifest($0 + "/f/manifest.json") { $0["fps"] = 1e308 } }),
            ("a manifest of a negative size", 2, 1, "manifest", { try editManifest($0 + "/f/manifest.json") { $0["width"] = -1 } }),
            (
                "a manifest of 100000 nested lists", 2, 1, "manifest",
                {
                    try write(Data((String(repeating: "[", count: 100_000) + String(repeating: "]", count: 100_000)).utf8), $0 + "/f/manifest.json")
                }
            ),
            ("a manifest cut short", 2, 1, "manifest", { try write(Data("{\"fps\": 5, \"frames\": [".utf8), $0 + "/f/manifest.json") }),
            (
                "a manifest that is a folder", 2, 1, "manifest",
                {
                    try fm.removeItem(atPath: $0 + "/f/manifest.json")
                    try fm.createDirectory(atPath: $0 + "/f/manifest.json", withIntermediateDirectories: false)
                }
            ),
            (
                "a manifest that is a FIFO", 2, 1, "manifest",
                {
                    try fm.removeItem(atPath: $0 + "/f/manifest.json")
                    guard mkfifo($0 + "/f/manifest.json", 0o644) == 0 else { throw CocoaError(.fileWriteUnknown) }
                }
            ),
            (
                "a folder that links to itself", 0, 0, "",
                {
                    try fm.createSymbolicLink(atPath: $0 + "/f/loop", withDestinationPath: ".")
                    try fm.createSymbolicLink(atPath: $0 + "/f/a", withDestinationPath: "b")
                    try fm.createSymbolicLink(atPath: $0 + "/f/b", withDestinationPath: "a")
                }
            ),
            (
                "stray files beside the frames", 0, 1, "",
                {
                    try write(Data("x".utf8), $0 + "/f/12345.png"); try write(Data(), $0 + "/f/0000.png.tmp-1")
                    try fm.createDirectory(atPath: $0 + "/f/99999.png", withIntermediateDirectories: false)
                }
            ),
        ]
        for (what, encodeExit, compareExit, says, damage) in manifests {
            cases.append(folder("encode: \(what)", encodeExit, encode, says: encodeExit == 0 ? "" : says, damage))
            cases.append(
                folder("compare: \(what)", compareExit, compare, says: compareExit == 1 && what.contains("manifest") ? "manifest" : "", damage))
        }
        cases += [
            folder("encode: a FRAMES_DIR that is a file", 2, ["encode", "$D/f/0000.png", "$D/a.gif"], says: "0000.png") { _ in },
            folder("encode: a FRAMES_DIR that is not there", 2, ["encode", "$D/nowhere", "$D/a.gif"], says: "nowhere") { _ in },
            folder("encode: a FRAMES_DIR that is a symlink loop", 2, ["encode", "$D/loop", "$D/a.gif"], says: "loop") {
                try fm.createSymbolicLink(atPath: $0 + "/loop", withDestinationPath: "loop")
            },
            folder("compare: a side that is a symlink loop", 2, ["compare", "$D/loop", "$D/f"], says: "loop") {
                try fm.createSymbolicLink(atPath: $0 + "/loop", withDestinationPath: "loop")
            },
            folder("compare: an empty folder against frames", 1, ["compare", "$D/empty", "$D/f"]) {
                try fm.createDirectory(atPath: $0 + "/empty", withIntermediateDirectories: false)
            },
            folder("compare: two empty PNG files", 1, ["compare", "$D/x.png", "$D/y.png"]) {
                try write(Data(), $0 + "/x.png"); try write(Data(), $0 + "/y.png")
            },
            folder("compare: a bomb against a frame", 1, ["compare", hostile + "/bomb-60000x60000.png", "$D/f/0000.png"], says: "60000") { _ in },
            folder("compare: a PNG against a folder", 2, ["compare", "$D/f/0000.png", "$D/f"]) { _ in },
            // merge
            folder("merge: two whole shards", 0, merge) { _ in },
            folder("merge: a shard claiming a billion frames", 2, merge, says: "shard") {
                try editManifest($0 + "/m/manifest.shard-1-of-2.json") { $0["frameCount"] = 1_000_000_000 }
            },
            folder("merge: a shard of 0 of 0", 2, merge) {
                try fm.moveItem(atPath: $0 + "/m/manifest.shard-2-of-2.json", toPath: $0 + "/m/manifest.shard-0-of-0.json")
            },
            folder("merge: a shard of 1 of a billion", 2, merge) {
                try fm.removeItem(atPath: $0 + "/m/manifest.shard-2-of-2.json")
                try fm.moveItem(atPath: $0 + "/m/manifest.shard-1-of-2.json", toPath: $0 + "/m/manifest.shard-1-of-1000000000.json")
            },
            folder("merge: a shard of 3 of 2", 2, merge) {
                try fm.copyItem(atPath: $0 + "/m/manifest.shard-2-of-2.json", toPath: $0 + "/m/manifest.shard-3-of-2.json")
                try fm.removeItem(atPath: $0 + "/m/manifest.shard-2-of-2.json")
            },
            folder("merge: a shard number of 20 digits", 2, merge) {
                try fm.moveItem(
                    atPath: $0 + "/m/manifest.shard-2-of-2.json",
                    toPath: $0 + "/m/manifest.shard-99999999999999999999-of-99999999999999999999.json")
            },
            folder("merge: a shard manifest that is a symlink loop", 2, merge, says: "manifest.shard-2-of-2.json") {
                try fm.removeItem(atPath: $0 + "/m/manifest.shard-2-of-2.json")
                try fm.createSymbolicLink(atPath: $0 + "/m/manifest.shard-2-of-2.json", withDestinationPath: "manifest.shard-2-of-2.json")
            },
            folder("merge: a shard manifest that is a folder", 2, merge, says: "manifest.shard-2-of-2.json") {
                try fm.removeItem(atPath: $0 + "/m/manifest.shard-2-of-2.json")
                try fm.createDirectory(atPath: $0 + "/m/manifest.shard-2-of-2.json", withIntermediateDirectories: false)
            },
            folder("merge: a shard manifest that is a FIFO", 2, merge, says: "manifest.shard-2-of-2.json") {
                try fm.removeItem(atPath: $0 + "/m/manifest.shard-2-of-2.json")
                guard mkfifo($0 + "/m/manifest.shard-2-of-2.json", 0o644) == 0 else { throw CocoaError(.fileWriteUnknown) }
            },
            folder("merge: an empty shard manifest", 2, merge, says: "manifest.shard-2-of-2.json") {
                try write(Data(), $0 + "/m/manifest.shard-2-of-2.json")
            },
            folder("merge: a frame that is a folder", 2, merge, says: "0003.png") {
                try fm.removeItem(atPath: $0 + "/m/0003.png")
                try fm.createDirectory(atPath: $0 + "/m/0003.png", withIntermediateDirectories: false)
            },
            folder("merge: a missing frame", 2, merge, says: "0004.png") { try fm.removeItem(atPath: $0 + "/m/0004.png") },
            folder("merge: a folder that is not there", 2, ["merge", "$D/nowhere"], says: "nowhere") { _ in },
            folder("merge: a file", 2, ["merge", "$D/m/0000.png"], says: "0000.png") { _ in },
            // Manifests are input too (issue 46, item 3): every field checked before use.
            folder("merge: a shard listing a frame at ../../etc/hostname", 2, merge, says: "frames[0].file") {
                try editFrame($0 + "/m/manifest.shard-1-of-2.json", 0) { $0["file"] = "../../etc/hostname" }
            },
            folder("merge: two frames of a shard sharing one file", 2, merge, says: "frames[1].file") {
                try editManifest($0 + "/m/manifest.shard-1-of-2.json") { m in
                    var frames = m["frames"] as! [[String: Any]]
                    frames[1]["file"] = frames[0]["file"]
                    m["frames"] = frames
                }
            },
            folder("merge: a shard listing frame 999 of 5", 2, merge, says: "frames[0].index is 999") {
                try editFrame($0 + "/m/manifest.shard-1-of-2.json", 0) { $0["index"] = 999 }
            },
            folder("merge: a shard listing frame -5", 2, merge, says: "frames[0].index is -5") {
                try editFrame($0 + "/m/manifest.shard-1-of-2.json", 0) { $0["index"] = -5 }
            },
            folder("merge: no shards and a manifest listing a missing frame", 2, ["merge", "$D/f"], says: "0004.png, which is missing") {
                try fm.removeItem(atPath: $0 + "/f/0004.png")
            },
            folder("encode: a manifest of fps 1e-300", 2, encode, says: "fps is") {
                try editManifest($0 + "/f/manifest.json") { $0["fps"] = 1e-300 }
            },
            folder("encode: a manifest of fps 0.001", 2, encode, says: "fps is 0.001") {
                try editManifest($0 + "/f/manifest.json") { $0["fps"] = 0.001 }
            },
            folder("encode: a manifest listing ../../etc/hostname", 2, encode, says: "frames[2].file") {
                try editFrame($0 + "/f/manifest.json", 2) { $0["file"] = "../../etc/hostname" }
            },
            // The minor items (5): a stray shard name refused, a terabyte budget taken, a newline
            // in a file name shown escaped.
            folder("merge: a stray manifest.shard-4-of-3.json beside two whole shards", 2, merge, says: "manifest.shard-4-of-3.json") {
                try fm.copyItem(atPath: $0 + "/m/manifest.shard-2-of-2.json", toPath: $0 + "/m/manifest.shard-4-of-3.json")
            },
            folder("encode: --max-bytes 1TB", 0, encode + ["--max-bytes", "1TB"]) { _ in },
            folder("encode: --max-bytes 1Q", 2, encode + ["--max-bytes", "1Q"], says: "such as 5MB") { _ in },
            folder("encode: a newline in the output's name", 0, ["encode", "$D/f", "$D/a\nb.gif"], says: "a\\u{A}b.gif") { _ in },
            // One writer per folder (item 1): a render into a folder another holds is refused,
            // naming the holder; so is a merge while a shard writes.
            Case(
                name: "render into a folder another render is writing", exit: 2, args: render, files: ["s.yaml": head],
                prepare: { d in
                    try fm.createDirectory(atPath: d + "/out", withIntermediateDirectories: true)
                    heldLocks.append(try FolderLock.acquire(d + "/out", mode: .exclusive, command: "render-frames other.yaml --out out", wait: false))
                }, says: "other.yaml --out out"),
            folder("merge while a shard is writing the folder", 2, merge, says: "another render-frames is writing this folder") {
                heldLocks.append(try FolderLock.acquire($0 + "/m", mode: .shared, command: "render-frames s.yaml --shard 2/2", wait: false))
            },
        ]
        return cases
    }

    /// Locks the cases hold for the rest of the run (released when the process ends).
    nonisolated(unsafe) static var heldLocks: [FolderLock] = []

    static func editFrame(_ path: String, _ i: Int, _ edit: @escaping (inout [String: Any]) -> Void) throws {
        try editManifest(path) { m in
            var frames = m["frames"] as! [[String: Any]]
            edit(&frames[i])
            m["frames"] = frames
        }
    }

    // MARK: Numbers on the command line

    // MARK: One-letter paths

    /// Names of one character, relative to the working folder (Foundation's
    /// `deletingLastPathComponent` crashes on them, so no path goes through it).
    static var oneLetterPaths: [Case] {
        let scenario = ["s.yaml": head + "rows: {count: 3}\n"]
        let frames: (String) throws -> Void = { dir in
            for out in ["f", "h"] { try InProcess.inFolder(dir) { try InProcess.render("s.yaml", into: out, scale: 0.25) } }
        }
        return [
            Case(name: "--out o", exit: 0, args: ["s.yaml", "--out", "o", "--scale", "0.25", "--quiet"], files: scenario, inFolder: true),
            Case(name: "--out o/", exit: 0, args: ["s.yaml", "--out", "o/", "--scale", "0.25", "--quiet"], files: scenario, inFolder: true),
            Case(name: "a scenario called x", exit: 0, args: ["validate", "x"], files: ["x": scenario["s.yaml"]!], inFolder: true),
            Case(
                name: "--golden g records", exit: 0, args: ["s.yaml", "--out", "o", "--golden", "g", "--scale", "0.25", "--quiet"],
                files: scenario, environment: ["RENDER_FRAMES_RECORD": "all"], inFolder: true),
            Case(
                name: "compare --diff d", exit: 0, args: ["compare", "f", "h", "--diff", "d"], files: scenario, prepare: frames,
                inFolder: true),
            Case(
                name: "encode to g", exit: 2, args: ["encode", "f", "g"], files: scenario, prepare: frames,
                says: "no extension", inFolder: true),
            Case(name: "encode to a.gif", exit: 0, args: ["encode", "f", "a.gif"], files: scenario, prepare: frames, inFolder: true),
            Case(name: "expand --out x", exit: 0, args: ["expand", "s.yaml", "--out", "x"], files: scenario, inFolder: true),
        ]
    }

    static var numbers: [Case] {
        let scenario = ["s.yaml": layer("height", quoted("100 + u"))]
        func render(_ option: String, _ value: String, _ exit: Int32 = 2, _ more: [String] = [], says: String? = nil) -> Case {
            Case(
                name: "render \(option) \(value.count > 40 ? "\(value.prefix(20))… (\(value.count) characters)" : value)", exit: exit,
                args: HostileCorpusTests.render + more + [option, value],
                files: scenario, says: says ?? (exit == 2 ? word(option) : ""))
        }
        func encode(_ option: String, _ value: String, _ exit: Int32 = 2) -> Case {
            folder("encode \(option) \(value)", exit, ["encode", "$D/f", "$D/a.webp", option, value], says: exit == 2 ? word(option) : "") { _ in }
        }
        func compare(_ option: String, _ value: String, _ exit: Int32 = 2) -> Case {
            folder(
                "compare \(option) \(value)", exit, ["compare", "$D/f", reference + "/frames", option, value],
                says: exit == 2 ? word(option) : ""
            ) { _ in }
        }
        func explain(_ option: String, _ value: String, _ exit: Int32 = 2) -> Case {
            Case(
                name: "explain \(option) \(value)", exit: exit, args: ["explain", "$D/s.yaml", option, value], files: scenario,
                says: exit == 2 ? (option == "--scale" ? option : "") : "")
        }
        /// The option's name without its dashes: a message may say "16 fps was asked".
        func word(_ option: String) -> String { String(option.drop { $0 == "-" }) }
        var cases: [Case] = []
        let hostileNumbers = ["0", "-1", "-0", "1e999", "-1e999", "nan", "inf", "abc", "", "99999999999999999999", "0x10", "1e-320"]
        for value in hostileNumbers {
            cases.append(render("--fps", value, value == "0x10" ? 0 : 2)) // Swift reads 0x10 as 16
            cases.append(render("--scale", value))
            cases.append(render("--jobs", value))
            cases.append(encode("--width", value))
            cases.append(encode("--fps", value, value == "1e-320" ? 0 : 2))
            cases.append(compare("--max-diff-ratio", value, ["0", "-0", "1e-320"].contains(value) ? 0 : 2))
        }
        for value in ["-1", "1.5", "nan", "1e999", "-1e999", "abc", "", "-0.0001"] {
            cases.append(compare("--threshold", value))
        }
        cases += [
            render("--fps", "240", 0, ["--frames", "0"]), render("--fps", "241"), render("--fps", "1", 0), render("--fps", "0.999"),
            render("--scale", "0.25", 0), render("--scale", "0.2499"), render("--scale", "4.0001"),
            render("--scale", "4", 0, ["--frames", "0"]),
            render("--jobs", "64", 0), render("--jobs", "65"), render("--jobs", "1.5"),
            render("--frames", "-1"), render("--frames", "0-99999999999"), render("--frames", "4-2"), render("--frames", "abc"),
            render("--frames", ""), render("--frames", "0,,1"), render("--frames", "5"), render("--frames", "0-4,0-4", 0),
            render("--frames", "99999999999999999999"), render("--frames", "0-" + String(repeating: "9", count: 400)),
            render("--frames", Array(repeating: "0", count: 20_000).joined(separator: ","), 0),
            render("--shard", "0/0"), render("--shard", "3/2"), render("--shard", "-1/2"), render("--shard", "1/0"),
            render("--shard", "1/1001"), render("--shard", "1/99999999999999999999"), render("--shard", "abc"),
            render("--shard", "1/2/3"), render("--shard", "2/2", 0), render("--shard", "5/5", 0),
            render("--max-image-pixels", "0"), render("--max-image-pixels", "-1"),
            render("--max-image-pixels", "99999999999999999999"), render("--max-image-memory", "0"),
            render("--max-image-memory", "abc"), render("--max-image-memory", "1e999GB"),
            render("--max-image-memory", "99999999999999999999GB"),
            render("--compression", "ultra"), render("--record", "sometimes", 2, ["--golden", "$D/g"]),
            Case(
                name: "--shard auto at Int.max", exit: 2, args: HostileCorpusTests.render + ["--shard", "auto"], files: scenario,
                says: "JOB_COMPLETION_INDEX", environment: ["JOB_COMPLETION_INDEX": "9223372036854775807", "RENDER_FRAMES_SHARDS": "2"]),
            Case(
                name: "--shard auto at -1 of GitLab", exit: 2, args: HostileCorpusTests.render + ["--shard", "auto"], files: scenario,
                says: "shard", environment: ["CI_NODE_INDEX": "-1", "CI_NODE_TOTAL": "2"]),
            Case(
                name: "--shard auto of 20 digits", exit: 2, args: HostileCorpusTests.render + ["--shard", "auto"], files: scenario,
                says: "shard", environment: ["CI_NODE_INDEX": "1", "CI_NODE_TOTAL": "99999999999999999999"]),
            Case(
                name: "--shard auto with nothing set", exit: 2, args: HostileCorpusTests.render + ["--shard", "auto"], files: scenario,
                says: "no shard in the environment",
                environment: [
                    "RENDER_FRAMES_SHARD": "", "CI_NODE_INDEX": "",
                    "JOB_COMPLETION_INDEX": "", "AWS_BATCH_JOB_ARRAY_INDEX": "",
                ]),
            encode("--width", "16", 0), encode("--width", "15"), encode("--width", "8193"),
            encode("--fps", "5", 0), encode("--fps", "6", 2), encode("--fps", "241"), encode("--fps", "0.001", 0),
            encode("--quality", "-1"), encode("--quality", "101"), encode("--quality", "nan"), encode("--quality", "1e999"),
            encode("--quality", "0", 0), encode("--max-bytes", "-1"), encode("--max-bytes", "abc"), encode("--max-bytes", "1e999MB"),
            encode("--max-bytes", "99999999999999999999GB"), encode("--max-bytes", "0", 0), encode("--max-bytes", "1", 2),
            encode("--jobs", "0"), encode("--jobs", "65"), encode("--jobs", "-1"),
            compare("--threshold", "0", 0), compare("--threshold", "1", 0), compare("--max-diff-pixels", "-1"),
            compare("--max-diff-pixels", "99999999999999999999"), compare("--max-diff-pixels", "1e999"),
            compare("--max-diff-pixels", "9223372036854775807", 0),
            explain("--frame", "-1"), explain("--frame", "5"), explain("--frame", "99999999999999999999"), explain("--frame", "abc"),
            explain("--frame", "nan"), explain("--frame", "4", 0), explain("--offset", "1e999"), explain("--offset", "nan"),
            explain("--offset", "1000001"), explain("--offset", "-1000000", 0), explain("--offset", "abc"),
            Case(
                name: "explain --scale 0", exit: 2, args: ["explain", "$D/s.yaml", "--frame", "0", "--scale", "0"], files: scenario,
                says: "--scale"),
            Case(name: "summary --pictured -1", exit: 2, args: ["summary", "$D", "--pictured", "-1"], says: "--pictured"),
            Case(name: "summary --pictured 21", exit: 2, args: ["summary", "$D", "--pictured", "21"], says: "--pictured"),
        ]
        return cases
    }

    // MARK: - The reference render the folder cases copy

    static let referenceLock = NSLock()
    nonisolated(unsafe) static var referenceMade = false
    static let reference = NSTemporaryDirectory() + "hostile-reference-\(getpid())"

    /// Renders `reference/frames` (5 frames, 94x167) and `reference/shards` (the files of shards
    /// 1/2 and 2/2, not merged) once per test process.
    func makeReference() throws {
        HostileCorpusTests.referenceLock.lock()
        defer { HostileCorpusTests.referenceLock.unlock() }
        if HostileCorpusTests.referenceMade { return }
        let r = HostileCorpusTests.reference, fm = FileManager.default
        try? fm.removeItem(atPath: r)
        try fm.createDirectory(atPath: r + "/shards", withIntermediateDirectories: true)
        let scenario = r + "/s.yaml"
        try HostileCorpusTests.layer("height", HostileCorpusTests.quoted("100 + u")).write(toFile: scenario, atomically: true, encoding: .utf8)
        try InProcess.render(scenario, into: r + "/frames", scale: 0.25)
        for i in 1...2 {
            try InProcess.render(scenario, into: r + "/shard\(i)", scale: 0.25, shard: try Shard(index: i, count: 2))
            for name in try fm.contentsOfDirectory(atPath: r + "/shard\(i)") {
                try fm.copyItem(atPath: r + "/shard\(i)/" + name, toPath: r + "/shards/" + name)
            }
        }
        HostileCorpusTests.referenceMade = true
    }

    // MARK: - Running a case

    /// `peakMegabytes` and `sampledMegabytes` are both this process's VmHWM while the case ran (reset
    /// before it); two fields since the cases that set environment variables ran the binary, whose
    /// `ru_maxrss` and sampled VmHWM differed.
    struct Outcome {
        var code: Int32; var seconds: Double; var peakMegabytes: Int; var sampledMegabytes: Int
        var stdout: String; var stderr: String
    }

    /// The process's peak resident set in MB, from /proc (0 once it has exited).
    static func highWaterMark(_ pid: pid_t) -> Int {
        guard let status = try? String(contentsOfFile: "/proc/\(pid)/status", encoding: .utf8),
            let line = status.split(separator: "\n").first(where: { $0.hasPrefix("VmHWM:") })
        else { return 0 }
        return (Int(line.split(separator: " ").dropFirst().first ?? "") ?? 0) / 1024
    }

    /// A `validate FILES` case in this process, as the command runs it: exit code 2 when a file is
    /// refused, what it would print, the time taken, and this process's peak resident set while it
    /// ran (VmHWM, reset first through /proc/self/clear_refs).
    static func validateInProcess(_ files: [String]) -> Outcome {
        inProcess {
            var stdout = "", stderr = ""
            let failed = ScenarioCheck.check(files, ok: { stdout += $0 + "\n" }, problem: { stderr += $0 + "\n" })
            return Shell.Result(code: failed > 0 ? 2 : 0, stdout: stdout, stderr: stderr)
        }
    }

    /// Another command of the library's (compare, encode, merge, summary, explain, expand) in this
    /// process, parsed and run as the binary does (`InProcessCLI`), with the same bounds.
    static func commandInProcess(_ arguments: [String]) -> Outcome {
        inProcess { InProcessCLI.run(arguments) }
    }

    static func inProcess(_ body: () -> Shell.Result) -> Outcome {
        if let f = fopen("/proc/self/clear_refs", "w") { fputs("5", f); fclose(f) }
        let start = Date()
        let r = body()
        let elapsed = Date().timeIntervalSince(start), peak = highWaterMark(getpid())
        return Outcome(
            code: r.code, seconds: elapsed, peakMegabytes: peak, sampledMegabytes: peak,
            stdout: r.stdout, stderr: r.stderr)
    }

    override class func tearDown() {
        try? FileManager.default.removeItem(atPath: reference)
        super.tearDown()
    }

    var tmp = ""
    override func setUpWithError() throws { tmp = try makeTemporaryFolder("hostile") }
    override func tearDown() { try? FileManager.default.removeItem(atPath: tmp) }

    /// Runs every case of a group and reports each failing one by name, with what it printed.
    func check(_ cases: [Case], file: StaticString = #filePath, line: UInt = #line) throws {
        let names = cases.map(\.name)
        XCTAssertEqual(Set(names).count, names.count, "case names are unique", file: file, line: line)
        for (n, c) in cases.enumerated() {
            let dir = tmp + "/\(n)"
            try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
            for (name, text) in c.files {
                try text.replacingOccurrences(of: "$H", with: HostileCorpusTests.hostile)
                    .write(toFile: dir + "/" + name, atomically: false, encoding: .utf8)
            }
            try c.prepare?(dir)
            let args = c.args.map {
                $0.replacingOccurrences(of: "$D", with: dir).replacingOccurrences(of: "$H", with: HostileCorpusTests.hostile)
            }
            // In this process, as the binary's main runs it: a subcommand through InProcessCLI, a render
            // through Render (InProcess), with the case's environment set around it (and CI and
            // RENDER_FRAMES_RECORD unset unless the case sets them, as the binary's runs had them).
            let environment = c.environment.merging(["CI": "", RecordMode.environmentVariable: ""]) { own, _ in own }
            let o = InProcess.inFolder(c.inFolder ? dir : FileManager.default.currentDirectoryPath) {
                args.first == "validate" && c.environment.isEmpty
                    ? HostileCorpusTests.validateInProcess(Array(args.dropFirst()))
                    : InProcessCLI.commands.contains(args.first ?? "") && c.environment.isEmpty
                        ? HostileCorpusTests.commandInProcess(args)
                        : HostileCorpusTests.inProcess {
                            (try? InProcess.run(CLITests.binary, args, environment: c.environment.isEmpty ? [:] : environment))
                                ?? Shell.Result(code: -1, stdout: "", stderr: "could not run")
                        }
            }
            let shown =
                "[\(c.name)] exit \(o.code), \(String(format: "%.2f", o.seconds)) s, \(o.sampledMegabytes) MB seen in /proc, \(o.peakMegabytes) MB from wait4; stderr:\n"
                + String(o.stderr.prefix(1500))
            XCTAssertEqual(o.code, c.exit, shown, file: file, line: line)
            XCTAssertLessThanOrEqual(o.peakMegabytes, c.megabytes, "\(shown)\npeak memory over \(c.megabytes) MB", file: file, line: line)
            if let log = ProcessInfo.processInfo.environment["HOSTILE_CORPUS_LOG"], let handle = FileHandle(forWritingAtPath: log) {
                let first = (o.stderr.isEmpty ? o.stdout : o.stderr).split(separator: "\n").first.map(String.init) ?? ""
                handle.seekToEndOfFile()
                handle.write(
                    Data(
                        "\(c.name)\t\(o.code)\t\(String(format: "%.2f", o.seconds))\t\(o.sampledMegabytes)\t\(o.peakMegabytes)\t\(first.prefix(300))\n"
                            .utf8))
                handle.closeFile()
            }
            if !c.says.isEmpty {
                XCTAssertTrue(
                    o.stderr.contains(c.says) || o.stdout.contains(c.says), "\(shown)\nexpected the message to say: \(c.says)", file: file, line: line
                )
            }
            if c.exit == 2 {
                XCTAssertFalse(o.stderr.isEmpty, "\(shown)\na refusal says why", file: file, line: line)
            }
            for text in HostileCorpusTests.libraryText + [CLITests.root + "/Sources"] {
                XCTAssertFalse(o.stderr.contains(text) || o.stdout.contains(text), "\(shown)\nlibrary text: \(text)", file: file, line: line)
            }
            try? FileManager.default.removeItem(atPath: dir)
        }
    }

    func testLayerLanguage() throws { try check(HostileCorpusTests.layerLanguage) }
    func testMatrices() throws { try check(HostileCorpusTests.matrices) }
    func testOutputLists() throws { try check(HostileCorpusTests.outputs) }
    func testFonts() throws { try check(HostileCorpusTests.fonts) }
    func testHugeTexts() throws { try check(HostileCorpusTests.texts) }
    func testHostileFolders() throws { try makeReference(); try check(HostileCorpusTests.folders) }
    func testOneLetterPaths() throws { try check(HostileCorpusTests.oneLetterPaths) }
    func testNumbersAtAndPastTheirLimits() throws { try makeReference(); try check(HostileCorpusTests.numbers) }
}
#endif
