import Raster

/// A screen as a scenario composes it: a header effect, content under it, and chrome.
///
/// - Header effects (behaviour spec, section 1): `profile` (the Twitter-style header, 1.3),
///   `stretchyTable` (an image behind a transparent table, 1.1), `collection` (a stretching
///   section header, 1.2), or `none`.
/// - Content: plain rows, self-sizing mail cells (1.4) or a flow-layout grid.
/// - Chrome: the status bar, a navigation bar (floating buttons, a view that fades in, or a
///   standard bar with a title), the scroll indicator (spec 5), the home indicator.
///
/// Scroll positions are `u`, the distance from the rest position (0 at rest, negative pulled
/// down); UIKit's contentOffset.y is `u - insetTop`.
public struct Screen {
    public enum Effect: String, Sendable, CaseIterable {
        case profile, stretchyTable, collection, none
    }

    public struct Header {
        /// nil: the effect's default (110 profile, 260 stretchy table, 180 collection).
        public var height: Double?
        public var image: SceneImage?
        /// Shown where no image covers (and before one loads, in the app).
        public var color = Color(29, 161, 242)
        /// Profile: the tutorial's blurred copy of the image, fading in with the name label.
        public var blur = true
        /// Profile: Gaussian sigma of the blurred copy, in points of the header at rest.
        public var blurRadius = 13.5
        /// Profile: the name label that slides into the stuck header. Collection: the centred title.
        public var title: String?
        /// Profile: `offset_B_LabelHeader`; nil derives it (the `u` at which the name scrolls under the bar).
        public var titleOffset: Double?
        /// Profile: `distance_W_LabelHeader`; nil derives it (the slide that centres the label in the bar).
        public var titleDistance: Double?
        /// Collection: the title's glow, a blurred white copy of the text (CALayer shadowRadius, points).
        public var glowRadius = 6.0
        public init() {}
    }

    public struct Avatar {
        public var image: SceneImage?
        public var color = Color(204, 214, 221)
        public var size = 69.0
        /// Top-left corner in the table header view (y negative: it overlaps the header).
        public var x = 40.0
        public var y = -40.0
        public var cornerRadius = 10.0
        public var borderWidth = 3.0
        public var borderColor = Color.white
        public init() {}
    }

    public struct Profile {
        public var name = "Jane Appleseed"
        public var handle = "@jane"
        public var bio: String?
        public var followButton = true
        public init() {}
    }

    public struct NavigationBar {
        public enum Style: String, Sendable, CaseIterable {
            /// Transparent, with round back and more buttons over the photo (the profile screen).
            case floating
            /// A custom view that fades in as the header scrolls away (the stretchy table).
            case fading
            /// A standard bar with a centred title and a hairline.
            case standard
            /// No bar.
            case hidden
        }
        /// nil: the effect's default (floating for profile, fading for stretchyTable, standard otherwise).
        public var style: Style?
        public var title: String?
        public var fade = NavigationFade()
        /// The bar's background; nil: the appearance's systemBackground.
        public var color: Color?
        /// nil: the appearance's label colour.
        public var titleColor: Color?
        public init() {}
    }

    public var device: Device
    public var effect: Effect
    public var header = Header()
    public var avatar = Avatar()
    public var profile = Profile()
    public var content: ScreenContent
    public var navigation = NavigationBar()
    public var appearance = Appearance.light {
        didSet { palette = Palette.forAppearance(appearance) }
    }
    public private(set) var palette = Palette.light
    /// nil: the appearance's systemBackground.
    public var backgroundOverride: Color?
    public var backgroundColor: Color { backgroundOverride ?? palette.systemBackground }
    /// Draw a translucent dot where a finger touches, as the Simulator's "Show Touches" does.
    public var showTouches = false
    /// The status bar's text and glyphs: UIStatusBarStyle's light or dark content; nil follows the screen.
    public enum StatusBarContent: String, Sendable, CaseIterable { case light, dark }
    public var statusBarContent: StatusBarContent?
    /// The scenario's own layers (`layers:`, `vars:`), or nil.
    public var scene: UserScene?
    /// Layers computed by Swift code of one's own, drawn like the scenario's own layers.
    public var provider: (any SceneProvider)?
    /// The declared scroll view (`scrollView:`) of a screen without a preset (effect none).
    public var scrollView: UserScene.ScrollView?
    /// With a scene: how far its content layers reach at rest (part of the content's height).
    public var sceneContentExtent = 0.0

