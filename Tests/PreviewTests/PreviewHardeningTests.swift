import Foundation
import Raster
import XCTest

@testable import RenderFramesPreview

/// The preview cannot be frozen by what clients send (issue 46, item 4): heads are read in one
/// pass and capped (414, 431), a slow head is cut off (408) without holding anyone else, the
/// connections are bounded (503), running out of descriptors keeps the listener, the pages noted
/// are bounded, and the Host check holds whatever address the preview listens on.
final class PreviewHardeningTests: XCTestCase {
    var folder = ""
    var server: PreviewServer?
    var port: UInt16 = 0

    override func setUpWithError() throws {
        folder = NSTemporaryDirectory() + "preview-hardening-\(getpid())-\(name.filter(\.isLetter))"
        try? FileManager.default.removeItem(atPath: folder)
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        try "device: iphone-8\nfps: 10\nnavigationBar: false\ntimeline:\n  duration: 1\n  keyframes: [{time: 0, offset: -80}, {time: 1, offset: 0}]\n"
            .write(toFile: folder + "/scene.yaml", atomically: true, encoding: .utf8)
    }

    override func tearDown() async throws {
        await server?.stop()
        try? FileManager.default.removeItem(atPath: folder)
    }

    /// A preview of a small scene on a free loopback port, with `limits`.
    func start(_ limits: HTTPServer.Limits = HTTPServer.Limits(), warnings: Locked<[String]>? = nil) async throws {
        let server = PreviewServer(scene: PulledHeader(), scenario: folder + "/scene.yaml", scale: 1)
        server.limits = limits
        if let warnings { server.warn = { message in warnings.withLock { $0.append(message) } } }
        let url = try await server.start()
        port = try XCTUnwrap(url.split(separator: ":").last?.split(separator: "/").first.flatMap { UInt16($0) })
        self.server = server
    }

    // MARK: A raw client

