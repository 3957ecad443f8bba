import UIKit

/// The profile with a Follow button in its header: tapped, the button says "Following" and, on a
/// spring, widens to fit it (its trailing edge kept) while its fill turns from blue to the green of
/// a done state, as a real profile's button does with `UIView.animate`. Scrolled up until the name
/// passes under the header, the name slides up into the header, on its own time (`UIView.animate`
/// from `scrollViewDidScroll`, not following the finger), and back out when the name comes back.
public final class FollowProfileViewController: ProfileViewController {
    let followButton = UIButton(type: .custom)
    private(set) var isFollowing = false
    /// The name in the header, shown once the name in the profile is under the header.
    let headerTitle = UILabel()
    private(set) var isTitleShown = false

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

        headerTitle.text = nameLabel.text
        headerTitle.font = .systemFont(ofSize: 17, weight: .bold)
        headerTitle.textColor = .white
        headerTitle.textAlignment = .center
        headerTitle.accessibilityIdentifier = "header.title"
        headerTitle.frame = CGRect(x: 16, y: Self.headerHeight - 28, width: view.bounds.width - 32, height: 22)
        headerTitle.autoresizingMask = [.flexibleWidth, .flexibleTopMargin]
        placeTitle(shown: false)
        header.addSubview(headerTitle)
    }

    /// The offset past rest at which the name's bottom (39 + 22 pt into the profile) passes under
    /// the header stuck under the bars (64 pt tall).
    var titleThreshold: CGFloat { Self.headerHeight + 39 + 22 - 64 }

    public override func scrollViewDidScroll(_ scrollView: UIScrollView) {
        super.scrollViewDidScroll(scrollView)
        let shown = scrollView.contentOffset.y + Self.headerHeight > titleThreshold
        guard shown != isTitleShown else { return }
        isTitleShown = shown
        UIView.animate(withDuration: 0.3, delay: 0, options: [.curveEaseOut, .beginFromCurrentState]) {
            self.placeTitle(shown: shown)
        }
    }

    /// Shown: in place and opaque; hidden: 24 pt lower (below the header's clipped bottom) and clear.
    func placeTitle(shown: Bool) {
        headerTitle.transform = shown ? .identity : CGAffineTransform(translationX: 0, y: 24)
        headerTitle.alpha = shown ? 1 : 0
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
