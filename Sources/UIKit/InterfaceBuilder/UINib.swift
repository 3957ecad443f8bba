import Foundation

/// A XIB's objects, made anew at each `instantiate(withOwner:options:)`. The file is the `.xib`
/// itself (Xcode compiles it to a `.nib`; here the XML is read): `NAME.xib` in the bundle's
/// resources (also in `Base.lproj`). A SwiftPM target lists it as a resource
/// (`resources: [.process("ProfileHeader.xib")]`) and passes `Bundle.module`.
/// https://developer.apple.com/documentation/uikit/uinib
@preconcurrency @MainActor open class UINib: NSObject {
    /// https://developer.apple.com/documentation/uikit/uinib/optionskey
    public struct OptionsKey: RawRepresentable, Hashable, Sendable {
        public let rawValue: String
        public init(rawValue: String) { self.rawValue = rawValue }
        /// `[String: Any]`: objects for the XIB's external object placeholders, by identifier.
        public static let externalObjects = OptionsKey(rawValue: "UINibExternalObjects")
    }

    /// Folders read as the main bundle's resources: a XIB or storyboard looked up in
    /// `Bundle.main` (or in no bundle) is also looked for here, by its name, in any subfolder, as
    /// Xcode copies an app's XIBs and storyboards into its bundle whatever folder holds them.
    /// Linux's main bundle is the executable's folder, which holds none of an app's files: a
    /// package made by `render-frames port` sets this to the app's folder. Not UIKit API.
    public static var mainBundleFolders: [URL] = []

    private let loaded: Result<IBDocument, InterfaceBuilderError>
    private let bundle: Bundle?
    /// A storyboard's prototype cell: the nib's one object.
    private let prototype: IBElement?

    /// https://developer.apple.com/documentation/uikit/uinib/1614137-init
    public init(nibName name: String, bundle bundleOrNil: Bundle?) {
        bundle = bundleOrNil
        prototype = nil
        loaded = IBFiles.result { try IBFiles.document(name, extensions: ["xib"], bundle: bundleOrNil) }
        super.init()
    }

    /// https://developer.apple.com/documentation/uikit/uinib/1614135-init
    public init(data: Data, bundle bundleOrNil: Bundle?) {
        bundle = bundleOrNil
        prototype = nil
        loaded = IBFiles.result { try IBDocument(data: data, fileName: "UINib(data:)") }
        super.init()
    }

    init(prototype: IBElement, of document: IBDocument, bundle: Bundle?) {
        self.bundle = bundle
        self.prototype = prototype
        loaded = .success(document)
        super.init()
    }

    /// The XIB's top-level objects, made and connected, after `awakeFromNib`; the owner's outlets
    /// connected. A file that cannot be loaded gives no objects and says why (`load(withOwner:)`
    /// throws the same error).
    /// https://developer.apple.com/documentation/uikit/uinib/1614138-instantiate
    open func instantiate(withOwner ownerOrNil: Any?, options optionsOrNil: [UINib.OptionsKey: Any]? = nil) -> [Any] {
        do { return try load(withOwner: ownerOrNil, options: optionsOrNil) } catch {
            Diagnostics.once("IB error \(error)", "error: \(error)")
            return []
        }
    }

    /// `instantiate(withOwner:options:)` that throws what is wrong with the file, with its position.
    /// Not Apple API.
    public func load(withOwner ownerOrNil: Any? = nil, options optionsOrNil: [UINib.OptionsKey: Any]? = nil) throws -> [Any] {
        let document = try loaded.get()
        let loading = IBLoading(document: document, bundle: bundle)
        if let prototype {
            let cell = try loading.makeView(prototype)
            try loading.connectAndAwake()
            return [cell]
        }
        guard let objects = document.root.child("objects") else {
            throw InterfaceBuilderError(
                file: document.fileName, line: document.root.line, problem: "the document has no <objects>",
                fix: "a storyboard is loaded with UIStoryboard(name:bundle:), a XIB holds its objects in <objects>")
        }
        let external = optionsOrNil?[.externalObjects] as? [String: Any] ?? [:]
        var top: [Any] = []
        for e in objects.children {
            switch e.name {
            case "placeholder":
                let object: AnyObject?
                switch e["placeholderIdentifier"] {
                case "IBFilesOwner": object = ownerOrNil as AnyObject?
                case "IBFirstResponder": object = nil
                default: object = e["placeholderIdentifier"].flatMap { external[$0] } as AnyObject?
                }
                guard let object, let id = e.id else { continue }
                loading.objects[id] = object
                loading.collect(e, object, guidesOf: nil)
            case "customObject":
                Diagnostics.once(
                    "IB \(document.at(e))", "\(document.at(e)): a custom object is not made (Swift on Linux cannot make an NSObject subclass by name)")
            default:
                top.append(try loading.makeView(e))
            }
        }
        try loading.connectAndAwake()
        return top
    }
}