    public init(device: Device, effect: Effect = .profile, content: ScreenContent = .rows(Rows())) {
        self.device = device
        self.effect = effect
        self.content = content
    }

    // MARK: Geometry (points)

    public var headerHeight: Double {
        if let h = header.height { return h }
        switch effect {
        case .profile: return 110
        case .stretchyTable: return 260
        case .collection: return 180
        case .none: return 0
        }
    }

    public var navigationStyle: NavigationBar.Style {
        if let style = navigation.style { return style }
        switch effect {
        case .profile: return .floating
        case .stretchyTable: return .fading
        case .collection, .none: return .standard
        }
    }

    var hasNavigationBar: Bool { navigationStyle != .hidden }
    /// The bottom of the status bar and navigation bar.
    var barBottom: Double { device.statusBarHeight + device.navigationBarHeight }

    /// contentInset.top: where the content rests. The profile's table is inset by the header; the
    /// stretchy table starts at the top of the screen (its clear header view is content); a
    /// collection or plain table sits under the bars.
    public var insetTop: Double {
        if let sv = scrollView, effect == .none { return sv.insetTop + (sv.automaticAdjustment ? automaticInsetTop : 0) }
        switch effect {
        case .profile: return headerHeight
        case .stretchyTable: return 0
        case .collection, .none:
            return navigationStyle == .standard || navigationStyle == .fading ? barBottom : device.safeAreaTop
        }
    }

    /// What `contentInsetAdjustmentBehavior: automatic` adds at the top: the bars, or the safe area.
    var automaticInsetTop: Double {
        navigationStyle == .standard || navigationStyle == .fading ? barBottom : device.safeAreaTop
    }

    /// contentInset.bottom: the home indicator's safe area for the adjusted scroll views.
    public var insetBottom: Double {
        if let sv = scrollView, effect == .none { return sv.insetBottom + (sv.automaticAdjustment ? device.safeAreaBottom : 0) }
        switch effect {
        case .profile, .stretchyTable: return 0
        case .collection, .none: return device.safeAreaBottom
        }
    }

    /// The view at the top of the content: the profile view, the stretchy table's clear spacer,
    /// the collection's section header; nothing for a plain table.
    public var topViewHeight: Double {
        if let sv = scrollView, effect == .none { return sv.tableHeaderHeight }
        switch effect {
        case .profile: return profileHeight
        case .stretchyTable, .collection: return headerHeight
        case .none: return 0
        }
    }

    /// The content's height with every row measured.
    public var contentHeight: Double {
        if let sv = scrollView, effect == .none {
            return sv.contentHeight ?? max(topViewHeight + content.height, sceneContentExtent)
        }
        return topViewHeight + content.height
    }

    /// The valid scroll range of `u`: from 0 (rest) to the bottom of the content.
    public var maxScroll: Double { max(0, contentHeight + insetTop + insetBottom - device.size.height) }

    /// UIKit's contentOffset.y at `u` (in the real layout).
    public func contentOffset(u: Double) -> Double { u - insetTop }

    /// The self-sizing list, if the content is one.
    var mail: MailList? { if case .mail(let m) = content { return m } else { return nil } }

    /// The rows intersecting the screen at `u` (mail only; empty otherwise).
    public func visibleMailRows(u: Double) -> Range<Int> {
        guard let mail else { return 0..<0 }
        let top = contentOffset(u: u) - topViewHeight
        return mail.rows(intersecting: top, top + device.size.height)
    }

