import XCTest
@testable import ScenarioFormat
@testable import Scene

/// No libyaml wording reaches the user: every syntax error is told in our words (`YAMLSyntax`).
final class YAMLSyntaxTests: XCTestCase {
    /// libyaml's words: its problems and contexts name parser states, not what the writer did.
    static let libyamlPhrases = [
        "did not find", "could not find", "not allowed in this context", "found character", "found unexpected",
        "found undefined", "found unknown", "found an ", "found a tab", "found invalid", "found incompatible",
        "found duplicate", "found another", "but found", "while parsing", "while scanning", "<document start>",
        "<stream-start>", "block sequence entries", "mapping values", "mapping keys", "simple key", "hexdecimal",
        "indentation indicator", "end of stream", "document indicator", "escape code", "octet", "surrogate area",
        "control characters are not allowed", "tag handle", "expected node content", "Maximum nesting",
    ]

    func testNoSyntaxErrorSpeaksLibyaml() {
        let snippets = [
            "navigationBar:\n  title: \"Hello\" world\n  style: inline\n",
            "fps: *x\n",
            "fps: & \n",
            "fps: @30\n",
            "fps: `30`\n",
            "navigationBar:\n  title: |0\n    x\n",
            "navigationBar:\n  title: | x\n",
            "fps: }\n",
            "fps: 30]\n",
            "navigationBar:\n  title: a: b\n",
            "fps: [1 2, 3\n",
            "timeline: {? a}\n",
            "timeline:\n  duration: 1\n  - a\n",
            "{fps: 30}\ndevice: iphone-8\n",
            "navigationBar:\n  title: \"abc\n---\n\"\n",
            "{a: 1, a: 2}\n",
            "navigationBar:\n  title: \"a\\qb\"\n",
            "fps: !\n",
            "timeline:\n  keyframes: [{time: 0, offset: 0}\n",
            "fps: >-2x\n",
            "header:\n  color: #FF0000\n  height: 200\nnavigationBar: {color: #FFF, style: inline}\n",
            "navigationBar:\n  title: \"a\\xZZ\"\n",
            "header:\n  height: 160\n image: x.png\ntimeline: {}\n",
            "timeline:\n  keyframes: - {time: 0}\n",
            "timeline:\n  keyframes:\n    - {time: 0, offset: 0}\n   - {time: 1, offset: 1}\n",
            "fps\nb: 1\n",
            "layers:\n  - a\n  b: 1\n",
            "timeline\n  duration: 1\n",
            "fps: [[[[{a: ]]]]\n",
            "timeline:\n  keyframes: [1, , 2]\n",
            "fps: 30\nx: \"\u{FFFE}\"\n",
            "%FOO bar\n---\nfps: 30\n",
            "fps: |\n",
            "? a\n? b\n: c\nfps: [?]\n",
            "fps: ?\n",
            "\"fps: 30\n",
            "- a\nb: 1\n",
            "{a\nb}\n",
            "fps: *\n",
            "timeline:\n  duration:\t1\n  x:  \t\n",
            "timeline:\n\tduration: 1\n",
            "fps: !x!y 30\n",
            "fps: !<abc\n",
            "fps: 30\n---\nfps: 40\n",
            "navigationBar:\n  title: \"Hello\n",
            "navigationBar:\n  title: 'Hello\n",
            "fps: {a:b:c: d}\n",
            "%YAML 2.0\n---\nfps: 30\n",
            "timeline:\n  " + String(repeating: "k", count: 1100) + ": 1\n",
        ]
        for text in snippets {
            let lines = scenarioErrorLines(text) { _ = try ScenarioLoader.parse(text, file: "s.yaml", baseDirectory: "/nonexistent") }
            XCTAssertFalse(lines.isEmpty, text)
            for line in lines {
                for phrase in Self.libyamlPhrases {
                    XCTAssertFalse(line.localizedCaseInsensitiveContains(phrase), "\(line)\n(libyaml's \"\(phrase)\") for:\n\(text)")
                }
                XCTAssertTrue(line.hasPrefix("s.yaml:"), line)
            }
        }
    }

    /// Each problem libyaml 0.2.5 can report (scanner.c, parser.c and Yams' composer) gets words of ours.
    func testEveryLibyamlProblemIsTranslated() {
        let problems = [
            "mapping values are not allowed in this context", "mapping keys are not allowed in this context",
            "block sequence entries are not allowed in this context", "did not find expected key",
            "did not find expected '-' indicator", "did not find expected ',' or '}'", "did not find expected ',' or ']'",
            "did not find expected node content", "did not find expected <document start>", "did not find expected <stream-start>",
            "could not find expected ':'", "found unexpected end of stream", "found unexpected document indicator",
            "found character that cannot start any token", "found undefined tag handle", "found undefined alias",
            "found unknown escape character", "did not find expected hexdecimal number", "found invalid Unicode character escape code",
            "found a tab character that violates indentation", "found a tab character where an indentation space is expected",
            "found an indentation indicator equal to 0", "did not find expected comment or line break",
            "did not find expected whitespace or line break", "did not find expected alphabetic or numeric character",
            "did not find expected tag URI", "did not find expected '!'", "did not find URI escaped octet",
            "found unknown directive name", "could not find expected directive name", "did not find expected version number",
            "found extremely long version number", "did not find expected digit or '.' character", "found duplicate %YAML directive",
            "found duplicate %TAG directive", "found incompatible YAML document", "found unexpected ':'",
            "found unexpected non-alphabetical character", "did not find the expected '>'", "but found another document",
            "Maximum nesting level reached, set with yaml_set_max_nest_level())",
        ]
        let contexts = [
            nil, "while parsing a block mapping", "while scanning a tag", "while scanning a %YAML directive",
            "while scanning a block scalar", "while scanning an anchor", "while parsing a flow sequence",
        ]
        for problem in problems {
            for context in contexts {
                let message = YAMLSyntax.message(
                    problem: problem, context: context, opened: context == nil ? nil : (1, 3),
                    line: 2, column: 1, lines: ["a: b", "c d"])
                for phrase in Self.libyamlPhrases {
                    XCTAssertFalse(message.localizedCaseInsensitiveContains(phrase), "\(problem) / \(context ?? "-"): \(message)")
                }
                XCTAssertFalse(message.isEmpty)
            }
        }
    }
}
