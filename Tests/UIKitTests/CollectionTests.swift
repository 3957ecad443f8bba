import Foundation
import Raster
import RenderFramesKit
import Scene
import UIKit
import XCTest

/// A flow layout whose first section header stretches with the pull past the top, the common
/// iOS pattern written as it is on iOS: the header's attributes changed in
/// layoutAttributesForElements(in:), and the layout invalidated on every bounds change.
@MainActor final class StretchyHeaderLayout: UICollectionViewFlowLayout {
    var prepared = 0
    var asked: [CGRect] = []

    override func prepare() {
        super.prepare()
        prepared += 1
    }

    override func layoutAttributesForElements(in rect: CGRect) -> [UICollectionViewLayoutAttributes]? {
        let attributes = super.layoutAttributesForElements(in: rect)
        guard let collectionView else { return attributes }
        let pull = collectionView.contentOffset.y + collectionView.adjustedContentInset.top
        for a in attributes ?? [] where a.representedElementKind == UICollectionView.elementKindSectionHeader && a.indexPath.section == 0 {
            if pull < 0 { a.frame = CGRect(x: 0, y: pull, width: collectionView.bounds.width, height: a.frame.height - pull) }
        }
        return attributes
    }

    /// What shouldInvalidateLayout(forBoundsChange:) answers (a test turns it off).
    var invalidates = true

    override func shouldInvalidateLayout(forBoundsChange newBounds: CGRect) -> Bool {
        asked.append(newBounds)
        return invalidates
    }
}

/// A layout of its own (not a flow layout): two columns of heights in turn, each item under the
/// shorter column, as a masonry layout caches them in prepare().
@MainActor final class MasonryLayout: UICollectionViewLayout {
    var cache: [UICollectionViewLayoutAttributes] = []
    var height: CGFloat = 0

    override func prepare() {
        super.prepare()
        guard let collectionView else { return }
        cache = []
        var columns: [CGFloat] = [0, 0]
        let width = collectionView.bounds.width / 2
        for i in 0..<collectionView.numberOfItems(inSection: 0) {
            let column = columns[0] <= columns[1] ? 0 : 1
            let a = UICollectionViewLayoutAttributes(forCellWith: IndexPath(item: i, section: 0))
            a.frame = CGRect(x: CGFloat(column) * width, y: columns[column], width: width, height: [120, 80, 200][i % 3])
            a.alpha = 0.5
            a.zIndex = i
            columns[column] = a.frame.maxY
            cache.append(a)
        }
        height = columns.max() ?? 0
    }

    override var collectionViewContentSize: CGSize { CGSize(width: collectionView?.bounds.width ?? 0, height: height) }

    override func layoutAttributesForElements(in rect: CGRect) -> [UICollectionViewLayoutAttributes]? {
        cache.filter { $0.frame.intersects(rect) }
    }

    override func layoutAttributesForItem(at indexPath: IndexPath) -> UICollectionViewLayoutAttributes? { cache[indexPath.item] }
}

/// Rests a released drag with a card line at the top of the safe area: UIKit asks the layout.
@MainActor final class SnappingLayout: UICollectionViewFlowLayout {
    nonisolated(unsafe) static var proposals: [CGPoint] = []

    override func targetContentOffset(forProposedContentOffset proposedContentOffset: CGPoint, withScrollingVelocity velocity: CGPoint) -> CGPoint {
        SnappingLayout.proposals.append(proposedContentOffset)
        guard let collectionView else { return proposedContentOffset }
        let top = collectionView.adjustedContentInset.top
        let pitch = itemSize.height + minimumLineSpacing
        let line = ((proposedContentOffset.y + top - headerReferenceSize.height - sectionInset.top) / pitch).rounded()
        return CGPoint(x: proposedContentOffset.x, y: headerReferenceSize.height + sectionInset.top + line * pitch - top)
    }
}

@MainActor final class CardCell: UICollectionViewCell {
    nonisolated(unsafe) static var made = 0
    var reused = 0
    let label = UILabel()

