import Foundation
import RenderFramesKit
import Scene
@testable import UIKit
import XCTest

/// Self-sizing collection view cells (UICollectionViewFlowLayout.estimatedItemSize): sizes from
/// the cells' constraints, measured as they come on screen, the layout moved in place.
final class SelfSizingCollectionTests: XCTestCase {
    nonisolated(unsafe) static var sources: [NSObject] = []

    @MainActor static func list(_ source: NotesSource, width: CGFloat, height: CGFloat) -> (UICollectionView, UICollectionViewFlowLayout) {
        sources.append(source)
        let layout = UICollectionViewFlowLayout()
        layout.minimumLineSpacing = 10
        layout.sectionInset = UIEdgeInsets(top: 10, left: 16, bottom: 10, right: 16)
        layout.estimatedItemSize = CGSize(width: width - 32, height: 100)
        let cv = UICollectionView(frame: CGRect(x: 0, y: 0, width: width, height: height), collectionViewLayout: layout)
        cv.contentInsetAdjustmentBehavior = .never
        cv.register(NoteCardCell.self, forCellWithReuseIdentifier: "note")
        cv.dataSource = source
        cv.layoutIfNeeded()
        return (cv, layout)
    }

    /// The height the card's text needs at `width` (the labels measured by the text engine,
    /// not by the constraint solver), plus the 12 + 4 + 12 pt the constraints put around them.
    @MainActor static func cardHeight(_ item: Int, width: CGFloat) -> CGFloat {
        let title = UILabel(), body = UILabel()
        title.font = .systemFont(ofSize: 17, weight: .semibold)
        title.text = "Note \(item + 1)"
        body.font = .systemFont(ofSize: 15)
        body.numberOfLines = 0
        body.text = NotesSource.body(item)
        let inner = CGSize(width: width - 24, height: .greatestFiniteMagnitude)
        return 12 + title.sizeThatFits(inner).height + 4 + body.sizeThatFits(inner).height + 12
    }

    /// Cards spanning the list's width keep that width and are as tall as their text; the items
    /// after them and the content size move as they are measured; the items not shown keep the
    /// estimate. A narrower list measures them again.
    func testCardsInAListAreAsTallAsTheirText() {
        MainActor.assumeIsolated {
            let source = NotesSource(count: 40)
            let (cv, _) = Self.list(source, width: 320, height: 480)
            let shown = cv.indexPathsForVisibleItems.map(\.item)
            XCTAssertEqual(shown.first, 0)
            var y: CGFloat = 10
            for item in shown {
                let frame = cv.cellForItem(at: IndexPath(item: item, section: 0))!.frame
                let expected = Self.cardHeight(item, width: 288)
                XCTAssertEqual(frame.width, 288, "item \(item): the list's width held")
                XCTAssertEqual(frame.height, expected, accuracy: 0.5, "item \(item): as tall as its text")
                XCTAssertEqual(frame.minY, y, accuracy: 0.001, "item \(item): 10 pt under the one before")
                XCTAssertEqual(cv.layoutAttributesForItem(at: IndexPath(item: item, section: 0))?.frame, frame)
                y = frame.maxY + 10
            }
            XCTAssertGreaterThan(y, 480, "the cards shown fill the screen")
            let heights = shown.map { cv.cellForItem(at: IndexPath(item: $0, section: 0))!.frame.height }
            XCTAssertGreaterThan(heights.max()! - heights.min()!, 35, "cards of one and of four sentences differ")
            // The cards never shown keep the 100 pt estimate: the content size counts them so (a
            // card measured as it came, then pushed below the screen by the ones above, its size).
            let made = source.made
            XCTAssertLessThanOrEqual(made, shown.count + 1)
            let measured = (0..<made).map { Self.cardHeight($0, width: 288) }.reduce(0, +)
            XCTAssertEqual(cv.contentSize.height, 10 + measured + CGFloat(40 - made) * 100 + 39 * 10 + 10, accuracy: 0.01)
            XCTAssertEqual(cv.layoutAttributesForItem(at: IndexPath(item: 39, section: 0))?.frame.height, 100)
            // The labels inside were laid out by the window's solve at the measured size.
            let cell = cv.cellForItem(at: IndexPath(item: 3, section: 0)) as! NoteCardCell
            XCTAssertEqual(cell.body.frame.maxY, cell.contentView.bounds.height - 12, accuracy: 0.5)
            XCTAssertEqual(cell.body.frame.width, 288 - 24, accuracy: 0.001)

            // A narrower list: the sizes are measured again, at the new width.
            cv.frame = CGRect(x: 0, y: 0, width: 240, height: 480)
            (cv.collectionViewLayout as! UICollectionViewFlowLayout).estimatedItemSize = CGSize(width: 208, height: 100)
            cv.layoutIfNeeded()
            let narrow = cv.cellForItem(at: IndexPath(item: 3, section: 0))!.frame
            XCTAssertEqual(narrow.width, 208)
            XCTAssertEqual(narrow.height, Self.cardHeight(3, width: 208), accuracy: 0.5)
            XCTAssertGreaterThan(narrow.height, heights[3], "narrower: more lines")
        }
    }

