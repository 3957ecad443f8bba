import Foundation
import UIKit

/// The storyboard example (Fixtures/uikit/storyboards/Profile.storyboard), as an iOS developer
/// writes it: a profile header above a table, its height constraint an outlet that
/// `scrollViewDidScroll` drives (a stretchy header when pulled, down to a minimum when pushed).
/// On iOS the properties carry `@IBOutlet`; here `registerStoryboardProfile()` names them.
class ProfileScreen: UIViewController, UITableViewDataSource, UITableViewDelegate {
    var tableView: UITableView!
    var headerView: ProfileHeaderView!
    var headerHeight: NSLayoutConstraint!
    var nameLabel: UILabel!
    let restingHeight: CGFloat = 260

    override func viewDidLoad() {
        super.viewDidLoad()
        tableView.contentInset.top = restingHeight
        tableView.contentOffset = CGPoint(x: 0, y: -restingHeight)
    }

    func tableView(_ tableView: UITableView, numberOfRowsInSection section: Int) -> Int { 30 }

    func tableView(_ tableView: UITableView, cellForRowAt indexPath: IndexPath) -> UITableViewCell {
        let cell = tableView.dequeueReusableCell(withIdentifier: "Row", for: indexPath)
        cell.textLabel?.text = "Row \(indexPath.row + 1)"
        return cell
    }

    func scrollViewDidScroll(_ scrollView: UIScrollView) {
        guard let headerHeight, let headerView else { return }
        headerHeight.constant = max(-scrollView.contentOffset.y, headerView.minimumHeight)
    }
}

/// The header's class: a minimum height set in the storyboard (`@IBInspectable` on iOS).
class ProfileHeaderView: UIView {
    var minimumHeight: CGFloat = 0
}

/// The same screen written in code: the views, constraints and settings the storyboard holds.
final class ProfileScreenInCode: ProfileScreen {
    override func loadView() {
        let root = UIView(frame: UIScreen.main.bounds)
        root.autoresizingMask = [.flexibleWidth, .flexibleHeight]
        root.backgroundColor = .systemBackground
        let table = UITableView(frame: root.bounds, style: .plain)
        table.translatesAutoresizingMaskIntoConstraints = false
        table.contentInsetAdjustmentBehavior = .never
        table.rowHeight = 56
        table.separatorInset = UIEdgeInsets(top: 0, left: 20, bottom: 0, right: 0)
        table.accessibilityIdentifier = "table"
        table.register(UITableViewCell.self, forCellReuseIdentifier: "Row")
        table.dataSource = self
        table.delegate = self
        let header = ProfileHeaderView()
        header.translatesAutoresizingMaskIntoConstraints = false
        header.clipsToBounds = true
        header.backgroundColor = .systemIndigo
        header.accessibilityIdentifier = "header"
        header.minimumHeight = 120
        let avatar = UIImageView(image: UIImage(systemName: "person.crop.circle.fill"))
        avatar.translatesAutoresizingMaskIntoConstraints = false
        avatar.contentMode = .scaleAspectFit
        avatar.clipsToBounds = true
        avatar.tintColor = .white
        avatar.accessibilityIdentifier = "avatar"
        avatar.setContentHuggingPriority(UILayoutPriority(251), for: .horizontal)
        avatar.setContentHuggingPriority(UILayoutPriority(251), for: .vertical)
        let name = UILabel()
        name.translatesAutoresizingMaskIntoConstraints = false
        name.text = "Ada Lovelace"
        name.textAlignment = .center
        name.font = .boldSystemFont(ofSize: 22)
        name.textColor = .white
        name.accessibilityIdentifier = "name"
        name.setContentHuggingPriority(UILayoutPriority(251), for: .horizontal)
        name.setContentHuggingPriority(UILayoutPriority(251), for: .vertical)
        root.addSubview(table)
        root.addSubview(header)
        header.addSubview(avatar)
        header.addSubview(name)
        let height = header.heightAnchor.constraint(equalToConstant: 260)
        NSLayoutConstraint.activate([
            avatar.widthAnchor.constraint(equalToConstant: 80),
            avatar.widthAnchor.constraint(equalTo: avatar.heightAnchor),
            avatar.centerXAnchor.constraint(equalTo: header.centerXAnchor),
            name.topAnchor.constraint(equalTo: avatar.bottomAnchor, constant: 12),
            name.leadingAnchor.constraint(equalTo: header.leadingAnchor, constant: 20),
            header.trailingAnchor.constraint(equalTo: name.trailingAnchor, constant: 20),
            header.bottomAnchor.constraint(equalTo: name.bottomAnchor, constant: 22),
            height,
            table.topAnchor.constraint(equalTo: root.safeAreaLayoutGuide.topAnchor),
            table.leadingAnchor.constraint(equalTo: root.leadingAnchor),
            root.trailingAnchor.constraint(equalTo: table.trailingAnchor),
            root.bottomAnchor.constraint(equalTo: table.bottomAnchor),
            header.topAnchor.constraint(equalTo: root.safeAreaLayoutGuide.topAnchor),
            header.leadingAnchor.constraint(equalTo: root.leadingAnchor),
            root.trailingAnchor.constraint(equalTo: header.trailingAnchor),
        ])
        (tableView, headerView, headerHeight, nameLabel) = (table, header, height, name)
        view = root
    }
}

/// What the port will generate from the `@IBOutlet`s and `@IBInspectable`s of the files.
@MainActor func registerStoryboardProfile() {
    UIStoryboard.register(ProfileScreen.self) {
        $0.outlet("tableView", \.tableView)
        $0.outlet("headerView", \.headerView)
        $0.outlet("headerHeight", \.headerHeight)
        $0.outlet("nameLabel", \.nameLabel)
    }
    UIStoryboard.register(ProfileHeaderView.self) { $0.inspectable("minimumHeight", \.minimumHeight) }
}
