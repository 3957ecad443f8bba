// `import AVFoundation`, as a UIKit file for iOS writes it when it fits an image or a video into a
// frame. Apple's AVFoundation is media playback and capture, which a frame renderer has no use for;
// this module holds the part screens use for layout, `AVMakeRect(aspectRatio:insideRect:)`
// (docs/porting.md, "Frameworks beside UIKit"). Anything else of AVFoundation does not exist here,
// so code that plays media fails to compile with "cannot find 'AVPlayer' in scope" rather than
// running without its media.
@_exported import Foundation

/// The largest rectangle with the proportions of `aspectRatio` that fits inside `boundingRect`,
/// centred in it: Apple's "scaled CGRect that maintains the aspect ratio specified by a CGSize
/// within a bounding CGRect" (https://developer.apple.com/documentation/avfoundation/1390116-avmakerect).
/// A ratio with no width or no height has no proportions to keep: the answer is then an empty
/// rectangle at the bounding rectangle's centre.
public func AVMakeRect(aspectRatio: CGSize, insideRect boundingRect: CGRect) -> CGRect {
    let bounds = boundingRect.standardized
    let ratio = CGSize(width: abs(aspectRatio.width), height: abs(aspectRatio.height))
    guard ratio.width > 0, ratio.height > 0, ratio.width.isFinite, ratio.height.isFinite else {
        return CGRect(x: bounds.midX, y: bounds.midY, width: 0, height: 0)
    }
    let scale = min(bounds.width / ratio.width, bounds.height / ratio.height)
    let size = CGSize(width: ratio.width * scale, height: ratio.height * scale)
    return CGRect(x: bounds.midX - size.width / 2, y: bounds.midY - size.height / 2, width: size.width, height: size.height)
}
