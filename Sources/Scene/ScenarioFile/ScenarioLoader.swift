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

    /// The top-level keys: the screen's, then those of the presets' own (`Preset.ownKeys`).
    static let topLevelKeys = ["device", "orientation", "fps", "scale", "effect", "appearance", "header", "rows", "mail", "grid", "table", "navigationBar",
                               "background", "showTouches", "showsVerticalScrollIndicator", "physics", "timeline", "vars", "scrollView", "layers", "statusBar", "output", "matrix",
                               "tabBar", "toolbar", "segmentedControl", "fonts", "textSize"]
        + Presets.all.flatMap { $0.ownKeys }
    static let statusBarKeys = ["content", "color", "time", "carrier", "battery", "charging", "wifi", "date"]
    static let navigationBarKeys = ["style", "title", "fadeStart", "fadeLength", "color", "titleColor", "largeTitle", "searchBar",
                                    "leftItems", "rightItems", "backTitle"]
    static let searchBarKeys = ["placeholder"]
    static let barItemKeys = ["title", "glyph", "style"]

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

    /// Parses scenario text; `baseDirectory` resolves image paths. Each concern is read in its own
    /// step, in this order (the problems are reported in file order; a later step may look at the
    /// problems found so far): the text (ScenarioText.swift), the matrix's variant (VariantMatrix),
    /// the device and frame rate (DeviceLoader), the fonts (TypographyLoader), the preset and the
    /// content (ContentLoader), the chrome (here), the scene (ScenarioScene, SceneLoader), the timeline
    /// (TimelineLoader), the outputs (ScenarioOutput).
    public static func parse(_ text: String, file: String, baseDirectory: String, fpsOverride: Double? = nil,
                             scaleOverride: Double? = nil, imageLimits: ImageLimits = .standard, variant: String? = nil) throws -> Scenario {
        let text = withoutByteOrderMark(text)
        let (root, r) = try readDocument(text, file: file)
        reportTags(text, r)
        var top = r.mapping(root, "", allowed: topLevelKeys) ?? [:]
        let chosen = VariantMatrix.choose(top["matrix"], variant: variant, top: &top, r)
        let (device, fps, scale) = readDevice(top, r)
        // A scene of the user's own starts from a plain screen; the presets are the built-in screens.
        // A table of one's own is a plain screen too: the profile's header is not drawn over it.
        let ownScene = top["layers"] != nil || top["scrollView"] != nil || top["table"] != nil
        var presetType: (any Preset.Type)? = ownScene ? nil : ProfilePreset.self
        if let node = top["effect"], let v = r.choice(node, "effect", Presets.effectNames) { presetType = Presets.named(v) }

        // Text is set in the scenario's fonts at its text size from here on: the content measured
        // now (self-sizing rows, bars) and the frames drawn later (Screen.layers) alike.
        let typography = readTypography(top, r, baseDirectory: baseDirectory)
        return try Typography.$current.withValue(typography) { () throws -> Scenario in
            var screen = Screen(device: device)
            screen.typography = typography
            let images = ImageResolver(reader: r, baseDirectory: baseDirectory, limits: imageLimits)
            let preset = readPreset(presetType, top, r, images, &screen)
            readContent(top, r, images, preset: preset, ownScene: ownScene, &screen)
            if let node = top["navigationBar"] { readNavigationBar(node, r, &screen) }
            if let node = top["tabBar"] { screen.tabBar = TabBar.read(node, r) }
            if let node = top["toolbar"] {
                let toolbar = Toolbar.read(node, r)
                if top["tabBar"] != nil {
                    r.report(node, "toolbar", "a screen shows a tab bar or a toolbar, not both (UIKit can stack a toolbar above a "
                        + "tab bar, apps almost never do); keep one")
                } else {
                    screen.toolbar = toolbar
                }
            }
            if let node = top["segmentedControl"] { screen.segmentedControl = SegmentedControl.read(node, r) }
            readScreenSettings(top, r, &screen)
            var physics = ScrollPhysics()
            physics.settleDistance = 0.5 / device.scale
            if let node = top["physics"] { readPhysics(node, r, &physics) }
            if let node = top["background"], let v = r.color(node, "background") { screen.backgroundOverride = v }
            if let node = top["statusBar"], let m = r.mapping(node, "statusBar", allowed: statusBarKeys) {
                if let n = m["content"], let v = r.choice(n, "statusBar.content", Screen.StatusBarContent.allCases.map(\.rawValue)) {
                    screen.statusBarContent = Screen.StatusBarContent(rawValue: v)
                }
                if m["content"] != nil, let n = m["color"] {
                    r.report(n, "statusBar.color", "give content (light or dark) or color, not both; keep one")
                }
                if let n = m["time"], let v = r.string(n, "statusBar.time", maximumLength: 12, fits: "a status bar's time fits 12 (such as 9:41 or 21:09)") {
                    screen.statusBarItems.time = v
                }
                if let n = m["carrier"], let v = r.string(n, "statusBar.carrier", allowEmpty: true, maximumLength: 24, fits: "a carrier's name fits 24") {
                    screen.statusBarItems.carrier = v
                }
                if let n = m["battery"], let v = r.number(n, "statusBar.battery", range: 0...100, unit: "%") { screen.statusBarItems.battery = v / 100 }
                if let n = m["charging"], let v = r.bool(n, "statusBar.charging") { screen.statusBarItems.charging = v }
                if let n = m["wifi"], let v = r.bool(n, "statusBar.wifi") { screen.statusBarItems.wifi = v }
                if let n = m["date"], let v = r.string(n, "statusBar.date", allowEmpty: true, maximumLength: 24,
                                                       fits: "an iPad's status-bar date fits 24 (such as Mon Jun 10)") {
                    screen.statusBarItems.date = v
                }
            }
            let extentKnown = readScene(top, r, images, preset: preset, scale: scaleOverride ?? scale, &screen)
            // The preset's own check reads the device, the header's height and the navigation bar only:
            // it runs whenever those were read, so its problem comes with every other (a wrong image path).
            if let preset, !r.issues.contains(where: { ["device", "header", "header.height"].contains($0.field) || $0.field.hasPrefix("navigationBar") }) {
                preset.check(screen, top, root: root, r)
            }

            let timeline = readCheckedTimeline(top, root: root, r, screen: screen, physics: physics, extentKnown: extentKnown, fps: fpsOverride ?? fps)
            let outputs = top["output"].map { ScenarioOutput.read($0, r, baseDirectory: baseDirectory) } ?? []
            chosen?.renameFields(r)
            if !r.issues.isEmpty { throw ScenarioError.invalid(r.issuesInFileOrder) }
            var scenario = Scenario(file: file, fps: fpsOverride ?? fps, scale: scaleOverride ?? scale, screen: screen, timeline: timeline!)
            scenario.outputs = chosen.map { v in outputs.map { $0.forVariant(v.name) } } ?? outputs
            scenario.imageFiles = images.files
            scenario.variant = chosen?.name
            scenario.variantNames = chosen?.names ?? []
            if let scene = screen.scene { try checkFinite(scene, scenario, r, timelineNode: top["timeline"]) }
            scenario.warnings = MissingGlyphs.warnings(r.texts, file: file, typography: typography)
            return scenario
        }
    }
}
