//
//  ProfileViewController.swift
//  ProfileApp
//
//  A profile header above a table: pulled down it grows from its top edge, scrolled up it slides
//  under the navigation bar until a strip of it is left, its avatar fading out, all by transforms
//  set in scrollViewDidScroll.
//

import UIKit

class ProfileViewController: UIViewController, UITableViewDataSource, UITableViewDelegate {

    @IBOutlet weak var tableView: UITableView!
    @IBOutlet weak var headerView: ProfileHeaderView!
    @IBOutlet private weak var avatarView: UIImageView!
    @IBOutlet weak var nameLabel: UILabel!
    @IBOutlet weak var followButton: UIButton!
    @IBOutlet var statLabels: [UILabel]!

    private let rows = ["Posts", "Photos", "Followers", "Following", "Likes", "Lists", "Moments", "Bookmarks",
                        "Drafts", "Archive", "Settings", "Help", "Privacy", "Notifications", "Display", "About"]
    private var isFollowing = false

    override func viewDidLoad() {
        super.viewDidLoad()
        tableView.contentInset.top = headerView.restingHeight
        tableView.contentOffset = CGPoint(x: 0, y: -headerView.restingHeight)
        followButton.addTarget(self, action: #selector(followTapped(_:)), for: .touchUpInside)
        for (label, count) in zip(statLabels, [128, 3_400, 512]) {
            label.text = "\(count)"
        }
    }

    @IBAction func followTapped(_ sender: UIButton) {
        isFollowing.toggle()
        sender.setTitle(isFollowing ? "Following" : "Follow", for: .normal)
    }

    // MARK: - UITableViewDataSource

    func tableView(_ tableView: UITableView, numberOfRowsInSection section: Int) -> Int {
        return rows.count
    }

    func tableView(_ tableView: UITableView, cellForRowAt indexPath: IndexPath) -> UITableViewCell {
        let cell = tableView.dequeueReusableCell(withIdentifier: "Row", for: indexPath)
        cell.textLabel?.text = rows[indexPath.row]
        return cell
    }

    // MARK: - UIScrollViewDelegate

    func scrollViewDidScroll(_ scrollView: UIScrollView) {
        let height = headerView.restingHeight
        // 0 at rest, negative while pulled down, positive once scrolled up.
        let y = scrollView.contentOffset.y + height
        if y < 0 {
            let scale = (height - y) / height
            headerView.transform = CGAffineTransform(translationX: 0, y: -y / 2).scaledBy(x: scale, y: scale)
            avatarView.alpha = 1
        } else {
            let travel = height - headerView.minimumHeight
            headerView.transform = CGAffineTransform(translationX: 0, y: -min(y, travel))
            avatarView.alpha = max(0, 1 - y / (travel / 2))
        }
    }
}
