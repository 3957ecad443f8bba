import UIKit
import XCTest

/// Core Graphics' and Core Animation's transforms as Apple documents them.
final class GeometryTests: XCTestCase {
    func testAffineTransformsComposeAsCoreGraphics() {
        let p = CGPoint(x: 10, y: 0)
        // translatedBy applies the translation first, then the receiver: scale(2) of (10+5) = 30.
        let t = CGAffineTransform(scaleX: 2, y: 2).translatedBy(x: 5, y: 0)
        XCTAssertEqual(p.applying(t).x, 30, accuracy: 1e-9)
        // concatenating: the receiver first, then the argument: (10*2)+5 = 25.
        let u = CGAffineTransform(scaleX: 2, y: 2).concatenating(CGAffineTransform(translationX: 5, y: 0))
        XCTAssertEqual(p.applying(u).x, 25, accuracy: 1e-9)
        // A quarter turn clockwise on screen (y down): (10, 0) -> (0, 10).
        let r = p.applying(CGAffineTransform(rotationAngle: .pi / 2))
        XCTAssertEqual(r.x, 0, accuracy: 1e-9)
        XCTAssertEqual(r.y, 10, accuracy: 1e-9)
        let back = p.applying(u).applying(u.inverted())
        XCTAssertEqual(back.x, 10, accuracy: 1e-9)
        XCTAssertTrue(CGAffineTransform.identity.isIdentity)
        // A transform that cannot be inverted comes back unchanged.
        let flat = CGAffineTransform(scaleX: 0, y: 1)
        XCTAssertEqual(flat.inverted(), flat)
    }

    func testRectApplyingIsTheBoundingBox() {
        let r = CGRect(x: 0, y: 0, width: 10, height: 20).applying(CGAffineTransform(rotationAngle: .pi / 2))
        XCTAssertEqual(r.minX, -20, accuracy: 1e-9)
        XCTAssertEqual(r.width, 20, accuracy: 1e-9)
        XCTAssertEqual(r.height, 10, accuracy: 1e-9)
    }

    func testTransform3DFunctionsMatchCoreAnimation() {
        var t = CATransform3DMakeTranslation(10, 20, 0)
        t = CATransform3DScale(t, 2, 2, 1)
        // Scale first, then the translation.
        let a = CATransform3DGetAffineTransform(t)
        XCTAssertEqual(CGPoint(x: 1, y: 1).applying(a), CGPoint(x: 12, y: 22))
        XCTAssertTrue(CATransform3DIsAffine(t))
        let z = CATransform3DMakeRotation(.pi / 2, 0, 0, 1)
        let q = CGPoint(x: 10, y: 0).applying(CATransform3DGetAffineTransform(z))
        XCTAssertEqual(q.y, 10, accuracy: 1e-9)
        XCTAssertEqual(CATransform3DConcat(t, CATransform3DInvert(t)), CATransform3DIdentity)
        var perspective = CATransform3DIdentity
        perspective.m34 = -1 / 500
        XCTAssertFalse(CATransform3DIsAffine(perspective))
        XCTAssertFalse(CATransform3DIsAffine(CATransform3DMakeRotation(0.3, 1, 0, 0)))
        XCTAssertTrue(CATransform3DIsIdentity(CATransform3DMakeRotation(1, 0, 0, 0)))
    }

    func testEdgeInsetsInsetARect() {
        let r = CGRect(x: 0, y: 0, width: 100, height: 50).inset(by: UIEdgeInsets(top: 1, left: 2, bottom: 3, right: 4))
        XCTAssertEqual(r, CGRect(x: 2, y: 1, width: 94, height: 46))
    }

    func testColorsResolvePerAppearance() {
        let light = UITraitCollection(userInterfaceStyle: .light), dark = UITraitCollection(userInterfaceStyle: .dark)
        var r: CGFloat = 0, g: CGFloat = 0, b: CGFloat = 0, a: CGFloat = 0
        UIColor.systemBackground.resolvedColor(with: dark).getRed(&r, green: &g, blue: &b, alpha: &a)
        XCTAssertEqual([r, g, b, a], [0, 0, 0, 1])
        UIColor.systemBackground.resolvedColor(with: light).getRed(&r, green: &g, blue: &b, alpha: &a)
        XCTAssertEqual([r, g, b, a], [1, 1, 1, 1])
        let dynamic = UIColor { $0.userInterfaceStyle == .dark ? .red : .blue }
        dynamic.resolvedColor(with: dark).getRed(&r, green: &g, blue: &b, alpha: &a)
        XCTAssertEqual([r, g, b], [1, 0, 0])
        UIColor(hue: 0, saturation: 1, brightness: 1, alpha: 1).getRed(&r, green: &g, blue: &b, alpha: &a)
        XCTAssertEqual([r, g, b], [1, 0, 0])
        XCTAssertEqual(UIColor.red.withAlphaComponent(0.5).cgColor.alpha, 0.5)
    }

    func testFontsFollowTheTextSize() {
        let body = UITraitCollection(preferredContentSizeCategory: .large)
        let big = UITraitCollection(preferredContentSizeCategory: .accessibilityExtraExtraExtraLarge)
        XCTAssertEqual(UIFont.preferredFont(forTextStyle: .body, compatibleWith: body).pointSize, 17)
        XCTAssertEqual(UIFont.preferredFont(forTextStyle: .body, compatibleWith: big).pointSize, 53)
        XCTAssertEqual(UIFontMetrics(forTextStyle: .body).scaledValue(for: 17, compatibleWith: big), 53, accuracy: 0.5)
        XCTAssertTrue(UIContentSizeCategory.accessibilityMedium.isAccessibilityCategory)
        XCTAssertFalse(UIContentSizeCategory.extraExtraExtraLarge.isAccessibilityCategory)
    }
}
