import Foundation
import Raster
import Yams

/// Reads scenario files (YAML; JSON is YAML too). The format is documented in README.md,
/// "Scenario files". Paths inside a scenario are relative to the scenario file.
public enum ScenarioLoader {
    /// Scenario files larger than this are refused before they are parsed.
    public static let maximumFileSize = 4 * 1024 * 1024
    /// Deeper nesting is refused before the YAML parser (which recurses) sees it. A scenario needs 5.
    public static let maximumNesting = 32
    /// More frames than this are refused before any work starts (about 28 minutes at 60 fps).
    public static let maximumFrames = 100_000

    /// The top-level keys: the screen's, the UIKit parts' (`ChromeParts`), then those of the presets' own (`Preset.ownKeys`).
    static let topLevelKeys = ["device", "orientation", "fps", "scale", "effect", "appearance", "header", "rows", "mail", "grid", "table",
                               "background", "physics", "timeline", "vars", "scrollView", "layers", "output", "matrix",
                               "fonts", "textSize"] + ChromeParts.keys
        + Presets.all.flatMap { $0.ownKeys }
    static let mailKeys = ["count", "estimatedRowHeight", "bodyLines", "photoHeight", "messages"]
    static let messageKeys = ["subject", "body", "photo", "photoScale"]
    static let gridKeys = ["count", "itemSize", "spacing", "lineSpacing", "sectionInset", "cornerRadius", "items"]
    static let itemSizeKeys = ["width", "height"]
    static let insetKeys = ["top", "left", "bottom", "right"]
    static let itemKeys = ["image", "imageScale", "color", "caption"]
    static let rowsKeys = ["count", "height", "texts", "seed"]
    static let physicsKeys = ["decelerationRate", "rubberBand", "spring"]
    static let springKeys = ["mass", "stiffness", "damping"]
    static let timelineKeys = ["duration", "keyframes", "gestures"]
    static let keyframeKeys = ["time", "offset", "easing"]
    static let stepKinds = ["wait", "drag", "release", "fling", "scrollTo"]
    static let dragKeys = ["by", "to", "duration", "easing", "at"]
    static let releaseKeys = ["velocity"]
    static let flingKeys = ["velocity", "duration", "at"]
    static let scrollToKeys = ["offset", "duration", "easing", "animated"]

