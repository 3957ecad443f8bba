import Foundation
import Raster
import Scene
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
    static let topLevelKeys =
        [
            "device", "orientation", "fps", "scale", "effect", "appearance", "header", "rows", "mail", "grid", "table",
            "background", "physics", "timeline", "vars", "scrollView", "layers", "output", "matrix",
            "fonts", "textSize",
        ] + ChromeParts.keys
        + Presets.all.flatMap { $0.ownKeys }

    /// The top-level keys a scenario for a screen drawn by code of its own (a UIKit view
    /// controller) may have: the device, the text, the motion and the outputs; the screen's own
    /// keys (`effect`, `layers`, `table`, the bars ...) are the code's to draw.
    public static let screenCodeKeys: Set<String> = [
        "device", "orientation", "fps", "scale", "appearance", "physics", "timeline", "output", "matrix", "fonts", "textSize",
        "statusBar", "showTouches",
    ]

    /// Why `key`, a key of a screen the scenario draws, is refused in a UIKit screen's scenario.
    static func screenKeyRefusal(_ key: String) -> String {
        "is a key of a screen the scenario draws; this screen is drawn by its view controller's code, so the scenario gives only "
            + screenCodeKeys.sorted().joined(separator: ", ") + "; remove `\(key)` (the code draws it)"
    }

    /// Loads and checks a scenario, its images included. Throws `ScenarioError` with every problem found.
    /// `imageLimits`: an image with more pixels, or one that would take the decoded images over the
    /// memory budget, is refused from its header, before decoding.
    /// `variant`: with a `matrix:`, the variant to load (nil: the first).
    /// `screenCode`: the screen is drawn by code (a UIKit view controller): keys of the screen's own
    /// are refused (`screenCodeKeys`), and offsets are not limited by a content height.
    public static func load(
        path: String, fpsOverride: Double? = nil, scaleOverride: Double? = nil,
        imageLimits: ImageLimits = .standard, variant: String? = nil, screenCode: Bool = false
    ) throws -> Scenario {
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
        let text = String(decoding: data, as: UTF8.self) // valid UTF-8, checked above
        let baseDirectory = path.parentPath
        return try parse(
            text, file: path, baseDirectory: baseDirectory, fpsOverride: fpsOverride, scaleOverride: scaleOverride,
            imageLimits: imageLimits, variant: variant, screenCode: screenCode)
    }

    /// Parses scenario text; `baseDirectory` resolves image paths. Each concern is read in its own
    /// step, in this order (the problems are reported in file order; a later step may look at the
    /// problems found so far): the text (ScenarioText.swift), the matrix's variant (VariantMatrix),
    /// the device and frame rate (DeviceLoader), the fonts (TypographyLoader), the preset and the
    /// content (ContentLoader), the chrome (here), the scene (ScenarioScene, SceneLoader), the timeline
    /// (TimelineLoader), the outputs (ScenarioOutput).
    public static func parse(
        _ text: String, file: String, baseDirectory: String, fpsOverride: Double? = nil,
        scaleOverride: Double? = nil, imageLimits: ImageLimits = .standard, variant: String? = nil, screenCode: Bool = false
    ) throws -> Scenario {
        let text = withoutByteOrderMark(text)
        let (root, r) = try readDocument(text, file: file)
        reportTags(text, r)
        // A UIKit screen's scenario: a misspelt key is matched against the keys it may have only (a
        // screen key it may not have is refused below, with the reason).
        var top = r.mapping(root, "", allowed: topLevelKeys, suggesting: screenCode ? screenCodeKeys.sorted() : nil) ?? [:]
        let chosen = VariantMatrix.choose(top["matrix"], variant: variant, top: &top, r, screenCode: screenCode)
        if screenCode {
            for key in top.keys.sorted() where !screenCodeKeys.contains(key) {
                r.report(top[key], key, screenKeyRefusal(key))
                top[key] = nil
            }
        }
        let (device, fps, scale) = readDevice(top, r)
        // A scene of the user's own starts from a plain screen; the presets are the built-in screens.
        // A table of one's own is a plain screen too: the profile's header is not drawn over it.
        let ownScene = screenCode || top["layers"] != nil || top["scrollView"] != nil || top["table"] != nil
        var presetType: (any Preset.Type)? = ownScene ? nil : ProfilePreset.self
        if let node = top["effect"], let v = r.choice(node, "effect", Presets.effectNames) { presetType = Presets.named(v) }

        // Text is set in the scenario's fonts at its text size: the content measured now (self-sizing
        // rows, a table) and the frames drawn later (`Screen.typography`) alike.
        let typography = readTypography(top, r, baseDirectory: baseDirectory)
        do {
            var screen = Screen(device: device)
            screen.typography = typography
            let images = ImageResolver(reader: r, baseDirectory: baseDirectory, limits: imageLimits)
            let preset = readPreset(presetType, top, r, images, &screen)
            readContent(top, r, images, preset: preset, ownScene: ownScene, &screen)
            ChromeParts.read(ScenarioKeys(top), r, into: &screen)
            readScreenSettings(top, r, &screen)
            var physics = ScrollPhysics()
            physics.settleDistance = 0.5 / device.scale
            if let node = top["physics"] { readPhysics(node, r, &physics) }
            if let node = top["background"], let v = r.color(node, "background") { screen.backgroundOverride = v }
            // The code's content is measured when it runs: offsets here are not limited by a height.
            if screenCode { screen.scrollView.contentHeight = 1_000_000 }
            let extentKnown = readScene(top, r, images, preset: preset, scale: scaleOverride ?? scale, &screen)
            // The preset's own check reads the device, the header's height and the navigation bar only:
            // it runs whenever those were read, so its problem comes with every other (a wrong image path).
            if let preset,
                !r.issues.contains(where: { ["device", "header", "header.height"].contains($0.field) || $0.field.hasPrefix("navigationBar") })
            {
                preset.check(screen, top, root: root, r)
            }

            var timeline = readCheckedTimeline(
                top, root: root, r, screen: screen, physics: physics, extentKnown: extentKnown, fps: fpsOverride ?? fps)
            if !screenCode, let gestures = timeline as? GestureTimeline, gestures.hasSidewaysSteps, r.issues.isEmpty {
                attachSideways(gestures, screen: &screen, scale: scaleOverride ?? scale, timelineNode: top["timeline"], r)
            }
            if !screenCode, var gestures = timeline as? GestureTimeline, !gestures.presses.isEmpty, r.issues.isEmpty {
                placePresses(screen.scene, &gestures, screen: screen, scale: scaleOverride ?? scale, timelineNode: top["timeline"], r)
                timeline = gestures
            }
            // Where the taps hit the scene's layers, once: `over: tap` values read the times.
            if !screenCode, let gestures = timeline as? GestureTimeline, !gestures.presses.isEmpty, r.issues.isEmpty,
                let scene = screen.scene, scene.hasTapAnimations
            {
                screen.tapHits = scene.tapHits(gestures, metrics: screen.sceneMetrics(pixelScale: scaleOverride ?? scale))
            }
            if !screenCode, let scene = screen.scene, scene.hasTapAnimations { warnUntapped(scene, screen.tapHits, r) }
            let outputs = top["output"].map { ScenarioOutput.read($0, r, baseDirectory: baseDirectory) } ?? []
            chosen?.renameFields(r)
            if !r.issues.isEmpty { throw ScenarioError.invalid(r.issuesInFileOrder) }
            var scenario = Scenario(file: file, fps: fpsOverride ?? fps, scale: scaleOverride ?? scale, screen: screen, timeline: timeline!)
            scenario.outputs = chosen.map { v in outputs.map { $0.forVariant(v.name) } } ?? outputs
            scenario.imageFiles = images.files
            scenario.variant = chosen?.name
            scenario.variantNames = chosen?.names ?? []
            if let scene = screen.scene { try checkFinite(scene, scenario, r, timelineNode: top["timeline"]) }
            scenario.warnings = MissingGlyphs.warnings(r.texts, file: file, typography: typography) + r.warnings
            return scenario
        }
    }
}
