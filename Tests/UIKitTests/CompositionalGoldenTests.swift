import Foundation
import RenderFramesKit
import ScenarioFormat
import Scene
import UIKit
import UIKitExampleScreens
import XCTest

/// An App Store-like page as an iOS developer writes it today: a stretchy header (the layout's
/// own boundary item, grown by a layout subclass), a centred paging carousel of featured cards, a
/// grid of categories, a list of top charts under a pinned header; diffable data source, cell and
/// header registrations.
@MainActor final class StoreViewController: UIViewController {
    enum Section: Int, Hashable, CaseIterable { case featured, categories, charts }
    enum Item: Hashable {
        case feature(Int)
        case category(Int)
        case app(Int)
    }

    static let headerKind = "store-header"
    static let titleKind = UICollectionView.elementKindSectionHeader

    var collectionView: UICollectionView!
    var dataSource: UICollectionViewDiffableDataSource<Section, Item>!

    /// The page's header grows by the pull past the top.
    final class StretchyLayout: UICollectionViewCompositionalLayout {
        override func layoutAttributesForElements(in rect: CGRect) -> [UICollectionViewLayoutAttributes]? {
            guard let attributes = super.layoutAttributesForElements(in: rect), let collectionView else { return nil }
            let pull = collectionView.contentOffset.y + collectionView.adjustedContentInset.top
            guard pull < 0 else { return attributes }
            return attributes.map {
                guard $0.representedElementKind == StoreViewController.headerKind, let a = $0.copy() as? UICollectionViewLayoutAttributes else { return $0 }
                a.frame = CGRect(x: $0.frame.minX, y: $0.frame.minY + pull, width: $0.frame.width, height: $0.frame.height - pull)
                return a
            }
        }
        override func shouldInvalidateLayout(forBoundsChange newBounds: CGRect) -> Bool { true }
    }

    static func makeLayout() -> UICollectionViewLayout {
        let configuration = UICollectionViewCompositionalLayoutConfiguration()
        configuration.interSectionSpacing = 8
        configuration.boundarySupplementaryItems = [
            NSCollectionLayoutBoundarySupplementaryItem(
                layoutSize: NSCollectionLayoutSize(widthDimension: .fractionalWidth(1), heightDimension: .absolute(220)), elementKind: headerKind,
                alignment: .top)
        ]
        return StretchyLayout(
            sectionProvider: { index, environment in
                let title = NSCollectionLayoutBoundarySupplementaryItem(
                    layoutSize: NSCollectionLayoutSize(widthDimension: .fractionalWidth(1), heightDimension: .absolute(44)), elementKind: titleKind,
                    alignment: .top)
                switch Section(rawValue: index)! {
                case .featured:
                    let item = NSCollectionLayoutItem(
                        layoutSize: NSCollectionLayoutSize(widthDimension: .fractionalWidth(1), heightDimension: .fractionalHeight(1)))
                    let group = NSCollectionLayoutGroup.horizontal(
                        layoutSize: NSCollectionLayoutSize(widthDimension: .fractionalWidth(0.86), heightDimension: .absolute(180)), subitems: [item])
                    let section = NSCollectionLayoutSection(group: group)
                    section.orthogonalScrollingBehavior = .groupPagingCentered
                    section.interGroupSpacing = 12
                    section.contentInsets = NSDirectionalEdgeInsets(top: 4, leading: 0, bottom: 8, trailing: 0)
                    section.supplementariesFollowContentInsets = false
                    section.boundarySupplementaryItems = [title]
                    return section
                case .categories:
                    let item = NSCollectionLayoutItem(
                        layoutSize: NSCollectionLayoutSize(widthDimension: .fractionalWidth(0.5), heightDimension: .fractionalHeight(1)))
                    item.contentInsets = NSDirectionalEdgeInsets(top: 5, leading: 5, bottom: 5, trailing: 5)
                    let group = NSCollectionLayoutGroup.horizontal(
                        layoutSize: NSCollectionLayoutSize(widthDimension: .fractionalWidth(1), heightDimension: .absolute(72)), subitems: [item])
                    let section = NSCollectionLayoutSection(group: group)
                    section.contentInsets = NSDirectionalEdgeInsets(top: 0, leading: 11, bottom: 0, trailing: 11)
                    section.boundarySupplementaryItems = [title]
                    return section
                case .charts:
                    let item = NSCollectionLayoutItem(
                        layoutSize: NSCollectionLayoutSize(widthDimension: .fractionalWidth(1), heightDimension: .fractionalHeight(1)))
                    let group = NSCollectionLayoutGroup.vertical(
                        layoutSize: NSCollectionLayoutSize(widthDimension: .fractionalWidth(1), heightDimension: .absolute(68)), subitems: [item])
                    let section = NSCollectionLayoutSection(group: group)
                    section.contentInsets = NSDirectionalEdgeInsets(top: 0, leading: 16, bottom: 24, trailing: 16)
                    title.pinToVisibleBounds = true
                    section.boundarySupplementaryItems = [title]
                    return section
                }
            }, configuration: configuration)
    }