    override init(frame: CGRect) {
        super.init(frame: frame)
        CardCell.made += 1
        contentView.layer.cornerRadius = 12
        contentView.clipsToBounds = true
        label.textColor = .white
        label.font = .systemFont(ofSize: 17, weight: .semibold)
        label.frame = CGRect(x: 12, y: 12, width: 150, height: 24)
        label.autoresizingMask = [.flexibleWidth]
        contentView.addSubview(label)
    }

    required init?(coder: NSCoder) { fatalError("made in code") }

    override func prepareForReuse() {
        super.prepareForReuse()
        reused += 1
        label.text = nil
    }
}

@MainActor final class TitleHeader: UICollectionReusableView {
    let label = UILabel()

    override init(frame: CGRect) {
        super.init(frame: frame)
        backgroundColor = .systemIndigo
        clipsToBounds = true
        label.text = "Launches"
        label.textColor = .white
        label.textAlignment = .center
        label.font = .systemFont(ofSize: 28, weight: .bold)
        addSubview(label)
    }

    required init?(coder: NSCoder) { fatalError("made in code") }

    /// The title stays centred in the stretched header.
    override func layoutSubviews() {
        super.layoutSubviews()
        label.frame = CGRect(x: 16, y: 0, width: bounds.width - 32, height: bounds.height)
    }
}

/// The stretchy collection header screen: 14 cards of 181 x 240 under a 180 pt header, as the
/// YAML preset `effect: collection` draws it (Fixtures/uikit/collection-preset.yaml).
@MainActor final class StretchyCollectionViewController: UICollectionViewController {
    static let colors: [UIColor] = [.systemRed, .systemOrange, .systemGreen, .systemTeal, .systemBlue, .systemIndigo, .systemPurple]
    let stretchy: UICollectionViewFlowLayout

    init(layout: UICollectionViewFlowLayout = StretchyHeaderLayout()) {
        stretchy = layout
        stretchy.itemSize = CGSize(width: 181, height: 240)
        stretchy.minimumLineSpacing = 10
        stretchy.minimumInteritemSpacing = 10
        stretchy.sectionInset = UIEdgeInsets(top: 10, left: 10, bottom: 10, right: 10)
        stretchy.headerReferenceSize = CGSize(width: 0, height: 180)
        super.init(collectionViewLayout: stretchy)
    }

    required init?(coder: NSCoder) { fatalError("made in code") }

    override func viewDidLoad() {
        super.viewDidLoad()
        collectionView.register(CardCell.self, forCellWithReuseIdentifier: "card")
        collectionView.register(TitleHeader.self, forSupplementaryViewOfKind: UICollectionView.elementKindSectionHeader, withReuseIdentifier: "title")
    }

    override func collectionView(_ collectionView: UICollectionView, numberOfItemsInSection section: Int) -> Int { 14 }

    override func collectionView(_ collectionView: UICollectionView, cellForItemAt indexPath: IndexPath) -> UICollectionViewCell {
        let cell = collectionView.dequeueReusableCell(withReuseIdentifier: "card", for: indexPath) as! CardCell
        cell.accessibilityIdentifier = "item.\(indexPath.item)"
        cell.contentView.backgroundColor = Self.colors[indexPath.item % Self.colors.count]
        cell.label.text = "Card \(indexPath.item + 1)"
        return cell
    }

    override func collectionView(
        _ collectionView: UICollectionView, viewForSupplementaryElementOfKind kind: String, at indexPath: IndexPath
    ) -> UICollectionReusableView {
        let header = collectionView.dequeueReusableSupplementaryView(ofKind: kind, withReuseIdentifier: "title", for: indexPath)
        header.accessibilityIdentifier = "header"
        return header
    }
}

/// A data source and flow delegate with per-section answers, for geometry and reuse tests.
@MainActor final class GridSource: NSObject, UICollectionViewDataSource, UICollectionViewDelegateFlowLayout {
    var counts: [Int]
    var sectionInsets: [Int: UIEdgeInsets] = [:]
    var sizes: [IndexPath: CGSize] = [:]
    var shown: [String] = []

    init(counts: [Int]) { self.counts = counts }

