// `--peer`: the default demo's frames drawn by us and by cairo + libpng (Benchmarks/peer/peer.c),
// the same scene: each frame's layer tree is flattened here into the peer's operations in device
// pixels (rounded and clipped shapes as paths, pictures scaled into the rectangles we draw them in,
// the glyphs we set, with their font files), then the peer draws and encodes every frame in one
// process. Beside both, the physical floor: a memcpy of the frame's bytes, and libdeflate at the
// balanced setting's level on our filtered rows.
import Foundation
import Raster
import ScenarioFormat
import Scene

/// Flattens layer trees into the peer program's scene files.
final class PeerSceneWriter {
    let directory: String
    private var imageIDs: [Int: Int] = [:]
    private var fontIDs: [String: Int] = [:]
    private var resources: [String] = []
    private var ops: [String] = []
    private var clips: [Rect] = []
    private(set) var unsupported: Set<String> = []

    init(directory: String) { self.directory = directory }

    /// The scene file text of one frame (the frame's own operations after every picture and font it names).
    func scene(_ root: Layer, width: Int, height: Int, scale: Double) -> String {
        ops = []
        clips = [Rect(x: 0, y: 0, width: Double(width), height: Double(height))]
        var initial = Color(r: 0, g: 0, b: 0, a: 0)
        // As LayerRenderer: an opaque, untransformed, screen-sized root starts the canvas filled.
        if let bg = root.backgroundColor, bg.a == 255, root.cornerRadius == 0, root.transform == .identity, root.opacity == 1,
            root.frame == Rect(x: 0, y: 0, width: Double(width) / scale, height: Double(height) / scale)
        {
            initial = bg
        }
        let canvas = "canvas \(width) \(height) \(initial.r) \(initial.g) \(initial.b) \(initial.a)"
        draw(root, parent: .scale(scale, scale), opacity: 1)
        return ([canvas] + resources + ops).joined(separator: "\n") + "\n"
    }

    private func number(_ v: Double) -> String { String(format: "%.4f", v) }

    private func pathText(_ path: Path) -> String {
        path.elements.map { e -> String in
            switch e {
            case .move(let p): return "M \(number(p.x)) \(number(p.y))"
            case .line(let p): return "L \(number(p.x)) \(number(p.y))"
            case .cubic(let a, let b, let p):
                return "C \(number(a.x)) \(number(a.y)) \(number(b.x)) \(number(b.y)) \(number(p.x)) \(number(p.y))"
            case .close: return "Z"
            }
        }.joined(separator: " ")
    }

    private func fill(_ path: Path, _ color: Color, _ opacity: Double, evenOdd: Bool = false) {
        ops.append("fill \(color.r) \(color.g) \(color.b) \(color.a) \(number(opacity)) \(evenOdd ? 1 : 0) \(pathText(path))")
    }

    /// A shape of ours as a path in device pixels, with its fill rule; nil for a kind the peer does not draw.
    private func path(of shape: Shape) -> (Path, Bool)? {
        switch shape {
        case .roundedRect(let r, let radius): return (Path.roundedRect(r, cornerRadius: radius), false)
        case .partlyRoundedRect(let r, let radius, let corners): return (Path.roundedRect(r, cornerRadius: radius, corners: corners), false)
        case .border(let r, let radius, let width): return (border(r, radius: radius, width: width, corners: .all), true)
        case .partlyRoundedBorder(let r, let radius, let width, let corners): return (border(r, radius: radius, width: width, corners: corners), true)
        case .path(let fill):
            if case .path(let p, _) = fill.source { return (p, fill.evenOdd) }
            unsupported.insert("flattened polygons")
            return nil
        case .capsule, .ringSector:
            return nil // strokes: `stroke(_:)`
        }
    }

    private func border(_ r: Rect, radius: Double, width: Double, corners: RectCorners) -> Path {
        var band = Path.roundedRect(r, cornerRadius: radius, corners: corners)
        let inner = r.insetBy(dx: width, dy: width)
        if inner.width > 0, inner.height > 0 { band.addPath(.roundedRect(inner, cornerRadius: max(0, radius - width), corners: corners)) }
        return band
    }

