// Long text (issue 15, item 6): the targets, measured here and not by timed tests.
//
//   - a 100 KB single-line title (a text layer, `lines: 1`, of 100 000 characters of ordinary
//     words) renders a frame at @1 in under 50 ms: the first frame (where the text is shaped and
//     cut) and the frames after it (where the laid-out paragraph comes from the cache); once in
//     Latin, once with Arabic words and emoji mixed in;
//   - a 200 KB unbroken word in a mail body validates in under 1 s: `ScenarioLoader
//     .checkEveryVariant`, as `render-frames validate` runs it, on a file with one message whose
//     body is a 200 000-character word (the cells are measured, so the word is set in lines).
//
// Every run sets a text of its own (the words shifted by the run's number), so the paragraph cache,
// which lives as long as the process, never answers a first frame or a validation from an earlier
// run. Before the runs, a short text in the same scripts is drawn once, so the fallback fonts are
// read outside the timed work (a CLI run reads them once too, whatever the text's length).
//
//   swift run -c release render-frames-benchmark --text-only [--text-runs N]
import Foundation
import Raster
import ScenarioFormat
import Scene

private let latinWords = [
    "the", "quick", "launch", "window", "opens", "at", "dawn", "and", "crews", "check", "every", "valve",
    "before", "fuelling", "begins", "weather", "looks", "good", "for", "Friday", "morning", "so", "we",
    "plan", "to", "watch", "from", "causeway", "with", "coffee",
]
private let mixedWords = latinWords + ["مرحبا", "السلام", "كتاب", "🚀", "👍🏽", "👨‍👩‍👧", "🇫🇷", "❤️"]

/// `count` characters (Swift's Characters, as the loader counts them) of words from `words`,
/// starting at word `shift`, separated by spaces; `mixEvery` > 0 takes every n-th word from the
/// non-Latin tail of the list.
private func wordText(_ words: [String], count: Int, shift: Int, mixEvery: Int = 0) -> String {
    var out = ""
    out.reserveCapacity(count * 2)
    var n = 0, i = shift, latin = min(words.count, latinWords.count), extra = words.count - latin
    var characters = 0
    while characters < count {
        let word: String
        if mixEvery > 0 && extra > 0 && i % mixEvery == mixEvery - 1 {
            word = words[latin + (i / mixEvery) % extra]
        } else {
            word = words[i % latin]
        }
        let piece = n == 0 ? word : " " + word
        out += piece
        characters += piece.count
        n += 1
        i += 1
    }
    return characters == count ? out : String(out.prefix(count))
}

/// A word of `count` characters without a space: the alphabet from letter `shift` on, over and
/// over; `mixed` puts an Arabic letter and an emoji into every 26 characters.
private func unbrokenWord(count: Int, shift: Int, mixed: Bool) -> String {
    var alphabet = (0..<26).map { String(UnicodeScalar(UInt8(97 + ($0 + shift) % 26))) }
    if mixed { alphabet[7] = "ب"; alphabet[19] = "🚀" }
    var out = ""
    out.reserveCapacity(count * 2)
    for i in 0..<count { out += alphabet[i % 26] }
    return out
}

private func titleScenario(_ text: String) -> String {
    """
    device: iphone-15
    navigationBar: false
    layers:
      - type: text
        name: title
        frame: [16, 100, "screen.width - 32", 41]
        text: "\(text)"
        lines: 1
        size: 17
        color: "#000000"
    timeline:
      gestures: [{wait: 1.0}]

    """
}

private func mailScenario(_ body: String) -> String {
    """
    device: iphone-15
    effect: none
    navigationBar:
      title: Inbox
    mail:
      messages:
        - subject: A long word
          body: "\(body)"
    timeline:
      gestures: [{wait: 1.0}]

    """
}

private func median(_ values: [Double]) -> Double {
    let s = values.sorted()
    guard !s.isEmpty else { return 0 }
    return s.count % 2 == 1 ? s[s.count / 2] : (s[s.count / 2 - 1] + s[s.count / 2]) / 2
}

private func spread(_ values: [Double], _ digits: Int = 1) -> String {
    "\(format(median(values), digits)) (\(format(values.min() ?? 0, digits))-\(format(values.max() ?? 0, digits)))"
}

