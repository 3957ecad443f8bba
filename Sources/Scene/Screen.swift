import Raster

/// A screen as a scenario composes it: a scroll view with content, layers bound to the scroll,
/// and chrome.
///
/// - The scroll view: its insets and table header view (`scrollView:`), its content (plain rows,
///   self-sizing mail cells (spec 1.4) or a flow-layout grid).
/// - Layers: the scenario's own (`layers:`, a `UserScene`) and a Swift provider's. A preset
///   (`effect: profile`, ...; `Presets/`) is drawn as the layers and scroll view it expands to.
/// - Chrome: the status bar, a navigation bar (floating buttons, a view that fades in, or a
///   standard bar with a title), the scroll indicator (spec 5), the home indicator.
///
/// Scroll positions are `u`, the distance from the rest position (0 at rest, negative pulled
/// down); UIKit's contentOffset.y is `u - insetTop`.
public struct Screen: Sendable {
    public var device: Device
    /// The preset the screen was made from (`effect:`), for its `--layout` numbers; its layers
    /// and scroll view are in `scene` and `scrollView`.
    package var preset: (any ScreenPreset)?
    /// The preset's `effect:` value, or nil.
    public var presetName: String? { preset.map { type(of: $0).name } }
    public var content: ScreenContent
    public var appearance = Appearance.light {
        didSet { palette = Palette.forAppearance(appearance) }
    }
    public private(set) var palette = Palette.light
    /// nil: the appearance's systemBackground.
    public var backgroundOverride: Color?
    public var backgroundColor: Color { backgroundOverride ?? content.background(appearance) ?? palette.systemBackground }
    /// The UIKit parts' settings (`ChromeParts`), each reached through the property its part's
    /// file declares (`navigation`, `statusBarItems`, `tabBar`, `showTouches` ...).
    public var chrome = ChromeSettings()
    /// The scenario's own layers (`layers:`, `vars:`), or nil.
    public var scene: UserScene?
    /// Where the timeline's taps hit the scene's layers (`over: tap` animations), set at load.
    public var tapHits = TapHits()
    /// Layers computed by Swift code of one's own, drawn like the scenario's own layers.
    public var provider: (any SceneProvider)?
    /// The whole screen drawn by code that runs frame by frame (a UIKit view controller): when
    /// set, a frame's layers are this source's, not the scenario's content, layers or chrome.
    public var sequentialSource: (any SequentialLayerSource)?
    /// The scroll view (`scrollView:`, or a preset's): insets, table header view, content height.
    public var scrollView = UserScene.ScrollView()
    /// With a scene: how far its content layers reach at rest (part of the content's height).
    public var sceneContentExtent = 0.0
    /// The navigation bar's style when the scenario gives none.
    public var defaultNavigationStyle = NavigationBar.Style.standard
    /// The fonts and Dynamic Type size the screen's text is set in (`fonts:`, `textSize:`).
    public var typography = Typography.standard

    public init(device: Device, content: ScreenContent = .rows(Rows())) {
        self.device = device
        self.content = content
    }

    // MARK: Geometry (points)

    /// The bottom of the status bar and navigation bar.
    var barBottom: Double { device.statusBarHeight + device.navigationBarHeight }

    /// The adjusted contentInset.top: where the content rests. `automatic` adds the bars (or the
    /// safe area without them) to the declared inset.
    public var insetTop: Double { scrollView.insetTop + (scrollView.automaticAdjustment ? automaticInsetTop : 0) }

    /// What `contentInsetAdjustmentBehavior: automatic` adds at the top: the bars, or the safe area.
    package var automaticInsetTop: Double {
        (navigationStyle == .standard || navigationStyle == .fading ? barBottom : device.safeAreaTop) + barExtensionAtRest
    }

    /// The adjusted contentInset.bottom: the home indicator's safe area (or a bottom bar) when adjusted automatically.
    public var insetBottom: Double { scrollView.insetBottom + (scrollView.automaticAdjustment ? bottomSafeArea : 0) }