    /// What the table reports while only `measured` rows have been laid out (all when nil):
    /// contentSize.height and contentOffset.y, which differ from the real layout by the estimates.
    public func reportedGeometry(u: Double, measured: Range<Int>?) -> (contentHeight: Double, contentOffset: Double) {
        guard let mail, let measured else { return (contentHeight, contentOffset(u: u)) }
        return (topViewHeight + mail.estimatedHeight(measured: measured),
                contentOffset(u: u) + mail.offsetCorrection(measured: measured))
    }

    /// The scroll indicator's rectangle on screen at `u`, in its track, or nil when nothing scrolls.
    /// It follows the reported geometry: with estimated rows its length and position jump as rows
    /// are measured.
    public func indicatorFrame(u: Double, measured: Range<Int>? = nil) -> Rect? {
        let reported = reportedGeometry(u: u, measured: measured)
        let length = reported.contentHeight + insetTop + insetBottom
        var trackTop = effect == .profile || effect == .stretchyTable ? device.safeAreaTop : insetTop
        // A declared scroll view: iOS moves the indicator for the safe area (the bars), not for
        // contentInset; scrollIndicatorInsets add to that.
        var trackBottom = device.size.height - device.safeAreaBottom
        if let sv = scrollView, effect == .none {
            trackTop = automaticInsetTop + sv.indicatorInsetTop
            trackBottom -= sv.indicatorInsetBottom
        }
        return ScrollIndicator.frame(offset: reported.contentOffset + insetTop, maxScroll: max(0, length - device.size.height),
                                     viewport: device.size.height, contentLength: length, trackTop: trackTop,
                                     trackBottom: trackBottom, screenWidth: device.size.width)
    }

    // MARK: Profile geometry (content coordinates of the table)

    static let labelHeight = 26.0

    var avatarFrame: Rect { Rect(x: avatar.x, y: avatar.y, width: avatar.size, height: avatar.size) }
    var nameFrame: Rect { Rect(x: 16, y: avatarFrame.maxY + 10, width: device.size.width - 32, height: 22) }
    var handleFrame: Rect { Rect(x: 16, y: nameFrame.maxY + 2, width: device.size.width - 32, height: 16) }
    var bioFrame: Rect? { profile.bio == nil ? nil : Rect(x: 16, y: handleFrame.maxY + 10, width: device.size.width - 32, height: 20) }
    /// Height of the table header view that holds the avatar and the profile text.
    public var profileHeight: Double { (bioFrame ?? handleFrame).maxY + 14 }

    /// The profile effect's constants for this screen.
    public var profileEffect: ProfileHeaderEffect {
        let hh = headerHeight
        let stop = ProfileHeaderEffect.stop(headerHeight: hh, statusBarHeight: device.statusBarHeight,
                                            navigationBarHeight: hasNavigationBar ? device.navigationBarHeight : nil)
        let strip = hh - stop // the part of the header left on screen once it sticks
        return ProfileHeaderEffect(
            headerHeight: hh, stop: stop, avatarSize: avatar.size,
            labelOffset: header.titleOffset ?? (stop + nameFrame.maxY),
            labelDistance: header.titleDistance ?? ((strip - device.statusBarHeight) / 2 + Screen.labelHeight / 2))
    }

    public var stretchyEffect: StretchyTableHeaderEffect { StretchyTableHeaderEffect(height: headerHeight) }

    public var collectionEffect: CollectionHeaderEffect {
        CollectionHeaderEffect(referenceSize: Size(device.size.width, headerHeight), contentInsetTop: insetTop)
    }

