import Foundation

// The visual format language: `H:|-[title]-8-[badge(>=44@750)]-|` read into constraints, as
// UIKit reads it (https://developer.apple.com/library/archive/documentation/UserExperience/Conceptual/AutolayoutPG/VisualFormatLanguage.html).
//
//     <visualFormatString> ::= (<orientation>:)? (<superview><connection>)? <view>(<connection><view>)* (<connection><superview>)?
//     <orientation> ::= H | V
//     <superview> ::= |
//     <view> ::= [<viewName>(<predicateListWithParens>)?]
//     <connection> ::= e | -<predicateList>- | -
//     <predicateList> ::= <simplePredicate> | <predicateListWithParens>
//     <simplePredicate> ::= <metricName> | <positiveNumber>
//     <predicateListWithParens> ::= (<predicate>(,<predicate>)*)
//     <predicate> ::= (<relation>)?(<objectOfPredicate>)(@<priority>)?
//     <relation> ::= == | <= | >=
//     <objectOfPredicate> ::= <constant> | <viewName>      (a view only in a view's own predicates)
//     <priority> ::= <metricName> | <number>
//     <constant> ::= <metricName> | <number>

extension NSLayoutConstraint.FormatOptions {
    /// https://developer.apple.com/documentation/uikit/nslayoutconstraint/formatoptions/alignmentmask
    public static let alignmentMask = NSLayoutConstraint.FormatOptions(rawValue: 0xFFFF)
    /// https://developer.apple.com/documentation/uikit/nslayoutconstraint/formatoptions/directionmask
    public static let directionMask = NSLayoutConstraint.FormatOptions(rawValue: 0x3 << 16)
    /// https://developer.apple.com/documentation/uikit/nslayoutconstraint/formatoptions/spacingmask
    public static let spacingMask = NSLayoutConstraint.FormatOptions(rawValue: 0x1 << 19)
}

extension NSLayoutConstraint {
    /// The constraints a visual format string describes (not activated; pass them to `activate`).
    /// `H:` (the default) lays the views out leading to trailing (`options` may say left to
    /// right or right to left), `V:` top to bottom; `|` is the superview of the view beside it;
    /// `-` is the standard spacing (8 points between views, 20 to the superview's edge), `-n-` or
    /// `-(>=n@priority,...)-` a spacing of your own, two views side by side (`[a][b]`) none;
    /// `[view(predicates)]` sizes a view (`[a(>=50,==b@750)]`); a name that is not a number is
    /// looked up in `metrics` (numbers), or, in a view's own predicates, in `views`. The
    /// alignment options (`.alignAllCenterY`...) align every view of the string with the one
    /// before it, across the string's direction; `.spacingBaselineToBaseline` measures vertical
    /// spacing between views from baseline to baseline.
    ///
    /// A format UIKit cannot parse raises an exception there (the app stops). Here it does not
    /// crash: UIKit's message ("Unable to parse constraint format:", what is wrong, the format
    /// and a caret under the place) is said once, and no constraints are returned.
    /// https://developer.apple.com/documentation/uikit/nslayoutconstraint/1526944-constraints
    public class func constraints(
        withVisualFormat format: String, options opts: NSLayoutConstraint.FormatOptions = [], metrics: [String: Any]?,
        views: [String: Any]
    ) -> [NSLayoutConstraint] {
        var parser = VisualFormatParser(format: format, options: opts, metrics: metrics ?? [:], views: views)
        do {
            return try parser.parse()
        } catch {
            Diagnostics.once("visual format \(format) \(error.position) \(error.reason)", error.message(format))
            return []
        }
    }
}

/// Where and why a format cannot be read, said as UIKit says it.
struct VisualFormatError: Error {
    let reason: String
    /// The character the caret points at (the end of the format for a problem of the whole).
    let position: Int

    func message(_ format: String) -> String {
        "Unable to parse constraint format: \n\(reason) \n\(format) \n\(String(repeating: " ", count: position))^"
    }
}

