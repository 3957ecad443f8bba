import CoreGraphics
import Foundation
import QuartzCore
import UIKit

// A custom-drawn stats screen as an iOS developer writes one: a header drawing a gradient and a
// wave, a progress ring, a bar chart with drawn labels, and an avatar made by an image renderer.
// `StatsTwinViewController` is the same screen of plain views and shape layers (the speed twin in
// render-frames-benchmark --uikit-only). Its goldens: Fixtures/uikit/golden/drawing (UIKitTests).

/// The header: a diagonal gradient, a lighter wave along its bottom, a title drawn as text.
final class WaveHeaderView: UIView {
    var title = "This week"

    override init(frame: CGRect) {
        super.init(frame: frame)
        contentMode = .redraw
    }
    required init?(coder: NSCoder) { fatalError() }

    override func draw(_ rect: CGRect) {
        guard let ctx = UIGraphicsGetCurrentContext() else { return }
        let colors = [UIColor.systemIndigo.cgColor, UIColor.systemTeal.cgColor] as CFArray
        let gradient = CGGradient(colorsSpace: CGColorSpaceCreateDeviceRGB(), colors: colors, locations: [0, 1])!
        ctx.drawLinearGradient(gradient, start: .zero, end: CGPoint(x: bounds.width, y: bounds.height), options: [])

        let wave = UIBezierPath()
        wave.move(to: CGPoint(x: 0, y: bounds.height - 40))
        wave.addCurve(
            to: CGPoint(x: bounds.width, y: bounds.height - 30), controlPoint1: CGPoint(x: bounds.width * 0.35, y: bounds.height - 90),
            controlPoint2: CGPoint(x: bounds.width * 0.65, y: bounds.height + 10))
        wave.addLine(to: CGPoint(x: bounds.width, y: bounds.height))
        wave.addLine(to: CGPoint(x: 0, y: bounds.height))
        wave.close()
        UIColor.white.withAlphaComponent(0.25).setFill()
        wave.fill()

        let attributes: [NSAttributedString.Key: Any] = [.font: UIFont.systemFont(ofSize: 30, weight: .bold), .foregroundColor: UIColor.white]
        (title as NSString).draw(at: CGPoint(x: 20, y: 70), withAttributes: attributes)
    }
}

/// A ring: a faint track and a rounded arc for `progress`, the percentage in the middle.
final class ProgressRingView: UIView {
    var progress: CGFloat = 0.68 {
        didSet { setNeedsDisplay() }
    }

    override func draw(_ rect: CGRect) {
        let center = CGPoint(x: bounds.midX, y: bounds.midY)
        let radius = min(bounds.width, bounds.height) / 2 - 8
        let track = UIBezierPath(arcCenter: center, radius: radius, startAngle: 0, endAngle: 2 * .pi, clockwise: true)
        track.lineWidth = 12
        UIColor.systemGray5.setStroke()
        track.stroke()
        let arc = UIBezierPath(arcCenter: center, radius: radius, startAngle: -.pi / 2, endAngle: -.pi / 2 + 2 * .pi * progress, clockwise: true)
        arc.lineWidth = 12
        arc.lineCapStyle = .round
        UIColor.systemGreen.setStroke()
        arc.stroke()
        let text = "\(Int((progress * 100).rounded()))%" as NSString
        let attributes: [NSAttributedString.Key: Any] = [.font: UIFont.systemFont(ofSize: 22, weight: .semibold), .foregroundColor: UIColor.label]
        let size = text.size(withAttributes: attributes)
        text.draw(at: CGPoint(x: center.x - size.width / 2, y: center.y - size.height / 2), withAttributes: attributes)
    }
}

/// Seven bars with rounded tops over a dashed baseline grid, a day letter under each.
final class BarChartView: UIView {
    let values: [CGFloat] = [0.4, 0.75, 0.55, 0.9, 0.35, 0.6, 0.8]
    let days = ["M", "T", "W", "T", "F", "S", "S"]

