import Foundation
import Raster
import RenderFramesKit
import ScenarioFormat
import Scene
import UIKit

/// The live preview: a local web page with the phone at its device size, a scrubber over the
/// timeline, the matrix's variants side by side, a layer inspector, and frames drawn on demand;
/// saving the scenario (or an image or font it uses) shows the new frames within a second, and a
/// broken save shows the error over the last good frames. `render-frames preview SCENARIO` serves
/// a scenario file; your own executable serves a Swift scene or a UIKit screen the same way:
///
///     // Sources/my-previews/main.swift (`swift run my-previews`, then open the URL it prints)
///     import RenderFramesPreview
///     PreviewServer(screen: { ProfileViewController() }, scenario: "Scenarios/motion.yaml").runUntilInterrupted()
///
/// The server binds the loopback address unless told otherwise and serves only its routes: the
/// page, its script and style, frames (`/frame`), their layers (`/info`), `explain` (`/explain`),
/// and the preview's state (`/state`, waiting for a change when asked). Any other path is 404.
public final class PreviewServer: Sendable {
    let model: PreviewModel
    public let host: String
    public let port: UInt16
    /// What `start` sets up and `stop` ends, and the settings `start` reads.
    private struct State {
        var limits = HTTPServer.Limits()
        var warn: @Sendable (String) -> Void = { FileHandle.standardError.write(Data(($0 + "\n").utf8)) }
        var server: HTTPServer?
        var watcher: Task<Void, Never>?
    }
    private let state = Locked(State())
    /// The server's limits (tests lower them), read by `start`.
    var limits: HTTPServer.Limits {
        get { state.withLock { $0.limits } }
        set { state.withLock { $0.limits = newValue } }
    }
    /// Where the server says what it cannot help (out of file descriptors): standard error.
    var warn: @Sendable (String) -> Void {
        get { state.withLock { $0.warn } }
        set { state.withLock { $0.warn = newValue } }
    }
    /// The connections being served now.
    var openConnections: Int { state.withLock { $0.server }?.openConnections ?? 0 }

    /// The preview of a scenario file (its own screen, or `prepare` sets a Swift scene as each
    /// variant's `screen.provider`). `scale` overrides the device's pixels per point.
    public init(
        scenario path: String, scale: Double? = nil, host: String = "127.0.0.1", port: UInt16 = 0, commands: PreviewCommands? = nil,
        prepare: (@Sendable (inout Scenario) -> Void)? = nil
    ) {
        let queue = DispatchQueue(label: "render-frames.preview")
        model = PreviewModel(scenarioPath: path, queue: queue, commands: commands ?? .cli(scenario: path, scale: scale)) {
            try ScenarioPreviewFrames.load(path: path, scale: scale, prepare: prepare)
        }
        self.host = host
        self.port = port
    }

    /// The preview of a Swift scene: the scenario file gives the device, motion and matrix, `scene` the layers.
    public convenience init(scene: some SceneProvider, scenario path: String, scale: Double? = nil, host: String = "127.0.0.1", port: UInt16 = 0) {
        self.init(
            scenario: path, scale: scale, host: host, port: port,
            commands: PreviewCommands(
                frame: "try assertFrames(of: scenario, golden: \"Goldens\", frames: \"{frame}\")  // scenario.screen.provider = your scene",
                whole: "try assertFrames(of: scenario, golden: \"Goldens\")  // scenario.screen.provider = your scene")
        ) { $0.screen.provider = scene }
    }

    /// The preview of a UIKit screen, the view controller `make` returns, run on the main thread
    /// (`runUntilInterrupted` keeps the main thread free for it).
    public init(
        screen make: @escaping @MainActor () -> UIViewController, scenario path: String, scale: Double? = nil, host: String = "127.0.0.1",
        port: UInt16 = 0
    ) {
        model = PreviewModel(
            scenarioPath: path, queue: .main,
            commands: PreviewCommands(
                frame: "try renderFrames(of: { ... }, scenario: \"\(path)\", out: \"frames\", frames: \"{frame}\")",
                whole: "try renderFrames(of: { ... }, scenario: \"\(path)\", out: \"frames\")")
        ) {
            try MainActor.assumeIsolated { try ScreenPreviewFrames.load(path: path, scale: scale, make: make) }
        }
        self.host = host
        self.port = port
    }

    /// What `--host` or `--port` get wrong, or nil: the host must be an IPv4 or IPv6 address (or `localhost`).
    public static func addressProblem(host: String) -> String? {
        if host == "localhost" { return nil }
        var v4 = in_addr(), v6 = in6_addr()
        if inet_pton(AF_INET, host, &v4) == 1 || inet_pton(AF_INET6, host, &v6) == 1 { return nil }
        return "--host \(host.shownInMessages): expected an IP address to listen on, such as 127.0.0.1 (this machine only, the default), "
            + "::1, or 0.0.0.0 (every network this machine is on)"
    }

