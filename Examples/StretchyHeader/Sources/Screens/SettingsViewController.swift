import UIKit

/// A Settings-like screen, written as for iOS: an inset grouped table of list content
/// configurations (symbols in colored squares, values, disclosure indicators) under a large
/// title and a search field, in a navigation controller.
public final class SettingsViewController: UITableViewController {
    struct Item {
        var title: String
        var symbol: String
        var color: UIColor
        var value: String?
    }

    let sections: [[Item]] = [
        [
            Item(title: "Airplane Mode", symbol: "airplane", color: .systemOrange),
            Item(title: "Wi-Fi", symbol: "wifi", color: .systemBlue, value: "Home"),
            Item(title: "Bluetooth", symbol: "antenna.radiowaves.left.and.right", color: .systemBlue, value: "On"),
            Item(title: "Cellular", symbol: "cellularbars", color: .systemGreen),
        ],
        [
            Item(title: "Notifications", symbol: "bell.fill", color: .systemRed),
            Item(title: "Sounds & Haptics", symbol: "speaker.wave.2.fill", color: .systemPink),
            Item(title: "Focus", symbol: "moon.fill", color: .systemIndigo),
            Item(title: "Screen Time", symbol: "hourglass", color: .systemIndigo),
        ],
        [
            Item(title: "General", symbol: "gear", color: .systemGray),
            Item(title: "Display & Brightness", symbol: "sun.max.fill", color: .systemBlue),
            Item(title: "Wallpaper", symbol: "photo", color: .systemCyan),
            Item(title: "Privacy & Security", symbol: "hand.raised.fill", color: .systemBlue),
            Item(title: "Battery", symbol: "battery.100", color: .systemGreen, value: "87%"),
        ],
    ]

    public init() {
        super.init(style: .insetGrouped)
    }

    public required init?(coder: NSCoder) {
        fatalError("init(coder:) has not been implemented")
    }

    public override func viewDidLoad() {
        super.viewDidLoad()
        title = "Settings"
        navigationController?.navigationBar.prefersLargeTitles = true
        navigationItem.searchController = UISearchController(searchResultsController: nil)
        tableView.register(UITableViewCell.self, forCellReuseIdentifier: "setting")
        tableView.accessibilityIdentifier = "settings"
    }

    public override func numberOfSections(in tableView: UITableView) -> Int { sections.count }

    public override func tableView(_ tableView: UITableView, numberOfRowsInSection section: Int) -> Int { sections[section].count }

    public override func tableView(_ tableView: UITableView, cellForRowAt indexPath: IndexPath) -> UITableViewCell {
        let item = sections[indexPath.section][indexPath.row]
        let cell = tableView.dequeueReusableCell(withIdentifier: "setting", for: indexPath)
        var content = item.value == nil ? cell.defaultContentConfiguration() : UIListContentConfiguration.valueCell()
        content.text = item.title
        content.secondaryText = item.value
        content.image = UIImage(systemName: item.symbol)
        content.imageProperties.tintColor = item.color
        cell.contentConfiguration = content
        cell.accessoryType = .disclosureIndicator
        return cell
    }
}
