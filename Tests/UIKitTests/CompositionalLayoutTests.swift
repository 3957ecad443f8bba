import Foundation
import RenderFramesKit
import UIKit
import UIKitExampleScreens
import XCTest

/// The compositional layout's geometry, element by element, against the rules of Apple's
/// documentation and WWDC 2019 "Advances in Collection View Layout" (the frames below are worked
/// out by hand from them on a 393 x 800 collection view without safe area).
final class CompositionalLayoutTests: XCTestCase {
    /// Data sources the tests' collection views hold weakly.
    nonisolated(unsafe) static var keep: [AnyObject] = []

    @MainActor static func size(_ w: NSCollectionLayoutDimension, _ h: NSCollectionLayoutDimension) -> NSCollectionLayoutSize {
        NSCollectionLayoutSize(widthDimension: w, heightDimension: h)
    }

    @MainActor static func view(_ layout: UICollectionViewLayout, counts: [Int], size: CGSize = CGSize(width: 393, height: 800)) -> UICollectionView {
        CollectionTests.grid(GridSource(counts: counts), layout: layout, size: size)
    }

    @MainActor static func frame(_ cv: UICollectionView, _ item: Int, _ section: Int = 0) -> CGRect? {
        cv.layoutAttributesForItem(at: IndexPath(item: item, section: section))?.frame
    }

    static func close(_ a: CGRect?, _ b: CGRect, file: StaticString = #filePath, line: UInt = #line) {
        guard let a else { return XCTFail("no frame", file: file, line: line) }
        for (x, y) in [(a.minX, b.minX), (a.minY, b.minY), (a.width, b.width), (a.height, b.height)] {
            XCTAssertEqual(x, y, accuracy: 1e-9, "\(a) is not \(b)", file: file, line: line)
        }
    }

    /// The WWDC grid: fractionalWidth(0.5) items with 5-point insets in a full-width group 200
    /// points tall: each item 196.5 wide, its cell inset by 5 on every side.
    func testTwoColumnGridOfHalfWidthItemsWithInsets() {
        MainActor.assumeIsolated {
            let item = NSCollectionLayoutItem(layoutSize: Self.size(.fractionalWidth(0.5), .fractionalHeight(1)))
            item.contentInsets = NSDirectionalEdgeInsets(top: 5, leading: 5, bottom: 5, trailing: 5)
            let group = NSCollectionLayoutGroup.horizontal(layoutSize: Self.size(.fractionalWidth(1), .absolute(200)), subitems: [item])
            let cv = Self.view(UICollectionViewCompositionalLayout(section: NSCollectionLayoutSection(group: group)), counts: [5])
            XCTAssertEqual(Self.frame(cv, 0), CGRect(x: 5, y: 5, width: 186.5, height: 190))
            XCTAssertEqual(Self.frame(cv, 1), CGRect(x: 201.5, y: 5, width: 186.5, height: 190))
            XCTAssertEqual(Self.frame(cv, 2), CGRect(x: 5, y: 205, width: 186.5, height: 190))
            XCTAssertEqual(Self.frame(cv, 4), CGRect(x: 5, y: 405, width: 186.5, height: 190), "the last group's one item in its place")
            XCTAssertEqual(cv.contentSize, CGSize(width: 393, height: 600))
            XCTAssertEqual(cv.indexPathsForVisibleItems.count, 5)
        }
    }

    /// `subitem:count:` shares the group's width between the copies, less fixed spacing: (393 - 2 x 10) / 3.
    func testCountSharesTheGroupBetweenItsCopies() {
        MainActor.assumeIsolated {
            let item = NSCollectionLayoutItem(layoutSize: Self.size(.absolute(50), .fractionalHeight(1)))
            let group = NSCollectionLayoutGroup.horizontal(layoutSize: Self.size(.fractionalWidth(1), .absolute(100)), subitem: item, count: 3)
            group.interItemSpacing = .fixed(10)
            let cv = Self.view(UICollectionViewCompositionalLayout(section: NSCollectionLayoutSection(group: group)), counts: [4])
            let w = (393 - 20) / 3.0
            XCTAssertEqual(Self.frame(cv, 0)!.width, w, accuracy: 1e-9)
            XCTAssertEqual(Self.frame(cv, 1)!.minX, w + 10, accuracy: 1e-9)
            XCTAssertEqual(Self.frame(cv, 2)!.minX, 2 * w + 20, accuracy: 1e-9)
            XCTAssertEqual(Self.frame(cv, 3), CGRect(x: 0, y: 100, width: w, height: 100))
        }
    }

