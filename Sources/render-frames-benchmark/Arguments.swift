import Foundation

/// The benchmark's options: `--help` prints them, and an option it does not know stops it before
/// it starts (a misspelt `--no-animation` used to run the whole benchmark, many minutes of it).
enum BenchmarkArguments {
    /// Options that take a value, with what it is.
    static let valued: [(String, String, String)] = [
        ("--scenarios", "DIR", "the scenarios to measure (Fixtures/scenarios)"),
        ("--frames", "N", "at most N frames a scenario"),
        ("--baseline-every", "K", "libpng on every Kth frame"),
        ("--animation-runs", "N", "the animations' runs (3)"),
        ("--text-runs", "N", "the long-text runs (3)"),
        ("--uikit-runs", "N", "the UIKit screens' runs (3; also --autolayout-only)"),
        ("--uikit-screens", "A,B", "only these UIKit screens"),
        ("--solver-runs", "N", "the solver's runs (3)"),
        ("--peer-every", "K", "every Kth frame of the peer run"),
        ("--peer-out", "DIR", "keep the peer run's frames"),
        ("--levels", "L,M", "the deflate levels of --matrix"),
        ("--filter", "NAME", "one PNG filter of --matrix"),
    ]
    /// Switches, with what each does.
    static let switches: [(String, String)] = [
        ("--no-memory-check", "skip the peak-memory runs"),
        ("--no-animations", "skip the animations"),
        ("--no-text", "skip the long-text targets"),
        ("--no-expanded", "skip the presets' expansions"),
        ("--pixels-only", "the scenarios' rows only"),
        ("--matrix", "every PNG filter x deflate level"),
        ("--animations-only", "only the animations (GIF, WebP, MP4, APNG) beside ffmpeg's"),
        ("--encode-only", "only encoding the animations"),
        ("--text-only", "only the long-text targets"),
        ("--uikit-only", "only the UIKit example screens"),
        ("--uikit-memory", "the UIKit screens' peak memory"),
        ("--autolayout-only", "only Auto Layout's passes"),
        ("--solver-only", "only the constraint solver"),
        ("--peer", "ours against cairo + libpng on the default demo (PeerBench.swift)"),
        ("--compare", "only comparing frames against goldens"),
        ("--memory-only", "the peak-memory run (the benchmark starts itself with it)"),
    ]

    static var usage: String {
        "usage: render-frames-benchmark [options]   (build it with -c release; run from the repository's root)\n"
            + "Every scenario in Fixtures/scenarios at @3x: render, encode and write cost a frame, frames/s with 1 and 2 jobs,\n"
            + "bytes against libpng; then memory, the animations and long text, unless told otherwise.\n\n"
            + (valued.map { ("\($0.0) \($0.1)", $0.2) } + switches).map { "  " + $0.0.padding(toLength: 20, withPad: " ", startingAt: 0) + $0.1 }
            .joined(separator: "\n") + "\n"
    }

    /// Exits 0 after the usage for `--help`, 2 with the reason for an option it does not know or
    /// one missing its value.
    static func check(_ arguments: [String]) {
        if arguments.contains("--help") || arguments.contains("-h") {
            print(usage, terminator: "")
            exit(0)
        }
        let takesValue = Set(valued.map(\.0)), isSwitch = Set(switches.map(\.0))
        var i = 0
        while i < arguments.count {
            let a = arguments[i]
            if takesValue.contains(a) {
                guard i + 1 < arguments.count else { fail("\(a) needs a value: \(a) \(valued.first { $0.0 == a }!.1)") }
                i += 2
                continue
            }
            guard isSwitch.contains(a) else {
                let known = (valued.map(\.0) + switches.map(\.0)).sorted()
                let near = known.filter { $0.hasPrefix(String(a.prefix(6))) }
                fail("unknown option '\(a)'" + (near.isEmpty ? "" : " (did you mean \(near.joined(separator: " or "))?)")
                    + "; render-frames-benchmark --help lists the options")
            }
            i += 1
        }
    }
}