private func parse(_ yaml: String, scale: Double) -> Scenario {
    do { return try ScenarioLoader.parse(yaml, file: "bench.yaml", baseDirectory: NSTemporaryDirectory(), scaleOverride: scale) } catch {
        fail("the text benchmark's scenario does not load: \(error)")
    }
}

func textBenchmark(runs: Int) {
    let laterFrames = 9
    print(
        "Long text (issue 15, item 6), \(runs) runs, each with a text of its own (so no run finds the paragraph cache filled by another); "
            + "one thread. Figures are median (min-max) in ms.\n")

    // Fonts (Inter, the Arabic fallback, the emoji font) read once, as any render reads them.
    _ = FrameRenderer(scenario: parse(titleScenario(wordText(mixedWords, count: 200, shift: 0, mixEvery: 3)), scale: 1)).render(frame: 0)

    print("| case | characters | UTF-8 bytes | target | load ms | first frame ms (shaping) | later frames ms (cache) | within target |")
    print("|---|---|---|---|---|---|---|---|")
    let target = 50.0
    for (name, words, mixEvery) in [
        ("title, `lines: 1`, words", latinWords, 0),
        ("title, `lines: 1`, words with Arabic and emoji", mixedWords, 4),
    ] {
        var loads: [Double] = [], firsts: [Double] = [], laters: [Double] = []
        var bytes = 0
        for run in 0..<runs {
            let text = wordText(words, count: 100_000, shift: run + 1, mixEvery: mixEvery)
            bytes = text.utf8.count
            let yaml = titleScenario(text)
            let t0 = now()
            let scenario = parse(yaml, scale: 1)
            let t1 = now()
            let renderer = FrameRenderer(scenario: scenario)
            _ = renderer.render(frame: 0)
            let t2 = now()
            loads.append((t1 - t0) * 1000); firsts.append((t2 - t1) * 1000)
            for i in 1...laterFrames {
                let t = now()
                _ = renderer.render(frame: min(i, scenario.frameCount - 1))
                laters.append((now() - t) * 1000)
            }
        }
        let met = median(firsts) < target && median(laters) < target
        print(
            "| \(name) at @1 | 100 000 | \(bytes) | a frame under \(Int(target)) ms | \(spread(loads)) | \(spread(firsts)) "
                + "| \(spread(laters)) (\(laterFrames) a run) | \(met ? "yes" : "no") |")
    }

    // A mail body of one 200 000-character word, validated as `render-frames validate` does it.
    print("\n| case | characters | UTF-8 bytes | target | validate ms | first frame at @1 ms | later frames ms | within target |")
    print("|---|---|---|---|---|---|---|---|")
    let directory = NSTemporaryDirectory() + "render-frames-benchmark-text-\(getpid())"
    try? FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(atPath: directory) }
    for (name, mixed) in [("mail body, one unbroken word", false), ("mail body, one unbroken word with Arabic and emoji", true)] {
        var validations: [Double] = [], firsts: [Double] = [], laters: [Double] = []
        var bytes = 0
        for run in 0..<runs {
            let word = unbrokenWord(count: 200_000, shift: run + 1, mixed: mixed)
            bytes = word.utf8.count
            let path = "\(directory)/mail-\(mixed)-\(run).yaml"
            do { try AtomicFile.write(Array(mailScenario(word).utf8), to: path) } catch { fail("\(path): \(error)") }
            let t0 = now()
            do { _ = try ScenarioLoader.checkEveryVariant(path: path) } catch { fail("\(path) does not validate: \(error)") }
            validations.append((now() - t0) * 1000)
            // Drawing it, for what a render costs beyond validation (no target): the same scenario
            // at @1, whose cells were measured in the device's points above.
            let renderer: FrameRenderer
            do { renderer = FrameRenderer(scenario: try ScenarioLoader.load(path: path, scaleOverride: 1)) } catch { fail("\(error)") }
            let t1 = now()
            _ = renderer.render(frame: 0)
            firsts.append((now() - t1) * 1000)
            for i in 1...3 {
                let t = now()
                _ = renderer.render(frame: min(i, renderer.scenario.frameCount - 1))
                laters.append((now() - t) * 1000)
            }
        }
        let met = median(validations) < 1000
        print(
            "| \(name) | 200 000 | \(bytes) | validates under 1 000 ms | \(spread(validations)) | \(spread(firsts)) | \(spread(laters)) "
                + "| \(met ? "yes" : "no") |")
    }
}
