import Foundation

/// The optional messages of a text field's editing. Every method has a default (an empty body,
/// or true), as the optional methods of UIKit's protocol behave when not implemented.
/// https://developer.apple.com/documentation/uikit/uitextfielddelegate
@preconcurrency @MainActor public protocol UITextFieldDelegate: NSObjectProtocol {
    func textFieldShouldBeginEditing(_ textField: UITextField) -> Bool
    func textFieldDidBeginEditing(_ textField: UITextField)
    func textFieldShouldEndEditing(_ textField: UITextField) -> Bool
    func textFieldDidEndEditing(_ textField: UITextField)
    /// Called instead of `textFieldDidEndEditing(_:)`; its default calls that one.
    func textFieldDidEndEditing(_ textField: UITextField, reason: UITextField.DidEndEditingReason)
    func textField(_ textField: UITextField, shouldChangeCharactersIn range: NSRange, replacementString string: String) -> Bool
    func textFieldDidChangeSelection(_ textField: UITextField)
    func textFieldShouldClear(_ textField: UITextField) -> Bool
    func textFieldShouldReturn(_ textField: UITextField) -> Bool
}

extension UITextFieldDelegate {
    public func textFieldShouldBeginEditing(_ textField: UITextField) -> Bool { true }
    public func textFieldDidBeginEditing(_ textField: UITextField) {}
    public func textFieldShouldEndEditing(_ textField: UITextField) -> Bool { true }
    public func textFieldDidEndEditing(_ textField: UITextField) {}
    public func textFieldDidEndEditing(_ textField: UITextField, reason: UITextField.DidEndEditingReason) { textFieldDidEndEditing(textField) }
    public func textField(_ textField: UITextField, shouldChangeCharactersIn range: NSRange, replacementString string: String) -> Bool { true }
    public func textFieldDidChangeSelection(_ textField: UITextField) {}
    public func textFieldShouldClear(_ textField: UITextField) -> Bool { true }
    public func textFieldShouldReturn(_ textField: UITextField) -> Bool { true }
}

/// https://developer.apple.com/documentation/uikit/uikeyboardtype
public enum UIKeyboardType: Int, Sendable {
    case `default` = 0, asciiCapable, numbersAndPunctuation, URL, numberPad, phonePad, namePhonePad, emailAddress, decimalPad, twitter, webSearch,
        asciiCapableNumberPad
}
/// https://developer.apple.com/documentation/uikit/uireturnkeytype
public enum UIReturnKeyType: Int, Sendable {
    case `default` = 0, go, google, join, next, route, search, send, yahoo, done, emergencyCall, `continue`
}
/// https://developer.apple.com/documentation/uikit/uitextautocapitalizationtype
public enum UITextAutocapitalizationType: Int, Sendable { case none = 0, words, sentences, allCharacters }
/// https://developer.apple.com/documentation/uikit/uitextautocorrectiontype
public enum UITextAutocorrectionType: Int, Sendable { case `default` = 0, no, yes }
/// https://developer.apple.com/documentation/uikit/uitextcontenttype
public struct UITextContentType: RawRepresentable, Hashable, Sendable {
    public var rawValue: String
    public init(rawValue: String) { self.rawValue = rawValue }
    public static let name = UITextContentType(rawValue: "name")
    public static let username = UITextContentType(rawValue: "username")
    public static let password = UITextContentType(rawValue: "password")
    public static let emailAddress = UITextContentType(rawValue: "email")
    public static let telephoneNumber = UITextContentType(rawValue: "tel")
    public static let oneTimeCode = UITextContentType(rawValue: "one-time-code")
}

/// A single line of editable text, drawn as iOS draws it from real subviews laid out in
/// `layoutSubviews`: the border of its `borderStyle` (none; line: a 1 pt rectangle in `label`;
/// bezel: a 1 pt rectangle in `systemGray`; roundedRect: a hairline in `opaqueSeparator` around
/// `systemBackground`, 5 pt corners), the text in its font, color and alignment (bullets for
/// secure entry) or the placeholder in `placeholderText`, vertically centred and inset 7 pt from a
/// border's sides, the left and right views by their modes, and the clear button while editing.
/// Its intrinsic height is the font's line height rounded up, plus 13 pt for roundedRect (34 pt at
/// the default 17 pt) and 9 pt for line and bezel. There is no keyboard: `becomeFirstResponder()`
/// begins editing (the delegate asked, `.editingDidBegin` sent) and `resignFirstResponder()` ends
/// it; text set in code sends no event, as on iOS.
/// https://developer.apple.com/documentation/uikit/uitextfield
@preconcurrency @MainActor open class UITextField: UIControl {
    /// https://developer.apple.com/documentation/uikit/uitextfield/borderstyle
    public enum BorderStyle: Int, Sendable { case none = 0, line, bezel, roundedRect }
    /// https://developer.apple.com/documentation/uikit/uitextfield/viewmode
    public enum ViewMode: Int, Sendable { case never = 0, whileEditing, unlessEditing, always }
    /// https://developer.apple.com/documentation/uikit/uitextfield/didendeditingreason
    public enum DidEndEditingReason: Int, Sendable { case committed = 0 }

