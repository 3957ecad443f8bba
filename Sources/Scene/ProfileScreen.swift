import Raster

/// Everything the profile screen shows, as a scenario file describes it (points, straight colours).
public struct ProfileScreen {
    public struct Header {
        public var height = 110.0
        public var image: SceneImage?
        /// Shown where no image covers (and before one loads, in the app).
        public var color = Color(29, 161, 242)
        /// The tutorial's blurred copy of the image, fading in with the name label.
        public var blur = true
        /// Gaussian sigma of the blurred copy, in points of the header at rest.
        public var blurRadius = 13.5
        /// The name label that slides into the stuck header; nil for none.
        public var title: String?
        /// `offset_B_LabelHeader`; nil derives it: the `u` at which the profile name scrolls under the bar.
        public var titleOffset: Double?
        /// `distance_W_LabelHeader`; nil derives it: the slide that centres the label in the bar (35 in the tutorial).
        public var titleDistance: Double?
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

    public struct Rows {
        public var count = 30
        /// Row texts, used in turn; empty gives "Row 1", "Row 2", ...
        public var texts: [String] = []
        public var height = 44.0
        public init() {}
        public func text(at index: Int) -> String { texts.isEmpty ? "Row \(index + 1)" : texts[index % texts.count] }
    }

    public var device: Device
    public var header = Header()
    public var avatar = Avatar()
    public var profile = Profile()
    public var rows = Rows()
    /// A transparent navigation bar with floating buttons; also sets the stop (spec 1.3).
    public var navigationBar = true
    public var appearance = Appearance.light {
        didSet { palette = Palette.forAppearance(appearance) }
    }
    public private(set) var palette = Palette.light
    /// nil: the appearance's systemBackground.
    public var backgroundOverride: Color?
    public var backgroundColor: Color { backgroundOverride ?? palette.systemBackground }
    /// Draw a translucent dot where a finger touches, as the Simulator's "Show Touches" does.
    public var showTouches = false

    public init(device: Device) { self.device = device }

    // MARK: Derived geometry (content coordinates of the table, points)

    static let labelHeight = 26.0

    var avatarFrame: Rect { Rect(x: avatar.x, y: avatar.y, width: avatar.size, height: avatar.size) }
    var nameFrame: Rect { Rect(x: 16, y: avatarFrame.maxY + 10, width: device.size.width - 32, height: 22) }
    var handleFrame: Rect { Rect(x: 16, y: nameFrame.maxY + 2, width: device.size.width - 32, height: 16) }
    var bioFrame: Rect? { profile.bio == nil ? nil : Rect(x: 16, y: handleFrame.maxY + 10, width: device.size.width - 32, height: 20) }
    /// Height of the table header view that holds the avatar and the profile text.
    public var profileHeight: Double { (bioFrame ?? handleFrame).maxY + 14 }
    /// The table's content height: the profile view and the rows.
    public var contentHeight: Double { profileHeight + Double(rows.count) * rows.height }

    /// The effect's constants for this screen.
    public var effect: ProfileHeaderEffect {
        let stop = ProfileHeaderEffect.stop(headerHeight: header.height, statusBarHeight: device.statusBarHeight,
                                            navigationBarHeight: navigationBar ? device.navigationBarHeight : nil)
        let strip = header.height - stop // the part of the header left on screen once it sticks
        return ProfileHeaderEffect(
            headerHeight: header.height, stop: stop, avatarSize: avatar.size,
            labelOffset: header.titleOffset ?? (stop + nameFrame.maxY),
            labelDistance: header.titleDistance ?? ((strip - device.statusBarHeight) / 2 + ProfileScreen.labelHeight / 2))
    }

    /// The scroll indicator's rectangle on screen at `u`, in its safe-area track.
    public func indicatorFrame(u: Double) -> Rect? {
        ScrollIndicator.frame(offset: u, maxScroll: maxScroll, viewport: device.size.height,
                              contentLength: contentHeight + header.height, trackTop: device.safeAreaTop,
                              trackBottom: device.size.height - device.safeAreaBottom, screenWidth: device.size.width)
    }

    /// The valid scroll range of `u`: from 0 (rest) to the bottom of the content.
    public var maxScroll: Double { max(0, contentHeight - (device.size.height - header.height)) }

    // MARK: Layers