    /// Loads and checks a scenario, its images included. Throws `ScenarioError` with every problem found.
    /// `imageLimits`: an image with more pixels, or one that would take the decoded images over the
    /// memory budget, is refused from its header, before decoding.
    /// `variant`: with a `matrix:`, the variant to load (nil: the first).
    public static func load(path: String, fpsOverride: Double? = nil, scaleOverride: Double? = nil,
                            imageLimits: ImageLimits = .standard, variant: String? = nil) throws -> Scenario {
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) else {
            var link = stat()
            if lstat(path, &link) == 0 {
                throw ScenarioError.unreadable(path: path, reason: "it is a symbolic link that leads nowhere (a loop, or a missing target)")
            }
            throw ScenarioError.fileNotFound(path: path)
        }
        var info = stat()
        if stat(path, &info) == 0, info.st_mode & S_IFMT != S_IFREG, info.st_mode & S_IFMT != S_IFDIR {
            throw ScenarioError.unreadable(path: path, reason: "it is not a regular file (a pipe, socket or device); give a scenario file")
        }
        guard !isDirectory.boolValue else { throw ScenarioError.unreadable(path: path, reason: "it is a folder, not a file") }
        let attributes = try? FileManager.default.attributesOfItem(atPath: path)
        if let size = attributes?[.size] as? Int, size > maximumFileSize {
            throw ScenarioError.unreadable(path: path, reason: "\(size) bytes, over the \(maximumFileSize)-byte limit for a scenario")
        }
        guard let data = FileManager.default.contents(atPath: path) else {
            throw ScenarioError.unreadable(path: path, reason: "permission denied")
        }
        if let issue = encodingIssue([UInt8](data), file: path) { throw ScenarioError.invalid([issue]) }
        let text = String(decoding: data, as: UTF8.self)   // valid UTF-8, checked above
        let baseDirectory = path.parentPath
        return try parse(text, file: path, baseDirectory: baseDirectory, fpsOverride: fpsOverride, scaleOverride: scaleOverride,
                         imageLimits: imageLimits, variant: variant)
    }

    /// The text without a leading UTF-8 byte order mark (U+FEFF), which editors on Windows write:
    /// libyaml reads it as the start of a second document, and positions on line 1 count from after it.
    static func withoutByteOrderMark(_ text: String) -> String {
        text.unicodeScalars.first == "\u{FEFF}" ? String(text.unicodeScalars.dropFirst()) : text
    }

    /// YAML's escape for a control character, as written inside double quotes.
    static func yamlEscape(_ u: Unicode.Scalar) -> String {
        let named: [UInt32: String] = [0x00: "\\0", 0x07: "\\a", 0x08: "\\b", 0x0B: "\\v", 0x0C: "\\f", 0x1B: "\\e", 0x85: "\\N"]
        if let name = named[u.value] { return name }
        return u.value < 0x100 ? String(format: "\\x%02X", u.value) : String(format: "\\u%04X", u.value)
    }

    /// Where a file is not UTF-8: a UTF-16 byte order mark, or the first byte that does not start or
    /// continue a UTF-8 character (by its line and column, columns counted in characters).
    static func encodingIssue(_ bytes: [UInt8], file: String) -> ScenarioIssue? {
        if bytes.count >= 2, (bytes[0] == 0xFF && bytes[1] == 0xFE) || (bytes[0] == 0xFE && bytes[1] == 0xFF) {
            return ScenarioIssue(file: file, line: 1, column: 1, field: "(file)", message:
                "the file is UTF-16 text (it starts with a UTF-16 byte order mark); save it as UTF-8")
        }
        var i = 0, line = 1, column = 1
        while i < bytes.count {
            let b = bytes[i]
            var length = 1, low: UInt8 = 0x80, high: UInt8 = 0xBF
            switch b {
            case 0x00...0x7F: length = 1
            case 0xC2...0xDF: length = 2
            case 0xE0: length = 3; low = 0xA0
            case 0xE1...0xEC, 0xEE...0xEF: length = 3
            case 0xED: length = 3; high = 0x9F
            case 0xF0: length = 4; low = 0x90
            case 0xF1...0xF3: length = 4
            case 0xF4: length = 4; high = 0x8F
            default: length = 0
            }
            var valid = length > 0 && i + length <= bytes.count
            if valid && length > 1 {
                valid = (low...high).contains(bytes[i + 1]) && (i + 2 ..< i + length).allSatisfy { bytes[$0] & 0xC0 == 0x80 }
            }
            guard valid else {
                let hex = String(b, radix: 16, uppercase: true)
                return ScenarioIssue(file: file, line: line, column: column, field: "(file)", message:
                    "byte 0x\(hex.count == 1 ? "0" + hex : hex) (byte \(i + 1) of the file) is not UTF-8; the file is in another "
                    + "encoding (such as Latin-1 or Windows-1252): save it as UTF-8")
            }
            if b == 0x0A { line += 1; column = 1 } else { column += 1 }
            i += length
        }
        return nil
    }

    /// Parses scenario text; `baseDirectory` resolves image paths.
    public static func parse(_ text: String, file: String, baseDirectory: String, fpsOverride: Double? = nil,
                             scaleOverride: Double? = nil, imageLimits: ImageLimits = .standard, variant: String? = nil) throws -> Scenario {
        let text = withoutByteOrderMark(text)
        if let (depth, line, column) = deepestNesting(text, over: maximumNesting) {
            throw ScenarioError.invalid([ScenarioIssue(file: file, line: line, column: column, field: "(nesting)", message:
                "lists and mappings nest \(depth) levels deep here, over the limit of \(maximumNesting) (a scenario needs about 5); "
                + "flatten them")])
        }
        // YAML allows no control characters in a file (tabs and line breaks aside); say where each
        // one is, at most five, instead of the parser's position-less complaint.
        var controls: [ScenarioIssue] = []
        var line = 1, column = 1
        for u in text.unicodeScalars {
            if u == "\n" { line += 1; column = 1; continue }
            if String.isControl(u), u != "\t", u != "\r", controls.count < 5 {
                controls.append(ScenarioIssue(file: file, line: line, column: column, field: "(file)", message:
                    "a control character (U+\(String(format: "%04X", u.value))) stands here, and YAML allows none; remove it, "
                    + "or write it as the escape \(yamlEscape(u)) inside double quotes"))
            } else if u.value == 0xFFFE || u.value == 0xFFFF, controls.count < 5 {
                controls.append(ScenarioIssue(file: file, line: line, column: column, field: "(file)", message:
                    "a noncharacter (U+\(String(format: "%04X", u.value))) stands here, and YAML allows none; remove it"))
            }
            column += 1
        }
        if !controls.isEmpty { throw ScenarioError.invalid(controls) }
        if let (message, line, column, field) = YAMLNesting.problem(in: text, limit: maximumNesting) {
            throw ScenarioError.invalid([ScenarioIssue(file: file, line: line, column: column, field: field, message: message)])
        }
        let root: Node?
        do {
            root = try Yams.compose(yaml: text)
        } catch let error as YamlError {
            throw syntaxError(error, file: file, text: text)
        }
        let r = ScenarioReader(file: file)
        r.sourceLines = text.split(separator: "\n", omittingEmptySubsequences: false)
        guard let root else {
            r.report(nil, "(file)", "the file is empty; a scenario needs at least a timeline (see README, Scenario files)")
            throw ScenarioError.invalid(r.issuesInFileOrder)
        }
        guard case .mapping = root else {
            r.report(root, "(file)", "expected settings as key: value lines at the top level, got \(r.describe(root)); see README, Scenario files")
            throw ScenarioError.invalid(r.issuesInFileOrder)
        }
        reportTags(text, r)
        var top = r.mapping(root, "", allowed: topLevelKeys) ?? [:]
        // A matrix: this variant's values stand in for the top-level keys.
        var variantNames: [String] = [], variantName: String?
        // Where the variant's values stand in the matrix: a problem with one names its field there.
        var matrixFields: [(line: Int, column: Int, field: String)] = []

        if let node = top["matrix"], let matrix = VariantMatrix.read(node, top: top, r) {
            variantNames = matrix.variants.map(\.name)
            let chosen = variant.flatMap { v in matrix.variants.first { $0.name == v } } ?? matrix.variants[0]
            if let variant, chosen.name != variant {
                var message = "has no variant \"\(variant)\" (--variant asked for it); it makes \(variantNames.joined(separator: ", "))"
                if let s = ScenarioReader.closest(to: variant, in: variantNames) { message += "; did you mean \"\(s)\"?" }
                r.report(node, "matrix", message)
            }
            for (key, value) in chosen.values { top[key] = value }
            variantName = chosen.name
            matrixFields = chosen.values.compactMap { key, node in node.mark.map { ($0.line, $0.column, chosen.fields[key]!) } }
        }

        // Read first (and checked where the screen reads it): system color names resolve in it.
        if let v = top["appearance"]?.string, let a = Appearance(rawValue: v) { r.appearance = a }
        var device = Device.named(Device.defaultID)!
        if let node = top["device"], let id = r.string(node, "device") {
            if let d = Device.named(id) {
                device = d
            } else {
                var message = "expected a device id (render-frames presets lists them: \(Device.all.map(\.id).joined(separator: ", "))), got \"\(id)\""
                if let suggestion = Device.suggestion(for: id) ?? ScenarioReader.closest(to: id, in: Device.all.map(\.id)) {
                    message += "; did you mean \"\(suggestion)\"?"
                }
                r.report(node, "device", message)
            }
        }
        if let node = top["orientation"], let v = r.choice(node, "orientation", Device.Orientation.allCases.map(\.rawValue)) {
            device = device.oriented(Device.Orientation(rawValue: v)!)
        }
        var fps = 60.0
        if let node = top["fps"], let v = r.number(node, "fps", range: 1...240, unit: "frames per second") { fps = v }
        var scale = device.scale
        if let node = top["scale"], let v = r.number(node, "scale", range: 0.25...4, unit: "pixels per point") { scale = v }
        // A scene of the user's own starts from a plain screen; the presets are the built-in screens.
        // A table of one's own is a plain screen too: the profile's header is not drawn over it.
        let ownScene = top["layers"] != nil || top["scrollView"] != nil || top["table"] != nil
        var presetType: (any Preset.Type)? = ownScene ? nil : ProfilePreset.self
        if let node = top["effect"], let v = r.choice(node, "effect", Presets.effectNames) { presetType = Presets.named(v) }

        // Text is set in the scenario's fonts at its text size: the content measured now (self-sizing
        // rows, a table) and the frames drawn later (`Screen.typography`) alike.
        let typography = readTypography(top, r, baseDirectory: baseDirectory)
        do {
            var screen = Screen(device: device)
            screen.typography = typography
            let images = ImageResolver(reader: r, baseDirectory: baseDirectory, limits: imageLimits)
            var preset = presetType.map { $0.init() }
            let effectName = presetType?.name ?? "none"
            if let node = top["header"] {
                if let presetType {
                    preset!.header = PresetHeader.read(node, r, images, for: presetType)
                } else {
                    r.report(node, "header", "effect: none has no header; remove it or choose an effect (\(Presets.all.map { $0.name }.joined(separator: ", ")))")
                }
            }
            for p in Presets.all where p.name != effectName {
                for key in p.ownKeys {
                    guard let node = top[key] else { continue }
                    r.report(node, key, "applies to effect: \(p.name) only, and this scenario's effect is \(effectName); remove it or set effect: \(p.name)")
                }
            }
            preset?.read(top, r, images)
            if let presetType { screen.defaultNavigationStyle = presetType.defaultNavigationStyle }
            let contentKeys = ["rows", "mail", "grid", "table"].filter { top[$0] != nil }
            if contentKeys.count > 1 {
                r.report(top[contentKeys[1]], contentKeys[1],
                         "a screen has one content: \(contentKeys.joined(separator: " and ")) were both given; keep one")
            }
            switch contentKeys.first {
            case "mail": if let m = readMail(top["mail"]!, r, images, device: device, typography) { screen.content = .mail(m) }
            case "grid": if let g = readGrid(top["grid"]!, r, images, device: device) { screen.content = .grid(g) }
            case "table": if let t = readTable(top["table"]!, r, images, device: device, typography) { screen.content = .table(t) }
            case "rows":
                if let rows = readRows(top["rows"]!, r, defaultCount: presetType?.defaultRowCount ?? Rows().count) { screen.content = .rows(rows) }
            default:
                // The preset's source material; a scene of one's own has no rows unless it asks for them.
                if let content = preset?.defaultContent(device: device) {
                    screen.content = content
                } else if ownScene {
                    screen.content = .rows(Rows.empty)
                }
            }
            for part in ChromeParts.all { part.read(ScenarioKeys(values: top, root: root), r, into: &screen) }
            if let node = top["appearance"], let v = r.choice(node, "appearance", Appearance.allCases.map(\.rawValue)) {
                screen.appearance = Appearance(rawValue: v)!
            }
            var physics = ScrollPhysics()
            physics.settleDistance = 0.5 / device.scale
            if let node = top["physics"] { readPhysics(node, r, &physics) }
            if let node = top["background"], let v = r.color(node, "background") { screen.backgroundOverride = v }
            // A preset is drawn as the layers it expands to, with the scenario's own after its own.
            var sceneKeys = top
            var presetVars: [String] = [], presetLayers = 0
            screen.preset = preset
            if let preset {
                if let node = top["scrollView"] {
                    r.report(node, "scrollView", "the \(effectName) preset declares its own scroll view; remove scrollView or set effect: none")
                }
                (sceneKeys, presetVars, presetLayers) = PresetExpansion.sceneKeys(preset, screen: screen, top: top)
                let generated = Array(sceneKeys["layers"]?.sequence.map(Array.init)?.prefix(presetLayers) ?? [])
                let userKeys = top, name = effectName
                r.presetOrigin = { PresetOrigin.locate($0, presetName: name, layers: generated, top: userKeys) }
                if case .mapping(let own)? = top["vars"] {
                    for (k, _) in own where presetVars.contains(k.string ?? "") {
                        r.report(k, "vars.\(k.string ?? "")", "the \(effectName) preset has a var named \(k.string ?? "") (render-frames expand "
                            + "shows its vars); rename yours")
                    }
                }
            }
            // False when the scene could not be built, so its extent (where a fling stops) is unknown.
            var extentKnown = false
            if let scene = readUserScene(sceneKeys, r, images, presetLayers: presetLayers, presetName: preset == nil ? nil : effectName) {
                extentKnown = true
                scene.presetVars = Set(presetVars)
                screen.scene = scene
                screen.scrollView = scene.scrollView
                if r.issues.isEmpty {
                    scene.blurImages(screen.sceneMetrics(pixelScale: scaleOverride ?? scale), rest: screen.sceneMoment(u: 0))
                }
                // Measured even when an image could not be read (it counts as empty), so the frame limit
                // below is still checked alongside that problem.
                if scene.scrollView.contentHeight == nil {
                    screen.sceneContentExtent = contentExtent(of: scene, screen: screen, scale: scaleOverride ?? scale)
                }
            }
            // The preset's own check reads the device, the header's height and the navigation bar only:
            // it runs whenever those were read, so its problem comes with every other (a wrong image path).
            if let preset, !r.issues.contains(where: { ["device", "header", "header.height"].contains($0.field) || $0.field.hasPrefix("navigationBar") }) {
                preset.check(screen, top, root: root, r)
            }

            var timeline: (any ScrollTimeline)?
            if let node = top["timeline"] {
                timeline = readTimeline(node, r, screen: screen, physics: physics)
            } else {
                r.report(root, "timeline", "missing; add a timeline with gestures or keyframes, e.g. gestures: [{drag: {by: 150}}, release]")
            }
            // The frame count needs the timeline, the frame rate and, for gestures, the content's extent
            // (where a fling stops), not the rest: a wrong image path elsewhere does not hide it.
            if let timeline, extentKnown || timeline is KeyframeTimeline || r.issues.isEmpty, !r.issues.contains(where: { $0.field == "fps" || $0.field.hasPrefix("timeline") || $0.field.hasPrefix("physics") }) {
                let rate = fpsOverride ?? fps
                let frames = timeline.duration * rate
                if frames > Double(maximumFrames) {
                    r.report(top["timeline"], "timeline", "lasts \(r.format(timeline.duration)) s at \(r.format(rate)) fps: "
                        + "\(Int(frames.rounded())) frames, over the limit of \(maximumFrames); shorten the timeline or lower fps")
                }
            }
            let outputs = top["output"].map { ScenarioOutput.read($0, r, baseDirectory: baseDirectory) } ?? []
            for (i, issue) in r.issues.enumerated() {
                if let f = matrixFields.first(where: { $0.line == issue.line && $0.column == issue.column }) { r.issues[i].field = f.field }
            }
            if !r.issues.isEmpty { throw ScenarioError.invalid(r.issuesInFileOrder) }
            var scenario = Scenario(file: file, fps: fpsOverride ?? fps, scale: scaleOverride ?? scale, screen: screen, timeline: timeline!)
            scenario.outputs = variantName.map { v in outputs.map { $0.forVariant(v) } } ?? outputs
            scenario.imageFiles = images.files
            scenario.variant = variantName
            scenario.variantNames = variantNames
            if let scene = screen.scene { try checkFinite(scene, scenario, r, timelineNode: top["timeline"]) }
            scenario.warnings = MissingGlyphs.warnings(r.texts, file: file, typography: typography)
            return scenario
        }
    }

    /// YAML's standard tags (`!!str 30`, `!!int "5"`) change what a value is; the scenario reader
    /// reads values by their own syntax, so each such tag is refused where it stands rather than
    /// silently ignored. Found in the text (the composed tree no longer tells a written tag from a
    /// resolved one): a `!!` that starts a token outside quotes and comments.
    static func reportTags(_ text: String, _ r: ScenarioReader) {
        // Where a value starts: after "key: ", "- ", "[", "{" or ",", or at the line's start
        // (not after a space inside plain text, as in `title: Wow !!`).
        func startsValue(_ chars: [UInt8], _ i: Int) -> Bool {
            var j = i - 1
            while j >= 0, chars[j] == UInt8(ascii: " ") { j -= 1 }
            guard j >= 0 else { return true }
            return [UInt8(ascii: ":"), UInt8(ascii: "-"), UInt8(ascii: "["), UInt8(ascii: "{"), UInt8(ascii: ",")].contains(chars[j])
                && (j == i - 1 ? chars[j] != UInt8(ascii: ":") && chars[j] != UInt8(ascii: "-") : true)
        }
        for (n, line) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            let chars = Array(line.utf8)
            scanUnquoted(chars) { i in
                // Any tag: !!str, the verbatim !<tag:yaml.org,2002:str>, a local !thing.
                guard chars[i] == UInt8(ascii: "!"), i + 1 < chars.count, chars[i + 1] != UInt8(ascii: " "), startsValue(chars, i) else { return nil }
                var end = i
                if chars[i + 1] == UInt8(ascii: "<") { // verbatim: !<...> may hold commas
                    while end < chars.count, chars[end] != UInt8(ascii: ">") { end += 1 }
                    end = min(end + 1, chars.count)
                } else {
                    while end < chars.count, ![UInt8(ascii: " "), UInt8(ascii: ","), UInt8(ascii: "]"), UInt8(ascii: "}")].contains(chars[end]) { end += 1 }
                }
                let tag = String(decoding: chars[i..<end], as: UTF8.self)
                r.issues.append(ScenarioIssue(file: r.file, line: n + 1, column: i + 1, field: "(YAML tag)",
                                              message: "the tag \(ScenarioReader.shown(tag)) is not read here; remove it (quote a value to make it text)"))
                return end
            }
        }
    }

    /// Calls `body(i)` for each byte of `line` from `start` that lies outside quotes, up to a
    /// comment (a # at the start or after a space). `body` returns where to go on: nil for the
    /// next byte, an index to skip to, or `line.count` to stop.
    static func scanUnquoted(_ line: [UInt8], from start: Int = 0, _ body: (Int) -> Int?) {
        var quote: UInt8?
        var i = start
        while i < line.count {
            let c = line[i]
            if let q = quote {
                if c == q { quote = nil } else if c == UInt8(ascii: "\\"), q == UInt8(ascii: "\"") { i += 1 }
            } else if c == UInt8(ascii: "\"") || c == UInt8(ascii: "'") {
                quote = c
            } else if c == UInt8(ascii: "#"), i == 0 || line[i - 1] == UInt8(ascii: " ") {
                return
            } else if let next = body(i) {
                i = next
                continue
            }
            i += 1
        }
    }

    /// How far the content layers reach at rest (time 0), so contentSize covers them.
    static func contentExtent(of scene: UserScene, screen: Screen, scale: Double) -> Double {
        let built = scene.layers(screen.sceneMoment(u: 0), screen.sceneMetrics(pixelScale: scale))
        return built.content.reduce(0.0) { max($0, $1.frame.maxY.isFinite ? $1.frame.maxY : 0) }
    }

    /// Every bound value at every frame must be a finite number: refused otherwise, naming the
    /// frame and the formula.
    static func checkFinite(_ scene: UserScene, _ scenario: Scenario, _ r: ScenarioReader, timelineNode: Node?) throws {
        let perMoment = scene.boundValuesPerMoment
        guard perMoment > 0 else { return }
        let frames = scenario.frameCount
        if frames * perMoment > maximumEvaluations {
            r.report(timelineNode, "layers", "\(frames) frames x \(perMoment) bound values = \(frames * perMoment) evaluations, over the limit "
                + "of \(maximumEvaluations) that keeps checking bounded; shorten the timeline, lower fps or repeat fewer layers")
            throw ScenarioError.invalid(r.issuesInFileOrder)
        }
        let moments = (0..<frames).map { ($0, scenario.moment(ofFrame: $0)) }
        let bad = scene.nonFiniteValues(scenario.screen.sceneMetrics(pixelScale: scenario.scale), moments: moments)
        guard !bad.isEmpty else { return }
        for (ref, what, frame, m) in bad {
            r.issues.append(ScenarioIssue(file: r.file, line: ref.line, column: ref.column, field: ref.field, message:
                "\(what) at frame \(frame) (time \(r.format(round4(m.time))) s, offset \(r.format(round4(m.offset)))); "
                + "keep the formula finite and in range there, e.g. with max() or clamp() around a division or a square root"))
        }
        throw ScenarioError.invalid(r.issuesInFileOrder)
    }

    /// The first place where nesting (block indentation levels, `- ` items on one line, and flow
    /// brackets outside quotes and comments) exceeds `limit`: depth, line and column; nil if none.
    static func deepestNesting(_ text: String, over limit: Int) -> (Int, Int, Int)? {
        var indents: [Int] = []
        var flow = 0
        var lineNumber = 0
        for rawLine in text.split(separator: "\n", omittingEmptySubsequences: false) {
            lineNumber += 1
            let line = Array(rawLine.utf8)
            var i = 0
            while i < line.count, line[i] == UInt8(ascii: " ") { i += 1 }
            let blank = i == line.count || line[i] == UInt8(ascii: "#") || line[i] == UInt8(ascii: "\r")
            if !blank && flow == 0 {
                while let last = indents.last, last > i { indents.removeLast() }
                if indents.last != i { indents.append(i) }
            }
            var dashes = 0
            var j = i
            while j + 1 < line.count, line[j] == UInt8(ascii: "-"), line[j + 1] == UInt8(ascii: " ") {
                dashes += 1; j += 2
                while j < line.count, line[j] == UInt8(ascii: " ") { j += 1 }
            }
            var deepest: (Int, Int, Int)?
            scanUnquoted(line, from: j) { k in
                let c = line[k]
                if c == UInt8(ascii: "[") || c == UInt8(ascii: "{") {
                    flow += 1
                    if indents.count + dashes + flow > limit { deepest = (indents.count + dashes + flow, lineNumber, k + 1); return line.count }
                } else if c == UInt8(ascii: "]") || c == UInt8(ascii: "}") {
                    flow = max(0, flow - 1)
                }
                return nil
            }
            if let deepest { return deepest }
            if indents.count + dashes > limit { return (indents.count + dashes, lineNumber, i + 1) }
        }
        return nil
    }

    /// Where each duplicated key of a block mapping (starting at `line`, `column`) is written the
    /// second time, found by reading the mapping's lines at its indentation; a flow mapping's
    /// duplicate is reported at the mapping.
    static func duplicateKeys(_ keys: [String], mappingAt line: Int, column: Int, file: String, text: String) -> [ScenarioIssue] {
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false).map { Array($0.utf8) }
        var seen: [String: Int] = [:]
        var found: [ScenarioIssue] = []
        var number = line
        while number <= lines.count {
            let l = lines[number - 1]
            let indent = l.prefix { $0 == UInt8(ascii: " ") || $0 == UInt8(ascii: "-") }.count
            let blank = l.allSatisfy { $0 == UInt8(ascii: " ") } || (indent < l.count && l[indent] == UInt8(ascii: "#"))
            if !blank {
                if number > line, indent < column - 1 { break }
                if indent == column - 1 || number == line, column - 1 < l.count {
                    let rest = l[(column - 1)...]
                    if let colon = rest.firstIndex(of: UInt8(ascii: ":")) {
                        var key = String(decoding: rest[..<colon], as: UTF8.self).trimmingCharacters(in: .whitespaces)
                        if key.count >= 2, let q = key.first, q == "\"" || q == "'", key.last == q { key = String(key.dropFirst().dropLast()) }
                        if keys.contains(key) {
                            if let first = seen[key] {
                                found.append(ScenarioIssue(file: file, line: number, column: column, field: key,
                                                           message: "duplicate key (also at line \(first)); keep one of them"))
                            } else {
                                seen[key] = number
                            }
                        }
                    }
                }
            }
            number += 1
        }
        if found.isEmpty {
            return [ScenarioIssue(file: file, line: line, column: column, field: keys.joined(separator: ", "),
                                  message: "duplicate key in the mapping that starts here; keep one of each")]
        }
        return found
    }

    /// A YAML syntax error in our words (`YAMLSyntax`), at its line and column.
    static func syntaxError(_ error: YamlError, file: String, text: String) -> ScenarioError {
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
        switch error {
        case .scanner(let context, let problem, let mark, _), .parser(let context, let problem, let mark, _),
             .composer(let context, let problem, let mark, _):
            let message = YAMLSyntax.message(problem: problem, context: context?.text, opened: context.map { ($0.mark.line, $0.mark.column) },
                                             line: mark.line, column: mark.column, lines: lines)
            return .syntax(file: file, line: mark.line, column: mark.column, problem: message)
        case .reader(_, let offset, let value, _):
            // The characters YAML refuses that the check in `parse` lets through: say where, by line and column.
            var line = 1, column = 1
            for c in text.prefix(offset ?? 0) { if c == "\n" { line += 1; column = 1 } else { column += 1 } }
            let code = value >= 0 ? " (U+\(String(format: "%04X", value)))" : ""
            return .syntax(file: file, line: line, column: column, problem: "a character YAML does not allow\(code) stands here; remove it")
        case .duplicatedKeysInMapping(let duplicates, let context):
            return .invalid(duplicateKeys(duplicates.sorted(), mappingAt: context.mark.line, column: context.mark.column, file: file, text: text))
        default:
            return .syntax(file: file, line: 1, column: 1, problem: "YAML cannot read the file; check its quotes, brackets and indentation")
        }
    }

    private static func readMail(_ node: Node, _ r: ScenarioReader, _ images: ImageResolver, device: Device, _ typography: Typography) -> MailList? {
        guard let m = r.mapping(node, "mail", allowed: mailKeys) else { return nil }
        var metrics = MailList.Metrics()
        var estimate = 44.0
        if let n = m["estimatedRowHeight"], let v = r.number(n, "mail.estimatedRowHeight", range: 1...2000, unit: "points") { estimate = v }
        if let n = m["bodyLines"], let v = r.integer(n, "mail.bodyLines", range: 0...1000) { metrics.bodyLines = v }
        if let n = m["photoHeight"], let v = r.number(n, "mail.photoHeight", range: 1...2000, unit: "points") { metrics.photoHeight = v }
        guard let (listNode, list) = r.requiredSequence(m, "messages", of: node, "mail.messages",
                                                        missing: "give the messages, e.g. - {subject: Lunch?, body: Are you free at noon?}") else { return nil }
        if list.isEmpty {
            r.report(listNode, "mail.messages", "the list is empty; add at least one message with a subject")
            return nil
        }
        var messages: [MailList.Message] = []
        for (i, item) in list.enumerated() {
            let path = "mail.messages[\(i)]"
            guard let mm = r.mapping(item, path, allowed: messageKeys) else { continue }
            guard let sn = mm["subject"] else { r.report(item, "\(path).subject", "missing; every message has a subject"); continue }
            guard let subject = r.text(sn, "\(path).subject") else { continue }
            var message = MailList.Message(subject: subject)
            if let n = mm["body"] { message.body = r.text(n, "\(path).body") }
            if let n = mm["photo"] {
                let scale = mm["photoScale"].flatMap { r.number($0, "\(path).photoScale", range: 1...4) } ?? 1
                message.photo = images.load(n, "\(path).photo", scale: scale)
            }
            messages.append(message)
        }
        var count = messages.count
        if let n = m["count"], let v = r.integer(n, "mail.count", range: 0...10000) { count = v }
        guard messages.count == list.count else { return nil }
        return MailList(messages: messages, count: count, estimatedRowHeight: estimate, metrics: metrics,
                        width: device.size.width - device.safeAreaLeft - device.safeAreaRight, deviceScale: device.scale, typography: typography)
    }

    private static func readGrid(_ node: Node, _ r: ScenarioReader, _ images: ImageResolver, device: Device) -> FlowGrid? {
        guard let m = r.mapping(node, "grid", allowed: gridKeys) else { return nil }
        let width = device.size.width
        var size = Size(300, 494)
        if let n = m["itemSize"], let sm = r.mapping(n, "grid.itemSize", allowed: itemSizeKeys) {
            for key in itemSizeKeys where sm[key] == nil {
                r.report(n, "grid.itemSize.\(key)", "missing; give the item's width and height in points, e.g. {width: 180, height: 240}")
            }
            if let x = sm["width"], let v = r.number(x, "grid.itemSize.width", range: 1...width, unit: "points") { size.width = v }
            if let x = sm["height"], let v = r.number(x, "grid.itemSize.height", range: 1...5000, unit: "points") { size.height = v }
        }
        var spacing = 10.0
        if let n = m["spacing"], let v = r.number(n, "grid.spacing", range: 0...1000, unit: "points") { spacing = v }
        var lineSpacing = spacing
        if let n = m["lineSpacing"], let v = r.number(n, "grid.lineSpacing", range: 0...1000, unit: "points") { lineSpacing = v }
        var inset = FlowGrid.Insets(10)
        if let n = m["sectionInset"] {
            if case .scalar = n {
                if let v = r.number(n, "grid.sectionInset", range: 0...1000, unit: "points") { inset = FlowGrid.Insets(v) }
            } else if let im = r.mapping(n, "grid.sectionInset", allowed: insetKeys) {
                func side(_ key: String) -> Double {
                    im[key].flatMap { r.number($0, "grid.sectionInset.\(key)", range: 0...1000, unit: "points") } ?? 10
                }
                inset = FlowGrid.Insets(top: side("top"), left: side("left"), bottom: side("bottom"), right: side("right"))
            }
        }
        if inset.left + inset.right + size.width > width {
            r.report(m["itemSize"] ?? node, "grid.itemSize.width", "\(r.format(size.width)) points plus the section insets "
                + "(\(r.format(inset.left + inset.right))) is wider than the \(r.format(width))-point screen; make the items narrower")
        }
        var radius = 0.0
        if let n = m["cornerRadius"], let v = r.number(n, "grid.cornerRadius", range: 0...1000, unit: "points") { radius = v }
        var items: [FlowGrid.Item] = []
        if let n = m["items"], let list = r.sequence(n, "grid.items") {
            for (i, item) in list.enumerated() {
                let path = "grid.items[\(i)]"
                guard let im = r.mapping(item, path, allowed: itemKeys) else { continue }
                var entry = FlowGrid.Item()
                if let x = im["image"] {
                    let scale = im["imageScale"].flatMap { r.number($0, "\(path).imageScale", range: 1...4) } ?? 1
                    entry.image = images.load(x, "\(path).image", scale: scale)
                }
                if let x = im["color"] { entry.color = r.color(x, "\(path).color") }
                if let x = im["caption"] { entry.caption = r.text(x, "\(path).caption") }
                items.append(entry)
            }
        }
        var count = items.isEmpty ? 12 : items.count
        if let n = m["count"], let v = r.integer(n, "grid.count", range: 0...10000) { count = v }
        return FlowGrid(items: items, count: count, itemSize: size, interitemSpacing: spacing, lineSpacing: lineSpacing,
                        sectionInset: inset, cornerRadius: radius, width: width)
    }

    private static func readRows(_ node: Node, _ r: ScenarioReader, defaultCount: Int) -> Rows? {
        guard let m = r.mapping(node, "rows", allowed: rowsKeys) else { return nil }
        var rows = Rows()
        rows.count = defaultCount
        if let n = m["count"], let v = r.integer(n, "rows.count", range: 0...10000) { rows.count = v }
        if let n = m["height"], let v = r.number(n, "rows.height", range: 1...1000, unit: "points") { rows.height = v }
        var seed: UInt64 = 1
        if let n = m["seed"], let v = r.unsigned64(n, "rows.seed") { seed = v }
        if let n = m["texts"] {
            if case .scalar(let sc) = n {
                if sc.string == "uuid" {
                    rows.texts = Rows.uuidTexts(count: rows.count, seed: seed)
                } else {
                    r.report(n, "rows.texts", "expected a list of strings or uuid (seeded UUID strings), got \"\(sc.string)\"")
                }
            } else if let list = r.sequence(n, "rows.texts") {
                rows.texts = list.enumerated().compactMap { i, item in r.text(item, "rows.texts[\(i)]", allowEmpty: true) }
            }
        }
        if m["seed"] != nil, m["texts"]?.string != "uuid" {
            r.report(m["seed"], "rows.seed", "only seeds texts: uuid; add texts: uuid or remove the seed")
        }
        return rows
    }

    private static func readPhysics(_ node: Node, _ r: ScenarioReader, _ physics: inout ScrollPhysics) {
        guard let m = r.mapping(node, "physics", allowed: physicsKeys) else { return }
        if let n = m["decelerationRate"] {
            if let word = n.string, word == "normal" || word == "fast" {
                physics.decelerationRate = word == "normal" ? ScrollPhysics.normalRate : ScrollPhysics.fastRate
            } else if case .scalar(let sc) = n, Double(sc.string) == nil {
                r.report(n, "physics.decelerationRate", "expected normal, fast or a number between 0.5 and 0.9999, got \"\(sc.string)\"")
            } else if let v = r.number(n, "physics.decelerationRate", range: 0.5...0.9999) {
                physics.decelerationRate = v
            }
        }
        if let n = m["rubberBand"], let v = r.number(n, "physics.rubberBand", range: 0.01...2) { physics.rubberBandConstant = v }
        if let n = m["spring"], let sm = r.mapping(n, "physics.spring", allowed: springKeys) {
            if let x = sm["mass"], let v = r.number(x, "physics.spring.mass", range: 0.01...100) { physics.spring.mass = v }
            if let x = sm["stiffness"], let v = r.number(x, "physics.spring.stiffness", range: 1...10000) { physics.spring.stiffness = v }
            if let x = sm["damping"], let v = r.number(x, "physics.spring.damping", range: 0.01...1000) { physics.spring.damping = v }
        }
    }

    private static func readTimeline(_ node: Node, _ r: ScenarioReader, screen: Screen,
                                     physics: ScrollPhysics) -> (any ScrollTimeline)? {
        guard let m = r.mapping(node, "timeline", allowed: timelineKeys) else { return nil }
        var duration: Double?
        if let n = m["duration"] { duration = r.number(n, "timeline.duration", range: 0.001...3600, unit: "seconds") }
        switch (m["keyframes"], m["gestures"]) {
        case (nil, nil):
            r.report(node, "timeline", "needs gestures or keyframes; add e.g. gestures: [{drag: {by: 150}}, release]")
            return nil
        case (.some, .some):
            r.report(m["gestures"], "timeline.gestures", "a timeline has gestures or keyframes, not both; keep one")
            return nil
        case (let k?, nil):
            return readKeyframes(k, r, duration: duration, durationNode: m["duration"], maxScroll: screen.maxScroll)
        case (nil, let g?):
            return readGestures(g, r, duration: duration, screen: screen, physics: physics)
        }
    }

    private static func readKeyframes(_ n: Node, _ r: ScenarioReader, duration: Double?, durationNode: Node?,
                                      maxScroll: Double) -> KeyframeTimeline? {
        guard let list = r.sequence(n, "timeline.keyframes") else { return nil }
        if list.isEmpty {
            r.report(n, "timeline.keyframes", "the list is empty; add at least one keyframe, e.g. - {time: 0, offset: 0}")
            return nil
        }
        var keyframes: [KeyframeTimeline.Keyframe] = []
        var lastTime = -Double.infinity
        for (i, item) in list.enumerated() {
            let path = "timeline.keyframes[\(i)]"
            guard let k = r.mapping(item, path, allowed: keyframeKeys) else { continue }
            guard let tn = k["time"] else { r.report(item, "\(path).time", "missing; give the keyframe's time in seconds"); continue }
            guard let on = k["offset"] else {
                r.report(item, "\(path).offset", "missing; give the scroll offset in points (0 at rest, negative pulls down)")
                continue
            }
            guard let t = r.number(tn, "\(path).time", range: 0...3600, unit: "seconds"),
                  let o = r.number(on, "\(path).offset", range: -2000...max(maxScroll, 0) + 2000, unit: "points") else { continue }
            if t < lastTime {
                r.report(tn, "\(path).time", "keyframes must be in time order, got \(r.format(t)) after \(r.format(lastTime)); reorder them")
            }
            lastTime = max(lastTime, t)
            var easing = Easing.easeInOut
            if let en = k["easing"], let name = r.choice(en, "\(path).easing", Easing.allCases.map(\.rawValue)) {
                easing = Easing(rawValue: name)!
            }
            keyframes.append(.init(time: t, offset: o, easing: easing))
        }
        // A keyframe was wrong: its message is the one to give, not what the others alone would make
        // of the timeline (it lasting 0 seconds, a duration shorter than the missing keyframe).
        guard keyframes.count == list.count else { return nil }
        if let duration, duration < keyframes.last!.time {
            r.report(durationNode, "timeline.duration",
                     "is \(r.format(duration)) s but the last keyframe is at \(r.format(keyframes.last!.time)) s; make the duration at least that")
        }
        let timeline = KeyframeTimeline(keyframes: keyframes, duration: duration)
        if timeline.duration <= 0 {
            r.report(n, "timeline", "the timeline lasts 0 seconds; give a later keyframe or a duration")
            return nil
        }
        return timeline
    }

    private static func readGestures(_ n: Node, _ r: ScenarioReader, duration: Double?, screen: Screen,
                                     physics: ScrollPhysics) -> GestureTimeline? {
        guard let list = r.sequence(n, "timeline.gestures") else { return nil }
        if list.isEmpty {
            r.report(n, "timeline.gestures", "the list is empty; add steps, e.g. - drag: {by: 150} then - release")
            return nil
        }
        let device = screen.device
        var steps: [GestureTimeline.Step] = []
        var stepNodes: [Node] = []
        var stepIndices: [Int] = []
        let issuesBefore = r.issues.count
        for (i, item) in list.enumerated() {
            let path = "timeline.gestures[\(i)]"
            // A step is `release` alone, or a mapping with one key naming it.
            if case .scalar(let sc) = item, sc.string == "release" {
                steps.append(.release(velocity: nil)); stepNodes.append(item); stepIndices.append(i); continue
            }
            guard case .mapping(let map) = item, map.count == 1, let (keyNode, value) = map.first.map({ ($0.key, $0.value) }),
                  let kind = keyNode.string else {
                r.report(item, path, "expected one step (wait, drag, release, fling or scrollTo), got \(r.describe(item))")
                continue
            }
            guard stepKinds.contains(kind) else {
                var message = "unknown step \"\(kind)\""
                if let s = ScenarioReader.closest(to: kind, in: stepKinds) { message += "; did you mean \"\(s)\"?" } else {
                    message += "; steps are \(stepKinds.joined(separator: ", "))"
                }
                r.report(keyNode, "\(path).\(kind)", message)
                continue
            }
            let field = "\(path).\(kind)"
            func at(_ m: [String: Node]) -> Point? {
                guard let an = m["at"] else { return nil }
                return r.point(an, "\(field).at", within: device.size)
            }
            func easing(_ m: [String: Node], _ fallback: Easing) -> Easing {
                guard let en = m["easing"], let name = r.choice(en, "\(field).easing", Easing.allCases.map(\.rawValue)) else { return fallback }
                return Easing(rawValue: name)!
            }
            switch kind {
            case "wait":
                if let v = r.number(value, field, range: 0...3600, unit: "seconds") { steps.append(.wait(v)); stepNodes.append(item); stepIndices.append(i) }
            case "drag":
                guard let m = r.mapping(value, field, allowed: dragKeys) else { continue }
                let by = m["by"].flatMap { r.number($0, "\(field).by", range: -5000...5000, unit: "points") }
                let to = m["to"].flatMap { r.number($0, "\(field).to", range: -2000...max(screen.maxScroll, 0) + 2000, unit: "points") }
                if m["by"] == nil && m["to"] == nil {
                    r.report(value, field, "needs by (finger travel in points, positive pulls down) or to (a scroll position from rest)")
                    continue
                }
                if m["by"] != nil && m["to"] != nil {
                    r.report(m["to"], "\(field).to", "give by or to, not both; keep one")
                    continue
                }
                let d = m["duration"].flatMap { r.number($0, "\(field).duration", range: 0.01...60, unit: "seconds") } ?? 0.5
                if (m["by"] != nil && by == nil) || (m["to"] != nil && to == nil) { continue }
                steps.append(.drag(by: by, to: to, duration: d, easing: easing(m, .easeInOut), at: at(m)))
                stepNodes.append(item); stepIndices.append(i)
            case "release":
                if case .scalar(let sc) = value, sc.string.isEmpty || sc.string == "~" || sc.string == "null" {
                    steps.append(.release(velocity: nil)); stepNodes.append(item); stepIndices.append(i); continue
                }
                guard let m = r.mapping(value, field, allowed: releaseKeys) else { continue }
                let v = m["velocity"].flatMap { r.number($0, "\(field).velocity", range: -20000...20000, unit: "points per second") }
                if m["velocity"] != nil && v == nil { continue }
                steps.append(.release(velocity: v)); stepNodes.append(item); stepIndices.append(i)
            case "fling":
                guard let m = r.mapping(value, field, allowed: flingKeys) else { continue }
                guard let vn = m["velocity"] else {
                    r.report(value, "\(field).velocity", "missing; give the finger's speed in points per second (negative flicks up)")
                    continue
                }
                guard let v = r.number(vn, "\(field).velocity", range: -20000...20000, unit: "points per second") else { continue }
                if v == 0 { r.report(vn, "\(field).velocity", "must not be 0; a fling needs a speed (negative flicks up)"); continue }
                let d = m["duration"].flatMap { r.number($0, "\(field).duration", range: 0.01...1, unit: "seconds") } ?? 0.08
                steps.append(.fling(velocity: v, duration: d, at: at(m))); stepNodes.append(item); stepIndices.append(i)
            case "scrollTo":
                guard let m = r.mapping(value, field, allowed: scrollToKeys) else { continue }
                guard let on = m["offset"] else {
                    r.report(value, "\(field).offset", "missing; give the content offset to scroll to (0 is the rest position)")
                    continue
                }
                guard let o = r.number(on, "\(field).offset", range: 0...max(screen.maxScroll, 0), unit: "points") else { continue }
                let animated = m["animated"].flatMap { r.bool($0, "\(field).animated") } ?? true
                let d = m["duration"].flatMap { r.number($0, "\(field).duration", range: 0...60, unit: "seconds") } ?? 0.3
                steps.append(.scrollTo(offset: o, duration: animated ? d : 0, easing: easing(m, .easeInOut))); stepNodes.append(item); stepIndices.append(i)
            default:
                break
            }
        }
        guard r.issues.count == issuesBefore else { return nil }
        let touchDefault: GestureTimeline.TouchPlacement = { delta in
            // Pulls start high on the screen, pushes low, so the finger stays on it.
            Point(device.size.width / 2, device.size.height * (delta > 0 ? 0.35 : 0.7))
        }
        do {
            let timeline = try GestureTimeline(steps: steps, physics: physics, bounds: 0...max(screen.maxScroll, 0),
                                               viewportHeight: device.size.height, touchPlacement: touchDefault, duration: duration)
            return timeline
        } catch let error as GestureTimeline.ScriptError {
            r.report(stepNodes[error.step], "timeline.gestures[\(stepIndices[error.step])]", error.message)
            return nil
        } catch {
            r.report(n, "timeline.gestures", "\(error)")
            return nil
        }
    }
}

