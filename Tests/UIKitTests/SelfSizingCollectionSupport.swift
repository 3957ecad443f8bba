import Foundation
import UIKit

/// A card as iOS code writes a self-sizing collection cell: a title and a wrapping body pinned
/// to the content view by constraints, nothing sized by hand.
@MainActor class NoteCardCell: UICollectionViewCell {
    nonisolated(unsafe) static var asked = 0
    nonisolated(unsafe) static var madeFrames: [CGRect] = []
    let title = UILabel()
    let body = UILabel()

    override init(frame: CGRect) {
        super.init(frame: frame)
        NoteCardCell.madeFrames.append(frame)
        contentView.backgroundColor = .secondarySystemGroupedBackground
        contentView.layer.cornerRadius = 12
        contentView.clipsToBounds = true
        title.font = .systemFont(ofSize: 17, weight: .semibold)
        body.font = .systemFont(ofSize: 15)
        body.textColor = .secondaryLabel
        body.numberOfLines = 0
        for label in [title, body] {
            label.translatesAutoresizingMaskIntoConstraints = false
            contentView.addSubview(label)
        }
        NSLayoutConstraint.activate([
            title.topAnchor.constraint(equalTo: contentView.topAnchor, constant: 12),
            title.leadingAnchor.constraint(equalTo: contentView.leadingAnchor, constant: 12),
            title.trailingAnchor.constraint(equalTo: contentView.trailingAnchor, constant: -12),
            body.topAnchor.constraint(equalTo: title.bottomAnchor, constant: 4),
            body.leadingAnchor.constraint(equalTo: title.leadingAnchor),
            body.trailingAnchor.constraint(equalTo: title.trailingAnchor),
            body.bottomAnchor.constraint(equalTo: contentView.bottomAnchor, constant: -12),
        ])
    }

    required init?(coder: NSCoder) { fatalError("made in code") }

    override func preferredLayoutAttributesFitting(_ layoutAttributes: UICollectionViewLayoutAttributes) -> UICollectionViewLayoutAttributes {
        NoteCardCell.asked += 1
        return super.preferredLayoutAttributesFitting(layoutAttributes)
    }
}

/// A card in a grid of two columns: its width is the layout's, its height its text's, as iOS
/// code writes it when the cells' width is fixed.
@MainActor final class GridNoteCardCell: NoteCardCell {
    override func preferredLayoutAttributesFitting(_ layoutAttributes: UICollectionViewLayoutAttributes) -> UICollectionViewLayoutAttributes {
        let attributes = super.preferredLayoutAttributesFitting(layoutAttributes)
        let size = contentView.systemLayoutSizeFitting(
            CGSize(width: layoutAttributes.size.width, height: 0), withHorizontalFittingPriority: .required,
            verticalFittingPriority: .fittingSizeLevel)
        attributes.frame.size = CGSize(width: layoutAttributes.size.width, height: (size.height * 3).rounded(.up) / 3)
        return attributes
    }
}

/// A tag chip: one line of text with padding, as wide as its text (automaticSize).
@MainActor final class TagCell: UICollectionViewCell {
    let label = UILabel()

    override init(frame: CGRect) {
        super.init(frame: frame)
        contentView.backgroundColor = .systemBlue
        label.font = .systemFont(ofSize: 15)
        label.translatesAutoresizingMaskIntoConstraints = false
        contentView.addSubview(label)
        NSLayoutConstraint.activate([
            label.topAnchor.constraint(equalTo: contentView.topAnchor, constant: 6),
            label.bottomAnchor.constraint(equalTo: contentView.bottomAnchor, constant: -6),
            label.leadingAnchor.constraint(equalTo: contentView.leadingAnchor, constant: 10),
            label.trailingAnchor.constraint(equalTo: contentView.trailingAnchor, constant: -10),
        ])
    }

    required init?(coder: NSCoder) { fatalError("made in code") }
}

/// The notes: titles and bodies of different lengths (a body of 1 to 4 sentences).
@MainActor final class NotesSource: NSObject, UICollectionViewDataSource, UICollectionViewDelegateFlowLayout {
    static let sentences = [
        "Pick up the film from the lab.", "The light at six was soft and low over the water.",
        "Remember to call back about the lease before Friday, and bring the signed copy.",
        "Tea.",
    ]
    var count: Int
    var sections = 1
    var made = 0

    init(count: Int) { self.count = count }

    func numberOfSections(in collectionView: UICollectionView) -> Int { sections }
    func collectionView(
        _ collectionView: UICollectionView, viewForSupplementaryElementOfKind kind: String, at indexPath: IndexPath
    ) -> UICollectionReusableView {
        collectionView.dequeueReusableSupplementaryView(ofKind: kind, withReuseIdentifier: "title", for: indexPath)
    }

    static func body(_ item: Int) -> String { (0...(item % 4)).map { sentences[($0 + item) % sentences.count] }.joined(separator: " ") }

    func collectionView(_ collectionView: UICollectionView, numberOfItemsInSection section: Int) -> Int { count }
    func collectionView(_ collectionView: UICollectionView, cellForItemAt indexPath: IndexPath) -> UICollectionViewCell {
        made += 1
        let cell = collectionView.dequeueReusableCell(withReuseIdentifier: "note", for: indexPath) as! NoteCardCell
        cell.accessibilityIdentifier = "note.\(indexPath.item)"
        cell.title.text = "Note \(indexPath.item + 1)"
        cell.body.text = Self.body(indexPath.item)
        return cell
    }
}

/// The test screen: a list of note cards in a collection view whose flow layout estimates their
/// size (the width of the list, 80 pt); each card as tall as its text.
@MainActor final class NotesViewController: UICollectionViewController {
    let source: NotesSource

    init(count: Int = 12) {
        source = NotesSource(count: count)
        let layout = UICollectionViewFlowLayout()
        layout.minimumLineSpacing = 12
        layout.sectionInset = UIEdgeInsets(top: 16, left: 16, bottom: 16, right: 16)
        super.init(collectionViewLayout: layout)
    }

    required init?(coder: NSCoder) { fatalError("made in code") }

    override func viewDidLoad() {
        super.viewDidLoad()
        collectionView.backgroundColor = .systemGroupedBackground
        collectionView.register(NoteCardCell.self, forCellWithReuseIdentifier: "note")
        collectionView.dataSource = source
        let layout = collectionViewLayout as! UICollectionViewFlowLayout
        layout.estimatedItemSize = CGSize(width: view.bounds.width - 32, height: 80)
    }
}