    /// Never nil: "" when empty, as UIKit's.
    /// https://developer.apple.com/documentation/uikit/uitextfield/1619635-text
    open var text: String? {
        get { storedText }
        set { storedText = newValue ?? ""; storedAttributedText = nil; changed() }
    }
    private var storedText = ""
    private var storedAttributedText: NSAttributedString?
    /// https://developer.apple.com/documentation/uikit/uitextfield/1619581-attributedtext
    open var attributedText: NSAttributedString? {
        get { storedAttributedText ?? NSAttributedString(string: storedText) }
        set { storedText = newValue?.string ?? ""; storedAttributedText = newValue; changed() }
    }
    open var placeholder: String? {
        get { storedPlaceholder ?? storedAttributedPlaceholder?.string }
        set { storedPlaceholder = newValue; storedAttributedPlaceholder = nil; changed() }
    }
    private var storedPlaceholder: String?
    private var storedAttributedPlaceholder: NSAttributedString?
    /// https://developer.apple.com/documentation/uikit/uitextfield/1619610-attributedplaceholder
    open var attributedPlaceholder: NSAttributedString? {
        get { storedAttributedPlaceholder ?? storedPlaceholder.map { NSAttributedString(string: $0) } }
        set { storedAttributedPlaceholder = newValue; storedPlaceholder = nil; changed() }
    }
    /// nil sets the default: the system font at 17 points.
    open var font: UIFont? = UIFont.systemFont(ofSize: 17) {
        didSet { if font == nil { font = UIFont.systemFont(ofSize: 17) }; changed() }
    }
    /// nil sets the default: label.
    open var textColor: UIColor? = .label {
        didSet { if textColor == nil { textColor = .label }; changed() }
    }
    open var textAlignment = NSTextAlignment.natural { didSet { changed() } }
    open var borderStyle = BorderStyle.none { didSet { changed() } }
    /// Drawn stretched behind the text, instead of the border (with `.none` or `.line`/`.bezel`, as UIKit).
    open var background: UIImage? { didSet { changed() } }
    open var disabledBackground: UIImage? { didSet { changed() } }
    open var clearButtonMode = ViewMode.never { didSet { changed() } }
    open var leftView: UIView? {
        didSet { oldValue?.removeFromSuperview(); changed() }
    }
    open var leftViewMode = ViewMode.never { didSet { changed() } }
    open var rightView: UIView? {
        didSet { oldValue?.removeFromSuperview(); changed() }
    }
    open var rightViewMode = ViewMode.never { didSet { changed() } }
    open var clearsOnBeginEditing = false
    open var adjustsFontSizeToFitWidth = false
    open var minimumFontSize: CGFloat = 0
    open var allowsEditingTextAttributes = false
    open var inputView: UIView?
    open var inputAccessoryView: UIView?
    /// https://developer.apple.com/documentation/uikit/uitextfield/1619592-delegate
    open weak var delegate: (any UITextFieldDelegate)?
    /// https://developer.apple.com/documentation/uikit/uitextfield/1619588-isediting
    open private(set) var isEditing = false

    // UITextInputTraits: kept for the keyboard there is none of.
    open var keyboardType = UIKeyboardType.default
    open var returnKeyType = UIReturnKeyType.default
    open var autocapitalizationType = UITextAutocapitalizationType.sentences
    open var autocorrectionType = UITextAutocorrectionType.default
    open var textContentType: UITextContentType!
    open var enablesReturnKeyAutomatically = false
    /// Drawn as bullets, one per character.
    open var isSecureTextEntry = false { didSet { changed() } }

    private let borderView = UIView()
    private let textLabel = UILabel()
    private let clearButton = UIButton(type: .custom)