    static let colors: [UIColor] = [.systemIndigo, .systemOrange, .systemTeal, .systemPink, .systemGreen, .systemPurple]
    static let features = ["Editors' Choice", "Meet the Makers", "Weekend Games", "Sleep Better", "Learn a Language"]
    static let categories = ["Games", "Photo", "Music", "Travel", "Health", "Finance"]
    static let apps = ["Skyline", "Tidal Notes", "Pebble", "Northwind", "Lumen", "Orbit Run", "Quill", "Harbor", "Fable", "Mosaic", "Ember", "Atlas"]

    override func viewDidLoad() {
        super.viewDidLoad()
        view.backgroundColor = .systemBackground
        collectionView = UICollectionView(frame: view.bounds, collectionViewLayout: Self.makeLayout())
        collectionView.autoresizingMask = [.flexibleWidth, .flexibleHeight]
        collectionView.accessibilityIdentifier = "store"
        view.addSubview(collectionView)

        let feature = UICollectionView.CellRegistration<StoreCardCell, Int> { cell, _, index in
            cell.contentView.backgroundColor = Self.colors[index % Self.colors.count]
            cell.title.text = Self.features[index]
            cell.eyebrow.text = "FEATURED"
        }
        let category = UICollectionView.CellRegistration<StoreCategoryCell, Int> { cell, _, index in
            cell.label.text = Self.categories[index]
            cell.swatch.backgroundColor = Self.colors[(index + 2) % Self.colors.count]
        }
        let app = UICollectionView.CellRegistration<StoreAppCell, Int> { cell, _, index in
            cell.icon.backgroundColor = Self.colors[(index + 4) % Self.colors.count]
            cell.name.text = "\(index + 1)  \(Self.apps[index])"
            cell.detail.text = index % 2 == 0 ? "Productivity" : "Entertainment"
        }
        dataSource = UICollectionViewDiffableDataSource<Section, Item>(collectionView: collectionView) { collectionView, indexPath, item in
            switch item {
            case .feature(let i): return collectionView.dequeueConfiguredReusableCell(using: feature, for: indexPath, item: i)
            case .category(let i): return collectionView.dequeueConfiguredReusableCell(using: category, for: indexPath, item: i)
            case .app(let i): return collectionView.dequeueConfiguredReusableCell(using: app, for: indexPath, item: i)
            }
        }
        let header = UICollectionView.SupplementaryRegistration<StoreHeaderView>(elementKind: Self.headerKind) { view, _, _ in
            view.label.text = "Today"
        }
        let title = UICollectionView.SupplementaryRegistration<StoreTitleView>(elementKind: Self.titleKind) { view, _, indexPath in
            view.label.text = ["Featured", "Categories", "Top Charts"][indexPath.section]
        }
        dataSource.supplementaryViewProvider = { collectionView, kind, indexPath in
            if kind == Self.headerKind { return collectionView.dequeueConfiguredReusableSupplementary(using: header, for: indexPath) }
            return collectionView.dequeueConfiguredReusableSupplementary(using: title, for: indexPath)
        }
        var snapshot = NSDiffableDataSourceSnapshot<Section, Item>()
        snapshot.appendSections(Section.allCases)
        snapshot.appendItems(Self.features.indices.map { .feature($0) }, toSection: .featured)
        snapshot.appendItems(Self.categories.indices.map { .category($0) }, toSection: .categories)
        snapshot.appendItems(Self.apps.indices.map { .app($0) }, toSection: .charts)
        dataSource.apply(snapshot, animatingDifferences: false)
    }
}