@MainActor struct VisualFormatParser {
    let text: [Character]
    let options: NSLayoutConstraint.FormatOptions
    let metrics: [String: Any]
    let views: [String: Any]
    var at = 0

    init(format: String, options: NSLayoutConstraint.FormatOptions, metrics: [String: Any], views: [String: Any]) {
        text = Array(format)
        self.options = options
        self.metrics = metrics
        self.views = views
    }

    /// One predicate: `(relation) (constant | view) (@priority)`.
    struct Predicate {
        var relation: NSLayoutConstraint.Relation = .equal
        var constant: CGFloat = 0
        var view: UIView?
        var priority: UILayoutPriority = .required
    }

    enum Connection {
        /// `-`: UIKit's standard spacing.
        case standard
        /// `-predicates-`, or none (`[a][b]`: one predicate == 0).
        case predicates([Predicate])
    }

    /// A view in the string, or the superview (`|`, with the position of the bar for messages).
    enum Item {
        case view(UIView)
        case superview(at: Int)
    }

    // MARK: Reading

    mutating func parse() throws(VisualFormatError) -> [NSLayoutConstraint] {
        var horizontal = true
        skipSpaces()
        if at + 1 < text.count, text[at] == "H" || text[at] == "V", peek(1) == ":" {
            horizontal = text[at] == "H"
            at += 2
        }
        var items: [Item] = []
        var connections: [Connection] = []
        var constraints: [NSLayoutConstraint] = []
        skipSpaces()
        if peek() == "|" {
            items.append(.superview(at: at))
            at += 1
            connections.append(try connection())
        }
        while true {
            skipSpaces()
            guard peek() == "[" else { throw fail(items.isEmpty ? "Expected a view" : "Expected a view or '|'") }
            let (view, predicates) = try viewItem()
            items.append(.view(view))
            constraints += predicates.map { size(of: view, $0, horizontal: horizontal) }
            skipSpaces()
            if at == text.count { break }
            connections.append(try connection())
            skipSpaces()
            if peek() == "|" {
                items.append(.superview(at: at))
                at += 1
                skipSpaces()
                guard at == text.count else { throw fail("Expected the end of the format after '|'") }
                break
            }
        }
        for (k, connection) in connections.enumerated() {
            constraints += try connect(items[k], items[k + 1], connection, horizontal: horizontal)
        }
        constraints += try aligned(items, horizontal: horizontal)
        return constraints
    }

    /// `[name(predicates)]`.
    mutating func viewItem() throws(VisualFormatError) -> (UIView, [Predicate]) {
        at += 1 // [
        skipSpaces()
        guard let name = identifier() else { throw fail("Expected a view name") }
        guard let value = views[name] else { throw fail("\(name) is not a key in the views dictionary.") }
        guard let view = value as? UIView else { throw fail("\(name) is not a view in the views dictionary.") }
        skipSpaces()
        var predicates: [Predicate] = []
        if peek() == "(" { predicates = try predicateList(allowingViews: true) }
        skipSpaces()
        guard peek() == "]" else { throw fail("Expected ']'") }
        at += 1
        return (view, predicates)
    }

    /// After a view or the leading `|`: nothing (the next view or `|` follows at once), `-`, or
    /// `-predicates-`.
    mutating func connection() throws(VisualFormatError) -> Connection {
        skipSpaces()
        if peek() == "[" || peek() == "|" { return .predicates([Predicate()]) }
        guard peek() == "-" else { throw fail("Expected '-' or a view") }
        at += 1
        skipSpaces()
        if peek() == "[" || peek() == "|" { return .standard }
        let predicates: [Predicate]
        if peek() == "(" {
            predicates = try predicateList(allowingViews: false)
        } else {
            var simple = Predicate()
            simple.constant = try constant(allowingSign: false)
            predicates = [simple]
        }
        skipSpaces()
        guard peek() == "-" else { throw fail("Expected a '-' here") }
        at += 1
        skipSpaces()
        guard peek() == "[" || peek() == "|" else { throw fail("Expected a view or '|' after the spacing") }
        return .predicates(predicates)
    }

