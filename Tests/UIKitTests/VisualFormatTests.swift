import UIKit
import XCTest

/// `NSLayoutConstraint.constraints(withVisualFormat:options:metrics:views:)` as UIKit reads it:
/// the constraints made, the frames they give, and a bad format said with UIKit's message and
/// caret instead of an exception.
final class VisualFormatTests: XCTestCase {
    override func setUp() {
        _ = MainActor.assumeIsolated { ScreenRun.takeDiagnostics() }
    }

    @MainActor static func makeViews(_ names: [String], in root: UIView) -> [String: UIView] {
        var views: [String: UIView] = [:]
        for name in names {
            let v = UIView()
            v.translatesAutoresizingMaskIntoConstraints = false
            root.addSubview(v)
            views[name] = v
        }
        return views
    }

    /// Standard spacing (20 to the superview's edges, 8 between views), a size equal to another
    /// view's, fixed sizes and spacings, and metrics.
    func testAFormLaysOutAsUIKitDoes() {
        MainActor.assumeIsolated {
            let root = UIView(frame: CGRect(x: 0, y: 0, width: 390, height: 844))
            let v = Self.makeViews(["title", "badge", "body"], in: root)
            var all: [NSLayoutConstraint] = []
            all += NSLayoutConstraint.constraints(withVisualFormat: "H:|-[title]-[badge(==title)]-|", metrics: nil, views: v)
            all += NSLayoutConstraint.constraints(
                withVisualFormat: "V:|-top-[title(44)]-(gap)-[body(>=100,==120@750)]", metrics: ["top": 40, "gap": 12.0], views: v)
            all += NSLayoutConstraint.constraints(withVisualFormat: "V:|-40-[badge(==title)]", metrics: nil, views: v)
            all += NSLayoutConstraint.constraints(withVisualFormat: "|[body]|", metrics: nil, views: v)
            XCTAssertEqual(all.count, 13)
            NSLayoutConstraint.activate(all)
            root.layoutIfNeeded()
            XCTAssertEqual(v["title"]!.frame, CGRect(x: 20, y: 40, width: 171, height: 44))
            XCTAssertEqual(v["badge"]!.frame, CGRect(x: 199, y: 40, width: 171, height: 44))
            XCTAssertEqual(v["body"]!.frame, CGRect(x: 0, y: 96, width: 390, height: 120))
            XCTAssertEqual(ScreenRun.takeDiagnostics(), [])
        }
    }

    /// What each part of a string becomes: relations, priorities, attributes and the order of items.
    func testTheConstraintsMade() {
        MainActor.assumeIsolated {
            let root = UIView(frame: CGRect(x: 0, y: 0, width: 390, height: 844))
            let v = Self.makeViews(["a", "b"], in: root)
            let (a, b) = (v["a"]!, v["b"]!)
            let made = NSLayoutConstraint.constraints(
                withVisualFormat: "H:|-(>=m@750)-[a(<=w@250)][b]-(-4)-|", metrics: ["m": CGFloat(10), "w": NSNumber(value: 80)], views: v)
            XCTAssertEqual(made.count, 4)
            @MainActor func check(
                _ c: NSLayoutConstraint, _ first: UIView, _ a1: NSLayoutConstraint.Attribute, _ r: NSLayoutConstraint.Relation,
                _ second: UIView?, _ a2: NSLayoutConstraint.Attribute, _ k: CGFloat, _ p: Float, line: UInt = #line
            ) {
                let (f, fa, rel, sec, sa, k0, p0, active) = (
                    c.firstItem, c.firstAttribute, c.relation, c.secondItem, c.secondAttribute, c.constant, c.priority.rawValue, c.isActive
                )
                XCTAssertTrue(f === first, "first item", line: line)
                XCTAssertEqual(fa, a1, line: line)
                XCTAssertEqual(rel, r, line: line)
                XCTAssertTrue(sec === second, "second item", line: line)
                XCTAssertEqual(sa, a2, line: line)
                XCTAssertEqual(k0, k, line: line)
                XCTAssertEqual(p0, p, line: line)
                XCTAssertFalse(active, line: line)
            }
            check(made[0], a, .width, .lessThanOrEqual, nil, .notAnAttribute, 80, 250)
            check(made[1], a, .leading, .greaterThanOrEqual, root, .leading, 10, 750)
            check(made[2], b, .leading, .equal, a, .trailing, 0, 1000)
            check(made[3], root, .trailing, .equal, b, .trailing, -4, 1000)
            // Left to right, and vertical strings with baselines and alignment.
            let ltr = NSLayoutConstraint.constraints(withVisualFormat: "[a]-[b]", options: .directionLeftToRight, metrics: nil, views: v)
            check(ltr[0], b, .left, .equal, a, .right, 8, 1000)
            let rtl = NSLayoutConstraint.constraints(withVisualFormat: "[a]-[b]", options: .directionRightToLeft, metrics: nil, views: v)
            check(rtl[0], b, .right, .equal, a, .left, 8, 1000)
            let baselines = NSLayoutConstraint.constraints(
                withVisualFormat: "V:[a]-20-[b]", options: [.spacingBaselineToBaseline, .alignAllLeading], metrics: nil, views: v)
            XCTAssertEqual(baselines.count, 2)
            check(baselines[0], b, .firstBaseline, .equal, a, .lastBaseline, 20, 1000)
            check(baselines[1], a, .leading, .equal, b, .leading, 0, 1000)
        }
    }

