import Animation
import Foundation
import Raster
import XCTest
import Yams
@testable import ScenarioFormat
@testable import Scene

/// The JSON Schema in schema/scenario.schema.json must describe what the parser accepts: every
/// fixture validates against it, and its keys are exactly the parser's.
final class SchemaTests: XCTestCase {
    static let root = GoldenFrameTests.root
    // Read once, never written: the tests only look things up in it.
    nonisolated(unsafe) static let schema: [String: Any] = {
        let data = try! Data(contentsOf: URL(fileURLWithPath: root + "/schema/scenario.schema.json"))
        return try! JSONSerialization.jsonObject(with: data) as! [String: Any]
    }()

    func testEveryFixtureValidates() throws {
        let dir = Self.root + "/Fixtures/scenarios"
        let files = try FileManager.default.contentsOfDirectory(atPath: dir).filter { $0.hasSuffix(".yaml") }.sorted()
        XCTAssertGreaterThanOrEqual(files.count, 2)
        for file in files {
            let value = try Yams.load(yaml: String(contentsOfFile: "\(dir)/\(file)", encoding: .utf8))!
            let errors = SchemaValidator(root: Self.schema).validate(value)
            XCTAssertEqual(errors, [], file)
            XCTAssertNoThrow(try ScenarioLoader.load(path: "\(dir)/\(file)"), file)
        }
    }

    /// The `output:` entries' file patterns and descriptions list the registered formats: a format
    /// added to `AnimationFormats.all` fails here until its schema entry is written.
    func testTheOutputPatternsListTheFormats() {
        var patterns: Set<String> = [], descriptions: [String] = []
        func walk(_ node: Any) {
            if let d = node as? [String: Any] {
                if let p = d["pattern"] as? String, p.hasPrefix("\\.") { patterns.insert(p) }
                if let t = d["description"] as? String, t.contains("picks the format") { descriptions.append(t) }
                d.values.forEach(walk)
            } else if let a = node as? [Any] {
                a.forEach(walk)
            }
        }
        walk((Self.schema["properties"] as! [String: Any])["output"]!)
        XCTAssertEqual(patterns, ["\\.(\(AnimationFormats.extensionPattern))$"])
        XCTAssertEqual(descriptions.count, 2)
        for d in descriptions { XCTAssertTrue(d.hasSuffix(": " + AnimationFormats.extensionChoice), d) }
    }

    func testTheSchemaRefusesWhatTheParserRefuses() throws {
        for text in [
            "hedaer: {}\ntimeline: {keyframes: [{time: 0, offset: 0}]}",
            "fps: 0\ntimeline: {keyframes: [{time: 0, offset: 0}]}",
            "timeline: {gestures: [{swipe: {}}]}",
            "timeline: {}",
            "background: blue\ntimeline: {gestures: [release]}",
            "layers: [{frame: [0, 0, 10, 10]}]\ntimeline: {gestures: [release]}",
            "layers: [{type: group, children: [{type: text, sise: 17}]}]\ntimeline: {gestures: [release]}",
            "layers: [{type: rectangle, opacity: {keyframes: [[0, 1, bounce]]}}]\ntimeline: {gestures: [release]}",
            "vars: {2x: 1}\ntimeline: {gestures: [release]}",
            "vars: {a: [1, 2]}\ntimeline: {gestures: [release]}",
            "scrollView: {tableHeaderView: {}}\ntimeline: {gestures: [release]}",
        ] {
            let value = try Yams.load(yaml: text)!
            XCTAssertNotEqual(SchemaValidator(root: Self.schema).validate(value), [], text)
        }
    }

    /// The property names of the object schema at `path` (keys of nested `properties`).
    func keys(_ path: [String], in schema: [String: Any] = schema) -> [String] {
        var node: Any = schema
        for p in path { node = (node as! [String: Any])[p]! }
        var object = node as! [String: Any]
        // A value that may be a scalar or a mapping: the mapping's keys.
        if object["properties"] == nil, let options = object["oneOf"] as? [[String: Any]] { object = options.first { $0["properties"] != nil }! }
        return (object["properties"] as! [String: Any]).keys.sorted()
    }

    /// The property names of the definition `$defs/name` (of its mapping form when it has several).
    func defKeys(_ name: String) -> [String] { keys(["$defs", name]) }

