import Foundation
import RenderFramesKit
import ScenarioFormat
import Scene
import UIKit
import UIKitExampleScreens

/// The UIKit example screens beside their YAML twins (issue "Your UIKit screens on Linux": within
/// 15 % of the twin's time per frame at @3x with 2 jobs; replaying the calls under 0.2 ms a frame;
/// memory flat in the number of frames): best of `runs`, every frame drawn (no reuse of equal states).
func uikitBenchmark(runs: Int) {
    let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    let scenarios = root.appendingPathComponent("Examples/StretchyHeader/Scenarios").path
    let out = NSTemporaryDirectory() + "render-frames-benchmark-uikit-\(getpid())"
    defer { try? FileManager.default.removeItem(atPath: out) }

    func yamlSeconds(_ file: String, fps: Double? = nil) -> (Double, Int) {
        var settings = Render.Settings(scenario: scenarios + "/" + file, outputDirectory: out + "/yaml")
        (settings.jobs, settings.reuseEqualStates, settings.writeAnimations, settings.fps, settings.force) = (2, false, false, fps, true)
        do {
            let summary = try Render(settings).run().summaries[0]
            return (summary.seconds, summary.framesWritten)
        } catch { fail("\(error)") }
    }
    func uikitSeconds(
        _ file: String, fps: Double? = nil, make: @escaping @MainActor () -> UIViewController = { ProfileViewController() }
    ) -> (
        Double, Int
    ) {
        var settings = Render.Settings(scenario: scenarios + "/" + file, outputDirectory: out + "/uikit")
        (settings.jobs, settings.reuseEqualStates, settings.writeAnimations, settings.fps, settings.force) = (2, false, false, fps, true)
        do {
            let summary = try ScreenRender(make: make, settings: settings).run().summaries[0]
            return (summary.seconds, summary.framesWritten)
        } catch { fail("\(error)") }
    }

    if CommandLine.arguments.contains("--uikit-memory") {
        // In a process of its own: the high-water mark after 30 fps, then after 240 fps (8x the frames).
        let (_, short) = uikitSeconds("profile.yaml")
        let after = peakRSSMegabytes()
        let (_, long) = uikitSeconds("profile.yaml", fps: 240)
        print(
            "Peak RSS of the UIKit profile with 2 jobs at @3x: \(format(after, 0)) MB after \(short) frames, \(format(peakRSSMegabytes(), 0)) MB after \(long) frames."
        )
        return
    }

    // Each example screen and its YAML twin: the profile and the collection header are held to
    // theirs within 0.01 pt (ExampleTwinTests); the Settings twin draws the same rows, bar and
    // search field, with a colored square where the code draws a tinted symbol; the carousel's twin
    // is the layer language's `scroll:` layer (Fixtures/scenarios/carousel.yaml, the same swipes);
    // the stretchy table's, the stretchyTable preset with its photo, rows and motion.
    let screens: [(name: String, twin: String, scenario: String, make: @MainActor () -> UIViewController)] = [
        ("profile", "profile-twin.yaml", "profile.yaml", { ProfileViewController() }),
        ("collection", "collection-twin.yaml", "collection.yaml", { UINavigationController(rootViewController: StretchyCollectionViewController()) }),
        // The same screen with a compositional layout, a diffable data source and registrations
        // (its frames are the flow layout's, byte for byte: CompositionalGoldenTests).
        (
            "collection-compositional", "collection-twin.yaml", "collection.yaml",
            { UINavigationController(rootViewController: CompositionalCollectionViewController()) }
        ),
        ("settings", "settings-twin.yaml", "settings.yaml", { UINavigationController(rootViewController: SettingsViewController()) }),
        ("carousel", "../../../Fixtures/scenarios/carousel.yaml", "carousel.yaml", { CarouselViewController() }),
        // Auto Layout: the profile placed by anchors (its twin the profile's); the photo's height
        // constraint follows the scroll.
        ("profile-constraints", "profile-twin.yaml", "profile.yaml", { ProfileConstraintsViewController() }),
        ("stretchy-table", "stretchy-table-twin.yaml", "stretchy-table.yaml", { StretchyTableViewController() }),
        // The inbox of self-sizing cells beside the mail preset (mail-twin.yaml: the same messages
        // as two labels a row where the code has four in stack views; the same motion).
        ("mail", "mail-twin.yaml", "mail.yaml", { UINavigationController(rootViewController: MailViewController()) }),
    ]
    var rows: [String] = []
    // `--uikit-screens collection,collection-compositional`: only those.
    let only = argument("--uikit-screens").map { Set($0.split(separator: ",").map(String.init)) }
    for screen in screens where only?.contains(screen.name) ?? true {
        var yaml = Double.infinity, uikit = Double.infinity, frames = 0
        for _ in 0..<runs {
            let (y, n) = yamlSeconds(screen.twin)
            let (u, m) = uikitSeconds(screen.scenario, make: screen.make)
            guard n == m else { fail("\(screen.name): the twins rendered \(n) and \(m) frames") }
            (yaml, uikit, frames) = (min(yaml, y), min(uikit, u), n)
        }

        let (replay, snapshot) = screenCodeCost(scenarios + "/" + screen.scenario, imageFolder: scenarios, make: screen.make, runs: runs)
        rows.append(
            "| \(screen.name) | \(frames) | \(format(yaml / Double(frames) * 1000, 2)) | \(format(uikit / Double(frames) * 1000, 2)) | "
                + "\(format(uikit / yaml, 3)) | \(format(replay * 1000, 3)) | \(format(snapshot * 1000, 3)) |")
    }
    print("UIKit screens beside their YAML twins (@3x, 2 jobs, every frame drawn, best of \(runs)):")
    print("| screen | frames | YAML twin ms/frame | UIKit ms/frame | UIKit / YAML | calls replayed ms/frame | snapshot ms/frame |")
    print("|---|---|---|---|---|---|---|")
    for row in rows { print(row) }

    customDrawingBenchmark(drag: root.appendingPathComponent("Fixtures/uikit/drag.yaml").path, out: out, runs: runs)
}