    /// The effect's numbers at `u`, for the `--layout` dump: what the formulas gave this frame.
    public func metrics(u: Double, measured: Range<Int>?) -> [String: Double] {
        let o = contentOffset(u: u)
        let reported = reportedGeometry(u: u, measured: measured)
        var m: [String: Double] = ["u": u, "contentOffsetY": reported.contentOffset, "contentHeight": reported.contentHeight]
        switch effect {
        case .profile:
            let fx = profileEffect
            m["headerTranslationY"] = u < 0 ? 0 : max(-fx.stop, -u)
            m["headerScale"] = u < 0 ? 1 - u / fx.headerHeight : 1
            m["avatarScale"] = fx.avatarTransform(u: u).scaleX
            m["blurAlpha"] = fx.blurAlpha(u: u)
            m["headerZPosition"] = fx.headerZPosition(u: u)
        case .stretchyTable:
            m["headerImageHeight"] = stretchyEffect.imageHeight(contentOffset: o)
        case .collection:
            let fx = collectionEffect
            m["deltaY"] = fx.deltaY(contentOffset: o)
            m["headerY"] = fx.headerFrame(contentOffset: o).minY
            m["headerHeight"] = fx.headerFrame(contentOffset: o).height
        case .none:
            break
        }
        if navigationStyle == .fading { m["navigationAlpha"] = navigation.fade.alpha(contentOffset: o) }
        if let measured, mail != nil {
            m["measuredRows"] = Double(measured.count)
            m["firstMeasuredRow"] = Double(measured.lowerBound)
        }
        return m
    }

    // MARK: Scenes of your own

    /// The constant metrics a scene's expressions read.
    public func sceneMetrics(pixelScale: Double) -> UserScene.Metrics {
        UserScene.Metrics(screen: device.size, safeAreaTop: device.safeAreaTop, safeAreaBottom: device.safeAreaBottom,
                          statusBarHeight: device.statusBarHeight, navigationBarHeight: device.navigationBarHeight,
                          scale: pixelScale, insetTop: insetTop, insetBottom: insetBottom)
    }

    public func sceneMoment(u: Double, time: Double = 0, velocity: Double = 0, phase: ScrollPhase = .idle) -> UserScene.Moment {
        UserScene.Moment(offset: contentOffset(u: u), u: u, velocity: velocity, time: time, phase: phase)
    }

    // MARK: Layers

    /// The layer tree of a frame: the state's offset, touch and indicator opacity, for output at
    /// `pixelScale` pixels per point (hairlines are one pixel thick). `measured` is the range of
    /// self-sizing rows measured so far (nil: all).
    public func layers(state: ScrollState, pixelScale: Double, blurredImage: SceneImage?, measured: Range<Int>? = nil,
                       time: Double = 0, velocity: Double = 0, record: ((UserScene.ResolvedLayer) -> Void)? = nil) -> Layer {
        let root = layers(u: state.offset, pixelScale: pixelScale, blurredImage: blurredImage, time: time, velocity: velocity,
                          phase: state.phase, record: record)
        if state.indicatorOpacity > 0, let frame = indicatorFrame(u: state.offset, measured: measured),
           let scroller = root.sublayers.first(where: { $0.name == "table" || $0.name == "collection" }) {
            // A subview of the scroll view: in its content coordinates, above the rows, under a stuck header.
            let indicator = Layer(name: "scrollIndicator", frame: frame.offsetBy(dx: 0, dy: scroller.bounds.minY))
            indicator.backgroundColor = appearance == .light ? Color(0, 0, 0, alpha: 0.35) : Color(255, 255, 255, alpha: 0.5)
            indicator.cornerRadius = ScrollIndicator.cornerRadius
            indicator.opacity = state.indicatorOpacity
            indicator.zPosition = 100
            scroller.addSublayer(indicator)
        }
        if showTouches, let touch = state.touch { root.addSublayer(Chrome.touchIndicator(at: touch)) }
        return root
    }

