import Foundation
import Glibc
import Raster

/// A GET request as the preview reads it: the method, the path and query (percent-decoded), the
/// headers by lower-cased name.
struct HTTPRequest: Sendable {
    var method: String
    var path: String
    var query: [(name: String, value: String)]
    var headers: [String: String]
    var version: String

    func header(_ name: String) -> String? { headers[name.lowercased()] }
}

/// A response: status, headers, body; sent in one write with its length.
struct HTTPResponse: Sendable {
    var status: Int
    var headers: [(String, String)]
    var body: Data

    init(status: Int, headers: [(String, String)] = [], body: Data = Data()) {
        self.status = status
        self.headers = headers
        self.body = body
    }

    static func text(_ status: Int, _ text: String) -> HTTPResponse {
        HTTPResponse(status: status, headers: [("Content-Type", "text/plain; charset=utf-8")], body: Data(text.utf8))
    }

    static let reasons: [Int: String] = [
        200: "OK", 400: "Bad Request", 403: "Forbidden", 404: "Not Found", 405: "Method Not Allowed", 408: "Request Timeout",
        409: "Conflict", 413: "Content Too Large", 414: "URI Too Long", 422: "Unprocessable Content", 431: "Request Header Fields Too Large",
        500: "Internal Server Error", 503: "Service Unavailable",
    ]

    /// The bytes on the wire: status line, headers, `Content-Length`, `Connection`, the body.
    func encoded(keepAlive: Bool) -> [UInt8] {
        var head = "HTTP/1.1 \(status) \(Self.reasons[status] ?? "Status")\r\n"
        for (name, value) in headers { head += "\(name): \(value)\r\n" }
        head += "Content-Length: \(body.count)\r\nConnection: \(keepAlive ? "keep-alive" : "close")\r\n\r\n"
        return Array(head.utf8) + body
    }
}

/// The preview's HTTP/1.1 server, on plain sockets: a thread accepts, a thread per connection
/// reads requests and writes responses. What one client sends cannot hold the others:
/// - a request's line and headers are read in one pass over their bytes (the end is searched for
///   only in what arrived last) and capped: a request line over `Limits.requestLine` is answered
///   414, a head over `Limits.head` 431, and the connection closed;
/// - the whole head must arrive within `Limits.headSeconds` of its first byte (408 after), and a
///   kept-alive connection idle for `Limits.idleSeconds` is closed; a response not read within
///   `Limits.writeSeconds` drops the connection;
/// - at most `Limits.connections` connections are served at once; the next ones are answered 503
///   and closed at once;
/// - when the process runs out of file descriptors, a connection waiting to be accepted is taken
///   with a descriptor kept in reserve for it and closed, said once, and accepting goes on: the
///   listening socket is never given up.
final class HTTPServer: Sendable {
    struct Limits: Sendable {
        var requestLine = 8 << 10
        var head = 16 << 10
        var headSeconds = 10.0
        var idleSeconds = 30.0
        var writeSeconds = 30.0
        var connections = 64
    }

    let limits: Limits
    let handler: @Sendable (HTTPRequest) async -> HTTPResponse
    let warn: @Sendable (String) -> Void
    private let listener: Int32
    let port: UInt16
    private let state = Locked((open: Set<Int32>(), stopped: false, lastWarning: 0.0))

