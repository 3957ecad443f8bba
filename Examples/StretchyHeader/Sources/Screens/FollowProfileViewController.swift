import UIKit

/// The profile with a Follow button in its header: tapped, the button says "Following" and, on a
/// spring, widens to fit it (its trailing edge kept) while its fill turns from blue to the green of
/// a done state, as a real profile's button does with `UIView.animate`.
public final class FollowProfileViewController: ProfileViewController {
    let followButton = UIButton(type: .custom)
    private(set) var isFollowing = false

    static let buttonHeight: CGFloat = 30
    static let followWidth: CGFloat = 84
    static let followingWidth: CGFloat = 112

    public override func viewDidLoad() {
        super.viewDidLoad()
        followButton.setTitle("Follow", for: .normal)
        followButton.setTitleColor(.white, for: .normal)
        followButton.titleLabel?.font = .systemFont(ofSize: 15, weight: .semibold)
        followButton.backgroundColor = .systemBlue
        followButton.layer.cornerRadius = Self.buttonHeight / 2
        followButton.accessibilityIdentifier = "follow"
        followButton.addAction(UIAction { [unowned self] _ in followTapped() }, for: .primaryActionTriggered)
        followButton.frame = CGRect(
            x: view.bounds.width - 16 - Self.followWidth, y: 8, width: Self.followWidth, height: Self.buttonHeight)
        followButton.autoresizingMask = [.flexibleLeftMargin]
        profile.addSubview(followButton)
    }

    func followTapped() {
        isFollowing.toggle()
        followButton.setTitle(isFollowing ? "Following" : "Follow", for: .normal)
        let width = isFollowing ? Self.followingWidth : Self.followWidth
        let trailing = followButton.frame.maxX
        UIView.animate(withDuration: 0.5, delay: 0, usingSpringWithDamping: 0.6, initialSpringVelocity: 0, options: [], animations: {
            self.followButton.frame = CGRect(x: trailing - width, y: 8, width: width, height: Self.buttonHeight)
            // Its title laid out inside the block, as real screens do: the label's frame springs with
            // the button's (laid out after the block, it would take its new place at once and run
            // past the pill).
            self.followButton.layoutIfNeeded()
            self.followButton.backgroundColor = self.isFollowing ? .systemGreen : .systemBlue
        })
    }
}
