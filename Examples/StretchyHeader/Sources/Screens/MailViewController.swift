import UIKit

/// An inbox of self-sizing cells, written as for iOS: each cell a vertical stack view (the
/// sender and the time on one baseline, the subject, a preview of up to three lines) pinned to
/// the cell's layout margins, an unread dot in the margin beside the sender; the table's rows
/// `automaticDimension` from a 90 pt estimate, under a large title that collapses as it scrolls.
/// Rows take the heights their text gives them: one line of preview or three.
public final class MailViewController: UITableViewController {
    public struct Message {
        public var sender: String
        public var subject: String
        public var time: String
        public var preview: String
        public var unread: Bool
    }

    public static let messages: [Message] = [
        Message(
            sender: "Ada Lovelace", subject: "Notes on the engine", time: "9:41",
            preview: "I have added a note on how the machine might compose music, given the right cards.", unread: true),
        Message(sender: "Weekly Digest", subject: "Your week", time: "8:15", preview: "Three new photos.", unread: false),
        Message(
            sender: "Grace Hopper", subject: "Re: The bug in relay 70",
            time: "Yesterday",
            preview:
                "We taped it into the log book. Panel F, relay 70: first actual case of a bug being found. The operators want to frame the page, and I think they should; the machine is back up and the tape runs are clean again.",
            unread: true),
        Message(sender: "Launch Team", subject: "Viewing from the causeway", time: "Yesterday", preview: "Gates open at five.", unread: false),
        Message(
            sender: "Katherine Johnson", subject: "Trajectory check for the Friday run, with the new numbers from the tracking stations",
            time: "Tuesday",
            preview: "The numbers agree to the eighth place. Send the sheets over when the run is done and I will check the re-entry window by hand.",
            unread: false),
        Message(sender: "Espresso Service", subject: "Invoice 2026-114", time: "Monday", preview: "Thanks for your order.", unread: false),
        Message(
            sender: "Margaret Hamilton", subject: "Priority displays",
            time: "Sunday",
            preview:
                "When the computer is overloaded it drops the low-priority jobs and keeps the landing going. I would like the crew to see why, so the display should say what it dropped, in words, not a code.",
            unread: true),
        Message(sender: "Dentist", subject: "Reminder", time: "Saturday", preview: "Tomorrow at 9:30.", unread: false),
    ]

    public init() {
        super.init(style: .plain)
    }

    public required init?(coder: NSCoder) {
        fatalError("init(coder:) has not been implemented")
    }

    public override func viewDidLoad() {
        super.viewDidLoad()
        title = "Inbox"
        navigationController?.navigationBar.prefersLargeTitles = true
        tableView.register(MailCell.self, forCellReuseIdentifier: MailCell.reuseIdentifier)
        tableView.rowHeight = UITableView.automaticDimension
        tableView.estimatedRowHeight = 90
        tableView.accessibilityIdentifier = "inbox"
    }

    public override func tableView(_ tableView: UITableView, numberOfRowsInSection section: Int) -> Int { 3 * Self.messages.count }

    public override func tableView(_ tableView: UITableView, cellForRowAt indexPath: IndexPath) -> UITableViewCell {
        let cell = tableView.dequeueReusableCell(withIdentifier: MailCell.reuseIdentifier, for: indexPath) as! MailCell
        cell.show(Self.messages[indexPath.row % Self.messages.count])
        return cell
    }
}

/// A mail cell: labels in stack views, pinned to the content view's layout margins, so the
/// row is as tall as the subject and the preview's lines make it.
public final class MailCell: UITableViewCell {
    static let reuseIdentifier = "mail"

    public let senderLabel = UILabel()
    public let timeLabel = UILabel()
    public let subjectLabel = UILabel()
    public let previewLabel = UILabel()
    let unreadDot = UIView()

    public override init(style: UITableViewCell.CellStyle, reuseIdentifier: String?) {
        super.init(style: style, reuseIdentifier: reuseIdentifier)
        senderLabel.font = .preferredFont(forTextStyle: .headline)
        timeLabel.font = .preferredFont(forTextStyle: .subheadline)
        timeLabel.textColor = .secondaryLabel
        // The time keeps its width; the sender's name gives way.
        timeLabel.setContentHuggingPriority(.required, for: .horizontal)
        timeLabel.setContentCompressionResistancePriority(.required, for: .horizontal)
        subjectLabel.font = .preferredFont(forTextStyle: .subheadline)
        previewLabel.font = .preferredFont(forTextStyle: .subheadline)
        previewLabel.textColor = .secondaryLabel
        previewLabel.numberOfLines = 3

        let heading = UIStackView(arrangedSubviews: [senderLabel, timeLabel])
        heading.spacing = 8
        heading.alignment = .firstBaseline
        let stack = UIStackView(arrangedSubviews: [heading, subjectLabel, previewLabel])
        stack.axis = .vertical
        stack.spacing = 2
        stack.translatesAutoresizingMaskIntoConstraints = false
        contentView.addSubview(stack)

        unreadDot.backgroundColor = .systemBlue
        unreadDot.layer.cornerRadius = 5
        unreadDot.translatesAutoresizingMaskIntoConstraints = false
        contentView.addSubview(unreadDot)

        let margins = contentView.layoutMarginsGuide
        NSLayoutConstraint.activate([
            stack.topAnchor.constraint(equalTo: margins.topAnchor),
            stack.leadingAnchor.constraint(equalTo: margins.leadingAnchor),
            stack.trailingAnchor.constraint(equalTo: margins.trailingAnchor),
            stack.bottomAnchor.constraint(equalTo: margins.bottomAnchor),
            unreadDot.widthAnchor.constraint(equalToConstant: 10),
            unreadDot.heightAnchor.constraint(equalToConstant: 10),
            unreadDot.centerYAnchor.constraint(equalTo: senderLabel.centerYAnchor),
            unreadDot.trailingAnchor.constraint(equalTo: stack.leadingAnchor, constant: -3),
        ])
    }

    public required init?(coder: NSCoder) {
        fatalError("init(coder:) has not been implemented")
    }

    /// Shows `message` (the cell is reused for others as the table scrolls).
    public func show(_ message: MailViewController.Message) {
        senderLabel.text = message.sender
        timeLabel.text = message.time
        subjectLabel.text = message.subject
        previewLabel.text = message.preview
        unreadDot.isHidden = !message.unread
        accessibilityIdentifier = message.sender
    }
}
