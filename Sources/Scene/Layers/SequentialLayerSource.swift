import Raster

/// Frames whose layers come from code that must run in frame order on one thread, the main
/// thread, as UIKit runs a screen: the code runs there (`produce`) while workers draw what it
/// produced (`layers(ofFrame:)`). Set `Screen.sequentialSource`; the frame pipeline calls
/// `produce` on the thread that runs the render.
public protocol SequentialLayerSource: AnyObject, Sendable {
    /// Runs the code for frames 0 up to the last of `frames` (ascending) and hands each of
    /// `frames` over as it is produced; returns when all are, or when `stop()` says so. Holds only
    /// a few frames not yet taken at a time (memory flat in the clip's length).
    func produce(frames: [Int], stop: () -> Bool)
    /// The layer tree of `index`, waiting until it is produced; each frame is taken once. An empty
    /// tree when production stopped before it.
    func layers(ofFrame index: Int) -> Layer
    /// A frame that will not be taken (kept from an earlier run): not handed over.
    func skip(frame index: Int)
    /// UIKit's contentOffset.y of the main scroll view at a produced frame, for the manifest.
    func contentOffsetY(ofFrame index: Int) -> Double?
    /// What draws the frames, for the stamp of a render's inputs (a screen's view controller
    /// classes, `TrailListViewController in UINavigationController`): frames of other code are
    /// never taken as these, and never drawn again from the scenario file alone.
    var codeName: String { get }
}
