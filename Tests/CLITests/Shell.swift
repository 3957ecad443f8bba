import Foundation
import XCTest

/// Runs a program and collects its exit code and output.
enum Shell {
    struct Result { var code: Int32; var stdout: String; var stderr: String }

    static func run(_ executable: String, _ arguments: [String], cwd: String? = nil) throws -> Result {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: executable)
        process.arguments = arguments
        if let cwd { process.currentDirectoryURL = URL(fileURLWithPath: cwd) }
        let out = Pipe(), err = Pipe()
        process.standardOutput = out
        process.standardError = err
        try process.run()
        // Read both pipes to the end before waiting, so a chatty child cannot block on a full pipe.
        let o = out.fileHandleForReading.readDataToEndOfFile(), e = err.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return Result(code: process.terminationStatus, stdout: String(decoding: o, as: UTF8.self),
                      stderr: String(decoding: e, as: UTF8.self))
    }
}

extension XCTestCase {
    /// A fresh folder named after the running test (removed first if a run left it behind).
    func makeTemporaryFolder(_ prefix: String) throws -> String {
        let path = NSTemporaryDirectory() + "\(prefix)-\(getpid())-\(name.filter(\.isLetter))"
        try? FileManager.default.removeItem(atPath: path)
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        return path
    }
}
