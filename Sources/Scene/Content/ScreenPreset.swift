/// What a screen keeps of the built-in screen it was made from (`effect:`; ScenarioFormat's
/// `Preset`s): its name, its formulas' numbers for the `--layout` dump and the line a sticky
/// header stops at.
package protocol ScreenPreset: Sendable {
    /// The `effect:` value.
    static var name: String { get }
    /// The formulas' numbers at `u` for the `--layout` dump (named as in the behaviour spec).
    func metrics(_ screen: Screen, u: Double) -> [String: Double]
    /// The screen y under a header that sticks (a pinned section band stops there), or nil: the bars'.
    func pinLine(_ screen: Screen) -> Double?
}