    /// `(predicate, predicate...)`.
    mutating func predicateList(allowingViews: Bool) throws(VisualFormatError) -> [Predicate] {
        at += 1 // (
        var list: [Predicate] = []
        while true {
            skipSpaces()
            list.append(try predicate(allowingViews: allowingViews))
            skipSpaces()
            if peek() == "," {
                at += 1
                continue
            }
            guard peek() == ")" else { throw fail("Expected ',' or ')' to end the predicate list") }
            at += 1
            return list
        }
    }

    mutating func predicate(allowingViews: Bool) throws(VisualFormatError) -> Predicate {
        var p = Predicate()
        if let c = peek(), c == "=" || c == "<" || c == ">" {
            guard peek(1) == "=" else { throw fail("Expected a relation: '==', '<=' or '>='") }
            p.relation = c == "=" ? .equal : (c == "<" ? .lessThanOrEqual : .greaterThanOrEqual)
            at += 2
            skipSpaces()
        }
        let start = at
        if let name = identifier(), metrics[name] == nil, allowingViews, let value = views[name] {
            guard let view = value as? UIView else { throw fail("\(name) is not a view in the views dictionary.", at: start) }
            p.view = view
        } else {
            at = start
            p.constant = try constant(allowingSign: true)
        }
        skipSpaces()
        if peek() == "@" {
            at += 1
            skipSpaces()
            let place = at
            let value = try constant(allowingSign: false)
            guard value > 0 && value <= 1000 else {
                throw fail("A priority must be greater than 0 and at most 1000, not \(LayoutReport.number(value)).", at: place)
            }
            p.priority = UILayoutPriority(Float(value))
        }
        return p
    }

    /// A number, or a metric's name.
    mutating func constant(allowingSign: Bool) throws(VisualFormatError) -> CGFloat {
        let start = at
        if let name = identifier() {
            guard let value = metrics[name] else { throw fail("\(name) is not a key in the metrics dictionary.", at: start) }
            guard let number = VisualFormatParser.number(value) else {
                throw fail("The metric \(name) is not a number.", at: start)
            }
            return number
        }
        var digits = ""
        if allowingSign, let c = peek(), c == "-" || c == "+" {
            digits.append(c)
            at += 1
        }
        while let c = peek(), c.isASCII && (c.isNumber || c == ".") {
            digits.append(c)
            at += 1
        }
        guard let value = Double(digits), value.isFinite else {
            at = start
            throw fail("Expected a number or key from the metrics dictionary, but encountered something else")
        }
        return CGFloat(value)
    }

    /// `[A-Za-z_][A-Za-z0-9_]*` at the current place, or nil (nothing read).
    mutating func identifier() -> String? {
        guard let first = peek(), first.isASCII, first.isLetter || first == "_" else { return nil }
        var name = ""
        while let c = peek(), c.isASCII, c.isLetter || c.isNumber || c == "_" {
            name.append(c)
            at += 1
        }
        return name
    }

    static func number(_ value: Any) -> CGFloat? {
        switch value {
        case let v as CGFloat: return v
        case let v as Double: return CGFloat(v)
        case let v as Float: return CGFloat(v)
        case let v as Int: return CGFloat(v)
        case let v as NSNumber: return CGFloat(v.doubleValue)
        default: return nil
        }
    }

    func peek(_ ahead: Int = 0) -> Character? { at + ahead < text.count ? text[at + ahead] : nil }

    mutating func skipSpaces() {
        while let c = peek(), c == " " { at += 1 }
    }

    func fail(_ reason: String, at position: Int? = nil) -> VisualFormatError {
        VisualFormatError(reason: reason, position: min(position ?? at, text.count))
    }

    // MARK: Constraints

    /// The edges along the string's direction: (leading edge, trailing edge).
    func edges(horizontal: Bool) -> (NSLayoutConstraint.Attribute, NSLayoutConstraint.Attribute) {
        guard horizontal else { return (.top, .bottom) }
        switch options.intersection(.directionMask) {
        case .directionLeftToRight: return (.left, .right)
        case .directionRightToLeft: return (.right, .left)
        default: return (.leading, .trailing)
        }
    }

