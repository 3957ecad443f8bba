import Foundation
import RenderFramesKit
import UIKit
import XCTest

/// Every control of Sources/UIKit/Controls on one screen.
@MainActor final class ControlsSheetViewController: UIViewController {
    override func viewDidLoad() {
        super.viewDidLoad()
        view.backgroundColor = .systemGroupedBackground
        var y: CGFloat = 60

        // Buttons: the four styles, a capsule with an image, a subtitle, the older API.
        let styles: [(String, UIButton.Configuration)] = [("Filled", .filled()), ("Tinted", .tinted()), ("Gray", .gray()), ("Plain", .plain())]
        let row = UIStackView()
        row.spacing = 8
        row.distribution = .fillEqually
        row.frame = CGRect(x: 16, y: y, width: 361, height: 35)
        for (title, style) in styles {
            var c = style
            c.title = title
            row.addArrangedSubview(UIButton(configuration: c))
        }
        row.accessibilityIdentifier = "buttons"
        view.addSubview(row)
        y += 45

        var capsule = UIButton.Configuration.borderedProminent()
        capsule.title = "Share"
        capsule.image = UIImage(systemName: "square.and.arrow.up")
        capsule.imagePadding = 6
        capsule.cornerStyle = .capsule
        capsule.baseBackgroundColor = .systemPink
        let share = UIButton(configuration: capsule)
        share.frame = CGRect(origin: CGPoint(x: 16, y: y), size: share.intrinsicContentSize)
        view.addSubview(share)

        var two = UIButton.Configuration.tinted()
        two.title = "Download"
        two.subtitle = "12 MB"
        two.image = UIImage(systemName: "arrow.down.circle")
        two.imagePlacement = .leading
        two.imagePadding = 8
        two.buttonSize = .large
        let download = UIButton(configuration: two)
        download.frame = CGRect(origin: CGPoint(x: 150, y: y), size: download.intrinsicContentSize)
        view.addSubview(download)

        let legacy = UIButton(type: .system)
        legacy.setTitle("Legacy", for: .normal)
        legacy.frame = CGRect(origin: CGPoint(x: 300, y: y), size: legacy.intrinsicContentSize)
        view.addSubview(legacy)
        let close = UIButton(type: .close)
        close.frame = CGRect(x: 350, y: y + 30, width: 30, height: 30)
        view.addSubview(close)
        y += 80

        // A settings row: image, label, switch, in a stack; switches on, off, disabled, tinted.
        let icon = UIImageView(image: UIImage(systemName: "wifi"))
        let label = UILabel()
        label.text = "Wi-Fi"
        let on = UISwitch()
        on.isOn = true
        let settings = UIStackView(arrangedSubviews: [icon, label, on])
        settings.spacing = 12
        settings.alignment = .center
        settings.isLayoutMarginsRelativeArrangement = true
        settings.layoutMargins = UIEdgeInsets(top: 0, left: 16, bottom: 0, right: 16)
        settings.backgroundColor = .secondarySystemGroupedBackground
        settings.layer.cornerRadius = 10
        settings.frame = CGRect(x: 16, y: y, width: 361, height: 44)
        view.addSubview(settings)
        y += 56
        let off = UISwitch(frame: CGRect(x: 16, y: y, width: 0, height: 0))
        view.addSubview(off)
        let disabled = UISwitch(frame: CGRect(x: 80, y: y, width: 0, height: 0))
        disabled.isOn = true
        disabled.isEnabled = false
        view.addSubview(disabled)
        let tinted = UISwitch(frame: CGRect(x: 144, y: y, width: 0, height: 0))
        tinted.isOn = true
        tinted.onTintColor = .systemOrange
        view.addSubview(tinted)
        let spinner = UIActivityIndicatorView(style: .medium)
        spinner.frame.origin = CGPoint(x: 220, y: y + 5)
        spinner.startAnimating()
        view.addSubview(spinner)
        let large = UIActivityIndicatorView(style: .large)
        large.frame.origin = CGPoint(x: 260, y: y - 3)
        large.startAnimating()
        view.addSubview(large)
        y += 45

        let segments = UISegmentedControl(items: ["Day", "Week", "Month", "Year"])
        segments.selectedSegmentIndex = 1
        segments.frame = CGRect(x: 16, y: y, width: 361, height: 32)
        view.addSubview(segments)
        y += 44

        // Colored stripes under three materials, page controls on them.
        let colors: [UIColor] = [.systemRed, .systemOrange, .systemYellow, .systemGreen, .systemTeal, .systemBlue, .systemIndigo, .systemPurple]
        for (i, color) in colors.enumerated() {
            let stripe = UIView(frame: CGRect(x: 16 + CGFloat(i) * 45, y: y, width: 45, height: 200))
            stripe.backgroundColor = color
            view.addSubview(stripe)
        }
        let materials: [UIBlurEffect.Style] = [.systemUltraThinMaterial, .systemThickMaterial, .systemChromeMaterial]
        for (i, style) in materials.enumerated() {
            let effect = UIVisualEffectView(effect: UIBlurEffect(style: style))
            effect.frame = CGRect(x: 32, y: y + 12 + CGFloat(i) * 62, width: 329, height: 52)
            effect.layer.cornerRadius = 12
            effect.clipsToBounds = true
            let name = UILabel(frame: CGRect(x: 12, y: 4, width: 200, height: 22))
            name.text = ["Ultra thin", "Thick", "Chrome"][i]
            name.font = .preferredFont(forTextStyle: .headline)
            effect.contentView.addSubview(name)
            let dots = UIPageControl(frame: CGRect(x: 0, y: 26, width: 329, height: 26))
            dots.numberOfPages = 5
            dots.currentPage = i
            if i == 2 { dots.backgroundStyle = .prominent }
            effect.contentView.addSubview(dots)
            view.addSubview(effect)
        }
        y += 212

        // A vertical stack, equal spacing, centered.
        var small = UIButton.Configuration.gray()
        small.buttonSize = .small
        small.title = "Small"
        var mini = UIButton.Configuration.filled()
        mini.buttonSize = .mini
        mini.title = "Mini"
        let column = UIStackView(arrangedSubviews: [UIButton(configuration: small), UIButton(configuration: mini)])
        column.axis = .vertical
        column.alignment = .center
        column.distribution = .equalSpacing
        column.frame = CGRect(x: 16, y: y, width: 361, height: 80)
        view.addSubview(column)
        let pages = UIPageControl(frame: CGRect(x: 16, y: y + 90, width: 361, height: 26))
        pages.numberOfPages = 4
        pages.currentPage = 3
        view.addSubview(pages)
    }
}

/// The controls sheet against its goldens, light and dark (@1x).
final class ControlsGoldenTests: XCTestCase {
    func testControlsSheetGolden() throws {
        try assertFrames(
            of: { ControlsSheetViewController() }, scenario: ScreenSmokeTests.fixtures + "/controls.yaml",
            golden: ScreenSmokeTests.fixtures + "/golden/controls")
    }
}
