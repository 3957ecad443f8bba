import FlyingFox
import Foundation

/// The preview's routes, all GET; anything else is 404 (no file is served by its path, nothing is listed):
///   /                 the page; /preview.js, /preview.css its script and style (the binary's resources)
///   /state?since=V    the preview's state as JSON (variants, devices, error); with `since`, waits up
///                     to 20 s for a version newer than V (the page's long poll for saves)
///   /frame?variant=I&frame=N[&client=C&seq=S]   frame N of variant I as PNG (X-Frame-Info: its
///                     time, u, offset); 409 when page C asked for a later one (S) of the variant meanwhile
///   /info?variant=I&frame=N    the frame's numbers and named layers on screen as JSON
///   /explain?variant=I&frame=N what `explain` prints for the frame
struct Router: HTTPHandler {
    let server: PreviewServer

    static let page: [String: (file: String, type: String)] = [
        "/": ("index.html", "text/html; charset=utf-8"),
        "/preview.js": ("preview.js", "text/javascript; charset=utf-8"),
        "/preview.css": ("preview.css", "text/css; charset=utf-8"),
    ]

    func handleRequest(_ request: HTTPRequest) async throws -> HTTPResponse {
        guard request.method == .GET else { return Self.text(.methodNotAllowed, "only GET is served here\n") }
        // On loopback, a page must name this machine: another name pointed here (DNS rebinding) is
        // some website's script reaching for the preview, and is refused.
        if Self.loopback.contains(server.host), let named = request.headers[.host].map(Self.hostName), !Self.loopback.contains(named) {
            return Self.text(.forbidden, "the preview answers pages of 127.0.0.1, localhost or ::1 only\n")
        }
        let model = server.model
        func int(_ name: String) -> Int? { request.query.first { $0.name == name }.flatMap { Int($0.value) } }
        switch request.path {
        case let path where Self.page[path] != nil:
            let (file, type) = Self.page[path]!
            guard let url = Bundle.module.url(forResource: "Page/" + file, withExtension: nil), let data = try? Data(contentsOf: url) else {
                return Self.text(.internalServerError, "the page's file \(file) is missing from the build\n")
            }
            return HTTPResponse(statusCode: .ok, headers: [.contentType: type, .cacheControl: "no-store"], body: data)
        case "/state":
            if let since = int("since") {
                let deadline = Date() + 20
                while Date() < deadline, await server.onQueue({ model.version }) <= since {
                    try await Task.sleep(nanoseconds: 50_000_000)
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
                statusCode: .ok,
                headers: [.contentType: "image/png", .cacheControl: "no-store", HTTPHeader("X-Frame-Info"): Self.headerInfo(found)],
                body: found.png)
        case "/explain":
            guard let variant = int("variant"), let frame = int("frame") else { return Self.text(.badRequest, "give ?variant=I&frame=N\n") }
            let result: Result<String, Error>? = await server.onQueue {
                guard model.variants.indices.contains(variant), (0..<model.variants[variant].scenario.frameCount).contains(frame) else { return nil }
                return Result { try model.variants[variant].explain(frame: frame) }
            }
            switch result {
            case nil: return Self.text(.notFound, "no frame \(frame) of variant \(variant)\n")
            case .success(let json)?: return Self.json(Data(json.utf8))
            case .failure(let error)?: return Self.text(.unprocessableContent, "\(error)\n")
            }
        default:
            return Self.text(.notFound, "not found: the preview serves its page, frames and state only\n")
        }
    }

    static let loopback: Set<String> = ["127.0.0.1", "localhost", "::1"]

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
        HTTPResponse(statusCode: .ok, headers: [.contentType: "application/json", .cacheControl: "no-store"], body: data)
    }

    static func text(_ status: HTTPStatusCode, _ text: String) -> HTTPResponse {
        HTTPResponse(statusCode: status, headers: [.contentType: "text/plain; charset=utf-8"], body: Data(text.utf8))
    }
}
