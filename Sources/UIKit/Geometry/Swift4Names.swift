import Foundation

// The names Swift 4 mode still spells as Swift 4 did: Swift 4.2 nested UIKit's types and constants
// (`NSAttributedStringKey` became `NSAttributedString.Key`, `UIViewContentMode` `UIView.ContentMode`),
// and Apple's SDK keeps the old names for code compiled in Swift 4 mode, which Xcode still offers.
// Here as there: in Swift 4 mode each old name is the new one; from 4.2 on it is an error that names
// its replacement ("'UIViewContentMode' has been renamed to 'UIView.ContentMode'"). An app whose
// project says SWIFT_VERSION = 4.0 compiles unchanged (`render-frames port` reads that setting).
// The list: the renames of Swift 4.2's UIKit for the types and constants this module has.

@available(swift, obsoleted: 4.2, renamed: "NSAttributedString.Key")
public typealias NSAttributedStringKey = NSAttributedString.Key

@available(swift, obsoleted: 4.2, renamed: "UIView.ContentMode")
public typealias UIViewContentMode = UIView.ContentMode

@available(swift, obsoleted: 4.2, renamed: "UIView.AutoresizingMask")
public typealias UIViewAutoresizing = UIView.AutoresizingMask

@available(swift, obsoleted: 4.2, renamed: "UIView.AnimationOptions")
public typealias UIViewAnimationOptions = UIView.AnimationOptions

@available(swift, obsoleted: 4.2, renamed: "UIView.AnimationCurve")
public typealias UIViewAnimationCurve = UIView.AnimationCurve

@available(swift, obsoleted: 4.2, renamed: "UIView.KeyframeAnimationOptions")
public typealias UIViewKeyframeAnimationOptions = UIView.KeyframeAnimationOptions

@available(swift, obsoleted: 4.2, renamed: "UIControl.State")
public typealias UIControlState = UIControl.State

@available(swift, obsoleted: 4.2, renamed: "UIControl.Event")
public typealias UIControlEvents = UIControl.Event

@available(swift, obsoleted: 4.2, renamed: "UIControl.ContentHorizontalAlignment")
public typealias UIControlContentHorizontalAlignment = UIControl.ContentHorizontalAlignment

@available(swift, obsoleted: 4.2, renamed: "UIControl.ContentVerticalAlignment")
public typealias UIControlContentVerticalAlignment = UIControl.ContentVerticalAlignment

@available(swift, obsoleted: 4.2, renamed: "UITableViewCell.CellStyle")
public typealias UITableViewCellStyle = UITableViewCell.CellStyle

@available(swift, obsoleted: 4.2, renamed: "UITableViewCell.SelectionStyle")
public typealias UITableViewCellSelectionStyle = UITableViewCell.SelectionStyle

@available(swift, obsoleted: 4.2, renamed: "UITableViewCell.AccessoryType")
public typealias UITableViewCellAccessoryType = UITableViewCell.AccessoryType

@available(swift, obsoleted: 4.2, renamed: "UITableViewCell.SeparatorStyle")
public typealias UITableViewCellSeparatorStyle = UITableViewCell.SeparatorStyle

@available(swift, obsoleted: 4.2, renamed: "UITableView.Style")
public typealias UITableViewStyle = UITableView.Style

@available(swift, obsoleted: 4.2, renamed: "UITableView.RowAnimation")
public typealias UITableViewRowAnimation = UITableView.RowAnimation

@available(swift, obsoleted: 4.2, renamed: "UITableView.ScrollPosition")
public typealias UITableViewScrollPosition = UITableView.ScrollPosition

@available(swift, obsoleted: 4.2, renamed: "UICollectionView.ScrollDirection")
public typealias UICollectionViewScrollDirection = UICollectionView.ScrollDirection

@available(swift, obsoleted: 4.2, renamed: "UICollectionView.ScrollPosition")
public typealias UICollectionViewScrollPosition = UICollectionView.ScrollPosition

@available(swift, obsoleted: 4.2, renamed: "UIBarButtonItem.SystemItem")
public typealias UIBarButtonSystemItem = UIBarButtonItem.SystemItem

@available(swift, obsoleted: 4.2, renamed: "UIBarButtonItem.Style")
public typealias UIBarButtonItemStyle = UIBarButtonItem.Style

@available(swift, obsoleted: 4.2, renamed: "UIButton.ButtonType")
public typealias UIButtonType = UIButton.ButtonType

@available(swift, obsoleted: 4.2, renamed: "UIBlurEffect.Style")
public typealias UIBlurEffectStyle = UIBlurEffect.Style

@available(swift, obsoleted: 4.2, renamed: "UIActivityIndicatorView.Style")
public typealias UIActivityIndicatorViewStyle = UIActivityIndicatorView.Style