    private func body(_ layer: Layer, rect: Rect, k: Double) -> Path {
        let radius = layer.cornerRadius * k
        if layer.continuousCorners && radius > 0 && layer.maskedCorners == .all { return .continuousRoundedRect(rect, cornerRadius: radius) }
        return .roundedRect(rect, cornerRadius: radius, corners: layer.maskedCorners)
    }

    private func draw(_ layer: Layer, parent: Transform, opacity: Double) {
        guard !layer.isHidden, layer.opacity > 0 else { return }
        let toDevice = layer.transformToSuperlayer.concatenating(parent)
        let rect = toDevice.apply(layer.bounds)
        if layer.masksToBounds && rect.intersection(clips.last!).isEmpty { return }
        if layer.backdropBlurRadius > 0 { unsupported.insert("backdrop blur") }
        if layer.shadowOpacity > 0, layer.shadowColor.a > 0 { unsupported.insert("shadow") }
        let effective = opacity * layer.opacity
        if layer.opacity < 1 && !layer.sublayers.isEmpty {
            ops.append("group")
            drawBody(layer, toDevice: toDevice, rect: rect, opacity: 1)
            ops.append("ungroup \(number(effective))")
        } else {
            drawBody(layer, toDevice: toDevice, rect: rect, opacity: effective)
        }
    }

    private func drawBody(_ layer: Layer, toDevice: Transform, rect: Rect, opacity: Double) {
        let k = (toDevice.scaleX + toDevice.scaleY) / 2
        let shape = body(layer, rect: rect, k: k)
        if let bg = layer.backgroundColor, bg.a > 0 { fill(shape, bg, opacity) }
        if layer.masksToBounds {
            ops.append("save")
            ops.append("clip " + pathText(shape))
            clips.append(clips.last!.intersection(rect))
        }
        if let contents = layer.contents { drawContents(contents, layer: layer, toDevice: toDevice, opacity: opacity) }
        for sublayer in layer.sublayersInDrawingOrder { draw(sublayer, parent: toDevice, opacity: opacity) }
        if layer.masksToBounds {
            ops.append("restore")
            clips.removeLast()
        }
        if layer.borderWidth > 0, layer.borderColor.a > 0 {
            let width = layer.borderWidth * k, radius = layer.cornerRadius * k
            var band = shape
            let inner = rect.insetBy(dx: width, dy: width)
            if inner.width > 0, inner.height > 0 {
                if layer.continuousCorners && radius > 0 && layer.maskedCorners == .all {
                    band.addPath(.continuousRoundedRect(inner, cornerRadius: max(0, radius - width)))
                } else {
                    band.addPath(.roundedRect(inner, cornerRadius: max(0, radius - width), corners: layer.maskedCorners))
                }
            }
            fill(band, layer.borderColor, opacity, evenOdd: true)
        }
    }