    /// `.flexible(10)`: as many 100-point items as fit with 10 between them (3), the spare 93
    /// points shared between the two gaps.
    func testFlexibleSpacingSharesTheSpareLength() {
        MainActor.assumeIsolated {
            let item = NSCollectionLayoutItem(layoutSize: Self.size(.absolute(100), .absolute(80)))
            let group = NSCollectionLayoutGroup.horizontal(layoutSize: Self.size(.fractionalWidth(1), .absolute(80)), subitems: [item])
            group.interItemSpacing = .flexible(10)
            let cv = Self.view(UICollectionViewCompositionalLayout(section: NSCollectionLayoutSection(group: group)), counts: [4])
            XCTAssertEqual([0, 1, 2, 3].map { Self.frame(cv, $0)!.origin }, [
                CGPoint(x: 0, y: 0), CGPoint(x: 146.5, y: 0), CGPoint(x: 293, y: 0), CGPoint(x: 0, y: 80),
            ])
        }
    }

    /// A big item beside a vertical group of two: the nested group takes the items after the
    /// big one, fractions of its own size.
    func testNestedGroups() {
        MainActor.assumeIsolated {
            let big = NSCollectionLayoutItem(layoutSize: Self.size(.fractionalWidth(2.0 / 3), .fractionalHeight(1)))
            let small = NSCollectionLayoutItem(layoutSize: Self.size(.fractionalWidth(1), .fractionalHeight(0.5)))
            let pair = NSCollectionLayoutGroup.vertical(layoutSize: Self.size(.fractionalWidth(1.0 / 3), .fractionalHeight(1)), subitems: [small])
            let group = NSCollectionLayoutGroup.horizontal(layoutSize: Self.size(.fractionalWidth(1), .absolute(300)), subitems: [big, pair])
            let cv = Self.view(UICollectionViewCompositionalLayout(section: NSCollectionLayoutSection(group: group)), counts: [4])
            Self.close(Self.frame(cv, 0), CGRect(x: 0, y: 0, width: 262, height: 300))
            Self.close(Self.frame(cv, 1), CGRect(x: 262, y: 0, width: 131, height: 150))
            Self.close(Self.frame(cv, 2), CGRect(x: 262, y: 150, width: 131, height: 150))
            Self.close(Self.frame(cv, 3), CGRect(x: 0, y: 300, width: 262, height: 300))
        }
    }

    /// Section insets narrow the groups' container; groups `interGroupSpacing` apart; sections
    /// `interSectionSpacing` apart.
    func testSectionInsetsAndSpacings() {
        MainActor.assumeIsolated {
            let item = NSCollectionLayoutItem(layoutSize: Self.size(.fractionalWidth(1), .fractionalHeight(1)))
            let group = NSCollectionLayoutGroup.horizontal(layoutSize: Self.size(.fractionalWidth(1), .absolute(50)), subitems: [item])
            let section = NSCollectionLayoutSection(group: group)
            section.contentInsets = NSDirectionalEdgeInsets(top: 10, leading: 16, bottom: 12, trailing: 16)
            section.interGroupSpacing = 8
            let configuration = UICollectionViewCompositionalLayoutConfiguration()
            configuration.interSectionSpacing = 20
            let cv = Self.view(UICollectionViewCompositionalLayout(section: section, configuration: configuration), counts: [3, 1])
            XCTAssertEqual(Self.frame(cv, 0), CGRect(x: 16, y: 10, width: 361, height: 50))
            XCTAssertEqual(Self.frame(cv, 2), CGRect(x: 16, y: 126, width: 361, height: 50))
            // Section 0 ends at 176 + 12; 20 between sections; 10 of section 1's top inset.
            XCTAssertEqual(Self.frame(cv, 0, 1), CGRect(x: 16, y: 218, width: 361, height: 50))
            XCTAssertEqual(cv.contentSize.height, 218 + 50 + 12)
        }
    }