    /// The layer tree at scroll position `u` (0 at rest, negative pulled down), for output at
    /// `pixelScale` pixels per point (hairlines are one pixel thick).
    public func layers(state: ScrollState, pixelScale: Double, blurredImage: SceneImage?) -> Layer {
        let root = layers(u: state.offset, pixelScale: pixelScale, blurredImage: blurredImage)
        if state.indicatorOpacity > 0, let frame = indicatorFrame(u: state.offset),
           let table = root.sublayers.first(where: { $0.name == "table" }) {
            // A subview of the table: in its content coordinates, above the rows, under a stuck header.
            let indicator = Layer(name: "scrollIndicator", frame: frame.offsetBy(dx: 0, dy: table.bounds.minY))
            indicator.backgroundColor = appearance == .light ? Color(0, 0, 0, alpha: 0.35) : Color(255, 255, 255, alpha: 0.5)
            indicator.cornerRadius = ScrollIndicator.cornerRadius
            indicator.opacity = state.indicatorOpacity
            indicator.zPosition = 100
            table.addSublayer(indicator)
        }
        if showTouches, let touch = state.touch { root.addSublayer(Chrome.touchIndicator(at: touch)) }
        return root
    }

    public func layers(u: Double, pixelScale: Double, blurredImage: SceneImage?) -> Layer {
        let fx = effect
        let w = device.size.width, h = device.size.height
        let hh = header.height
        let root = Layer(name: "screen", frame: Rect(x: 0, y: 0, width: w, height: h))
        root.backgroundColor = backgroundColor

        // Header: above the table only once it sticks.
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
            let label = Layer(name: "header.title", frame: Rect(x: 0, y: hh, width: w, height: ProfileScreen.labelHeight))
            label.contents = .text(TextContent(title, weight: .semibold, pointSize: 17, color: .white, alignment: .center,
                                               letterSpacing: -0.41))
            label.transform = .translation(0, fx.labelTranslation(u: u))
            headerLayer.addSublayer(label)
        }
        root.addSublayer(headerLayer)

        // The table: transparent, content inset Hh, so contentOffset.y = u - Hh.
        let table = Layer(name: "table", frame: Rect(x: 0, y: 0, width: w, height: h))
        table.bounds.origin.y = u - hh
        table.masksToBounds = true
        table.addSublayer(profileView(u: u, pixelScale: pixelScale))
        let firstVisible = max(0, Int(((u - hh - profileHeight) / rows.height).rounded(.down)))
        let lastVisible = min(rows.count - 1, Int(((u - hh + h - profileHeight) / rows.height).rounded(.up)))
        if firstVisible <= lastVisible {
            for i in firstVisible...lastVisible { table.addSublayer(row(i, pixelScale: pixelScale)) }
        }
        root.addSublayer(table)

        if navigationBar {
            let nav = Layer(name: "navigationBar",
                            frame: Rect(x: 0, y: device.statusBarHeight, width: w, height: device.navigationBarHeight))
            nav.zPosition = 3
            let size = Size(32, 32)
            nav.addSublayer(Chrome.floatingButton(name: "navigationBar.back", frame: Rect(x: 10, y: 6, width: 32, height: 32),
                                                  glyph: Chrome.backChevron(in: size, color: .white)))
            nav.addSublayer(Chrome.floatingButton(name: "navigationBar.more", frame: Rect(x: w - 42, y: 6, width: 32, height: 32),
                                                  glyph: Chrome.moreDots(in: size, color: .white)))
            root.addSublayer(nav)
        }
        let status = Chrome.statusBar(device: device, color: .white)
        status.zPosition = 4
        root.addSublayer(status)
        if device.hasHomeIndicator {
            let indicator = Chrome.homeIndicator(device: device, color: palette.homeIndicator)
            indicator.zPosition = 4
            root.addSublayer(indicator)
        }
        return root
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
        avatarLayer.transform = effect.avatarTransform(u: u)
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

    /// One 44 pt row: text at the 16 pt margin, a one-pixel separator from the margin to the edge.
    private func row(_ index: Int, pixelScale: Double) -> Layer {
        let w = device.size.width
        let y = profileHeight + Double(index) * rows.height
        let cell = Layer(name: "row.\(index)", frame: Rect(x: 0, y: y, width: w, height: rows.height))
        cell.backgroundColor = backgroundColor
        let label = Layer(frame: Rect(x: 16, y: 0, width: w - 32, height: rows.height))
        label.contents = .text(TextContent(rows.text(at: index), pointSize: 17, color: palette.label, letterSpacing: -0.41))
        cell.addSublayer(label)
        let separator = Layer(frame: Rect(x: 16, y: rows.height - 1 / pixelScale, width: w - 16, height: 1 / pixelScale))
        separator.backgroundColor = palette.separator
        cell.addSublayer(separator)
        return cell
    }
}
