import Foundation
internal import Raster
internal import Scene

/// A view's transition (`UIView.transition(with:...)`) on the frame clock: the picture of the
/// view before the change, and how it gives way to the view after it.
///
/// - Cross dissolve: the picture before is drawn over the view as it is now, its opacity going
///   from 1 to 0, so each pixel of an opaque view is the before and after pictures mixed by the
///   progress (at half way, their mean).
/// - Flips: a turn of the view about its vertical (from left, from right) or horizontal axis (from
///   top, from bottom) through half a turn; drawn as its affine part, a scale across the axis from
///   1 through 0 (the picture before, edge on at half way) back to 1 (the view after). The
///   perspective is not drawn (said once).
/// - Curls: the page of the picture before lifted off upward (curl up) or the view after laid
///   down from above (curl down); drawn as the page sliding across the view. The page's bend is
///   not drawn (said once).
@MainActor final class ViewTransition {
    enum Kind: Equatable {
        case crossDissolve
        /// A flip about the vertical axis (`horizontal` true) or horizontal one.
        case flip(horizontal: Bool)
        case curl(up: Bool)
    }
    let kind: Kind
    /// The view as drawn before the change, in its bounds' coordinates (names stripped: the
    /// manifest lists the views of the view after).
    let picture: Layer
    let begin: Double, duration: Double
    let curve: CubicCurve

    init(kind: Kind, picture: Layer, begin: Double, duration: Double, curve: CubicCurve) {
        self.kind = kind; self.picture = picture; self.begin = begin; self.duration = duration; self.curve = curve
    }

    var end: Double { begin + duration }

    func progress(at t: Double) -> Double {
        duration > 0 ? curve.value(at: (t - begin) / duration) : 1
    }

    /// The kind the options name (their bits 20-23); nil: `transitionNone`.
    static func kind(_ options: UIView.AnimationOptions) -> Kind? {
        switch (options.rawValue >> 20) & 0xF {
        case 1, 2: return .flip(horizontal: true)
        case 3: return .curl(up: true)
        case 4: return .curl(up: false)
        case 5: return .crossDissolve
        case 6, 7: return .flip(horizontal: false)
        default: return nil
        }
    }

    /// The picture of `view` as drawn now: its layer tree as a frame draws it, at the origin of
    /// its bounds, without its own geometry, opacity, shadow or names.
    static func picture(of view: UIView, run: ScreenRun) -> Layer {
        let drawn = Snapshot(run: run).layer(of: view.layer)
        drawn.transform = .identity
        drawn.anchorPoint = Point(0.5, 0.5)
        drawn.position = Point(drawn.bounds.midX, drawn.bounds.midY)
        drawn.opacity = 1
        drawn.isHidden = false
        drawn.zPosition = 0
        drawn.shadowOpacity = 0
        func unname(_ l: Layer) {
            l.name = ""
            for s in l.sublayers { unname(s) }
        }
        unname(drawn)
        return drawn
    }

    /// An empty layer in `out`'s place (its geometry, depth, opacity, visibility and transform),
    /// drawn instead of it.
    private func standIn(for out: Layer) -> Layer {
        let layer = Layer(name: out.name, frame: .zero)
        layer.bounds = out.bounds
        layer.anchorPoint = out.anchorPoint
        layer.position = out.position
        layer.zPosition = out.zPosition
        layer.opacity = out.opacity
        layer.isHidden = out.isHidden
        layer.transform = out.transform
        return layer
    }

    /// The picture before, placed in a layer of `out`'s bounds (a fresh one each frame: the
    /// picture is shared by the frames and never changed).
    private func page(in out: Layer, opacity: Double = 1, offset: Double = 0) -> Layer {
        let holder = Layer(frame: .zero)
        holder.bounds = picture.bounds
        holder.position = Point(out.bounds.midX, out.bounds.midY + offset)
        holder.opacity = opacity
        holder.addSublayer(picture)
        return holder
    }

    /// `out` (the view as it is now) as the transition draws it at media time `t`.
    func draw(_ out: Layer, at t: Double) -> Layer {
        let p = min(max(progress(at: t), 0), 1)
        switch kind {
        case .crossDissolve:
            out.addSublayer(page(in: out, opacity: 1 - p))
            return out
        case .flip(let horizontal):
            // Half a turn: the scale across the axis is |cos θ|, θ from 0 to π.
            let s = abs(cos(Double.pi * p))
            let squash = horizontal ? Transform.scale(s, 1) : Transform.scale(1, s)
            guard p < 0.5 else {
                out.transform = squash.concatenating(out.transform)
                return out
            }
            // The first half shows the picture before, in the view's place.
            let face = standIn(for: out)
            face.transform = squash.concatenating(out.transform)
            face.addSublayer(page(in: out))
            return face
        case .curl(let up):
            let h = out.bounds.height
            if up {
                // The page before lifts off upward, showing the view after beneath.
                let holder = page(in: out, offset: -h * p)
                out.masksToBounds = true
                out.addSublayer(holder)
                return out
            }
            // The view after comes down over the page before.
            let box = standIn(for: out)
            box.masksToBounds = true
            box.addSublayer(page(in: out))
            out.transform = .identity
            out.opacity = 1
            out.anchorPoint = Point(0.5, 0.5)
            out.position = Point(out.bounds.midX, out.bounds.midY - h * (1 - p))
            out.zPosition = 0
            box.addSublayer(out)
            return box
        }
    }
}

