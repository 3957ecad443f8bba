import Raster
import Scene
import Yams

/// `effect: profile` (behaviour spec 1.3): the Twitter-style profile header. The table is inset
/// by the header's height `Hh`; `u = offset + Hh`.
///
/// - header: pulled (u < 0) it scales by `1 + s` about its centre and moves down `Hh s / 2`
///   (`s = -u / Hh`), so its top edge stays put; scrolled, it moves up `max(-stop, -u)` and sticks
///   above the table (zPosition 2) once `u > stop`.
/// - avatar: shrinks about its bottom edge, `sa = min(stop, u) / size / 1.4`, scale `1 - sa`.
/// - title label: slides up `max(-distance, offset_B - u)`; the blurred copy fades in with
///   `clamp((u - offset_B) / distance, 0, 1)`.
struct ProfilePreset: Preset {
    static let name = "profile"
    static let headerKeys = ["blur", "blurRadius", "title", "titleOffset", "titleDistance"]
    static let ownKeys = ["avatar", "profile"]
    static let defaultHeaderHeight = 110.0
    static let defaultNavigationStyle = Screen.NavigationBar.Style.floating
    static let overPhoto = true
    static let avatarKeys = ["image", "imageScale", "color", "size", "x", "y", "cornerRadius", "borderWidth", "borderColor"]
    static let profileKeys = ["name", "handle", "bio", "bioLines", "followButton"]
    /// The name label that slides into the stuck header.
    static let labelHeight = 26.0

    struct Avatar: Sendable {
        var image: SceneImage?
        var color = Color(204, 214, 221)
        var size = 69.0
        /// Top-left corner in the table header view (y negative: it overlaps the header).
        var x = 40.0
        var y = -40.0
        var cornerRadius = 10.0
        var borderWidth = 3.0
        var borderColor = Color.white
    }

    struct Profile: Sendable {
        var name = "Jane Appleseed"
        var handle = "@jane"
        var bio: String?
        /// The bio's numberOfLines: 0 wraps without limit.
        var bioLines = 0
        var followButton = true
    }

    var header = PresetHeader()
    var avatar = Avatar()
    var profile = Profile()

    init() {}

    mutating func read(_ top: [String: Node], _ r: ScenarioReader, _ images: ImageResolver) {
        if let node = top["avatar"], let m = r.mapping(node, "avatar", allowed: Self.avatarKeys) {
            if let n = m["image"] {
                let scale = m["imageScale"].flatMap { r.number($0, "avatar.imageScale", range: 1...4) } ?? 1
                avatar.image = images.load(n, "avatar.image", scale: scale)
            }
            if let n = m["color"], let v = r.color(n, "avatar.color") { avatar.color = v }
            if let n = m["size"], let v = r.number(n, "avatar.size", range: 1...1000, unit: "points") { avatar.size = v }
            if let n = m["x"], let v = r.number(n, "avatar.x", range: -2000...2000, unit: "points") { avatar.x = v }
            if let n = m["y"], let v = r.number(n, "avatar.y", range: -2000...2000, unit: "points") { avatar.y = v }
            if let n = m["cornerRadius"], let v = r.number(n, "avatar.cornerRadius", range: 0...500, unit: "points") { avatar.cornerRadius = v }
            if let n = m["borderWidth"], let v = r.number(n, "avatar.borderWidth", range: 0...100, unit: "points") { avatar.borderWidth = v }
            if let n = m["borderColor"], let v = r.color(n, "avatar.borderColor") { avatar.borderColor = v }
        }
        if let node = top["profile"], let m = r.mapping(node, "profile", allowed: Self.profileKeys) {
            if let n = m["name"], let v = r.text(n, "profile.name", allowEmpty: true) { profile.name = v }
            if let n = m["handle"], let v = r.text(n, "profile.handle", allowEmpty: true) { profile.handle = v }
            if let n = m["bio"], let v = r.text(n, "profile.bio") { profile.bio = v }
            if let n = m["bioLines"], let v = r.integer(n, "profile.bioLines", range: 0...1000) { profile.bioLines = v }
            if let n = m["followButton"], let v = r.bool(n, "profile.followButton") { profile.followButton = v }
        }
    }

