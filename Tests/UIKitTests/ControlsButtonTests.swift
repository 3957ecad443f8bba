import Raster
import UIKit
import XCTest

/// UIButton: sizes from the configuration and from the older API, the content's placement and
/// the styles' fills.
final class ControlsButtonTests: XCTestCase {
    /// A configuration button is its text plus the size's insets: medium is 12 pt at the sides and
    /// 7 pt above and below the body font's line. On iOS that is 75 x 34.33 pt for "Button"
    /// (Interface Builder's default filled button); our font's 17 pt line is 20.67 pt, not SF's
    /// 20.33, so ours is 34.67 pt tall.
    func testConfigurationSizesAreTheTextPlusTheSizesInsets() {
        ControlsHarness.onMain {
            _ = ControlsHarness.run { _ in
                let body = UILabel()
                body.font = .preferredFont(forTextStyle: .body)
                body.text = "Button"
                let text = body.intrinsicContentSize
                @MainActor func size(_ c: UIButton.Configuration, _ s: UIButton.Configuration.Size) -> CGSize {
                    var c = c
                    c.title = "Button"
                    c.buttonSize = s
                    return UIButton(configuration: c).intrinsicContentSize
                }
                let medium = size(.filled(), .medium)
                XCTAssertEqual(medium.width, text.width + 24, accuracy: 0.001)
                XCTAssertEqual(medium.height, text.height + 14, accuracy: 0.001)
                XCTAssertEqual(medium.height, 34.33, accuracy: 0.34, "iOS: 34.33 pt")
                XCTAssertEqual(size(.plain(), .medium), medium, "the style does not change the size")
                let large = size(.filled(), .large)
                XCTAssertEqual(large.height - medium.height, 14, accuracy: 0.001)
                XCTAssertEqual(large.width - medium.width, 16, accuracy: 0.001)
                let small = size(.gray(), .small)
                let sub = UILabel()
                sub.font = .preferredFont(forTextStyle: .subheadline)
                sub.text = "Button"
                XCTAssertEqual(small.height, sub.intrinsicContentSize.height + 10, accuracy: 0.001)
                var custom = UIButton.Configuration.tinted()
                custom.title = "Button"
                custom.contentInsets = NSDirectionalEdgeInsets(top: 1, leading: 2, bottom: 3, trailing: 4)
                XCTAssertEqual(UIButton(configuration: custom).intrinsicContentSize, CGSize(width: text.width + 6, height: text.height + 4))
                custom.setDefaultContentInsets()
                XCTAssertEqual(UIButton(configuration: custom).intrinsicContentSize, medium)
            }
        }
    }

