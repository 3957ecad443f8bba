import Foundation
#if canImport(FoundationXML)
import FoundationXML
#endif

/// Interface Builder's document format, read: `.storyboard` and `.xib` files are XML whose root is
/// `<document type="com.apple.InterfaceBuilder3.CocoaTouch.Storyboard.XIB">` (a storyboard) or
/// `...CocoaTouch.XIB` (a XIB). Apple publishes no specification; what is read here was learnt
/// from files Xcode writes. Every element keeps its line, for messages.
struct IBElement {
    let name: String
    let attributes: [String: String]
    var children: [IBElement]
    let line: Int

    subscript(_ attribute: String) -> String? { attributes[attribute] }
    /// The child elements named `name`.
    func all(_ name: String) -> [IBElement] { children.filter { $0.name == name } }
    /// The first child named `name`, with `key="key"` when a key is given.
    func child(_ name: String, key: String? = nil) -> IBElement? {
        children.first { $0.name == name && (key == nil || $0["key"] == key) }
    }
    /// The first child of any kind with `key="key"`.
    func keyed(_ key: String) -> IBElement? { children.first { $0["key"] == key } }
    var id: String? { attributes["id"] }

    /// This element and every element below it, depth first, in document order.
    func walk(_ visit: (IBElement) throws -> Void) rethrows {
        try visit(self)
        for c in children { try c.walk(visit) }
    }
}

/// A parsed `.storyboard` or `.xib`: its root element and where it came from.
struct IBDocument {
    enum Kind: Sendable { case storyboard, xib }

    /// The file's name as messages give it (`Main.storyboard`).
    let fileName: String
    let kind: Kind
    let root: IBElement
    /// Every element with an `id`, by id.
    let byID: [String: IBElement]

    init(contentsOf url: URL) throws {
        let name = url.lastPathComponent
        guard let data = FileManager.default.contents(atPath: url.path) else {
            throw InterfaceBuilderError(file: name, line: nil, problem: "the file cannot be read (\(url.path))", fix: "check the path and its permissions")
        }
        try self.init(data: data, fileName: name)
    }

    init(data: Data, fileName: String) throws {
        self.fileName = fileName
        let reader = TreeReader()
        let parser = XMLParser(data: data)
        parser.delegate = reader
        parser.shouldProcessNamespaces = false
        let ok = parser.parse()
        if !ok || parser.parserError != nil || reader.root == nil {
            throw InterfaceBuilderError(
                file: fileName, line: max(parser.lineNumber, 1),
                problem: "the file is not XML (the XML parser stopped here)",
                fix: "open it in Xcode and save it again, or restore it from version control")
        }
        let root = reader.root!
        let type = root["type"] ?? ""
        guard root.name == "document", type.hasPrefix("com.apple.InterfaceBuilder3.CocoaTouch.") else {
            let what = root.name == "document" ? "a document of type \"\(type)\"" : "a <\(root.name)> document"
            throw InterfaceBuilderError(
                file: fileName, line: root.line,
                problem: "the file is \(what), not an Interface Builder document for iOS",
                fix: "give a .storyboard or .xib that Xcode wrote for iOS (its root is <document type=\"com.apple.InterfaceBuilder3.CocoaTouch.Storyboard.XIB\"> or \"...CocoaTouch.XIB\")")
        }
        kind = type.hasSuffix(".Storyboard.XIB") ? .storyboard : .xib
        self.root = root
        var ids: [String: IBElement] = [:]
        root.walk { e in if let id = e.id, ids[id] == nil { ids[id] = e } }
        byID = ids
    }

    /// `file:line` for messages.
    func at(_ element: IBElement) -> String { "\(fileName):\(element.line)" }
}

/// Builds the element tree from the parser's events.
private final class TreeReader: NSObject, XMLParserDelegate {
    private var stack: [IBElement] = []
    var root: IBElement?

    func parser(
        _ parser: XMLParser, didStartElement elementName: String, namespaceURI: String?, qualifiedName: String?,
        attributes: [String: String] = [:]
    ) {
        stack.append(IBElement(name: elementName, attributes: attributes, children: [], line: parser.lineNumber))
    }

    func parser(_ parser: XMLParser, didEndElement elementName: String, namespaceURI: String?, qualifiedName: String?) {
        guard let done = stack.popLast() else { return }
        if stack.isEmpty { root = done } else { stack[stack.count - 1].children.append(done) }
    }
}
