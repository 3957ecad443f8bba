import Foundation
import Raster

/// What a render's frames depend on, part by part: the manifest keeps it (`inputParts`) beside the
/// one `inputs` hash, so a run that finds frames of other inputs in its folder (`--resume`,
/// `merge`) can say which part changed. File parts are hashes (FNV-1a, 64-bit, hex) of the file's
/// length and bytes, "missing" for a file that could not be read; settings are kept as words.
public struct InputStamp: Codable, Equatable, Sendable {
    /// `render-frames 0.5.0`.
    public var tool: String
    /// The settings that shape the frames or the manifest, by name: device, variant, fps, scale,
    /// frames, compression, layout.
    public var settings: [String: String]
    /// The scenario file.
    public var scenario: String
    /// Each image the scenario read, by its path relative to the scenario's folder.
    public var images: [String: String]
    /// Each font file the scenario names (`fonts:`), by its path relative to the scenario's folder.
    public var fonts: [String: String]
    /// The fonts bundled with the tool, all together.
    public var bundledFonts: String
    /// The system's fallback fonts by path, size and date (not read whole: tens of megabytes).
    public var systemFonts: String

    /// The same stamp without the frames selected (`frames`): what a frame's pixels depend on.
    /// `--resume` compares this, so frames rendered with `--frames 0-3` or `--shard 1/2` are kept
    /// by a run of `--frames 0-5` or of the whole; the selection stays in `settings` and in the
    /// `inputs` hash for the "up to date" shortcut, which must not take 0-3 for 0-5.
    public var withoutSelection: InputStamp {
        var stamp = self
        stamp.settings["frames"] = nil
        return stamp
    }

    /// The order settings are named in, then any other key alphabetically.
    static let settingOrder = ["device", "variant", "fps", "scale", "frames", "compression", "layout"]

    /// How this stamp differs from `earlier`, one item a part, in the order of the fields:
    /// "render-frames 0.4.0 -> 0.5.0", "fps 60 -> 30", "the scenario s.yaml", "image photo.png",
    /// "image new.png (not used before)", "font Brand.ttf", "the bundled fonts". At most `limit`
    /// items and "N more". Empty when the stamps are equal.
    public func differences(from earlier: InputStamp, scenarioName: String, limit: Int = 8) -> [String] {
        var items: [String] = []
        if tool != earlier.tool { items.append("\(Self.shown(earlier.tool)) -> \(Self.shown(tool))") }
        let keys = Set(settings.keys).union(earlier.settings.keys)
        let ordered = Self.settingOrder.filter(keys.contains) + keys.subtracting(Self.settingOrder).sorted()
        for key in ordered where settings[key] != earlier.settings[key] {
            items.append("\(key) \(Self.shown(earlier.settings[key] ?? "none")) -> \(Self.shown(settings[key] ?? "none"))")
        }
        if scenario != earlier.scenario { items.append("the scenario \(scenarioName)") }
        items += Self.fileDifferences(images, earlier.images, noun: "image")
        items += Self.fileDifferences(fonts, earlier.fonts, noun: "font")
        if bundledFonts != earlier.bundledFonts { items.append("the bundled fonts") }
        if systemFonts != earlier.systemFonts { items.append("the system's fallback fonts (installed, removed or updated)") }
        guard items.count > limit else { return items }
        return items.prefix(limit - 1) + ["\(items.count - limit + 1) more"]
    }

    /// " (changed: the scenario s.yaml; image photo.png)" for a message that says the inputs
    /// differ; when a stamp has no parts (`manifest`'s), that it cannot tell which.
    static func changeNote(
        from earlier: InputStamp?, to now: InputStamp?, scenarioName: String, manifest: String,
        lead: String = "changed: "
    ) -> String {
        guard let earlier, let now else {
            return " (\(manifest) was written by a render-frames that did not record them part by part, so it cannot tell which changed)"
        }
        let changes = now.differences(from: earlier, scenarioName: scenarioName)
        return changes.isEmpty ? " (cannot tell which)" : " (\(lead)\(changes.joined(separator: "; ")))"
    }

    static func fileDifferences(_ now: [String: String], _ before: [String: String], noun: String) -> [String] {
        Set(now.keys).union(before.keys).sorted().compactMap { name in
            switch (before[name], now[name]) {
            case (let old?, let new?): return old == new ? nil : "\(noun) \(name)"
            case (nil, _): return "\(noun) \(name) (not used before)"
            case (_, nil): return "\(noun) \(name) (no longer used)"
            }
        }
    }

    /// A value as shown in a message: at most 40 characters.
    static func shown(_ value: String) -> String {
        value.count <= 40 ? value : String(value.prefix(39)) + "…"
    }

    /// A number as a person writes it: 60, 0.5.
    static func number(_ x: Double) -> String {
        x == x.rounded() && x.magnitude < 1e15 ? String(Int(x)) : String(x)
    }

    /// `--compression`'s word for `options`, or its parts when it is none of them (the library API).
    static func compressionName(_ options: PNGEncoder.Options) -> String {
        switch options {
        case .fast: return "fast"
        case .balanced: return "balanced"
        case .small: return "small"
        default: return "\(options.filter.rawValue)/\(options.level)/\(options.coder.rawValue)"
        }
    }
}

/// FNV-1a, 64-bit: the inputs hash and each part's (not cryptographic: it tells renders apart,
/// it does not defend against forgery).
struct FNV1a {
    private(set) var value: UInt64 = 0xCBF2_9CE4_8422_2325

    mutating func mix<S: Sequence>(_ bytes: S) where S.Element == UInt8 {
        for b in bytes { value = (value ^ UInt64(b)) &* 0x0000_0100_0000_01B3 }
    }

    mutating func mix(_ text: String) { mix(Array(text.utf8)) }

    var hex: String { String(value, radix: 16) }
}