@available(swift, obsoleted: 4.2, renamed: "UIImage.RenderingMode")
public typealias UIImageRenderingMode = UIImage.RenderingMode

@available(swift, obsoleted: 4.2, renamed: "NSLayoutConstraint.Axis")
public typealias UILayoutConstraintAxis = NSLayoutConstraint.Axis

@available(swift, obsoleted: 4.2, renamed: "UIStackView.Distribution")
public typealias UIStackViewDistribution = UIStackView.Distribution

@available(swift, obsoleted: 4.2, renamed: "UIStackView.Alignment")
public typealias UIStackViewAlignment = UIStackView.Alignment

@available(swift, obsoleted: 4.2, renamed: "NSLayoutConstraint.Attribute")
public typealias NSLayoutAttribute = NSLayoutConstraint.Attribute

@available(swift, obsoleted: 4.2, renamed: "NSLayoutConstraint.Relation")
public typealias NSLayoutRelation = NSLayoutConstraint.Relation

@available(swift, obsoleted: 4.2, renamed: "NSLayoutConstraint.FormatOptions")
public typealias NSLayoutFormatOptions = NSLayoutConstraint.FormatOptions

@available(swift, obsoleted: 4.2, renamed: "UIFont.TextStyle")
public typealias UIFontTextStyle = UIFont.TextStyle

@available(swift, obsoleted: 4.2, renamed: "UIFont.Weight")
public typealias UIFontWeight = UIFont.Weight

@available(swift, obsoleted: 4.2, renamed: "UIScrollView.ContentInsetAdjustmentBehavior")
public typealias UIScrollViewContentInsetAdjustmentBehavior = UIScrollView.ContentInsetAdjustmentBehavior

@available(swift, obsoleted: 4.2, renamed: "UIScrollView.IndicatorStyle")
public typealias UIScrollViewIndicatorStyle = UIScrollView.IndicatorStyle

@available(swift, obsoleted: 4.2, renamed: "UIScrollView.KeyboardDismissMode")
public typealias UIScrollViewKeyboardDismissMode = UIScrollView.KeyboardDismissMode

@available(swift, obsoleted: 4.2, renamed: "UIApplication.State")
public typealias UIApplicationState = UIApplication.State

@available(swift, obsoleted: 4.2, renamed: "UISearchBar.Style")
public typealias UISearchBarStyle = UISearchBar.Style

@available(swift, obsoleted: 4.2, renamed: "UITextField.ViewMode")
public typealias UITextFieldViewMode = UITextField.ViewMode

@available(swift, obsoleted: 4.2, renamed: "UITextField.BorderStyle")
public typealias UITextBorderStyle = UITextField.BorderStyle

@available(swift, obsoleted: 4.2, renamed: "UINavigationItem.LargeTitleDisplayMode")
public typealias UINavigationItemLargeTitleDisplayMode = UINavigationItem.LargeTitleDisplayMode

@available(swift, obsoleted: 4.2, renamed: "UIGestureRecognizer.State")
public typealias UIGestureRecognizerState = UIGestureRecognizer.State

@available(swift, obsoleted: 4.2, renamed: "UISwipeGestureRecognizer.Direction")
public typealias UISwipeGestureRecognizerDirection = UISwipeGestureRecognizer.Direction

@available(swift, obsoleted: 4.2, renamed: "UICollectionView.elementKindSectionHeader")
public var UICollectionElementKindSectionHeader: String { UICollectionView.elementKindSectionHeader }

@available(swift, obsoleted: 4.2, renamed: "UICollectionView.elementKindSectionFooter")
public var UICollectionElementKindSectionFooter: String { UICollectionView.elementKindSectionFooter }

@available(swift, obsoleted: 4.2, renamed: "UITableView.automaticDimension")
public var UITableViewAutomaticDimension: CGFloat { UITableView.automaticDimension }

@available(swift, obsoleted: 4.2, renamed: "UIView.noIntrinsicMetric")
public var UIViewNoIntrinsicMetric: CGFloat { UIView.noIntrinsicMetric }

@available(swift, obsoleted: 4.2, renamed: "UIView.layoutFittingCompressedSize")
public var UILayoutFittingCompressedSize: CGSize { UIView.layoutFittingCompressedSize }

@available(swift, obsoleted: 4.2, renamed: "UIView.layoutFittingExpandedSize")
public var UILayoutFittingExpandedSize: CGSize { UIView.layoutFittingExpandedSize }

@available(swift, obsoleted: 4.2, renamed: "UIScrollView.DecelerationRate.normal")
public var UIScrollViewDecelerationRateNormal: UIScrollView.DecelerationRate { UIScrollView.DecelerationRate.normal }

@available(swift, obsoleted: 4.2, renamed: "UIScrollView.DecelerationRate.fast")
public var UIScrollViewDecelerationRateFast: UIScrollView.DecelerationRate { UIScrollView.DecelerationRate.fast }
