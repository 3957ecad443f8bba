import UIKit

/// A stretchy header whose photo blurs as the table is pulled down, written as the real screens
/// write it: a blur view made inside a paused `UIViewPropertyAnimator`'s block (so its effect
/// animates in from none), and the animator's `fractionComplete` set from the pull in
/// `scrollViewDidScroll`, scrubbing the blur.
public final class BlurHeaderViewController: UIViewController, UITableViewDataSource, UITableViewDelegate {
    /// The photo's height at rest, and the pull (points) at which the blur is complete.
    public static let headerHeight: CGFloat = 260, fullBlurPull: CGFloat = 120

    let tableView = UITableView(frame: .zero, style: .plain)
    let photo = UIImageView()
    let rows = (1...30).map { "Row \($0)" }
    private var photoHeight: NSLayoutConstraint!
    private var blurAnimator: UIViewPropertyAnimator!

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
        tableView.translatesAutoresizingMaskIntoConstraints = false
        view.addSubview(tableView)

        photoHeight = photo.heightAnchor.constraint(equalToConstant: Self.headerHeight)
        NSLayoutConstraint.activate([
            photo.topAnchor.constraint(equalTo: view.topAnchor),
            photo.leadingAnchor.constraint(equalTo: view.leadingAnchor),
            photo.trailingAnchor.constraint(equalTo: view.trailingAnchor),
            photoHeight,
            tableView.topAnchor.constraint(equalTo: view.topAnchor),
            tableView.bottomAnchor.constraint(equalTo: view.bottomAnchor),
            tableView.leadingAnchor.constraint(equalTo: view.leadingAnchor),
            tableView.trailingAnchor.constraint(equalTo: view.trailingAnchor),
        ])

        // The end state of the animation: a blur over the photo. Made inside the block, its
        // effect goes from none to the blur as the animator's fraction goes from 0 to 1.
        blurAnimator = UIViewPropertyAnimator(duration: 1, curve: .linear) { [weak self] in
            guard let self else { return }
            let blur = UIVisualEffectView(effect: UIBlurEffect(style: .regular))
            blur.accessibilityIdentifier = "blur"
            blur.translatesAutoresizingMaskIntoConstraints = false
            self.photo.addSubview(blur)
            NSLayoutConstraint.activate([
                blur.topAnchor.constraint(equalTo: self.photo.topAnchor),
                blur.bottomAnchor.constraint(equalTo: self.photo.bottomAnchor),
                blur.leadingAnchor.constraint(equalTo: self.photo.leadingAnchor),
                blur.trailingAnchor.constraint(equalTo: self.photo.trailingAnchor),
            ])
        }
        blurAnimator.fractionComplete = 0
    }

    public func tableView(_ tableView: UITableView, numberOfRowsInSection section: Int) -> Int { rows.count }

    public func tableView(_ tableView: UITableView, cellForRowAt indexPath: IndexPath) -> UITableViewCell {
        let cell = tableView.dequeueReusableCell(withIdentifier: "row", for: indexPath)
        cell.textLabel?.text = rows[indexPath.row]
        return cell
    }

    public func scrollViewDidScroll(_ scrollView: UIScrollView) {
        let top = -scrollView.contentOffset.y
        photoHeight.constant = max(0, top)
        // Pulled down past the rest: the blur comes in with the pull.
        let pull = top - Self.headerHeight
        blurAnimator.fractionComplete = min(1, max(0, pull / Self.fullBlurPull))
    }
}
