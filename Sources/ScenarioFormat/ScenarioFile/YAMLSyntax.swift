import Scene
import Yams

/// libyaml's syntax errors in our words. Its problems ("did not find expected key", "mapping values
/// are not allowed in this context", ...) name the parser's states, not what the writer did; each is
/// mapped here to what the file shows at that position and the fix. No libyaml text is passed on:
/// a problem not known here gets a general message (see `YAMLSyntaxTests`, which runs malformed
/// snippets and checks for libyaml's words).
enum YAMLSyntax {
    /// The message for a scanner, parser or composer problem at `line`:`column` (1-based), with
    /// `opened` the position of the construct libyaml was inside (its "context" mark), if any.
    static func message(problem: String, context: String?, opened: (line: Int, column: Int)?, line: Int, column: Int, lines: [Substring]) -> String {
        let text = line >= 1 && line <= lines.count ? lines[line - 1] : ""
        let scalars = Array(text.unicodeScalars)
        let here: Unicode.Scalar? = column >= 1 && column <= scalars.count ? scalars[column - 1] : nil
        let from = opened.map { " at line \($0.line), column \($0.column)" } ?? ""
        let indent = text.prefix { $0 == " " || $0 == "\t" }
        if indent.contains("\t") || problem.contains("tab character") || (here == "\t" && problem.contains("cannot start any token")) {
            return "a tab indents this line, and YAML allows only spaces for indentation; indent with spaces"
        }
        let openedLine = opened.flatMap { $0.line >= 1 && $0.line <= lines.count ? lines[$0.line - 1] : nil }
        // The line above that holds something: a comment there may have cut a bracket off.
        let above = lines.prefix(max(0, min(line - 1, lines.count))).last { !$0.allSatisfy { $0 == " " } } ?? ""
        let commentCut = [text, openedLine ?? "", above].contains { $0.contains(" #") }
        let commentHint = "; a # after a space starts a comment in YAML, which cut that line short: put colors in quotes, as color: \"#FF0000\""
        let quoteFix = "put the value in quotes"

        switch problem {
        case "mapping values are not allowed in this context":
            if text.contains("?") {
                return "a second \": \" on this line; a value with \": \" in it (a formula's ? :) must be in quotes, as "
                    + "height: \"offset < 0 ? 300 - offset : 300\""
            }
            return "a key cannot start here: this line is indented deeper than the key above it, a value holds \": \", or the "
                + "line above lacks its \": \"; indent the key as far as the others of its mapping, or put a value holding \": \" in quotes"
        case "did not find expected key":
            if text.drop(while: { $0 == " " }).hasPrefix("-") {
                return "a key at the same indentation as the one above is expected here, and a list item stands instead; indent its "
                    + "\"- \" as far as the items of its list, or write the list under a key of its own"
            }
            return "a key at the same indentation as the one above is expected here; line this up with the keys above it, "
                + "or put a value that goes on after its closing quote or bracket in quotes" + (commentCut ? commentHint : "")
        case "did not find expected '-' indicator":
            return "a list item (\"- \") at the same indentation as the one above is expected here; line it up with the items above it"
        case "did not find expected ',' or '}'":
            return "a \",\" or a closing \"}\" is expected here, for the { opened\(from); close it, and put a value holding "
                + ", : { } [ ] or # in quotes" + (commentCut ? commentHint : "")
        case "did not find expected ',' or ']'":
            return "a \",\" or a closing \"]\" is expected here, for the [ opened\(from); close it, and put a value holding "
                + ", : { } [ ] or # in quotes" + (commentCut ? commentHint : "")
        case "did not find expected node content":
            return "a value is expected here and none starts; write one, or \(quoteFix) if it starts with punctuation"
                + (commentCut ? commentHint : "")
        case "but found another document":
            return "a second document starts here (after a line of --- or ...), and a scenario is one document; remove the line "
                + "and what follows, or move it to a file of its own"
        case "did not find expected <document start>":
            return "the file's settings ended above this line, and this is not one of them; write each top-level setting as "
                + "key: value at the start of a line, and indent the lines under their key"
        case "block sequence entries are not allowed in this context":
            return "a list item (\"- \") cannot start here, on the line of a key or beside another value; put it on a line of "
                + "its own under its key, or write the list as [a, b]"
        case "mapping keys are not allowed in this context":
            return "\"? \" starts a complex key, which a scenario does not use; \(quoteFix)"
        case "could not find expected ':'":
            return "a key is not followed by \": \" (a key is one line of at most 1024 characters); add the colon, or put "
                + "a value that goes on over several lines in quotes"
        case "found unexpected end of stream":
            return "the quote opened\(from) is never closed; close it"
        case "found unexpected document indicator":
            return "the quote opened\(from) is not closed before a line of --- or ..., which ends a document; close it"
        case "found unknown escape character":
            return "a backslash in double quotes starts an escape (\\n, \\t, \\\\, \\\", \\u0041), and this one is not; write "
                + "\\\\ for a backslash, or use single quotes"
        case "did not find expected hexdecimal number":
            return "a backslash in double quotes starts an escape, and \\x, \\u and \\U take 2, 4 and 8 hex digits after them; "
                + "write \\\\ for a backslash (as in a Windows path), or use single quotes"
        case "found invalid Unicode character escape code":
            return "a \\u or \\U escape names one Unicode character, not half of a UTF-16 surrogate pair (\\uD83D): "
                + "write the character itself, or \\U0001F600 for U+1F600"
        case "found undefined alias":
            return "* starts an alias, and this one names no anchor (&name) above it; \(quoteFix)"
        case "found undefined tag handle", "did not find expected tag URI", "did not find expected '!'", "did not find URI escaped octet":
            return "! starts a YAML tag, and a scenario uses none; \(quoteFix)"
        case "found character that cannot start any token":
            let shown = here.map { "\"\(Character($0))\"" } ?? "this character"
            return "\(shown) cannot start a value in YAML (@ and ` are reserved, * and & start aliases and anchors, "
                + "% a directive); \(quoteFix)"
        case "did not find expected alphabetic or numeric character":
            return "& and * start an anchor and an alias and need a name after them; \(quoteFix)"
        case "found an indentation indicator equal to 0", "did not find expected comment or line break":
            if context?.contains("block scalar") == true {
                return "| and > start a block of text on the lines below, and may be followed only by a digit 1-9, + or -; "
                    + "move the text to the lines below, or \(quoteFix)"
            }
        default:
            break
        }
        if context?.contains("tag") == true {
            return "! starts a YAML tag, and a scenario uses none; \(quoteFix)"
        }
        if context?.contains("directive") == true || problem.contains("directive") || problem.contains("YAML document") {
            return "% at the start of a line begins a YAML directive, and a scenario uses none; remove the line, or \(quoteFix)"
        }
        if context?.contains("anchor") == true || context?.contains("alias") == true {
            return "& and * start an anchor and an alias; \(quoteFix)"
        }
        if problem.contains("nesting") {
            return "lists and mappings nest too deep here; flatten them"
        }
        return "YAML cannot read the file from here; check the quotes, brackets and indentation on this line and the one above"
            + (commentCut ? commentHint : "")
    }
}