    /// The stop (spec 1.3) must not be negative: the header has to reach below the bars. A bio
    /// without a line limit must not make the profile taller than a table header view can be.
    func check(_ screen: Screen, _ top: [String: Node], root: Node, _ r: ScenarioReader) {
        let device = screen.device
        let limit = ScenarioLoader.maximumTableHeaderViewHeight
        if case .mapping(let m)? = top["profile"], let bio = m.first(where: { $0.key.string == "bio" })?.value,
            profile.bio != nil, case let tall = profileHeight(width: device.size.width, screen.typography), tall > limit
        {
            r.report(
                bio, "profile.bio",
                "makes the profile \(r.format(tall)) points tall on \(device.id) at text size "
                    + "\(screen.typography.textSize.rawValue), over the limit of \(r.format(limit)) for a table header view; "
                    + "shorten the bio or give it profile.bioLines (such as 3)")
        }
        let bars = screen.navigationStyle != .hidden ? device.statusBarHeight + device.navigationBarHeight : 64
        guard headerHeight < bars else { return }
        var node = top["header"] ?? root
        if case .mapping(let m)? = top["header"], let h = m.first(where: { $0.key.string == "height" })?.value { node = h }
        r.report(
            node, "header.height",
            "must be at least \(Int(bars)) points on \(device.id) "
                + (screen.navigationStyle != .hidden
                    ? "(status bar \(Int(device.statusBarHeight)) + navigation bar 44)" : "(64 without a navigation bar)")
                + ", got \(r.format(headerHeight)); make the header taller")
    }

    // MARK: Geometry (content coordinates of the table)

    var avatarFrame: Rect { Rect(x: avatar.x, y: avatar.y, width: avatar.size, height: avatar.size) }
    /// The labels' sizes at the Large text size and the text styles they follow.
    static let nameText = (size: 18.0, weight: FontWeight.medium, style: TextStyle.headline, minimumHeight: 22.0)
    static let handleText = (size: 12.0, weight: FontWeight.regular, style: TextStyle.caption1, minimumHeight: 16.0)
    static let bioText = (size: 15.0, weight: FontWeight.regular, style: TextStyle.subheadline, minimumHeight: 20.0)

    /// A label's height: its text set at the width (in the current typography), whole points, at
    /// least the height the tutorial gives it.
    static func labelHeight(
        _ text: String, _ spec: (size: Double, weight: FontWeight, style: TextStyle, minimumHeight: Double),
        width: Double, lines: Int, _ typography: Typography
    ) -> Double {
        var t = TextContent(text, weight: spec.weight, pointSize: typography.scaled(spec.size, style: spec.style), typography: typography)
        t.numberOfLines = lines
        return max(spec.minimumHeight, t.paragraph(width: max(1, width)).height.rounded(.up))
    }

    func nameFrame(width w: Double, _ typography: Typography) -> Rect {
        Rect(
            x: 16, y: avatarFrame.maxY + 10, width: w - 32, height: Self.labelHeight(profile.name, Self.nameText, width: w - 32, lines: 1, typography)
        )
    }
    func handleFrame(width w: Double, _ typography: Typography) -> Rect {
        Rect(
            x: 16, y: nameFrame(width: w, typography).maxY + 2, width: w - 32,
            height: Self.labelHeight(profile.handle, Self.handleText, width: w - 32, lines: 1, typography))
    }
    /// The bio wraps at the width (`bioLines`, 0 without limit).
    func bioFrame(width w: Double, _ typography: Typography) -> Rect? {
        guard let bio = profile.bio else { return nil }
        return Rect(
            x: 16, y: handleFrame(width: w, typography).maxY + 10, width: w - 32,
            height: Self.labelHeight(bio, Self.bioText, width: w - 32, lines: profile.bioLines, typography))
    }
    /// Height of the table header view that holds the avatar and the profile text.
    func profileHeight(width w: Double, _ typography: Typography) -> Double {
        (bioFrame(width: w, typography) ?? handleFrame(width: w, typography)).maxY + 14
    }

