// UIKit for Linux: the subset of Apple's UIKit that scroll-effect screens are made of, drawn by
// render-frames' compositor. A view controller file written for iOS compiles here with its
// `import UIKit` line as it is (README, "Your UIKit screen on Linux").
//
// Like Apple's UIKit, importing it imports Foundation (CGFloat, CGPoint, CGSize, CGRect come
// from there); the Core Graphics and Core Animation types Foundation lacks on Linux
// (CGAffineTransform, CGVector, CGColor, CATransform3D, CALayer) are declared here with Apple's
// names and semantics.
@_exported import Foundation

extension NSObject {
    /// The class's name as the Objective-C runtime gives a Swift class's: module and type
    /// (`MyApp.HeaderView`), which apps split for nib names and reuse identifiers.
    /// swift-corelibs-foundation's NSObject has only the instance `description`.
    /// https://developer.apple.com/documentation/objectivec/nsobject/1418799-description
    public class func description() -> String { String(reflecting: self) }
}
