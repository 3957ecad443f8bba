import Foundation
import Raster

/// Everything one animation format decides: its extension, its sides and rates, the settings that
/// apply to it, how it is encoded and how a written file is read back. One conforming type per
/// file in `Formats/`, listed once in `AnimationFormats.all`; nothing outside those files asks
/// which format it has.
public protocol AnimationFormat: Sendable, CustomStringConvertible {
    /// Lowercase, for messages: `gif`. Also the flag that claims `sharedExtension` (`--apng`).
    var name: String { get }
    /// As written in prose: `GIF`.
    var title: String { get }
    /// Without the dot, lowercase: `gif`.
    var fileExtension: String { get }
    /// An extension the format is written with only when asked for by name (`.png` with `--apng`:
    /// a `.png` alone is a frame), or nil.
    var sharedExtension: SharedExtension? { get }
    /// A video, not an image: GitHub shows images up to 10 MB inline; a video is about a tenth of a GIF's size.
    var isVideo: Bool { get }
    /// Both sides even (x264's 4:2:0 chroma): widths are rounded down to even, frames drawn even.
    var evenSides: Bool { get }
    /// The budget when none is asked for (`--max-bytes`, `maxBytes:`); nil: none.
    var defaultBudget: Int? { get }
    /// The fastest rate it plays, or nil (the frames' rate limits it anyway).
    var maxFPS: Double? { get }
    /// Whether `quality` changes the file.
    var hasQuality: Bool { get }
    /// Whether `lossless` applies: an option, always so, or never.
    var lossless: Losslessness { get }
    /// The defaults for frames `frameWidth` pixels wide at `sourceFPS`.
    func defaults(frameWidth: Int, sourceFPS: Double) -> AnimationSettings
    /// What the settings mean for this format, after width and rate (`quality 75 (CRF 23)`), or nil.
    func describe(_ settings: AnimationSettings) -> String?
    /// Settings at a lower quality for a file `steps` halvings too large, or nil when quality is
    /// not what to lower (then the width goes down).
    func lowerQuality(_ settings: AnimationSettings, steps: Double) -> AnimationSettings?
    /// Why `asked` fps is over `maxFPS`: the refusal of a scenario's `fps:` (after the field) and of
    /// `--fps` (after the path).
    func tooFast(asked: String, inScenario: Bool) -> String
    /// Writes the frames into a temporary file, not yet placed.
    func encode(_ job: AnimationEncoding) throws -> EncodedAnimation
    /// Reads a written file back with a reader of its own: the frames and the duration it holds.
    func readBack(_ file: String, _ written: AnimationWriter.Written) -> ReadBack
    /// Whether `found` frames read back match the `written` ones (by default within one).
    func framesMatch(found: Int, written: Int) -> Bool
    /// How far the duration read back may be off, besides one frame.
    var durationTolerance: Double { get }
}

extension AnimationFormat {
    public var description: String { name }
    public var sharedExtension: SharedExtension? { nil }
    public var isVideo: Bool { false }
    public var evenSides: Bool { false }
    public var maxFPS: Double? { nil }
    public func describe(_ settings: AnimationSettings) -> String? { nil }
    public func lowerQuality(_ settings: AnimationSettings, steps: Double) -> AnimationSettings? { nil }
    public func tooFast(asked: String, inScenario: Bool) -> String {
        let limit = (maxFPS ?? 0).formattedNumber
        return inScenario
            ? "\(title) plays at most \(limit) fps, got \(asked); give \(limit) or less"
            : "\(title) plays at most \(limit) fps, and \(asked) was asked; give --fps \(limit) or less"
    }
    public func framesMatch(found: Int, written: Int) -> Bool { abs(found - written) <= 1 }
    public var durationTolerance: Double { 0.001 }

    /// The same format (formats are told apart by name).
    public func isSame(as other: any AnimationFormat) -> Bool { name == other.name }
}

/// An extension a format shares with something else, used only when the format is named.
public struct SharedExtension: Sendable {
    public var fileExtension: String
    /// What such a file is: `an animated PNG`.
    public var what: String
}

public enum Losslessness: Sendable {
    /// `lossless: true` picks lossless encoding.
    case option
    case always
    case never
}

/// The frames a format encodes, and where.
public struct AnimationEncoding {
    public let path: String
    public let settings: AnimationSettings
    /// The frames' size.
    public let width: Int
    public let height: Int
    public let jobs: Int
    let source: FrameSource
    let timeline: OutputTimeline
    let runs: [OutputTimeline.Run]

    /// True when some frame may have transparent pixels.
    public var mayHaveTransparency: Bool { source.mayHaveTransparency }

