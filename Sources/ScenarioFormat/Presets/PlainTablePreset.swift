import Scene

/// `effect: none`: a plain table under the bars. Nothing but the scroll view: inset under the
/// bars by `contentInsetAdjustmentBehavior: automatic`, the content, the chrome.
enum PlainTablePreset {
    static func expand(_ b: inout ExpansionBuilder) {
        b.notes = ["The plain table: the scroll view is inset under the bars (automatic adjustment); no header."]
        b.scrollView = [("contentInsetAdjustmentBehavior", ExpansionBuilder.word("automatic"))]
        b.indicatorInsets(presetTrackTop: b.screen.insetTop)
    }
}
