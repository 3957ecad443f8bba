// UIKit for Linux: the subset of Apple's UIKit that scroll-effect screens are made of, drawn by
// render-frames' compositor. A view controller file written for iOS compiles here with its
// `import UIKit` line as it is (README, "Your UIKit screen on Linux").
//
// Like Apple's UIKit, importing it imports Foundation (CGFloat, CGPoint, CGSize, CGRect come
// from there); the Core Graphics and Core Animation types Foundation lacks on Linux
// (CGAffineTransform, CGVector, CGColor, CATransform3D, CALayer) are declared here with Apple's
// names and semantics.
@_exported import Foundation