    /// automaticSize with cells free in both directions (tag chips): each as wide as its text,
    /// lines filled with them as with fixed sizes; a tag wider than the lines is drawn as wide
    /// as they are, and said as UIKit says it.
    func testAutomaticSizeChipsAreAsWideAsTheirText() {
        MainActor.assumeIsolated {
            @MainActor final class Tags: NSObject, UICollectionViewDataSource {
                let tags = ["iOS", "Auto Layout", "UIKit", "Flow", "A tag far too long to fit across the lines of this collection view"]
                func collectionView(_ collectionView: UICollectionView, numberOfItemsInSection section: Int) -> Int { tags.count }
                func collectionView(_ collectionView: UICollectionView, cellForItemAt indexPath: IndexPath) -> UICollectionViewCell {
                    let cell = collectionView.dequeueReusableCell(withReuseIdentifier: "tag", for: indexPath) as! TagCell
                    cell.label.text = tags[indexPath.item]
                    return cell
                }
            }
            _ = ScreenRun.takeDiagnostics()
            let tags = Tags()
            Self.sources.append(tags)
            let layout = UICollectionViewFlowLayout()
            layout.estimatedItemSize = UICollectionViewFlowLayout.automaticSize
            layout.minimumInteritemSpacing = 8
            layout.minimumLineSpacing = 8
            let cv = UICollectionView(frame: CGRect(x: 0, y: 0, width: 240, height: 300), collectionViewLayout: layout)
            cv.contentInsetAdjustmentBehavior = .never
            cv.register(TagCell.self, forCellWithReuseIdentifier: "tag")
            cv.dataSource = tags
            cv.layoutIfNeeded()
            @MainActor func frame(_ i: Int) -> CGRect { cv.cellForItem(at: IndexPath(item: i, section: 0))!.frame }
            @MainActor func textWidth(_ s: String) -> CGFloat {
                let l = UILabel()
                l.font = .systemFont(ofSize: 15)
                l.text = s
                return l.intrinsicContentSize.width
            }
            let lineHeight = frame(0).height
            for i in 0..<5 {
                XCTAssertEqual(frame(i).height, lineHeight, "one line each")
                if i < 4 { XCTAssertEqual(frame(i).width, (textWidth(tags.tags[i]) + 20).rounded(.up), accuracy: 1, "\(tags.tags[i])") }
            }
            XCTAssertGreaterThan(frame(1).width, frame(0).width + 40)
            // "iOS", "Auto Layout" and "UIKit" fit 240 pt; their spare width is shared between them.
            XCTAssertEqual(frame(0).minX, 0)
            XCTAssertEqual(frame(2).maxX, 240, accuracy: 0.001)
            XCTAssertEqual(frame(1).minY, frame(0).minY)
            XCTAssertEqual(frame(3).minY, frame(0).maxY + 8, "Flow starts the next line")
            XCTAssertEqual(frame(4).width, 240, "the long tag drawn as wide as the lines")
            let said = ScreenRun.takeDiagnostics().joined(separator: "\n")
            XCTAssertTrue(said.contains("The behavior of the UICollectionViewFlowLayout is not defined because: the item width must be less"), said)
        }
    }

