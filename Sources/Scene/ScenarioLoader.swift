import Foundation
import Raster
import Yams

/// Reads scenario files (YAML; JSON is YAML too). The format is documented in README.md,
/// "Scenario files". Paths inside a scenario are relative to the scenario file.
public enum ScenarioLoader {
    /// Scenario files larger than this are refused before they are parsed.
    public static let maximumFileSize = 4 * 1024 * 1024

    static let headerKeys = ["height", "image", "imageScale", "color", "blur", "blurRadius", "title", "titleOffset",
                             "titleDistance"]

    static let topLevelKeys = ["device", "fps", "scale", "effect", "header", "avatar", "profile", "rows",
                               "navigationBar", "background", "timeline"]

    /// Loads and checks a scenario, its images included. Throws `ScenarioError` with every problem found.
    public static func load(path: String, fpsOverride: Double? = nil, scaleOverride: Double? = nil) throws -> Scenario {
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) else {
            throw ScenarioError.fileNotFound(path: path)
        }
        guard !isDirectory.boolValue else { throw ScenarioError.unreadable(path: path, reason: "it is a folder, not a file") }
        let attributes = try? FileManager.default.attributesOfItem(atPath: path)
        if let size = attributes?[.size] as? Int, size > maximumFileSize {
            throw ScenarioError.unreadable(path: path, reason: "\(size) bytes, over the \(maximumFileSize)-byte limit for a scenario")
        }
        guard let data = FileManager.default.contents(atPath: path) else {
            throw ScenarioError.unreadable(path: path, reason: "permission denied")
        }
        guard let text = String(data: data, encoding: .utf8) else {
            throw ScenarioError.unreadable(path: path, reason: "not UTF-8 text")
        }
        let baseDirectory = (path as NSString).deletingLastPathComponent
        return try parse(text, file: path, baseDirectory: baseDirectory, fpsOverride: fpsOverride, scaleOverride: scaleOverride)
    }

    /// Parses scenario text; `baseDirectory` resolves image paths.
    public static func parse(_ text: String, file: String, baseDirectory: String, fpsOverride: Double? = nil,
                             scaleOverride: Double? = nil) throws -> Scenario {
        let root: Node?
        do {
            root = try Yams.compose(yaml: text)
        } catch let error as YamlError {
            throw syntaxError(error, file: file)
        }
        let r = ScenarioReader(file: file)
        guard let root else {
            r.report(nil, "(file)", "the file is empty; a scenario needs at least a timeline (see README, Scenario files)")
            throw ScenarioError.invalid(r.issues)
        }
        let top = r.mapping(root, "", allowed: topLevelKeys) ?? [:]

        var device = Device.named("iphone-15")!
        if let node = top["device"], let id = r.choice(node, "device", Device.all.map(\.id)) {
            device = Device.named(id)!
        }
        var fps = 60.0
        if let node = top["fps"], let v = r.number(node, "fps", range: 1...240, unit: "frames per second") { fps = v }
        var scale = device.scale
        if let node = top["scale"], let v = r.number(node, "scale", range: 0.25...4, unit: "pixels per point") { scale = v }
        if let node = top["effect"] { _ = r.choice(node, "effect", ["profile"]) }

        var screen = ProfileScreen(device: device)
        let images = ImageResolver(reader: r, baseDirectory: baseDirectory)
        if let node = top["header"] { readHeader(node, r, images, &screen) }
        if let node = top["avatar"] { readAvatar(node, r, images, &screen) }
        if let node = top["profile"] { readProfile(node, r, &screen) }
        if let node = top["rows"] { readRows(node, r, &screen) }
        if let node = top["navigationBar"], let v = r.bool(node, "navigationBar") { screen.navigationBar = v }
        if let node = top["background"], let v = r.color(node, "background") { screen.backgroundColor = v }

        // The stop (spec 1.3) must not be negative: the header has to reach below the bars.
        let bars = screen.navigationBar ? device.statusBarHeight + device.navigationBarHeight : 64
        if screen.header.height < bars, r.issues.isEmpty {
            let node = top["header"].flatMap { r.mapping($0, "header", allowed: headerKeys)?["height"] } ?? top["header"] ?? root
            r.report(node, "header.height", "must be at least \(Int(bars)) points on \(device.id) "
                + (screen.navigationBar ? "(status bar \(Int(device.statusBarHeight)) + navigation bar 44)" : "(64 without a navigation bar)")
                + ", got \(r.format(screen.header.height)); make the header taller")
        }

        var timeline: KeyframeTimeline?
        if let node = top["timeline"] {
            timeline = readTimeline(node, r, maxScroll: screen.maxScroll)
        } else {
            r.report(root, "timeline", "missing; add a timeline with keyframes, e.g. keyframes: [{time: 0, offset: 0}, {time: 1, offset: -120}]")
        }
        if !r.issues.isEmpty { throw ScenarioError.invalid(r.issues) }
        return Scenario(file: file, fps: fpsOverride ?? fps, scale: scaleOverride ?? scale, screen: screen, timeline: timeline!)
    }

    static func syntaxError(_ error: YamlError, file: String) -> ScenarioError {
        switch error {
        case .scanner(let context, let problem, let mark, _), .parser(let context, let problem, let mark, _),
             .composer(let context, let problem, let mark, _):
            let text = [context?.text, problem].compactMap { $0 }.filter { !$0.isEmpty }.joined(separator: " ")
            return .syntax(file: file, line: mark.line, column: mark.column, problem: text)
        case .reader(let problem, _, _, _):
            return .syntax(file: file, line: 1, column: 1, problem: problem)
        default:
            return .syntax(file: file, line: 1, column: 1, problem: "\(error)")
        }
    }

    private static func readHeader(_ node: Node, _ r: ScenarioReader, _ images: ImageResolver, _ screen: inout ProfileScreen) {
        guard let m = r.mapping(node, "header", allowed: headerKeys) else { return }
        if let n = m["height"], let v = r.number(n, "header.height", range: 20...2000, unit: "points") { screen.header.height = v }
        if let n = m["image"] {
            let scale = m["imageScale"].flatMap { r.number($0, "header.imageScale", range: 1...4) } ?? 1
            screen.header.image = images.load(n, "header.image", scale: scale, id: 1)
        }
        if let n = m["color"], let v = r.color(n, "header.color") { screen.header.color = v }
        if let n = m["blur"], let v = r.bool(n, "header.blur") { screen.header.blur = v }
        if let n = m["blurRadius"], let v = r.number(n, "header.blurRadius", range: 0...100, unit: "points") { screen.header.blurRadius = v }
        if let n = m["title"], let v = r.string(n, "header.title") { screen.header.title = v }
        if let n = m["titleOffset"], let v = r.number(n, "header.titleOffset", range: -10000...10000, unit: "points") {
            screen.header.titleOffset = v
        }
        if let n = m["titleDistance"], let v = r.number(n, "header.titleDistance", range: 0...1000, unit: "points") {
            screen.header.titleDistance = v
        }
    }

    private static func readAvatar(_ node: Node, _ r: ScenarioReader, _ images: ImageResolver, _ screen: inout ProfileScreen) {
        guard let m = r.mapping(node, "avatar", allowed: ["image", "imageScale", "color", "size", "x", "y", "cornerRadius",
                                                          "borderWidth", "borderColor"]) else { return }
        if let n = m["image"] {
            let scale = m["imageScale"].flatMap { r.number($0, "avatar.imageScale", range: 1...4) } ?? 1
            screen.avatar.image = images.load(n, "avatar.image", scale: scale, id: 2)
        }
        if let n = m["color"], let v = r.color(n, "avatar.color") { screen.avatar.color = v }
        if let n = m["size"], let v = r.number(n, "avatar.size", range: 1...1000, unit: "points") { screen.avatar.size = v }
        if let n = m["x"], let v = r.number(n, "avatar.x", range: -2000...2000, unit: "points") { screen.avatar.x = v }
        if let n = m["y"], let v = r.number(n, "avatar.y", range: -2000...2000, unit: "points") { screen.avatar.y = v }
        if let n = m["cornerRadius"], let v = r.number(n, "avatar.cornerRadius", range: 0...500, unit: "points") {
            screen.avatar.cornerRadius = v
        }
        if let n = m["borderWidth"], let v = r.number(n, "avatar.borderWidth", range: 0...100, unit: "points") {
            screen.avatar.borderWidth = v
        }
        if let n = m["borderColor"], let v = r.color(n, "avatar.borderColor") { screen.avatar.borderColor = v }
    }

    private static func readProfile(_ node: Node, _ r: ScenarioReader, _ screen: inout ProfileScreen) {
        guard let m = r.mapping(node, "profile", allowed: ["name", "handle", "bio", "followButton"]) else { return }
        if let n = m["name"], let v = r.string(n, "profile.name", allowEmpty: true) { screen.profile.name = v }
        if let n = m["handle"], let v = r.string(n, "profile.handle", allowEmpty: true) { screen.profile.handle = v }
        if let n = m["bio"], let v = r.string(n, "profile.bio") { screen.profile.bio = v }
        if let n = m["followButton"], let v = r.bool(n, "profile.followButton") { screen.profile.followButton = v }
    }

    private static func readRows(_ node: Node, _ r: ScenarioReader, _ screen: inout ProfileScreen) {
        guard let m = r.mapping(node, "rows", allowed: ["count", "height", "texts"]) else { return }
        if let n = m["count"], let v = r.integer(n, "rows.count", range: 0...10000) { screen.rows.count = v }
        if let n = m["height"], let v = r.number(n, "rows.height", range: 1...1000, unit: "points") { screen.rows.height = v }
        if let n = m["texts"], let list = r.sequence(n, "rows.texts") {
            screen.rows.texts = list.enumerated().compactMap { i, item in r.string(item, "rows.texts[\(i)]", allowEmpty: true) }
        }
    }

    private static func readTimeline(_ node: Node, _ r: ScenarioReader, maxScroll: Double) -> KeyframeTimeline? {
        guard let m = r.mapping(node, "timeline", allowed: ["duration", "keyframes"]) else { return nil }
        var duration: Double?
        if let n = m["duration"] { duration = r.number(n, "timeline.duration", range: 0.001...3600, unit: "seconds") }
        guard let n = m["keyframes"] else {
            r.report(node, "timeline.keyframes", "missing; add at least one keyframe, e.g. - {time: 0, offset: 0}")
            return nil
        }
        guard let list = r.sequence(n, "timeline.keyframes") else { return nil }
        if list.isEmpty {
            r.report(n, "timeline.keyframes", "the list is empty; add at least one keyframe, e.g. - {time: 0, offset: 0}")
            return nil
        }
        var keyframes: [KeyframeTimeline.Keyframe] = []
        var lastTime = -Double.infinity
        for (i, item) in list.enumerated() {
            let path = "timeline.keyframes[\(i)]"
            guard let k = r.mapping(item, path, allowed: ["time", "offset", "easing"]) else { continue }
            guard let tn = k["time"] else { r.report(item, "\(path).time", "missing; give the keyframe's time in seconds"); continue }
            guard let on = k["offset"] else {
                r.report(item, "\(path).offset", "missing; give the scroll offset in points (0 at rest, negative pulls down)")
                continue
            }
            guard let t = r.number(tn, "\(path).time", range: 0...3600, unit: "seconds"),
                  let o = r.number(on, "\(path).offset", range: -2000...max(maxScroll, 0) + 2000, unit: "points") else { continue }
            if t < lastTime {
                r.report(tn, "\(path).time", "keyframes must be in time order, got \(t) after \(lastTime); reorder them")
            }
            lastTime = max(lastTime, t)
            var easing = Easing.easeInOut
            if let en = k["easing"], let name = r.choice(en, "\(path).easing", Easing.allCases.map(\.rawValue)) {
                easing = Easing(rawValue: name)!
            }
            keyframes.append(.init(time: t, offset: o, easing: easing))
        }
        guard !keyframes.isEmpty else { return nil }
        if let duration, duration < keyframes.last!.time {
            r.report(m["duration"], "timeline.duration",
                     "is \(duration) s but the last keyframe is at \(keyframes.last!.time) s; make the duration at least that")
        }
        let timeline = KeyframeTimeline(keyframes: keyframes, duration: duration)
        if timeline.duration <= 0 {
            r.report(n, "timeline", "the timeline lasts 0 seconds; give a later keyframe or a duration")
            return nil
        }
        return timeline
    }
}

/// Loads the images a scenario names, relative to its folder, reporting problems at the field.
struct ImageResolver {
    let reader: ScenarioReader
    let baseDirectory: String

    func load(_ node: Node, _ field: String, scale: Double, id: Int) -> SceneImage? {
        guard let relative = reader.string(node, field) else { return nil }
        let path = relative.hasPrefix("/") ? relative : (baseDirectory.isEmpty ? relative : baseDirectory + "/" + relative)
        guard FileManager.default.fileExists(atPath: path) else {
            reader.report(node, field, "image file not found: \(path) (paths are relative to the scenario file); fix the path")
            return nil
        }
        do {
            return SceneImage(pixmap: try ImageDecoder.decode(fileAt: path), scale: scale, id: id)
        } catch {
            reader.report(node, field, "\(error)")
            return nil
        }
    }
}