    /// The older API: the title in the system font at 15 pt, 6 pt above and below (46 x 30 pt on
    /// iOS); contentEdgeInsets replace those 6 pt (a snapshot reference's button with insets was
    /// 48 pt tall on iOS, 60.5 here with the 12 pt added); titles per state fall back to .normal's.
    func testTheOlderAPISizesAndStates() {
        ControlsHarness.onMain {
            _ = ControlsHarness.run { _ in
                let label = UILabel()
                label.font = .systemFont(ofSize: 15)
                label.text = "Button"
                let text = label.intrinsicContentSize
                let b = UIButton(type: .system)
                b.setTitle("Button", for: .normal)
                XCTAssertEqual(b.intrinsicContentSize, CGSize(width: text.width, height: text.height + 12))
                XCTAssertEqual(b.intrinsicContentSize.height, 30, accuracy: 0.34, "iOS: 30 pt")
                b.contentEdgeInsets = UIEdgeInsets(top: 10, left: 20, bottom: 10, right: 20)
                XCTAssertEqual(b.intrinsicContentSize, CGSize(width: text.width + 40, height: text.height + 20))
                b.titleLabel?.font = .systemFont(ofSize: 18)
                b.contentEdgeInsets = UIEdgeInsets(top: 15, left: 20, bottom: 15, right: 20)
                label.font = .systemFont(ofSize: 18)
                XCTAssertEqual(b.intrinsicContentSize.height, label.intrinsicContentSize.height + 30)
                b.contentEdgeInsets = UIEdgeInsets(top: 0.01, left: 0, bottom: 0.01, right: 0)
                XCTAssertEqual(b.intrinsicContentSize.height, label.intrinsicContentSize.height + 0.02, accuracy: 1e-9)
                b.titleLabel?.font = .systemFont(ofSize: 15)
                b.setTitle("Chosen", for: .selected)
                XCTAssertEqual(b.currentTitle, "Button")
                // The legacy system types: their symbol at 22 pt (iOS's contactAdd circle is
                // 24.3 pt across; at 17 pt it was 18.8).
                let add = UIButton(type: .contactAdd)
                let plain = UIImage(systemName: "plus.circle")!.size
                XCTAssertGreaterThan(add.intrinsicContentSize.width, plain.width * 22 / 17 - 0.5)
                XCTAssertEqual(add.currentImage?.size, UIImage(systemName: "plus.circle", withConfiguration: UIImage.SymbolConfiguration(pointSize: 22))?.size)
                b.isSelected = true
                XCTAssertEqual(b.currentTitle, "Chosen")
                XCTAssertEqual(b.title(for: .highlighted), "Button")
                XCTAssertEqual(UIButton(type: .custom).titleColor(for: .normal), .white)
            }
        }
    }

    /// iOS draws a disabled button's `.normal` background image at half its alpha (an opaque red
    /// 1-pixel image became (255, 0, 0, 127)) and an image set for `.disabled` as it is (opaque
    /// green): faberNovel/ADUtils, ADUtilsTests/__Snapshots__/UIButtonBackgroundColorTests/
    /// (`spec.UIButtonBackgroundColorDisabledNoColor.png`, `...Disabled.png`). Over black, the
    /// dimmed red is 127.
    func testADisabledButtonDimsTheImageOfAnotherState() {
        ControlsHarness.onMain {
            func filled(_ color: UIColor) -> UIImage {
                let format = UIGraphicsImageRendererFormat()
                format.scale = 1
                return UIGraphicsImageRenderer(size: CGSize(width: 1, height: 1), format: format).image { c in
                    c.cgContext.setFillColor(color.cgColor)
                    c.fill(CGRect(x: 0, y: 0, width: 1, height: 1))
                }
            }
            let p = ControlsHarness.render { view in
                view.backgroundColor = .black
                for (i, adjusts) in [(0, true), (1, true), (2, false)] {
                    let b = UIButton(type: .custom)
                    b.frame = CGRect(x: 20, y: 100 + CGFloat(i) * 40, width: 20, height: 10)
                    b.setBackgroundImage(filled(.red), for: .normal)
                    if i == 1 { b.setBackgroundImage(filled(.green), for: .disabled) }
                    b.adjustsImageWhenDisabled = adjusts
                    b.isEnabled = false
                    view.addSubview(b)
                }
            }
            let dimmed = ControlsHarness.pixel(p, 30, 105)
            XCTAssertEqual(dimmed.0, 127, accuracy: 1, "the normal image at half alpha over black: \(dimmed)")
            XCTAssertEqual(dimmed.1, 0)
            let own = ControlsHarness.pixel(p, 30, 145)
            XCTAssertEqual([own.0, own.1, own.2], [0, 255, 0], "the disabled state's own image is not dimmed")
            let kept = ControlsHarness.pixel(p, 30, 185)
            XCTAssertEqual([kept.0, kept.1, kept.2], [255, 0, 0], "adjustsImageWhenDisabled false: drawn as it is")
        }
    }

