import UIKit

/// A list with a pushed detail, written as for iOS: a table of trails under a large title; a
/// tapped row pushes the trail's detail (`didSelectRowAt`, `pushViewController(_:animated: true)`),
/// and the back button pops it. The detail's color band slides in alongside the push through the
/// transition coordinator, as real detail screens animate their own parts with the slide.
public final class TrailListViewController: UITableViewController {
    struct Trail {
        var name: String
        var region: String
        var length: String
        var color: UIColor
    }

    let trails: [Trail] = [
        Trail(name: "Eagle Peak Loop", region: "Mount Diablo", length: "9.2 km", color: .systemOrange),
        Trail(name: "Tennessee Valley", region: "Marin Headlands", length: "6.1 km", color: .systemTeal),
        Trail(name: "Mission Peak", region: "Fremont", length: "9.7 km", color: .systemPurple),
        Trail(name: "Dipsea Trail", region: "Mill Valley", length: "11.3 km", color: .systemGreen),
        Trail(name: "Lands End", region: "San Francisco", length: "5.5 km", color: .systemBlue),
        Trail(name: "Wildcat Canyon", region: "Berkeley Hills", length: "8.0 km", color: .systemRed),
    ]

    public override init(style: UITableView.Style = .plain) { super.init(style: style) }

    public required init?(coder: NSCoder) {
        fatalError("init(coder:) has not been implemented")
    }

    public override func viewDidLoad() {
        super.viewDidLoad()
        title = "Trails"
        navigationController?.navigationBar.prefersLargeTitles = true
        tableView.register(UITableViewCell.self, forCellReuseIdentifier: "trail")
        tableView.rowHeight = 60
    }

    public override func tableView(_ tableView: UITableView, numberOfRowsInSection section: Int) -> Int { trails.count }

    public override func tableView(_ tableView: UITableView, cellForRowAt indexPath: IndexPath) -> UITableViewCell {
        let trail = trails[indexPath.row]
        let cell = tableView.dequeueReusableCell(withIdentifier: "trail", for: indexPath)
        var content = UIListContentConfiguration.subtitleCell()
        content.text = trail.name
        content.secondaryText = "\(trail.region) · \(trail.length)"
        content.image = UIImage(systemName: "figure.walk")
        content.imageProperties.tintColor = trail.color
        cell.contentConfiguration = content
        cell.accessoryType = .disclosureIndicator
        cell.accessibilityIdentifier = "trail-\(indexPath.row)"
        return cell
    }

    public override func tableView(_ tableView: UITableView, didSelectRowAt indexPath: IndexPath) {
        navigationController?.pushViewController(TrailDetailViewController(trail: trails[indexPath.row]), animated: true)
    }
}

/// A trail's page: a color band, its name and facts; the band grows in alongside the push.
final class TrailDetailViewController: UIViewController {
    let trail: TrailListViewController.Trail
    let band = UIView()

    init(trail: TrailListViewController.Trail) {
        self.trail = trail
        super.init(nibName: nil, bundle: nil)
        title = trail.name
        navigationItem.largeTitleDisplayMode = .never
    }

    required init?(coder: NSCoder) {
        fatalError("init(coder:) has not been implemented")
    }

    override func viewDidLoad() {
        super.viewDidLoad()
        view.backgroundColor = .systemBackground
        view.accessibilityIdentifier = "detail"
        band.backgroundColor = trail.color
        band.layer.cornerRadius = 16
        band.layer.cornerCurve = .continuous
        view.addSubview(band)
        let name = UILabel()
        name.text = trail.name
        name.font = .preferredFont(forTextStyle: .title1)
        name.tag = 1
        view.addSubview(name)
        let facts = UILabel()
        facts.text = "\(trail.region) · \(trail.length)"
        facts.font = .preferredFont(forTextStyle: .body)
        facts.textColor = .secondaryLabel
        facts.tag = 2
        view.addSubview(facts)
    }

    override func viewWillLayoutSubviews() {
        super.viewWillLayoutSubviews()
        let top = view.safeAreaInsets.top + 16
        let width = view.bounds.width - 32
        band.bounds.size = CGSize(width: width, height: 180)
        band.center = CGPoint(x: view.bounds.midX, y: top + 90)
        view.viewWithTag(1)?.frame = CGRect(x: 16, y: top + 196, width: width, height: 40)
        view.viewWithTag(2)?.frame = CGRect(x: 16, y: top + 240, width: width, height: 24)
    }

    override func viewWillAppear(_ animated: Bool) {
        super.viewWillAppear(animated)
        // The band starts small and grows to its size with the slide.
        band.transform = CGAffineTransform(scaleX: 0.6, y: 0.6)
        band.alpha = 0
        transitionCoordinator?.animate(alongsideTransition: { _ in
            self.band.transform = .identity
            self.band.alpha = 1
        }, completion: { _ in
            self.band.transform = .identity
            self.band.alpha = 1
        })
        if transitionCoordinator == nil {
            band.transform = .identity
            band.alpha = 1
        }
    }
}
