import Foundation
internal import Raster
internal import Scene

/// What the screen being run is drawn with: its device, fonts and where images are looked up.
/// Set by the run before any user code runs; read by fonts, images and windows (fonts and images
/// are Sendable, as UIKit's are, so they may read it from any thread: it is kept under a lock).
enum ScreenEnvironment {
    private struct State: Sendable {
        var typography = Typography.standard
        var device = Device.named(Device.defaultID)!
        var imageFolders: [String] = []
        var time: Double = 0
    }
    private static let state = Locked(State())

    static var typography: Typography {
        get { state.withLock { $0.typography } }
        set { state.withLock { $0.typography = newValue } }
    }
    static var device: Device {
        get { state.withLock { $0.device } }
        set { state.withLock { $0.device = newValue } }
    }
    /// Folders `UIImage(named:)` looks in: asset catalogs (`.xcassets`) and plain image files.
    static var imageFolders: [String] {
        get { state.withLock { $0.imageFolders } }
        set { state.withLock { $0.imageFolders = newValue } }
    }
    /// The current frame's time in seconds from the first frame (`CACurrentMediaTime()`).
    static var time: Double {
        get { state.withLock { $0.time } }
        set { state.withLock { $0.time = newValue } }
    }
}

/// Seconds, as Core Foundation counts time.
/// https://developer.apple.com/documentation/corefoundation/cftimeinterval
public typealias CFTimeInterval = Double

/// The current frame's time in seconds: frame i of a screen's run is at i / fps.
/// https://developer.apple.com/documentation/quartzcore/1395996-cacurrentmediatime
public func CACurrentMediaTime() -> CFTimeInterval { ScreenEnvironment.time }
