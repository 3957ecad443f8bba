import Foundation
internal import Raster
internal import Scene

/// https://developer.apple.com/documentation/uikit/uimodalpresentationstyle
public enum UIModalPresentationStyle: Int, Sendable {
    case fullScreen = 0, pageSheet = 1, formSheet = 2, currentContext = 3, custom = 4, overFullScreen = 5, overCurrentContext = 6
    case popover = 7, none = -1, automatic = -2
}

/// https://developer.apple.com/documentation/uikit/uimodaltransitionstyle
public enum UIModalTransitionStyle: Int, Sendable {
    case coverVertical = 0, flipHorizontal = 1, crossDissolve = 2, partialCurl = 3
}

/// A presentation on screen: the presented controller's view in a container in the window (a
/// page sheet's card, or the whole screen), the dimming and black backdrop of a sheet, and how
/// it came (for the dismissal to play it backwards).
@MainActor final class Presentation {
    enum Look { case sheet, fullScreen, overFullScreen }
    let look: Look
    let dissolves: Bool
    let container: UIView
    let dimming: UIView?
    let backdrop: UIView?
    /// The presenter's view drawn pushed back behind a sheet.
    let presenterView: UIView?

    init(look: Look, dissolves: Bool, container: UIView, dimming: UIView?, backdrop: UIView?, presenterView: UIView?) {
        self.look = look
        self.dissolves = dissolves
        self.container = container
        self.dimming = dimming
        self.backdrop = backdrop
        self.presenterView = presenterView
    }

    /// How long a presentation or dismissal animates, in seconds (assumed: Apple publishes no figure).
    static let duration = 0.5
    /// A page sheet's top edge below the presenter's pushed-back top (the safe area's top), its corners.
    static let sheetGap: CGFloat = 10
    static let cornerRadius: CGFloat = 10
    /// The black over the presenter behind a sheet.
    static let dimmingAlpha: CGFloat = 0.4
    /// The presenter behind a sheet is scaled to leave this much at each side.
    static let pushedBackInset: CGFloat = 16

    /// The look a style has on an iPhone (compact width): sheets for the sheet styles, the whole
    /// screen otherwise; the views beneath stay for the "over" styles and sheets.
    static func look(of style: UIModalPresentationStyle) -> Look {
        switch style {
        case .automatic, .pageSheet, .formSheet, .popover: return .sheet
        case .fullScreen, .currentContext, .none: return .fullScreen
        case .overFullScreen, .overCurrentContext: return .overFullScreen
        case .custom:
            Diagnostics.once(
                "custom presentation", "modalPresentationStyle .custom: a transitioning delegate's presentation is not run; drawn as .overFullScreen")
            return .overFullScreen
        }
    }
}

/// The pushed-back look of a presenter's view behind a page sheet, drawn (not set on the view,
/// whose frame, transform and safe area stay as they were, as UIKit keeps them): scaled to leave
/// `pushedBackInset` at each side, its top moved to the safe area's top, corners rounded.
struct SheetBackdropLook {
    /// When the change starts, and whether it goes back (a dismissal) rather than in.
    let begin: Double
    let duration: Double
    let goesBack: Bool

    /// How far back the view is at `time`: 0 as it was, 1 all the way back.
    func amount(at time: Double) -> Double {
        let p = duration > 0 ? CubicCurve.easeInOut.value(at: min(max((time - begin) / duration, 0), 1)) : 1
        return goesBack ? 1 - p : p
    }

    /// Draws `layer` (the view's, at `frame` in the window) pushed back by `k`.
    @MainActor static func apply(_ k: Double, to layer: Layer, frame: CGRect) {
        guard k > 0 else { return }
        let w = Double(frame.width), h = Double(frame.height)
        guard w > 0, h > 0 else { return }
        let full = 1 - 2 * Double(Presentation.pushedBackInset) / w
        let s = 1 - k * (1 - full)
        // Scaled about the centre, the top would be at minY + h(1 - s)/2: moved to the safe area's top.
        let target = (1 - k) * Double(frame.minY) + k * ScreenEnvironment.device.safeAreaTop
        let ty = target - (Double(frame.minY) + h * (1 - s) / 2)
        layer.transform = layer.transform.concatenating(.scale(s, s)).translated(0, ty)
        layer.cornerRadius = max(layer.cornerRadius, Double(Presentation.cornerRadius) * k / s)
        layer.continuousCorners = true
        layer.masksToBounds = true
    }
}

