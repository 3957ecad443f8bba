import Foundation
internal import Raster
internal import Scene

/// An object that displays a single image in your interface, placed by its content mode.
/// https://developer.apple.com/documentation/uikit/uiimageview
@preconcurrency @MainActor open class UIImageView: UIView {
    /// The same image set again changes nothing (a button's layout sets its image view's image at
    /// every pass: invalidating its size there laid the button out again without end).
    open var image: UIImage? { didSet { if image !== oldValue { invalidateIntrinsicContentSize() } } }
    open var highlightedImage: UIImage?
    open var isHighlighted = false

    /// https://developer.apple.com/documentation/uikit/uiimageview/1621062-init
    public init(image: UIImage?) {
        self.image = image
        super.init(frame: CGRect(origin: .zero, size: image?.size ?? .zero))
        isUserInteractionEnabled = false
    }

    public init(image: UIImage?, highlightedImage: UIImage?) {
        self.image = image
        self.highlightedImage = highlightedImage
        super.init(frame: CGRect(origin: .zero, size: image?.size ?? .zero))
    }

    public override init(frame: CGRect) {
        super.init(frame: frame)
        isUserInteractionEnabled = false
    }

    public required init?(coder: NSCoder) { super.init(coder: coder) }

    open override var intrinsicContentSize: CGSize { image?.size ?? CGSize(width: UIView.noIntrinsicMetric, height: UIView.noIntrinsicMetric) }
    open override func sizeThatFits(_ size: CGSize) -> CGSize { image?.size ?? .zero }

    override func drawnContents(_ traits: UITraitCollection) -> LayerContents? {
        guard let shown = (isHighlighted ? highlightedImage ?? image : image), !shown.isEmpty else { return nil }
        if shown.isSymbolImage {
            let image = preferredSymbolConfiguration.map { shown.withConfiguration($0) } ?? shown
            return image.symbolContents(in: bounds, mode: contentMode, traits: traits, tint: tintColor)
        }
        return .image(shown.drawn(traits, tint: tintColor), contentMode.drawn)
    }

    /// https://developer.apple.com/documentation/uikit/uiimageview/3294241-preferredsymbolconfiguration
    open var preferredSymbolConfiguration: UIImage.SymbolConfiguration?
}
