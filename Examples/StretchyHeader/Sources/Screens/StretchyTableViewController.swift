import UIKit

/// A stretchy table header laid out with Auto Layout, written as for iOS: a photo under a
/// transparent table, pinned to the top by constraints, its height a constraint whose constant
/// follows the scroll in `scrollViewDidScroll` (taller as the table is pulled down, shorter as
/// it scrolls up), and a navigation view over it that fades in as the photo goes.
public final class StretchyTableViewController: UIViewController, UITableViewDataSource, UITableViewDelegate {
    /// The photo's height at rest.
    public static let headerHeight: CGFloat = 300
    /// Where the navigation view starts to fade in (points scrolled) and over how many points.
    static let fadeStart: CGFloat = 150, fadeLength: CGFloat = 62

    let tableView = UITableView(frame: .zero, style: .plain)
    let photo = UIImageView()
    let navigationView = UIView()
    let titleLabel = UILabel()
    let rows = (1...30).map { "Row \($0)" }
    private var photoHeight: NSLayoutConstraint!

    public override func viewDidLoad() {
        super.viewDidLoad()
        view.backgroundColor = .systemBackground

        photo.image = UIImage(named: "header")
        photo.contentMode = .scaleAspectFill
        photo.clipsToBounds = true
        photo.accessibilityIdentifier = "photo"
        photo.translatesAutoresizingMaskIntoConstraints = false
        view.addSubview(photo)

        tableView.backgroundColor = .clear
        tableView.contentInsetAdjustmentBehavior = .never
        tableView.contentInset = UIEdgeInsets(top: Self.headerHeight, left: 0, bottom: 0, right: 0)
        tableView.contentOffset = CGPoint(x: 0, y: -Self.headerHeight)
        tableView.dataSource = self
        tableView.delegate = self
        tableView.register(UITableViewCell.self, forCellReuseIdentifier: "row")
        tableView.accessibilityIdentifier = "table"
        tableView.translatesAutoresizingMaskIntoConstraints = false
        view.addSubview(tableView)

        navigationView.backgroundColor = .systemBackground
        navigationView.alpha = 0
        navigationView.accessibilityIdentifier = "navigation"
        navigationView.translatesAutoresizingMaskIntoConstraints = false
        view.addSubview(navigationView)
        titleLabel.text = "Stretchy"
        titleLabel.font = .systemFont(ofSize: 17, weight: .semibold)
        titleLabel.accessibilityIdentifier = "title"
        titleLabel.translatesAutoresizingMaskIntoConstraints = false
        navigationView.addSubview(titleLabel)

        photoHeight = photo.heightAnchor.constraint(equalToConstant: Self.headerHeight)
        photoHeight.identifier = "photo.height"
        NSLayoutConstraint.activate([
            photo.topAnchor.constraint(equalTo: view.topAnchor),
            photo.leadingAnchor.constraint(equalTo: view.leadingAnchor),
            photo.trailingAnchor.constraint(equalTo: view.trailingAnchor),
            photoHeight,
            tableView.topAnchor.constraint(equalTo: view.topAnchor),
            tableView.bottomAnchor.constraint(equalTo: view.bottomAnchor),
            tableView.leadingAnchor.constraint(equalTo: view.leadingAnchor),
            tableView.trailingAnchor.constraint(equalTo: view.trailingAnchor),
            navigationView.topAnchor.constraint(equalTo: view.topAnchor),
            navigationView.leadingAnchor.constraint(equalTo: view.leadingAnchor),
            navigationView.trailingAnchor.constraint(equalTo: view.trailingAnchor),
            navigationView.bottomAnchor.constraint(equalTo: view.safeAreaLayoutGuide.topAnchor, constant: 44),
            titleLabel.centerXAnchor.constraint(equalTo: navigationView.centerXAnchor),
            titleLabel.centerYAnchor.constraint(equalTo: navigationView.bottomAnchor, constant: -22),
        ])
    }

    public func tableView(_ tableView: UITableView, numberOfRowsInSection section: Int) -> Int { rows.count }

    public func tableView(_ tableView: UITableView, cellForRowAt indexPath: IndexPath) -> UITableViewCell {
        let cell = tableView.dequeueReusableCell(withIdentifier: "row", for: indexPath)
        cell.textLabel?.text = rows[indexPath.row]
        return cell
    }

    public func scrollViewDidScroll(_ scrollView: UIScrollView) {
        // The photo ends where the rows begin: pulled down, it stretches; scrolled up, it shrinks.
        let top = -scrollView.contentOffset.y
        photoHeight.constant = max(0, top)
        let scrolled = Self.headerHeight - top
        navigationView.alpha = min(1, max(0, (scrolled - Self.fadeStart) / Self.fadeLength))
    }
}