/// Loads the images a scenario names, relative to its folder, reporting problems at the field.
/// A file is read and decoded once, however many fields and scales name it; the decoded images
/// together stay within `limits.memory`, checked from each file's header before it is decoded.
final class ImageResolver {
    let reader: ScenarioReader
    let baseDirectory: String
    let limits: ImageLimits
    private var loaded: [String: SceneImage] = [:]
    private var decoded: [String: Pixmap] = [:]
    /// Bytes of the images decoded so far.
    private(set) var decodedBytes = 0
    /// The files decoded (resolved paths), sorted.
    var files: [String] { decoded.keys.sorted() }
    private var nextID = 1

    init(reader: ScenarioReader, baseDirectory: String, limits: ImageLimits) {
        self.reader = reader
        self.baseDirectory = baseDirectory
        self.limits = limits
    }

    func load(_ node: Node, _ field: String, scale: Double) -> SceneImage? {
        guard let relative = reader.string(node, field) else { return nil }
        let path = relative.hasPrefix("/") ? relative : (baseDirectory.isEmpty ? relative : baseDirectory + "/" + relative)
        let key = "\(path)@\(scale)"
        if let image = loaded[key] { return image }
        // One decoded copy per file, however the path is written (./a.png, sub/../a.png, a link).
        let file = URL(fileURLWithPath: path).standardizedFileURL.resolvingSymlinksInPath().path
        let pixmap: Pixmap
        if let known = decoded[file] {
            pixmap = known
        } else {
            guard FileManager.default.fileExists(atPath: path) else {
                var link = stat()
                let what = lstat(path, &link) == 0 ? "leads nowhere (a symbolic link to a missing file, or a loop)" : "not found"
                reader.report(node, field, "image file \(what): \(ScenarioReader.shown(path)) (paths are relative to the scenario file); fix the path")
                return nil
            }
            do {
                // The file's bytes count against what is left of the budget while it is decoded.
                let left = limits.memory - decodedBytes
                let largest = ImageDecoder.maxFileBytes(pixelLimit: limits.pixels)
                let data = try left >= largest ? ImageDecoder.readFile(path, maxBytes: largest)
                    : ImageDecoder.readFile(path, maxBytes: left, limit: "more than the \(ByteSize.format(left)) left of the budget for a "
                        + "render's images; raise it with --max-image-memory")
                if let (width, height) = ImageDecoder.size(of: data), width * height <= limits.pixels,
                   ImageDecoder.decodedBytes(width: width, height: height) > left {
                    throw ImageError.overBudget(path: path, width: width, height: height, used: decodedBytes, budget: limits.memory)
                }
                pixmap = try ImageDecoder.decode(data: data, name: path, pixelLimit: limits.pixels)
            } catch {
                reader.report(node, field, "\(error)")
                return nil
            }
            decoded[file] = pixmap
            decodedBytes += pixmap.bytes.count
        }
        let image = SceneImage(pixmap: pixmap, scale: scale, id: nextID)
        nextID += 1
        loaded[key] = image
        return image
    }
}