    /// A header before the top inset and a footer after the bottom one, inset across like the
    /// content, or across the whole width when `supplementariesFollowContentInsets` is false.
    func testHeadersAndFooters() {
        MainActor.assumeIsolated {
            let item = NSCollectionLayoutItem(layoutSize: Self.size(.fractionalWidth(1), .fractionalHeight(1)))
            let group = NSCollectionLayoutGroup.horizontal(layoutSize: Self.size(.fractionalWidth(1), .absolute(50)), subitems: [item])
            let section = NSCollectionLayoutSection(group: group)
            section.contentInsets = NSDirectionalEdgeInsets(top: 10, leading: 16, bottom: 10, trailing: 16)
            section.boundarySupplementaryItems = [
                NSCollectionLayoutBoundarySupplementaryItem(
                    layoutSize: Self.size(.fractionalWidth(1), .absolute(40)), elementKind: UICollectionView.elementKindSectionHeader,
                    alignment: .top),
                NSCollectionLayoutBoundarySupplementaryItem(
                    layoutSize: Self.size(.fractionalWidth(1), .absolute(30)), elementKind: UICollectionView.elementKindSectionFooter,
                    alignment: .bottom),
            ]
            let cv = Self.view(UICollectionViewCompositionalLayout(section: section), counts: [2])
            let header = cv.layoutAttributesForSupplementaryElement(ofKind: UICollectionView.elementKindSectionHeader, at: IndexPath(item: 0, section: 0))
            let footer = cv.layoutAttributesForSupplementaryElement(ofKind: UICollectionView.elementKindSectionFooter, at: IndexPath(item: 0, section: 0))
            XCTAssertEqual(header?.frame, CGRect(x: 16, y: 0, width: 361, height: 40))
            XCTAssertEqual(Self.frame(cv, 0), CGRect(x: 16, y: 50, width: 361, height: 50))
            XCTAssertEqual(footer?.frame, CGRect(x: 16, y: 160, width: 361, height: 30))
            XCTAssertEqual(cv.contentSize.height, 190)
            XCTAssertEqual(cv.visibleSupplementaryViews(ofKind: UICollectionView.elementKindSectionHeader).first?.frame, header?.frame)

            section.supplementariesFollowContentInsets = false
            cv.collectionViewLayout.invalidateLayout()
            cv.layoutIfNeeded()
            XCTAssertEqual(
                cv.layoutAttributesForSupplementaryElement(ofKind: UICollectionView.elementKindSectionHeader, at: IndexPath(item: 0, section: 0))?.frame,
                CGRect(x: 0, y: 0, width: 393, height: 40))
        }
    }