extension UIViewController {
    /// The controller whose status bar preferences count, starting from this root: the last
    /// controller presented full screen or over it (or capturing the status bar's appearance), else
    /// this one; its `childForStatusBarStyle` followed.
    var statusBarDecider: UIViewController {
        var decider: UIViewController = self
        var c: UIViewController = self
        while let p = c.presentedStorage {
            if let look = p.presentation?.look, look != .sheet || p.modalPresentationCapturesStatusBarAppearance { decider = p }
            c = p
        }
        return decider.statusBarController
    }

    /// The controller at the top of this one's chain of parents.
    var outermost: UIViewController {
        var c = self
        while let p = c.parent { c = p }
        return c
    }

    /// `present(_:animated:completion:)`: presents `viewControllerToPresent` over this controller's screen, as
    /// `modalPresentationStyle` and `modalTransitionStyle` say (UIViewControllerPresentation.swift):
    /// animated, on the frame clock over `Presentation.duration`; the completion runs after
    /// `viewDidAppear`. The presenter is the outermost controller (the window's root, or the
    /// controller presented last): its view leaves the window after a `.fullScreen` presentation,
    /// with `viewWillDisappear`/`viewDidDisappear`; it stays, without those calls, under a sheet or
    /// an `.overFullScreen` one.
    func presentController(_ viewControllerToPresent: UIViewController, animated flag: Bool, completion: (() -> Void)?) {
        let presenter = outermost
        let presented = viewControllerToPresent
        guard let window = presenter.viewIfLoaded?.window else {
            Diagnostics.once(
                "present off screen \(ObjectIdentifier(presented))",
                "Attempt to present \(type(of: presented)) on \(type(of: presenter)) whose view is not in the window hierarchy: not presented")
            return
        }
        if let shown = presenter.presentedStorage {
            Diagnostics.once(
                "present twice \(ObjectIdentifier(presented))",
                "Attempt to present \(type(of: presented)) on \(type(of: presenter)) which is already presenting \(type(of: shown)): not presented")
            return
        }
        guard presented.presentingStorage == nil, presented.parent == nil else {
            Diagnostics.once(
                "present presented \(ObjectIdentifier(presented))",
                "Application tried to present \(type(of: presented)), which is already presented or a child: not presented")
            return
        }
        if presented.modalTransitionStyle == .flipHorizontal || presented.modalTransitionStyle == .partialCurl {
            Diagnostics.once(
                "modalTransitionStyle", "modalTransitionStyle .flipHorizontal and .partialCurl are turns out of the screen's plane: drawn as .crossDissolve")
        }
        let look = Presentation.look(of: presented.modalPresentationStyle)
        let dissolves = presented.modalTransitionStyle != .coverVertical && look != .sheet
        presenter.presentedStorage = presented
        presented.presentingStorage = presenter
        presented.isBeingPresented = true
        let presenterView: UIView = presenter.view
        let bounds = window.bounds
        // The sheet's card, or the whole screen.
        let top = look == .sheet ? CGFloat(ScreenEnvironment.device.safeAreaTop) + Presentation.sheetGap : 0
        let container = PresentationContainerView(frame: CGRect(x: 0, y: top, width: bounds.width, height: bounds.height - top))
        if look == .sheet {
            container.layer.cornerRadius = Presentation.cornerRadius
            container.layer.cornerCurve = .continuous
            container.layer.maskedCorners = [.layerMinXMinYCorner, .layerMaxXMinYCorner]
            container.clipsToBounds = true
        }
        var dimming: UIView?, backdrop: UIView?
        if look == .sheet {
            let black = UIView(frame: bounds)
            black.backgroundColor = .black
            // Under the presenter's view, or the sheet it is in (a sheet presenting a sheet).
            var host = presenterView
            while let up = host.superview, up !== window { host = up }
            window.insertSubview(black, belowSubview: host)
            backdrop = black
            let dim = UIView(frame: bounds)
            dim.backgroundColor = .black
            dim.alpha = 0
            window.addSubview(dim)
            dimming = dim
        }
        let presentation = Presentation(
            look: look, dissolves: dissolves, container: container, dimming: dimming, backdrop: backdrop,
            presenterView: look == .sheet ? presenterView : nil)
        presented.presentation = presentation
        let view: UIView = presented.view
        view.frame = container.bounds
        view.autoresizingMask = [.flexibleWidth, .flexibleHeight]
        container.addSubview(view)
        let coordinator = TransitionCoordinator(
            from: presenter, to: presented, fromView: look == .fullScreen ? presenterView : nil, toView: view, container: window,
            style: presented.modalPresentationStyle, animated: flag, duration: Presentation.duration)
        presenter.runningTransition = coordinator
        presented.runningTransition = coordinator
        if look == .fullScreen { presenter.send(.willDisappear, animated: flag) }
        presented.send(.willAppear, animated: flag)
        UIView.performWithoutAnimation {
            window.addSubview(container)
            if flag {
                if dissolves { container.alpha = 0 } else { container.frame.origin.y = bounds.height }
            }
            window.layoutIfNeeded()
        }
        presented.send(.isAppearing, animated: flag)
        let finish: () -> Void = {
            presenter.runningTransition = nil
            presented.runningTransition = nil
            coordinator.finish()
            if look == .fullScreen { presenterView.removeFromSuperview() }
            presented.isBeingPresented = false
            presented.send(.didAppear, animated: flag)
            if look == .fullScreen { presenter.send(.didDisappear, animated: flag) }
            completion?()
        }
        coordinator.start()
        guard flag else {
            presenterView.sheetBackdrop = look == .sheet ? SheetBackdropLook(begin: ScreenEnvironment.time, duration: 0, goesBack: false) : nil
            dimming?.alpha = Presentation.dimmingAlpha
            finish()
            return
        }
        if look == .sheet {
            presenterView.sheetBackdrop = SheetBackdropLook(begin: ScreenEnvironment.time, duration: Presentation.duration, goesBack: false)
        }
        UIView.animate(
            withDuration: Presentation.duration, delay: 0, options: [.curveEaseInOut],
            animations: {
                if dissolves { container.alpha = 1 } else { container.frame.origin.y = top }
                dimming?.alpha = Presentation.dimmingAlpha
            },
            completion: { _ in finish() })
    }

