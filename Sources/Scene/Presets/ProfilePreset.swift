import Raster
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
enum ProfilePreset {
    static func expand(_ b: inout ExpansionBuilder) {
        let s = b.screen, fx = s.profileEffect, hh = s.headerHeight
        typealias Y = ExpansionBuilder
        let appearanceLight = s.appearance == .light
        b.notes = ["The profile header (behaviour spec 1.3): the table is inset by the header's height Hh, and u = offset + Hh.",
                   "header: pulled, scale 1 + s (s = -u / Hh) and down Hh s / 2; scrolled, up max(-stop, -u), over the table once u > stop.",
                   "avatar: shrinks about its bottom edge, sa = min(stop, u) / size / 1.4. title: up max(-labelDistance, labelOffset - u);",
                   "the blurred copy fades in with clamp((u - labelOffset) / labelDistance, 0, 1)."]
        let stop = s.navigationStyle != .hidden ? "Hh - (navigationBar.height + statusBar.height)" : "Hh - 64"
        b.vars = [("Hh", Y.num(hh)), ("stop", Y.text(stop)), ("labelOffset", Y.num(fx.labelOffset)),
                  ("labelDistance", Y.num(fx.labelDistance)),
                  ("sa", Y.text("u > 0 ? min(stop, u) / \(formatNumber(fx.avatarSize)) / 1.4 : 0"))]
        b.scrollView = [("contentInsetAdjustmentBehavior", Y.word("never")),
                        ("contentInset", Y.map([("top", Y.num(hh)), ("bottom", Y.num(0))], flow: true)),
                        ("tableHeaderView", Y.map([("height", Y.num(s.profileHeight))], flow: true))]
        b.indicatorInsets(presetTrackTop: s.device.safeAreaTop)

        // The header, on the screen: under the table until it sticks (zPosition -1: drawn before the table).
        var headerChildren: [Node] = []
        if s.header.image != nil {
            headerChildren.append(Y.map([("type", Y.word("image")), ("name", Y.word("header.image"))] + b.imageKeys("header")
                + [("contentMode", Y.word("aspectFill"))]))
            if Scenario.blurredCopy(of: s) != nil {
                let alpha = fx.labelDistance > 0 ? "clamp((u - labelOffset) / labelDistance, 0, 1)" : "u >= labelOffset ? 1 : 0"
                headerChildren.append(Y.map([("type", Y.word("image")), ("name", Y.word("header.blur"))] + b.imageKeys("header")
                    + [("contentMode", Y.word("aspectFill")), ("blur", Y.num(s.header.blurRadius)), ("opacity", Y.text(alpha))]))
            }
        }
        if let title = s.header.title {
            headerChildren.append(Y.map([
                ("type", Y.word("text")), ("name", Y.word("header.title")),
                ("frame", Y.flow([Y.num(0), Y.text("Hh"), Y.text("screen.width"), Y.num(Screen.labelHeight)])),
                ("text", Y.text(title)), ("weight", Y.word("semibold")), ("size", Y.num(17)), ("color", Y.colour(.white)),
                ("alignment", Y.word("center")), ("letterSpacing", Y.num(-0.41)),
                ("translateY", Y.text("max(-labelDistance, labelOffset - u)")),
            ]))
        }
        var header: [(String, Node)] = [
            ("type", Y.word("group")), ("name", Y.word("header")),
            ("frame", Y.flow([Y.num(0), Y.num(0), Y.text("screen.width"), Y.text("Hh")])),
            ("fill", Y.colour(s.header.color)), ("masksToBounds", Y.word("true")),
            ("scale", Y.text("u < 0 ? 1 + -u / Hh : 1")),
            ("translateY", Y.text("u < 0 ? Hh * (-u / Hh) / 2 : max(-stop, -u)")),
            ("zPosition", Y.text("u > stop ? 2 : -1")),
        ]
        if !headerChildren.isEmpty { header.append(("children", .sequence(.init(headerChildren, .implicit, .block)))) }

        // The table header view: avatar, follow button, name, handle, bio, separator.
        var avatar: [(String, Node)] = [
            ("type", Y.word("rectangle")), ("name", Y.word("avatar")), ("frame", Y.frame(s.avatarFrame)),
            ("fill", Y.colour(s.avatar.color)), ("cornerRadius", Y.num(s.avatar.cornerRadius)), ("masksToBounds", Y.word("true")),
            ("borderWidth", Y.num(s.avatar.borderWidth)), ("borderColor", Y.colour(s.avatar.borderColor)),
            ("scale", Y.text("1 - sa")), ("translateY", Y.text("\(formatNumber(fx.avatarSize)) * sa / 2")),
        ]
        if s.avatar.image != nil {
            avatar.append(("children", .sequence(.init([Y.map([("type", Y.word("image")), ("name", Y.word("avatar.image"))]
                + b.imageKeys("avatar") + [("contentMode", Y.word("aspectFill"))])], .implicit, .block))))
        }
        var profile: [Node] = [Y.map(avatar)]
        if s.profile.followButton {
            profile.append(Y.map([
                ("type", Y.word("text")), ("name", Y.word("followButton")),
                ("frame", Y.flow([Y.text("screen.width - 16 - 92"), Y.num(12), Y.num(92), Y.num(32)])),
                ("cornerRadius", Y.num(16)), ("borderWidth", Y.num(1)), ("borderColor", Y.colour(s.palette.systemBlue)),
                ("text", Y.text("Follow")), ("weight", Y.word("semibold")), ("size", Y.num(15)), ("color", Y.colour(s.palette.systemBlue)),
                ("alignment", Y.word("center")),
            ]))
        }
        func label(_ name: String, _ frame: Rect, _ text: String, _ weight: String, _ size: Double, _ colour: Color) -> Node {
            Y.map([("type", Y.word("text")), ("name", Y.word(name)), ("frame", Y.frame(frame, width: "screen.width - 32")), ("text", Y.text(text)),
                   ("weight", Y.word(weight)), ("size", Y.num(size)), ("color", Y.colour(colour))])
        }
        // The tutorial's colours in light mode; the system label colours in dark mode.
        profile.append(label("profile.name", s.nameFrame, s.profile.name, "medium", 18, appearanceLight ? Color(41, 47, 51) : s.palette.label))
        profile.append(label("profile.handle", s.handleFrame, s.profile.handle, "regular", 12,
                             appearanceLight ? Color(102, 107, 127) : s.palette.secondaryLabel))
        if let bio = s.profile.bio, let frame = s.bioFrame {
            profile.append(label("profile.bio", frame, bio, "regular", 15, s.palette.label))
        }
        profile.append(Y.map([("type", Y.word("rectangle")),
                              ("frame", Y.flow([Y.num(0), Y.text("\(formatNumber(s.profileHeight)) - 1 / scale"), Y.text("screen.width"),
                                                Y.text("1 / scale")])),
                              ("fill", Y.colour(s.palette.separator))]))
        let view: [(String, Node)] = [
            ("type", Y.word("group")), ("name", Y.word("profile")), ("in", Y.word("tableHeader")),
            ("frame", Y.flow([Y.num(0), Y.num(0), Y.text("screen.width"), Y.num(s.profileHeight)])),
            ("fill", Y.colour(s.backgroundColor)), ("children", .sequence(.init(profile, .implicit, .block))),
        ]
        b.layers = [Y.map(header), Y.map(view)]
    }
}