extension UIView {
    /// Changes `view` inside `animations` and draws the change with the options' transition
    /// (`.transitionCrossDissolve`, the flips, the curls; see ViewTransition) over `duration` with
    /// the options' curve, on the frame clock. The changes themselves are made at once (animated
    /// with the same timing under `.allowAnimatedContent`). `completion` is called, with true, at
    /// the first frame past the end.
    /// https://developer.apple.com/documentation/uikit/uiview/1622574-transition
    public class func transition(
        with view: UIView, duration: TimeInterval, options: AnimationOptions = [], animations: (() -> Void)?, completion: ((Bool) -> Void)? = nil
    ) {
        let kind = ViewTransition.kind(options)
        guard let kind, duration > 0, areAnimationsEnabled, !AnimationCapture.withoutAnimation, let run = ScreenRun.current else {
            // No transition: the change as a plain animation block with these options.
            UIView.animate(withDuration: duration, delay: 0, options: options, animations: animations ?? {}, completion: completion)
            return
        }
        switch kind {
        case .flip:
            Diagnostics.once("transition flip", "UIView.transition: a flip's perspective is not drawn; its affine part (a scale through 0 across the axis) is")
        case .curl:
            Diagnostics.once("transition curl", "UIView.transition: a page curl's bend is not drawn; the page is drawn sliding across the view")
        case .crossDissolve: break
        }
        view.layoutIfNeeded()
        let picture = ViewTransition.picture(of: view, run: run)
        let now = ScreenEnvironment.time
        let transition = ViewTransition(kind: kind, picture: picture, begin: now, duration: duration, curve: options.curve)
        view.layer.viewTransition = transition
        if options.contains(.allowAnimatedContent) {
            UIView.animate(withDuration: duration, delay: 0, options: options, animations: animations ?? {}, completion: nil)
        } else {
            performWithoutAnimation { animations?() }
        }
        // The transition's end: it leaves the view, then the completion runs (with the other
        // completions of that frame, in the order made).
        let clock = AnimationClock.current
        let group = AnimationGroupRecord(
            completion: { [weak view] finished in
                if view?.layer.viewTransition === transition { view?.layer.viewTransition = nil }
                completion?(finished)
            }, endTime: transition.end, order: clock.nextOrder())
        clock.add(group)
    }

    /// Replaces `fromView` with `toView` in `fromView`'s superview (or, with
    /// `.showHideTransitionViews`, hides one and shows the other), drawn with the options'
    /// transition on that superview.
    /// https://developer.apple.com/documentation/uikit/uiview/1622562-transition
    public class func transition(
        from fromView: UIView, to toView: UIView, duration: TimeInterval, options: AnimationOptions = [], completion: ((Bool) -> Void)? = nil
    ) {
        let swap = {
            if options.contains(.showHideTransitionViews) {
                fromView.isHidden = true
                toView.isHidden = false
            } else {
                if let container = fromView.superview, toView.superview !== container { container.insertSubview(toView, aboveSubview: fromView) }
                fromView.removeFromSuperview()
            }
        }
        guard let container = fromView.superview else {
            swap()
            UIView.animate(withDuration: 0, delay: 0, options: [], animations: {}, completion: completion)
            return
        }
        transition(with: container, duration: duration, options: options, animations: swap, completion: completion)
    }
}

extension UIView.AnimationOptions {
    public static let allowAnimatedContent = UIView.AnimationOptions(rawValue: 1 << 7)
    public static let showHideTransitionViews = UIView.AnimationOptions(rawValue: 1 << 8)
    public static let overrideInheritedOptions = UIView.AnimationOptions(rawValue: 1 << 9)
    public static let transitionFlipFromLeft = UIView.AnimationOptions(rawValue: 1 << 20)
    public static let transitionFlipFromRight = UIView.AnimationOptions(rawValue: 2 << 20)
    public static let transitionCurlUp = UIView.AnimationOptions(rawValue: 3 << 20)
    public static let transitionCurlDown = UIView.AnimationOptions(rawValue: 4 << 20)
    public static let transitionFlipFromTop = UIView.AnimationOptions(rawValue: 6 << 20)
    public static let transitionFlipFromBottom = UIView.AnimationOptions(rawValue: 7 << 20)
}
