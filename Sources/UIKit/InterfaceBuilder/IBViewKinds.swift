import Foundation

/// The view elements Interface Builder writes, each with the UIKit class it makes and how its own
/// attributes are read (after `init?(coder:)`, which reads UIView's). An element not here is made
/// as a plain UIView, said once with its position.
@MainActor struct IBViewKind {
    let base: UIView.Type
    let decode: (UIView, IBElement, IBLoading) throws -> Void
}

@MainActor enum IBViewKinds {
    static func kind(_ element: String) -> IBViewKind? { kinds[element] }

    private static let kinds: [String: IBViewKind] = [
        "view": IBViewKind(base: UIView.self) { _, _, _ in },
        "label": IBViewKind(base: UILabel.self) { v, e, l in try decodeLabel(v as! UILabel, e, l) },
        "imageView": IBViewKind(base: UIImageView.self) { v, e, l in try decodeImageView(v as! UIImageView, e, l) },
        "button": IBViewKind(base: UIButton.self) { v, e, l in try decodeButton(v as! UIButton, e, l) },
        "scrollView": IBViewKind(base: UIScrollView.self) { v, e, l in try decodeScrollView(v as! UIScrollView, e, l) },
        "tableView": IBViewKind(base: UITableView.self) { v, e, l in try IBTables.decodeTable(v as! UITableView, e, l) },
        "tableViewCell": IBViewKind(base: UITableViewCell.self) { v, e, l in try IBTables.decodeCell(v as! UITableViewCell, e, l) },
        "collectionView": IBViewKind(base: UICollectionView.self) { v, e, l in try IBCollections.decodeCollectionView(v as! UICollectionView, e, l) },
        "collectionViewCell": IBViewKind(base: UICollectionViewCell.self) { v, e, l in try IBCollections.decodeCell(v as! UICollectionViewCell, e, l) },
        "collectionReusableView": IBViewKind(base: UICollectionReusableView.self) { v, e, _ in
            IBCollections.decodeReusableView(v as! UICollectionReusableView, e)
        },
        "stackView": IBViewKind(base: UIStackView.self) { v, e, l in decodeStack(v as! UIStackView, e) },
        "switch": IBViewKind(base: UISwitch.self) { v, e, l in try decodeSwitch(v as! UISwitch, e, l) },
        "pageControl": IBViewKind(base: UIPageControl.self) { v, e, l in try decodePageControl(v as! UIPageControl, e, l) },
        "activityIndicatorView": IBViewKind(base: UIActivityIndicatorView.self) { v, e, l in
            try decodeActivityIndicator(v as! UIActivityIndicatorView, e, l)
        },
        "segmentedControl": IBViewKind(base: UISegmentedControl.self) { v, e, _ in decodeSegments(v as! UISegmentedControl, e) },
    ]