    private func drawContents(_ contents: LayerContents, layer: Layer, toDevice: Transform, opacity: Double) {
        switch contents {
        case .image(let image, let mode):
            // Placed on whole device pixels, as we place it.
            let exact = toDevice.apply(mode.rect(for: image.pointSize, in: layer.bounds))
            let x = exact.minX.rounded(), y = exact.minY.rounded()
            guard !Rect(x: x, y: y, width: exact.width, height: exact.height).intersection(clips.last!).isEmpty else { return }
            ops.append("img \(imageID(image)) \(number(x)) \(number(y)) \(number(exact.width)) \(number(exact.height)) \(number(opacity))")
        case .text(let text):
            let b = layer.bounds
            let paragraph = text.paragraph(width: b.width, height: b.height)
            var top = b.midY - paragraph.height / 2
            for (i, line) in paragraph.lines.enumerated() {
                let x = text.lineX(line, minX: b.minX, maxX: b.maxX)
                let baseline = top + paragraph.baselines[i]
                top += paragraph.lineHeights[i]
                let origin = toDevice.apply(Point(x, baseline))
                if !line.attributes.isEmpty || !line.decorations.isEmpty { unsupported.insert("attributed text") }
                let k = toDevice.scaleY
                // One operation per run of glyphs in one font.
                var start = 0
                while start < line.glyphs.count {
                    var end = start
                    while end < line.glyphs.count && line.glyphs[end].font == line.glyphs[start].font { end += 1 }
                    if let font = line.fonts.loadedFont(Int(line.glyphs[start].font)) {
                        let glyphs = line.glyphs[start..<end].map { "\(number(origin.x + $0.x * k)) \(number(origin.y + $0.y * k)) \($0.glyph)" }
                        let c = text.color
                        ops.append(
                            "glyphs \(fontID(font)) \(number(line.pointSize * k)) \(c.r) \(c.g) \(c.b) \(c.a) \(number(opacity)) \(end - start) "
                                + glyphs.joined(separator: " "))
                    }
                    start = end
                }
            }
        case .shapes(let items):
            for (shape, color) in items {
                let device = shape.applying(toDevice)
                let paint = "\(color.r) \(color.g) \(color.b) \(color.a) \(number(opacity))"
                switch device {
                case .capsule(let a, let b, let w):
                    ops.append("line \(number(a.x)) \(number(a.y)) \(number(b.x)) \(number(b.y)) \(number(w)) " + paint)
                case .ringSector(let c, let radius, let w, let from, let to):
                    ops.append("arc \(number(c.x)) \(number(c.y)) \(number(radius)) \(number(w)) \(number(from)) \(number(to)) " + paint)
                default:
                    guard let (p, evenOdd) = path(of: device) else { continue }
                    fill(p, color, opacity, evenOdd: evenOdd)
                }
            }
        case .shape(let shape):
            if let f = shape.fillColor, f.a > 0 { fill(shape.path.applying(toDevice), f, opacity, evenOdd: shape.evenOddFill) }
            if shape.strokeColor != nil { unsupported.insert("stroked shape layer") }
        case .gradient:
            unsupported.insert("gradient")
        }
    }

    /// The picture's id, its pixels written once in cairo's ARGB32 (premultiplied, B G R A in memory here).
    private func imageID(_ image: SceneImage) -> Int {
        if let id = imageIDs[image.id] { return id }
        let id = imageIDs.count
        imageIDs[image.id] = id
        let file = "\(directory)/image-\(id).raw"
        var bgra = image.pixmap.bytes
        for i in stride(from: 0, to: bgra.count, by: 4) { bgra.swapAt(i, i + 2) }
        guard FileManager.default.createFile(atPath: file, contents: Data(bgra)) else { fail("cannot write \(file)") }
        resources.append("image \(id) \(image.pixmap.width) \(image.pixmap.height) \(file)")
        return id
    }

    private func fontID(_ font: Font) -> Int {
        if let id = fontIDs[font.name] { return id }
        let id = fontIDs.count
        fontIDs[font.name] = id
        guard font.variations.isEmpty, let file = PeerSceneWriter.fontFile(named: font.name) else {
            unsupported.insert("font \(font.name) (no file found, or a variable instance)")
            return id
        }
        resources.append("font \(id) \(file) \(font.faceIndex)")
        return id
    }

    /// The file a loaded font came from: the bundled fonts, else the system's.
    static func fontFile(named name: String) -> String? {
        let bundled = "Sources/Scene/Resources/Fonts/" + name
        if FileManager.default.fileExists(atPath: bundled) { return FileManager.default.currentDirectoryPath + "/" + bundled }
        let system = FileManager.default.enumerator(atPath: "/usr/share/fonts")
        while let path = system?.nextObject() as? String {
            if (path as NSString).lastPathComponent == name { return "/usr/share/fonts/" + path }
        }
        return nil
    }
}

/// The calling thread's CPU time in seconds (the machine may be shared: wall time would count the others).
func cpuNow() -> Double {
    var t = timespec()
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &t)
    return Double(t.tv_sec) + Double(t.tv_nsec) / 1e9
}

