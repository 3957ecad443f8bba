import Animation
import Foundation
import Raster
import ScenarioFormat
import Scene

/// Where `encode` takes a folder's frames from.
///
/// A frame is a pure function of its moment, so when the scenario that rendered the folder is at
/// hand and its inputs are still the frames' (the manifest's `inputParts`, compared part by part),
/// `encode` draws the frames again at each animation's width, as a scenario's `output:` does:
/// nothing to decode, text set at its size, the same bytes as `output:`. Otherwise it decodes
/// the PNGs (each needed frame once for all the animations of one width).
public enum EncodingRoute {
    /// Draw again from the scenario file at `path` (`shown` in messages); `scenario` is it as loaded.
    case scenario(path: String, shown: String, scenario: Scenario)
    /// Decode the frames; `reason` completes "decoding the frames' PNGs (...)".
    case frames(reason: String)

    /// The route for the folder whose manifest is `manifest`. Never throws: a scenario that cannot
    /// be found, loaded or stamped the same only means decoding.
    public static func choose(for manifest: Manifest, folder: String, imageLimits: ImageLimits = ImageLimits()) -> EncodingRoute {
        guard let recorded = manifest.inputParts else {
            return .frames(reason: "the manifest records no inputs to compare")
        }
        // Frames a UIKit screen's code drew: the scenario file alone would draw its own screen.
        if let code = recorded.settings["screen"] { return .frames(reason: "its frames were drawn by \(code)'s code") }
        let isDemo = manifest.scenario.hasPrefix("default demo")
        guard let path = isDemo ? DefaultDemo.scenarioPath : manifest.scenario else {
            return .frames(reason: "the default demo's scenario is not bundled with this build")
        }
        let shown = isDemo ? "the default demo" : manifest.scenario
        var info = stat()
        guard stat(path, &info) == 0, info.st_mode & S_IFMT == S_IFREG else {
            return .frames(reason: "its scenario \(shown) is not here")
        }
        let scenario: Scenario
        do {
            scenario = try ScenarioLoader.load(
                path: path, fpsOverride: manifest.fps, scaleOverride: manifest.scale, imageLimits: imageLimits, variant: manifest.variant)
        } catch {
            return .frames(reason: "its scenario \(shown) no longer loads")
        }
        // A screen run by code (UIKit) is not run again (the `output:` route decodes its frames too).
        guard scenario.screen.sequentialSource == nil else { return .frames(reason: "its screen is run by code") }
        var job = RenderJob(scenario: scenario, outputDirectory: folder)
        job.stampInputs(scenarioPath: path)
        guard let now = job.inputParts else { return .frames(reason: "its inputs cannot be stamped") }
        // What a frame's pixels depend on: not which frames were rendered, their PNG compression or --layout.
        func pixels(_ stamp: InputStamp) -> InputStamp {
            var s = stamp.withoutSelection
            s.settings["compression"] = nil
            s.settings["layout"] = nil
            return s
        }
        let changes = pixels(now).differences(from: pixels(recorded), scenarioName: (shown as NSString).lastPathComponent)
        if !changes.isEmpty { return .frames(reason: "changed since the frames: " + changes.joined(separator: "; ")) }
        // A rebuilt tool of the same version may draw differently: its frames are the ones to trust.
        let manifestPath = folder + "/manifest.json"
        if let exe = Bundle.main.executablePath,
            let built = (try? FileManager.default.attributesOfItem(atPath: exe))?[.modificationDate] as? Date,
            let written = (try? FileManager.default.attributesOfItem(atPath: manifestPath))?[.modificationDate] as? Date, written < built
        {
            return .frames(reason: "the tool was rebuilt after the frames were rendered")
        }
        // Drawing again reads no frame: a file cut short (a copy that failed) is decoded, and refused there.
        if let cut = manifest.frames.first(where: { !endsWithIEND(folder + "/" + $0.file) }) {
            return .frames(reason: "\(cut.file) does not end as a PNG does")
        }
        return .scenario(path: path, shown: shown, scenario: scenario)
    }

    /// True when the file's last 12 bytes are a PNG's IEND chunk.
    static func endsWithIEND(_ path: String) -> Bool {
        guard let handle = FileHandle(forReadingAtPath: path) else { return false }
        defer { try? handle.close() }
        guard let end = try? handle.seekToEnd(), end >= 12, (try? handle.seek(toOffset: end - 12)) != nil,
            let tail = try? handle.read(upToCount: 12)
        else { return false }
        return [UInt8](tail) == [0, 0, 0, 0, 0x49, 0x45, 0x4E, 0x44, 0xAE, 0x42, 0x60, 0x82]
    }

    /// The line `encode` prints before the animations.
    public func line(folder: String) -> String {
        switch self {
        case .scenario(_, let shown, _):
            "drawing the frames again from \(shown) at each animation's width (its inputs are the frames' in \(folder))"
        case .frames(let reason):
            "decoding the frames' PNGs in \(folder) (\(reason))"
        }
    }

    /// Sources at any width for this route. A scenario is drawn at a scale of 0.25 or more, so an
    /// animation narrower than a quarter of the screen's points is decoded from the frames instead
    /// (drawn, it would come out wider than asked).
    func maker(
        folder: String, manifest: Manifest, imageLimits: ImageLimits, jobs: Int
    ) -> @Sendable (_ width: Int, _ even: Bool) throws -> FrameSource {
        let limit = imageLimits.pixels
        let decoded = { @Sendable (width: Int, even: Bool) -> FrameSource in
            FolderFrames(directory: folder, manifest: manifest, width: width, even: even, pixelLimit: limit)
        }
        guard case .scenario(let path, _, let scenario) = self else { return decoded }
        let drawn = ScenarioFrames.maker(
            path: path, pointWidth: scenario.screen.device.size.width, fpsOverride: manifest.fps, imageLimits: imageLimits, jobs: jobs,
            variant: scenario.variant)
        return ScenarioFrames.drawn(drawn, else: decoded)
    }
}
