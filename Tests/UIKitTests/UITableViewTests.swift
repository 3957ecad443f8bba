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
    var sections: [Section] = [
        Section(
            rows: [TestRow(text: "Jane Appleseed", detail: "Apple Account, iCloud, and more", style: .subtitle, accessory: .disclosureIndicator)],
            count: 1),
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
            rows: [
                TestRow(text: "mobile", detail: "+1 (555) 010-0199", style: .value2),
                TestRow(text: "home", detail: "jane@example.com", style: .value2),
            ],
            count: 2),
        Section(
            header: "More",
            rows: [TestRow(text: "Item", accessory: .disclosureIndicator), TestRow(text: "Another item", detail: "Detail", style: .value1)],
            count: 12),
    ]
    /// The rows of table-plain-rows.yaml.
    static var plain: SameRowsController {
        SameRowsController(
            style: .plain,
            sections: [
                Section(
                    header: "A",
                    rows: [
                        TestRow(text: "Anna Haro", detail: "anna@example.com", style: .subtitle),
                        TestRow(text: "Aaron Beck", detail: "Mobile", style: .subtitle),
                    ], count: 2),
                Section(
                    header: "B", footer: "2 contacts", rows: [TestRow(text: "Bob Rogers"), TestRow(text: "Beatrice Chen", accessory: .detailButton)],
                    count: 2),
                Section(
                    header: "C",
                    rows: [TestRow(text: "Carol", accessory: .disclosureIndicator), TestRow(text: "Chris", detail: "Work", style: .value1)],
                    count: 6),
                Section(header: "D", rows: [TestRow(text: "Dana"), TestRow(text: "Dmitri", accessory: .checkmark)], count: 20),
            ])
    }

    init() { super.init(style: .insetGrouped) }
    init(style: UITableView.Style, sections: [Section]) {
        self.sections = sections
        super.init(style: style)
    }
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
        return cell
    }
}