    static func connect(_ port: UInt16) -> Int32 {
        let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = port.bigEndian
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        let connected = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { Glibc.connect(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
        }
        XCTAssertEqual(connected, 0, "connect: \(String(cString: strerror(errno)))")
        return fd
    }

    static func write(_ fd: Int32, _ text: String) {
        let bytes = Array(text.utf8)
        var sent = 0
        while sent < bytes.count {
            let n = bytes.withUnsafeBytes { Glibc.send(fd, $0.baseAddress! + sent, $0.count - sent, Int32(MSG_NOSIGNAL)) }
            if n <= 0 { return }  // the server answered and closed before reading it all
            sent += n
        }
    }

    /// What the server sends until it closes the connection, or `seconds` pass.
    static func readAll(_ fd: Int32, seconds: Double = 10) -> String {
        var out: [UInt8] = []
        let deadline = Date() + seconds
        while Date() < deadline {
            var ready = pollfd(fd: fd, events: Int16(POLLIN), revents: 0)
            guard poll(&ready, 1, 100) > 0 else { continue }
            var buffer = [UInt8](repeating: 0, count: 65536)
            let n = buffer.withUnsafeMutableBytes { recv(fd, $0.baseAddress, $0.count, 0) }
            if n <= 0 { break }
            out += buffer[0..<n]
        }
        return String(decoding: out, as: UTF8.self)
    }

    /// One request on its own connection: the response's text (head and body).
    func get(_ path: String, host: String = "127.0.0.1") -> String {
        let fd = Self.connect(port)
        defer { close(fd) }
        Self.write(fd, "GET \(path) HTTP/1.1\r\nHost: \(host):\(port)\r\nConnection: close\r\n\r\n")
        return Self.readAll(fd)
    }

    static func status(_ response: String) -> Int? { response.split(separator: " ", maxSplits: 2).dropFirst().first.flatMap { Int($0) } }

    // MARK: Heads

    /// A 1 MB header is answered 431 and closed once 16 KB have come; a 9 KB request line 414;
    /// neither stops the next request being served.
    func testHeadsPastTheirCapsAreRefusedAndServingGoesOn() async throws {
        try await start()
        let huge = Self.connect(port)
        Self.write(huge, "GET / HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Padding: " + String(repeating: "a", count: 1 << 20) + "\r\n\r\n")
        let refused = Self.readAll(huge)
        close(huge)
        XCTAssertEqual(Self.status(refused), 431, refused)
        XCTAssertTrue(refused.contains("Connection: close"), refused)
        XCTAssertTrue(refused.hasSuffix("the request's headers are over 16384 bytes\n"), refused)

        let long = Self.connect(port)
        Self.write(long, "GET /" + String(repeating: "x", count: 9000) + " HTTP/1.1\r\n\r\n")
        let tooLong = Self.readAll(long)
        close(long)
        XCTAssertEqual(Self.status(tooLong), 414, tooLong)

        let page = get("/")
        XCTAssertEqual(Self.status(page), 200, page)
        XCTAssertTrue(page.contains("<script src=\"/preview.js\">"))
    }

    /// Finding a head's end looks at each byte about once, however the head is split into reads:
    /// a 15 KB head sent a byte at a time is examined in at most 4 passes' worth of bytes (the
    /// quadratic parser looked at 113 million).
    func testAHeadIsReadInOnePass() {
        let head = Array(("GET /frame?variant=0&frame=1 HTTP/1.1\r\nHost: 127.0.0.1\r\n" + String(repeating: "X-A: b\r\n", count: 1900) + "\r\n").utf8)
        XCTAssertGreaterThan(head.count, 15_000)
        var reader = HeadReader(limits: HTTPServer.Limits())
        var next = 0
        let outcome = reader.next { _ in
            defer { next += 1 }
            return next < head.count ? [head[next]] : []
        }
        guard case .head(let request) = outcome else { return XCTFail("\(outcome)") }
        XCTAssertEqual(request.path, "/frame")
        XCTAssertEqual(request.query.map(\.value), ["0", "1"])
        XCTAssertEqual(request.header("x-a"), Array(repeating: "b", count: 1900).joined(separator: ", "))
        XCTAssertLessThanOrEqual(reader.examined, 4 * head.count)
    }

    /// Two requests in one write on one kept-alive connection get two answers, in order.
    func testPipelinedRequestsAreAnsweredInOrder() async throws {
        try await start()
        let fd = Self.connect(port)
        defer { close(fd) }
        Self.write(fd, "GET /nothing HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\nGET /info?variant=0&frame=1 HTTP/1.1\r\nHost: localhost\r\nConnection: close\r\n\r\n")
        let both = Self.readAll(fd)
        let statuses = both.components(separatedBy: "HTTP/1.1 ").dropFirst().map { Int($0.prefix(3)) }
        XCTAssertEqual(statuses, [404, 200], both)
        XCTAssertTrue(both.contains("Connection: keep-alive"), both)
    }

    // MARK: Slow and many clients

    /// A client that sends half a head and waits is answered 408 and closed when the head's time
    /// is up; meanwhile others are served.
    func testASlowHeadIsCutOffWithoutHoldingOthers() async throws {
        var limits = HTTPServer.Limits()
        limits.headSeconds = 0.5
        try await start(limits)
        let slow = Self.connect(port)
        defer { close(slow) }
        Self.write(slow, "GET / HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Slow: ")
        XCTAssertEqual(Self.status(get("/info?variant=0&frame=0")), 200)
        let cut = Self.readAll(slow)
        XCTAssertEqual(Self.status(cut), 408, cut)
        XCTAssertTrue(cut.hasSuffix("the request's head did not arrive within 0.5 s\n"), cut)
    }

    /// Past the connection limit, a connection is answered 503 at once and closed; when the others
    /// close, requests are served again.
    func testConnectionsPastTheLimitAreRefusedPolitely() async throws {
        var limits = HTTPServer.Limits()
        limits.connections = 4
        try await start(limits)
        let idle = (0..<4).map { _ in Self.connect(port) }
        try await waitUntil { self.server?.openConnections == 4 }
        let extra = Self.connect(port)
        let refused = Self.readAll(extra, seconds: 5)
        close(extra)
        XCTAssertEqual(Self.status(refused), 503, refused)
        XCTAssertTrue(refused.contains("the preview serves 4 connections at once"), refused)
        for fd in idle { close(fd) }
        try await waitUntil { self.server?.openConnections == 0 }
        XCTAssertEqual(Self.status(get("/")), 200)
    }

    /// Out of file descriptors (a preview limited to 40 by `ulimit -n`, 60 connections made): the
    /// connections it cannot take are closed, it says so once, and once they close it serves again.
    func testRunningOutOfDescriptorsKeepsTheListener() throws {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/bin/bash")
        process.arguments = ["-c", "ulimit -n 40 && exec \"$0\" preview \"$1\" --scale 1", PreviewTests.binary, folder + "/scene.yaml"]
        let out = Pipe(), err = Pipe()
        (process.standardOutput, process.standardError) = (out, err)
        try process.run()
        defer {
            if process.isRunning { process.interrupt() }
            process.waitUntilExit()
        }
        let line = String(decoding: out.fileHandleForReading.availableLine(), as: UTF8.self)
        port = try XCTUnwrap(line.split(separator: ":").dropFirst(2).first?.split(separator: "/").first.flatMap { UInt16($0) }, line)
        var clients: [Int32] = []
        for _ in 0..<60 { clients.append(Self.connect(port)) }
        // The ones past its descriptors are closed by it (a read sees the end), the rest stay open.
        var closedByServer = 0
        for _ in 0..<30 where closedByServer == 0 {
            usleep(100_000)
            closedByServer = clients.filter { fd in
                var ready = pollfd(fd: fd, events: Int16(POLLIN), revents: 0)
                var byte: UInt8 = 0
                return poll(&ready, 1, 0) > 0 && recv(fd, &byte, 1, Int32(MSG_DONTWAIT)) == 0
            }.count
        }
        XCTAssertGreaterThan(closedByServer, 0)
        for fd in clients { close(fd) }
        var served: Int?
        for _ in 0..<50 where served != 200 {
            served = Self.status(get("/"))
            if served != 200 { usleep(100_000) }
        }
        XCTAssertEqual(served, 200)
        process.interrupt()
        process.waitUntilExit()
        let said = String(decoding: err.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        XCTAssertTrue(said.contains("preview: no file descriptors left"), said)
        XCTAssertTrue(said.contains("the limit is 40"), said)
        XCTAssertEqual(said.components(separatedBy: "no file descriptors left").count, 2, "said once: \(said)")
    }

    // MARK: State and hosts

    /// 5,000 pages each asking once keep at most 512 entries; the newest page's order still holds.
    func testThePagesNotedAreBounded() {
        let model = PreviewModel(scenarioPath: "s.yaml", queue: .main, commands: .cli(scenario: "s.yaml", scale: nil)) { [] }
        for n in 0..<5000 { model.note(client: "page-\(n)", variant: 0, sequence: 1) }
        XCTAssertLessThanOrEqual(model.pagesNoted, PreviewModel.pagesKept)
        model.note(client: "page-4999", variant: 0, sequence: 7)
        XCTAssertTrue(model.isSuperseded(client: "page-4999", variant: 0, sequence: 3))
        model.note(client: String(repeating: "c", count: 100_000), variant: 0, sequence: 1)
        XCTAssertLessThanOrEqual(model.pagesNoted, PreviewModel.pagesKept)
    }

    /// The Host check, whatever `--host` is: any 127.x or ::1 address is loopback and wants a
    /// loopback name; any other address wants an IP or this machine's name, never a domain.
    func testTheHostIsCheckedWhateverTheAddress() async throws {
        XCTAssertNotNil(Router.hostRefusal("evil.example:8080", listening: "127.0.0.2"))
        XCTAssertNil(Router.hostRefusal("127.0.0.2:8080", listening: "127.0.0.2"))
        XCTAssertNil(Router.hostRefusal("localhost:8080", listening: "127.0.0.1"))
        XCTAssertNil(Router.hostRefusal("[::1]:8080", listening: "::1"))
        XCTAssertNotNil(Router.hostRefusal("192.168.1.5", listening: "127.0.0.1"))
        XCTAssertNotNil(Router.hostRefusal("evil.example", listening: "0.0.0.0"))
        XCTAssertNil(Router.hostRefusal("192.168.1.5:9000", listening: "0.0.0.0"))
        XCTAssertNil(Router.hostRefusal("[fe80::1]:9000", listening: "::"))
        XCTAssertNil(Router.hostRefusal(nil, listening: "0.0.0.0"))
        try await start()
        let rebound = get("/", host: "evil.example")
        XCTAssertEqual(Self.status(rebound), 403, rebound)
        XCTAssertTrue(rebound.contains("this one named evil.example"), rebound)
    }

    func waitUntil(_ condition: @escaping () -> Bool) async throws {
        for _ in 0..<200 where !condition() { try await Task.sleep(nanoseconds: 10_000_000) }
        XCTAssertTrue(condition())
    }
}

extension FileHandle {
    /// Bytes up to the first newline (blocking), without it.
    func availableLine() -> Data {
        var line = Data()
        while true {
            let byte = readData(ofLength: 1)
            if byte.isEmpty || byte.first == 0x0A { return line }
            line += byte
        }
    }
}