    func numberOfSections(in collectionView: UICollectionView) -> Int { counts.count }
    func collectionView(_ collectionView: UICollectionView, numberOfItemsInSection section: Int) -> Int { counts[section] }
    func collectionView(_ collectionView: UICollectionView, cellForItemAt indexPath: IndexPath) -> UICollectionViewCell {
        let cell = collectionView.dequeueReusableCell(withReuseIdentifier: "card", for: indexPath) as! CardCell
        cell.label.text = "\(indexPath.section).\(indexPath.item)"
        return cell
    }
    func collectionView(
        _ collectionView: UICollectionView, viewForSupplementaryElementOfKind kind: String, at indexPath: IndexPath
    ) -> UICollectionReusableView {
        collectionView.dequeueReusableSupplementaryView(ofKind: kind, withReuseIdentifier: "title", for: indexPath)
    }
    func collectionView(
        _ collectionView: UICollectionView, layout collectionViewLayout: UICollectionViewLayout, sizeForItemAt indexPath: IndexPath
    ) -> CGSize {
        sizes[indexPath] ?? (collectionViewLayout as! UICollectionViewFlowLayout).itemSize
    }
    func collectionView(
        _ collectionView: UICollectionView, layout collectionViewLayout: UICollectionViewLayout, insetForSectionAt section: Int
    ) -> UIEdgeInsets {
        sectionInsets[section] ?? (collectionViewLayout as! UICollectionViewFlowLayout).sectionInset
    }
    func collectionView(_ collectionView: UICollectionView, willDisplay cell: UICollectionViewCell, forItemAt indexPath: IndexPath) {
        shown.append("+\(indexPath.item)")
    }
    func collectionView(_ collectionView: UICollectionView, didEndDisplaying cell: UICollectionViewCell, forItemAt indexPath: IndexPath) {
        shown.append("-\(indexPath.item)")
    }
}

final class CollectionTests: XCTestCase {
    /// The data sources of the tests' collection views (which hold them weakly, as UIKit does).
    nonisolated(unsafe) static var sources: [GridSource] = []

    @MainActor static func grid(_ source: GridSource, layout: UICollectionViewLayout, size: CGSize) -> UICollectionView {
        sources.append(source)
        let cv = UICollectionView(frame: CGRect(origin: .zero, size: size), collectionViewLayout: layout)
        cv.contentInsetAdjustmentBehavior = .never
        cv.register(CardCell.self, forCellWithReuseIdentifier: "card")
        cv.register(TitleHeader.self, forSupplementaryViewOfKind: UICollectionView.elementKindSectionHeader, withReuseIdentifier: "title")
        cv.register(TitleHeader.self, forSupplementaryViewOfKind: UICollectionView.elementKindSectionFooter, withReuseIdentifier: "title")
        cv.dataSource = source
        cv.delegate = source
        cv.layoutIfNeeded()
        return cv
    }