/// Runs `command` and returns its standard output; stops the benchmark if it fails.
func runTool(_ executable: String, _ arguments: [String]) -> String {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: executable)
    process.arguments = arguments
    let pipe = Pipe()
    process.standardOutput = pipe
    do { try process.run() } catch { fail("cannot run \(executable): \(error)") }
    let output = pipe.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    guard process.terminationStatus == 0 else { fail("\(executable) \(arguments.prefix(3).joined(separator: " ")) failed") }
    return String(decoding: output, as: UTF8.self)
}

/// `keep`: a folder to leave the scene files and both sides' PNGs in (else a temporary one, removed).
func peerBenchmark(demoPath: String, every: Int, keep: String? = nil) {
    let peer = runTool("/bin/bash", ["Benchmarks/peer/build.sh"]).trimmingCharacters(in: .whitespacesAndNewlines)
    let scenario: Scenario
    do { scenario = try ScenarioLoader.load(path: demoPath, scaleOverride: 3) } catch { fail("\(error)") }
    let frames = Array(stride(from: 0, to: scenario.frameCount, by: every))
    let dir = keep.map { ($0 as NSString).standardizingPath } ?? NSTemporaryDirectory() + "render-frames-peer-\(getpid())"
    if let keep, FileManager.default.fileExists(atPath: keep) { fail("--peer-out \(keep): already exists; give a new folder") }
    try? FileManager.default.createDirectory(atPath: dir + "/ours", withIntermediateDirectories: true)
    try? FileManager.default.createDirectory(atPath: dir + "/peer", withIntermediateDirectories: true)
    defer { if keep == nil { try? FileManager.default.removeItem(atPath: dir) } }

    // The scenes first (not timed on either side: both draw a layer tree already made).
    let writer = PeerSceneWriter(directory: dir)
    var sceneFiles: [String] = []
    for index in frames {
        let text = writer.scene(scenario.layers(ofFrame: index), width: scenario.pixelWidth, height: scenario.pixelHeight, scale: scenario.scale)
        let file = "\(dir)/frame-\(index)"
        guard FileManager.default.createFile(atPath: file, contents: Data(text.utf8)) else { fail("cannot write \(file)") }
        sceneFiles.append(file)
    }
    if !writer.unsupported.isEmpty {
        print("note: the peer does not draw these parts of the scene: \(writer.unsupported.sorted().joined(separator: ", "))")
    }

    // Ours: one thread, each frame's layer tree drawn, encoded (balanced) and written, as the tool does.
    let renderer = FrameRenderer(scenario: scenario)
    let encoder = PNGEncoder(options: .balanced)
    var ours = (render: 0.0, encode: 0.0, write: 0.0, bytes: 0)
    var pixmaps: [Pixmap] = []
    // libpng at its defaults on our own frames: the size our encoder is held to.
    var libpngBytes = 0
    for index in frames {
        let layers = scenario.layers(ofFrame: index)
        let t0 = cpuNow()
        let pixmap = renderer.render(layers)
        let t1 = cpuNow()
        let png = encoder.encode(pixmap)
        let t2 = cpuNow()
        do { try AtomicFile.write(png, to: "\(dir)/ours/\(index).png") } catch { fail("\(error)") }
        let t3 = cpuNow()
        ours.render += t1 - t0; ours.encode += t2 - t1; ours.write += t3 - t2; ours.bytes += png.count
        libpngBytes += libpng(pixmap, level: -1).0
        if pixmaps.count < 8 { pixmaps.append(pixmap) }
    }

    // The peer: one process draws and encodes every frame (pictures and fonts loaded before the clock).
    var theirs = (render: 0.0, encode: 0.0, write: 0.0, bytes: 0)
    for line in runTool(peer, ["--out", dir + "/peer"] + sceneFiles).split(separator: "\n") {
        let f = line.split(separator: " ")
        guard f.count == 6, f[0] == "frame", let r = Double(f[2]), let e = Double(f[3]), let w = Double(f[4]), let b = Int(f[5]) else { continue }
        theirs.render += r / 1000; theirs.encode += e / 1000; theirs.write += w / 1000; theirs.bytes += b
    }

    // The floor, on the first frames: the frame's bytes copied once, and deflate of our filtered rows.
    let frameBytes = pixmaps[0].bytes.count
    let source = UnsafeMutableRawPointer.allocate(byteCount: frameBytes, alignment: 64)
    let target = UnsafeMutableRawPointer.allocate(byteCount: frameBytes, alignment: 64)
    defer { source.deallocate(); target.deallocate() }
    memset(source, 1, frameBytes); memset(target, 0, frameBytes)
    var copy = Double.infinity
    for _ in 0..<20 {
        let t0 = cpuNow()
        memcpy(target, source, frameBytes)
        copy = min(copy, cpuNow() - t0)
    }
    var filterOnly = 0.0, rowsCoder = 0.0, libdeflate = 0.0, libdeflateBytes = 0, rowsBytes = 0
    for pixmap in pixmaps {
        let rows = encoder.filteredRows(pixmap)
        let t0 = cpuNow()
        _ = encoder.filterOnly(pixmap)
        let t1 = cpuNow()
        rowsBytes += encoder.deflateRows(rows).count
        let t2 = cpuNow()
        libdeflateBytes += PNGEncoder.libdeflateZlibSize(rows.bytes, level: PNGEncoder.Options.balanced.level)
        let t3 = cpuNow()
        filterOnly += t1 - t0; rowsCoder += t2 - t1; libdeflate += t3 - t2
    }

    let n = Double(frames.count), m = Double(pixmaps.count)
    func ms(_ s: Double) -> String { format(s * 1000, 2) }
    let oursTotal = ours.render + ours.encode + ours.write, theirsTotal = theirs.render + theirs.encode + theirs.write
    print("Peer benchmark: \((demoPath as NSString).lastPathComponent) at @3x (\(scenario.pixelWidth)x\(scenario.pixelHeight)), every \(every)th frame (\(frames.count) frames), one thread, one run each; CPU time of the drawing thread (as the peer measures its own).")
    print("cairo \(runTool("/usr/bin/pkg-config", ["--modversion", "cairo"]).trimmingCharacters(in: .newlines)) + libpng \(runTool("/usr/bin/pkg-config", ["--modversion", "libpng"]).trimmingCharacters(in: .newlines)) (zlib 6, adaptive filters); ours: balanced.\n")
    print("| per frame | render ms | encode ms | write ms | total ms | KB |")
    print("|---|---|---|---|---|---|")
    print("| ours | \(ms(ours.render / n)) | \(ms(ours.encode / n)) | \(ms(ours.write / n)) | \(ms(oursTotal / n)) | \(ours.bytes / frames.count / 1000) |")
    print("| cairo + libpng | \(ms(theirs.render / n)) | \(ms(theirs.encode / n)) | \(ms(theirs.write / n)) | \(ms(theirsTotal / n)) | \(theirs.bytes / frames.count / 1000) |")
    print("| libpng default on our frames | | | | | \(libpngBytes / frames.count / 1000) |")
    print("| peer / ours | \(format(theirs.render / ours.render, 2))x | \(format(theirs.encode / ours.encode, 2))x | \(format(theirs.write / ours.write, 2))x | **\(format(theirsTotal / oursTotal, 2))x** | ours / libpng on our frames: \(format(Double(ours.bytes) / Double(libpngBytes), 3)) |")
    print("\nThe floor (\(pixmaps.count) frames of \(frameBytes / 1000) KB, RGBA):\n")
    print("| step | ms/frame | KB |")
    print("|---|---|---|")
    print("| memcpy of the frame's bytes (best of 20) | \(ms(copy)) | \(frameBytes / 1000) |")
    print("| our filters alone (RGB rows) | \(ms(filterOnly / m)) | |")
    print("| our deflate (RowDeflater) on those rows | \(ms(rowsCoder / m)) | \(rowsBytes / pixmaps.count / 1000) |")
    print("| libdeflate level \(PNGEncoder.Options.balanced.level) on the same rows | \(ms(libdeflate / m)) | \(libdeflateBytes / pixmaps.count / 1000) |")
}
