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
    private(set) var root: UIViewController!
    /// The scenario's motion, and the same compiled for the main scroll view's range and the
    /// delegate's targets.
    let motion: any ScrollTimeline
    package private(set) var timeline: any ScrollTimeline
    private var targets: [Int: Double] = [:]
    private var compiledFor: (ClosedRange<Double>, Double)?
    /// The last frame run (-1 before the first).
    package private(set) var frame = -1
    private var state = ScrollState(offset: 0, phase: .idle)
    private var lastTime = -1.0
    /// The scroll view the scenario's motion moves: the root view if it is one, else the first
    /// one in the view tree (depth first).
    package private(set) weak var scrollView: UIScrollView?

    package init(settings: ScreenSettings, motion: any ScrollTimeline, make: @escaping @MainActor () -> UIViewController) {
        self.settings = settings
        self.make = make
        self.motion = motion
        timeline = motion
        let d = settings.device
        traits = UITraitCollection(
            style: settings.appearance == .dark ? .dark : .light, category: UIContentSizeCategory(settings.typography.textSize),
            scale: CGFloat(d.scale), horizontal: d.idiom == .pad ? .regular : (d.orientation == .landscape && d.size.width >= 896 ? .regular : .compact),
            vertical: d.isCompactHeight ? .compact : .regular, idiom: d.idiom == .pad ? .pad : .phone, direction: .leftToRight)
    }

    /// Runs `body` with this run's environment in place.
    package func within<T>(_ body: () throws -> T) rethrows -> T {
        let saved = (ScreenRun.current, ScreenEnvironment.typography, ScreenEnvironment.device, ScreenEnvironment.imageFolders, UITraitCollection.current)
        ScreenRun.current = self
        ScreenEnvironment.typography = settings.typography
        ScreenEnvironment.device = settings.device
        ScreenEnvironment.imageFolders = settings.imageFolders
        UITraitCollection.current = traits
        defer {
            (ScreenRun.current, ScreenEnvironment.typography, ScreenEnvironment.device, ScreenEnvironment.imageFolders, UITraitCollection.current) = saved
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
        if i == 0 { start() }
        window.layoutIfNeeded()
        drive(to: t)
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
        window.backgroundColor = .systemBackground
        root = make()
        Activity.set(frame: 0, call: "loadView / viewDidLoad")
        window.rootViewController = root
        Activity.set(frame: 0, call: "viewWillAppear")
        root.sendWillAppear()
        window.makeKeyAndVisible()
        root.sendIsAppearing()
        Activity.set(frame: 0, call: "the first layout")
        window.layoutIfNeeded()
        adjustInsets(window)
        window.layoutIfNeeded()
        scrollView = ScreenRun.mainScrollView(in: root.view)
        Activity.set(frame: 0, call: "viewDidAppear")
        root.sendDidAppear()
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

    /// The motion's range for the main scroll view: u from 0 (resting at the top) to the bottom.
    private func currentBounds() -> (ClosedRange<Double>, Double)? {
        guard let s = scrollView else { return nil }
        let range = s.verticalRange
        return (0...max(0, Double(range.upperBound - range.lowerBound)), Double(s.bounds.height))
    }

    private func recompile() {
        guard let gestures = motion as? GestureTimeline, let (bounds, viewport) = currentBounds(), viewport > 0 else { return }
        if let done = compiledFor, done.1 == viewport, !targetsChanged {
            if done.0 == bounds { return }
            // Rows measured as they come on screen move the bottom of the range; a motion that stays
            // clear of both bottoms (a point to spare) is the same motion: nothing to compile again.
            if done.0.lowerBound == bounds.lowerBound, reachHigh + 1 < min(done.0.upperBound, bounds.upperBound) { return }
        }
        targetsChanged = false
        compiledFor = (bounds, viewport)
        if let again = try? gestures.recompiled(bounds: bounds, viewportHeight: viewport, releaseTargets: targets) {
            timeline = again
            // The highest offset the motion reaches, sampled at 240 Hz (as ScrollReach samples it).
            let samples = Int(min(again.duration, 3600) * 240) + 1
            reachHigh = (0...samples).reduce(-Double.infinity) { max($0, again.state(at: Double($1) / 240).offset) }
        }
    }
    /// The highest offset the compiled motion reaches.
    private var reachHigh = Double.infinity
    private var targetsChanged = false

    /// Moves the main scroll view to the motion's state at `t`, telling its delegate what UIKit
    /// would between the last frame and this one.
    private func drive(to t: Double) {
        guard let s = scrollView else { return }
        recompile()
        let top = Double(s.adjustedContentInset.top)
        var next = timeline.state(at: t)
        let delegate = s.delegate
        if next.phase == .tracking, !s.isTracking {
            s.isTracking = true; s.isDragging = true
            Activity.set(frame: frame, call: "scrollViewWillBeginDragging")
            delegate?.scrollViewWillBeginDragging(s)
        }
        if let gestures = timeline as? GestureTimeline {
            for (k, release) in gestures.releases.enumerated() where release.time > lastTime && release.time <= t {
                if !s.isDragging {
                    s.isTracking = true; s.isDragging = true
                    Activity.set(frame: frame, call: "scrollViewWillBeginDragging")
                    delegate?.scrollViewWillBeginDragging(s)
                }
                var proposed = release.target
                if s.isPagingEnabled, s.bounds.height > 0 {
                    proposed = pageTarget(release, page: Double(s.bounds.height), range: gestures.offsetBounds)
                }
                var target = s.releaseTarget(
                    CGPoint(x: s.contentOffset.x, y: CGFloat(proposed - top)), velocity: CGPoint(x: 0, y: CGFloat(release.velocity / 1000)))
                Activity.set(frame: frame, call: "scrollViewWillEndDragging(_:withVelocity:targetContentOffset:)")
                withUnsafeMutablePointer(to: &target) { pointer in
                    delegate?.scrollViewWillEndDragging(s, withVelocity: CGPoint(x: 0, y: CGFloat(release.velocity / 1000)), targetContentOffset: pointer)
                }
                let wanted = Double(target.y) + top
                if abs(wanted - release.target) > 1e-6 {
                    targets[k] = wanted
                    targetsChanged = true
                    recompile()
                    next = timeline.state(at: t)
                }
                let after = timeline.state(at: release.time + 1e-6).phase
                let decelerates = after == .decelerating || after == .bouncing
                s.isTracking = false; s.isDragging = false
                Activity.set(frame: frame, call: "scrollViewDidEndDragging(_:willDecelerate:)")
                delegate?.scrollViewDidEndDragging(s, willDecelerate: decelerates)
                if decelerates {
                    s.isDecelerating = true
                    Activity.set(frame: frame, call: "scrollViewWillBeginDecelerating")
                    delegate?.scrollViewWillBeginDecelerating(s)
                }
            }
        }
        if next.phase == .tracking, s.isDecelerating { s.isDecelerating = false }
        Activity.set(frame: frame, call: "scrollViewDidScroll")
        s.contentOffset.y = CGFloat(next.offset - top)
        if s.isDecelerating, next.phase == .idle {
            s.isDecelerating = false
            Activity.set(frame: frame, call: "scrollViewDidEndDecelerating")
            delegate?.scrollViewDidEndDecelerating(s)
        }
        if state.phase == .animating, next.phase != .animating {
            Activity.set(frame: frame, call: "scrollViewDidEndScrollingAnimation")
            delegate?.scrollViewDidEndScrollingAnimation(s)
        }
        if next.phase != .tracking, s.isTracking, !s.isDecelerating {
            s.isTracking = false; s.isDragging = false
        }
        state = next
        Activity.set(frame: frame, call: "layout")
    }

    /// Paging: the next page in the release's direction when it is fast enough (over 0.3 points
    /// per millisecond), else the nearest page, within the range.
    private func pageTarget(_ r: GestureTimeline.Release, page: Double, range: ClosedRange<Double>) -> Double {
        let current = (r.offset / page).rounded(.down)
        var target: Double
        if r.velocity > 300 {
            target = (current + 1) * page
        } else if r.velocity < -300 {
            target = current * page
        } else {
            target = (r.offset / page).rounded() * page
        }
        target = min(max(target, range.lowerBound), range.upperBound)
        return target
    }

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
            let style = root.isHidden ? .default : (self.root.statusBarController.preferredStatusBarStyle)
            let color: Color = style == .lightContent ? .white : style == .darkContent ? .black : palette.label
            if !self.root.statusBarController.prefersStatusBarHidden,
                let bar = SystemChrome.statusBar(device: settings.device, color: color, items: settings.statusBarItems, typography: settings.typography)
            {
                root.addSublayer(bar)
            }
            if let home = SystemChrome.homeIndicator(device: settings.device, palette: palette) { root.addSublayer(home) }
            return root
        }
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
            contentOffset: Double(s.contentOffset.y), opacity: state.indicatorOpacity, appearance: settings.appearance)
    }
}