    /// Lines filled left to right, the spare width shared between items, a line of one item
    /// centred, items centred in a line's depth; headers and footers across the width; the
    /// delegate's answers per section over the layout's properties.
    func testFlowLayoutGeometryWithSectionsHeadersAndFooters() {
        MainActor.assumeIsolated {
            let layout = UICollectionViewFlowLayout()
            layout.itemSize = CGSize(width: 90, height: 50)
            layout.minimumInteritemSpacing = 10
            layout.minimumLineSpacing = 5
            layout.sectionInset = UIEdgeInsets(top: 10, left: 10, bottom: 20, right: 10)
            layout.headerReferenceSize = CGSize(width: 0, height: 40)
            layout.footerReferenceSize = CGSize(width: 0, height: 30)
            let source = GridSource(counts: [7, 3])
            source.sectionInsets[1] = UIEdgeInsets(top: 0, left: 5, bottom: 0, right: 5)
            source.sizes[IndexPath(item: 1, section: 1)] = CGSize(width: 90, height: 70)
            let cv = Self.grid(source, layout: layout, size: CGSize(width: 320, height: 480))
            @MainActor func item(_ i: Int, _ s: Int) -> CGRect? { cv.layoutAttributesForItem(at: IndexPath(item: i, section: s))?.frame }
            @MainActor func supplementary(_ kind: String, _ s: Int) -> CGRect? {
                cv.layoutAttributesForSupplementaryElement(ofKind: kind, at: IndexPath(item: 0, section: s))?.frame
            }
            let header = UICollectionView.elementKindSectionHeader, footer = UICollectionView.elementKindSectionFooter
            // Section 0: three of 90 fit in 300 (290 with spacing), the spare 30 shared: 15 between.
            XCTAssertEqual(supplementary(header, 0), CGRect(x: 0, y: 0, width: 320, height: 40))
            XCTAssertEqual(item(0, 0), CGRect(x: 10, y: 50, width: 90, height: 50))
            XCTAssertEqual(item(1, 0), CGRect(x: 115, y: 50, width: 90, height: 50))
            XCTAssertEqual(item(2, 0), CGRect(x: 220, y: 50, width: 90, height: 50))
            XCTAssertEqual(item(3, 0), CGRect(x: 10, y: 105, width: 90, height: 50), "the next line, minimumLineSpacing below")
            XCTAssertEqual(item(6, 0), CGRect(x: 115, y: 160, width: 90, height: 50), "a line of one item is centred")
            XCTAssertEqual(supplementary(footer, 0), CGRect(x: 0, y: 230, width: 320, height: 30), "after the bottom inset")
            // Section 1: the delegate's insets (5 each side: 20 between), a taller item centring the others.
            XCTAssertEqual(supplementary(header, 1), CGRect(x: 0, y: 260, width: 320, height: 40))
            XCTAssertEqual(item(0, 1), CGRect(x: 5, y: 310, width: 90, height: 50))
            XCTAssertEqual(item(1, 1), CGRect(x: 115, y: 300, width: 90, height: 70))
            XCTAssertEqual(item(2, 1), CGRect(x: 225, y: 310, width: 90, height: 50))
            XCTAssertEqual(supplementary(footer, 1), CGRect(x: 0, y: 370, width: 320, height: 30))
            XCTAssertEqual(cv.contentSize, CGSize(width: 320, height: 400))
            XCTAssertEqual(layout.collectionViewContentSize, CGSize(width: 320, height: 400))
            // What the layout gives for a rect: the elements meeting it, in order.
            let inRect = layout.layoutAttributesForElements(in: CGRect(x: 0, y: 200, width: 320, height: 100)) ?? []
            XCTAssertEqual(
                inRect.map { "\($0.representedElementKind ?? "cell") \($0.indexPath.section).\($0.indexPath.item)" },
                ["cell 0.6", "\(footer) 0.0", "\(header) 1.0"])
            // The views shown: every element meets the 480 pt bounds; their frames are the attributes'.
            XCTAssertEqual(cv.indexPathsForVisibleItems.count, 10)
            XCTAssertEqual(cv.cellForItem(at: IndexPath(item: 1, section: 1))?.frame, CGRect(x: 115, y: 300, width: 90, height: 70))
            XCTAssertEqual(
                cv.supplementaryView(forElementKind: footer, at: IndexPath(item: 0, section: 1))?.frame, CGRect(x: 0, y: 370, width: 320, height: 30))
            XCTAssertEqual((cv.cellForItem(at: IndexPath(item: 2, section: 0)) as? CardCell)?.label.text, "0.2")
            XCTAssertEqual(cv.cellForItem(at: IndexPath(item: 2, section: 0))?.contentView.frame, CGRect(x: 0, y: 0, width: 90, height: 50))
            // A cell's background view fills it, under the content view; the selected one shows when selected.
            let cell = cv.cellForItem(at: IndexPath(item: 1, section: 1))!
            cell.backgroundView = UIView()
            cell.selectedBackgroundView = UIView()
            cell.layoutIfNeeded()
            XCTAssertEqual(cell.backgroundView?.frame, CGRect(x: 0, y: 0, width: 90, height: 70))
            XCTAssertEqual(cell.subviews.map { $0 === cell.contentView }, [false, false, true], "background, selected background, content")
            XCTAssertEqual(cell.selectedBackgroundView?.isHidden, true)
            cell.isSelected = true
            cell.layoutIfNeeded()
            XCTAssertEqual(cell.selectedBackgroundView?.isHidden, false)
            // A narrower view: two a line.
            cv.frame = CGRect(x: 0, y: 0, width: 250, height: 480)
            cv.layoutIfNeeded()
            XCTAssertEqual(item(1, 0), CGRect(x: 150, y: 50, width: 90, height: 50), "resized: the layout was invalidated")
            XCTAssertEqual(item(2, 0), CGRect(x: 10, y: 105, width: 90, height: 50))
        }
    }