    /// The effect's constants on `screen`.
    func effect(on screen: Screen) -> ProfileHeaderEffect {
        let hh = headerHeight, device = screen.device
        let stop = ProfileHeaderEffect.stop(
            headerHeight: hh, statusBarHeight: device.statusBarHeight,
            navigationBarHeight: screen.navigationStyle != .hidden ? device.navigationBarHeight : nil)
        let strip = hh - stop // the part of the header left on screen once it sticks
        return ProfileHeaderEffect(
            headerHeight: hh, stop: stop, avatarSize: avatar.size,
            labelOffset: header.titleOffset ?? (stop + nameFrame(width: device.size.width, screen.typography).maxY),
            labelDistance: header.titleDistance ?? ((strip - device.statusBarHeight) / 2 + Self.labelHeight / 2))
    }

    /// The tutorial's blurred copy fades in with the name label: drawn when there is a label and a photo to blur.
    var drawsBlurredCopy: Bool {
        header.blur && (header.title != nil || header.titleOffset != nil) && header.image != nil && header.blurRadius > 0
    }

    /// The stuck header's bottom edge: `Hh - stop`.
    func pinLine(_ screen: Screen) -> Double? {
        let fx = effect(on: screen)
        return fx.headerHeight - fx.stop
    }

    func metrics(_ screen: Screen, u: Double) -> [String: Double] {
        let fx = effect(on: screen)
        return [
            "headerTranslationY": u < 0 ? 0 : max(-fx.stop, -u), "headerScale": u < 0 ? 1 - u / fx.headerHeight : 1,
            "avatarScale": fx.avatarTransform(u: u).scaleX, "blurAlpha": fx.blurAlpha(u: u),
            "headerZPosition": fx.headerZPosition(u: u),
        ]
    }

    func expand(_ b: inout ExpansionBuilder) {
        let s = b.screen, fx = effect(on: s), hh = headerHeight, w = s.device.size.width
        let profileHeight = profileHeight(width: w, b.screen.typography)
        typealias Y = ExpansionBuilder
        b.notes = [
            "The profile header (behaviour spec 1.3): the table is inset by the header's height Hh, and u = offset + Hh.",
            "header: pulled, scale 1 + s (s = -u / Hh) and down Hh s / 2; scrolled, up max(-stop, -u), over the table once u > stop.",
            "avatar: shrinks about its bottom edge, sa = min(stop, u) / size / 1.4. title: up max(-labelDistance, labelOffset - u);",
            "the blurred copy fades in with clamp((u - labelOffset) / labelDistance, 0, 1).",
        ]
        let stop = s.navigationStyle != .hidden ? "Hh - (navigationBar.height + statusBar.height)" : "Hh - 64"
        b.vars = [
            ("Hh", Y.num(hh)), ("stop", Y.text(stop)), ("labelOffset", Y.num(fx.labelOffset)),
            ("labelDistance", Y.num(fx.labelDistance)),
            ("sa", Y.text("u > 0 ? min(stop, u) / \(formatNumber(fx.avatarSize)) / 1.4 : 0")),
        ]
        // The inset is not adjusted (never): under a tab bar or toolbar the preset insets the bottom
        // by the bar's height, as an app would, so the last rows can scroll clear of it.
        b.scrollView = [
            ("contentInsetAdjustmentBehavior", Y.word("never")),
            ("contentInset", Y.map([("top", Y.num(hh)), ("bottom", Y.num(s.bottomBarHeight))], flow: true)),
            ("tableHeaderView", Y.map([("height", Y.num(min(profileHeight, ScenarioLoader.maximumTableHeaderViewHeight)))], flow: true)),
        ]
        b.indicatorInsets(presetTrackTop: s.device.safeAreaTop)

        b.layers = [Y.map(headerLayer(b, fx)), Y.map(profileView(b, fx, profileHeight: profileHeight))]
    }