    /// A horizontal flow layout whose estimate spans its height (a row of chips): each chip
    /// keeps the row's height and is as wide as its text; the content width follows.
    func testAHorizontalRowOfChipsKeepsItsHeight() {
        MainActor.assumeIsolated {
            @MainActor final class Row: NSObject, UICollectionViewDataSource {
                let words = ["Tea", "Film", "Lease", "Water at six"]
                func collectionView(_ collectionView: UICollectionView, numberOfItemsInSection section: Int) -> Int { words.count }
                func collectionView(_ collectionView: UICollectionView, cellForItemAt indexPath: IndexPath) -> UICollectionViewCell {
                    let cell = collectionView.dequeueReusableCell(withReuseIdentifier: "tag", for: indexPath) as! TagCell
                    cell.label.text = words[indexPath.item]
                    return cell
                }
            }
            let row = Row()
            Self.sources.append(row)
            let layout = UICollectionViewFlowLayout()
            layout.scrollDirection = .horizontal
            layout.minimumLineSpacing = 8
            layout.sectionInset = UIEdgeInsets(top: 4, left: 0, bottom: 4, right: 0)
            layout.estimatedItemSize = CGSize(width: 60, height: 40)
            let cv = UICollectionView(frame: CGRect(x: 0, y: 0, width: 400, height: 48), collectionViewLayout: layout)
            cv.contentInsetAdjustmentBehavior = .never
            cv.register(TagCell.self, forCellWithReuseIdentifier: "tag")
            cv.dataSource = row
            cv.layoutIfNeeded()
            var x: CGFloat = 0
            for (i, word) in row.words.enumerated() {
                let f = cv.cellForItem(at: IndexPath(item: i, section: 0))!.frame
                let label = UILabel()
                label.font = .systemFont(ofSize: 15)
                label.text = word
                XCTAssertEqual(f.height, 40, "\(word): the row's height held")
                XCTAssertEqual(f.width, label.intrinsicContentSize.width + 20, accuracy: 0.34, word)
                XCTAssertEqual(f.minX, x, accuracy: 0.001, word)
                XCTAssertEqual(f.minY, 4)
                x = f.maxX + 8
            }
            XCTAssertEqual(cv.contentSize, CGSize(width: x - 8, height: 48))
        }
    }

    /// 10,000 self-sizing items: only the cells shown are made and measured, at the first layout
    /// and after a jump to the middle; the rest count their estimate.
    func testTenThousandItemsMeasureOnlyTheCellsShown() {
        MainActor.assumeIsolated {
            NoteCardCell.asked = 0
            let source = NotesSource(count: 10_000)
            let (cv, _) = Self.list(source, width: 320, height: 480)
            // The cells made for the screen (4 shown, a fifth made at the estimate then pushed
            // below by the cards above it), each measured once.
            let first = cv.indexPathsForVisibleItems.count
            XCTAssertEqual(first, 4)
            XCTAssertEqual(source.made, 5)
            XCTAssertEqual(NoteCardCell.asked, 5, "each cell made measured once")
            let measured = (0..<5).map { Self.cardHeight($0, width: 288) }.reduce(0, +)
            XCTAssertEqual(cv.contentSize.height, 10 + measured + CGFloat(10_000 - 5) * 100 + 9_999 * 10 + 10, accuracy: 0.01)
            cv.contentOffset = CGPoint(x: 0, y: 500_000)
            cv.layoutIfNeeded()
            let middle = cv.indexPathsForVisibleItems
            XCTAssertGreaterThan(middle.first!.item, 4000)
            XCTAssertGreaterThanOrEqual(middle.count, 3)
            XCTAssertLessThanOrEqual(source.made - 5, middle.count + 1, "only the cells for the screen there")
            XCTAssertEqual(NoteCardCell.asked, source.made)
            for path in middle {
                XCTAssertEqual(cv.cellForItem(at: path)!.frame.height, Self.cardHeight(path.item, width: 288), accuracy: 0.5)
            }
            // Back to the top: those were measured; nothing is measured again.
            let asked = NoteCardCell.asked
            cv.contentOffset = .zero
            cv.layoutIfNeeded()
            XCTAssertEqual(NoteCardCell.asked, asked)
        }
    }