    /// A pinned header stays at the top of the visible bounds while its section is on screen,
    /// then leaves with the section's end.
    func testPinnedHeaderHoldsToTheTopUntilItsSectionEnds() {
        MainActor.assumeIsolated {
            let item = NSCollectionLayoutItem(layoutSize: Self.size(.fractionalWidth(1), .fractionalHeight(1)))
            let group = NSCollectionLayoutGroup.horizontal(layoutSize: Self.size(.fractionalWidth(1), .absolute(100)), subitems: [item])
            let section = NSCollectionLayoutSection(group: group)
            let header = NSCollectionLayoutBoundarySupplementaryItem(
                layoutSize: Self.size(.fractionalWidth(1), .absolute(40)), elementKind: UICollectionView.elementKindSectionHeader, alignment: .top)
            header.pinToVisibleBounds = true
            section.boundarySupplementaryItems = [header]
            let cv = Self.view(UICollectionViewCompositionalLayout(section: section), counts: [5, 5], size: CGSize(width: 393, height: 300))
            @MainActor func headerY(_ s: Int) -> CGFloat? {
                cv.supplementaryView(forElementKind: UICollectionView.elementKindSectionHeader, at: IndexPath(item: 0, section: s))?.frame.minY
            }
            cv.contentOffset.y = 120
            cv.layoutIfNeeded()
            XCTAssertEqual(headerY(0), 120)
            // Section 0 spans 0...540: its header rests on its end, 500.
            cv.contentOffset.y = 520
            cv.layoutIfNeeded()
            XCTAssertEqual(headerY(0), 500)
            XCTAssertEqual(headerY(1), 540)
            cv.contentOffset.y = 600
            cv.layoutIfNeeded()
            XCTAssertEqual(headerY(1), 600)
            XCTAssertGreaterThan(cv.supplementaryView(forElementKind: UICollectionView.elementKindSectionHeader, at: IndexPath(item: 0, section: 1))!.layer.zPosition, 0)
        }
    }

    /// The section provider is asked per section with the container's size; sections differ.
    func testSectionProviderAndEnvironment() {
        MainActor.assumeIsolated {
            var asked: [Int] = []
            var containers: [CGSize] = []
            let layout = UICollectionViewCompositionalLayout { index, environment in
                asked.append(index)
                containers.append(environment.container.effectiveContentSize)
                let columns = index == 0 ? 1 : 3
                let item = NSCollectionLayoutItem(layoutSize: Self.size(.fractionalWidth(1.0 / CGFloat(columns)), .fractionalHeight(1)))
                let group = NSCollectionLayoutGroup.horizontal(layoutSize: Self.size(.fractionalWidth(1), .absolute(60)), subitems: [item])
                return NSCollectionLayoutSection(group: group)
            }
            let cv = Self.view(layout, counts: [1, 3])
            XCTAssertEqual(asked, [0, 1])
            XCTAssertEqual(containers, [CGSize(width: 393, height: 800), CGSize(width: 393, height: 800)])
            XCTAssertEqual(Self.frame(cv, 0), CGRect(x: 0, y: 0, width: 393, height: 60))
            Self.close(Self.frame(cv, 2, 1), CGRect(x: 262, y: 60, width: 131, height: 60))
        }
    }

    /// A horizontal layout is the vertical one transposed: sections and groups follow one
    /// another along x; a vertical group's items stack in its height.
    func testHorizontalScrollDirection() {
        MainActor.assumeIsolated {
            let item = NSCollectionLayoutItem(layoutSize: Self.size(.fractionalWidth(1), .fractionalHeight(0.5)))
            let group = NSCollectionLayoutGroup.vertical(layoutSize: Self.size(.absolute(100), .fractionalHeight(1)), subitems: [item])
            let section = NSCollectionLayoutSection(group: group)
            section.interGroupSpacing = 10
            section.contentInsets = NSDirectionalEdgeInsets(top: 4, leading: 8, bottom: 4, trailing: 8)
            let configuration = UICollectionViewCompositionalLayoutConfiguration()
            configuration.scrollDirection = .horizontal
            let cv = Self.view(UICollectionViewCompositionalLayout(section: section, configuration: configuration), counts: [5], size: CGSize(width: 393, height: 208))
            XCTAssertEqual(Self.frame(cv, 0), CGRect(x: 8, y: 4, width: 100, height: 100))
            XCTAssertEqual(Self.frame(cv, 1), CGRect(x: 8, y: 104, width: 100, height: 100))
            XCTAssertEqual(Self.frame(cv, 2), CGRect(x: 118, y: 4, width: 100, height: 100))
            XCTAssertEqual(Self.frame(cv, 4), CGRect(x: 228, y: 4, width: 100, height: 100))
            XCTAssertEqual(cv.contentSize, CGSize(width: 336, height: 208))
        }
    }