    override func draw(_ rect: CGRect) {
        guard let ctx = UIGraphicsGetCurrentContext() else { return }
        let plot = CGRect(x: 10, y: 10, width: bounds.width - 20, height: bounds.height - 40)
        ctx.saveGState()
        ctx.setStrokeColor(UIColor.systemGray3.cgColor)
        ctx.setLineWidth(1)
        ctx.setLineDash(phase: 0, lengths: [4, 4])
        for i in 0...3 {
            let y = plot.minY + plot.height * CGFloat(i) / 3
            ctx.move(to: CGPoint(x: plot.minX, y: y))
            ctx.addLine(to: CGPoint(x: plot.maxX, y: y))
        }
        ctx.strokePath()
        ctx.restoreGState()
        let slot = plot.width / CGFloat(values.count)
        let attributes: [NSAttributedString.Key: Any] = [.font: UIFont.systemFont(ofSize: 13), .foregroundColor: UIColor.secondaryLabel]
        for (i, v) in values.enumerated() {
            let bar = CGRect(x: plot.minX + slot * CGFloat(i) + slot * 0.25, y: plot.maxY - plot.height * v, width: slot * 0.5, height: plot.height * v)
            (i == 3 ? UIColor.systemOrange : UIColor.systemBlue).setFill()
            UIBezierPath(roundedRect: bar, byRoundingCorners: [.topLeft, .topRight], cornerRadii: CGSize(width: 6, height: 6)).fill()
            let day = days[i] as NSString
            let size = day.size(withAttributes: attributes)
            day.draw(at: CGPoint(x: bar.midX - size.width / 2, y: plot.maxY + 6), withAttributes: attributes)
        }
    }
}

/// A round avatar with initials, made once by an image renderer.
func initialsAvatar(_ initials: String, diameter: CGFloat) -> UIImage {
    UIGraphicsImageRenderer(size: CGSize(width: diameter, height: diameter)).image { context in
        let rect = CGRect(x: 0, y: 0, width: diameter, height: diameter)
        UIBezierPath(ovalIn: rect).addClip()
        UIColor.systemPink.setFill()
        context.fill(rect)
        let attributes: [NSAttributedString.Key: Any] = [.font: UIFont.systemFont(ofSize: diameter * 0.4, weight: .medium), .foregroundColor: UIColor.white]
        let size = (initials as NSString).size(withAttributes: attributes)
        (initials as NSString).draw(at: CGPoint(x: (diameter - size.width) / 2, y: (diameter - size.height) / 2), withAttributes: attributes)
    }
}

/// The stats screen drawn with draw(_:) in a scroll view.
public final class StatsDrawnViewController: UIViewController {
    public init() { super.init(nibName: nil, bundle: nil) }
    public required init?(coder: NSCoder) { fatalError() }
    public override func viewDidLoad() {
        super.viewDidLoad()
        view.backgroundColor = .systemBackground
        let scroll = UIScrollView(frame: view.bounds)
        scroll.autoresizingMask = [.flexibleWidth, .flexibleHeight]
        scroll.contentInsetAdjustmentBehavior = .never
        view.addSubview(scroll)
        let width = view.bounds.width
        let header = WaveHeaderView(frame: CGRect(x: 0, y: 0, width: width, height: 220))
        scroll.addSubview(header)
        let avatar = UIImageView(image: initialsAvatar("AL", diameter: 56))
        avatar.frame = CGRect(x: width - 76, y: 60, width: 56, height: 56)
        scroll.addSubview(avatar)
        let ring = ProgressRingView(frame: CGRect(x: 20, y: 240, width: 150, height: 150))
        ring.backgroundColor = .clear
        scroll.addSubview(ring)
        let chart = BarChartView(frame: CGRect(x: 20, y: 410, width: width - 40, height: 200))
        chart.backgroundColor = .secondarySystemBackground
        chart.layer.cornerRadius = 16
        chart.clipsToBounds = true
        scroll.addSubview(chart)
        for i in 0..<4 {
            let ringSmall = ProgressRingView(frame: CGRect(x: 20 + CGFloat(i) * 90, y: 630, width: 80, height: 80))
            ringSmall.backgroundColor = .clear
            ringSmall.progress = 0.2 * CGFloat(i + 1)
            scroll.addSubview(ringSmall)
        }
        scroll.contentSize = CGSize(width: width, height: 1400)
    }
}