    /// A horizontal flow layout: items fill columns top to bottom, columns go right, headers
    /// are as tall as the content.
    func testHorizontalFlowLayout() {
        MainActor.assumeIsolated {
            let layout = UICollectionViewFlowLayout()
            layout.scrollDirection = .horizontal
            layout.itemSize = CGSize(width: 60, height: 80)
            layout.minimumLineSpacing = 10
            layout.minimumInteritemSpacing = 10
            layout.sectionInset = UIEdgeInsets(top: 10, left: 10, bottom: 10, right: 10)
            layout.headerReferenceSize = CGSize(width: 30, height: 999)
            let source = GridSource(counts: [5])
            let cv = Self.grid(source, layout: layout, size: CGSize(width: 320, height: 200))
            @MainActor func item(_ i: Int) -> CGRect? { cv.layoutAttributesForItem(at: IndexPath(item: i, section: 0))?.frame }
            XCTAssertEqual(
                cv.layoutAttributesForSupplementaryElement(ofKind: UICollectionView.elementKindSectionHeader, at: IndexPath(item: 0, section: 0))?
                    .frame,
                CGRect(x: 0, y: 0, width: 30, height: 200))
            XCTAssertEqual(item(0), CGRect(x: 40, y: 10, width: 60, height: 80))
            XCTAssertEqual(item(1), CGRect(x: 40, y: 110, width: 60, height: 80), "the spare 20 pt between the two of a column")
            XCTAssertEqual(item(2), CGRect(x: 110, y: 10, width: 60, height: 80))
            XCTAssertEqual(item(4), CGRect(x: 180, y: 60, width: 60, height: 80), "a column of one item is centred")
            XCTAssertEqual(cv.contentSize, CGSize(width: 250, height: 200))
            XCTAssertEqual(cv.indexPathsForVisibleItems.count, 5)
            cv.contentOffset = CGPoint(x: 120, y: 0)
            cv.layoutIfNeeded()
            XCTAssertEqual(cv.indexPathsForVisibleItems.map(\.item), [2, 3, 4], "the first column left the bounds")
        }
    }