    /// An orthogonal section lays its groups side by side in a row as wide as the collection
    /// view, a scroll view of its own; the section is one row deep; moving the row moves its cells.
    func testOrthogonalSectionIsARowThatScrollsSideways() throws {
        try MainActor.assumeIsolated {
            let item = NSCollectionLayoutItem(layoutSize: Self.size(.fractionalWidth(1), .fractionalHeight(1)))
            let group = NSCollectionLayoutGroup.horizontal(layoutSize: Self.size(.fractionalWidth(0.8), .absolute(200)), subitems: [item])
            let section = NSCollectionLayoutSection(group: group)
            section.orthogonalScrollingBehavior = .continuous
            section.interGroupSpacing = 10
            section.contentInsets = NSDirectionalEdgeInsets(top: 8, leading: 16, bottom: 8, trailing: 16)
            let cv = Self.view(UICollectionViewCompositionalLayout(section: section), counts: [5, 2])
            let w = 361 * 0.8
            XCTAssertEqual(Self.frame(cv, 0), CGRect(x: 16, y: 8, width: w, height: 200))
            XCTAssertEqual(Self.frame(cv, 1)!.minX, 16 + w + 10, accuracy: 1e-9)
            XCTAssertEqual(Self.frame(cv, 0, 1)!.minY, 216 + 8, "the next section after one row")
            let row = try XCTUnwrap(cv.subviews.compactMap { $0 as? UIScrollView }.first { $0.frame.minY == 0 })
            XCTAssertEqual(row.frame, CGRect(x: 0, y: 0, width: 393, height: 216))
            XCTAssertEqual(row.contentSize.width, 16 + 5 * w + 40 + 16, accuracy: 1e-9)
            XCTAssertEqual(cv.indexPathsForVisibleItems.filter { $0.section == 0 }.map(\.item), [0, 1])
            row.contentOffset.x = 400
            cv.layoutIfNeeded()
            XCTAssertEqual(cv.cellForItem(at: IndexPath(item: 1, section: 0))!.frame.minX, 16 + w + 10 - 400, accuracy: 1e-9)
            XCTAssertEqual(cv.indexPathsForVisibleItems.filter { $0.section == 0 }.map(\.item), [1, 2])
        }
    }

    /// `.groupPagingCentered` centres the first group in the row at rest.
    func testGroupPagingCenteredCentresTheFirstGroup() {
        MainActor.assumeIsolated {
            let item = NSCollectionLayoutItem(layoutSize: Self.size(.fractionalWidth(1), .fractionalHeight(1)))
            let group = NSCollectionLayoutGroup.horizontal(layoutSize: Self.size(.absolute(300), .absolute(100)), subitems: [item])
            let section = NSCollectionLayoutSection(group: group)
            section.orthogonalScrollingBehavior = .groupPagingCentered
            section.interGroupSpacing = 10
            let cv = Self.view(UICollectionViewCompositionalLayout(section: section), counts: [3])
            XCTAssertEqual(Self.frame(cv, 0), CGRect(x: 46.5, y: 0, width: 300, height: 100))
            XCTAssertEqual(Self.frame(cv, 1)!.minX, 356.5)
        }
    }

    /// Estimated items take the height their cell's constraints give; the group is as tall as
    /// its tallest item; the items after move.
    func testEstimatedItemsSizeThemselves() {
        MainActor.assumeIsolated {
            let item = NSCollectionLayoutItem(layoutSize: Self.size(.fractionalWidth(1), .estimated(44)))
            let group = NSCollectionLayoutGroup.horizontal(layoutSize: Self.size(.fractionalWidth(1), .estimated(44)), subitems: [item])
            let section = NSCollectionLayoutSection(group: group)
            section.interGroupSpacing = 4
            let layout = UICollectionViewCompositionalLayout(section: section)
            let source = SizedSource(heights: [80, 30, 120])
            Self.keep.append(source)
            let cv = UICollectionView(frame: CGRect(x: 0, y: 0, width: 393, height: 800), collectionViewLayout: layout)
            cv.register(SizedCell.self, forCellWithReuseIdentifier: "sized")
            cv.dataSource = source
            cv.layoutIfNeeded()
            XCTAssertEqual(Self.frame(cv, 0), CGRect(x: 0, y: 0, width: 393, height: 80))
            XCTAssertEqual(Self.frame(cv, 1), CGRect(x: 0, y: 84, width: 393, height: 30))
            XCTAssertEqual(Self.frame(cv, 2), CGRect(x: 0, y: 118, width: 393, height: 120))
            XCTAssertEqual(cv.contentSize.height, 238)
        }
    }

