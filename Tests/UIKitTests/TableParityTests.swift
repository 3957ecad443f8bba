import Scene
import UIKit
import XCTest

/// A self-sizing cell whose label is in the content view but pinned to the cell's own edges
/// (a pattern snapshot references show: iOS sizes such a cell by those constraints).
@MainActor final class CellPinnedCell: UITableViewCell {
    let tall = UIView()
    override init(style: UITableViewCell.CellStyle, reuseIdentifier: String?) {
        super.init(style: style, reuseIdentifier: reuseIdentifier)
        tall.translatesAutoresizingMaskIntoConstraints = false
        contentView.addSubview(tall)
        NSLayoutConstraint.activate([
            tall.topAnchor.constraint(equalTo: topAnchor, constant: 16),
            tall.bottomAnchor.constraint(equalTo: bottomAnchor, constant: -16),
            tall.leadingAnchor.constraint(equalTo: leadingAnchor, constant: 20),
            tall.trailingAnchor.constraint(equalTo: trailingAnchor, constant: -20),
            tall.heightAnchor.constraint(equalToConstant: 76),
        ])
    }
    required init?(coder: NSCoder) { fatalError() }
}

@MainActor final class CellPinnedSource: NSObject, UITableViewDataSource {
    func tableView(_ tableView: UITableView, numberOfRowsInSection section: Int) -> Int { 3 }
    func tableView(_ tableView: UITableView, cellForRowAt indexPath: IndexPath) -> UITableViewCell {
        tableView.dequeueReusableCell(withIdentifier: "pinned", for: indexPath)
    }
}

/// Table metrics as iOS draws them.
final class TableParityTests: XCTestCase {
    /// Constraints on the cell rather than its content view size a self-sizing row: 16 + 76 + 16
    /// = 108 pt, not 44 and a pixel (a snapshot reference's such cell was 108.5 pt on iOS where
    /// we gave 44.5), the subview where they put it.
    func testSelfSizingFromConstraintsOnTheCell() {
        MainActor.assumeIsolated {
            let t = UITableView(frame: CGRect(x: 0, y: 0, width: 390, height: 800), style: .plain)
            t.register(CellPinnedCell.self, forCellReuseIdentifier: "pinned")
            let source = CellPinnedSource()
            t.dataSource = source
            t.layoutIfNeeded()
            XCTAssertEqual(t.rectForRow(at: IndexPath(row: 0, section: 0)).height, 108)
            XCTAssertEqual(t.rectForRow(at: IndexPath(row: 1, section: 0)).minY, 108)
            let cell = t.cellForRow(at: IndexPath(row: 0, section: 0)) as? CellPinnedCell
            XCTAssertEqual(cell?.tall.frame, CGRect(x: 20, y: 16, width: 350, height: 76))
        }
    }

    /// A plain table of three rows on an 852-pt screen draws the separators of the empty rows
    /// below its last, 44 pt apart (each at a row's bottom pixel), at the 16 pt separator inset,
    /// down to the bottom; a tableFooterView hides them (the known idiom). The rows of 44 pt hold
    /// their separators: the third row ends at 132, not 133.
    func testPlainTablesDrawEmptyRowSeparatorsUnlessTheyHaveAFooter() {
        MainActor.assumeIsolated {
            let source = CountingSource(rows: 3)
            let t = UITableViewBehaviourTests.table(.plain, source)
            XCTAssertEqual(t.rectForRow(at: IndexPath(row: 2, section: 0)).maxY, 132)
            let pixel = 1 / UITraitCollection.current.displayScale
            let lines = t.subviews.filter { $0.frame.height == pixel && $0.frame.minY >= 132 && !($0 is UITableViewCell) }
                .map(\.frame).sorted { $0.minY < $1.minY }
            XCTAssertEqual(lines.count, 16, "132 + 44 k less a pixel above 852: k = 1 ... 16")
            XCTAssertEqual(lines.first, CGRect(x: 16, y: 176 - pixel, width: 393 - 16, height: pixel))
            XCTAssertEqual(lines[1].minY - lines[0].minY, 44)
            t.tableFooterView = UIView(frame: CGRect(x: 0, y: 0, width: 393, height: 1))
            t.layoutIfNeeded()
            XCTAssertTrue(t.subviews.filter { $0.frame.height == pixel && $0.frame.minY >= 133 && !($0 is UITableViewCell) }.isEmpty)
        }
    }
}
