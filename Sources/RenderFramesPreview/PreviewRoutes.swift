import Foundation

/// The preview's routes, all GET; anything else is 404 (no file is served by its path, nothing is listed):
///   /                 the page; /preview.js, /preview.css its script and style (the binary's resources)
///   /state?since=V    the preview's state as JSON (variants, devices, error); with `since`, waits up
///                     to 20 s for a version newer than V (the page's long poll for saves)
///   /frame?variant=I&frame=N[&client=C&seq=S]   frame N of variant I as PNG (X-Frame-Info: its
///                     time, u, offset); 409 when page C asked for a later one (S) of the variant meanwhile
///   /info?variant=I&frame=N    the frame's numbers and named layers on screen as JSON
///   /explain?variant=I&frame=N what `explain` prints for the frame
struct Router: Sendable {
    let server: PreviewServer

    static let page: [String: (file: String, type: String)] = [
        "/": ("index.html", "text/html; charset=utf-8"),
        "/preview.js": ("preview.js", "text/javascript; charset=utf-8"),
        "/preview.css": ("preview.css", "text/css; charset=utf-8"),
    ]

    func handle(_ request: HTTPRequest) async -> HTTPResponse {
        guard request.method == "GET" else { return Self.text(.methodNotAllowed, "only GET is served here\n") }
        // A page must name this machine: another name pointed here (DNS rebinding) is some
        // website's script reaching for the preview, and is refused, whatever --host is.
        if let refusal = Self.hostRefusal(request.header("host"), listening: server.host) { return Self.text(.forbidden, refusal) }
        let model = server.model
        func int(_ name: String) -> Int? { request.query.first { $0.name == name }.flatMap { Int($0.value) } }
        switch request.path {
        case let path where Self.page[path] != nil:
            let (file, type) = Self.page[path]!
            guard let url = Bundle.module.url(forResource: "Page/" + file, withExtension: nil), let data = try? Data(contentsOf: url) else {
                return Self.text(.internalServerError, "the page's file \(file) is missing from the build\n")
            }
            return HTTPResponse(status: 200, headers: [("Content-Type", type), ("Cache-Control", "no-store")], body: data)
        case "/state":
            if let since = int("since") {
                let deadline = Date() + 20
                while Date() < deadline, await server.onQueue({ model.version }) <= since {
                    try? await Task.sleep(nanoseconds: 50_000_000)
                }
            }
            return Self.json(await server.onQueue { model.infoJSON() })
        case "/frame", "/info":
            guard let variant = int("variant"), let frame = int("frame") else { return Self.text(.badRequest, "give ?variant=I&frame=N\n") }
            let client = request.query.first { $0.name == "client" }?.value ?? ""
            let sequence = request.path == "/frame" ? int("seq") : nil
            if let sequence { model.note(client: client, variant: variant, sequence: sequence) }
            let encoded: EncodedFrame?? = await server.onQueue {
                // The page asked for a later frame of this variant while this one waited: nobody wants it.
                if let sequence, model.isSuperseded(client: client, variant: variant, sequence: sequence) { return .none }
                return .some(model.frame(variant: variant, index: frame))
            }
            guard let found = encoded else { return Self.text(.conflict, "a newer frame was asked for\n") }
            guard let found else { return Self.text(.notFound, "no frame \(frame) of variant \(variant)\n") }
            if request.path == "/info" { return Self.json(found.info) }
            return HTTPResponse(
                status: 200, headers: [("Content-Type", "image/png"), ("Cache-Control", "no-store"), ("X-Frame-Info", Self.headerInfo(found))],
                body: found.png)
        case "/explain":
            guard let variant = int("variant"), let frame = int("frame") else { return Self.text(.badRequest, "give ?variant=I&frame=N\n") }
            let result: Result<String, Error>? = await server.onQueue { model.explain(variant: variant, frame: frame) }
            switch result {
            case nil: return Self.text(.notFound, "no frame \(frame) of variant \(variant)\n")
            case .success(let json)?: return Self.json(Data(json.utf8))
            case .failure(let error)?: return Self.text(.unprocessableContent, "\(error)\n")
            }
        default:
            return Self.text(.notFound, "not found: the preview serves its page, frames and state only\n")
        }
    }

    /// Why a request naming `header` as its host is refused by a preview listening on `host`, or
    /// nil. Listening on loopback (127.0.0.0/8, ::1, localhost), the page must name loopback;
    /// listening on another address, it must name an address (any IP) or this machine by its
    /// name: a domain name is what DNS rebinding uses. No Host header (not a browser) is served.
    static func hostRefusal(_ header: String?, listening host: String) -> String? {
        guard let header else { return nil }
        let named = hostName(header)
        if isLoopback(host) {
            return isLoopback(named) ? nil : "the preview answers pages of 127.0.0.1, localhost or ::1 only (this one named \(named.shownInMessages))\n"
        }
        if isAddress(named) || named == "localhost" || thisMachine.contains(named) { return nil }
        return "the preview answers pages that name it by its IP address or this machine's name (this one named \(named.shownInMessages))\n"
    }

    static func isLoopback(_ name: String) -> Bool {
        if name == "localhost" || name == "::1" { return true }
        var v4 = in_addr()
        return inet_pton(AF_INET, name, &v4) == 1 && UInt32(bigEndian: v4.s_addr) >> 24 == 127
    }

    static func isAddress(_ name: String) -> Bool {
        var v4 = in_addr(), v6 = in6_addr()
        return inet_pton(AF_INET, name, &v4) == 1 || inet_pton(AF_INET6, name, &v6) == 1
    }

    /// This machine's host name, and with `.local`, lower-cased.
    static let thisMachine: Set<String> = {
        var name = [CChar](repeating: 0, count: 256)
        guard gethostname(&name, name.count - 1) == 0 else { return [] }
        let own = String(cString: name).lowercased()
        return own.isEmpty ? [] : [own, own + ".local"]
    }()

    /// A Host header's name without its port: `127.0.0.1:8080` -> `127.0.0.1`, `[::1]:8080` -> `::1`.
    static func hostName(_ header: String) -> String {
        if header.hasPrefix("["), let end = header.firstIndex(of: "]") { return String(header[header.index(after: header.startIndex)..<end]) }
        return String(header.split(separator: ":", maxSplits: 1).first ?? "").lowercased()
    }

    /// The frame's time, u and offset, for the header (the layers come with /info).
    static func headerInfo(_ frame: EncodedFrame) -> String {
        guard let object = try? JSONSerialization.jsonObject(with: frame.info) as? [String: Any] else { return "{}" }
        var small = object
        small["layers"] = nil
        small["drawMilliseconds"] = (frame.milliseconds * 100).rounded() / 100
        return String(decoding: (try? JSONSerialization.data(withJSONObject: small, options: [.sortedKeys])) ?? Data(), as: UTF8.self)
    }

    static func json(_ data: Data) -> HTTPResponse {
        HTTPResponse(status: 200, headers: [("Content-Type", "application/json"), ("Cache-Control", "no-store")], body: data)
    }

    enum Status: Int {
        case badRequest = 400, forbidden = 403, notFound = 404, methodNotAllowed = 405, conflict = 409
        case unprocessableContent = 422, internalServerError = 500
    }

    static func text(_ status: Status, _ text: String) -> HTTPResponse { .text(status.rawValue, text) }
}