    /// The frames in order, in batches drawn in parallel, identical consecutive ones merged
    /// unless `merge` is false.
    public func forEachBatch(merge: Bool = true, _ consume: ([TimedFrame]) throws -> Void) throws {
        try AnimationWriter.forEachFrame(runs, timeline, source, jobs: jobs, merge: merge, consume)
    }
}

/// A finished file in its temporary place: removed when dropped unless placed.
public struct EncodedAnimation {
    let file: any UnplacedFile
    /// The frames written (held frames once, but for a format that does not merge them).
    let frames: Int

    init(_ file: any UnplacedFile, frames: Int) { self.file = file; self.frames = frames }
}

/// A written file not yet renamed into place.
protocol UnplacedFile: AnyObject {
    var temporaryPath: String { get }
    func place() throws
}

extension OutputFile: UnplacedFile {}
extension MP4Writer: UnplacedFile {}

/// What a written file holds, or what is wrong with it.
public enum ReadBack: Sendable {
    case found(frames: Int, duration: Double)
    case problem(String)
}

/// The formats, in the order messages list them.
public enum AnimationFormats {
    public static let all: [any AnimationFormat] = [GIFFormat(), WebPFormat(), MP4Format(), APNGFormat()]

    /// GitHub shows images up to 10 MB: the default budget of the image formats.
    public static let imageLimit = 10_000_000

    /// The format of `ext` (lowercased; `claimed`: names of formats asked for by name, whose
    /// shared extension then counts), or nil.
    public static func of(extension ext: String, claimed: [String] = []) -> (any AnimationFormat)? {
        let ext = ext.lowercased()
        return all.first { $0.fileExtension == ext }
            ?? all.first { claimed.contains($0.name) && $0.sharedExtension?.fileExtension == ext }
    }

    /// The format of `path`'s extension (see `of(extension:claimed:)`), or nil.
    public static func of(path: String, claimed: [String] = []) -> (any AnimationFormat)? {
        of(extension: (path as NSString).pathExtension, claimed: claimed)
    }

    /// The format that shares `ext` with something else (`png`), or nil.
    public static func sharing(extension ext: String) -> (any AnimationFormat)? {
        all.first { $0.sharedExtension?.fileExtension == ext.lowercased() }
    }

    /// `.gif, .webp, .mp4, .apng (or .png with --apng)`.
    public static var extensions: String {
        all.map { f in "." + f.fileExtension + (f.sharedExtension.map { " (or .\($0.fileExtension) with --\(f.name))" } ?? "") }
            .joined(separator: ", ")
    }

    /// `.gif, .webp, .mp4 or .apng`.
    public static var extensionChoice: String { list(all.map { "." + $0.fileExtension }, "or") }

    /// `gif|webp|mp4|apng`, as the schema's patterns have it.
    public static var extensionPattern: String { all.map(\.fileExtension).joined(separator: "|") }

    /// `.webp`: the formats with a `lossless` option.
    public static var losslessOption: String { list(all.filter { $0.lossless == .option }.map { "." + $0.fileExtension }, "and") }

    /// `.webp only (GIF and APNG are lossless already, MP4 is lossy)`: where `lossless` applies.
    public static var losslessApplies: String {
        let always = all.filter { $0.lossless == .always }, never = all.filter { $0.lossless == .never }
        var notes: [String] = []
        if !always.isEmpty { notes.append(list(always.map(\.title), "and") + (always.count == 1 ? " is" : " are") + " lossless already") }
        if !never.isEmpty { notes.append(list(never.map(\.title), "and") + (never.count == 1 ? " is" : " are") + " lossy") }
        return losslessOption + " only" + (notes.isEmpty ? "" : " (" + notes.joined(separator: ", ") + ")")
    }

    /// `.webp and .mp4; GIF and APNG have no quality setting`: where `quality` applies.
    public static var qualityApplies: String {
        let without = all.filter { !$0.hasQuality }
        return list(all.filter(\.hasQuality).map { "." + $0.fileExtension }, "and")
            + (without.isEmpty ? "" : "; " + list(without.map(\.title), "and") + (without.count == 1 ? " has" : " have") + " no quality setting")
    }

    /// The first video format, suggested when an image cannot fit its budget.
    public static var video: (any AnimationFormat)? { all.first(where: \.isVideo) }

    /// `a, b and c`.
    static func list(_ items: [String], _ conjunction: String) -> String {
        items.count <= 1 ? items.joined() : items.dropLast().joined(separator: ", ") + " \(conjunction) " + items.last!
    }
}