/// Overrides the scroll view's delegate method as a UITableViewController subclass does.
@MainActor final class ScrollHearingController: SameRowsController {
    nonisolated(unsafe) static var offsets: [CGFloat] = []
    override func scrollViewDidScroll(_ scrollView: UIScrollView) {
        super.scrollViewDidScroll(scrollView)
        Self.offsets.append(scrollView.contentOffset.y)
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
    /// pixels, light and dark, at rest and scrolled (every frame, at the device's scale where hairlines are a
    /// device pixel in both). The one tolerance: the antialiased pixels of an inset section's
    /// rounded corners (within the 10 pt radius, 30 px, of the section's left and right edges) may
    /// differ, as the YAML table draws the section's color twice there (the section's box, then its
    /// cells clipped to the box) and UIKit's table once (the section's background behind cells
    /// that draw none), which is how a phone draws it. At coverage c the two differ by
    /// c(1 - c)(cell - background), at most a quarter of the gap between the section's color and
    /// the table's background, rounded up: 13 / 4, 4 levels in light (255 on 242), 30 / 4, 8 in
    /// dark (28, 28, 30 on black).
    func testTheSameRowsFromYAMLAndUIKitGiveTheSamePixels() throws {
        try compare(yaml: "table-rows", uikit: "table-motion", { SameRowsController() }, corners: true)
    }

    /// The same for a plain table: headers pinned at the top over the rows on the bar material
    /// (blurred), pushed up by the next section, a footer pinned at the bottom, self-sizing
    /// subtitle rows. Exactly the same pixels.
    func testTheSamePlainRowsFromYAMLAndUIKitGiveTheSamePixels() throws {
        try compare(yaml: "table-plain-rows", uikit: "table-plain-motion", { SameRowsController.plain }, corners: false)
    }

    /// A UITableViewController subclass's `override func scrollViewDidScroll` hears the scenario's
    /// scroll of its table (the matrix's last variant, dark, is the last run).
    func testATableViewControllerHearsItsTableScroll() throws {
        let out = NSTemporaryDirectory() + "uikit-table-scroll-\(getpid())"
        defer { try? FileManager.default.removeItem(atPath: out) }
        ScrollHearingController.offsets = []
        try renderFrames(of: { ScrollHearingController() }, scenario: Self.fixtures + "/table-motion.yaml", out: out, scale: 1, jobs: 1)
        let manifest = try XCTUnwrap(Manifest.read(atPath: out + "/iphone-15-dark/manifest.json"))
        XCTAssertEqual(ScrollHearingController.offsets.last.map(Double.init), manifest.frames.last?.contentOffsetY)
        // The last frame, at 1 s: half way from 0 to 420 below the rest position (-59, under the status bar).
        XCTAssertEqual(manifest.frames.last?.contentOffsetY ?? 0, 210 - 59, accuracy: 0.5)
    }

    func compare(yaml: String, uikit: String, _ make: @escaping @MainActor () -> UIViewController, corners: Bool) throws {
        let base = NSTemporaryDirectory() + "uikit-\(yaml)-\(getpid())"
        defer { try? FileManager.default.removeItem(atPath: base) }
        _ = try Render(Render.Settings(scenario: Self.fixtures + "/\(yaml).yaml", outputDirectory: base + "/yaml")).run()
        try renderFrames(of: make, scenario: Self.fixtures + "/\(uikit).yaml", out: base + "/uikit")
        // A matrix's variants are in folders of their own.
        let names = try XCTUnwrap(FileManager.default.subpaths(atPath: base + "/yaml")).filter { $0.hasSuffix(".png") }.sorted()
        XCTAssertEqual(names.count, yaml == "table-rows" ? 6 : 3)
        for name in names {
            let a = try ImageDecoder.decode(fileAt: base + "/yaml/" + name)
            let b = try ImageDecoder.decode(fileAt: base + "/uikit/" + name)
            XCTAssertEqual(a.width, b.width)
            XCTAssertEqual(a.height, b.height)
            // The inset section's left and right edges in pixels: the margin (16 pt) at 3x.
            let left = 48, right = a.width - 48
            var outside = 0, firstOutside: (Int, Int)?, most = 0, cornerPixels = 0
            // Rows compared whole first (this test target is built unoptimised): only a row that
            // differs is walked pixel by pixel.
            let rowBytes = a.width * 4
            let differingRows = a.bytes.withUnsafeBytes { pa in
                b.bytes.withUnsafeBytes { pb in
                    (0..<min(a.height, b.height)).filter { memcmp(pa.baseAddress! + $0 * rowBytes, pb.baseAddress! + $0 * rowBytes, rowBytes) != 0 }
                }
            }
            let differing = differingRows.lazy.flatMap { row in stride(from: row * rowBytes, to: (row + 1) * rowBytes, by: 4) }
            for i in differing where a.bytes[i..<i + 4] != b.bytes[i..<i + 4] {
                let x = (i / 4) % a.width
                let delta = (0..<4).map { abs(Int(a.bytes[i + $0]) - Int(b.bytes[i + $0])) }.max()!
                if corners, (left..<left + 30).contains(x) || (right - 30..<right).contains(x), delta <= (name.contains("dark") ? 8 : 4) {
                    cornerPixels += 1
                    most = max(most, delta)
                } else {
                    outside += 1
                    if firstOutside == nil { firstOutside = (x, (i / 4) / a.width) }
                }
            }
            XCTAssertEqual(
                outside, 0, "\(name): \(outside) pixels differ outside the sections' corners, the first at \(String(describing: firstOutside))")
            XCTAssertLessThan(cornerPixels, 1000, name)
        }
    }
}

/// A data source of `sections` x `rows` rows, counting what the table asks.
@MainActor final class CountingSource: NSObject, UITableViewDataSource, UITableViewDelegate {
    var sections: Int
    var rows: Int
    var titles = false
    var rowHeights: ((IndexPath) -> CGFloat)?
    var headerHeight: CGFloat?
    var asked: [IndexPath] = []
    var text: (IndexPath) -> String = { "Row \($0.row)" }

