import Foundation

/// How Auto Layout's problems are said: as UIKit prints them, with views named by their
/// `accessibilityIdentifier` or class (no addresses: the frames' runs must read the same every
/// time), each said once per constraint or view.
@MainActor enum LayoutReport {
    /// A view or guide as UIKit names it in a constraint's description: its class, and its
    /// identifier in quotes when it has one.
    static func name(_ item: AnyObject) -> String {
        if let view = item as? UIView {
            let cls = String(describing: type(of: view))
            return view.accessibilityIdentifier.map { "\(cls)'\($0)'" } ?? cls
        }
        if let guide = item as? UILayoutGuide {
            let owner = guide.owningView.map(name) ?? "nil"
            return "'\(guide.identifier.isEmpty ? "UILayoutGuide" : guide.identifier)'(\(owner))"
        }
        return String(describing: type(of: item))
    }

    static func name(_ spec: LayoutAnchorSpec) -> String {
        if let o = spec.offset { return "\(name(o.from))-\(name(o.to))" }
        return "\(spec.item.map(name) ?? "nil").\(attributeName(spec.attribute))"
    }

    static func attributeName(_ a: NSLayoutConstraint.Attribute) -> String {
        switch a {
        case .left: return "left"
        case .right: return "right"
        case .top: return "top"
        case .bottom: return "bottom"
        case .leading: return "leading"
        case .trailing: return "trailing"
        case .width: return "width"
        case .height: return "height"
        case .centerX: return "centerX"
        case .centerY: return "centerY"
        case .lastBaseline: return "lastBaseline"
        case .firstBaseline: return "firstBaseline"
        case .leftMargin: return "leftMargin"
        case .rightMargin: return "rightMargin"
        case .topMargin: return "topMargin"
        case .bottomMargin: return "bottomMargin"
        case .leadingMargin: return "leadingMargin"
        case .trailingMargin: return "trailingMargin"
        case .centerXWithinMargins: return "centerXWithinMargins"
        case .centerYWithinMargins: return "centerYWithinMargins"
        case .notAnAttribute: return "notAnAttribute"
        }
    }

    static func number(_ x: CGFloat) -> String {
        x == x.rounded() ? String(Int(x)) : String(format: "%g", Double(x))
    }

    static func rect(_ r: CGRect) -> String {
        "{{\(number(r.minX)), \(number(r.minY))}, {\(number(r.width)), \(number(r.height))}}"
    }

    /// A constraint as UIKit describes it: `<NSLayoutConstraint 'id' UILabel'title'.top ==
    /// UIView.topMargin + 8   (active)>`.
    static func describe(_ c: NSLayoutConstraint) -> String {
        let relation = c.relation == .equal ? "==" : (c.relation == .lessThanOrEqual ? "<=" : ">=")
        var right = ""
        if let second = c.second {
            right = (c.multiplier != 1 ? "\(number(c.multiplier))*" : "") + name(second)
            if c.constant != 0 { right += (c.constant < 0 ? " - " : " + ") + number(abs(c.constant)) }
        } else {
            right = number(c.constant)
        }
        let id = c.identifier.map { "'\($0)' " } ?? ""
        let priority = c.priority == .required ? "" : " @\(number(CGFloat(c.priority.rawValue)))"
        return "<NSLayoutConstraint \(id)\(name(c.first)) \(relation) \(right)\(priority)   (\(c.isActive ? "active" : "inactive"))>"
    }

    /// A held frame as UIKit describes its autoresizing constraints.
    static func describe(_ row: AutoresizingRow, constant: Double) -> String {
        let what: String
        switch row.tag {
        case .pinX: what = "minX"
        case .pinY: what = "minY"
        case .pinWidth: what = "width"
        case .pinHeight: what = "height"
        case .hugWidth, .resistWidth: what = "width (intrinsic)"
        case .hugHeight, .resistHeight: what = "height (intrinsic)"
        default: what = "\(row.tag)"
        }
        let item = row.item.map(name) ?? "nil"
        return "<NSAutoresizingMaskLayoutConstraint \(item).\(what) == \(number(CGFloat(constant)))   (active)>"
    }

    /// "Unable to simultaneously satisfy constraints", as UIKit prints it, and the constraint
    /// broken to recover (the one added last); the render goes on.
    static func unsatisfiable(broken c: NSLayoutConstraint, involved: [AnyObject], in engine: LayoutEngine) {
        var lines = involved.map { owner -> String in
            if let other = owner as? NSLayoutConstraint { return describe(other) }
            if let row = owner as? AutoresizingRow { return describe(row, constant: engine.constant(of: row)) }
            return "\(owner)"
        }
        if !lines.contains(describe(c)) { lines.append(describe(c)) }
        let message = """
            Unable to simultaneously satisfy constraints.
            \tProbably at least one of the constraints in the following list is one you don't want.
            \tTry this:
            \t\t(1) look at each constraint and try to figure out which you don't expect;
            \t\t(2) find the code that added the unwanted constraint or constraints and fix it.
            \t(Note: If you're seeing NSAutoresizingMaskLayoutConstraints that you don't understand, refer to the documentation for the UIView property translatesAutoresizingMaskIntoConstraints)
            (
            \(lines.map { "    \"\($0)\"" }.joined(separator: ",\n"))
            )

            Will attempt to recover by breaking constraint
            \(describe(c))
            """
        Diagnostics.once("unsatisfiable " + message, message)
    }

