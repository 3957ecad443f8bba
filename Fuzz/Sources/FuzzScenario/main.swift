import FuzzDriver
import Scene

/// One input: scenario text (bytes that are not UTF-8 are refused, as the loader refuses them). A
/// parsed scenario also builds the layer tree and metrics of three frames, so the timeline and the
/// screen run too.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzOne(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    let bytes = UnsafeBufferPointer(start: data, count: size)
    guard let text = String(validating: bytes, as: UTF8.self) else { return 0 }
    guard let scenario = try? ScenarioLoader.parse(text, file: "fuzz.yaml", baseDirectory: "/nonexistent") else { return 0 }
    for index in [0, scenario.frameCount / 2, scenario.frameCount - 1] {
        _ = scenario.layers(ofFrame: index)
        _ = scenario.metrics(ofFrame: index)
    }
    return 0
}

exit(runFuzzer(fuzzOne))