    /// The table header view's height: the view at the top of the content, before the rows.
    public var topViewHeight: Double { scrollView.tableHeaderHeight }

    /// The content's height with every row measured.
    public var contentHeight: Double {
        scrollView.contentHeight ?? max(rowsTop + content.height, sceneContentExtent)
    }

    /// The valid scroll range of `u`: from 0 (rest) to the bottom of the content.
    public var maxScroll: Double { max(0, contentHeight + insetTop + insetBottom - device.size.height) }

    /// UIKit's contentOffset.y at `u` (in the real layout).
    public func contentOffset(u: Double) -> Double { u - insetTop }

    /// The self-sizing list, if the content is one.
    package var mail: MailList? { if case .mail(let m) = content { return m } else { return nil } }

    /// The rows intersecting the screen at `u` (mail only; empty otherwise).
    public func visibleMailRows(u: Double) -> Range<Int> {
        guard let mail else { return 0..<0 }
        let top = contentOffset(u: u) - rowsTop
        return mail.rows(intersecting: top, top + device.size.height)
    }

    /// What the table reports while only `measured` rows have been laid out (all when nil):
    /// contentSize.height and contentOffset.y, which differ from the real layout by the estimates.
    public func reportedGeometry(u: Double, measured: Range<Int>?) -> (contentHeight: Double, contentOffset: Double) {
        guard let mail, let measured else { return (contentHeight, contentOffset(u: u)) }
        return (
            rowsTop + mail.estimatedHeight(measured: measured),
            contentOffset(u: u) + mail.offsetCorrection(measured: measured)
        )
    }

    /// The screen's numbers at `u`, for the `--layout` dump: the scroll geometry and what the
    /// preset's formulas gave this frame.
    public func metrics(u: Double, measured: Range<Int>?) -> FrameMetrics {
        let reported = reportedGeometry(u: u, measured: measured)
        var m = FrameMetrics(u: u, contentOffsetY: reported.contentOffset, contentHeight: reported.contentHeight)
        m.preset = preset?.metrics(self, u: u) ?? [:]
        for part in ChromeParts.all { part.addMetrics(of: self, u: u, to: &m) }
        if let measured, mail != nil {
            m.measuredRows = measured.count
            m.firstMeasuredRow = measured.lowerBound
        }
        return m
    }

    // MARK: Scenes of your own

    /// The constant metrics a scene's expressions read.
    public func sceneMetrics(pixelScale: Double) -> UserScene.Metrics {
        UserScene.Metrics(
            screen: device.size, safeAreaTop: device.safeAreaTop, safeAreaBottom: device.safeAreaBottom,
            statusBarHeight: device.statusBarHeight, navigationBarHeight: device.navigationBarHeight,
            scale: pixelScale, insetTop: insetTop, insetBottom: insetBottom, typography: typography)
    }

    public func sceneMoment(u: Double, time: Double = 0, velocity: Double = 0, phase: ScrollPhase = .idle) -> UserScene.Moment {
        UserScene.Moment(offset: contentOffset(u: u), u: u, velocity: velocity, time: time, phase: phase, taps: tapHits)
    }

    // MARK: Layers

    /// The layer tree of a frame: the state's offset, touch and indicator opacity, for output at
    /// `pixelScale` pixels per point (hairlines are one pixel thick). `measured` is the range of
    /// self-sizing rows measured so far (nil: all).
    public func layers(
        state: ScrollState, pixelScale: Double, measured: Range<Int>? = nil,
        time: Double = 0, velocity: Double = 0, record: ((UserScene.ResolvedLayer) -> Void)? = nil
    ) -> Layer {
        layers(
            u: state.offset, state: state, measured: measured, pixelScale: pixelScale, time: time, velocity: velocity,
            phase: state.phase, record: record)
    }

    /// The layer tree at scroll position `u` without indicator and touches.
    public func layers(
        u: Double, pixelScale: Double, time: Double = 0, velocity: Double = 0,
        phase: ScrollPhase = .idle, record: ((UserScene.ResolvedLayer) -> Void)? = nil
    ) -> Layer {
        layers(u: u, state: nil, measured: nil, pixelScale: pixelScale, time: time, velocity: velocity, phase: phase, record: record)
    }