    /// UIView's own attributes, as UIView's `init?(coder:)` reads them.
    static func decodeView(_ view: UIView, _ e: IBElement, _ l: IBLoading) throws {
        if let frame = e.child("rect", key: "frame") { view.frame = frame.rect }
        if let mask = e.child("autoresizingMask", key: "autoresizingMask") { view.autoresizingMask = mask.autoresizingMask }
        if let mode = e["contentMode"], let m = IBValues.contentModes[mode] { view.contentMode = m }
        if let a = e.number("alpha") { view.alpha = a }
        if let v = e.bool("hidden") { view.isHidden = v }
        if let v = e.bool("opaque") { view.isOpaque = v }
        if let v = e.bool("clipsSubviews") { view.clipsToBounds = v }
        if let v = e.bool("userInteractionEnabled") { view.isUserInteractionEnabled = v }
        if let v = e.bool("multipleTouchEnabled") { view.isMultipleTouchEnabled = v }
        if let v = e.int("tag") { view.tag = v }
        if e.bool("translatesAutoresizingMaskIntoConstraints") == false { view.translatesAutoresizingMaskIntoConstraints = false }
        if let v = e.bool("insetsLayoutMarginsFromSafeArea") { view.insetsLayoutMarginsFromSafeArea = v }
        if let v = e.bool("preservesSuperviewLayoutMargins") { view.preservesSuperviewLayoutMargins = v }
        if let m = e.child("edgeInsets", key: "layoutMargins") { view.layoutMargins = m.insets }
        if let m = e.child("directionalEdgeInsets", key: "directionalLayoutMargins") { view.directionalLayoutMargins = m.directionalInsets }
        switch e["semanticContentAttribute"] {
        case "forceLeftToRight": view.semanticContentAttribute = .forceLeftToRight
        case "forceRightToLeft": view.semanticContentAttribute = .forceRightToLeft
        default: break
        }
        let priorities: [(String, NSLayoutConstraint.Axis, Bool)] = [
            ("horizontalHuggingPriority", .horizontal, true), ("verticalHuggingPriority", .vertical, true),
            ("horizontalCompressionResistancePriority", .horizontal, false), ("verticalCompressionResistancePriority", .vertical, false),
        ]
        for (attribute, axis, hugging) in priorities {
            guard let p = e.number(attribute) else { continue }
            if hugging { view.setContentHuggingPriority(UILayoutPriority(Float(p)), for: axis) }
            else { view.setContentCompressionResistancePriority(UILayoutPriority(Float(p)), for: axis) }
        }
        if let a = e.child("accessibility", key: "accessibilityConfiguration") {
            if let id = a["identifier"] { view.accessibilityIdentifier = id }
            if let label = a["label"] { view.accessibilityLabel = label }
            if let v = a.bool("isElement") { view.isAccessibilityElement = v }
        }
        if let c = e.child("color", key: "backgroundColor") { view.backgroundColor = try IBValues.color(c, in: l.document) }
        if let c = e.child("color", key: "tintColor") { view.tintColor = try IBValues.color(c, in: l.document) }
    }

    static func color(_ e: IBElement, _ key: String, _ l: IBLoading) throws -> UIColor?? {
        guard let c = e.children.first(where: { $0["key"] == key && ($0.name == "color" || $0.name == "nil") }) else { return .none }
        return .some(try IBValues.color(c, in: l.document))
    }

    static func decodeLabel(_ label: UILabel, _ e: IBElement, _ l: IBLoading) throws {
        if let f = e.child("fontDescription", key: "fontDescription") { label.font = IBValues.font(f, in: l.document) }
        if let t = e["text"] { label.text = t }
        if e.child("attributedString", key: "attributedText") != nil {
            Diagnostics.once("IB attributed \(l.document.at(e))", "\(l.document.at(e)): a label's attributed text is not read: its plain text is drawn")
        }
        if let a = e["textAlignment"], let v = IBValues.textAlignments[a] { label.textAlignment = v }
        if let b = e["lineBreakMode"], let v = IBValues.lineBreakModes[b] { label.lineBreakMode = v }
        if let n = e.int("numberOfLines") { label.numberOfLines = n }
        if let v = e.bool("adjustsFontSizeToFit") { label.adjustsFontSizeToFitWidth = v }
        if let v = e.number("minimumScaleFactor") { label.minimumScaleFactor = v }
        if let v = e.bool("adjustsFontForContentSizeCategory") { label.adjustsFontForContentSizeCategory = v }
        if let v = e.bool("enabled") { label.isEnabled = v }
        if let v = e.bool("highlighted") { label.isHighlighted = v }
        if let v = e.number("preferredMaxLayoutWidth") { label.preferredMaxLayoutWidth = v }
        // `<nil key="textColor"/>`: UIKit's default, the label colour.
        if case .some(let c) = try color(e, "textColor", l) { label.textColor = c ?? .label }
        if case .some(let c) = try color(e, "highlightedColor", l) { label.highlightedTextColor = c }
        if case .some(let c) = try color(e, "shadowColor", l) { label.shadowColor = c }
        if let s = e.child("size", key: "shadowOffset") { label.shadowOffset = s.size }
    }

    static func decodeImageView(_ view: UIImageView, _ e: IBElement, _ l: IBLoading) throws {
        if let name = e["image"] { view.image = try IBValues.image(name, at: e, in: l.document) }
        if let name = e["highlightedImage"] { view.highlightedImage = try IBValues.image(name, at: e, in: l.document) }
        if let v = e.bool("highlighted") { view.isHighlighted = v }
    }

