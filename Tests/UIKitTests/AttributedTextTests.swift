import Raster
import Scene
import UIKit
import XCTest

/// Attributed strings with any number of styled runs. swift-corelibs-foundation traps (an
/// illegal instruction in CFBasicHashesAreEqual, called from CFRunArrayInsert) when a run is
/// inserted next to two others and the attribute values are NSObject subclasses from outside
/// Foundation: the third append of runs styled with UIFont and UIColor crashed a render.
final class AttributedTextTests: XCTestCase {
    static let colors: [UIColor] = [.red, .blue, UIColor(red: 0, green: 0.6, blue: 0, alpha: 1), .magenta, .orange]

    @MainActor static func fiveRuns() -> NSMutableAttributedString {
        let text = NSMutableAttributedString(string: "")
        let paragraph = NSMutableParagraphStyle()
        paragraph.lineSpacing = 2
        for (i, color) in colors.enumerated() {
            text.append(
                NSAttributedString(
                    string: "W\(i) ",
                    attributes: [
                        .font: UIFont.systemFont(ofSize: 30, weight: i % 2 == 0 ? .bold : .regular), .foregroundColor: color,
                        .paragraphStyle: paragraph,
                    ]))
        }
        return text
    }

    /// Five runs appended one by one, then restyled over a range: no trap, and the runs read
    /// back with their fonts and colors (equal runs are not merged with different neighbours).
    func testAppendingManyStyledRunsDoesNotTrap() {
        MainActor.assumeIsolated {
            let text = Self.fiveRuns()
            text.addAttribute(.foregroundColor, value: UIColor.red, range: NSRange(location: 0, length: 3))
            text.append(NSAttributedString(string: "end", attributes: [.font: UIFont.systemFont(ofSize: 30)]))
            var runs: [(NSRange, UIColor?)] = []
            text.enumerateAttributes(in: NSRange(location: 0, length: text.length)) { a, range, _ in
                runs.append((range, a[.foregroundColor] as? UIColor))
            }
            XCTAssertEqual(runs.count, 6)
            XCTAssertEqual(runs.map(\.0.length), [3, 3, 3, 3, 3, 3])
            XCTAssertEqual(runs[1].1, UIColor.blue)
            XCTAssertEqual(text.attribute(.font, at: 0, effectiveRange: nil) as? UIFont, UIFont.systemFont(ofSize: 30, weight: .bold))
            XCTAssertEqual((text.attribute(.paragraphStyle, at: 4, effectiveRange: nil) as? NSParagraphStyle)?.lineSpacing, 2)
        }
    }

    /// A label and a button with five runs each draw every run's color.
    func testALabelAndAButtonDrawFiveRuns() {
        MainActor.assumeIsolated {
            let label = UILabel(frame: CGRect(x: 10, y: 100, width: 380, height: 50))
            let button = UIButton(type: .system)
            button.frame = CGRect(x: 10, y: 200, width: 380, height: 50)
            let pixels = ControlsHarness.render { root in
                label.attributedText = Self.fiveRuns()
                root.addSubview(label)
                button.setAttributedTitle(Self.fiveRuns(), for: .normal)
                root.addSubview(button)
            }
            for band in [100..<150, 200..<250] {
                for color in Self.colors {
                    let c = color.cgColor.components!
                    var found = 0
                    for y in band {
                        for x in 10..<390 {
                            let p = ControlsHarness.pixel(pixels, x, y)
                            if abs(p.0 - Int(c[0] * 255)) < 40, abs(p.1 - Int(c[1] * 255)) < 40, abs(p.2 - Int(c[2] * 255)) < 40 { found += 1 }
                        }
                    }
                    XCTAssertGreaterThan(found, 20, "\(color) in rows \(band)")
                }
            }
        }
    }
}