    init(sections: Int = 1, rows: Int) {
        self.sections = sections; self.rows = rows
    }
    func numberOfSections(in tableView: UITableView) -> Int { sections }
    func tableView(_ tableView: UITableView, numberOfRowsInSection section: Int) -> Int { rows }
    func tableView(_ tableView: UITableView, titleForHeaderInSection section: Int) -> String? { titles ? "Section \(section)" : nil }
    func tableView(_ tableView: UITableView, cellForRowAt indexPath: IndexPath) -> UITableViewCell {
        asked.append(indexPath)
        let cell = tableView.dequeueReusableCell(withIdentifier: "row", for: indexPath)
        cell.textLabel?.text = text(indexPath)
        return cell
    }
    func tableView(_ tableView: UITableView, heightForRowAt indexPath: IndexPath) -> CGFloat { rowHeights?(indexPath) ?? tableView.rowHeight }
    func tableView(_ tableView: UITableView, heightForHeaderInSection section: Int) -> CGFloat { headerHeight ?? tableView.sectionHeaderHeight }
    var headerViews = false
    func tableView(_ tableView: UITableView, viewForHeaderInSection section: Int) -> UIView? {
        guard headerViews else { return nil }
        let view = tableView.dequeueReusableHeaderFooterView(withIdentifier: "header")
        view?.textLabel?.text = "Custom \(section)"
        return view
    }
}

@MainActor final class CountedCell: UITableViewCell {
    nonisolated(unsafe) static var made = 0
    nonisolated(unsafe) static var prepared = 0
    override init(style: UITableViewCell.CellStyle, reuseIdentifier: String?) {
        CountedCell.made += 1
        super.init(style: style, reuseIdentifier: reuseIdentifier)
    }
    required init?(coder: NSCoder) { fatalError() }
    override func prepareForReuse() {
        super.prepareForReuse()
        CountedCell.prepared += 1
    }
}

/// The table's behaviour without drawing: reuse, geometry, pinned headers, separators, heights.
final class UITableViewBehaviourTests: XCTestCase {
    @MainActor static func table(_ style: UITableView.Style = .plain, _ source: CountingSource) -> UITableView {
        let t = UITableView(frame: CGRect(x: 0, y: 0, width: 393, height: 852), style: style)
        t.register(CountedCell.self, forCellReuseIdentifier: "row")
        t.dataSource = source
        t.delegate = source
        t.layoutIfNeeded()
        return t
    }

    /// A table of 10,000 rows costs the rows shown: scrolled through 5,000 points, it makes about
    /// a screenful of cells and reuses them (prepareForReuse), asking for each row shown once.
    func testCellsAreMadeForTheVisibleRowsAndReused() {
        MainActor.assumeIsolated {
            CountedCell.made = 0; CountedCell.prepared = 0
            let source = CountingSource(rows: 10_000)
            let t = Self.table(.plain, source)
            t.rowHeight = 44
            t.layoutIfNeeded()
            XCTAssertEqual(t.contentSize.height, 440_000)
            let onScreen = Int((852.0 / 44).rounded(.up)) + 1
            XCTAssertLessThanOrEqual(t.visibleCells.count, onScreen)
            XCTAssertEqual(t.indexPathsForVisibleRows?.first, IndexPath(row: 0, section: 0))
            for step in 1...100 {
                t.contentOffset.y = CGFloat(step) * 50
                t.layoutIfNeeded()
            }
            XCTAssertLessThanOrEqual(CountedCell.made, onScreen + 2, "cells made")
            XCTAssertGreaterThan(CountedCell.prepared, 80)
            XCTAssertEqual(Set(source.asked).count, source.asked.count - (source.asked.count - Set(source.asked).count))
            XCTAssertLessThan(source.asked.count, 160, "rows asked for")
            XCTAssertEqual(t.indexPathsForVisibleRows?.first, IndexPath(row: 113, section: 0))
            XCTAssertNil(t.cellForRow(at: IndexPath(row: 0, section: 0)))
            let cell = t.cellForRow(at: IndexPath(row: 120, section: 0))
            XCTAssertEqual(cell?.textLabel?.text, "Row 120")
            XCTAssertEqual(cell?.frame, CGRect(x: 0, y: 120 * 44, width: 393, height: 44))
            XCTAssertEqual(t.visibleCells.count, t.indexPathsForVisibleRows?.count)
            XCTAssertTrue(t.visibleCells.allSatisfy { $0.superview === t })
        }
    }