    static func decodeButton(_ button: UIButton, _ e: IBElement, _ l: IBLoading) throws {
        if let f = e.child("fontDescription", key: "fontDescription") { button.titleLabel?.font = IBValues.font(f, in: l.document) }
        let horizontal: [String: UIControl.ContentHorizontalAlignment] = ["left": .left, "right": .right, "fill": .fill, "leading": .leading, "trailing": .trailing]
        if let h = e["contentHorizontalAlignment"], let v = horizontal[h] { button.contentHorizontalAlignment = v }
        let vertical: [String: UIControl.ContentVerticalAlignment] = ["top": .top, "bottom": .bottom, "fill": .fill]
        if let h = e["contentVerticalAlignment"], let v = vertical[h] { button.contentVerticalAlignment = v }
        if let i = e.keyed("contentEdgeInsets") { button.contentEdgeInsets = i.insets }
        if let i = e.keyed("titleEdgeInsets") { button.titleEdgeInsets = i.insets }
        if let i = e.keyed("imageEdgeInsets") { button.imageEdgeInsets = i.insets }
        if let v = e.bool("enabled") { button.isEnabled = v }
        if let v = e.bool("selected") { button.isSelected = v }
        let states: [String: UIControl.State] = ["normal": .normal, "highlighted": .highlighted, "selected": .selected, "disabled": .disabled]
        for s in e.all("state") {
            guard let state = states[s["key"] ?? ""] else { continue }
            if let t = s["title"] { button.setTitle(t, for: state) }
            if let name = s["image"] { button.setImage(try IBValues.image(name, at: s, in: l.document), for: state) }
            if let name = s["backgroundImage"] { button.setBackgroundImage(try IBValues.image(name, at: s, in: l.document), for: state) }
            if case .some(let c) = try color(s, "titleColor", l) { button.setTitleColor(c, for: state) }
            if case .some(let c) = try color(s, "titleShadowColor", l) { button.setTitleShadowColor(c, for: state) }
        }
        if let c = e.child("buttonConfiguration", key: "configuration") {
            var config: UIButton.Configuration
            switch c["style"] {
            case "filled": config = .filled()
            case "tinted": config = .tinted()
            case "gray": config = .gray()
            case "borderless", "borderedTinted": config = .borderless()
            default: config = .plain()
            }
            if let t = c["title"] { config.title = t }
            if let name = c["image"] { config.image = try IBValues.image(name, at: c, in: l.document) }
            if case .some(let color) = try color(c, "baseForegroundColor", l) { config.baseForegroundColor = color }
            if case .some(let color) = try color(c, "baseBackgroundColor", l) { config.baseBackgroundColor = color }
            button.configuration = config
        }
    }

    static func decodeScrollView(_ scroll: UIScrollView, _ e: IBElement, _ l: IBLoading) throws {
        switch e["contentInsetAdjustmentBehavior"] {
        case "never": scroll.contentInsetAdjustmentBehavior = .never
        case "always": scroll.contentInsetAdjustmentBehavior = .always
        case "scrollableAxes": scroll.contentInsetAdjustmentBehavior = .scrollableAxes
        default: break
        }
        if let v = e.bool("showsHorizontalScrollIndicator") { scroll.showsHorizontalScrollIndicator = v }
        if let v = e.bool("showsVerticalScrollIndicator") { scroll.showsVerticalScrollIndicator = v }
        if let v = e.bool("bounces") { scroll.bounces = v }
        if let v = e.bool("alwaysBounceVertical") { scroll.alwaysBounceVertical = v }
        if let v = e.bool("alwaysBounceHorizontal") { scroll.alwaysBounceHorizontal = v }
        if let v = e.bool("pagingEnabled") { scroll.isPagingEnabled = v }
        if let v = e.bool("scrollEnabled") { scroll.isScrollEnabled = v }
        if let v = e.bool("directionalLockEnabled") { scroll.isDirectionalLockEnabled = v }
        if let i = e.keyed("contentInset") { scroll.contentInset = i.insets }
        if let i = e.keyed("scrollIndicatorInsets") { scroll.scrollIndicatorInsets = i.insets }
    }