    /// The header, on the screen: under the table until it sticks (zPosition -1: drawn before
    /// the table); its image, the blurred copy that fades in, and the title.
    private func headerLayer(_ b: ExpansionBuilder, _ fx: ProfileHeaderEffect) -> [(String, Node)] {
        typealias Y = ExpansionBuilder
        let s = b.screen
        var headerChildren: [Node] = []
        if header.image != nil {
            headerChildren.append(
                Y.map(
                    [("type", Y.word("image")), ("name", Y.word("header.image"))] + b.imageKeys("header", header.image)
                        + [("contentMode", Y.word("aspectFill"))]))
            if drawsBlurredCopy {
                let alpha = fx.labelDistance > 0 ? "clamp((u - labelOffset) / labelDistance, 0, 1)" : "u >= labelOffset ? 1 : 0"
                headerChildren.append(
                    Y.map(
                        [("type", Y.word("image")), ("name", Y.word("header.blur"))] + b.imageKeys("header", header.image)
                            + [("contentMode", Y.word("aspectFill")), ("blur", Y.num(header.blurRadius)), ("opacity", Y.text(alpha))]))
            }
        }
        if let title = header.title {
            // Centred between the floating back and more buttons (8 pt clear of them), as a bar's
            // title keeps clear of its items: a long title is cut at the tail, not drawn under them.
            let inset =
                s.navigationStyle == .floating
                ? Chrome.floatingButtonInset + Chrome.floatingButtonSize + 8 + max(s.device.safeAreaLeft, s.device.safeAreaRight) : 0
            headerChildren.append(
                Y.map([
                    ("type", Y.word("text")), ("name", Y.word("header.title")),
                    (
                        "frame",
                        Y.flow([
                            Y.num(inset), Y.text("Hh"), inset > 0 ? Y.text("screen.width - \(formatNumber(2 * inset))") : Y.text("screen.width"),
                            Y.num(Self.labelHeight),
                        ])
                    ),
                    ("text", Y.literal(title)), ("weight", Y.word("semibold")), ("size", Y.num(17)), ("color", Y.color(.white)),
                    ("alignment", Y.word("center")), ("letterSpacing", Y.num(-0.41)),
                    ("translateY", Y.text("max(-labelDistance, labelOffset - u)")),
                ]))
        }
        var headerLayer: [(String, Node)] = [
            ("type", Y.word("group")), ("name", Y.word("header")),
            ("frame", Y.flow([Y.num(0), Y.num(0), Y.text("screen.width"), Y.text("Hh")])),
            ("fill", Y.color(header.color)), ("masksToBounds", Y.word("true")),
            ("scale", Y.text("u < 0 ? 1 + -u / Hh : 1")),
            ("translateY", Y.text("u < 0 ? Hh * (-u / Hh) / 2 : max(-stop, -u)")),
            ("zPosition", Y.text("u > stop ? 2 : -1")),
        ]
        if !headerChildren.isEmpty { headerLayer.append(("children", .sequence(.init(headerChildren, .implicit, .block)))) }
        return headerLayer
    }

