import Foundation
import Raster
import Scene
@testable import UIKit
import XCTest

/// A controller with a "Share" item on the left whose action is sent by selector to the
/// controller, and an "Edit" item on the right with a primary action.
@MainActor final class BarButtonsController: UIViewController {
    var log: [String] = []
    var editEnabled = true

    override func viewDidLoad() {
        super.viewDidLoad()
        view.backgroundColor = .white
        title = "Items"
        navigationItem.leftBarButtonItem = UIBarButtonItem(title: "Share", style: .plain, target: self, action: Selector("share:"))
        let edit = UIBarButtonItem(primaryAction: UIAction(title: "Edit") { [weak self] action in
            self?.log.append("edit from \((action.sender as? UIBarButtonItem)?.title ?? "?")")
        })
        edit.isEnabled = editEnabled
        navigationItem.rightBarButtonItem = edit
    }
    func share(_ sender: UIBarButtonItem) { log.append("share from \(sender.title ?? "?")") }
}

/// Taps on a navigation bar's items on an iPhone 15 (the bar's row from 54 to 98).
final class BarButtonTapTests: XCTestCase {
    @MainActor private static func tap(_ vc: BarButtonsController, at point: Point) throws {
        UIStoryboard.register(BarButtonsController.self) { $0.action("share:", BarButtonsController.share(_:)) }
        _ = try TouchTests.run(UINavigationController(rootViewController: vc), [.wait(0.1), .tap(.point(point)), .wait(0.2)])
    }

    /// A tap on the right item runs its primary action's handler, the item its sender.
    func testATapOnAnItemRunsItsPrimaryAction() throws {
        try MainActor.assumeIsolated {
            let vc = BarButtonsController()
            try Self.tap(vc, at: Point(365, 76))
            XCTAssertEqual(vc.log, ["edit from Edit"])
        }
    }

    /// A tap on the left item sends its selector to its target with the item.
    func testATapOnAnItemSendsItsActionToItsTarget() throws {
        try MainActor.assumeIsolated {
            let vc = BarButtonsController()
            try Self.tap(vc, at: Point(30, 76))
            XCTAssertEqual(vc.log, ["share from Share"])
        }
    }

    /// A disabled item does nothing; a tap on the bar's middle reaches no item.
    func testADisabledItemAndTheTitleDoNothing() throws {
        try MainActor.assumeIsolated {
            let vc = BarButtonsController()
            vc.editEnabled = false
            try Self.tap(vc, at: Point(365, 76))
            let other = BarButtonsController()
            try Self.tap(other, at: Point(196, 76))
            XCTAssertEqual(vc.log + other.log, [])
        }
    }
}