    public override init(frame: CGRect) {
        super.init(frame: frame)
        contentVerticalAlignment = .center
        borderView.isUserInteractionEnabled = false
        addSubview(borderView)
        addSubview(textLabel)
        clearButton.setImage(UIImage(systemName: "xmark.circle.fill")?.withTintColor(.tertiaryLabel, renderingMode: .alwaysOriginal), for: .normal)
        clearButton.frame = CGRect(x: 0, y: 0, width: 19, height: 19)
        addSubview(clearButton)
        changed()
    }

    public required init?(coder: NSCoder) { super.init(coder: coder) }

    private func changed() {
        invalidateIntrinsicContentSize()
        setNeedsLayout()
    }

    // MARK: Editing

    open override var canBecomeFirstResponder: Bool { isEnabled }
    open override var isFirstResponder: Bool { isEditing }

    /// Begins editing when the delegate lets it: `textFieldDidBeginEditing`, then `.editingDidBegin`.
    @discardableResult
    open override func becomeFirstResponder() -> Bool {
        guard !isEditing else { return true }
        guard canBecomeFirstResponder, delegate?.textFieldShouldBeginEditing(self) ?? true else { return false }
        isEditing = true
        if clearsOnBeginEditing { text = "" }
        changed()
        delegate?.textFieldDidBeginEditing(self)
        sendActions(for: .editingDidBegin)
        return true
    }

    /// Ends editing when the delegate lets it: `textFieldDidEndEditing(_:reason:)`, then `.editingDidEnd`.
    @discardableResult
    open override func resignFirstResponder() -> Bool {
        guard isEditing else { return true }
        guard delegate?.textFieldShouldEndEditing(self) ?? true else { return false }
        isEditing = false
        changed()
        delegate?.textFieldDidEndEditing(self, reason: .committed)
        sendActions(for: .editingDidEnd)
        return true
    }

    // MARK: Geometry (overridable, as UIKit's)

    /// The inset of the text from a border's sides.
    private var sideInset: CGFloat { borderStyle == .none ? 0 : 7 }

    private func shows(_ mode: ViewMode) -> Bool {
        switch mode {
        case .never: return false
        case .always: return true
        case .whileEditing: return isEditing
        case .unlessEditing: return !isEditing
        }
    }

    private var showsClearButton: Bool { shows(clearButtonMode) && !storedText.isEmpty }

    /// https://developer.apple.com/documentation/uikit/uitextfield/1619593-borderrect
    open func borderRect(forBounds bounds: CGRect) -> CGRect { bounds }

    /// At the left edge, its own size, centred vertically.
    /// https://developer.apple.com/documentation/uikit/uitextfield/1619631-leftviewrect
    open func leftViewRect(forBounds bounds: CGRect) -> CGRect {
        guard let v = leftView else { return .zero }
        let s = v.frame.size
        return CGRect(x: bounds.minX, y: bounds.midY - s.height / 2, width: s.width, height: s.height)
    }

    /// https://developer.apple.com/documentation/uikit/uitextfield/1619615-rightviewrect
    open func rightViewRect(forBounds bounds: CGRect) -> CGRect {
        guard let v = rightView else { return .zero }
        let s = v.frame.size
        return CGRect(x: bounds.maxX - s.width, y: bounds.midY - s.height / 2, width: s.width, height: s.height)
    }

    /// 19 pt, 5 pt from the right edge (from the right view when one shows), centred vertically.
    /// https://developer.apple.com/documentation/uikit/uitextfield/1619608-clearbuttonrect
    open func clearButtonRect(forBounds bounds: CGRect) -> CGRect {
        let right = rightView != nil && shows(rightViewMode) ? rightViewRect(forBounds: bounds).minX : bounds.maxX - 5
        return CGRect(x: right - 19, y: bounds.midY - 9.5, width: 19, height: 19)
    }

    /// Inside the border's inset, between the left view and the right view or clear button.
    /// https://developer.apple.com/documentation/uikit/uitextfield/1619636-textrect
    open func textRect(forBounds bounds: CGRect) -> CGRect {
        var left = bounds.minX + sideInset, right = bounds.maxX - sideInset
        if leftView != nil, shows(leftViewMode) { left = max(left, leftViewRect(forBounds: bounds).maxX) }
        if rightView != nil, shows(rightViewMode) { right = min(right, rightViewRect(forBounds: bounds).minX) }
        if showsClearButton { right = min(right, clearButtonRect(forBounds: bounds).minX) }
        return CGRect(x: left, y: bounds.minY, width: max(0, right - left), height: bounds.height)
    }