    /// The image goes before, after, above or below the title, `imagePadding` apart.
    func testImagePlacementAndPadding() {
        ControlsHarness.onMain {
            _ = ControlsHarness.run { view in
                for placement in [NSDirectionalRectEdge.leading, .trailing, .top, .bottom] {
                    var c = UIButton.Configuration.filled()
                    c.title = "Share"
                    c.image = UIImage(systemName: "square.and.arrow.up")
                    c.imagePlacement = placement
                    c.imagePadding = 6
                    let b = UIButton(configuration: c)
                    b.frame = CGRect(origin: CGPoint(x: 20, y: 100), size: b.intrinsicContentSize)
                    view.addSubview(b)
                    b.layoutIfNeeded()
                    let image = b.imageView!.frame, title = b.titleLabel!.frame
                    XCTAssertGreaterThan(image.width, 10)
                    switch placement {
                    case .leading: XCTAssertEqual(title.minX - image.maxX, 6, accuracy: 0.001); XCTAssertEqual(image.minX, 12, accuracy: 0.001)
                    case .trailing:
                        XCTAssertEqual(image.minX - title.maxX, 6, accuracy: 0.001); XCTAssertEqual(image.maxX, b.bounds.width - 12, accuracy: 0.001)
                    case .top: XCTAssertEqual(title.minY - image.maxY, 6, accuracy: 0.001); XCTAssertEqual(image.minY, 7, accuracy: 0.001)
                    default: XCTAssertEqual(image.minY - title.maxY, 6, accuracy: 0.001)
                    }
                }
            }
        }
    }

    /// Filled: the tint behind white text; tinted: the tint faint; gray: a gray fill; plain: none;
    /// a capsule's corner is outside it; a disabled filled button is gray.
    func testStylesFills() {
        let pixels = ControlsHarness.onMain {
            ControlsHarness.render { view in
                let styles: [UIButton.Configuration] = [.filled(), .tinted(), .gray(), .plain(), .borderedProminent()]
                for (i, style) in styles.enumerated() {
                    var c = style
                    c.title = "Continue"
                    if i == 4 { c.cornerStyle = .capsule }
                    let b = UIButton(configuration: c)
                    b.frame = CGRect(x: 20, y: 100 + CGFloat(i) * 60, width: 200, height: 44)
                    view.addSubview(b)
                }
                var off = UIButton.Configuration.filled()
                off.title = "Off"
                let disabled = UIButton(configuration: off)
                disabled.isEnabled = false
                disabled.frame = CGRect(x: 20, y: 400, width: 200, height: 44)
                view.addSubview(disabled)
            }
        }
        ControlsHarness.dump(pixels, "buttons")
        let filled = ControlsHarness.pixel(pixels, 30, 122)
        XCTAssert(filled.2 > 230 && filled.0 < 20, "filled: systemBlue, got \(filled)")
        let tinted = ControlsHarness.pixel(pixels, 30, 182)
        XCTAssert(tinted.2 > 245 && tinted.0 > 200 && tinted.0 < 235, "tinted: blue at 0.15 over white, got \(tinted)")
        let gray = ControlsHarness.pixel(pixels, 30, 242)
        XCTAssert(gray.0 > 225 && gray.0 < 245 && abs(gray.0 - gray.2) < 4, "gray: secondarySystemFill, got \(gray)")
        XCTAssertEqual(ControlsHarness.pixel(pixels, 30, 302).0, 255, "plain: no fill")
        XCTAssertEqual(ControlsHarness.pixel(pixels, 21, 341).0, 255, "capsule: the corner is outside")
        XCTAssert(ControlsHarness.pixel(pixels, 42, 362).2 > 230, "capsule: filled inside")
        // White title pixels in the middle of the filled button.
        var white = 0
        for x in 80..<160 { for y in 110..<134 where ControlsHarness.pixel(pixels, x, y).0 > 240 { white += 1 } }
        XCTAssertGreaterThan(white, 60, "the filled button's title is white")
        // Blue title pixels on the plain button.
        var blue = 0
        for x in 80..<160 { for y in 290..<314 where ControlsHarness.pixel(pixels, x, y).0 < 120 { blue += 1 } }
        XCTAssertGreaterThan(blue, 60, "the plain button's title is the tint")
        let disabled = ControlsHarness.pixel(pixels, 30, 422)
        XCTAssert(abs(disabled.0 - disabled.2) < 6 && disabled.0 < 250, "disabled filled: a gray fill, got \(disabled)")
    }
}

