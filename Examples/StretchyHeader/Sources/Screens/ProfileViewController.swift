import UIKit

/// A Twitter-style profile, written as for iOS (programmatic UIKit, frames and autoresizing):
/// a header image above a table inset by the header's height, the avatar in the table header
/// view, both moved in `scrollViewDidScroll` with Core Animation transforms, and the header
/// brought over the table once it sticks under the bars.
public class ProfileViewController: UIViewController, UITableViewDataSource, UITableViewDelegate {
    /// The header's height at rest (the seed project's 110).
    public static let headerHeight: CGFloat = 110
    static let avatarSize: CGFloat = 69
    /// The table header view's height: the avatar's lower part, the name and the handle.
    static let profileHeight: CGFloat = 93

    let tableView = UITableView(frame: .zero, style: .plain)
    let header = UIView()
    let headerImage = UIImageView()
    let profile = UIView()
    let avatar = UIImageView()
    let nameLabel = UILabel()
    let handleLabel = UILabel()
    let rows = (1...30).map { "Row \($0)" }
    var headerImageName = "header"

    public override func viewDidLoad() {
        super.viewDidLoad()
        view.backgroundColor = .systemBackground

        tableView.contentInsetAdjustmentBehavior = .never
        tableView.contentInset = UIEdgeInsets(top: Self.headerHeight, left: 0, bottom: 0, right: 0)
        tableView.contentOffset = CGPoint(x: 0, y: -Self.headerHeight)
        tableView.backgroundColor = .clear
        tableView.dataSource = self
        tableView.delegate = self
        tableView.register(UITableViewCell.self, forCellReuseIdentifier: "row")
        tableView.accessibilityIdentifier = "table"

        tableView.estimatedRowHeight = 44
        profile.backgroundColor = .systemBackground
        avatar.image = UIImage(named: "avatar")
        avatar.backgroundColor = UIColor(red: 204 / 255, green: 214 / 255, blue: 221 / 255, alpha: 1)
        avatar.contentMode = .scaleAspectFill
        avatar.clipsToBounds = true
        avatar.layer.cornerRadius = 10
        avatar.layer.borderWidth = 3
        avatar.layer.borderColor = UIColor.white.cgColor
        avatar.accessibilityIdentifier = "avatar"
        profile.addSubview(avatar)
        nameLabel.text = "Jane Appleseed"
        nameLabel.font = .systemFont(ofSize: 18, weight: .medium)
        nameLabel.accessibilityIdentifier = "name"
        profile.addSubview(nameLabel)
        handleLabel.text = "@jane"
        handleLabel.font = .systemFont(ofSize: 12)
        handleLabel.textColor = .secondaryLabel
        profile.addSubview(handleLabel)
        view.addSubview(tableView)

        header.clipsToBounds = true
        header.backgroundColor = UIColor(red: 29 / 255, green: 161 / 255, blue: 242 / 255, alpha: 1)
        header.accessibilityIdentifier = "header"
        headerImage.contentMode = .scaleAspectFill
        headerImage.image = UIImage(named: headerImageName)
        headerImage.accessibilityIdentifier = "header.image"
        header.addSubview(headerImage)
        view.insertSubview(header, belowSubview: tableView)
        placeViews()
    }

    /// The views' places: frames and autoresizing masks here (`ProfileConstraintsViewController`
    /// places the same views with constraints).
    func placeViews() {
        tableView.frame = view.bounds
        tableView.autoresizingMask = [.flexibleWidth, .flexibleHeight]
        profile.frame = CGRect(x: 0, y: 0, width: view.bounds.width, height: Self.profileHeight)
        avatar.frame = CGRect(x: 40, y: -40, width: Self.avatarSize, height: Self.avatarSize)
        nameLabel.frame = CGRect(x: 16, y: avatar.frame.maxY + 10, width: view.bounds.width - 32, height: 22)
        handleLabel.frame = CGRect(x: 16, y: nameLabel.frame.maxY + 2, width: view.bounds.width - 32, height: 16)
        tableView.tableHeaderView = profile
        header.frame = CGRect(x: 0, y: 0, width: view.bounds.width, height: Self.headerHeight)
        header.autoresizingMask = [.flexibleWidth]
        headerImage.frame = header.bounds
        headerImage.autoresizingMask = [.flexibleWidth, .flexibleHeight]
    }

    public func tableView(_ tableView: UITableView, numberOfRowsInSection section: Int) -> Int { rows.count }

    public func tableView(_ tableView: UITableView, cellForRowAt indexPath: IndexPath) -> UITableViewCell {
        let cell = tableView.dequeueReusableCell(withIdentifier: "row", for: indexPath)
        cell.textLabel?.text = rows[indexPath.row]
        return cell
    }

    /// The distance the header moves before it sticks under the bars.
    var stop: CGFloat { Self.headerHeight - 64 }

    public func scrollViewDidScroll(_ scrollView: UIScrollView) {
        let u = scrollView.contentOffset.y + Self.headerHeight
        var headerTransform = CATransform3DIdentity
        var avatarTransform = CATransform3DIdentity
        if u < 0 {
            // Pulled down: the header grows from its top edge.
            let s = -u / header.bounds.height
            headerTransform = CATransform3DTranslate(headerTransform, 0, header.bounds.height * s / 2, 0)
            headerTransform = CATransform3DScale(headerTransform, 1 + s, 1 + s, 0)
            header.layer.transform = headerTransform
        } else {
            headerTransform = CATransform3DTranslate(headerTransform, 0, max(-stop, -u), 0)
            let sa = min(stop, u) / Self.avatarSize / 1.4
            avatarTransform = CATransform3DTranslate(avatarTransform, 0, Self.avatarSize * sa / 2, 0)
            avatarTransform = CATransform3DScale(avatarTransform, 1 - sa, 1 - sa, 0)
            // Once stuck, the header covers the table (the avatar included).
            if u <= stop {
                if avatar.layer.zPosition < header.layer.zPosition { header.layer.zPosition = 0 }
            } else if avatar.layer.zPosition >= header.layer.zPosition {
                header.layer.zPosition = 2
            }
        }
        header.layer.transform = headerTransform
        avatar.layer.transform = avatarTransform
    }
}