    /// The visible-items handler sees the section's items where they are shown and may change
    /// them: a scale applied to each cell.
    func testVisibleItemsHandlerChangesTheItemsShown() {
        MainActor.assumeIsolated {
            let item = NSCollectionLayoutItem(layoutSize: Self.size(.fractionalWidth(1), .fractionalHeight(1)))
            let group = NSCollectionLayoutGroup.horizontal(layoutSize: Self.size(.absolute(200), .absolute(100)), subitems: [item])
            let section = NSCollectionLayoutSection(group: group)
            section.orthogonalScrollingBehavior = .continuous
            var offsets: [CGFloat] = []
            section.visibleItemsInvalidationHandler = { items, offset, _ in
                offsets.append(offset.x)
                for item in items { item.transform = CGAffineTransform(scaleX: 0.9, y: 0.9) }
            }
            let cv = Self.view(UICollectionViewCompositionalLayout(section: section), counts: [4])
            XCTAssertEqual(cv.cellForItem(at: IndexPath(item: 0, section: 0))?.transform, CGAffineTransform(scaleX: 0.9, y: 0.9))
            cv.subviews.compactMap { $0 as? UIScrollView }.first?.contentOffset.x = 50
            cv.layoutIfNeeded()
            XCTAssertEqual(offsets.last, 50)
        }
    }

    /// A section background (`NSCollectionLayoutDecorationItem.background`): a view of the class
    /// the layout registered, covering the section from its header to its bottom inset across the
    /// whole container, less its own 5-point insets, behind the section's cells; none for a kind
    /// nobody registered (said once).
    func testSectionBackgroundDecoration() {
        MainActor.assumeIsolated {
            ScreenRun.resetDiagnostics()
            let item = NSCollectionLayoutItem(layoutSize: Self.size(.fractionalWidth(1), .fractionalHeight(1)))
            let group = NSCollectionLayoutGroup.horizontal(layoutSize: Self.size(.fractionalWidth(1), .absolute(50)), subitems: [item])
            let section = NSCollectionLayoutSection(group: group)
            section.contentInsets = NSDirectionalEdgeInsets(top: 10, leading: 16, bottom: 12, trailing: 16)
            section.boundarySupplementaryItems = [
                NSCollectionLayoutBoundarySupplementaryItem(
                    layoutSize: Self.size(.fractionalWidth(1), .absolute(40)), elementKind: UICollectionView.elementKindSectionHeader,
                    alignment: .top)
            ]
            let background = NSCollectionLayoutDecorationItem.background(elementKind: "background")
            background.contentInsets = NSDirectionalEdgeInsets(top: 5, leading: 5, bottom: 5, trailing: 5)
            section.decorationItems = [background, .background(elementKind: "unregistered")]
            let configuration = UICollectionViewCompositionalLayoutConfiguration()
            configuration.interSectionSpacing = 20
            let layout = UICollectionViewCompositionalLayout(section: section, configuration: configuration)
            layout.register(BackgroundView.self, forDecorationViewOfKind: "background")
            let cv = Self.view(layout, counts: [2, 1])
            // Section 0: header 0-40, top inset to 50, two rows to 150, bottom inset to 162.
            let first = layout.layoutAttributesForDecorationView(ofKind: "background", at: IndexPath(item: 0, section: 0))
            XCTAssertEqual(first?.frame, CGRect(x: 5, y: 5, width: 383, height: 152))
            XCTAssertEqual(first?.representedElementCategory, .decorationView)
            XCTAssertEqual(first?.zIndex, 0)
            // Section 1 starts 20 later, at 182: header 40, inset 10, one row 50, inset 12.
            XCTAssertEqual(
                layout.layoutAttributesForDecorationView(ofKind: "background", at: IndexPath(item: 0, section: 1))?.frame,
                CGRect(x: 5, y: 187, width: 383, height: 102))
            let shown = cv.subviews.compactMap { $0 as? BackgroundView }
            XCTAssertEqual(shown.map(\.frame).sorted { $0.minY < $1.minY }, [
                CGRect(x: 5, y: 5, width: 383, height: 152), CGRect(x: 5, y: 187, width: 383, height: 102),
            ])
            let cell = cv.cellForItem(at: IndexPath(item: 0, section: 0))!
            for view in shown {
                XCTAssertLessThan(cv.subviews.firstIndex { $0 === view }!, cv.subviews.firstIndex { $0 === cell }!, "behind the cells")
            }
            XCTAssertEqual(cv.subviews.filter { type(of: $0) == UICollectionReusableView.self }.count, 0, "nothing for the unregistered kind")
            let said = ScreenRun.takeDiagnostics()
            XCTAssertEqual(said.filter { $0.contains("decoration view of kind \"unregistered\"") }.count, 1, "\(said)")
        }
    }