    /// The `enum` at `path` (of the option that has one when it is a `oneOf`).
    func choices(_ path: [String]) -> [String] {
        var node: Any = Self.schema
        for p in path { node = (node as! [String: Any])[p]! }
        var object = node as! [String: Any]
        if object["enum"] == nil, let options = object["oneOf"] as? [[String: Any]] { object = options.first { $0["enum"] != nil }! }
        return object["enum"] as! [String]
    }

    func testKeysMatchTheParser() {
        let p = ["properties"]
        XCTAssertEqual(keys([]), ScenarioLoader.topLevelKeys.sorted())
        XCTAssertEqual(keys(p + ["header"]), Presets.allHeaderKeys.sorted())
        XCTAssertEqual(keys(p + ["avatar"]), ProfilePreset.avatarKeys.sorted())
        XCTAssertEqual(keys(p + ["profile"]), ProfilePreset.profileKeys.sorted())
        XCTAssertEqual(keys(p + ["rows"]), ScenarioLoader.rowsKeys.sorted())
        XCTAssertEqual(keys(p + ["physics"]), ScenarioLoader.physicsKeys.sorted())
        XCTAssertEqual(keys(p + ["physics", "properties", "spring"]), ScenarioLoader.springKeys.sorted())
        XCTAssertEqual(keys(p + ["navigationBar"]), NavigationBarPart.mappingKeys.sorted())
        XCTAssertEqual(keys(p + ["mail"]), ScenarioLoader.mailKeys.sorted())
        XCTAssertEqual(keys(p + ["mail", "properties", "messages", "items"]), ScenarioLoader.messageKeys.sorted())
        XCTAssertEqual(keys(p + ["grid"]), ScenarioLoader.gridKeys.sorted())
        XCTAssertEqual(keys(p + ["grid", "properties", "itemSize"]), ScenarioLoader.itemSizeKeys.sorted())
        XCTAssertEqual(keys(p + ["grid", "properties", "sectionInset"]), ScenarioLoader.insetKeys.sorted())
        XCTAssertEqual(keys(p + ["grid", "properties", "items", "items"]), ScenarioLoader.itemKeys.sorted())
        XCTAssertEqual(keys(p + ["timeline"]), ScenarioLoader.timelineKeys.sorted())
        XCTAssertEqual(keys(p + ["timeline", "properties", "keyframes", "items"]), ScenarioLoader.keyframeKeys.sorted())
        XCTAssertEqual(keys(p + ["scrollView"]), ScenarioLoader.scrollViewKeys.sorted())
        XCTAssertEqual(keys(p + ["scrollView", "properties", "contentInset"]), ScenarioLoader.contentInsetKeys.sorted())
        XCTAssertEqual(keys(p + ["scrollView", "properties", "tableHeaderView"]), ScenarioLoader.tableHeaderViewKeys.sorted())
        XCTAssertEqual(keys(p + ["statusBar"]), StatusBar.mappingKeys.sorted())
        XCTAssertEqual(keys(p + ["output"]), ScenarioOutput.keys.sorted())
        XCTAssertEqual(keys(p + ["tabBar"]), TabBar.mappingKeys.sorted())
        XCTAssertEqual(keys(p + ["tabBar", "properties", "items", "items"]), TabBar.itemKeys.sorted())
        XCTAssertEqual(keys(p + ["toolbar"]), Toolbar.mappingKeys.sorted())
        XCTAssertEqual(keys(p + ["toolbar", "properties", "items", "items"]), Toolbar.itemKeys.sorted())
        XCTAssertEqual(keys(p + ["segmentedControl"]), SegmentedControl.mappingKeys.sorted())
        let glyphs = BarGlyph.allCases.map(\.rawValue)
        XCTAssertEqual(choices(p + ["tabBar", "properties", "items", "items", "properties", "glyph"]), glyphs)
        XCTAssertEqual(choices(p + ["toolbar", "properties", "items", "items", "properties", "glyph"]), glyphs)
        func bounds(_ path: [String], _ low: String, _ high: String) -> ClosedRange<Int> {
            var node: Any = Self.schema
            for k in path { node = (node as! [String: Any])[k]! }
            let object = node as! [String: Any]
            return (object[low] as! Int)...(object[high] as! Int)
        }
        XCTAssertEqual(bounds(p + ["tabBar", "properties", "items"], "minItems", "maxItems"), TabBar.itemCount)
        XCTAssertEqual(bounds(p + ["toolbar", "properties", "items"], "minItems", "maxItems"), Toolbar.itemCount)
        XCTAssertEqual(bounds(p + ["segmentedControl", "properties", "segments"], "minItems", "maxItems"), SegmentedControl.segmentCount)
        XCTAssertEqual(defKeys("layer"), ScenarioLoader.layerKeys.sorted())
        XCTAssertEqual(defKeys("keyframes"), ScenarioLoader.keyframesKeys.sorted())
        XCTAssertEqual(keys(["$defs", "keyframes", "properties", "spring"]), ScenarioLoader.animationSpringKeys.sorted())
        XCTAssertEqual(defKeys("keyframeStop"), ScenarioLoader.keyframeStopKeys.sorted())
        XCTAssertEqual(choices(p + ["scrollView", "properties", "contentInsetAdjustmentBehavior"]), ScenarioLoader.adjustmentBehaviours)
        XCTAssertEqual(choices(p + ["statusBar", "properties", "content"]), Screen.StatusBarContent.allCases.map(\.rawValue))
        let layer = ["$defs", "layer", "properties"]
        XCTAssertEqual(choices(layer + ["type"]), UserScene.Kind.allCases.map(\.rawValue))
        XCTAssertEqual(choices(layer + ["in"]), UserScene.Placement.allCases.map(\.rawValue))
        // A text layer's four weights are among a symbol layer's nine.
        XCTAssertEqual(choices(layer + ["weight"]), SymbolWeight.allCases.map(\.rawValue))
        XCTAssertTrue(FontWeight.allCases.allSatisfy { SymbolWeight(rawValue: $0.rawValue) != nil })
        XCTAssertEqual(choices(layer + ["symbolScale"]), SymbolScale.allCases.map(\.rawValue))
        XCTAssertEqual(choices(layer + ["contentMode"]), ContentMode.names)
        XCTAssertEqual(choices(["$defs", "keyframes", "properties", "over"]), ScenarioLoader.drivers)
        XCTAssertEqual(choices(["$defs", "keyframes", "properties", "range"]), ViewRange.allCases.map(\.rawValue))
        XCTAssertEqual(choices(["$defs", "keyframeEasing"]), Easing.allCases.map(\.rawValue) + ["hold"])
        let steps = ((Self.schema["$defs"] as! [String: Any])["step"] as! [String: Any])["oneOf"] as! [[String: Any]]
        let kinds = steps.compactMap { ($0["properties"] as? [String: Any])?.keys.first }.sorted()
        XCTAssertEqual(kinds, ScenarioLoader.stepKinds.sorted())
        func stepKeys(_ kind: String) -> [String] {
            let step = steps.first { ($0["properties"] as? [String: Any])?[kind] != nil }!
            var body = (step["properties"] as! [String: Any])[kind] as! [String: Any]
            if let options = body["oneOf"] as? [[String: Any]] { body = options.first { $0["properties"] != nil }! }
            return (body["properties"] as! [String: Any]).keys.sorted()
        }
        XCTAssertEqual(stepKeys("drag"), ScenarioLoader.dragKeys.sorted())
        XCTAssertEqual(stepKeys("release"), ScenarioLoader.releaseKeys.sorted())
        XCTAssertEqual(stepKeys("fling"), ScenarioLoader.flingKeys.sorted())
        XCTAssertEqual(stepKeys("scrollTo"), ScenarioLoader.scrollToKeys.sorted())
        let devices = ((Self.schema["properties"] as! [String: Any])["device"] as! [String: Any])["enum"] as! [String]
        XCTAssertEqual(devices, Device.all.map(\.id))
        XCTAssertEqual(keys(p + ["matrix"]), VariantMatrix.keys.sorted())
        XCTAssertEqual(choices(p + ["orientation"]), Device.Orientation.allCases.map(\.rawValue))
        XCTAssertEqual(choices(p + ["matrix", "properties", "device", "items"]), Device.all.map(\.id))
        XCTAssertEqual(choices(p + ["matrix", "properties", "orientation", "items"]), Device.Orientation.allCases.map(\.rawValue))
        XCTAssertEqual(choices(p + ["matrix", "properties", "appearance", "items"]), Appearance.allCases.map(\.rawValue))
        let effects = ((Self.schema["properties"] as! [String: Any])["effect"] as! [String: Any])["enum"] as! [String]
        XCTAssertEqual(effects, Presets.effectNames)
    }
}

