import Raster
import Scene
import Yams

/// The scene a scenario's screen draws (a preset's expansion and the scenario's own vars and
/// layers, read by SceneLoader.swift), how far its content reaches, and the check that every
/// bound value stays finite on every frame.
extension ScenarioLoader {
    /// The scene the screen draws: a preset's expansion followed by the scenario's own vars and
    /// layers, or the scenario's own alone. False when it could not be built, so its extent (where
    /// a fling stops) is unknown.
    static func readScene(
        _ top: [String: Node], _ r: ScenarioReader, _ images: ImageResolver, preset: (any Preset)?, scale: Double,
        _ screen: inout Screen
    ) -> Bool {
        let effectName = preset.map { type(of: $0).name } ?? "none"
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
                    r.report(
                        k, "vars.\(k.string ?? "")",
                        "the \(effectName) preset has a var named \(k.string ?? "") (render-frames expand "
                            + "shows its vars); rename yours")
                }
            }
        }
        // False when the scene could not be built, so its extent (where a fling stops) is unknown.
        var extentKnown = false
        if var scene = readUserScene(
            sceneKeys, r, images, presetLayers: presetLayers, presetName: preset == nil ? nil : effectName, presetVars: Set(presetVars))
        {
            extentKnown = true
            screen.scene = scene
            screen.scrollView = scene.scrollView
            resolveInsets(&scene, &screen, scale: scale, r)
            if r.issues.isEmpty {
                scene = scene.blurringImages(screen.sceneMetrics(pixelScale: scale), rest: screen.sceneMoment(u: 0))
                screen.scene = scene
            }
            // Measured even when an image could not be read (it counts as empty), so the frame limit
            // below is still checked alongside that problem.
            if scene.scrollView.contentHeight == nil {
                screen.sceneContentExtent = contentExtent(of: scene, screen: screen, scale: scale)
            }
        }
        return extentKnown
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
            r.report(
                timelineNode, "layers",
                "\(frames) frames x \(perMoment) bound values = \(frames * perMoment) evaluations, over the limit "
                    + "of \(maximumEvaluations) that keeps checking bounded; shorten the timeline, lower fps or repeat fewer layers")
            throw ScenarioError.invalid(r.issuesInFileOrder)
        }
        let moments = (0..<frames).map { ($0, scenario.moment(ofFrame: $0)) }
        let bad = scene.nonFiniteValues(scenario.screen.sceneMetrics(pixelScale: scenario.scale), moments: moments)
        guard !bad.isEmpty else { return }
        for (ref, what, frame, m) in bad {
            r.issues.append(
                ScenarioIssue(
                    file: r.file, line: ref.line, column: ref.column, field: ref.field,
                    message:
                        "\(what) at frame \(frame) (time \(r.format(round4(m.time))) s, offset \(r.format(round4(m.offset)))); "
                        + "keep the formula finite and in range there, e.g. with max() or clamp() around a division or a square root"))
        }
        throw ScenarioError.invalid(r.issuesInFileOrder)
    }
}