    /// The table header view: avatar, follow button, name, handle, bio, separator.
    private func profileView(_ b: ExpansionBuilder, _ fx: ProfileHeaderEffect, profileHeight: Double) -> [(String, Node)] {
        typealias Y = ExpansionBuilder
        let s = b.screen, w = s.device.size.width
        let appearanceLight = s.appearance == .light
        var avatarLayer: [(String, Node)] = [
            ("type", Y.word("rectangle")), ("name", Y.word("avatar")), ("frame", Y.frame(avatarFrame)),
            ("fill", Y.color(avatar.color)), ("cornerRadius", Y.num(avatar.cornerRadius)), ("masksToBounds", Y.word("true")),
            ("borderWidth", Y.num(avatar.borderWidth)), ("borderColor", Y.color(avatar.borderColor)),
            ("scale", Y.text("1 - sa")), ("translateY", Y.text("\(formatNumber(fx.avatarSize)) * sa / 2")),
        ]
        if avatar.image != nil {
            avatarLayer.append(
                (
                    "children",
                    .sequence(
                        .init(
                            [
                                Y.map(
                                    [("type", Y.word("image")), ("name", Y.word("avatar.image"))]
                                        + b.imageKeys("avatar", avatar.image) + [("contentMode", Y.word("aspectFill"))])
                            ], .implicit, .block))
                ))
        }
        var profileLayers: [Node] = [Y.map(avatarLayer)]
        if profile.followButton {
            profileLayers.append(
                Y.map([
                    ("type", Y.word("text")), ("name", Y.word("followButton")),
                    ("frame", Y.flow([Y.text("screen.width - 16 - 92"), Y.num(12), Y.num(92), Y.num(32)])),
                    ("cornerRadius", Y.num(16)), ("borderWidth", Y.num(1)), ("borderColor", Y.color(s.palette.systemBlue)),
                    ("text", Y.text("Follow")), ("weight", Y.word("semibold")), ("size", Y.num(15)), ("color", Y.color(s.palette.systemBlue)),
                    ("alignment", Y.word("center")),
                ]))
        }
        func label(
            _ name: String, _ frame: Rect, _ text: String, _ spec: (size: Double, weight: FontWeight, style: TextStyle, minimumHeight: Double),
            _ color: Color, lines: Int = 1
        ) -> Node {
            Y.map(
                [
                    ("type", Y.word("text")), ("name", Y.word(name)), ("frame", Y.frame(frame, width: "screen.width - 32")), ("text", Y.literal(text)),
                    ("style", Y.word(spec.style.rawValue)), ("weight", Y.word(spec.weight.rawValue)), ("size", Y.num(spec.size)),
                    ("color", Y.color(color)),
                ] + (lines == 1 ? [] : [("lines", Y.num(Double(lines)))]))
        }
        // The tutorial's colors in light mode; the system label colors in dark mode.
        profileLayers.append(
            label(
                "profile.name", nameFrame(width: w, s.typography), profile.name, Self.nameText, appearanceLight ? Color(41, 47, 51) : s.palette.label)
        )
        profileLayers.append(
            label(
                "profile.handle", handleFrame(width: w, s.typography), profile.handle, Self.handleText,
                appearanceLight ? Color(102, 107, 127) : s.palette.secondaryLabel))
        if let bio = profile.bio, let frame = bioFrame(width: w, s.typography) {
            profileLayers.append(label("profile.bio", frame, bio, Self.bioText, s.palette.label, lines: profile.bioLines))
        }
        profileLayers.append(
            Y.map([
                ("type", Y.word("rectangle")),
                (
                    "frame",
                    Y.flow([
                        Y.num(0), Y.text("\(formatNumber(profileHeight)) - 1 / scale"), Y.text("screen.width"),
                        Y.text("1 / scale"),
                    ])
                ),
                ("fill", Y.color(s.palette.separator)),
            ]))
        return [
            ("type", Y.word("group")), ("name", Y.word("profile")), ("in", Y.word("tableHeader")),
            ("frame", Y.flow([Y.num(0), Y.num(0), Y.text("screen.width"), Y.num(profileHeight)])),
            ("fill", Y.color(s.backgroundColor)), ("children", .sequence(.init(profileLayers, .implicit, .block))),
        ]
    }
}