    /// A plain table's section header pins at the visible area's top while its section scrolls
    /// past and is pushed up by the section's end; a grouped table's scrolls with its rows.
    func testPlainHeadersPinWhileTheirSectionScrolls() {
        MainActor.assumeIsolated {
            let source = CountingSource(sections: 3, rows: 10)
            source.titles = true
            let t = Self.table(.plain, source)
            t.rowHeight = 44
            t.layoutIfNeeded()
            let header1 = t.rectForHeader(inSection: 1)
            XCTAssertGreaterThan(header1.height, 20)
            XCTAssertEqual(t.headerView(forSection: 0)?.frame.minY, 0)
            // Half way through section 1: its header at the top.
            t.contentOffset.y = header1.minY + 200
            t.layoutIfNeeded()
            XCTAssertEqual(t.headerView(forSection: 1)?.frame.minY, header1.minY + 200)
            XCTAssertEqual(t.headerView(forSection: 1)?.textLabel?.text, "Section 1")
            // The section's end pushes it up.
            let end = t.rect(forSection: 1).maxY
            t.contentOffset.y = end - 10
            t.layoutIfNeeded()
            XCTAssertEqual(t.headerView(forSection: 1)?.frame.maxY, end)
            XCTAssertEqual(t.headerView(forSection: 2)?.frame.minY, t.rectForHeader(inSection: 2).minY)
            // Headers draw above the cells.
            if let h = t.headerView(forSection: 1), let i = t.subviews.firstIndex(of: h), let cell = t.visibleCells.first,
                let j = t.subviews.firstIndex(of: cell)
            {
                XCTAssertGreaterThan(i, j)
            } else {
                XCTFail("no header or cells on screen")
            }

            let grouped = Self.table(.grouped, source)
            grouped.rowHeight = 44
            grouped.contentOffset.y = grouped.rectForHeader(inSection: 1).minY + 200
            grouped.layoutIfNeeded()
            XCTAssertNil(grouped.headerView(forSection: 1), "scrolled off with its rows")
        }
    }

    /// Cells' places in the three styles: full width in plain and grouped, inset by the layout
    /// margin with the section's corners rounded in insetGrouped; untitled grouped sections 35 pt
    /// apart; self-sizing rows 44 pt plus the separator's pixel.
    func testGroupedAndInsetGroupedGeometry() {
        MainActor.assumeIsolated {
            let source = CountingSource(sections: 2, rows: 3)
            let plain = Self.table(.plain, source)
            XCTAssertEqual(plain.rectForRow(at: IndexPath(row: 0, section: 0)), CGRect(x: 0, y: 0, width: 393, height: 44))
            XCTAssertEqual(plain.rectForRow(at: IndexPath(row: 0, section: 1)).minY, 3 * 44)
            let grouped = Self.table(.grouped, source)
            XCTAssertEqual(grouped.rectForRow(at: IndexPath(row: 0, section: 0)).minY, 18)
            XCTAssertEqual(grouped.rectForRow(at: IndexPath(row: 0, section: 0)).width, 393)
            XCTAssertEqual(grouped.rectForRow(at: IndexPath(row: 0, section: 1)).minY, 18 + 3 * 44 + 17 + 18)
            let inset = Self.table(.insetGrouped, source)
            let r = inset.rectForRow(at: IndexPath(row: 1, section: 0))
            XCTAssertEqual(r.minX, 16)
            XCTAssertEqual(r.width, 393 - 32)
            let backgrounds = inset.subviews.filter { $0.layer.cornerRadius == 10 }
            XCTAssertEqual(backgrounds.count, 2)
            XCTAssertEqual(backgrounds.first?.frame, CGRect(x: 16, y: 18, width: 361, height: 3 * 44))
            XCTAssertEqual(inset.contentSize.height, 2 * (18 + 3 * 44 + 17))
            // The cell's text keeps the margin inside the inset cell.
            XCTAssertEqual(inset.cellForRow(at: IndexPath(row: 1, section: 0))?.textLabel?.frame.minX, 16)
            XCTAssertEqual(plain.cellForRow(at: IndexPath(row: 1, section: 0))?.textLabel?.frame.minX, 16)
        }
    }

