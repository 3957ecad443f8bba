import UIKit

/// The Twitter-style profile with its views placed by Auto Layout instead of frames: the same
/// views, the same motion in `scrollViewDidScroll` (transforms act on the frames the constraints
/// give, as on the phone), the same picture. The table header view keeps a frame, as UIKit's
/// `tableHeaderView` does; what is inside it is placed by constraints.
public final class ProfileConstraintsViewController: ProfileViewController {
    override func placeViews() {
        for v in [tableView, header, headerImage, avatar, nameLabel, handleLabel] { v.translatesAutoresizingMaskIntoConstraints = false }
        profile.frame = CGRect(x: 0, y: 0, width: view.bounds.width, height: Self.profileHeight)
        tableView.tableHeaderView = profile
        NSLayoutConstraint.activate([
            tableView.topAnchor.constraint(equalTo: view.topAnchor),
            tableView.bottomAnchor.constraint(equalTo: view.bottomAnchor),
            tableView.leadingAnchor.constraint(equalTo: view.leadingAnchor),
            tableView.trailingAnchor.constraint(equalTo: view.trailingAnchor),

            header.topAnchor.constraint(equalTo: view.topAnchor),
            header.leadingAnchor.constraint(equalTo: view.leadingAnchor),
            header.trailingAnchor.constraint(equalTo: view.trailingAnchor),
            header.heightAnchor.constraint(equalToConstant: Self.headerHeight),
            headerImage.topAnchor.constraint(equalTo: header.topAnchor),
            headerImage.bottomAnchor.constraint(equalTo: header.bottomAnchor),
            headerImage.leadingAnchor.constraint(equalTo: header.leadingAnchor),
            headerImage.trailingAnchor.constraint(equalTo: header.trailingAnchor),

            // The avatar hangs 40 pt above the table header view, over the header image.
            avatar.topAnchor.constraint(equalTo: profile.topAnchor, constant: -40),
            avatar.leadingAnchor.constraint(equalTo: profile.leadingAnchor, constant: 40),
            avatar.widthAnchor.constraint(equalToConstant: Self.avatarSize),
            avatar.heightAnchor.constraint(equalTo: avatar.widthAnchor),
            nameLabel.topAnchor.constraint(equalTo: avatar.bottomAnchor, constant: 10),
            nameLabel.leadingAnchor.constraint(equalTo: profile.leadingAnchor, constant: 16),
            nameLabel.trailingAnchor.constraint(equalTo: profile.trailingAnchor, constant: -16),
            nameLabel.heightAnchor.constraint(equalToConstant: 22),
            handleLabel.topAnchor.constraint(equalTo: nameLabel.bottomAnchor, constant: 2),
            handleLabel.leadingAnchor.constraint(equalTo: nameLabel.leadingAnchor),
            handleLabel.trailingAnchor.constraint(equalTo: nameLabel.trailingAnchor),
            handleLabel.heightAnchor.constraint(equalToConstant: 16),
        ])
    }
}