    /// https://developer.apple.com/documentation/uikit/uitextfield/1619638-placeholderrect
    open func placeholderRect(forBounds bounds: CGRect) -> CGRect { textRect(forBounds: bounds) }
    /// https://developer.apple.com/documentation/uikit/uitextfield/1619589-editingrect
    open func editingRect(forBounds bounds: CGRect) -> CGRect { textRect(forBounds: bounds) }

    // MARK: Layout and drawing

    /// The label's configuration: the text (bullets when secure) in the field's look, else the
    /// placeholder in `placeholderText`.
    private func configure(_ label: UILabel) {
        label.font = font
        label.textAlignment = textAlignment
        label.lineBreakMode = .byTruncatingTail
        if !storedText.isEmpty {
            if isSecureTextEntry {
                label.text = String(repeating: "\u{2022}", count: storedText.count)
            } else if let attributed = storedAttributedText {
                label.attributedText = attributed
            } else {
                label.text = storedText
            }
            label.textColor = textColor
        } else if let attributed = storedAttributedPlaceholder {
            label.attributedText = attributed
            label.textColor = .placeholderText
        } else {
            label.text = storedPlaceholder
            label.textColor = .placeholderText
        }
    }

    open override func layoutSubviews() {
        super.layoutSubviews()
        configure(textLabel)
        borderView.frame = borderRect(forBounds: bounds)
        let hairline = 1 / CGFloat(max(1, ScreenEnvironment.device.scale))
        switch borderStyle {
        case .none:
            borderView.layer.borderWidth = 0; borderView.layer.cornerRadius = 0; borderView.backgroundColor = nil
        case .line:
            borderView.layer.borderWidth = 1; borderView.layer.cornerRadius = 0; borderView.backgroundColor = nil
            borderView.layer.borderColor = UIColor.label.cgColor
        case .bezel:
            borderView.layer.borderWidth = 1; borderView.layer.cornerRadius = 0; borderView.backgroundColor = nil
            borderView.layer.borderColor = UIColor.systemGray.cgColor
        case .roundedRect:
            borderView.layer.borderWidth = hairline; borderView.layer.cornerRadius = 5
            borderView.layer.borderColor = UIColor.opaqueSeparator.cgColor
            borderView.backgroundColor = .systemBackground
        }
        if let image = isEnabled ? background : (disabledBackground ?? background), borderStyle != .roundedRect {
            backgroundImageView.image = image
            backgroundImageView.frame = bounds
            if backgroundImageView.superview !== self { insertSubview(backgroundImageView, aboveSubview: borderView) }
        } else {
            backgroundImageView.removeFromSuperview()
        }
        let rect = storedText.isEmpty ? placeholderRect(forBounds: bounds) : (isEditing ? editingRect(forBounds: bounds) : textRect(forBounds: bounds))
        let lineHeight = ceil(font?.lineHeight ?? 21)
        textLabel.frame = CGRect(x: rect.minX, y: rect.midY - lineHeight / 2, width: rect.width, height: lineHeight)
        for (view, mode, frame) in [
            (leftView, leftViewMode, leftViewRect(forBounds: bounds)), (rightView, rightViewMode, rightViewRect(forBounds: bounds)),
        ] {
            guard let view else { continue }
            if shows(mode) {
                if view.superview !== self { addSubview(view) }
                view.frame = frame
            } else {
                view.removeFromSuperview()
            }
        }
        clearButton.isHidden = !showsClearButton
        clearButton.frame = clearButtonRect(forBounds: bounds)
    }
    private lazy var backgroundImageView = UIImageView()

    /// The text (else the placeholder) and the insets, border and shown side views around it.
    open override var intrinsicContentSize: CGSize {
        let measure = UILabel()
        configure(measure)
        let textSize = measure.intrinsicContentSize
        let lineHeight = ceil(font?.lineHeight ?? 21)
        var width = textSize.width + 2 * sideInset
        var height = lineHeight + (borderStyle == .roundedRect ? 13 : borderStyle == .none ? 0 : 9)
        if let v = leftView, shows(leftViewMode) { width += v.frame.width; height = max(height, v.frame.height) }
        if let v = rightView, shows(rightViewMode) { width += v.frame.width; height = max(height, v.frame.height) }
        if showsClearButton { width += 19 + 5 }
        return CGSize(width: width, height: height)
    }

    open override func sizeThatFits(_ size: CGSize) -> CGSize { intrinsicContentSize }
}