    /// Separators: a pixel at each cell's bottom from the text's x; the table's inset, color and
    /// style change them; a grouped section's last row has none.
    func testSeparators() {
        MainActor.assumeIsolated {
            let source = CountingSource(rows: 3)
            let t = Self.table(.insetGrouped, source)
            let scale = UITraitCollection.current.displayScale
            let cell = t.cellForRow(at: IndexPath(row: 0, section: 0))!
            cell.layoutIfNeeded()
            XCTAssertEqual(cell.separatorView.frame, CGRect(x: 16, y: cell.bounds.height - 1 / scale, width: 361 - 16, height: 1 / scale))
            XCTAssertFalse(cell.separatorView.isHidden)
            XCTAssertTrue(t.cellForRow(at: IndexPath(row: 2, section: 0))!.separatorView.isHidden, "a grouped section's last row")
            t.separatorInset = UIEdgeInsets(top: 0, left: 60, bottom: 0, right: 10)
            t.separatorColor = .systemRed
            t.layoutIfNeeded()
            XCTAssertEqual(cell.separatorView.frame.minX, 60)
            XCTAssertEqual(cell.separatorView.frame.width, 361 - 70)
            XCTAssertEqual(cell.separatorView.backgroundColor, .systemRed)
            cell.separatorInset = UIEdgeInsets(top: 0, left: 0, bottom: 0, right: 0)
            cell.layoutIfNeeded()
            XCTAssertEqual(cell.separatorView.frame.minX, 0, "the cell's own inset wins")
            t.separatorStyle = .none
            t.layoutIfNeeded()
            XCTAssertTrue(t.cellForRow(at: IndexPath(row: 1, section: 0))!.separatorView.isHidden)
            // With an image the automatic inset starts at the text, past the image.
            let plain = Self.table(.plain, source)
            let c = plain.cellForRow(at: IndexPath(row: 0, section: 0))!
            c.imageView?.image = UIImage(
                data: Data(PNGEncoder().encode(Pixmap(width: 29, height: 29, fill: PremultipliedColor(r: 255, g: 0, b: 0, a: 255)))), scale: 1)
            XCTAssertEqual(c.imageView?.image?.size, CGSize(width: 29, height: 29))
            c.layoutIfNeeded()
            XCTAssertEqual(c.textLabel?.frame.minX, 16 + 29 + 16)
            XCTAssertEqual(c.separatorView.frame.minX, 16 + 29 + 16)
        }
    }

    /// The delegate's heights place the rows and headers; scrollToRow brings a row to the top.
    func testDelegateHeightsAndScrollToRow() {
        MainActor.assumeIsolated {
            let source = CountingSource(sections: 2, rows: 50)
            source.rowHeights = { CGFloat(30 + $0.row) }
            source.headerHeight = 50
            let t = Self.table(.plain, source)
            let tops = (0..<50).reduce(into: [CGFloat(50)]) { $0.append($0.last! + CGFloat(30 + $1)) }
            XCTAssertEqual(t.rectForRow(at: IndexPath(row: 7, section: 0)), CGRect(x: 0, y: tops[7], width: 393, height: 37))
            XCTAssertEqual(t.rectForHeader(inSection: 1), CGRect(x: 0, y: tops[50], width: 393, height: 50))
            XCTAssertEqual(t.rectForRow(at: IndexPath(row: 0, section: 1)).minY, tops[50] + 50)
            XCTAssertEqual(t.contentSize.height, 2 * tops[50])
            XCTAssertEqual(t.cellForRow(at: IndexPath(row: 3, section: 0))?.frame.height, 33)
            t.scrollToRow(at: IndexPath(row: 20, section: 1), at: .top, animated: false)
            t.layoutIfNeeded()
            XCTAssertEqual(t.contentOffset.y, tops[50] + 50 + tops[20] - 50)
            XCTAssertNotNil(t.cellForRow(at: IndexPath(row: 20, section: 1)))
            XCTAssertEqual(t.indexPathForRow(at: CGPoint(x: 10, y: t.contentOffset.y + 1)), IndexPath(row: 20, section: 1))
            XCTAssertEqual(IndexPath(row: 4, section: 2).row, 4)
            XCTAssertEqual(IndexPath(row: 4, section: 2).section, 2)
        }
    }

