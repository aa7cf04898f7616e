import Foundation
import XCTest

/// The OSD end to end: five volume levels in a second are one view on one surface, and the
/// last level is what shows.
final class OSDTests: RigTestCase {
    /// `ViewTreeLook`'s bar colours: the filled part and the empty track.
    static let accent = RGBA(r: 0x88, g: 0xC0, b: 0xD0, a: 255), track = RGBA(r: 0x43, g: 0x4C, b: 0x5E, a: 255)

    func testFiveLevelsInASecondStayOneSurfaceAndShowTheLast() throws {
        let daemon = try startDaemon(environment: ["WAYLAND_DEBUG=client"])
        var ids: [String] = []
        let started = Date()
        for level in ["20", "60", "35", "90", "75"] {
            let out = try cli(["osd", "volume", level])
            XCTAssertTrue(out.succeeded, "\(out)")
            ids.append(out.stdout.trimmingCharacters(in: .whitespacesAndNewlines))
        }
        note("five levels in \(Date().timeIntervalSince(started)) s: ids \(ids)")
        XCTAssertEqual(Set(ids).count, 1, "one view: \(ids)")
        XCTAssertEqual(try state("osd").showing.map(String.init), [ids[0]], "showing in the osd container")
        // The bar is 200 points wide: at 75 % its fill ends 150 points from its start. The bar
        // moves there from 90 % and the OSD hides 1.5 s later, so the first screenshot showing
        // the bar at 75 % is the one (a loaded machine may not see it hold still for long).
        func bar(_ shot: Screenshot) -> (fill: PixelRect, start: Int, end: Int)? {
            guard let fill = shot.whole.boundingBox(where: { $0 == Self.accent }), let empty = shot.whole.boundingBox(where: { $0 == Self.track })
            else { return nil }
            return (fill, fill.x - 1, empty.maxX + 1)  // the round caps are antialiased
        }
        let shot = try screenshot(within: 3) { shot in bar(shot).map { abs($0.fill.maxX - ($0.start + 150)) <= 3 } ?? false }
        let (fill, start, end) = try XCTUnwrap(bar(shot), "the bar's fill and track are drawn")
        note("fill \(fill), bar \(start)…\(end)")
        XCTAssertLessThanOrEqual(abs(end - start - 200), 3, "a 200-point bar: \(start)…\(end)")
        XCTAssertLessThanOrEqual(abs(fill.maxX - (start + 150)), 3, "filled to 75 %: fill ends at \(fill.maxX)")
        XCTAssertLessThanOrEqual(abs(shot.width / 2 - (start + end) / 2), 80, "near the middle of the output")
        XCTAssertGreaterThan(fill.y, shot.height / 2, "in the lower half")
        let log = daemon.process.stderr.string
        let surfaces = (try NSRegularExpression(pattern: #"-> wl_compositor@\d+\.create_surface"#))
            .numberOfMatches(in: log, range: NSRange(log.startIndex..., in: log))
        XCTAssertEqual(surfaces, 1, "one wl_surface for five levels")
        // A new level repaints the bar, the percentage and the icon, not the 324-point panel:
        // some frame's damage is only rectangles at most the bar's width (200 points and its edges).
        let widths = Self.damageWidthsPerCommit(log)
        note("damage widths per commit: \(widths)")
        XCTAssertEqual(widths.first?.max(), 360, "the first frame repaints the whole surface")
        XCTAssertTrue(widths.contains { !$0.isEmpty && $0.max()! <= 204 }, "a frame repaints only the parts that changed")

        // 1.5 s after the last level it is gone.
        _ = try screenshot(within: 4) { $0.whole.boundingBox { $0 == Self.accent } == nil }
        XCTAssertEqual(try state("osd").showing, [])
    }

    /// The widths of the `damage_buffer` rectangles of each commit, from a WAYLAND_DEBUG log.
    static func damageWidthsPerCommit(_ log: String) -> [[Int]] {
        var commits: [[Int]] = [], pending: [Int] = []
        for line in log.split(separator: "\n") {
            if line.contains(".damage_buffer("), let open = line.firstIndex(of: "("), let close = line.lastIndex(of: ")") {
                let numbers = line[line.index(after: open)..<close].split(separator: ",").compactMap { Int($0.trimmingCharacters(in: .whitespaces)) }
                if numbers.count == 4 { pending.append(numbers[2]) }
            } else if line.contains("-> wl_surface@"), line.contains(".commit()"), !pending.isEmpty {
                commits.append(pending)
                pending = []
            }
        }
        return commits
    }
}