    /// Scrolling through 300 items makes cells only for what is on screen and reuses those
    /// that left: prepareForReuse before each reuse, the delegate told of each arrival and leave.
    func testCellsAreReusedWhileScrolling() {
        MainActor.assumeIsolated {
            CardCell.made = 0
            let layout = UICollectionViewFlowLayout()
            layout.itemSize = CGSize(width: 100, height: 100)
            layout.minimumLineSpacing = 10
            let source = GridSource(counts: [300])
            let cv = Self.grid(source, layout: layout, size: CGSize(width: 320, height: 480))
            // Three a line, lines 110 pt apart: 5 lines meet 480 pt.
            XCTAssertEqual(cv.visibleCells.count, 15)
            XCTAssertEqual(CardCell.made, 15)
            XCTAssertEqual(cv.contentSize.height, 100 * 110 - 10)
            var seen = Set<ObjectIdentifier>(cv.visibleCells.map { ObjectIdentifier($0) })
            let first = cv.cellForItem(at: IndexPath(item: 0, section: 0))
            XCTAssertNotNil(first)
            for step in 1...200 {
                cv.contentOffset = CGPoint(x: 0, y: CGFloat(step) * 37)
                cv.layoutIfNeeded()
                for cell in cv.visibleCells { seen.insert(ObjectIdentifier(cell)) }
                let lines = cv.indexPathsForVisibleItems.map { $0.item / 3 }
                // The first line whose bottom is below the top edge (lines are 100 pt, 110 apart).
                let top = Int(((CGFloat(step) * 37 - 100) / 110).rounded(.down)) + 1
                XCTAssertEqual(lines.min(), top, "step \(step)")
                XCTAssertLessThanOrEqual(cv.visibleCells.count, 18)
            }
            XCTAssertLessThanOrEqual(CardCell.made, 18, "at most the cells of 6 lines were ever made")
            XCTAssertEqual(seen.count, CardCell.made)
            XCTAssertNil(cv.cellForItem(at: IndexPath(item: 0, section: 0)), "off screen: no cell")
            let reused = cv.visibleCells.compactMap { $0 as? CardCell }.map(\.reused).reduce(0, +)
            XCTAssertGreaterThan(reused, 0, "shown cells came back through prepareForReuse")
            for cell in cv.visibleCells.compactMap({ $0 as? CardCell }) {
                let path = cv.indexPath(for: cell)!
                XCTAssertEqual(cell.label.text, "0.\(path.item)", "a reused cell shows its new item")
                XCTAssertEqual(cell.frame, cv.layoutAttributesForItem(at: path)?.frame)
            }
            let arrivals = source.shown.filter { $0.hasPrefix("+") }.count, leaves = source.shown.filter { $0.hasPrefix("-") }.count
            XCTAssertEqual(arrivals - leaves, cv.visibleCells.count)
            XCTAssertGreaterThan(leaves, 100)
            // reloadData asks again and shows the same number of cells, reusing them all.
            let before = CardCell.made
            source.counts = [4]
            cv.reloadData()
            cv.contentOffset = .zero
            cv.layoutIfNeeded()
            XCTAssertEqual(cv.indexPathsForVisibleItems.map(\.item), [0, 1, 2, 3])
            XCTAssertEqual(CardCell.made, before, "no new cell: the queue had them")
            // Updates show the data source's new state (at once).
            cv.performBatchUpdates {
                source.counts = [6]
                cv.insertItems(at: [IndexPath(item: 4, section: 0), IndexPath(item: 5, section: 0)])
            }
            cv.layoutIfNeeded()
            XCTAssertEqual(cv.indexPathsForVisibleItems.map(\.item), [0, 1, 2, 3, 4, 5])
            XCTAssertEqual((cv.cellForItem(at: IndexPath(item: 5, section: 0)) as? CardCell)?.label.text, "0.5")
        }
    }

    /// A layout that returns true from shouldInvalidateLayout(forBoundsChange:) is asked on
    /// every scroll with the new bounds and prepared again; a plain flow layout is asked too but
    /// keeps its attributes until the width changes.
    func testLayoutIsAskedOnEveryBoundsChange() {
        MainActor.assumeIsolated {
            let stretchy = StretchyHeaderLayout()
            stretchy.headerReferenceSize = CGSize(width: 0, height: 100)
            let source = GridSource(counts: [40])
            let cv = Self.grid(source, layout: stretchy, size: CGSize(width: 320, height: 480))
            let prepared = stretchy.prepared
            XCTAssertEqual(prepared, 1)
            for y in [-30.0, -60, 20, 140] {
                cv.contentOffset = CGPoint(x: 0, y: y)
                cv.layoutIfNeeded()
                XCTAssertEqual(stretchy.asked.last, CGRect(x: 0, y: y, width: 320, height: 480))
            }
            XCTAssertEqual(stretchy.asked.count, 4)
            XCTAssertEqual(stretchy.prepared, prepared + 4, "prepared again after each scroll")
            let header = UICollectionView.elementKindSectionHeader
            cv.contentOffset = CGPoint(x: 0, y: -50)
            cv.layoutIfNeeded()
            XCTAssertEqual(
                cv.supplementaryView(forElementKind: header, at: IndexPath(item: 0, section: 0))?.frame,
                CGRect(x: 0, y: -50, width: 320, height: 150),
                "the subclass's stretched attributes are applied to the shown header")

            // The same stretch without the invalidation: the shown header keeps its frame, as on iOS.
            stretchy.invalidates = false
            cv.contentOffset = CGPoint(x: 0, y: -80)
            cv.layoutIfNeeded()
            XCTAssertEqual(
                cv.supplementaryView(forElementKind: header, at: IndexPath(item: 0, section: 0))?.frame,
                CGRect(x: 0, y: -50, width: 320, height: 150),
                "not invalidated: the shown header keeps the attributes it had")

            final class Counting: UICollectionViewFlowLayout {
                var prepared = 0
                override func prepare() {
                    super.prepare()
                    prepared += 1
                }
            }
            let plain = Counting()
            let otherSource = GridSource(counts: [40])
            let other = Self.grid(otherSource, layout: plain, size: CGSize(width: 320, height: 480))
            other.contentOffset = CGPoint(x: 0, y: 200)
            other.layoutIfNeeded()
            XCTAssertEqual(plain.prepared, 1, "a scroll keeps a flow layout's attributes")
            other.bounds = CGRect(x: 0, y: 200, width: 300, height: 480)
            other.layoutIfNeeded()
            XCTAssertEqual(plain.prepared, 2, "a new width lays it out again")
        }
    }