/// A configuration's attributed title: each run in its own font and color.
final class ControlsAttributedTitleTests: XCTestCase {
    func testAttributedTitleRunsKeepTheirFontsAndColors() {
        let pixels = ControlsHarness.onMain {
            ControlsHarness.render { view in
                var title = AttributedString("RED")
                title.font = UIFont.boldSystemFont(ofSize: 30)
                title.foregroundColor = .red
                var rest = AttributedString(" plain")
                rest.font = UIFont.systemFont(ofSize: 30)
                title.append(rest)
                var c = UIButton.Configuration.plain()
                c.attributedTitle = title
                let button = UIButton(configuration: c)
                button.frame = CGRect(origin: CGPoint(x: 20, y: 100), size: button.intrinsicContentSize)
                XCTAssertGreaterThan(button.frame.height, 40, "the 30 pt runs set the height")
                view.addSubview(button)
            }
        }
        var red = 0, blue = 0
        for y in 100..<150 {
            for x in 20..<250 {
                let p = ControlsHarness.pixel(pixels, x, y)
                if p.0 > 200, p.1 < 60, p.2 < 60 { red += 1 }
                if p.2 > 200, p.0 < 60 { blue += 1 }
            }
        }
        XCTAssertGreaterThan(red, 100, "the first run in red")
        XCTAssertGreaterThan(blue, 100, "the second run in the tint")
    }

    /// A tint set after the first layout recolors the title.
    func testANewTintRecolorsTheTitle() {
        let run = ControlsHarness.onMain {
            ControlsHarness.run { view in
                var c = UIButton.Configuration.plain()
                c.title = "Tint"
                let button = UIButton(configuration: c)
                button.accessibilityIdentifier = "tinted"
                button.frame = CGRect(x: 20, y: 100, width: 100, height: 44)
                view.addSubview(button)
            }
        }
        ControlsHarness.onMain {
            let button = run.window.rootViewController!.view.subviews.first { $0.accessibilityIdentifier == "tinted" } as! UIButton
            XCTAssertEqual(button.titleLabel?.textColor, .systemBlue)
            button.tintColor = .systemRed
            run.window.layoutIfNeeded()
            XCTAssertEqual(button.titleLabel?.textColor, .systemRed)
        }
    }
}

/// A configuration's text attributes transformer sets the title's font and color.
final class ControlsTransformerTests: XCTestCase {
    func testTitleTransformerSetsFontAndColor() {
        ControlsHarness.onMain {
            _ = ControlsHarness.run { view in
                var c = UIButton.Configuration.filled()
                c.title = "Bold"
                c.titleTextAttributesTransformer = UIConfigurationTextAttributesTransformer { incoming in
                    var outgoing = incoming
                    outgoing.font = UIFont.boldSystemFont(ofSize: 24)
                    outgoing.foregroundColor = .systemYellow
                    return outgoing
                }
                c.imageColorTransformer = .grayscale
                c.image = UIImage(systemName: "star")
                let button = UIButton(configuration: c)
                button.frame = CGRect(origin: .zero, size: button.intrinsicContentSize)
                view.addSubview(button)
                button.layoutIfNeeded()
                XCTAssertEqual(button.titleLabel?.font.pointSize, 24)
                XCTAssertEqual(button.titleLabel?.textColor, .systemYellow)
                XCTAssertGreaterThan(button.bounds.height, 24 + 14)
                var white: CGFloat = 0, alpha: CGFloat = 0
                button.imageView?.tintColor.getWhite(&white, alpha: &alpha)
                XCTAssertEqual(white, 1, accuracy: 0.01, "white (the filled foreground) stays white in grayscale")
            }
        }
    }
}
