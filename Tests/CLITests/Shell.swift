import Foundation
import Raster
import XCTest

/// Runs a program and collects its exit code and output.
enum Shell {
    struct Result { var code: Int32; var stdout: String; var stderr: String }

    /// `environment`: variables set for the child on top of this process's (an empty value unsets one).
    static func run(_ executable: String, _ arguments: [String], cwd: String? = nil, environment: [String: String] = [:]) throws -> Result {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: executable)
        process.arguments = arguments
        if !environment.isEmpty {
            var merged = ProcessInfo.processInfo.environment
            for (k, v) in environment { merged[k] = v.isEmpty ? nil : v }
            process.environment = merged
        }
        if let cwd { process.currentDirectoryURL = URL(fileURLWithPath: cwd) }
        let out = Pipe(), err = Pipe()
        process.standardOutput = out
        process.standardError = err
        try process.run()
        // Drain both pipes at once (stderr on a thread of its own): reading one to its end first
        // would deadlock a child that fills the other's 64 KB buffer meanwhile.
        let errors = Locked(Data())
        let group = DispatchGroup()
        DispatchQueue.global().async(group: group) {
            let data = err.fileHandleForReading.readDataToEndOfFile()
            errors.withLock { $0 = data }
        }
        let o = out.fileHandleForReading.readDataToEndOfFile()
        group.wait()
        let e = errors.current
        process.waitUntilExit()
        return Result(
            code: process.terminationStatus, stdout: String(decoding: o, as: UTF8.self),
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
