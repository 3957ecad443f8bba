import Foundation

/// A rectangle that takes part in Auto Layout without being a view: your own (to space views
/// apart or group them) or a view's system guides (safe area, layout margins, readable content,
/// a scroll view's content and frame).
/// https://developer.apple.com/documentation/uikit/uilayoutguide
@preconcurrency @MainActor open class UILayoutGuide: NSObject {
    /// What a system guide follows; `own` for a guide you add with `addLayoutGuide(_:)`.
    enum Kind {
        case own, safeArea, margins, readableContent, scrollContent, scrollFrame
    }

    let kind: Kind

    /// https://developer.apple.com/documentation/uikit/uilayoutguide/1619960-owningview
    open weak var owningView: UIView?
    /// https://developer.apple.com/documentation/uikit/uilayoutguide/1619937-identifier
    open var identifier = ""
    /// Its frame in the owning view's coordinates, as the last layout solved it.
    /// https://developer.apple.com/documentation/uikit/uilayoutguide/1619964-layoutframe
    open var layoutFrame: CGRect {
        if kind == .own { return solvedFrame }
        return owningView.map { LayoutGuideFrames.frame(of: kind, in: $0) } ?? .zero
    }
    var solvedFrame = CGRect.zero

    public override init() {
        kind = .own
        super.init()
    }

    init(kind: Kind, owner: UIView, identifier: String) {
        self.kind = kind
        owningView = owner
        self.identifier = identifier
        super.init()
    }

    /// https://developer.apple.com/documentation/uikit/uilayoutguide/1619941-leadinganchor
    open var leadingAnchor: NSLayoutXAxisAnchor { NSLayoutXAxisAnchor(self, .leading) }
    open var trailingAnchor: NSLayoutXAxisAnchor { NSLayoutXAxisAnchor(self, .trailing) }
    open var leftAnchor: NSLayoutXAxisAnchor { NSLayoutXAxisAnchor(self, .left) }
    open var rightAnchor: NSLayoutXAxisAnchor { NSLayoutXAxisAnchor(self, .right) }
    open var centerXAnchor: NSLayoutXAxisAnchor { NSLayoutXAxisAnchor(self, .centerX) }
    /// https://developer.apple.com/documentation/uikit/uilayoutguide/1619946-topanchor
    open var topAnchor: NSLayoutYAxisAnchor { NSLayoutYAxisAnchor(self, .top) }
    open var bottomAnchor: NSLayoutYAxisAnchor { NSLayoutYAxisAnchor(self, .bottom) }
    open var centerYAnchor: NSLayoutYAxisAnchor { NSLayoutYAxisAnchor(self, .centerY) }
    /// https://developer.apple.com/documentation/uikit/uilayoutguide/1619929-widthanchor
    open var widthAnchor: NSLayoutDimension { NSLayoutDimension(self, .width) }
    open var heightAnchor: NSLayoutDimension { NSLayoutDimension(self, .height) }

    open override var description: String {
        MainActor.assumeIsolated {
            "<UILayoutGuide: \(identifier.isEmpty ? "" : "\"\(identifier)\" ")\(LayoutReport.rect(layoutFrame)), owningView=\(owningView.map(LayoutReport.name) ?? "nil")>"
        }
    }
}

/// The frames of the system guides, from the owning view's bounds, safe area and margins.
@MainActor enum LayoutGuideFrames {
    /// The readable width: text of the default body size keeps to lines about this long.
    static let readableWidth: CGFloat = 672

    static func frame(of kind: UILayoutGuide.Kind, in view: UIView) -> CGRect {
        switch kind {
        case .own: return .zero
        case .safeArea: return view.bounds.inset(by: view.safeAreaInsets)
        case .margins: return view.bounds.inset(by: view.effectiveMarginsFromEdges)
        case .readableContent:
            var r = view.bounds.inset(by: view.effectiveMarginsFromEdges)
            if r.width > readableWidth {
                r.origin.x += (r.width - readableWidth) / 2
                r.size.width = readableWidth
            }
            return r
        case .scrollFrame: return view.bounds
        case .scrollContent:
            let size = (view as? UIScrollView)?.contentSize ?? .zero
            return CGRect(origin: .zero, size: size)
        }
    }
}