    /// Binds `host` (an IPv4 or IPv6 address) at `port` (0: a free one) and listens; throws the
    /// system's `errno` as `BindFailure` when it cannot.
    init(
        host: String, port: UInt16, limits: Limits = Limits(), warn: @escaping @Sendable (String) -> Void,
        handler: @escaping @Sendable (HTTPRequest) async -> HTTPResponse
    ) throws {
        self.limits = limits
        self.handler = handler
        self.warn = warn
        let v6 = host.contains(":")
        let fd = socket(v6 ? AF_INET6 : AF_INET, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0)
        guard fd >= 0 else { throw BindFailure(code: errno) }
        var on: Int32 = 1
        setsockopt(fd, SOL_SOCKET, SO_REUSEADDR, &on, socklen_t(MemoryLayout<Int32>.size))
        var bound: Int32
        if v6 {
            var address = sockaddr_in6()
            address.sin6_family = sa_family_t(AF_INET6)
            address.sin6_port = port.bigEndian
            guard inet_pton(AF_INET6, host, &address.sin6_addr) == 1 else { close(fd); throw BindFailure(code: EADDRNOTAVAIL) }
            bound = withUnsafePointer(to: &address) {
                $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(fd, $0, socklen_t(MemoryLayout<sockaddr_in6>.size)) }
            }
        } else {
            var address = sockaddr_in()
            address.sin_family = sa_family_t(AF_INET)
            address.sin_port = port.bigEndian
            guard inet_pton(AF_INET, host, &address.sin_addr) == 1 else { close(fd); throw BindFailure(code: EADDRNOTAVAIL) }
            bound = withUnsafePointer(to: &address) {
                $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
            }
        }
        if bound != 0 || listen(fd, 128) != 0 {
            let code = errno
            close(fd)
            throw BindFailure(code: code)
        }
        listener = fd
        self.port = Self.boundPort(fd) ?? port
    }

    struct BindFailure: Error { let code: Int32 }

    static func boundPort(_ fd: Int32) -> UInt16? {
        var storage = sockaddr_storage()
        var length = socklen_t(MemoryLayout<sockaddr_storage>.size)
        let named = withUnsafeMutablePointer(to: &storage) { $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(fd, $0, &length) } }
        guard named == 0 else { return nil }
        return withUnsafePointer(to: &storage) { p -> UInt16? in
            switch Int32(p.pointee.ss_family) {
            case AF_INET: return p.withMemoryRebound(to: sockaddr_in.self, capacity: 1) { UInt16(bigEndian: $0.pointee.sin_port) }
            case AF_INET6: return p.withMemoryRebound(to: sockaddr_in6.self, capacity: 1) { UInt16(bigEndian: $0.pointee.sin6_port) }
            default: return nil
            }
        }
    }

    /// Starts accepting on a thread of its own.
    func start() {
        let thread = Thread { [self] in acceptLoop() }
        thread.name = "render-frames.preview.accept"
        thread.start()
    }

    /// Stops accepting and closes every connection (their threads end at their next read or write).
    func stop() {
        let open = state.withLock { s -> Set<Int32> in
            s.stopped = true
            return s.open
        }
        shutdown(listener, Int32(SHUT_RDWR))
        for fd in open { shutdown(fd, Int32(SHUT_RDWR)) }
    }

    var openConnections: Int { state.withLock { $0.open.count } }

    // MARK: Accepting

    private func acceptLoop() {
        // A descriptor kept for the moment there are none: closed, it lets one waiting connection
        // be accepted and closed (else it would wait in the backlog and the accept fail forever).
        var reserve = open("/dev/null", O_RDONLY | O_CLOEXEC)
        defer { close(listener) }
        while !state.withLock({ $0.stopped }) {
            var ready = pollfd(fd: listener, events: Int16(POLLIN), revents: 0)
            guard poll(&ready, 1, 250) > 0 else { continue }
            if state.withLock({ $0.stopped }) { break }
            let fd = acceptClosingOnExec(listener)
            if fd < 0 {
                let code = errno
                guard code == EMFILE || code == ENFILE else { continue }
                if reserve >= 0 {
                    close(reserve)
                    let taken = acceptClosingOnExec(listener)
                    if taken >= 0 { close(taken) }
                    reserve = open("/dev/null", O_RDONLY | O_CLOEXEC)
                }
                warnAtMost(
                    "preview: no file descriptors left (\(openConnections) connections open, the limit is \(Self.descriptorLimit())); "
                        + "a connection was closed, the next ones are accepted as descriptors free up (raise it with ulimit -n)")
                usleep(20_000)
                continue
            }
            var on: Int32 = 1
            setsockopt(fd, Int32(IPPROTO_TCP), TCP_NODELAY, &on, socklen_t(MemoryLayout<Int32>.size))
            let admitted = state.withLock { s -> Bool in
                guard !s.stopped, s.open.count < limits.connections else { return false }
                s.open.insert(fd)
                return true
            }
            guard admitted else {
                refuse(fd)
                continue
            }
            let thread = Thread { [self] in serve(fd) }
            thread.name = "render-frames.preview.connection"
            thread.start()
        }
        if reserve >= 0 { close(reserve) }
    }

    /// Over the connection limit: 503 without reading, without waiting for the client.
    private func refuse(_ fd: Int32) {
        let flags = fcntl(fd, F_GETFL)
        _ = fcntl(fd, F_SETFL, flags | O_NONBLOCK)
        let bytes = HTTPResponse.text(503, "the preview serves \(limits.connections) connections at once; try again\n").encoded(keepAlive: false)
        _ = bytes.withUnsafeBytes { Glibc.send(fd, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }
        close(fd)
    }

    private func warnAtMost(_ message: String) {
        let now = Date().timeIntervalSince1970
        let due = state.withLock { s -> Bool in
            guard now - s.lastWarning >= 10 else { return false }
            s.lastWarning = now
            return true
        }
        if due { warn(message) }
    }

    /// accept(2), the new descriptor closed on exec (a child the process starts does not keep it).
    private func acceptClosingOnExec(_ fd: Int32) -> Int32 {
        let accepted = accept(fd, nil, nil)
        if accepted >= 0 { _ = fcntl(accepted, F_SETFD, FD_CLOEXEC) }
        return accepted
    }

    static func descriptorLimit() -> String {
        var limit = rlimit()
        guard getrlimit(Int32(RLIMIT_NOFILE.rawValue), &limit) == 0 else { return "unknown" }
        return "\(limit.rlim_cur)"
    }

    // MARK: A connection

    private func serve(_ fd: Int32) {
        defer {
            state.withLock { _ = $0.open.remove(fd) }
            close(fd)
        }
        var timeout = timeval(tv_sec: Int(limits.writeSeconds), tv_usec: 0)
        setsockopt(fd, SOL_SOCKET, SO_SNDTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
        var reader = HeadReader(limits: limits)
        while !state.withLock({ $0.stopped }) {
            let outcome = reader.next { deadline in Self.receive(fd, until: deadline) }
            let response: HTTPResponse
            var keepAlive = false
            switch outcome {
            case .closed:
                return
            case .refused(let status, let why):
                response = .text(status, why)
            case .head(let request):
                let hasBody = (request.header("content-length").flatMap { Int($0) } ?? 0) > 0 || request.header("transfer-encoding") != nil
                if hasBody {
                    response = .text(413, "the preview answers GET requests without a body\n")
                } else {
                    response = Self.wait { await self.handler(request) }
                    let connection = request.header("connection")?.lowercased() ?? ""
                    keepAlive = request.version == "HTTP/1.1" ? !connection.contains("close") : connection.contains("keep-alive")
                }
            }
            guard Self.sendAll(fd, response.encoded(keepAlive: keepAlive)), keepAlive else { return }
        }
    }

    /// Runs the async handler from this connection's thread.
    static func wait(_ body: @escaping @Sendable () async -> HTTPResponse) -> HTTPResponse {
        let done = DispatchSemaphore(value: 0)
        let result = Locked<HTTPResponse?>(nil)
        Task {
            let response = await body()
            result.withLock { $0 = response }
            done.signal()
        }
        done.wait()
        return result.current!
    }

    /// What arrived by `deadline` (empty: the peer closed or the time is up, told apart by the clock).
    static func receive(_ fd: Int32, until deadline: Double) -> [UInt8]? {
        while true {
            let left = deadline - Date().timeIntervalSince1970
            if left <= 0 { return nil }
            var ready = pollfd(fd: fd, events: Int16(POLLIN), revents: 0)
            let polled = poll(&ready, 1, Int32(min(left, 1) * 1000) + 1)
            if polled < 0, errno == EINTR { continue }
            if polled <= 0 { continue }
            var buffer = [UInt8](repeating: 0, count: 16 << 10)
            let n = buffer.withUnsafeMutableBytes { recv(fd, $0.baseAddress, $0.count, 0) }
            if n < 0, errno == EINTR || errno == EAGAIN { continue }
            return n > 0 ? Array(buffer[0..<n]) : []
        }
    }

    /// Writes all of `bytes`; false when the client is gone or does not read in time.
    static func sendAll(_ fd: Int32, _ bytes: [UInt8]) -> Bool {
        var sent = 0
        while sent < bytes.count {
            let n = bytes.withUnsafeBytes { Glibc.send(fd, $0.baseAddress! + sent, $0.count - sent, Int32(MSG_NOSIGNAL)) }
            if n < 0, errno == EINTR { continue }
            guard n > 0 else { return false }
            sent += n
        }
        return true
    }
}

/// Reads requests' heads off a connection's bytes, one pass over them: the end of a head
/// (`CRLF CRLF`, or `LF LF`) is looked for only from where the last search stopped, so a head of
/// N bytes costs O(N) however it is split into reads.
struct HeadReader {
    enum Outcome {
        case head(HTTPRequest)
        case refused(Int, String)
        case closed
    }

    let limits: HTTPServer.Limits
    private var buffer: [UInt8] = []
    private var searched = 0
    private var firstLineEnd: Int?
    /// Bytes looked at while searching for heads' ends, over the reader's life (linear in what arrived).
    private(set) var examined = 0

    init(limits: HTTPServer.Limits) { self.limits = limits }

    /// The next request's head; `receive(deadline)` gives the bytes that arrived (nil: the time is
    /// up; empty: the peer closed).
    mutating func next(receive: (Double) -> [UInt8]?) -> Outcome {
        var deadline = Date().timeIntervalSince1970 + limits.idleSeconds
        var started = !buffer.isEmpty
        if started { deadline = Date().timeIntervalSince1970 + limits.headSeconds }
        while true {
            if let end = findEnd() {
                let head = Array(buffer[0..<end.head])
                buffer.removeFirst(end.next)
                searched = 0
                firstLineEnd = nil
                return Self.parse(head, limits: limits)
            }
            if let problem = overLimit() { return problem }
            guard let bytes = receive(deadline) else {
                return started ? .refused(408, "the request's head did not arrive within \(String(format: "%g", limits.headSeconds)) s\n") : .closed
            }
            if bytes.isEmpty { return .closed }
            if !started {
                started = true
                deadline = Date().timeIntervalSince1970 + limits.headSeconds
            }
            buffer += bytes
        }
    }

    /// Where the head ends (`head`: its length without the blank line) and the next request starts.
    private mutating func findEnd() -> (head: Int, next: Int)? {
        var i = max(0, searched - 3)
        while i < buffer.count {
            examined += 1
            if buffer[i] == 0x0A {
                if firstLineEnd == nil { firstLineEnd = i }
                if i + 1 < buffer.count, buffer[i + 1] == 0x0A { return (i, i + 2) }
                if i + 2 < buffer.count, buffer[i + 1] == 0x0D, buffer[i + 2] == 0x0A { return (i > 0 && buffer[i - 1] == 0x0D ? i - 1 : i, i + 3) }
            }
            i += 1
        }
        searched = buffer.count
        return nil
    }

    /// 414 for a request line past its cap, 431 for a head past its cap, checked on what arrived.
    private func overLimit() -> Outcome? {
        if (firstLineEnd ?? buffer.count) > limits.requestLine + 1 {
            return .refused(414, "the request line is over \(limits.requestLine) bytes\n")
        }
        if buffer.count > limits.head { return .refused(431, "the request's headers are over \(limits.head) bytes\n") }
        return nil
    }

    /// A head's request line and headers.
    static func parse(_ head: [UInt8], limits: HTTPServer.Limits) -> Outcome {
        var lines = head.split(separator: 0x0A, omittingEmptySubsequences: false).map { line -> String in
            String(decoding: line.last == 0x0D ? line.dropLast() : line, as: UTF8.self)
        }
        // Blank lines before a request are allowed (RFC 9112, 2.2).
        while lines.first?.isEmpty == true { lines.removeFirst() }
        guard let first = lines.first else { return .refused(400, "an empty request\n") }
        if first.utf8.count > limits.requestLine { return .refused(414, "the request line is over \(limits.requestLine) bytes\n") }
        let parts = first.split(separator: " ", omittingEmptySubsequences: false)
        guard parts.count == 3, !parts[0].isEmpty, parts[1].hasPrefix("/"), parts[2] == "HTTP/1.1" || parts[2] == "HTTP/1.0" else {
            return .refused(400, "expected a request line such as GET /frame?variant=0&frame=0 HTTP/1.1\n")
        }
        var headers: [String: String] = [:]
        for line in lines.dropFirst() {
            guard let colon = line.firstIndex(of: ":"), colon != line.startIndex, !line[..<colon].contains(" ") else {
                return .refused(400, "a header line without a name and a colon\n")
            }
            let name = line[..<colon].lowercased()
            let value = line[line.index(after: colon)...].trimmingCharacters(in: .whitespaces)
            headers[name] = headers[name].map { $0 + ", " + value } ?? value
        }
        let target = parts[1]
        let question = target.firstIndex(of: "?")
        let rawPath = question.map { target[..<$0] } ?? target[...]
        let rawQuery = question.map { target[target.index(after: $0)...] } ?? ""
        func decode(_ s: Substring) -> String { s.replacingOccurrences(of: "+", with: " ").removingPercentEncoding ?? String(s) }
        let query = rawQuery.split(separator: "&").map { pair -> (name: String, value: String) in
            let kv = pair.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
            return (decode(kv[0]), kv.count > 1 ? decode(kv[1]) : "")
        }
        return .head(
            HTTPRequest(
                method: String(parts[0]), path: String(rawPath).removingPercentEncoding ?? String(rawPath), query: query, headers: headers,
                version: String(parts[2])))
    }
}