    /// A UICollectionViewLayout subclass of its own: its content size, and its attributes
    /// (frame, alpha, zIndex) applied to the cells shown.
    func testACustomLayoutsAttributesAreApplied() {
        MainActor.assumeIsolated {
            let layout = MasonryLayout()
            let source = GridSource(counts: [9])
            let cv = Self.grid(source, layout: layout, size: CGSize(width: 300, height: 300))
            // Columns: 0: 120 (0), 200 (2) ... 1: 80 (1), 120 (3), ...
            XCTAssertEqual(cv.contentSize.height, layout.height)
            XCTAssertEqual(cv.cellForItem(at: IndexPath(item: 2, section: 0))?.frame, CGRect(x: 150, y: 80, width: 150, height: 200))
            XCTAssertEqual(cv.cellForItem(at: IndexPath(item: 3, section: 0))?.frame, CGRect(x: 0, y: 120, width: 150, height: 120))
            XCTAssertEqual(cv.cellForItem(at: IndexPath(item: 3, section: 0))?.alpha, 0.5)
            XCTAssertEqual(cv.cellForItem(at: IndexPath(item: 3, section: 0))?.layer.zPosition, 3)
            XCTAssertEqual(cv.indexPathsForVisibleItems.map(\.item), [0, 1, 2, 3, 4, 5], "the items meeting 300 pt")
        }
    }

    /// Pinned section headers stay at the visible top within their section, pushed up by its end.
    func testPinnedSectionHeaders() {
        MainActor.assumeIsolated {
            let layout = UICollectionViewFlowLayout()
            layout.itemSize = CGSize(width: 300, height: 100)
            layout.minimumLineSpacing = 0
            layout.headerReferenceSize = CGSize(width: 0, height: 50)
            layout.sectionHeadersPinToVisibleBounds = true
            let source = GridSource(counts: [5, 5])
            let cv = Self.grid(source, layout: layout, size: CGSize(width: 320, height: 480))
            let path = IndexPath(item: 0, section: 0), kind = UICollectionView.elementKindSectionHeader
            cv.contentOffset = CGPoint(x: 0, y: 120)
            cv.layoutIfNeeded()
            XCTAssertEqual(cv.supplementaryView(forElementKind: kind, at: path)?.frame.minY, 120, "pinned at the visible top")
            XCTAssertEqual(cv.supplementaryView(forElementKind: kind, at: path)?.layer.zPosition, 1024)
            cv.contentOffset = CGPoint(x: 0, y: 520)
            cv.layoutIfNeeded()
            XCTAssertEqual(cv.supplementaryView(forElementKind: kind, at: path)?.frame.minY, 500, "pushed up by its section's end (550)")
            XCTAssertEqual(cv.supplementaryView(forElementKind: kind, at: IndexPath(item: 0, section: 1))?.frame.minY, 550)
        }
    }