    /// `.alignAllCenterY` on a horizontal string: every view centred on the one before it.
    func testAlignmentOptions() {
        MainActor.assumeIsolated {
            let root = UIView(frame: CGRect(x: 0, y: 0, width: 390, height: 844))
            let v = Self.makeViews(["icon", "name", "chevron"], in: root)
            let row = NSLayoutConstraint.constraints(
                withVisualFormat: "H:|-16-[icon(30)]-12-[name]-[chevron(10)]-16-|", options: .alignAllCenterY, metrics: nil, views: v)
            NSLayoutConstraint.activate(row)
            NSLayoutConstraint.activate(NSLayoutConstraint.constraints(withVisualFormat: "V:|-100-[icon(30)]", metrics: nil, views: v))
            NSLayoutConstraint.activate(NSLayoutConstraint.constraints(withVisualFormat: "V:[name(20)]", metrics: nil, views: v))
            NSLayoutConstraint.activate(NSLayoutConstraint.constraints(withVisualFormat: "V:[chevron(14)]", metrics: nil, views: v))
            root.layoutIfNeeded()
            XCTAssertEqual(v["icon"]!.frame, CGRect(x: 16, y: 100, width: 30, height: 30))
            XCTAssertEqual(v["name"]!.frame, CGRect(x: 58, y: 105, width: 298, height: 20))
            XCTAssertEqual(v["chevron"]!.frame, CGRect(x: 364, y: 108, width: 10, height: 14))
            XCTAssertFalse(v["name"]!.hasAmbiguousLayout)
            XCTAssertEqual(ScreenRun.takeDiagnostics(), [])
        }
    }

    /// A format UIKit refuses with an exception: its message, with the caret under the place, said
    /// once; no constraints, no crash.
    func testBadFormatsAreSaidAsUIKitSaysThem() {
        MainActor.assumeIsolated {
            let root = UIView(frame: CGRect(x: 0, y: 0, width: 390, height: 844))
            let v = Self.makeViews(["a", "b"], in: root)
            let loose = UIView()
            let cases: [(String, [String: Any], NSLayoutConstraint.FormatOptions, String)] = [
                ("H:[a]-[c]", v, [], "c is not a key in the views dictionary. \nH:[a]-[c] \n        ^"),
                (
                    "H:|[loose]|", ["loose": loose], [],
                    "Unable to interpret '|' character, because the related view doesn't have a superview \nH:|[loose]| \n  ^"
                ),
                ("H:[a(w)]", v, [], "w is not a key in the metrics dictionary. \nH:[a(w)] \n     ^"),
                ("H:[a-[b]", v, [], "Expected ']' \nH:[a-[b] \n    ^"),
                (
                    "V:[a]-(>=8@2000)-[b]", v, [],
                    "A priority must be greater than 0 and at most 1000, not 2000. \nV:[a]-(>=8@2000)-[b] \n           ^"
                ),
                ("H:[a]-10[b]", v, [], "Expected a '-' here \nH:[a]-10[b] \n        ^"),
                (
                    "H:[a][b]", v, .alignAllLeft,
                    "Options mask required views to be aligned on a vertical edge, which is not allowed for layout that is also horizontal. \nH:[a][b] \n        ^"
                ),
            ]
            for (format, views, options, expected) in cases {
                let made = NSLayoutConstraint.constraints(withVisualFormat: format, options: options, metrics: nil, views: views)
                XCTAssertEqual(made, [], format)
                XCTAssertEqual(ScreenRun.takeDiagnostics(), ["Unable to parse constraint format: \n" + expected], format)
            }
            // Said once.
            _ = NSLayoutConstraint.constraints(withVisualFormat: "H:[a]-[c]", metrics: nil, views: v)
            XCTAssertEqual(ScreenRun.takeDiagnostics(), [])
        }
    }
}