extension Bundle {
    /// The XIB's top-level objects, its owner connected.
    /// https://developer.apple.com/documentation/foundation/bundle/1618147-loadnibnamed
    @MainActor public func loadNibNamed(_ name: String, owner: Any?, options: [UINib.OptionsKey: Any]? = nil) -> [Any]? {
        let objects = UINib(nibName: name, bundle: self).instantiate(withOwner: owner, options: options)
        return objects.isEmpty ? nil : objects
    }
}

/// Where storyboards and XIBs are found: `NAME.storyboard` / `NAME.xib` among the bundle's
/// resources (its resource folder, then `Base.lproj`), the main bundle when none is given.
@MainActor enum IBFiles {
    static func result(_ body: () throws -> IBDocument) -> Result<IBDocument, InterfaceBuilderError> {
        do { return .success(try body()) } catch let e as InterfaceBuilderError { return .failure(e) } catch {
            return .failure(InterfaceBuilderError(file: "?", line: nil, problem: "\(error)", fix: "check the file"))
        }
    }

    static func url(_ name: String, extensions: [String], bundle: Bundle?) -> URL? {
        let bundle = bundle ?? Bundle.main
        let folders = [bundle.resourceURL, bundle.bundleURL].compactMap { $0 }
        for folder in folders {
            for sub in ["", "Base.lproj/"] {
                for ext in extensions {
                    let url = folder.appendingPathComponent(sub + name + "." + ext)
                    if FileManager.default.fileExists(atPath: url.path) { return url }
                }
            }
        }
        guard bundle.bundleURL == Bundle.main.bundleURL else { return nil }
        for folder in UINib.mainBundleFolders {
            if let found = search(folder, names: Set(extensions.map { name + "." + $0 }), extensions: extensions, name: name) { return found }
        }
        return nil
    }

    /// The file `name.ext` (the first extension first) in `folder` or its subfolders, sorted by path.
    static func search(_ folder: URL, names: Set<String>, extensions: [String], name: String) -> URL? {
        // A link to the app's folder (as a port makes it) is followed: the enumerator does not enter one.
        let folder = folder.resolvingSymlinksInPath()
        guard let e = FileManager.default.enumerator(atPath: folder.path) else { return nil }
        var found: [String] = []
        while let path = e.nextObject() as? String {
            if names.contains((path as NSString).lastPathComponent) { found.append(path) }
        }
        for ext in extensions {
            if let first = found.filter({ $0.hasSuffix("." + ext) }).sorted().first { return folder.appendingPathComponent(first) }
        }
        return nil
    }

    static func document(_ name: String, extensions: [String], bundle: Bundle?) throws -> IBDocument {
        if let url = url(name, extensions: extensions, bundle: bundle) { return try IBDocument(contentsOf: url) }
        let place = (bundle ?? Bundle.main).resourceURL?.path ?? (bundle ?? Bundle.main).bundlePath
        let compiled = url(name, extensions: extensions.map { $0 == "xib" ? "nib" : "storyboardc" }, bundle: bundle) != nil
        throw InterfaceBuilderError(
            file: name + "." + extensions[0], line: nil,
            problem: compiled
                ? "only a compiled file (.nib or .storyboardc) is in \(place): it cannot be read off a Mac"
                : "there is no \(name).\(extensions[0]) in \(place)",
            fix: compiled
                ? "ship the source file: list it as a resource with .copy(\"\(name).\(extensions[0])\")"
                : "list it as a resource of the target (.process or .copy) and pass Bundle.module, or name the folder with Bundle(path:)")
    }
}