    /// Registered classes are made with init(frame:) at the layout's frame for the item, as
    /// UIKit makes them, not at zero.
    func testRegisteredCellsAreMadeAtTheLayoutsFrame() {
        MainActor.assumeIsolated {
            NoteCardCell.madeFrames = []
            let layout = UICollectionViewFlowLayout()
            layout.itemSize = CGSize(width: 140, height: 90)
            layout.sectionInset = UIEdgeInsets(top: 5, left: 10, bottom: 5, right: 10)
            let source = NotesSource(count: 2)
            Self.sources.append(source)
            let cv = UICollectionView(frame: CGRect(x: 0, y: 0, width: 320, height: 200), collectionViewLayout: layout)
            cv.contentInsetAdjustmentBehavior = .never
            cv.register(NoteCardCell.self, forCellWithReuseIdentifier: "note")
            cv.dataSource = source
            cv.layoutIfNeeded()
            XCTAssertEqual(NoteCardCell.madeFrames, [CGRect(x: 10, y: 5, width: 140, height: 90), CGRect(x: 170, y: 5, width: 140, height: 90)])
            XCTAssertEqual(cv.cellForItem(at: IndexPath(item: 1, section: 0))?.contentView.frame, CGRect(x: 0, y: 0, width: 140, height: 90))
        }
    }

    /// A screen run scrolling down 200 notes, frame by frame: at every frame the cards shown are
    /// as tall as their text and 12 pt apart (those that came on screen were measured before the
    /// frame was drawn), and only cells for the screen were made.
    func testCardsAreMeasuredAsAScrollBringsThem() {
        MainActor.assumeIsolated {
            let settings = ScreenSettings(device: Device.named("iphone-15")!, appearance: .light, typography: .standard, fps: 5, imageFolders: [])
            let motion = KeyframeTimeline(keyframes: [.init(time: 0, offset: 0, easing: .linear), .init(time: 2, offset: 4000, easing: .linear)])
            NoteCardCell.asked = 0
            let screen = NotesViewController(count: 200)
            let run = ScreenRun(settings: settings, motion: motion, make: { screen })
            var lastItem = 0
            for frame in 0...10 {
                run.advance(to: frame)
                let cv = screen.collectionView!
                let cells = cv.indexPathsForVisibleItems.map { ($0.item, cv.cellForItem(at: $0)!.frame) }
                XCTAssertGreaterThanOrEqual(cells.count, 4, "frame \(frame)")
                for (item, f) in cells {
                    XCTAssertEqual(f.height, Self.cardHeight(item, width: 361), accuracy: 0.5, "frame \(frame): item \(item)")
                }
                for (a, b) in zip(cells, cells.dropFirst()) { XCTAssertEqual(b.1.minY - a.1.maxY, 12, accuracy: 0.001, "frame \(frame)") }
                lastItem = cells.last!.0
            }
            XCTAssertGreaterThan(lastItem, 30, "the scroll went down the notes (400 pt a frame)")
            // Each note measured once: those shown, and a few made at the 80 pt estimate below the
            // last one shown, then pushed below the screen by the taller cards above them.
            XCTAssertGreaterThanOrEqual(NoteCardCell.asked, lastItem + 1)
            XCTAssertLessThanOrEqual(NoteCardCell.asked, lastItem + 1 + 6, "the notes that came on screen, no more")
        }
    }

