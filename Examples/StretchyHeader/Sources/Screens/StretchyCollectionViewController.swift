import UIKit

/// A flow layout whose first section header stretches with the pull past the top: the header's
/// top stays at the top of the content area (under the bars) and its bottom stays on the grid.
/// The layout is asked again on every scroll (`shouldInvalidateLayout(forBoundsChange:)`), and
/// changes copies of the flow layout's attributes (the flow layout caches its own).
final class StretchyHeaderFlowLayout: UICollectionViewFlowLayout {
    override func layoutAttributesForElements(in rect: CGRect) -> [UICollectionViewLayoutAttributes]? {
        guard let attributes = super.layoutAttributesForElements(in: rect), let collectionView else { return nil }
        // How far the content is pulled down past its rest position (negative while pulled).
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

/// The section header: a photo filling it (aspect fill, re-fitted as it grows, so it stays sharp)
/// and a centred two-line title with a soft white glow, neither scaled.
final class LaunchPhotoHeaderView: UICollectionReusableView {
    static let reuseIdentifier = "photo-header"
    let imageView = UIImageView()
    let titleLabel = UILabel()

    override init(frame: CGRect) {
        super.init(frame: frame)
        backgroundColor = UIColor(red: 29 / 255, green: 161 / 255, blue: 242 / 255, alpha: 1)
        clipsToBounds = true
        accessibilityIdentifier = "header"

        imageView.frame = bounds
        imageView.autoresizingMask = [.flexibleWidth, .flexibleHeight]
        imageView.contentMode = .scaleAspectFill
        imageView.accessibilityIdentifier = "header.image"
        addSubview(imageView)

        titleLabel.numberOfLines = 2
        titleLabel.textAlignment = .center
        titleLabel.layer.shadowColor = UIColor.white.cgColor
        titleLabel.layer.shadowOpacity = 0.9
        titleLabel.layer.shadowRadius = 12 // a blur radius: the preset's glowRadius 6 is its Gaussian sigma
        titleLabel.layer.shadowOffset = .zero
        titleLabel.accessibilityIdentifier = "header.title"
        addSubview(titleLabel)
    }

    required init?(coder: NSCoder) {
        fatalError("init(coder:) has not been implemented")
    }

    /// The title stays centred in the stretched header, at its own size.
    override func layoutSubviews() {
        super.layoutSubviews()
        titleLabel.frame = CGRect(x: 16, y: 0, width: bounds.width - 32, height: bounds.height)
    }

    func configure(image: UIImage?, title: String) {
        imageView.image = image
        titleLabel.attributedText = NSAttributedString(
            string: title,
            attributes: [.font: UIFont.systemFont(ofSize: 28, weight: .bold), .foregroundColor: UIColor.white, .kern: 0.36])
    }
}

/// A card: a photo or a color, rounded, with its caption on a dark band at the bottom.
final class LaunchCardCell: UICollectionViewCell {
    static let reuseIdentifier = "card"
    let imageView = UIImageView()
    let band = UIView()
    let captionLabel = UILabel()

    override init(frame: CGRect) {
        super.init(frame: frame)
        contentView.layer.cornerRadius = 12
        contentView.clipsToBounds = true

        imageView.frame = contentView.bounds
        imageView.autoresizingMask = [.flexibleWidth, .flexibleHeight]
        imageView.contentMode = .scaleAspectFill
        contentView.addSubview(imageView)

        band.backgroundColor = UIColor(white: 0, alpha: 0.35)
        contentView.addSubview(band)

        band.addSubview(captionLabel)
    }

    /// The caption's band along the bottom, its text inset by 10 pt.
    override func layoutSubviews() {
        super.layoutSubviews()
        band.frame = CGRect(x: 0, y: contentView.bounds.height - 36, width: contentView.bounds.width, height: 36)
        captionLabel.frame = band.bounds.insetBy(dx: 10, dy: 0)
    }

    required init?(coder: NSCoder) {
        fatalError("init(coder:) has not been implemented")
    }

    override func prepareForReuse() {
        super.prepareForReuse()
        imageView.image = nil
        imageView.isHidden = true
        captionLabel.attributedText = nil
    }

    func configure(_ card: StretchyCollectionViewController.Card, item: Int) {
        // The identifiers name the item, not the cell: a reused cell takes its new item's names.
        accessibilityIdentifier = "item.\(item)"
        imageView.accessibilityIdentifier = "item.\(item).image"
        captionLabel.accessibilityIdentifier = "item.\(item).caption"
        if let name = card.imageName {
            imageView.image = UIImage(named: name)
            imageView.isHidden = false
            contentView.backgroundColor = .secondarySystemBackground
        } else {
            imageView.isHidden = true
            contentView.backgroundColor = card.color
        }
        captionLabel.attributedText = NSAttributedString(
            string: card.caption,
            attributes: [.font: UIFont.systemFont(ofSize: 15, weight: .semibold), .foregroundColor: UIColor.white, .kern: -0.24])
    }
}

/// A stretchy collection header, written as for iOS (programmatic UIKit, frames and autoresizing):
/// a grid of rounded cards under a photo section header that a `UICollectionViewFlowLayout`
/// subclass grows by the pull, shown in a navigation controller (title "Launches").
public final class StretchyCollectionViewController: UICollectionViewController {
    struct Card {
        var imageName: String?
        var color: UIColor?
        var caption: String
    }

    /// The section header's height at rest.
    public static let headerHeight: CGFloat = 180

    let cards: [Card] = [
        Card(imageName: "header", caption: "Liftoff"),
        Card(color: .systemOrange, caption: "Max Q"),
        Card(imageName: "avatar", caption: "Crew"),
        Card(color: .systemGreen, caption: "Stage separation"),
        Card(color: .systemTeal, caption: "Fairing"),
        Card(color: .systemIndigo, caption: "Orbit"),
        Card(color: .systemPink, caption: "Deploy"),
    ]
    let itemCount = 14

    public init() {
        let layout = StretchyHeaderFlowLayout()
        layout.itemSize = CGSize(width: 181, height: 240)
        layout.minimumInteritemSpacing = 10
        layout.minimumLineSpacing = 10
        layout.sectionInset = UIEdgeInsets(top: 10, left: 10, bottom: 10, right: 10)
        layout.headerReferenceSize = CGSize(width: 0, height: Self.headerHeight)
        super.init(collectionViewLayout: layout)
    }

    public required init?(coder: NSCoder) {
        fatalError("init(coder:) has not been implemented")
    }

    public override func viewDidLoad() {
        super.viewDidLoad()
        title = "Launches"
        collectionView.backgroundColor = .systemBackground
        collectionView.accessibilityIdentifier = "grid"
        collectionView.register(LaunchCardCell.self, forCellWithReuseIdentifier: LaunchCardCell.reuseIdentifier)
        collectionView.register(
            LaunchPhotoHeaderView.self, forSupplementaryViewOfKind: UICollectionView.elementKindSectionHeader,
            withReuseIdentifier: LaunchPhotoHeaderView.reuseIdentifier)
    }

    public override func collectionView(_ collectionView: UICollectionView, numberOfItemsInSection section: Int) -> Int { itemCount }

    public override func collectionView(_ collectionView: UICollectionView, cellForItemAt indexPath: IndexPath) -> UICollectionViewCell {
        let cell = collectionView.dequeueReusableCell(withReuseIdentifier: LaunchCardCell.reuseIdentifier, for: indexPath)
        (cell as? LaunchCardCell)?.configure(cards[indexPath.item % cards.count], item: indexPath.item)
        return cell
    }

    public override func collectionView(
        _ collectionView: UICollectionView, viewForSupplementaryElementOfKind kind: String, at indexPath: IndexPath
    ) -> UICollectionReusableView {
        let header = collectionView.dequeueReusableSupplementaryView(
            ofKind: kind, withReuseIdentifier: LaunchPhotoHeaderView.reuseIdentifier, for: indexPath)
        (header as? LaunchPhotoHeaderView)?.configure(image: UIImage(named: "header"), title: "DSCOVR\nLaunch Day")
        return header
    }
}