    static func decodeStack(_ stack: UIStackView, _ e: IBElement) {
        if e["axis"] == "vertical" { stack.axis = .vertical }
        let distributions: [String: UIStackView.Distribution] = [
            "fill": .fill, "fillEqually": .fillEqually, "fillProportionally": .fillProportionally, "equalSpacing": .equalSpacing,
            "equalCentering": .equalCentering,
        ]
        if let d = e["distribution"], let v = distributions[d] { stack.distribution = v }
        let alignments: [String: UIStackView.Alignment] = [
            "fill": .fill, "top": .top, "leading": .leading, "firstBaseline": .firstBaseline, "center": .center, "bottom": .bottom,
            "trailing": .trailing, "lastBaseline": .lastBaseline,
        ]
        if let a = e["alignment"], let v = alignments[a] { stack.alignment = v }
        if let s = e.number("spacing") { stack.spacing = s }
        if let v = e.bool("baselineRelativeArrangement") { stack.isBaselineRelativeArrangement = v }
        if let v = e.bool("layoutMarginsRelativeArrangement") { stack.isLayoutMarginsRelativeArrangement = v }
    }

    static func decodeSwitch(_ control: UISwitch, _ e: IBElement, _ l: IBLoading) throws {
        if let v = e.bool("on") { control.isOn = v }
        if case .some(let c) = try color(e, "onTintColor", l) { control.onTintColor = c }
        if case .some(let c) = try color(e, "thumbTintColor", l) { control.thumbTintColor = c }
    }

    static func decodePageControl(_ control: UIPageControl, _ e: IBElement, _ l: IBLoading) throws {
        if let n = e.int("numberOfPages") { control.numberOfPages = n }
        if let n = e.int("currentPage") { control.currentPage = n }
        if let v = e.bool("hidesForSinglePage") { control.hidesForSinglePage = v }
        if case .some(let c) = try color(e, "pageIndicatorTintColor", l) { control.pageIndicatorTintColor = c }
        if case .some(let c) = try color(e, "currentPageIndicatorTintColor", l) { control.currentPageIndicatorTintColor = c }
    }

    static func decodeActivityIndicator(_ view: UIActivityIndicatorView, _ e: IBElement, _ l: IBLoading) throws {
        let styles: [String: UIActivityIndicatorView.Style] = ["medium": .medium, "large": .large, "white": .white, "gray": .gray, "whiteLarge": .whiteLarge]
        if let s = e["style"], let v = styles[s] { view.style = v }
        if let v = e.bool("hidesWhenStopped") { view.hidesWhenStopped = v }
        if case .some(let c) = try color(e, "color", l) { view.color = c }
        if e.bool("animating") == true { view.startAnimating() }
    }

    static func decodeSegments(_ control: UISegmentedControl, _ e: IBElement) {
        for (i, s) in (e.child("segments")?.all("segment") ?? []).enumerated() {
            control.insertSegment(withTitle: s["title"], at: i, animated: false)
        }
        if let i = e.int("selectedSegmentIndex") { control.selectedSegmentIndex = i }
    }

    static let layoutAttributes: [String: NSLayoutConstraint.Attribute] = [
        "left": .left, "right": .right, "top": .top, "bottom": .bottom, "leading": .leading, "trailing": .trailing,
        "width": .width, "height": .height, "centerX": .centerX, "centerY": .centerY, "baseline": .lastBaseline,
        "lastBaseline": .lastBaseline, "firstBaseline": .firstBaseline, "leftMargin": .leftMargin, "rightMargin": .rightMargin,
        "topMargin": .topMargin, "bottomMargin": .bottomMargin, "leadingMargin": .leadingMargin, "trailingMargin": .trailingMargin,
        "centerXWithinMargins": .centerXWithinMargins, "centerYWithinMargins": .centerYWithinMargins,
    ]

    static let controlEvents: [String: UIControl.Event] = [
        "touchDown": .touchDown, "touchUpInside": .touchUpInside, "touchUpOutside": .touchUpOutside, "valueChanged": .valueChanged,
        "primaryActionTriggered": .primaryActionTriggered, "touchCancel": .touchCancel, "editingChanged": .editingChanged,
    ]
}