    /// An ambiguous layout, once per view and axis: constraints left out, or (`ties`, the
    /// priorities of its non-required constraints that may tie) constraints of one priority that
    /// conflict, so that breaking either is as good.
    static func ambiguous(_ view: UIView, axes: Set<NSLayoutConstraint.Axis>, ties: Set<Float> = [], free: [String] = []) {
        let which = axes.count == 2 ? "horizontally and vertically" : (axes.contains(.horizontal) ? "horizontally" : "vertically")
        let named = free.isEmpty ? (axes.count == 2 ? ["x", "width", "y", "height"] : axes.contains(.horizontal) ? ["x", "width"] : ["y", "height"]) : free
        let fix = named.count == 1 ? named[0] : named.dropLast().joined(separator: ", ") + " and " + named.last!
        guard ties.isEmpty else {
            let priorities = ties.sorted(by: >).map { "@\(number(CGFloat($0)))" }.joined(separator: ", ")
            Diagnostics.once(
                "ambiguous \(name(view)) \(which) \(fix) ties",
                "<\(name(view))>: hasAmbiguousLayout: constraints of equal priority (\(priorities)) conflict over its position or size "
                    + "\(which), and breaking either is as good, so it is drawn where the solver happened to put it; give one of them "
                    + "a higher priority, or add constraints that fix its \(fix)")
            return
        }
        Diagnostics.once(
            "ambiguous \(name(view)) \(which) \(fix)",
            "<\(name(view))>: hasAmbiguousLayout: its constraints leave its position or size free \(which), so it is drawn where the solver "
                + "happened to put it; add constraints that fix its \(fix)")
    }

    /// UIKit's refusal of a constraint whose views share no ancestor (an exception there).
    static func noCommonAncestor(_ c: NSLayoutConstraint) {
        let second = c.second.map(name) ?? "nil"
        Diagnostics.once(
            "no common ancestor \(describe(c))",
            "Unable to activate constraint with anchors <\(name(c.first))> and <\(second)> because they have no common ancestor.  "
                + "Does the constraint or its anchors reference items in different view hierarchies?  That's illegal. "
                + "(The constraint is not activated; add both views to one view tree first.)")
    }

    /// `NSLayoutConstraint()` activated: a constraint without a first item relates nothing.
    static func emptyConstraint(_ c: NSLayoutConstraint) {
        Diagnostics.once(
            "empty constraint",
            "Unable to activate a constraint made with NSLayoutConstraint(): it has no first item, so it relates nothing "
                + "(the constraint is not activated; assign a constraint made from anchors or init(item:attribute:...) first).")
    }

    /// A constraint whose view was released before it was activated (anchors keep their views
    /// weakly, as UIKit's constraints do not keep theirs).
    static func releasedItem(_ c: NSLayoutConstraint) {
        let message =
            "Unable to activate constraint \(describe(c)): one of its views was released before it was activated (a view made in a "
            + "function and never added to a view tree is gone when the function returns; UIKit would crash here). Add the view "
            + "to the view tree, or keep it in a property, before activating. (The constraint is not activated.)"
        Diagnostics.once("released " + message, message)
    }

    /// `addConstraint(_:)` on a view that does not contain the constraint's views.
    static func notInstallable(_ c: NSLayoutConstraint, on view: UIView) {
        Diagnostics.once(
            "not installable \(describe(c)) \(name(view))",
            "The view hierarchy is not prepared for the constraint: \(describe(c)). When added to a view, the constraint's items must be "
                + "descendants of that view (or the view itself): \(name(view)) does not contain them. (Not installed; set isActive "
                + "instead, which finds their common ancestor.)")
    }
}

/// Where a view's baselines are: for a label, its first line's baseline from its top and its
/// last line's from its bottom; for other views, their bottom edge.
@MainActor enum LayoutBaselines {
    /// nil for a view without text: its baselines are its bottom edge.
    static func offsets(_ view: UIView) -> (first: Double, fromBottom: Double)? {
        guard let first = view.forFirstBaselineLayout as? UILabel, let last = view.forLastBaselineLayout as? UILabel else { return nil }
        let font: UIFont = first.font ?? UIFont.systemFont(ofSize: 17)
        let lastFont: UIFont = last.font ?? font
        return (Double(font.ascender), Double(-lastFont.descender))
    }
}