@MainActor final class StoreHeaderView: UICollectionReusableView {
    let label = UILabel()
    override init(frame: CGRect) {
        super.init(frame: frame)
        backgroundColor = UIColor(red: 0.11, green: 0.45, blue: 0.93, alpha: 1)
        label.font = .systemFont(ofSize: 40, weight: .heavy)
        label.textColor = .white
        addSubview(label)
    }
    required init?(coder: NSCoder) { fatalError("made in code") }
    override func layoutSubviews() {
        super.layoutSubviews()
        label.frame = CGRect(x: 20, y: bounds.height - 64, width: bounds.width - 40, height: 48)
    }
}

@MainActor final class StoreTitleView: UICollectionReusableView {
    let label = UILabel()
    override init(frame: CGRect) {
        super.init(frame: frame)
        backgroundColor = .systemBackground
        label.font = .systemFont(ofSize: 22, weight: .bold)
        addSubview(label)
    }
    required init?(coder: NSCoder) { fatalError("made in code") }
    override func layoutSubviews() {
        super.layoutSubviews()
        label.frame = CGRect(x: 16, y: 8, width: bounds.width - 32, height: 32)
    }
}

@MainActor final class StoreCardCell: UICollectionViewCell {
    let eyebrow = UILabel()
    let title = UILabel()
    override init(frame: CGRect) {
        super.init(frame: frame)
        contentView.layer.cornerRadius = 14
        contentView.clipsToBounds = true
        eyebrow.font = .systemFont(ofSize: 13, weight: .semibold)
        eyebrow.textColor = UIColor(white: 1, alpha: 0.8)
        title.font = .systemFont(ofSize: 26, weight: .bold)
        title.textColor = .white
        contentView.addSubview(eyebrow)
        contentView.addSubview(title)
    }
    required init?(coder: NSCoder) { fatalError("made in code") }
    override func layoutSubviews() {
        super.layoutSubviews()
        eyebrow.frame = CGRect(x: 16, y: 16, width: bounds.width - 32, height: 18)
        title.frame = CGRect(x: 16, y: 36, width: bounds.width - 32, height: 32)
    }
}

@MainActor final class StoreCategoryCell: UICollectionViewCell {
    let swatch = UIView()
    let label = UILabel()
    override init(frame: CGRect) {
        super.init(frame: frame)
        contentView.backgroundColor = .secondarySystemBackground
        contentView.layer.cornerRadius = 10
        swatch.layer.cornerRadius = 8
        label.font = .systemFont(ofSize: 17, weight: .semibold)
        contentView.addSubview(swatch)
        contentView.addSubview(label)
    }
    required init?(coder: NSCoder) { fatalError("made in code") }
    override func layoutSubviews() {
        super.layoutSubviews()
        swatch.frame = CGRect(x: 12, y: (bounds.height - 34) / 2, width: 34, height: 34)
        label.frame = CGRect(x: 56, y: 0, width: bounds.width - 64, height: bounds.height)
    }
}

