/// A frame's numbers for the `--layout` dump: the scroll geometry every screen has, the
/// navigation bar's fade, the self-sizing rows measured so far, the preset's formulas and the
/// scene's own vars. The manifest writes them as one flat object (`flattened`).
public struct FrameMetrics: Sendable, Equatable {
    /// Distance from the rest position (0 at rest, negative pulled down).
    public var u: Double
    /// contentOffset.y and contentSize.height as the scroll view reports them (with estimated
    /// rows, off the real layout by the estimates' error).
    public var contentOffsetY: Double
    public var contentHeight: Double
    /// A fading navigation bar's opacity.
    public var navigationAlpha: Double?
    /// A standard bar with a large title or search bar: its heights and fades at this frame.
    public var navigationBar: NavigationBarGeometry?
    /// A tab bar or toolbar transparent at the scroll edge: its background's opacity, 0...1.
    public var tabBarBackgroundAlpha: Double?, toolbarBackgroundAlpha: Double?
    /// Self-sizing rows: how many are measured, and the first of them.
    public var measuredRows: Int?
    public var firstMeasuredRow: Int?
    /// The preset's numbers, named as in the behaviour spec (`headerTranslationY`, `deltaY`, ...).
    public var preset: [String: Double] = [:]
    /// The scene's own numeric vars (not a preset expansion's).
    public var vars: [String: Double] = [:]

    /// The manifest's form: one object, vars as `vars.NAME`.
    public var flattened: [String: Double] {
        var m = preset
        m["u"] = u
        m["contentOffsetY"] = contentOffsetY
        m["contentHeight"] = contentHeight
        if let navigationAlpha { m["navigationAlpha"] = navigationAlpha }
        if let navigationBar { m.merge(navigationBar.metrics) { $1 } }
        if let tabBarBackgroundAlpha { m["tabBarBackgroundAlpha"] = tabBarBackgroundAlpha }
        if let toolbarBackgroundAlpha { m["toolbarBackgroundAlpha"] = toolbarBackgroundAlpha }
        if let measuredRows { m["measuredRows"] = Double(measuredRows) }
        if let firstMeasuredRow { m["firstMeasuredRow"] = Double(firstMeasuredRow) }
        for (name, value) in vars { m["vars.\(name)"] = value }
        return m
    }

    /// A number by its manifest name (`deltaY`, `vars.fade`).
    public subscript(name: String) -> Double? { flattened[name] }
}
