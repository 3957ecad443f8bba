import Foundation
import XCTest

@testable import UIKit

/// `value(forKey:)` and `value(forKeyPath:)` read stored properties by name, as KVC's search does
/// (the key, then `_key`), through superclasses; a missing key ends the app with Foundation's words
/// (issue 41: a real screen's `UIApplication` extension reads `value(forKey: "statusBar")`).
final class KeyValueCodingTests: XCTestCase {
    class Person: NSObject {
        var name = "Ada"
        var nickname: String?
        let born = 1815
        private var _title = "Countess"
        var friend: Person?
    }
    final class Author: Person {
        var books = 1
    }

    func testAStoredPropertyIsReadByItsName() {
        let p = Person()
        XCTAssertEqual(p.value(forKey: "name") as? String, "Ada")
        XCTAssertEqual(p.value(forKey: "born") as? Int, 1815)
        XCTAssertNil(p.value(forKey: "nickname"), "a nil optional answers nil")
        p.nickname = "Ada L."
        XCTAssertEqual(p.value(forKey: "nickname") as? String, "Ada L.", "an optional's value, unwrapped")
    }

    func testTheUnderscoredStorageAnswersTheKey() {
        XCTAssertEqual(Person().value(forKey: "title") as? String, "Countess")
    }

    func testASuperclassesPropertyIsFound() {
        let a = Author()
        XCTAssertEqual(a.value(forKey: "books") as? Int, 1)
        XCTAssertEqual(a.value(forKey: "name") as? String, "Ada")
    }

    func testAKeyPathFollowsEachKey() {
        let p = Person(), f = Person()
        f.name = "Mary"
        XCTAssertNil(p.value(forKeyPath: "friend.name"), "a nil step answers nil")
        p.friend = f
        XCTAssertEqual(p.value(forKeyPath: "friend.name") as? String, "Mary")
    }

    @MainActor func testAMissingKeyEndsTheAppWithFoundationsWords() {
        XCTAssertEqual(
            NSObject.undefinedKeyMessage("age", in: Person()),
            "[<Person> valueForUndefinedKey:]: this class is not key value coding-compliant for the key age.")
        XCTAssertTrue(NSObject.undefinedKeyMessage("statusBar", in: UIApplication.shared).hasPrefix("App called -statusBar or -statusBarWindow"))
    }
}