/// A JSON Schema validator for the keywords schema/scenario.schema.json uses. Any other
/// validation keyword is an error, so a schema change cannot be silently ignored here.
struct SchemaValidator {
    let root: [String: Any]
    static let annotations: Set<String> = ["$schema", "$id", "title", "description", "default", "$defs", "examples"]

    func validate(_ value: Any) -> [String] { check(value, root, "$") }

    private func check(_ value: Any, _ schema: [String: Any], _ path: String) -> [String] {
        var errors: [String] = []
        for (keyword, rule) in schema where !Self.annotations.contains(keyword) {
            switch keyword {
            case "$ref":
                let name = (rule as! String).replacingOccurrences(of: "#/$defs/", with: "")
                errors += check(value, (root["$defs"] as! [String: Any])[name] as! [String: Any], path)
            case "type":
                if !matchesType(value, rule as! String) { errors.append("\(path): expected \(rule)") }
            case "enum":
                if !(rule as! [Any]).contains(where: { equal($0, value) }) { errors.append("\(path): not in enum") }
            case "const":
                if !equal(rule, value) { errors.append("\(path): not \(rule)") }
            case "minimum":
                if let n = number(value), n < (rule as! NSNumber).doubleValue { errors.append("\(path): below minimum") }
            case "maximum":
                if let n = number(value), n > (rule as! NSNumber).doubleValue { errors.append("\(path): above maximum") }
            case "minLength":
                if let s = value as? String, s.count < rule as! Int { errors.append("\(path): too short") }
            case "maxLength":
                if let s = value as? String, s.count > rule as! Int { errors.append("\(path): too long") }
            case "pattern":
                if let s = value as? String, s.range(of: rule as! String, options: .regularExpression) == nil {
                    errors.append("\(path): does not match \(rule)")
                }
            case "properties", "additionalProperties", "required":
                guard let object = value as? [String: Any] else { continue }
                if keyword == "required" {
                    for key in rule as! [String] where object[key] == nil { errors.append("\(path): missing \(key)") }
                } else if keyword == "properties" {
                    for (key, sub) in rule as! [String: Any] {
                        if let v = object[key] { errors += check(v, sub as! [String: Any], "\(path).\(key)") }
                    }
                } else {
                    // false: no other keys; a schema: what every other key's value must match.
                    let known = Set(((schema["properties"] as? [String: Any]) ?? [:]).keys)
                    for key in object.keys.sorted() where !known.contains(key) {
                        if let sub = rule as? [String: Any] {
                            errors += check(object[key]!, sub, "\(path).\(key)")
                        } else if (rule as? Bool) == false {
                            errors.append("\(path): unknown key \(key)")
                        }
                    }
                }
            case "propertyNames":
                if let object = value as? [String: Any] {
                    for key in object.keys.sorted() { errors += check(key, rule as! [String: Any], "\(path).\(key) (the name)") }
                }
            case "prefixItems":
                if let array = value as? [Any] {
                    for (i, (item, sub)) in zip(array, rule as! [[String: Any]]).enumerated() { errors += check(item, sub, "\(path)[\(i)]") }
                }
            case "items":
                // The items after prefixItems' (all of them without it).
                if let array = value as? [Any] {
                    let first = (schema["prefixItems"] as? [Any])?.count ?? 0
                    for (i, item) in array.enumerated() where i >= first { errors += check(item, rule as! [String: Any], "\(path)[\(i)]") }
                }
            case "minItems":
                if let array = value as? [Any], array.count < rule as! Int { errors.append("\(path): too few items") }
            case "maxItems":
                if let array = value as? [Any], array.count > rule as! Int { errors.append("\(path): too many items") }
            case "oneOf":
                let passing = (rule as! [[String: Any]]).filter { check(value, $0, path).isEmpty }.count
                if passing != 1 { errors.append("\(path): matches \(passing) of oneOf") }
            default:
                errors.append("\(path): the test validator does not know the keyword \(keyword); teach it")
            }
        }
        return errors
    }

    private func number(_ v: Any) -> Double? {
        if v is Bool { return nil }
        if let i = v as? Int { return Double(i) }
        return v as? Double
    }

    private func matchesType(_ v: Any, _ type: String) -> Bool {
        switch type {
        case "object": return v is [String: Any]
        case "array": return v is [Any]
        case "string": return v is String
        case "boolean": return v is Bool
        case "integer": return v is Int && !(v is Bool)
        case "number": return number(v) != nil
        case "null": return v is NSNull
        default: return false
        }
    }

    private func equal(_ a: Any, _ b: Any) -> Bool {
        if let x = a as? String, let y = b as? String { return x == y }
        if let x = number(a), let y = number(b) { return x == y }
        if let x = a as? Bool, let y = b as? Bool { return x == y }
        return false
    }
}
