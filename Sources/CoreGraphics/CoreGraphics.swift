// `import CoreGraphics`, as a UIKit file for iOS writes it. On Apple's platforms this module holds
// CGContext, CGPath, CGColor, CGImage, CGGradient and CGAffineTransform; here they live in UIKit
// (they draw through its compositor and share its internals), and this module re-exports UIKit, so
// a file importing only CoreGraphics sees UIKit's types too (docs/uikit-drawing.md, "Modules").
@_exported import UIKit