    /// A group with no subitems is said as an error, and lays out nothing (iOS stops the app).
    func testAGroupOfNoSubitemsIsAnError() {
        MainActor.assumeIsolated {
            ScreenRun.resetDiagnostics()
            let group = NSCollectionLayoutGroup.horizontal(layoutSize: Self.size(.fractionalWidth(1), .absolute(50)), subitems: [])
            let cv = Self.view(UICollectionViewCompositionalLayout(section: NSCollectionLayoutSection(group: group)), counts: [3])
            XCTAssertEqual(cv.indexPathsForVisibleItems, [])
            let said = ScreenRun.takeDiagnostics()
            XCTAssertTrue(said.contains { $0.hasPrefix("error: NSCollectionLayoutGroup.horizontal: a group needs at least one subitem") }, "\(said)")
            XCTAssertTrue(said.contains { $0.contains("section 0's group holds no item") }, "\(said)")
        }
    }
}

/// Cells whose content is a view of a fixed height (a constraint), for self-sizing.
@MainActor final class SizedCell: UICollectionViewCell {
    let box = UIView()
    var height: NSLayoutConstraint!
    override init(frame: CGRect) {
        super.init(frame: frame)
        box.translatesAutoresizingMaskIntoConstraints = false
        contentView.addSubview(box)
        height = box.heightAnchor.constraint(equalToConstant: 10)
        NSLayoutConstraint.activate([
            box.topAnchor.constraint(equalTo: contentView.topAnchor), box.bottomAnchor.constraint(equalTo: contentView.bottomAnchor),
            box.leadingAnchor.constraint(equalTo: contentView.leadingAnchor), box.trailingAnchor.constraint(equalTo: contentView.trailingAnchor),
            height,
        ])
    }
    required init?(coder: NSCoder) { fatalError("made in code") }
}

@MainActor final class SizedSource: NSObject, UICollectionViewDataSource {
    let heights: [CGFloat]
    init(heights: [CGFloat]) { self.heights = heights }
    func collectionView(_ collectionView: UICollectionView, numberOfItemsInSection section: Int) -> Int { heights.count }
    func collectionView(_ collectionView: UICollectionView, cellForItemAt indexPath: IndexPath) -> UICollectionViewCell {
        let cell = collectionView.dequeueReusableCell(withReuseIdentifier: "sized", for: indexPath) as! SizedCell
        cell.height.constant = heights[indexPath.item]
        return cell
    }
}

/// A section background, as apps register for decoration items.
@MainActor final class BackgroundView: UICollectionReusableView {
    override init(frame: CGRect) {
        super.init(frame: frame)
        backgroundColor = .systemGray6
    }
    required init?(coder: NSCoder) { fatalError("made in code") }
}
