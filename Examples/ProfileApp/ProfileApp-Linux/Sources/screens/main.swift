import AppScreens
import Foundation
import GoldenCompare
import RenderFramesKit
import UIKit

// swift run screens CLASS --scenario MOTION.yaml --out DIR [--layout] [--frames LIST] [--scale S] [--golden DIR]
// Renders the storyboard scene of CLASS as the app shows it; with --golden, then checks the
// frames against those goldens. Exit codes: 0 written (and matching), 1 frames differ, 2 bad input.
let usage = "usage: swift run screens CLASS --scenario MOTION.yaml --out DIR [--layout] [--frames LIST] [--scale S] [--golden DIR]"
func fail(_ message: String) -> Never {
    FileHandle.standardError.write(Data("error: \(message)\n".utf8))
    exit(2)
}
var arguments = Array(CommandLine.arguments.dropFirst())[...]
func value(of flag: String) -> String {
    guard let value = arguments.popFirst() else { fail("\(flag) needs a value; \(usage)") }
    return value
}
var screen: String?
var (scenario, out, golden, layout) = (PortedApp.scenarios + "/motion.yaml", String?.none, String?.none, false)
var (frames, scale) = (String?.none, Double?.none)
while let argument = arguments.popFirst() {
    switch argument {
    case "--scenario": scenario = value(of: argument)
    case "--out", "-o": out = value(of: argument)
    case "--golden": golden = value(of: argument)
    case "--layout": layout = true
    case "--frames": frames = value(of: argument)
    case "--scale":
        guard let number = Double(value(of: argument)) else { fail("--scale takes a number (pixels per point, 0.25-4)") }
        scale = number
    case "-h", "--help":
        print(usage)
        exit(0)
    default:
        if argument.hasPrefix("-") || screen != nil { fail("unexpected \(argument); \(usage)") }
        screen = argument
    }
}
guard let screen, let out else { fail("give a screen's class and --out; \(usage)") }
do {
    _ = try MainActor.assumeIsolated { try PortedApp.screen(screen) }
    try renderFrames(
        of: { (try? PortedApp.screen(screen)) ?? UIViewController() }, scenario: scenario, out: out, layout: layout,
        frames: frames, scale: scale)
    if let golden {
        let outcome = try Comparison(actual: out, golden: golden, options: .init(), diff: out + "-failures").run()
        for line in outcome.lines { print(line) }
        if outcome.failed > 0 { exit(1) }
    }
} catch {
    fail("\(error)")
}
