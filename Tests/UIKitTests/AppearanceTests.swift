import Foundation
import UIKit
import XCTest

@MainActor private final class CardView: UIView {}
@MainActor private final class BadgeView: UIView {}
@MainActor private final class TitleLabel: UILabel {}
@MainActor private final class StyledViewController: UIViewController {}

/// UIAppearance as UIKit applies it: when a view enters a window, to the properties the view has
/// not set itself, the most specific proxy winning, containment matched up the superview chain.
final class AppearanceTests: XCTestCase {
    /// Runs a screen whose view gets what `build` adds, and returns what `check` reads after the
    /// first frame.
    private func onScreen<T: Sendable>(_ build: @escaping @MainActor (UIView) -> Void, _ check: @MainActor () -> T) -> T {
        ControlsHarness.onMain {
            _ = ControlsHarness.run(build)
            return check()
        }
    }

    /// A proxy's value reaches a label as it enters the window, not before; a value set on the
    /// instance stays.
    func testProxyValueAppliesWhenTheViewEntersAWindow() {
        nonisolated(unsafe) var plain: UILabel!, own: UILabel!, outside: UILabel!
        nonisolated(unsafe) var before: UIColor?
        let colors = onScreen({ view in
            UILabel.appearance().textColor = .systemRed
            plain = UILabel()
            own = UILabel()
            own.textColor = .systemGreen
            outside = UILabel()
            before = plain.textColor
            view.addSubview(plain)
            view.addSubview(own)
        }) { [plain.textColor, own.textColor, outside.textColor] }
        XCTAssertEqual(before, .label, "not in a window yet: the default")
        XCTAssertEqual(colors, [.systemRed, .systemGreen, .label])
    }

    /// `appearance(whenContainedInInstancesOf:)`: containers matched anywhere up the chain,
    /// innermost first; the more specific proxy wins over `appearance()`.
    func testContainmentIsMatchedUpTheSuperviewChainInnermostFirst() {
        nonisolated(unsafe) var labels: [UILabel] = []
        let colors = onScreen({ view in
            UILabel.appearance().textColor = .systemBlue
            UILabel.appearance(whenContainedInInstancesOf: [CardView.self]).textColor = .systemOrange
            UILabel.appearance(whenContainedInInstancesOf: [BadgeView.self, CardView.self]).textColor = .systemPink
            let card = CardView(), badge = BadgeView(), inner = UIView(), cardBadge = BadgeView(), lone = BadgeView()
            let inCard = UILabel(), deepInCard = UILabel(), inBadgeInCard = UILabel(), inBadgeAlone = UILabel(), free = UILabel()
            card.addSubview(inner)
            inner.addSubview(deepInCard)
            card.addSubview(inCard)
            card.addSubview(cardBadge)
            cardBadge.addSubview(inBadgeInCard)
            lone.addSubview(inBadgeAlone)
            _ = badge
            view.addSubview(card)
            view.addSubview(lone)
            view.addSubview(free)
            labels = [inCard, deepInCard, inBadgeInCard, inBadgeAlone, free]
        }) { labels.map { $0.textColor! } }
        XCTAssertEqual(colors, [.systemOrange, .systemOrange, .systemPink, .systemBlue, .systemBlue])
    }

    /// A view controller is a container too: its view's subviews match it.
    func testViewControllerContainment() {
        nonisolated(unsafe) var inside: UISwitch!, outside: UISwitch!
        nonisolated(unsafe) var child: StyledViewController!
        let tints = onScreen({ view in
            UISwitch.appearance(whenContainedInInstancesOf: [StyledViewController.self]).onTintColor = .systemPurple
            child = StyledViewController()
            inside = UISwitch()
            child.view.addSubview(inside)
            outside = UISwitch()
            view.addSubview(child.view)
            view.addSubview(outside)
        }) { [inside.onTintColor, outside.onTintColor] }
        XCTAssertEqual(tints, [.systemPurple, nil])
    }

    /// A subclass's proxy styles that subclass only, and wins over its superclass's; UIView's
    /// proxy reaches every view (the tint), and per-state setters are carried.
    func testSubclassProxiesAndStateSetters() {
        nonisolated(unsafe) var title: TitleLabel!, label: UILabel!, button: UIButton!, box: UIView!
        let result = onScreen({ view in
            UILabel.appearance().font = UIFont.systemFont(ofSize: 13)
            TitleLabel.appearance().font = UIFont.boldSystemFont(ofSize: 30)
            UIView.appearance(whenContainedInInstancesOf: [CardView.self]).tintColor = .systemTeal
            UIButton.appearance().setTitleColor(.systemBrown, for: .normal)
            let card = CardView()
            title = TitleLabel(); label = UILabel(); button = UIButton(type: .system); box = UIView()
            card.addSubview(box)
            view.addSubview(card)
            view.addSubview(title)
            view.addSubview(label)
            view.addSubview(button)
        }) { (title.font.pointSize, label.font.pointSize, box.tintColor!, button.titleColor(for: .normal)) }
        XCTAssertEqual(result.0, 30)
        XCTAssertEqual(result.1, 13)
        XCTAssertEqual(result.2, .systemTeal)
        XCTAssertEqual(result.3, .systemBrown)
    }

    /// Appearance is an app's: the next screen's run starts without the proxies of the last.
    func testProxiesDoNotOutliveTheirRun() {
        _ = onScreen({ _ in UILabel.appearance().textColor = .systemRed }) { 0 }
        nonisolated(unsafe) var label: UILabel!
        let color = onScreen({ view in
            label = UILabel()
            view.addSubview(label)
        }) { label.textColor! }
        XCTAssertEqual(color, .label)
    }
}
