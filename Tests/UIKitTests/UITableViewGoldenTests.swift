import Foundation
import Raster
import RenderFramesKit
import UIKit
import XCTest

/// A Settings screen as an app writes it: a UITableViewController in the insetGrouped style,
/// cells of a registered class dequeued for their rows, Settings' colored icons, list content
/// configurations for some rows and the legacy labels for others, accessories of every type,
/// titled headers and a footer that wraps.
@MainActor final class SettingsController: UITableViewController {
    struct Row {
        var text: String
        var detail: String?
        var icon: (UInt8, UInt8, UInt8)?
        var accessory = UITableViewCell.AccessoryType.disclosureIndicator
    }
    let sections: [(String?, String?, [Row])] = [
        (
            nil, nil,
            [Row(text: "Jane Appleseed", detail: "Apple Account, iCloud, and more")]
        ),
        (
            "Network", "Ask to join networks is off. Known networks will be joined automatically.",
            [
                Row(text: "Airplane Mode", icon: (255, 149, 0), accessory: .none),
                Row(text: "Wi-Fi", detail: "Home", icon: (0, 122, 255)),
                Row(text: "Bluetooth", detail: "On", icon: (0, 122, 255)),
                Row(text: "Cellular", icon: (52, 199, 89)),
            ]
        ),
        (
            "General",
            nil,
            [
                Row(text: "Notifications", icon: (255, 59, 48)),
                Row(text: "Focus", icon: (88, 86, 214), accessory: .checkmark),
                Row(text: "Screen Time", icon: (88, 86, 214), accessory: .detailButton),
                Row(text: "Privacy & Security", icon: (0, 122, 255), accessory: .detailDisclosureButton),
            ]
        ),
        ("More", nil, (1...8).map { Row(text: "Item \($0)", detail: $0 % 2 == 0 ? "Detail" : nil) }),
    ]

    init() { super.init(style: .insetGrouped) }
    required init?(coder: NSCoder) { fatalError() }

    override func viewDidLoad() {
        super.viewDidLoad()
        tableView.register(UITableViewCell.self, forCellReuseIdentifier: "setting")
        tableView.register(SubtitleCell.self, forCellReuseIdentifier: "profile")
    }

    static func icon(_ c: (UInt8, UInt8, UInt8)) -> UIImage? {
        let png = PNGEncoder().encode(Pixmap(width: 87, height: 87, fill: PremultipliedColor(r: c.0, g: c.1, b: c.2, a: 255)))
        return UIImage(data: Data(png), scale: 3)
    }

    override func numberOfSections(in tableView: UITableView) -> Int { sections.count }
    override func tableView(_ tableView: UITableView, numberOfRowsInSection section: Int) -> Int { sections[section].2.count }
    override func tableView(_ tableView: UITableView, titleForHeaderInSection section: Int) -> String? { sections[section].0 }
    override func tableView(_ tableView: UITableView, titleForFooterInSection section: Int) -> String? { sections[section].1 }

    override func tableView(_ tableView: UITableView, cellForRowAt indexPath: IndexPath) -> UITableViewCell {
        let row = sections[indexPath.section].2[indexPath.row]
        if indexPath.section == 0 {
            // The legacy parts of a subtitle cell, a big round picture.
            let cell = tableView.dequeueReusableCell(withIdentifier: "profile", for: indexPath)
            cell.textLabel?.text = row.text
            cell.detailTextLabel?.text = row.detail
            let png = PNGEncoder().encode(Pixmap(width: 174, height: 174, fill: PremultipliedColor(r: 142, g: 142, b: 147, a: 255)))
            cell.imageView?.image = UIImage(data: Data(png), scale: 3)
            cell.imageView?.layer.cornerRadius = 29
            cell.imageView?.clipsToBounds = true
            cell.accessoryType = row.accessory
            return cell
        }
        // A list content configuration, as iOS 14+ code writes it.
        let cell = tableView.dequeueReusableCell(withIdentifier: "setting", for: indexPath)
        var content = row.detail == nil ? UIListContentConfiguration.cell() : UIListContentConfiguration.valueCell()
        content.text = row.text
        content.secondaryText = row.detail
        content.image = row.icon.flatMap(Self.icon)
        content.imageProperties.cornerRadius = 7
        cell.contentConfiguration = content
        cell.accessoryType = row.accessory
        return cell
    }
}

@MainActor final class SubtitleCell: UITableViewCell {
    override init(style: UITableViewCell.CellStyle, reuseIdentifier: String?) {
        super.init(style: .subtitle, reuseIdentifier: reuseIdentifier)
    }
    required init?(coder: NSCoder) { fatalError() }
}

final class UITableViewGoldenTests: XCTestCase {
    static let goldens = ScreenSmokeTests.fixtures + "/golden"

    /// The Settings-like table at rest and scrolled, at 1x.
    func testSettingsTableGolden() throws {
        try assertFrames(
            of: { SettingsController() }, scenario: ScreenSmokeTests.fixtures + "/table-settings.yaml", golden: Self.goldens + "/settings-table",
            scale: 1)
    }
}