    /// `dismiss(animated:completion:)`: dismisses the controller this one presented (with everything it presented in turn), or,
    /// called on a presented controller with none of its own, that controller itself: played
    /// backwards over `Presentation.duration`; the completion runs after the appearance calls.
    /// With nothing presented, the completion runs at once.
    func dismissController(animated flag: Bool, completion: (() -> Void)?) {
        let me = outermost
        let presenter: UIViewController
        if me.presentedStorage != nil {
            presenter = me
        } else if let p = me.presentingStorage {
            presenter = p
        } else {
            completion?()
            return
        }
        guard let presented = presenter.presentedStorage, let presentation = presented.presentation, !presented.isBeingDismissed else { return }
        // What the presented one presented goes first, at once.
        if presented.presentedStorage != nil { presented.dismissController(animated: false, completion: nil) }
        let look = presentation.look
        let container = presentation.container
        let window = container.window
        presented.isBeingDismissed = true
        let presenterView: UIView = presenter.view
        let coordinator = TransitionCoordinator(
            from: presented, to: presenter, fromView: presented.view, toView: look == .fullScreen ? presenterView : nil,
            container: window ?? container, style: presented.modalPresentationStyle, animated: flag, duration: Presentation.duration)
        presenter.runningTransition = coordinator
        presented.runningTransition = coordinator
        presented.send(.willDisappear, animated: flag)
        if look == .fullScreen {
            presenter.send(.willAppear, animated: flag)
            UIView.performWithoutAnimation {
                window?.insertSubview(presenterView, belowSubview: container)
                presenterView.frame = window?.bounds ?? presenterView.frame
                window?.layoutIfNeeded()
            }
            presenter.send(.isAppearing, animated: flag)
        }
        let finish: () -> Void = {
            presenter.runningTransition = nil
            presented.runningTransition = nil
            coordinator.finish()
            container.removeFromSuperview()
            presentation.dimming?.removeFromSuperview()
            presentation.backdrop?.removeFromSuperview()
            presentation.presenterView?.sheetBackdrop = nil
            presented.viewIfLoaded?.removeFromSuperview()
            presenter.presentedStorage = nil
            presented.presentingStorage = nil
            presented.presentation = nil
            presented.isBeingDismissed = false
            if look == .fullScreen { presenter.send(.didAppear, animated: flag) }
            presented.send(.didDisappear, animated: flag)
            completion?()
        }
        coordinator.start()
        guard flag else {
            finish()
            return
        }
        if look == .sheet {
            presentation.presenterView?.sheetBackdrop = SheetBackdropLook(begin: ScreenEnvironment.time, duration: Presentation.duration, goesBack: true)
        }
        let height = window?.bounds.height ?? container.frame.maxY
        UIView.animate(
            withDuration: Presentation.duration, delay: 0, options: [.curveEaseInOut],
            animations: {
                if presentation.dissolves { container.alpha = 0 } else { container.frame.origin.y = height }
                presentation.dimming?.alpha = 0
            },
            completion: { _ in finish() })
    }
}

/// The view a presented controller's view is in: a sheet's rounded card, or the whole screen.
final class PresentationContainerView: UIView {}