/// The screen's code alone, on the main thread: seconds a frame to replay the calls of every
/// frame, and to take each frame's snapshot (best of `runs`).
func screenCodeCost(
    _ path: String, imageFolder: String, make: @escaping @MainActor () -> UIViewController, runs: Int
) -> (replay: Double, snapshot: Double) {
    let loaded: Scenario
    do { loaded = try ScenarioLoader.load(path: path, screenCode: true) } catch { fail("\(error)") }
    let settings = ScreenSettings(
        device: loaded.screen.device, appearance: loaded.screen.appearance, typography: loaded.screen.typography,
        fps: loaded.fps, imageFolders: [imageFolder])
    var replay = Double.infinity, snapshot = Double.infinity
    let count = loaded.frameCount
    for _ in 0..<runs {
        MainActor.assumeIsolated {
            let run = ScreenRun(settings: settings, motion: loaded.timeline, make: make)
            run.advance(to: 0)
            let t0 = now()
            run.advance(to: count - 1)
            replay = min(replay, (now() - t0) / Double(max(1, count - 1)))
            let again = ScreenRun(settings: settings, motion: loaded.timeline, make: make)
            var total = 0.0
            for i in 0..<count {
                again.advance(to: i)
                let t1 = now()
                _ = again.snapshot()
                total += now() - t1
            }
            snapshot = min(snapshot, total / Double(count))
        }
    }
    return (replay, snapshot)
}

/// Custom drawing (issue "Real screens, unchanged": within 15 % of the twin): the stats screen of
/// draw(_:) views beside the same screen of plain views, labels and shape layers, through a drag.
func customDrawingBenchmark(drag: String, out: String, runs: Int) {
    var drawn = Double.infinity, plain = Double.infinity, frames = 0
    for _ in 0..<runs {
        var settings = Render.Settings(scenario: drag, outputDirectory: out + "/drawing")
        (settings.jobs, settings.reuseEqualStates, settings.writeAnimations, settings.force) = (2, false, false, true)
        do {
            let d = try ScreenRender(make: { StatsDrawnViewController() }, settings: settings).run().summaries[0]
            let p = try ScreenRender(make: { StatsTwinViewController() }, settings: settings).run().summaries[0]
            (drawn, plain, frames) = (min(drawn, d.seconds), min(plain, p.seconds), d.framesWritten)
        } catch { fail("\(error)") }
    }
    print("")
    print("Custom drawing beside plain views (@3x, 2 jobs, Fixtures/uikit/drag.yaml, best of \(runs)):")
    print("| screen | frames | plain views ms/frame | draw(_:) views ms/frame | drawn / plain |")
    print("|---|---|---|---|---|")
    print("| stats | \(frames) | \(format(plain / Double(frames) * 1000, 2)) | \(format(drawn / Double(frames) * 1000, 2)) | \(format(drawn / plain, 3)) |")
}