    /// Loads the scenario (throwing its error, as `render` would), binds and starts serving;
    /// returns the page's address (with the port chosen when `port` is 0). Watches the files from then on.
    @discardableResult
    public func start() async throws -> String {
        let model = self.model
        if let problem = Self.addressProblem(host: host) { throw PreviewError(message: problem) }
        let first: String? = await onQueue { model.reload() }
        if let first { throw PreviewError(message: String(first.dropFirst("error: ".count))) }
        let ip = host == "localhost" ? "127.0.0.1" : host
        let server: HTTPServer
        do {
            let router = Router(server: self)
            server = try HTTPServer(host: ip, port: port, limits: limits, warn: warn) { await router.handle($0) }
        } catch let failure as HTTPServer.BindFailure {
            let code = failure.code
            let why =
                code == EADDRINUSE
                ? "the port is in use (another program listens there); give another --port, or 0 for a free one"
                : code == EADDRNOTAVAIL
                    ? "this machine has no such address; give one of its own, such as 127.0.0.1"
                    : code == EACCES
                        ? "ports below 1024 need root; give one above 1023, or 0 for a free one"
                        : "the system refused it (\(String(cString: strerror(code))))"
            throw PreviewError(message: "cannot listen on \(host) port \(port): \(why)")
        }
        server.start()
        let boundPort = server.port
        let watcher: Task<Void, Never> = Task.detached { [weak self] in await self?.watch() }
        state.withLock {
            $0.server = server
            $0.watcher = watcher
        }
        let shownHost = ip.contains(":") ? "[\(ip)]" : ip
        return "http://\(shownHost):\(boundPort)/"
    }

    /// Stops serving (connections closed) and watching.
    public func stop() async {
        let (watcher, server) = state.withLock { ($0.watcher, $0.server) }
        watcher?.cancel()
        server?.stop()
    }

    /// Starts, prints the address (`announce`), then serves until Ctrl-C or SIGTERM, which stop the
    /// server and exit 0. A start that fails is said through `failed` (the message, without
    /// "error: ") and exits 2. Call it from the main thread: it keeps the main thread free for a
    /// UIKit screen's code and never returns.
    public func runUntilInterrupted(
        announce: @escaping @Sendable (String) -> Void = { print($0) },
        failed: @escaping @Sendable (String) -> Void = { FileHandle.standardError.write(Data("error: \($0)\n".utf8)) }
    ) -> Never {
        let signals = DispatchQueue(label: "render-frames.preview.signals")
        let sources = [SIGINT, SIGTERM].map { sig -> DispatchSourceSignal in
            signal(sig, SIG_IGN)
            let source = DispatchSource.makeSignalSource(signal: sig, queue: signals)
            source.setEventHandler { [self] in
                let done = DispatchSemaphore(value: 0)
                Task {
                    await stop()
                    done.signal()
                }
                _ = done.wait(timeout: .now() + 1)
                announce("preview stopped")
                exit(0)
            }
            source.resume()
            return source
        }
        Task {
            do {
                let url = try await start()
                announce("preview of \(model.scenarioPath) at \(url) (Ctrl-C stops it)")
                if !Router.isLoopback(host) {
                    announce("note: --host \(host): the page and its frames are served to other machines too, without a password")
                }
            } catch {
                failed((error as? PreviewError)?.message ?? BadInput.describe(error) ?? "\(error)")
                exit(2)
            }
        }
        // The signal sources live as long as the process: `dispatchMain()` never returns.
        withExtendedLifetime(sources) { dispatchMain() }
    }

    /// Polls the watched files every 200 ms; a change reloads (a save shows within a second).
    private func watch() async {
        let model = self.model
        while !Task.isCancelled {
            try? await Task.sleep(nanoseconds: 200_000_000)
            let changed: Bool = await onQueue { model.filesChanged() }
            if changed {
                // A save in progress (an editor writing in steps): read it once it has settled.
                try? await Task.sleep(nanoseconds: 30_000_000)
                await onQueue { _ = model.reload() }
            }
        }
    }

    /// Runs `body` on the model's queue (the main queue for a UIKit screen).
    func onQueue<T: Sendable>(_ body: @escaping @Sendable () -> T) async -> T {
        await withCheckedContinuation { (c: CheckedContinuation<T, Never>) in
            model.queue.async { c.resume(returning: body()) }
        }
    }
}

/// A start the preview refuses: an address it cannot listen on, a scenario that does not load.
public struct PreviewError: Error, CustomStringConvertible, BadInputError {
    public let message: String
    public var description: String { message }
}