@MainActor final class StoreAppCell: UICollectionViewCell {
    let icon = UIView()
    let name = UILabel()
    let detail = UILabel()
    let separator = UIView()
    override init(frame: CGRect) {
        super.init(frame: frame)
        icon.layer.cornerRadius = 12
        name.font = .systemFont(ofSize: 17, weight: .semibold)
        detail.font = .systemFont(ofSize: 14)
        detail.textColor = .secondaryLabel
        separator.backgroundColor = .separator
        for v in [icon, name, detail, separator] { contentView.addSubview(v) }
    }
    required init?(coder: NSCoder) { fatalError("made in code") }
    override func layoutSubviews() {
        super.layoutSubviews()
        icon.frame = CGRect(x: 0, y: 8, width: 52, height: 52)
        name.frame = CGRect(x: 66, y: 13, width: bounds.width - 66, height: 22)
        detail.frame = CGRect(x: 66, y: 36, width: bounds.width - 66, height: 18)
        separator.frame = CGRect(x: 66, y: bounds.height - 0.5, width: bounds.width - 66, height: 0.5)
    }
}

final class CompositionalGoldenTests: XCTestCase {
    static let scenario = ScreenSmokeTests.fixtures + "/store.yaml"

    /// The store page's frames against goldens: the header stretched by the pull, the carousel
    /// paged one card on by the sideways swipe, the page scrolled with the charts' header pinned.
    func testStorePageGolden() throws {
        try assertFrames(
            of: { StoreViewController() }, scenario: Self.scenario, golden: ScreenSmokeTests.fixtures + "/golden/store", frames: "12,70,105",
            scale: 1)
    }

    /// The sideways step pages the carousel: one card on, the second centred.
    func testTheSidewaysStepPagesTheCarouselOneCardOn() throws {
        try MainActor.assumeIsolated {
            let vc = StoreViewController()
            let loaded = try ScenarioLoader.load(path: Self.scenario, screenCode: true)
            let settings = ScreenSettings(device: loaded.screen.device, appearance: .light, typography: .standard, fps: 30, imageFolders: [])
            let run = ScreenRun(settings: settings, motion: loaded.timeline, make: { vc })
            run.advance(to: 70)
            let row = try XCTUnwrap(vc.collectionView.subviews.compactMap { $0 as? UIScrollView }.first)
            let card = 393 * 0.86
            // The second card centred: its centre (the first's centre + card + 12) at the middle.
            XCTAssertEqual(row.contentOffset.x, card + 12, accuracy: 0.01)
            let second = try XCTUnwrap(vc.collectionView.cellForItem(at: IndexPath(item: 1, section: 0)))
            XCTAssertEqual(second.frame.midX, 393 / 2, accuracy: 0.01)
        }
    }

    /// The compositional twin of the flow layout's stretchy collection draws the same frames.
    func testTheCompositionalTwinDrawsTheFlowLayoutsFrames() throws {
        let base = NSTemporaryDirectory() + "uikit-compositional-twin-\(getpid())"
        defer { try? FileManager.default.removeItem(atPath: base) }
        let scenario = ScreenSmokeTests.fixtures + "/collection-motion.yaml"
        try renderFrames(
            of: { UINavigationController(rootViewController: UIKitExampleScreens.StretchyCollectionViewController()) }, scenario: scenario,
            out: base + "/flow", frames: "0,16,44", scale: 1)
        try renderFrames(
            of: { UINavigationController(rootViewController: CompositionalCollectionViewController()) }, scenario: scenario,
            out: base + "/compositional", frames: "0,16,44", scale: 1)
        for frame in ["0000", "0016", "0044"] {
            let flow = try Data(contentsOf: URL(fileURLWithPath: base + "/flow/\(frame).png"))
            let compositional = try Data(contentsOf: URL(fileURLWithPath: base + "/compositional/\(frame).png"))
            XCTAssertEqual(flow, compositional, "frame \(frame)")
        }
    }
}