    /// The UIKit flow-layout subclass and the YAML preset `effect: collection` at the same
    /// offsets, frame by frame: the header's and the cards' frames on screen agree within 0.01 pt.
    func testStretchyHeaderMatchesTheYAMLPreset() throws {
        let base = NSTemporaryDirectory() + "uikit-collection-\(getpid())"
        defer { try? FileManager.default.removeItem(atPath: base) }
        try renderFrames(
            of: { StretchyCollectionViewController() }, scenario: ScreenSmokeTests.fixtures + "/collection-motion.yaml", out: base + "/uikit",
            layout: true, scale: 0.25)
        var settings = Render.Settings(scenario: ScreenSmokeTests.fixtures + "/collection-preset.yaml", outputDirectory: base + "/yaml")
        (settings.includeLayout, settings.scale) = (true, 0.25)
        _ = try Render(settings).run()
        let uikit = try XCTUnwrap(Manifest.read(atPath: base + "/uikit/manifest.json"))
        let yaml = try XCTUnwrap(Manifest.read(atPath: base + "/yaml/manifest.json"))
        XCTAssertEqual(uikit.frames.count, yaml.frames.count)
        var compared = 0, stretched = 0
        for (u, y) in zip(uikit.frames, yaml.frames) {
            XCTAssertEqual(u.contentOffsetY, y.contentOffsetY, accuracy: 0.01, "frame \(u.index)")
            let mine = Dictionary((u.layers ?? []).map { ($0.name, $0.frame) }, uniquingKeysWith: { a, _ in a })
            for theirs in y.layers ?? [] where theirs.name == "header" || theirs.name.range(of: #"^item\.\d+$"#, options: .regularExpression) != nil {
                let frame = try XCTUnwrap(mine[theirs.name], "frame \(u.index): \(theirs.name) is not on the UIKit screen")
                for k in 0..<4 { XCTAssertEqual(frame[k], theirs.frame[k], accuracy: 0.01, "frame \(u.index): \(theirs.name)") }
                compared += 1
                if theirs.name == "header", theirs.frame[3] > 180.5 { stretched += 1 }
            }
        }
        XCTAssertGreaterThan(compared, 400)
        XCTAssertGreaterThan(stretched, 20, "the pull and the bounce stretch the header")
    }

    /// A released drag rests where the layout's targetContentOffset(forProposedContentOffset:
    /// withScrollingVelocity:) puts it: a card line's top under the status bar.
    func testTheLayoutChoosesWhereADragRests() throws {
        let out = NSTemporaryDirectory() + "uikit-collection-snap-\(getpid())"
        defer { try? FileManager.default.removeItem(atPath: out) }
        SnappingLayout.proposals = []
        try renderFrames(
            of: { StretchyCollectionViewController(layout: SnappingLayout()) }, scenario: ScreenSmokeTests.fixtures + "/paging.yaml", out: out,
            scale: 0.25)
        let manifest = try XCTUnwrap(Manifest.read(atPath: out + "/manifest.json"))
        let proposed = try XCTUnwrap(SnappingLayout.proposals.last).y
        let rest = try XCTUnwrap(manifest.frames.last).contentOffsetY
        // Lines start at 180 + 10 + k x 250 in the content; the top of the safe area is 59 pt down.
        let k = ((rest + 59 - 190) / 250).rounded()
        XCTAssertEqual(rest, 190 + k * 250 - 59, accuracy: 0.5, "rests with a line at the top")
        XCTAssertGreaterThan(abs(Double(proposed) - rest), 1, "not where the drag alone would rest (\(proposed))")
        XCTAssertEqual(manifest.frames.last?.phase, "idle")
    }

    /// Frames of the stretchy collection screen against goldens: the header stretched by the
    /// pull, the grid mid-fling, the bounce back.
    func testStretchyCollectionGolden() throws {
        let golden = ScreenSmokeTests.fixtures + "/../golden/uikit-collection"
        try assertFrames(
            of: { StretchyCollectionViewController() }, scenario: ScreenSmokeTests.fixtures + "/collection-motion.yaml", golden: golden,
            frames: "0,16,44", scale: 1)
    }
}
