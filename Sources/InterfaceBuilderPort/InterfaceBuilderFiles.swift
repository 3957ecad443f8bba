import Foundation

#if canImport(FoundationXML)
    import FoundationXML
#endif

/// A refusal of the port: the file, the line when there is one, what is wrong and the fix.
public struct PortError: Error, CustomStringConvertible, Equatable, Sendable {
    public var file: String
    public var line: Int?
    public var problem: String
    public var fix: String

    public init(file: String, line: Int? = nil, problem: String, fix: String) {
        (self.file, self.line, self.problem, self.fix) = (file, line, problem, fix)
    }

    public var description: String { "\(file)\(line.map { ":\($0)" } ?? ""): \(problem); \(fix)" }
}

/// A class an Interface Builder file names (`customClass`), where, and in which scene.
public struct NamedClass: Equatable, Sendable {
    public var name: String
    public var module: String?
    /// The element that names it (`viewController`, `view`, `tableViewCell`, `placeholder`).
    public var element: String
    public var file: String
    public var line: Int
    /// The scene as Xcode's outline shows it (the comment IB writes before it), else its
    /// `sceneID`; in a XIB, "File's Owner" or the top-level object.
    public var scene: String
    /// The element is a scene's view controller: a screen `screens CLASS` can render.
    public var isScreen: Bool
}

/// An Interface Builder document (a `.storyboard` or `.xib` as Xcode writes it) read for the
/// classes it names; a file that is not one is refused with its line.
public enum InterfaceBuilderFile {
    public static func namedClasses(_ path: String, displayName: String? = nil) throws -> [NamedClass] {
        let name = displayName ?? (path as NSString).lastPathComponent
        guard let data = FileManager.default.contents(atPath: path) else {
            throw PortError(file: name, problem: "the file cannot be read", fix: "check that it exists and is readable")
        }
        let reader = Reader(file: name)
        let parser = XMLParser(data: data)
        parser.delegate = reader
        let ok = parser.parse()
        if let refusal = reader.refusal { throw refusal }
        // Linux's parser recovers from a mismatched or unclosed tag: said as the error it is.
        if ok, let open = reader.open.last {
            throw PortError(
                file: name, line: max(parser.lineNumber, 1), problem: "the file is not XML (it ends inside <\(open.element)>, opened at line \(open.line))",
                fix: "open it in Xcode and save it again, or restore it from version control")
        }
        guard ok, reader.sawRoot else {
            throw PortError(
                file: name, line: max(parser.lineNumber, 1), problem: "the file is not XML (the XML parser stopped here)",
                fix: "open it in Xcode and save it again, or restore it from version control")
        }
        return reader.classes
    }

    private final class Reader: NSObject, XMLParserDelegate {
        let file: String
        var classes: [NamedClass] = []
        var refusal: PortError?
        var sawRoot = false
        var isXIB = false
        var lastComment: String?
        var scene = ""
        var depth = 0
        var objectsDepth: Int?
        /// The elements open, with their lines.
        var open: [(element: String, line: Int)] = []

        init(file: String) { self.file = file }

        func parser(_ parser: XMLParser, foundComment comment: String) { lastComment = comment.trimmingCharacters(in: .whitespaces) }

        func parser(
            _ parser: XMLParser, didStartElement element: String, namespaceURI: String?, qualifiedName: String?, attributes: [String: String] = [:]
        ) {
            depth += 1
            open.append((element, parser.lineNumber))
            if !sawRoot {
                sawRoot = true
                let type = attributes["type"] ?? ""
                guard element == "document", type.hasPrefix("com.apple.InterfaceBuilder3.CocoaTouch") else {
                    refusal = PortError(
                        file: file, line: parser.lineNumber,
                        problem: "the root element is <\(element)\(type.isEmpty ? "" : " type=\"\(type)\"")>, not an iOS Interface Builder document",
                        fix: "give a .storyboard or .xib that Xcode wrote for iOS (type com.apple.InterfaceBuilder3.CocoaTouch...)")
                    parser.abortParsing()
                    return
                }
                isXIB = type.hasSuffix(".XIB") && !type.contains("Storyboard")
                return
            }
            if element == "scene" { scene = lastComment ?? attributes["sceneID"] ?? "" }
            if element == "objects", isXIB { objectsDepth = depth }
            if isXIB, let o = objectsDepth, depth == o + 1 {
                scene = attributes["userLabel"] ?? (attributes["placeholderIdentifier"] == "IBFilesOwner" ? "File's Owner" : element)
            }
            guard let custom = attributes["customClass"], !custom.isEmpty else { return }
            // UIKit's own classes named by IB itself (the First Responder placeholder's UIResponder).
            if attributes["customModule"] == nil, custom.hasPrefix("UI") || custom.hasPrefix("NS") { return }
            classes.append(
                NamedClass(
                    name: custom, module: attributes["customModule"], element: element, file: file, line: parser.lineNumber,
                    scene: scene, isScreen: attributes["sceneMemberID"] == "viewController"))
        }

        func parser(_ parser: XMLParser, didEndElement element: String, namespaceURI: String?, qualifiedName: String?) {
            if element == "objects" { objectsDepth = nil }
            depth -= 1
            guard let last = open.popLast() else { return }
            if last.element != element, refusal == nil {
                refusal = PortError(
                    file: file, line: parser.lineNumber,
                    problem: "the file is not XML (</\(element)> closes <\(last.element)>, opened at line \(last.line))",
                    fix: "open it in Xcode and save it again, or restore it from version control")
                parser.abortParsing()
            }
        }
    }
}