/// The same screen from plain views, labels and shape layers.
public final class StatsTwinViewController: UIViewController {
    public init() { super.init(nibName: nil, bundle: nil) }
    public required init?(coder: NSCoder) { fatalError() }
    public override func viewDidLoad() {
        super.viewDidLoad()
        view.backgroundColor = .systemBackground
        let scroll = UIScrollView(frame: view.bounds)
        scroll.autoresizingMask = [.flexibleWidth, .flexibleHeight]
        scroll.contentInsetAdjustmentBehavior = .never
        view.addSubview(scroll)
        let width = view.bounds.width
        let header = UIView(frame: CGRect(x: 0, y: 0, width: width, height: 220))
        let gradient = CAGradientLayer()
        gradient.frame = header.bounds
        gradient.colors = [UIColor.systemIndigo.cgColor, UIColor.systemTeal.cgColor]
        gradient.startPoint = .zero
        gradient.endPoint = CGPoint(x: 1, y: 1)
        header.layer.addSublayer(gradient)
        let wave = UIBezierPath()
        wave.move(to: CGPoint(x: 0, y: 180))
        wave.addCurve(to: CGPoint(x: width, y: 190), controlPoint1: CGPoint(x: width * 0.35, y: 130), controlPoint2: CGPoint(x: width * 0.65, y: 230))
        wave.addLine(to: CGPoint(x: width, y: 220))
        wave.addLine(to: CGPoint(x: 0, y: 220))
        wave.close()
        let waveLayer = CAShapeLayer()
        waveLayer.path = wave.cgPath
        waveLayer.fillColor = UIColor.white.withAlphaComponent(0.25).cgColor
        header.layer.addSublayer(waveLayer)
        let title = UILabel(frame: CGRect(x: 20, y: 70, width: 250, height: 36))
        title.text = "This week"
        title.font = .systemFont(ofSize: 30, weight: .bold)
        title.textColor = .white
        header.addSubview(title)
        scroll.addSubview(header)
        let avatar = UILabel(frame: CGRect(x: width - 76, y: 60, width: 56, height: 56))
        avatar.text = "AL"
        avatar.textAlignment = .center
        avatar.textColor = .white
        avatar.font = .systemFont(ofSize: 22.4, weight: .medium)
        avatar.backgroundColor = .systemPink
        avatar.layer.cornerRadius = 28
        avatar.clipsToBounds = true
        scroll.addSubview(avatar)
        func ring(_ frame: CGRect, _ progress: CGFloat) {
            let holder = UIView(frame: frame)
            let center = CGPoint(x: frame.width / 2, y: frame.height / 2), radius = frame.width / 2 - 8
            for (color, end, cap) in [(UIColor.systemGray5, CGFloat(1), CAShapeLayerLineCap.butt), (.systemGreen, progress, .round)] {
                let layer = CAShapeLayer()
                layer.path = UIBezierPath(arcCenter: center, radius: radius, startAngle: -.pi / 2, endAngle: 1.5 * .pi, clockwise: true).cgPath
                layer.strokeEnd = end
                layer.fillColor = nil
                layer.strokeColor = color.cgColor
                layer.lineWidth = 12
                layer.lineCap = cap
                holder.layer.addSublayer(layer)
            }
            let label = UILabel(frame: holder.bounds)
            label.text = "\(Int((progress * 100).rounded()))%"
            label.textAlignment = .center
            label.font = .systemFont(ofSize: 22, weight: .semibold)
            holder.addSubview(label)
            scroll.addSubview(holder)
        }
        ring(CGRect(x: 20, y: 240, width: 150, height: 150), 0.68)
        let chart = UIView(frame: CGRect(x: 20, y: 410, width: width - 40, height: 200))
        chart.backgroundColor = .secondarySystemBackground
        chart.layer.cornerRadius = 16
        chart.clipsToBounds = true
        let values: [CGFloat] = [0.4, 0.75, 0.55, 0.9, 0.35, 0.6, 0.8]
        let plot = CGRect(x: 10, y: 10, width: chart.bounds.width - 20, height: 160)
        let grid = CAShapeLayer()
        let lines = CGMutablePath()
        for i in 0...3 {
            let y = plot.minY + plot.height * CGFloat(i) / 3
            lines.move(to: CGPoint(x: plot.minX, y: y))
            lines.addLine(to: CGPoint(x: plot.maxX, y: y))
        }
        grid.path = lines
        grid.strokeColor = UIColor.systemGray3.cgColor
        grid.lineDashPattern = [4, 4]
        chart.layer.addSublayer(grid)
        let slot = plot.width / 7
        for (i, v) in values.enumerated() {
            let bar = UIView(frame: CGRect(x: plot.minX + slot * CGFloat(i) + slot * 0.25, y: plot.maxY - plot.height * v, width: slot * 0.5, height: plot.height * v))
            bar.backgroundColor = i == 3 ? .systemOrange : .systemBlue
            bar.layer.cornerRadius = 6
            bar.layer.maskedCorners = [.layerMinXMinYCorner, .layerMaxXMinYCorner]
            chart.addSubview(bar)
            let day = UILabel(frame: CGRect(x: bar.frame.midX - 10, y: plot.maxY + 6, width: 20, height: 16))
            day.text = ["M", "T", "W", "T", "F", "S", "S"][i]
            day.textAlignment = .center
            day.font = .systemFont(ofSize: 13)
            day.textColor = .secondaryLabel
            chart.addSubview(day)
        }
        scroll.addSubview(chart)
        for i in 0..<4 { ring(CGRect(x: 20 + CGFloat(i) * 90, y: 630, width: 80, height: 80), 0.2 * CGFloat(i + 1)) }
        scroll.contentSize = CGSize(width: width, height: 1400)
    }
}
