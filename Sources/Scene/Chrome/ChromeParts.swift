/// The UIKit parts, in drawing order: within each place a frame puts them (`ChromeLayers`) they
/// are drawn in this order, and `render-frames expand` writes their keys in it. A new part is a
/// file (`ChromePart`), a line here and its keys in schema/scenario.schema.json.
package enum ChromeParts {
    static var all: [any ChromePart.Type] {
        [
            NavigationBarPart.self,
            TabBar.self,
            Toolbar.self,
            SegmentedControl.self,
            StatusBar.self,
            HomeIndicator.self,
            TouchIndicator.self,
            ScrollIndicator.self,
        ]
    }

    /// Each part reads its keys (`ChromePart.read`), in registry order.
    package static func read(_ scenario: ScenarioKeys, _ r: any ScenarioReading, into screen: inout Screen) {
        for part in all { part.read(scenario, r, into: &screen) }
    }

    /// Every part's top-level scenario keys.
    package static var keys: [String] { all.flatMap { $0.keys } }

    /// The keys `render-frames expand` writes at `place`.
    package static func keys(_ place: ChromeExpansion) -> [String] { all.filter { $0.expansion == place }.flatMap { $0.keys } }
}
