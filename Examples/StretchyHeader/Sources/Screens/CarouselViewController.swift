import UIKit

/// A horizontally paging card carousel with a page control, over a vertical scroll view, written
/// as for iOS (programmatic UIKit, frames and autoresizing): a paging `UIScrollView` of cards
/// inside the screen's vertical `UIScrollView`, and a `UIPageControl` whose `currentPage` follows
/// the carousel in `scrollViewDidScroll`. A sideways swipe on the cards pages them; a vertical drag
/// elsewhere scrolls the screen, carousel and all.
public final class CarouselViewController: UIViewController, UIScrollViewDelegate {
    static let cardHeight: CGFloat = 200
    static let cards: [(title: String, detail: String, color: UIColor)] = [
        ("Mountains", "Trails above the tree line", .systemIndigo),
        ("Coast", "Cliffs, coves and lighthouses", .systemTeal),
        ("Desert", "Dunes at sunrise", .systemOrange),
        ("Forest", "Old growth and quiet lakes", .systemGreen),
        ("City", "Rooftops after dark", .systemPink),
    ]

    let scrollView = UIScrollView()
    let titleLabel = UILabel()
    let carousel = UIScrollView()
    let pageControl = UIPageControl()

    public override func viewDidLoad() {
        super.viewDidLoad()
        view.backgroundColor = .systemBackground
        let width = view.bounds.width

        scrollView.frame = view.bounds
        scrollView.autoresizingMask = [.flexibleWidth, .flexibleHeight]
        scrollView.accessibilityIdentifier = "scroll"
        view.addSubview(scrollView)

        titleLabel.frame = CGRect(x: 16, y: 8, width: width - 32, height: 41)
        titleLabel.text = "Featured"
        titleLabel.font = .systemFont(ofSize: 34, weight: .bold)
        scrollView.addSubview(titleLabel)

        carousel.frame = CGRect(x: 0, y: 60, width: width, height: Self.cardHeight)
        carousel.autoresizingMask = [.flexibleWidth]
        carousel.isPagingEnabled = true
        carousel.showsHorizontalScrollIndicator = false
        carousel.delegate = self
        carousel.accessibilityIdentifier = "carousel"
        for (i, card) in Self.cards.enumerated() {
            let view = UIView(frame: CGRect(x: CGFloat(i) * width + 16, y: 0, width: width - 32, height: Self.cardHeight))
            view.backgroundColor = card.color
            view.layer.cornerRadius = 16
            view.accessibilityIdentifier = "card\(i)"
            let title = UILabel(frame: CGRect(x: 20, y: Self.cardHeight - 74, width: view.bounds.width - 40, height: 30))
            title.text = card.title
            title.font = .systemFont(ofSize: 26, weight: .bold)
            title.textColor = .white
            view.addSubview(title)
            let detail = UILabel(frame: CGRect(x: 20, y: Self.cardHeight - 40, width: view.bounds.width - 40, height: 20))
            detail.text = card.detail
            detail.font = .systemFont(ofSize: 15)
            detail.textColor = UIColor.white.withAlphaComponent(0.85)
            view.addSubview(detail)
            carousel.addSubview(view)
        }
        carousel.contentSize = CGSize(width: width * CGFloat(Self.cards.count), height: Self.cardHeight)
        scrollView.addSubview(carousel)

        pageControl.frame = CGRect(x: 0, y: carousel.frame.maxY + 6, width: width, height: 26)
        pageControl.autoresizingMask = [.flexibleWidth]
        pageControl.numberOfPages = Self.cards.count
        pageControl.accessibilityIdentifier = "pageControl"
        scrollView.addSubview(pageControl)

        var y = pageControl.frame.maxY + 16
        for i in 1...16 {
            let row = UILabel(frame: CGRect(x: 16, y: y, width: width - 32, height: 52))
            row.text = "Place \(i)"
            row.font = .preferredFont(forTextStyle: .body)
            scrollView.addSubview(row)
            let separator = UIView(frame: CGRect(x: 16, y: row.frame.maxY, width: width - 16, height: 0.5))
            separator.backgroundColor = .separator
            scrollView.addSubview(separator)
            y = separator.frame.maxY
        }
        scrollView.contentSize = CGSize(width: width, height: y + 20)
    }

    /// The page control shows the page most of which is on screen.
    public func scrollViewDidScroll(_ scrollView: UIScrollView) {
        guard scrollView === carousel, scrollView.bounds.width > 0 else { return }
        let page = Int((scrollView.contentOffset.x / scrollView.bounds.width).rounded())
        pageControl.currentPage = max(0, min(Self.cards.count - 1, page))
    }
}