    /// Measured cells move the items after them in place (their line's depth, the lines,
    /// headers, footers and sections after it, the content size), and the result is the layout
    /// a full pass gives with the same sizes: three sections of a two-column grid, headers and
    /// footers, scrolled through 150 pt at a time, each step compared with the layout prepared
    /// again from the start; the same with headers and footers pinned.
    func testCellsMeasuredInPlaceGiveTheFullLayout() {
        MainActor.assumeIsolated {
            @MainActor func scrolledThrough(pinned: Bool) -> UICollectionView {
                let source = NotesSource(count: 9)
                source.sections = 3
                Self.sources.append(source)
                let layout = UICollectionViewFlowLayout()
                layout.estimatedItemSize = CGSize(width: 135, height: 100)
                layout.sectionInset = UIEdgeInsets(top: 10, left: 10, bottom: 10, right: 10)
                layout.headerReferenceSize = CGSize(width: 0, height: 30)
                layout.footerReferenceSize = CGSize(width: 0, height: 20)
                layout.sectionHeadersPinToVisibleBounds = pinned
                layout.sectionFootersPinToVisibleBounds = pinned
                let cv = UICollectionView(frame: CGRect(x: 0, y: 0, width: 300, height: 400), collectionViewLayout: layout)
                cv.contentInsetAdjustmentBehavior = .never
                cv.register(GridNoteCardCell.self, forCellWithReuseIdentifier: "note")
                for kind in [UICollectionView.elementKindSectionHeader, UICollectionView.elementKindSectionFooter] {
                    cv.register(TitleHeader.self, forSupplementaryViewOfKind: kind, withReuseIdentifier: "title")
                }
                cv.dataSource = source
                cv.layoutIfNeeded()
                @MainActor func everything() -> [(String, CGRect)] {
                    let all = layout.layoutAttributesForElements(in: CGRect(x: -1, y: -1, width: 302, height: cv.contentSize.height + 2)) ?? []
                    return all.map { ("\($0.representedElementKind ?? "cell") \($0.indexPath)", $0.frame) }
                        + [("content", CGRect(origin: .zero, size: cv.contentSize))]
                }
                var y: CGFloat = 0
                while y < cv.contentSize.height {
                    cv.contentOffset = CGPoint(x: 0, y: y)
                    cv.layoutIfNeeded()
                    let inPlace = everything()
                    // The same sizes laid out from the start (a bounds-change invalidation keeps them).
                    layout.invalidateLayout(with: layout.invalidationContext(forBoundsChange: cv.bounds))
                    cv.layoutIfNeeded()
                    let full = everything()
                    XCTAssertEqual(inPlace.map(\.0), full.map(\.0), "at \(y), pinned \(pinned)")
                    for (a, b) in zip(inPlace, full) {
                        for (u, v) in [(a.1.minX, b.1.minX), (a.1.minY, b.1.minY), (a.1.width, b.1.width), (a.1.height, b.1.height)] {
                            XCTAssertEqual(u, v, accuracy: 1e-6, "at \(y), pinned \(pinned): \(a.0) \(a.1) against \(b.1)")
                        }
                    }
                    y += 150
                }
                XCTAssertGreaterThan(layout.preparedInPlace, 5, "the scroll measured cells in place")
                return cv
            }
            _ = scrolledThrough(pinned: true)
            let cv = scrolledThrough(pinned: false)
            // Every card measured: as tall as its text in a 135 pt column; a line as deep as its
            // taller card, the shorter one centred in it.
            for s in 0..<3 {
                for i in 0..<9 {
                    let f = cv.layoutAttributesForItem(at: IndexPath(item: i, section: s))!.frame
                    XCTAssertEqual(f.width, 135)
                    XCTAssertEqual(f.height, Self.cardHeight(i, width: 135), accuracy: 0.5, "\(s).\(i)")
                }
            }
            let left = cv.layoutAttributesForItem(at: IndexPath(item: 0, section: 1))!.frame
            let right = cv.layoutAttributesForItem(at: IndexPath(item: 1, section: 1))!.frame
            XCTAssertEqual(left.midY, right.midY, accuracy: 0.001)
            XCTAssertNotEqual(left.height, right.height)
        }
    }

    /// The note cards on screen at scale 1, against a golden: cards of one to four sentences,
    /// each as tall as its text.
    func testNotesGolden() throws {
        let golden = ScreenSmokeTests.fixtures + "/../golden/uikit-self-sizing-cards"
        try assertFrames(of: { NotesViewController() }, scenario: ScreenSmokeTests.fixtures + "/still.yaml", golden: golden, frames: "0", scale: 1)
    }
}