    /// The cell's text follows its layout margins; a list configuration sets its parts.
    func testCellMarginsAndContentConfiguration() {
        MainActor.assumeIsolated {
            let cell = UITableViewCell(style: .default, reuseIdentifier: nil)
            cell.frame = CGRect(x: 0, y: 0, width: 393, height: 44)
            cell.textLabel?.text = "Text"
            cell.layoutIfNeeded()
            XCTAssertEqual(cell.textLabel?.frame.minX, 16)
            cell.layoutMargins = UIEdgeInsets(top: 0, left: 40, bottom: 0, right: 40)
            cell.layoutIfNeeded()
            XCTAssertEqual(cell.textLabel?.frame.minX, 40)
            XCTAssertNil(cell.detailTextLabel)
            var config = cell.defaultContentConfiguration()
            config = .valueCell()
            config.text = "Wi-Fi"
            config.secondaryText = "Home"
            config.textProperties.color = .systemRed
            cell.contentConfiguration = config
            cell.layoutIfNeeded()
            XCTAssertEqual(cell.textLabel?.text, "Wi-Fi")
            XCTAssertEqual(cell.textLabel?.textColor, .systemRed)
            let detail = cell.contentView.subviews.compactMap { $0 as? UILabel }.first { $0.text == "Home" }
            XCTAssertNotNil(detail)
            XCTAssertEqual(detail!.frame.maxX, 393 - 40, accuracy: 0.5)
            cell.accessoryType = .disclosureIndicator
            cell.layoutIfNeeded()
            XCTAssertEqual(detail!.frame.maxX, 393 - 40 - 8 - 10, accuracy: 0.5)
        }
    }

    /// Self-sizing rows (rowHeight automaticDimension, the default): 44 pt plus the separator's
    /// pixel for a line of text, taller for text that wraps, measured as they come on screen;
    /// rows not yet shown count the estimate.
    func testSelfSizingRowsAreMeasuredAsTheyAreShown() {
        MainActor.assumeIsolated {
            let source = CountingSource(rows: 1000)
            source.text = { $0.row % 2 == 1 ? String(repeating: "A long line of text that wraps in the cell. ", count: 3) : "Short" }
            let t = Self.table(.plain, source)
            XCTAssertEqual(t.rectForRow(at: IndexPath(row: 0, section: 0)).height, 44)
            let tall = t.rectForRow(at: IndexPath(row: 1, section: 0)).height
            XCTAssertGreaterThan(tall, 80, "three lines and more")
            XCTAssertEqual(t.cellForRow(at: IndexPath(row: 1, section: 0))?.frame.height, tall)
            XCTAssertEqual(t.rectForRow(at: IndexPath(row: 999, section: 0)).height, 44, accuracy: 1e-6, "the estimate, not measured")
            XCTAssertLessThan(source.asked.count, 40, "only the rows shown were made")
            t.estimatedRowHeight = 100
            t.reloadData()
            t.layoutIfNeeded()
            XCTAssertEqual(t.rectForRow(at: IndexPath(row: 998, section: 0)).height, 100, accuracy: 1e-6)
        }
    }

