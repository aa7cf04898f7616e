import Foundation
import XCTest

/// The "+N more" pill of a container other than the notification column: five views in a
/// container that shows two, view n with a progress bar at 20 × n %. A click on the pill (virtual
/// pointer) shows the next two: the screenshot's longest progress fill grows from view 2's (40 %)
/// to view 4's (80 %).
final class PagedContainerTests: RigTestCase {
    static let config = """
        [containers.pages]
        maximum-visible = 2
        delay-for-showing-next = 0
        auto-dismiss = "never"
        gesture = "none"
        alignment = "top"
        anchor = ["top", "left"]
        margins = [10, 0, 0, 10]
        width = 360
        height = 400
        """
    static let pillColour = RGBA(hex: 0x2B303B)
    static let progressFill = RGBA(hex: 0x88C0D0)
    /// The container's surface on the output.
    static let area = PixelRect(x: 10, y: 10, width: 360, height: 400)
    static let parking = (900, 600)

    /// The longest run of progress fill in any row of the container, in pixels.
    func longestFill(_ shot: Screenshot) -> Int {
        var longest = 0
        for y in Self.area.y..<Self.area.maxY {
            var run = 0
            for x in Self.area.x..<Self.area.maxX {
                run = shot.pixel(x, y).isClose(to: Self.progressFill, tolerance: 6) ? run + 1 : 0
                longest = max(longest, run)
            }
        }
        return longest
    }

    func testAClickOnThePillShowsTheNextPageOfViews() throws {
        _ = try startDaemon(config: Self.config)
        let pointer = try VirtualPointer(rig: rig)
        addTeardownBlock { pointer.stop() }
        try pointer.move(Self.parking.0, Self.parking.1)
        var ids: [UInt32] = []
        for n in 1...5 {
            ids.append(try show("pages", ["--body", "view \(n)", "--progress", String(20 * n)]))
        }
        var state = try self.state("pages")
        XCTAssertEqual(state.showing, [ids[0], ids[1]], "the first two show")
        XCTAssertEqual(state.waiting, [ids[2], ids[3], ids[4]], "the others wait")

        let first = try settledScreenshot(within: 4) { self.longestFill($0) > 20 }
        let before = longestFill(first)
        // The pill: the lowest rows where the middle of the container has the pill's colour and
        // its left edge is empty (the pill is narrower than the toasts).
        let midX = Self.area.midX
        let rows = (Self.area.y..<Self.area.maxY).filter { y in
            first.pixel(midX, y).isClose(to: Self.pillColour, tolerance: 3) && first.pixel(Self.area.x + 2, y).isBlack
        }
        let pillY = try XCTUnwrap(rows.last.map { $0 - 8 }, "no pill found")
        note("first page's longest fill \(before) px; pill rows \(rows.first ?? -1)…\(rows.last ?? -1)")
        try pointer.click(midX, pillY)
        try pointer.move(Self.parking.0, Self.parking.1)

        // View 4's fill is twice view 2's (80 % against 40 % of the same track).
        let second = try settledScreenshot(within: 4) { self.longestFill($0) > before * 3 / 2 }
        let after = longestFill(second)
        note("second page's longest fill \(after) px")
        XCTAssertEqual(Double(after) / Double(max(1, before)), 2, accuracy: 0.15, "view 4's fill against view 2's")
        state = try self.state("pages")
        XCTAssertEqual(state.showing, [ids[2], ids[3]], "the next page shows")
        XCTAssertEqual(state.hidden, [ids[0], ids[1]], "the first page is hidden, not closed")
        XCTAssertEqual(state.waiting, [ids[4]])
        let centre = try JSONSerialization.jsonObject(with: Data(try cli(["center", "--json"]).stdout.utf8)) as? [String: Any]
        XCTAssertEqual(centre?["open"] as? Bool, false, "the centre stays closed")
    }
}

/// A bottom-anchored column too short for its views: six views of four lines each in a container
/// 300 pixels tall. The oldest that would cross its top edge are not drawn and the "+N more" pill
/// sits above the highest one drawn: the container's top rows stay black (no view cut by the
/// edge), the pill's colour is found in its middle column between them and the views, with the
/// column's left edge black beside it (the pill is narrower than the toasts).
final class ColumnTooShortTests: RigTestCase {
    static let config = """
        [containers.column]
        maximum-visible = 10
        auto-dismiss = "never"
        gesture = "none"
        alignment = "bottom"
        anchor = ["top", "left"]
        margins = [10, 0, 0, 10]
        width = 360
        height = 300
        """
    static let area = PixelRect(x: 10, y: 10, width: 360, height: 300)

    func testTheOldestViewsAreLeftOutAndThePillCountsThem() throws {
        _ = try startDaemon(config: Self.config)
        for n in 1...6 { _ = try show("column", ["--body", "view \(n)\nsecond line\nthird line\nfourth line"]) }
        XCTAssertEqual(try state("column").showing.count, 6, "all six show in the engine (none hidden or waiting)")
        let shot = try settledScreenshot(within: 4) { $0.region(Self.area).boundingBox { !$0.isBlack } != nil }
        let content = try XCTUnwrap(shot.region(Self.area).boundingBox { !$0.isBlack })
        let midX = Self.area.midX
        let pillRows = (Self.area.y..<Self.area.maxY).filter { y in
            shot.pixel(midX, y).isClose(to: PagedContainerTests.pillColour, tolerance: 3) && shot.pixel(Self.area.x + 2, y).isBlack
        }
        note("content \(content); pill rows \(pillRows.first ?? -1)…\(pillRows.last ?? -1)")
        let pillTop = try XCTUnwrap(pillRows.first, "no pill found")
        XCTAssertEqual(content.y, pillTop, "the pill is the highest thing drawn: no view cut by the top edge above it")
        XCTAssertGreaterThan(content.y, Self.area.y, "the container's top row is black")
        let toastTop = try XCTUnwrap((pillRows.last! + 1..<Self.area.maxY).first { !shot.pixel(Self.area.x + 2, $0).isBlack })
        XCTAssertGreaterThan(toastTop, pillRows.last!, "the views start below the pill")
    }
}
