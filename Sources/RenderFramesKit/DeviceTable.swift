import Foundation
import Scene

extension Device {
    /// `presets`: every device with its sizes in aligned columns, then a note on landscape.
    public static var table: String {
        let header = ["id", "model", "points", "scale", "pixels", "status bar", "safe top", "safe bottom", "corners"]
        var rows = [header]
        for d in Device.all {
            let (w, h) = d.pixelSize()
            rows.append([
                d.id, d.name, "\(Int(d.size.width))x\(Int(d.size.height))", "@\(Int(d.scale))", "\(w)x\(h)",
                "\(Int(d.statusBarHeight))", "\(Int(d.safeAreaTop))", "\(Int(d.safeAreaBottom))",
                (d.cornerRadius == d.cornerRadius.rounded() ? "\(Int(d.cornerRadius))" : "\(d.cornerRadius)")
                    + (d.cornerRadiusMeasured ? "" : " (est.)"),
            ])
        }
        let widths = header.indices.map { c in rows.map { $0[c].count }.max()! }
        let lines = rows.map { row in
            row.enumerated().map { c, v in c == row.count - 1 ? v : v.padding(toLength: widths[c], withPad: " ", startingAt: 0) }
                .joined(separator: "  ")
        }
        return lines.joined(separator: "\n") + """


            Portrait sizes; orientation: landscape turns any of them. An iPhone in landscape hides its status bar,
            keeps a notch or Dynamic Island's inset on both sides and 21 pt at the bottom, and has 32 pt bars;
            an iPad keeps its status bar and insets. Sources: docs/devices.md.

            """
    }
}
