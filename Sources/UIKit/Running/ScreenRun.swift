import Foundation
internal import Raster
package import Scene

/// What a UIKit screen is run with: the scenario's device, appearance, text size and fonts.
package struct ScreenSettings: Sendable {
    package var device: Device
    package var appearance: Appearance
    package var typography: Typography
    package var fps: Double
    /// Where `UIImage(named:)` looks: asset catalogs and image folders.
    package var imageFolders: [String]
    package var statusBarItems: StatusBarItems
    /// The pixels a point the frames are drawn at (the scenario's `scale`); nil: the device's.
    package var pixelScale: Double?
    /// Draw the touch indicator where a finger is (`showTouches: true`).
    package var showTouches = false

    package init(
        device: Device, appearance: Appearance, typography: Typography, fps: Double, imageFolders: [String],
        statusBarItems: StatusBarItems = StatusBarItems()
    ) {
        self.device = device; self.appearance = appearance; self.typography = typography; self.fps = fps
        self.imageFolders = imageFolders; self.statusBarItems = statusBarItems
    }
}

/// One run of a UIKit screen, frame by frame on the main actor, as the phone would run it: the
/// window and its root view controller made at frame 0 (loadView, viewDidLoad, viewWillAppear,
/// layout, viewDidAppear), then for each frame the scenario's scroll motion applied to the
/// screen's main scroll view with the delegate's calls in UIKit's order, layout before and after.
/// After any frame, `snapshot` gives the view tree as layer values to draw on any thread.
@MainActor package final class ScreenRun {
    /// The run whose code is running (views read their traits and window from it).
    package static var current: ScreenRun?

    package let settings: ScreenSettings
    package let traits: UITraitCollection
    let make: @MainActor () -> UIViewController
    package private(set) var window: UIWindow!
    /// The window's scene (`view.window?.windowScene`), kept by the run as the app keeps its scenes.
    let scene = UIWindowScene()
    private(set) var root: UIViewController!
    /// The scenario's motion, and the same compiled for the main scroll view's range and the
    /// delegate's targets.
    let motion: any ScrollTimeline
    package var timeline: any ScrollTimeline {
        guard var gestures = main.timeline as? GestureTimeline, !gestures.presses.isEmpty else { return main.timeline }
        gestures.pressPoints = delivery.points
        return gestures
    }
    /// The scenario's taps and long presses, delivered to the views.
    private let delivery: TouchDelivery
    /// Taps and long presses aimed at an identifier no view had when they were due.
    package var touchProblems: [String] { delivery.problems }
    /// The main scroll view's vertical motion, and the horizontal motion of each scroll view a
    /// sideways touch landed in (in the order they were first touched).
    private(set) var main: ScrollDriver
    /// The scroll view the scenario moves.
    var mainScrollView: UIScrollView? { main.view }
    private var sideways: [ScrollDriver] = []
    /// The run's animations, on its frame clock.
    let clock = AnimationClock()
    /// The run's scheduled timers, on the same clock (FrameTimers.swift).
    let timers = FrameTimers()
    /// The last frame run (-1 before the first).
    package private(set) var frame = -1
    private var lastTime = -1.0
    /// The scroll view the scenario's motion moves: the root view if it is one, else the first
    /// one in the view tree (depth first), found again each frame (a controller pushed from
    /// viewDidAppear brings its own).
    package private(set) weak var scrollView: UIScrollView?

    package init(settings: ScreenSettings, motion: any ScrollTimeline, make: @escaping @MainActor () -> UIViewController) {
        self.settings = settings
        self.make = make
        self.motion = motion
        main = ScrollDriver(vertical: nil, motion: motion)
        delivery = TouchDelivery(presses: (motion as? GestureTimeline)?.presses ?? [])
        let d = settings.device
        traits = UITraitCollection(
            style: settings.appearance == .dark ? .dark : .light, category: UIContentSizeCategory(settings.typography.textSize),
            scale: CGFloat(d.scale),
            horizontal: d.idiom == .pad ? .regular : (d.orientation == .landscape && d.size.width >= 896 ? .regular : .compact),
            vertical: d.isCompactHeight ? .compact : .regular, idiom: d.idiom == .pad ? .pad : .phone, direction: .leftToRight)
    }

    /// Runs `body` with this run's environment in place.
    package func within<T>(_ body: () throws -> T) rethrows -> T {
        let saved = (
            ScreenRun.current, ScreenEnvironment.typography, ScreenEnvironment.device, ScreenEnvironment.imageFolders, UITraitCollection.current
        )
        ScreenRun.current = self
        ScreenEnvironment.typography = settings.typography
        ScreenEnvironment.device = settings.device
        ScreenEnvironment.imageFolders = settings.imageFolders
        UITraitCollection.current = traits
        defer {
            (ScreenRun.current, ScreenEnvironment.typography, ScreenEnvironment.device, ScreenEnvironment.imageFolders, UITraitCollection.current) =
                saved
        }
        return try body()
    }

    /// Runs every frame up to `index` (the calls of frames before it are made, not drawn).
    package func advance(to index: Int) {
        within {
            while frame < index {
                frame += 1
                run(frame: frame)
            }
        }
        // A crash after this is not the screen's code's.
        Activity.clear()
    }

    private func run(frame i: Int) {
        let t = Double(i) / settings.fps
        ScreenEnvironment.time = t
        clock.tick(to: t)
        if i == 0 { start() }
        timers.fire(upTo: t)
        window.layoutIfNeeded()
        followTheScreenOnTop()
        route(upTo: t)
        drive(to: t)
        window.layoutIfNeeded()
        delivery.deliver(after: lastTime, upTo: t, in: window, frame: i)
        window.layoutIfNeeded()
        adjustInsets(window)
        window.layoutIfNeeded()
        lastTime = t
    }

    /// Frame 0: the window, the root view controller and its appearance, the first layout.
    private func start() {
        Activity.set(frame: 0, call: "making the screen")
        let d = settings.device
        window = UIWindow(frame: CGRect(x: 0, y: 0, width: CGFloat(d.size.width), height: CGFloat(d.size.height)))
        window.windowScene = scene
        // Appearance proxies are the app's: a run starts with none (UIAppearance.swift).
        AppearanceRegistry.reset()
        window.backgroundColor = .systemBackground
        root = make()
        Activity.set(frame: 0, call: "loadView / viewDidLoad")
        window.rootViewController = root
        AppearanceRegistry.apply(to: window)
        Activity.set(frame: 0, call: "viewWillAppear")
        root.sendWillAppear()
        window.makeKeyAndVisible()
        root.sendIsAppearing()
        Activity.set(frame: 0, call: "the first layout")
        window.layoutIfNeeded()
        adjustInsets(window)
        window.layoutIfNeeded()
        scrollView = ScreenRun.mainScrollView(in: root.view)
        main = ScrollDriver(vertical: scrollView, motion: motion)
        Activity.set(frame: 0, call: "viewDidAppear")
        root.sendDidAppear()
    }

    /// The motion moves the scroll view of the screen on top: when another one has come (a push,
    /// a tab chosen), it takes the motion from here on.
    private func followTheScreenOnTop() {
        // The controller presented last, when one is (its scroll view is the one on top).
        var top: UIViewController = root
        while let p = top.presentedStorage { top = p }
        let now = ScreenRun.mainScrollView(in: top.view)
        guard now !== scrollView else { return }
        // Its insets first, so it starts from its rest.
        adjustInsets(window)
        window.layoutIfNeeded()
        scrollView = now
        main = ScrollDriver(vertical: now, motion: motion)
    }

    static func mainScrollView(in view: UIView) -> UIScrollView? {
        if let s = view as? UIScrollView { return s }
        for v in view.subviews { if let s = mainScrollView(in: v) { return s } }
        return nil
    }

    /// Scroll views whose adjusted insets changed tell their delegate; one at its old rest
    /// position moves to the new one, as UIKit keeps a scroll view at rest at its top.
    private func adjustInsets(_ view: UIView) {
        if let s = view as? UIScrollView {
            let before = s.restingTop
            s.adjustedInsetMayHaveChanged()
            let after = -s.adjustedContentInset.top
            if before != after, abs(s.contentOffset.y - (before ?? 0)) < 0.001 {
                Activity.set(frame: frame, call: "scrollViewDidScroll (the insets moved the content to its rest)")
                s.contentOffset.y = after
            }
            s.restingTop = after
        }
        for v in view.subviews { adjustInsets(v) }
    }

    // MARK: The scroll

    /// Moves the main scroll view, then each horizontal one, to the motion's state at `t`: a
    /// sideways touch starting by then lands in the scroll view under it (hit-tested as the
    /// views stand), which takes that touch's steps.
    private func drive(to t: Double) {
        main.drive(to: t, lastTime: lastTime, frame: frame)
        if let gestures = motion as? GestureTimeline, gestures.hasSidewaysSteps {
            for touch in sidewaysTouches(gestures) where touch.time > lastTime && touch.time <= t && !delivered.contains(touch.steps[0]) {
                let point = CGPoint(x: touch.point.x, y: touch.point.y)
                guard let s = ScrollDriver.horizontalScrollView(at: point, in: window) else {
                    Diagnostics.once(
                        "sideways \(touch.steps[0])",
                        "timeline.gestures[\(touch.steps[0])]: the sideways touch at (\(format(touch.point.x)), \(format(touch.point.y))) lands in no "
                            + "horizontally scrolling view (content wider than its bounds, or alwaysBounceHorizontal); nothing moves; give `at:` a point inside one"
                    )
                    continue
                }
                let driver: ScrollDriver
                if let known = sideways.first(where: { $0.view === s }) {
                    driver = known
                } else {
                    driver = ScrollDriver(horizontal: s, motion: gestures)
                    driver.excluding = delivered
                    sideways.append(driver)
                }
                driver.take(touch.steps)
            }
        }
        for driver in sideways { driver.drive(to: t, lastTime: lastTime, frame: frame) }
    }

    /// The script's sideways touches (compiled once).
    private func sidewaysTouches(_ gestures: GestureTimeline) -> [GestureTimeline.TouchDown] {
        if let touches { return touches }
        let found = sidewaysMotion(gestures)?.touchDowns ?? []
        touches = found
        return found
    }
    private var touches: [GestureTimeline.TouchDown]?

    /// The script's sideways steps, all taken, free of edges (where their fingers go).
    private func sidewaysMotion(_ gestures: GestureTimeline) -> GestureTimeline? {
        if let sidewaysAll { return sidewaysAll }
        sidewaysAll = try? gestures.horizontal(taking: nil, startOffset: 0, bounds: -1e7...1e7, viewportWidth: 1000)
        return sidewaysAll
    }
    private var sidewaysAll: GestureTimeline?

    // MARK: Drags delivered as touches

    /// Where a drag's finger goes: the scroll view it pans, or the views under it as touches.
    enum DragRoute: Equatable {
        case scroll(UIScrollView)
        /// A view on the way takes it (a pan or swipe recognizer, a control).
        case touches
        /// No scroll view, and nothing on the way that takes a drag: touches all the same.
        case views
    }

    /// The fingers of drags and flings delivered as touches, by first step.
    private var delivered: Set<Int> = []

    /// Each drag or fling finger landing in (lastTime, t] is routed where it lands (see
    /// `route(from:scroll:)`); one the views take moves no scroll view and is handed to the
    /// touch delivery with its place at each time.
    private func route(upTo t: Double) {
        guard let gestures = motion as? GestureTimeline else { return }
        var landing: [(GestureTimeline.Finger, GestureTimeline.Axis, GestureTimeline)] = []
        for f in gestures.fingers where f.time > lastTime && f.time <= t { landing.append((f, .vertical, gestures)) }
        if gestures.hasSidewaysSteps, let sideways = sidewaysMotion(gestures) {
            for f in sideways.fingers where f.time > lastTime && f.time <= t { landing.append((f, .horizontal, sideways)) }
        }
        for (finger, axis, path) in landing.sorted(by: { $0.0.time < $1.0.time }) {
            let point = CGPoint(x: finger.point.x, y: finger.point.y)
            let hit = window.hitTest(window.convert(point, from: nil), with: nil)
            let scroll = axis == .vertical ? scrollView : ScrollDriver.horizontalScrollView(at: point, in: window)
            let away = axis == .horizontal ? Self.sidewaysDirection(of: gestures.steps[finger.step]) : 0
            let route =
                Self.edgePan(from: hit, at: point, sideways: away, in: window.bounds.size) ? .touches : Self.route(from: hit, scroll: scroll)
            if case .scroll = route { continue }
            if route == .views, axis == .horizontal {
                Diagnostics.once(
                    "sideways \(finger.step)",
                    "timeline.gestures[\(finger.step)]: the sideways touch at (\(format(finger.point.x)), \(format(finger.point.y))) lands in no "
                        + "horizontally scrolling view (content wider than its bounds, or alwaysBounceHorizontal); it goes to the views under it "
                        + "as touches and nothing scrolls; give `at:` a point inside one")
            }
            delivered.insert(finger.step)
            let start = finger.point
            delivery.add(drag: finger.step, time: finger.time, lift: finger.lift) { time in
                let p = path.fingerPoint(at: time) ?? start
                return CGPoint(x: p.x, y: p.y)
            }
        }
        main.excluding = delivered
        for driver in sideways { driver.excluding = delivered }
    }

    /// The rule that decides a drag. The scroll view its axis moves is the screen's main scroll
    /// view (vertical), or the innermost horizontally scrolling one under the finger (sideways).
    /// From the view hit-tested where the finger lands up through its superviews, the first of
    /// these decides: that scroll view pans as before; a view with an enabled pan or swipe
    /// recognizer, or a `UIControl` (one inside a scroll view that `delaysContentTouches`
    /// excepted: its scroll view takes a finger that moves at once), takes the drag as touches.
    /// With none of them on the way, the scroll view pans if there is one (the scenario's drag is
    /// aimed at the screen's scroll, as the views over it on most screens let it through); with
    /// none, the views take the drag as touches.
    static func route(from hit: UIView?, scroll: UIScrollView?) -> DragRoute {
        var v = hit
        while let view = v {
            if let scroll, view === scroll { return .scroll(scroll) }
            let recognizers = view.gestureRecognizers ?? []
            // (A screen-edge pan takes only a drag from its edge: `edgePan`.)
            if recognizers.contains(where: {
                $0.isEnabled && ($0 is UIPanGestureRecognizer || $0 is UISwipeGestureRecognizer) && !($0 is UIScreenEdgePanGestureRecognizer)
            }) {
                return .touches
            }
            if view is UIControl, !TouchDelivery.delaysContentTouches(view) { return .touches }
            v = view.superview
        }
        return scroll.map { .scroll($0) } ?? .views
    }

    /// Whether a screen-edge pan recognizer on the way up from `hit` takes a finger landing at
    /// `point` (window points) and moving `sideways` (positive: right): it lands within the
    /// recognizer's left or right edge and moves away from it. As on the phone, such a recognizer
    /// (a navigation controller's interactive pop at the left edge) wins over the scroll views
    /// under the finger.
    static func edgePan(from hit: UIView?, at point: CGPoint, sideways: Double, in size: CGSize) -> Bool {
        var v = hit
        while let view = v {
            for g in view.gestureRecognizers ?? [] {
                guard let edgePan = g as? UIScreenEdgePanGestureRecognizer, edgePan.isEnabled else { continue }
                switch UIScreenEdgePanGestureRecognizer.edge(at: point, of: edgePan.edges, size: size) {
                case .left? where sideways > 0: return true
                case .right? where sideways < 0: return true
                default: continue
                }
            }
            v = view.superview
        }
        return false
    }

    /// The direction a sideways drag or fling moves the finger (positive: right; 0: none).
    static func sidewaysDirection(of step: GestureTimeline.Step) -> Double {
        guard case .sideways(let inner) = step else { return 0 }
        switch inner {
        case .drag(let by, _, _, _, _): return by ?? 0
        case .fling(let velocity, _, _): return velocity
        default: return 0
        }
    }

    private func format(_ v: Double) -> String { v == v.rounded() ? String(Int(v)) : String(v) }

    /// Every view of the window, depth first in subview order: its class, identifier, frame in
    /// its superview, bounds, transform's affine part, alpha, hidden, zPosition, depth, and a
    /// scroll view's offset and insets (`explain` for a UIKit screen).
    package func viewDescriptions() -> [[String: Any]] {
        var out: [[String: Any]] = []
        func round4(_ v: CGFloat) -> Double { (Double(v) * 10000).rounded() / 10000 + 0 }
        func rect(_ r: CGRect) -> [Double] { [r.minX, r.minY, r.width, r.height].map(round4) }
        func visit(_ v: UIView, depth: Int) {
            var entry: [String: Any] = [
                "class": String(describing: type(of: v)), "depth": depth, "frame": rect(v.frame), "bounds": rect(v.bounds),
                "alpha": round4(v.alpha), "hidden": v.isHidden, "zPosition": round4(v.layer.zPosition),
            ]
            if let id = v.accessibilityIdentifier { entry["identifier"] = id }
            let t = CATransform3DGetAffineTransform(v.layer.transform)
            if !CATransform3DIsIdentity(v.layer.transform) { entry["transform"] = [t.a, t.b, t.c, t.d, t.tx, t.ty].map(round4) }
            if let s = v as? UIScrollView {
                let i = s.adjustedContentInset
                entry["contentOffset"] = [round4(s.contentOffset.x), round4(s.contentOffset.y)]
                entry["contentSize"] = [round4(s.contentSize.width), round4(s.contentSize.height)]
                entry["adjustedContentInset"] = [i.top, i.left, i.bottom, i.right].map(round4)
            }
            if let l = v as? UILabel, let text = l.text { entry["text"] = text }
            out.append(entry)
            for child in v.subviews { visit(child, depth: depth + 1) }
        }
        within { visit(window, depth: 0) }
        return out
    }

    /// Forgets what was said (a new screen's run says it again).
    package static func resetDiagnostics() { Diagnostics.reset() }
    /// What the screen's code asked for that is not drawn, once each, since the last call.
    package static func takeDiagnostics() -> [String] { Diagnostics.take() }

    // MARK: Snapshots

    /// The view tree as it stands, as layer values: the window's layers, the scroll indicator of
    /// the main scroll view, the status bar and home indicator.
    package func snapshot() -> Layer {
        within {
            let snapshot = Snapshot(run: self)
            let root = snapshot.layer(of: window.layer)
            let palette = Palette.forAppearance(settings.appearance)
            let (read, hidden) = statusBar()
            let style = root.isHidden ? .default : read
            let color: Color = style == .lightContent ? .white : style == .darkContent ? .black : palette.label
            if !hidden,
                let bar = SystemChrome.statusBar(
                    device: settings.device, color: color, items: settings.statusBarItems, typography: settings.typography)
            {
                root.addSublayer(bar)
            }
            if let home = SystemChrome.homeIndicator(device: settings.device, palette: palette) { root.addSublayer(home) }
            if settings.showTouches, frame >= 0 {
                let dragged = delivery.dragPoint.map { Point(Double($0.x), Double($0.y)) }
                if let touch = timeline.state(at: Double(frame) / settings.fps).touch ?? dragged {
                    root.addSublayer(Layer.touchIndicator(at: touch))
                }
            }
            return root
        }
    }

    /// Bumped by `setNeedsStatusBarAppearanceUpdate()` and a navigation bar's `barStyle`: the
    /// status bar reads its controller's preferences again.
    static var statusBarGeneration = 0
    /// The status bar the app set through `UIApplication` (when its Info.plist opts out of
    /// view-controller-based appearance): per run, so one screen's choice never reaches the next.
    var applicationStatusBar: (style: UIStatusBarStyle, hidden: Bool) = (.default, false)
    private var statusBarRead: (controller: ObjectIdentifier, generation: Int, style: UIStatusBarStyle, hidden: Bool)?

    /// The status bar's style and whether it is hidden: read from the controller that decides them
    /// when it changes or after `setNeedsStatusBarAppearanceUpdate()`, kept otherwise.
    private func statusBar() -> (UIStatusBarStyle, Bool) {
        if !UIApplication.viewControllerBasedStatusBarAppearance { return (applicationStatusBar.style, applicationStatusBar.hidden) }
        let c = root.statusBarDecider
        if let read = statusBarRead, read.controller == ObjectIdentifier(c), read.generation == Self.statusBarGeneration {
            return (read.style, read.hidden)
        }
        let style = c.preferredStatusBarStyle, hidden = c.prefersStatusBarHidden
        statusBarRead = (ObjectIdentifier(c), Self.statusBarGeneration, style, hidden)
        return (style, hidden)
    }

    /// The status bar's frame in the window (nil while it is hidden): the device's status bar
    /// height across the top.
    var statusBarFrame: CGRect? {
        guard !statusBar().1, settings.device.statusBarHeight > 0 else { return nil }
        return CGRect(x: 0, y: 0, width: CGFloat(settings.device.size.width), height: CGFloat(settings.device.statusBarHeight))
    }

    /// The indicators of a scroll view the motion moves, in its coordinates: the main one's
    /// vertical indicator, a sideways one's horizontal indicator.
    func scrollIndicators(for s: UIScrollView) -> [Layer] {
        var out: [Layer] = []
        if let vertical = scrollIndicator(for: s) { out.append(vertical) }
        if s.showsHorizontalScrollIndicator, let driver = sideways.first(where: { $0.view === s }) {
            let inset = s.adjustedContentInset, safe = s.safeAreaInsetsForAdjustment
            let range = s.horizontalRange
            let bottom = s.bounds.height - safe.bottom
            // The vertical indicator's geometry turned on its side: along the bottom edge.
            if let layer = SystemChrome.scrollIndicator(
                offset: Double(s.contentOffset.x - range.lowerBound), maxScroll: Double(range.upperBound - range.lowerBound),
                viewport: Double(s.bounds.width), contentLength: Double(s.contentSize.width + inset.left + inset.right),
                trackTop: Double(safe.left), trackBottom: Double(s.bounds.width - safe.right), width: Double(bottom),
                contentOffset: 0, opacity: driver.state.indicatorOpacity, appearance: settings.appearance)
            {
                let r = layer.frame
                layer.bounds = Rect(origin: .zero, size: Size(r.height, r.width))
                layer.position = Point(r.midY + Double(s.contentOffset.x), r.midX + Double(s.contentOffset.y))
                out.append(layer)
            }
        }
        return out
    }

    /// The indicator of the main scroll view, in its coordinates, or nil.
    func scrollIndicator(for s: UIScrollView) -> Layer? {
        guard s === scrollView, s.showsVerticalScrollIndicator else { return nil }
        let inset = s.adjustedContentInset, safe = s.safeAreaInsetsForAdjustment
        let range = s.verticalRange
        return SystemChrome.scrollIndicator(
            offset: Double(s.contentOffset.y - range.lowerBound), maxScroll: Double(range.upperBound - range.lowerBound),
            viewport: Double(s.bounds.height), contentLength: Double(s.contentSize.height + inset.top + inset.bottom),
            trackTop: Double(safe.top), trackBottom: Double(s.bounds.height - safe.bottom), width: Double(s.bounds.width),
            contentOffset: Double(s.contentOffset.y), opacity: main.state.indicatorOpacity, appearance: settings.appearance)
    }
}