    /// The layer tree at scroll position `u` without indicator and touches.
    public func layers(u: Double, pixelScale: Double, blurredImage: SceneImage?, time: Double = 0, velocity: Double = 0,
                       phase: ScrollPhase = .idle, record: ((UserScene.ResolvedLayer) -> Void)? = nil) -> Layer {
        let w = device.size.width, h = device.size.height
        let o = contentOffset(u: u)
        let root = Layer(name: "screen", frame: Rect(x: 0, y: 0, width: w, height: h))
        root.backgroundColor = backgroundColor
        let style = ContentStyle(width: w, palette: palette, background: backgroundColor, pixelScale: pixelScale)

        // Behind the content: the profile header (until it sticks) or the stretchy image view.
        if effect == .profile { root.addSublayer(profileHeaderLayer(u: u, blurredImage: blurredImage)) }
        if effect == .stretchyTable {
            let imageHeight = stretchyEffect.imageHeight(contentOffset: o)
            if imageHeight > 0 {
                let view = Layer(name: "header", frame: Rect(x: 0, y: 0, width: w, height: imageHeight))
                view.backgroundColor = header.color
                view.masksToBounds = true
                if let image = header.image {
                    // Aspect fill of the current bounds: re-fitted every frame, not scaled.
                    let imageLayer = Layer(name: "header.image", frame: Rect(x: 0, y: 0, width: w, height: imageHeight))
                    imageLayer.contents = .image(image, .aspectFill)
                    view.addSublayer(imageLayer)
                }
                root.addSublayer(view)
            }
        }

        // The scroll view: bounds.origin.y is the content offset.
        let scroller = Layer(name: content.isGrid ? "collection" : "table", frame: Rect(x: 0, y: 0, width: w, height: h))
        scroller.bounds.origin.y = o
        scroller.masksToBounds = true
        switch effect {
        case .profile:
            scroller.addSublayer(profileView(u: u, pixelScale: pixelScale))
        case .stretchyTable:
            // The clear table-header view the image shows through.
            scroller.addSublayer(Layer(name: "tableHeader", frame: Rect(x: 0, y: 0, width: w, height: headerHeight)))
        case .collection:
            scroller.addSublayer(collectionHeaderLayer(contentOffset: o))
        case .none:
            break
        }
        let top = o - topViewHeight
        for layer in content.layers(from: top, to: top + h, originY: topViewHeight, style: style) {
            scroller.addSublayer(layer)
        }
        root.addSublayer(scroller)
        // The scene's environment (built-ins and vars), evaluated once for the frame's layers and status bar.
        let metricsOfScene = sceneMetrics(pixelScale: pixelScale)
        let sceneEnvironment = scene?.environment(sceneMoment(u: u, time: time, velocity: velocity, phase: phase), metricsOfScene)
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
            if effect == .none, let sv = scrollView, sv.tableHeaderHeight > 0 {
                // The table header view is the content's first subview, before the rows.
                let headerView = Layer(name: "tableHeaderView", frame: Rect(x: 0, y: 0, width: w, height: sv.tableHeaderHeight))
                built.tableHeader.forEach(headerView.addSublayer)
                scroller.insertSublayer(headerView, at: 0)
            }
            built.content.forEach(scroller.addSublayer)
            built.screen.forEach(root.addSublayer)
        }