    private func layers(
        u: Double, state: ScrollState?, measured: Range<Int>?, pixelScale: Double, time: Double,
        velocity: Double, phase: ScrollPhase, record: ((UserScene.ResolvedLayer) -> Void)?
    ) -> Layer {
        let w = device.size.width, h = device.size.height
        let o = contentOffset(u: u)
        let root = Layer(name: "screen", frame: Rect(x: 0, y: 0, width: w, height: h))
        root.backgroundColor = backgroundColor
        var style = ContentStyle(
            width: w, palette: palette, background: backgroundColor, pixelScale: pixelScale,
            safeLeft: device.safeAreaLeft, safeRight: device.safeAreaRight, margin: device.layoutMargin,
            appearance: appearance, typography: typography)
        // The table's coordinates start at the rows (after the table header view and a band).
        (style.pinTop, style.pinBottom) = (o - rowsTop + headerPinLine(u: u), o - rowsTop + h - insetBottom)

        // The scroll view: bounds.origin.y is the content offset.
        let scroller = Layer(name: content.isGrid ? "collection" : "table", frame: Rect(x: 0, y: 0, width: w, height: h))
        scroller.bounds.origin.y = o
        scroller.masksToBounds = true
        let top = o - rowsTop
        for layer in content.layers(from: top, to: top + h, originY: rowsTop, style: style) {
            scroller.addSublayer(layer)
        }
        // The scene's environment (built-ins and vars), evaluated once for the frame's layers and status bar.
        let metricsOfScene = sceneMetrics(pixelScale: pixelScale)
        let sceneEnvironment = scene?.environment(sceneMoment(u: u, time: time, velocity: velocity, phase: phase), metricsOfScene)
        var sceneStatusBarColor: Color?
        if let scene, let b = scene.statusBarColor, let sceneEnvironment {
            sceneStatusBarColor = scene.color(b, sceneEnvironment, metricsOfScene)
        }

        // The UIKit parts, in the registry's order.
        let frame = ChromeFrame(
            u: u, contentOffset: o, pixelScale: pixelScale, state: state, measured: measured,
            sceneStatusBarColor: sceneStatusBarColor, typography: typography)
        var chromeLayers = ChromeLayers()
        for part in ChromeParts.all { part.draw(self, frame, into: &chromeLayers) }

        chromeLayers.content.forEach(scroller.addSublayer)
        root.addSublayer(scroller)
        if scene != nil || provider != nil {
            // The scenario's own layers, then the Swift provider's: in the table header view, in
            // the content, on the screen (above the scroll view).
            let moment = sceneMoment(u: u, time: time, velocity: velocity, phase: phase)
            let metrics = metricsOfScene
            var built = SceneLayers()
            if let scene, let sceneEnvironment {
                (built.screen, built.content, built.tableHeader) = scene.layers(sceneEnvironment, metrics, record: record)
            }
            if let provider {
                let more = provider.layers(at: SceneState(moment: moment, metrics: metrics))
                built.screen += more.screen; built.content += more.content; built.tableHeader += more.tableHeader
            }
            if scrollView.tableHeaderHeight > 0 {
                // The table header view is the content's first subview, before the rows.
                let headerView = Layer(name: "tableHeaderView", frame: Rect(x: 0, y: 0, width: w, height: scrollView.tableHeaderHeight))
                built.tableHeader.forEach(headerView.addSublayer)
                scroller.insertSublayer(headerView, at: 0)
            }
            built.content.forEach(scroller.addSublayer)
            built.screen.forEach(root.addSublayer)
        }
        chromeLayers.screen.forEach(root.addSublayer)
        chromeLayers.scrollView.forEach(scroller.addSublayer)
        return root
    }
}

extension ScreenContent {
    var isGrid: Bool { if case .grid = self { return true } else { return false } }
}
