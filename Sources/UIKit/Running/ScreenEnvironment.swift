import Foundation
internal import Raster
internal import Scene

/// What the screen being run is drawn with: its device, fonts and where images are looked up.
/// Set by the run before any user code runs; read by fonts, images and windows.
enum ScreenEnvironment {
    nonisolated(unsafe) static var typography = Typography.standard
    nonisolated(unsafe) static var device = Device.named(Device.defaultID)!
    /// Folders `UIImage(named:)` looks in: asset catalogs (`.xcassets`) and plain image files.
    nonisolated(unsafe) static var imageFolders: [String] = []
    /// The current frame's time in seconds from the first frame (`CACurrentMediaTime()`).
    nonisolated(unsafe) static var time: Double = 0
}

/// Seconds, as Core Foundation counts time.
/// https://developer.apple.com/documentation/corefoundation/cftimeinterval
public typealias CFTimeInterval = Double

/// The current frame's time in seconds: frame i of a screen's run is at i / fps.
/// https://developer.apple.com/documentation/quartzcore/1395996-cacurrentmediatime
public func CACurrentMediaTime() -> CFTimeInterval { ScreenEnvironment.time }