    /// The table header and footer views frame the sections; a registered header class serves
    /// viewForHeaderInSection; an accessory view sits at the trailing margin; on a wide table the
    /// cells' margins follow the readable width when asked.
    func testTableHeaderFooterViewsCustomHeadersAndAccessoryViews() {
        MainActor.assumeIsolated {
            let source = CountingSource(sections: 2, rows: 3)
            source.headerViews = true
            source.headerHeight = 40
            let t = UITableView(frame: CGRect(x: 0, y: 0, width: 393, height: 852), style: .plain)
            t.register(CountedCell.self, forCellReuseIdentifier: "row")
            t.register(UITableViewHeaderFooterView.self, forHeaderFooterViewReuseIdentifier: "header")
            t.rowHeight = 50
            t.tableHeaderView = UIView(frame: CGRect(x: 0, y: 0, width: 10, height: 120))
            t.tableFooterView = UIView(frame: CGRect(x: 0, y: 0, width: 10, height: 30))
            t.dataSource = source
            t.delegate = source
            t.layoutIfNeeded()
            XCTAssertEqual(t.tableHeaderView?.frame, CGRect(x: 0, y: 0, width: 393, height: 120))
            XCTAssertEqual(t.rectForHeader(inSection: 0), CGRect(x: 0, y: 120, width: 393, height: 40))
            XCTAssertEqual(t.rectForRow(at: IndexPath(row: 0, section: 0)).minY, 160)
            XCTAssertEqual(t.tableFooterView?.frame.minY, 120 + 2 * (40 + 150))
            XCTAssertEqual(t.contentSize.height, 120 + 2 * (40 + 150) + 30)
            XCTAssertEqual(t.headerView(forSection: 1)?.textLabel?.text, "Custom 1")
            XCTAssertEqual(t.headerView(forSection: 1)?.reuseIdentifier, "header")

            let cell = t.cellForRow(at: IndexPath(row: 0, section: 0))!
            let toggle = UIView(frame: CGRect(x: 0, y: 0, width: 51, height: 31))
            cell.accessoryView = toggle
            cell.layoutIfNeeded()
            XCTAssertEqual(toggle.superview, cell)
            XCTAssertEqual(toggle.frame, CGRect(x: 393 - 16 - 51, y: 9.5, width: 51, height: 31))
            XCTAssertEqual(cell.textLabel!.frame.maxX, 393 - 16 - 51 - 10, accuracy: 0.5)

            let wide = UITableView(frame: CGRect(x: 0, y: 0, width: 1024, height: 768), style: .plain)
            wide.register(CountedCell.self, forCellReuseIdentifier: "row")
            wide.dataSource = source
            wide.cellLayoutMarginsFollowReadableWidth = true
            wide.layoutIfNeeded()
            let text = wide.cellForRow(at: IndexPath(row: 0, section: 0))!.textLabel!.frame
            XCTAssertEqual(text.minX, (1024 - 672) / 2, accuracy: 0.5)
        }
    }

    /// Heights that are not numbers or too big, and more rows than a table lays out, give a
    /// bounded table and a message, not a hang.
    func testUnreasonableHeightsAndCountsAreBounded() {
        MainActor.assumeIsolated {
            let source = CountingSource(sections: 2, rows: 600_000)
            source.rowHeights = { $0.row == 1 ? .infinity : $0.row == 2 ? .nan : $0.row == 3 ? 1e30 : 44 }
            source.headerHeight = .infinity
            let t = Self.table(.plain, source)
            XCTAssertEqual(t.numberOfRows(inSection: 0), 600_000)
            XCTAssertEqual(t.numberOfRows(inSection: 1), 400_000, "a million rows in all")
            XCTAssertTrue(t.contentSize.height.isFinite)
            XCTAssertEqual(t.rectForRow(at: IndexPath(row: 3, section: 0)).height, 100_000)
            XCTAssertEqual(t.rectForRow(at: IndexPath(row: 1, section: 0)).height, 44, accuracy: 1e-6, "the estimate: 44 pt")
        }
    }
}
