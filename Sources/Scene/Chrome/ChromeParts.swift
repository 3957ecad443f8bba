/// The UIKit parts, in drawing order: within each place a frame puts them (`ChromeLayers`) they
/// are drawn in this order, and `render-frames expand` writes their keys in it. A new part is a
/// file (`ChromePart`), a line here and its keys in schema/scenario.schema.json.
enum ChromeParts {
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

    /// Every part's top-level scenario keys.
    static var keys: [String] { all.flatMap { $0.keys } }

    /// The keys `render-frames expand` writes at `place`.
    static func keys(_ place: ChromeExpansion) -> [String] { all.filter { $0.expansion == place }.flatMap { $0.keys } }
}
