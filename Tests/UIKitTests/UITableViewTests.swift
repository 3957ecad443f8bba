import Foundation
import Raster
import RenderFramesKit
import UIKit
import XCTest

/// One row of a test table: the YAML table's row keys.
struct TestRow {
    var text: String
    var detail: String? = nil
    var style = UITableViewCell.CellStyle.default
    var accessory = UITableViewCell.AccessoryType.none
}

/// The rows of Fixtures/uikit/table-rows.yaml, from UIKit code.
@MainActor class SameRowsController: UITableViewController {
    struct Section {
        var header: String?
        var footer: String?
        var rows: [TestRow]
        var count: Int
    }
    let sections: [Section] = [
        Section(rows: [TestRow(text: "Jane Appleseed", detail: "Apple Account, iCloud, and more", style: .subtitle, accessory: .disclosureIndicator)], count: 1),
        Section(
            header: "Network",
            footer: "Ask to join networks is off. Known networks will be joined automatically; if none is available, you have to choose one.",
            rows: [
                TestRow(text: "Airplane Mode"),
                TestRow(text: "Wi-Fi", detail: "Home", style: .value1, accessory: .disclosureIndicator),
                TestRow(text: "Bluetooth", detail: "On", style: .value1, accessory: .disclosureIndicator),
                TestRow(text: "Focus", accessory: .checkmark),
                TestRow(text: "Screen Time", accessory: .detailButton),
            ], count: 5),
        Section(
            header: "Contact",
            rows: [TestRow(text: "mobile", detail: "+1 (555) 010-0199", style: .value2), TestRow(text: "home", detail: "jane@example.com", style: .value2)],
            count: 2),
        Section(
            header: "More", rows: [TestRow(text: "Item", accessory: .disclosureIndicator), TestRow(text: "Another item", detail: "Detail", style: .value1)],
            count: 12),
    ]
    nonisolated(unsafe) static var made = 0
    nonisolated(unsafe) static var maxVisible = 0

    init() { super.init(style: .insetGrouped) }
    required init?(coder: NSCoder) { fatalError() }

    override func viewDidLoad() {
        super.viewDidLoad()
        for style in ["default", "value1", "value2", "subtitle"] {
            tableView.register(StyledCell.self, forCellReuseIdentifier: style)
        }
    }

    override func numberOfSections(in tableView: UITableView) -> Int { sections.count }
    override func tableView(_ tableView: UITableView, numberOfRowsInSection section: Int) -> Int { sections[section].count }
    override func tableView(_ tableView: UITableView, titleForHeaderInSection section: Int) -> String? { sections[section].header }
    override func tableView(_ tableView: UITableView, titleForFooterInSection section: Int) -> String? { sections[section].footer }
    override func tableView(_ tableView: UITableView, cellForRowAt indexPath: IndexPath) -> UITableViewCell {
        let section = sections[indexPath.section]
        let row = section.rows[indexPath.row % section.rows.count]
        let id = ["default", "value1", "value2", "subtitle"][row.style.rawValue]
        let cell = tableView.dequeueReusableCell(withIdentifier: id, for: indexPath)
        cell.textLabel?.text = row.text
        cell.detailTextLabel?.text = row.detail
        cell.accessoryType = row.accessory
        Self.maxVisible = max(Self.maxVisible, tableView.visibleCells.count + 1)
        return cell
    }
}

/// A cell registered by class whose style comes from its reuse identifier.
@MainActor final class StyledCell: UITableViewCell {
    nonisolated(unsafe) static var prepared = 0
    override init(style: UITableViewCell.CellStyle, reuseIdentifier: String?) {
        let named: [String: UITableViewCell.CellStyle] = ["value1": .value1, "value2": .value2, "subtitle": .subtitle]
        super.init(style: named[reuseIdentifier ?? ""] ?? .default, reuseIdentifier: reuseIdentifier)
    }
    required init?(coder: NSCoder) { fatalError() }
    override func prepareForReuse() {
        super.prepareForReuse()
        StyledCell.prepared += 1
    }
}

final class UITableViewTests: XCTestCase {
    static let fixtures = ScreenSmokeTests.fixtures

    /// The rows of table-rows.yaml from YAML and from a UITableViewController give the same
    /// pixels, at rest and scrolled (every frame, at the device's scale where hairlines are a
    /// device pixel in both). The one tolerance: the antialiased pixels of an inset section's
    /// rounded corners (within the 10 pt radius, 30 px, of the section's left and right edges) may
    /// differ by up to 3 levels, as the YAML table draws the section's white twice there (the
    /// section's box, then its cells clipped to the box) and UIKit's table once (the section's
    /// background behind cells that draw none), which is how a phone draws it.
    func testTheSameRowsFromYAMLAndUIKitGiveTheSamePixels() throws {
        let base = NSTemporaryDirectory() + "uikit-table-same"
        try? FileManager.default.removeItem(atPath: base)
        _ = try Render(Render.Settings(scenario: Self.fixtures + "/table-rows.yaml", outputDirectory: base + "/yaml")).run()
        try renderFrames(of: { SameRowsController() }, scenario: Self.fixtures + "/table-motion.yaml", out: base + "/uikit")
        let names = try FileManager.default.contentsOfDirectory(atPath: base + "/yaml").filter { $0.hasSuffix(".png") }.sorted()
        XCTAssertEqual(names.count, 3)
        for name in names {
            let a = try ImageDecoder.decode(fileAt: base + "/yaml/" + name)
            let b = try ImageDecoder.decode(fileAt: base + "/uikit/" + name)
            XCTAssertEqual(a.width, b.width)
            XCTAssertEqual(a.height, b.height)
            // The inset section's left and right edges in pixels: the margin (16 pt) at 3x.
            let left = 48, right = a.width - 48
            var outside = 0, firstOutside: (Int, Int)?, most = 0, cornerPixels = 0
            for i in stride(from: 0, to: min(a.bytes.count, b.bytes.count), by: 4) where a.bytes[i..<i + 4] != b.bytes[i..<i + 4] {
                let x = (i / 4) % a.width
                let delta = (0..<4).map { abs(Int(a.bytes[i + $0]) - Int(b.bytes[i + $0])) }.max()!
                if (left..<left + 30).contains(x) || (right - 30..<right).contains(x), delta <= 3 {
                    cornerPixels += 1
                    most = max(most, delta)
                } else {
                    outside += 1
                    if firstOutside == nil { firstOutside = (x, (i / 4) / a.width) }
                }
            }
            XCTAssertEqual(outside, 0, "\(name): \(outside) pixels differ outside the sections' corners, the first at \(String(describing: firstOutside))")
            XCTAssertLessThan(cornerPixels, 1000, name)
        }
    }
}

