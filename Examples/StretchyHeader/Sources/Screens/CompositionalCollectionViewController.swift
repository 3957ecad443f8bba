import UIKit

/// The compositional layout's stretchy header: the section header grows by the pull past the
/// top, its top at the top of the content area, its bottom on the grid.
final class StretchyHeaderCompositionalLayout: UICollectionViewCompositionalLayout {
    override func layoutAttributesForElements(in rect: CGRect) -> [UICollectionViewLayoutAttributes]? {
        guard let attributes = super.layoutAttributesForElements(in: rect), let collectionView else { return nil }
        let pull = collectionView.contentOffset.y + collectionView.adjustedContentInset.top
        return attributes.map { original in
            guard pull < 0, original.representedElementKind == UICollectionView.elementKindSectionHeader, original.indexPath.section == 0,
                let stretched = original.copy() as? UICollectionViewLayoutAttributes
            else { return original }
            stretched.frame = CGRect(
                x: original.frame.minX, y: original.frame.minY + pull, width: original.frame.width, height: original.frame.height - pull)
            return stretched
        }
    }

    override func shouldInvalidateLayout(forBoundsChange newBounds: CGRect) -> Bool { true }
}

/// `StretchyCollectionViewController` written with today's API: a compositional layout (two
/// 181-point cards a row, flexible spacing, the photo header a boundary item), a diffable data
/// source and cell and header registrations. Its frames are the flow layout screen's, pixel for
/// pixel (CompositionalLayoutTests), so the two can be timed against each other.
public final class CompositionalCollectionViewController: UIViewController {
    enum Section: Hashable { case launches }

    var collectionView: UICollectionView!
    var dataSource: UICollectionViewDiffableDataSource<Section, Int>!

    public init() { super.init(nibName: nil, bundle: nil) }

    public required init?(coder: NSCoder) {
        fatalError("init(coder:) has not been implemented")
    }

    static func makeLayout() -> UICollectionViewLayout {
        let item = NSCollectionLayoutItem(layoutSize: NSCollectionLayoutSize(widthDimension: .absolute(181), heightDimension: .fractionalHeight(1)))
        let group = NSCollectionLayoutGroup.horizontal(
            layoutSize: NSCollectionLayoutSize(widthDimension: .fractionalWidth(1), heightDimension: .absolute(240)), subitems: [item])
        group.interItemSpacing = .flexible(10)
        let section = NSCollectionLayoutSection(group: group)
        section.interGroupSpacing = 10
        section.contentInsets = NSDirectionalEdgeInsets(top: 10, leading: 10, bottom: 10, trailing: 10)
        section.supplementariesFollowContentInsets = false
        section.boundarySupplementaryItems = [
            NSCollectionLayoutBoundarySupplementaryItem(
                layoutSize: NSCollectionLayoutSize(widthDimension: .fractionalWidth(1), heightDimension: .absolute(StretchyCollectionViewController.headerHeight)),
                elementKind: UICollectionView.elementKindSectionHeader, alignment: .top)
        ]
        return StretchyHeaderCompositionalLayout(section: section)
    }

    public override func viewDidLoad() {
        super.viewDidLoad()
        title = "Launches"
        collectionView = UICollectionView(frame: view.bounds, collectionViewLayout: Self.makeLayout())
        collectionView.autoresizingMask = [.flexibleWidth, .flexibleHeight]
        collectionView.backgroundColor = .systemBackground
        collectionView.accessibilityIdentifier = "grid"
        view.addSubview(collectionView)

        // The flow layout screen's cards.
        let cards = StretchyCollectionViewController().cards
        let cell = UICollectionView.CellRegistration<LaunchCardCell, Int> { cell, _, item in
            cell.configure(cards[item % cards.count], item: item)
        }
        let header = UICollectionView.SupplementaryRegistration<LaunchPhotoHeaderView>(elementKind: UICollectionView.elementKindSectionHeader) {
            header, _, _ in
            header.configure(image: UIImage(named: "header"), title: "DSCOVR\nLaunch Day")
        }
        dataSource = UICollectionViewDiffableDataSource<Section, Int>(collectionView: collectionView) { collectionView, indexPath, item in
            collectionView.dequeueConfiguredReusableCell(using: cell, for: indexPath, item: item)
        }
        dataSource.supplementaryViewProvider = { collectionView, _, indexPath in
            collectionView.dequeueConfiguredReusableSupplementary(using: header, for: indexPath)
        }
        var snapshot = NSDiffableDataSourceSnapshot<Section, Int>()
        snapshot.appendSections([.launches])
        snapshot.appendItems(Array(0..<14))
        dataSource.apply(snapshot, animatingDifferences: false)
    }
}
