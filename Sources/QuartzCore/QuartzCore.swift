// `import QuartzCore`, as a UIKit file for iOS writes it. On Apple's platforms this module holds
// Core Animation (CALayer, CAShapeLayer, CAGradientLayer, CATransform3D); here they live in UIKit,
// and this module re-exports UIKit (docs/uikit-drawing.md, "Modules").
@_exported import UIKit
