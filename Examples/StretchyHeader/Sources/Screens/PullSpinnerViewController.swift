import UIKit

/// A stretchy header with a refresh ring drawn by Core Animation, as real screens draw it: a
/// `CAShapeLayer` circle whose `strokeEnd` follows the pull (set with actions disabled, so it
/// tracks the finger instead of easing after it), and, once the pull passes the trigger, a
/// `CAAnimationGroup` of `strokeEnd` and `strokeStart` chasing round the ring forever and a
/// `transform.scale` pulse on the avatar; the spinner is removed when the header is back at rest.
public final class PullSpinnerViewController: UIViewController, UITableViewDataSource, UITableViewDelegate {
    /// The header's height at rest, and the pull (points) that fills the ring and starts the spin.
    public static let headerHeight: CGFloat = 220, triggerPull: CGFloat = 60

    let tableView = UITableView(frame: .zero, style: .plain)
    let header = UIView()
    let avatar = UIView(frame: CGRect(x: 0, y: 0, width: 72, height: 72))
    let ring = CAShapeLayer()
    let rows = (1...30).map { "Row \($0)" }

    public override func viewDidLoad() {
        super.viewDidLoad()
        view.backgroundColor = .systemBackground

        header.backgroundColor = .systemIndigo
        header.accessibilityIdentifier = "header"
        view.addSubview(header)

        avatar.backgroundColor = .systemOrange
        avatar.layer.cornerRadius = 36
        avatar.layer.borderWidth = 3
        avatar.layer.borderColor = UIColor.white.cgColor
        avatar.accessibilityIdentifier = "avatar"
        header.addSubview(avatar)

        ring.name = "ring"
        ring.bounds = CGRect(x: 0, y: 0, width: 32, height: 32)
        ring.path = UIBezierPath(ovalIn: CGRect(x: 2, y: 2, width: 28, height: 28)).cgPath
        ring.strokeColor = UIColor.white.cgColor
        ring.fillColor = nil
        ring.lineWidth = 3
        ring.lineCap = .round
        ring.strokeEnd = 0
        header.layer.addSublayer(ring)

        tableView.backgroundColor = .clear
        tableView.contentInsetAdjustmentBehavior = .never
        tableView.contentInset = UIEdgeInsets(top: Self.headerHeight, left: 0, bottom: 0, right: 0)
        tableView.contentOffset = CGPoint(x: 0, y: -Self.headerHeight)
        tableView.dataSource = self
        tableView.delegate = self
        tableView.register(UITableViewCell.self, forCellReuseIdentifier: "row")
        view.addSubview(tableView)
    }

    public override func viewDidLayoutSubviews() {
        super.viewDidLayoutSubviews()
        tableView.frame = view.bounds
        layoutHeader()
    }

    public func tableView(_ tableView: UITableView, numberOfRowsInSection section: Int) -> Int { rows.count }

    public func tableView(_ tableView: UITableView, cellForRowAt indexPath: IndexPath) -> UITableViewCell {
        let cell = tableView.dequeueReusableCell(withIdentifier: "row", for: indexPath)
        cell.textLabel?.text = rows[indexPath.row]
        return cell
    }

    public func scrollViewDidScroll(_ scrollView: UIScrollView) {
        layoutHeader()
        let pull = -scrollView.contentOffset.y - Self.headerHeight
        if pull >= Self.triggerPull, ring.animation(forKey: "spin") == nil {
            // The arc chases itself round the ring: its end runs ahead, its start follows.
            let head = CABasicAnimation(keyPath: "strokeEnd")
            head.fromValue = 0
            head.toValue = 1
            head.duration = 0.6
            let tail = CABasicAnimation(keyPath: "strokeStart")
            tail.fromValue = 0
            tail.toValue = 1
            tail.beginTime = 0.3
            tail.duration = 0.6
            let spin = CAAnimationGroup()
            spin.animations = [head, tail]
            spin.duration = 0.9
            spin.repeatCount = .infinity
            ring.add(spin, forKey: "spin")

            let pulse = CABasicAnimation(keyPath: "transform.scale")
            pulse.fromValue = 1
            pulse.toValue = 1.15
            pulse.duration = 0.2
            pulse.autoreverses = true
            pulse.repeatCount = 2
            pulse.timingFunction = CAMediaTimingFunction(name: .easeInEaseOut)
            avatar.layer.add(pulse, forKey: "pulse")
        }
        if pull <= 0 { ring.removeAnimation(forKey: "spin") }
    }

    /// The header fills the space above the rows; the avatar sits at its foot, the ring above
    /// it. A standalone layer's changes animate implicitly (0.25 s), so the ring is placed and
    /// filled with actions disabled: it follows the finger exactly.
    private func layoutHeader() {
        let top = max(0, -tableView.contentOffset.y)
        let pull = top - Self.headerHeight
        header.frame = CGRect(x: 0, y: 0, width: view.bounds.width, height: top)
        avatar.center = CGPoint(x: view.bounds.width / 2, y: top - 60)
        CATransaction.begin()
        CATransaction.setDisableActions(true)
        ring.position = CGPoint(x: view.bounds.width / 2, y: top - 130)
        ring.strokeEnd = min(max(pull / Self.triggerPull, 0), 1) * 0.8
        CATransaction.commit()
    }
}