        // Chrome.
        // Light status bar text over the header photo of these two effects, the label colour otherwise.
        let overPhoto = effect == .profile || effect == .stretchyTable
        var statusColor = palette.label
        switch navigationStyle {
        case .floating:
            let nav = Layer(name: "navigationBar",
                            frame: Rect(x: 0, y: device.statusBarHeight, width: w, height: device.navigationBarHeight))
            nav.zPosition = 3
            let size = Size(32, 32)
            nav.addSublayer(Chrome.floatingButton(name: "navigationBar.back", frame: Rect(x: 10, y: 6, width: 32, height: 32),
                                                  glyph: Chrome.backChevron(in: size, color: .white)))
            nav.addSublayer(Chrome.floatingButton(name: "navigationBar.more", frame: Rect(x: w - 42, y: 6, width: 32, height: 32),
                                                  glyph: Chrome.moreDots(in: size, color: .white)))
            root.addSublayer(nav)
            statusColor = .white
        case .fading:
            let alpha = navigation.fade.alpha(contentOffset: o)
            if alpha > 0 { root.addSublayer(barLayer(opacity: alpha, pixelScale: pixelScale)) }
            // Dark once the bar is mostly in.
            if overPhoto { statusColor = alpha >= 0.5 ? palette.label : .white }
        case .standard:
            root.addSublayer(barLayer(opacity: 1, pixelScale: pixelScale))
        case .hidden:
            if overPhoto { statusColor = .white }
        }
        if let content = statusBarContent { statusColor = content == .light ? .white : .black }
        if let scene, let b = scene.statusBarColour, let sceneEnvironment {
            statusColor = scene.colour(b, sceneEnvironment, metricsOfScene)
        }
        let status = Chrome.statusBar(device: device, color: statusColor)
        status.zPosition = 4
        root.addSublayer(status)
        if device.hasHomeIndicator {
            let indicator = Chrome.homeIndicator(device: device, color: palette.homeIndicator)
            indicator.zPosition = 4
            root.addSublayer(indicator)
        }
        return root
    }

    /// A bar under the status bar with a centred title and a one-pixel hairline; a standard bar is
    /// translucent over a blur of the content, as UINavigationBar is.
    private func barLayer(opacity: Double, pixelScale: Double) -> Layer {
        let w = device.size.width
        let bar = Layer(name: "navigationBar", frame: Rect(x: 0, y: 0, width: w, height: barBottom))
        bar.zPosition = 3
        bar.opacity = opacity
        if navigationStyle == .standard {
            // UIKit's bar material: what scrolls under it, blurred, under a mostly opaque tint.
            bar.backdropBlurRadius = 10
            bar.backgroundColor = navigation.color ?? palette.systemBackground.withAlpha(multipliedBy: 0.8)
        } else {
            bar.backgroundColor = navigation.color ?? palette.systemBackground
        }
        if let title = navigation.title {
            let label = Layer(name: "navigationBar.title",
                              frame: Rect(x: 60, y: device.statusBarHeight, width: w - 120, height: device.navigationBarHeight))
            label.contents = .text(TextContent(title, weight: .semibold, pointSize: 17, color: navigation.titleColor ?? palette.label,
                                               alignment: .center, letterSpacing: -0.41))
            bar.addSublayer(label)
        }
        let hairline = Layer(name: "navigationBar.hairline", frame: Rect(x: 0, y: barBottom, width: w, height: 1 / pixelScale))
        hairline.backgroundColor = palette.hairline
        bar.addSublayer(hairline)
        return bar
    }

    /// The collection's section header at its stretched frame: the image re-fitted to its bounds
    /// and the title centred with a glow, neither scaled.
    private func collectionHeaderLayer(contentOffset o: Double) -> Layer {
        let frame = collectionEffect.headerFrame(contentOffset: o)
        let view = Layer(name: "header", frame: frame)
        view.backgroundColor = header.color
        view.masksToBounds = true
        if let image = header.image {
            let imageLayer = Layer(name: "header.image", frame: Rect(origin: .zero, size: frame.size))
            imageLayer.contents = .image(image, .aspectFill)
            view.addSublayer(imageLayer)
        }
        if let title = header.title {
            let label = Layer(name: "header.title", frame: Rect(x: 16, y: 0, width: frame.width - 32, height: frame.height))
            var text = TextContent(title, weight: .bold, pointSize: 28, color: .white, alignment: .center, letterSpacing: 0.36)
            text.numberOfLines = 2
            label.contents = .text(text)
            label.shadowColor = .white
            label.shadowOpacity = 0.9
            label.shadowRadius = header.glowRadius
            view.addSublayer(label)
        }
        return view
    }

    /// The profile header: above the table only once it sticks.
    private func profileHeaderLayer(u: Double, blurredImage: SceneImage?) -> Layer {
        let fx = profileEffect
        let w = device.size.width, hh = headerHeight
        let headerLayer = Layer(name: "header", frame: Rect(x: 0, y: 0, width: w, height: hh))
        headerLayer.backgroundColor = header.color
        headerLayer.masksToBounds = true
        headerLayer.transform = fx.headerTransform(u: u)
        headerLayer.zPosition = fx.headerZPosition(u: u)
        if let image = header.image {
            let imageLayer = Layer(name: "header.image", frame: Rect(x: 0, y: 0, width: w, height: hh))
            imageLayer.contents = .image(image, .aspectFill)
            headerLayer.addSublayer(imageLayer)
        }
        if let blurredImage {
            let blurLayer = Layer(name: "header.blur", frame: Rect(x: 0, y: 0, width: w, height: hh))
            blurLayer.contents = .image(blurredImage, .aspectFill)
            blurLayer.opacity = fx.blurAlpha(u: u)
            headerLayer.addSublayer(blurLayer)
        }
        if let title = header.title {
            let label = Layer(name: "header.title", frame: Rect(x: 0, y: hh, width: w, height: Screen.labelHeight))
            label.contents = .text(TextContent(title, weight: .semibold, pointSize: 17, color: .white, alignment: .center,
                                               letterSpacing: -0.41))
            label.transform = .translation(0, fx.labelTranslation(u: u))
            headerLayer.addSublayer(label)
        }
        return headerLayer
    }

    /// The table header view: avatar, follow button, name, handle, bio.
    private func profileView(u: Double, pixelScale: Double) -> Layer {
        let w = device.size.width
        let view = Layer(name: "profile", frame: Rect(x: 0, y: 0, width: w, height: profileHeight))
        view.backgroundColor = backgroundColor

        let avatarLayer = Layer(name: "avatar", frame: avatarFrame)
        avatarLayer.backgroundColor = avatar.color
        avatarLayer.cornerRadius = avatar.cornerRadius
        avatarLayer.masksToBounds = true
        avatarLayer.borderWidth = avatar.borderWidth
        avatarLayer.borderColor = avatar.borderColor
        avatarLayer.transform = profileEffect.avatarTransform(u: u)
        if let image = avatar.image {
            let imageLayer = Layer(name: "avatar.image", frame: Rect(origin: .zero, size: avatarFrame.size))
            imageLayer.contents = .image(image, .aspectFill)
            avatarLayer.addSublayer(imageLayer)
        }
        view.addSublayer(avatarLayer)

        if profile.followButton {
            let button = Layer(name: "followButton", frame: Rect(x: w - 16 - 92, y: 12, width: 92, height: 32))
            button.cornerRadius = 16
            button.borderWidth = 1
            button.borderColor = palette.systemBlue
            button.contents = .text(TextContent("Follow", weight: .semibold, pointSize: 15, color: palette.systemBlue,
                                                alignment: .center))
            view.addSublayer(button)
        }
        let name = Layer(name: "profile.name", frame: nameFrame)
        // The tutorial's colours in light mode; the system label colours in dark mode.
        let nameColor = appearance == .light ? Color(41, 47, 51) : palette.label
        let handleColor = appearance == .light ? Color(102, 107, 127) : palette.secondaryLabel
        name.contents = .text(TextContent(profile.name, weight: .medium, pointSize: 18, color: nameColor))
        view.addSublayer(name)
        let handle = Layer(name: "profile.handle", frame: handleFrame)
        handle.contents = .text(TextContent(profile.handle, weight: .regular, pointSize: 12, color: handleColor))
        view.addSublayer(handle)
        if let bio = profile.bio, let frame = bioFrame {
            let bioLayer = Layer(name: "profile.bio", frame: frame)
            bioLayer.contents = .text(TextContent(bio, weight: .regular, pointSize: 15, color: palette.label))
            view.addSublayer(bioLayer)
        }
        let line = Layer(frame: Rect(x: 0, y: profileHeight - 1 / pixelScale, width: w, height: 1 / pixelScale))
        line.backgroundColor = palette.separator
        view.addSublayer(line)
        return view
    }
}

extension ScreenContent {
    var isGrid: Bool { if case .grid = self { return true } else { return false } }
}