    func size(of view: UIView, _ p: Predicate, horizontal: Bool) -> NSLayoutConstraint {
        let attribute: NSLayoutConstraint.Attribute = horizontal ? .width : .height
        let c = NSLayoutConstraint(
            item: view, attribute: attribute, relatedBy: p.relation, toItem: p.view, attribute: p.view == nil ? .notAnAttribute : attribute,
            multiplier: 1, constant: p.constant)
        c.priority = p.priority
        return c
    }

    /// The constraints of one connection: the later item's leading edge (relation) the earlier
    /// item's trailing edge plus the spacing (`|-20-[a]`: a.leading == superview.leading + 20;
    /// `[a]-20-|`: superview.trailing == a.trailing + 20).
    func connect(_ a: Item, _ b: Item, _ connection: Connection, horizontal: Bool) throws(VisualFormatError) -> [NSLayoutConstraint] {
        var (lead, trail) = edges(horizontal: horizontal)
        let earlier: UIView, later: UIView
        var toSuperview = false
        switch (a, b) {
        case (.superview(let bar), .view(let v)):
            guard let s = v.superview else { throw noSuperview(bar) }
            (earlier, later, toSuperview) = (s, v, true)
            trail = lead // the superview's own leading edge
        case (.view(let v), .superview(let bar)):
            guard let s = v.superview else { throw noSuperview(bar) }
            (earlier, later, toSuperview) = (v, s, true)
            lead = trail
        case (.view(let v), .view(let w)):
            (earlier, later) = (v, w)
            if !horizontal && options.contains(.spacingBaselineToBaseline) { (lead, trail) = (.firstBaseline, .lastBaseline) }
        default:
            throw fail("Expected a view")
        }
        let predicates: [Predicate]
        switch connection {
        case .standard:
            var p = Predicate()
            p.constant = toSuperview ? 20 : 8
            predicates = [p]
        case .predicates(let list): predicates = list
        }
        return predicates.map { p in
            let c = NSLayoutConstraint(
                item: later, attribute: lead, relatedBy: p.relation, toItem: earlier, attribute: trail, multiplier: 1, constant: p.constant)
            c.priority = p.priority
            return c
        }
    }

    func noSuperview(_ bar: Int) -> VisualFormatError {
        fail("Unable to interpret '|' character, because the related view doesn't have a superview", at: bar)
    }

    /// The alignment options: each view with the one before it, across the string's direction.
    func aligned(_ items: [Item], horizontal: Bool) throws(VisualFormatError) -> [NSLayoutConstraint] {
        let table: [(NSLayoutConstraint.FormatOptions, NSLayoutConstraint.Attribute)] = [
            (.alignAllLeft, .left), (.alignAllRight, .right), (.alignAllTop, .top), (.alignAllBottom, .bottom),
            (.alignAllLeading, .leading), (.alignAllTrailing, .trailing), (.alignAllCenterX, .centerX), (.alignAllCenterY, .centerY),
            (.alignAllLastBaseline, .lastBaseline), (.alignAllFirstBaseline, .firstBaseline),
        ]
        let attributes = table.filter { options.contains($0.0) }.map(\.1)
        if attributes.isEmpty { return [] }
        if let wrong = attributes.first(where: { ($0.axis == .horizontal) == horizontal }) {
            let edge = wrong.axis == .horizontal ? "a vertical edge" : "a horizontal edge"
            throw fail(
                "Options mask required views to be aligned on \(edge), which is not allowed for layout that is also "
                    + "\(horizontal ? "horizontal" : "vertical").", at: text.count)
        }
        var views: [UIView] = []
        for case .view(let v) in items { views.append(v) }
        var constraints: [NSLayoutConstraint] = []
        for k in views.indices.dropFirst() {
            for attribute in attributes {
                constraints.append(
                    NSLayoutConstraint(
                        item: views[k - 1], attribute: attribute, relatedBy: .equal, toItem: views[k], attribute: attribute, multiplier: 1,
                        constant: 0))
            }
        }
        return constraints
    }
}
