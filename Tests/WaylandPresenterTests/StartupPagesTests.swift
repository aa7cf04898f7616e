import Foundation
import WaylandPresenter
import XCTest

/// Returning the pages only startup read (the dynamic relocation tables, here the test binary's)
/// lowers the resident set of the main program's mappings, and the process works on unharmed.
final class StartupPagesTests: XCTestCase {
    /// Rss (KiB) of the mappings of this process's own executable, from /proc/self/smaps.
    private func executableRss() throws -> Int {
        let exe = try FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe")
        var total = 0, inExe = false
        for line in try String(contentsOfFile: "/proc/self/smaps", encoding: .utf8).split(separator: "\n") {
            let fields = line.split(separator: " ", omittingEmptySubsequences: true)
            if let first = fields.first, first.contains("-"), first.allSatisfy({ $0.isHexDigit || $0 == "-" }) {
                inExe = fields.count >= 6 && fields[5] == exe
            } else if inExe, fields.first == "Rss:", fields.count >= 2 {
                total += Int(fields[1]) ?? 0
            }
        }
        return total
    }

    func testReleasingDropsTheRelocationTablesAndTheProcessRunsOn() throws {
        let before = try executableRss()
        let released = StartupPages.release()
        let after = try executableRss()
        XCTAssertGreaterThan(released, 0, "a PIE executable has relocation tables to return")
        // Not all of the released range need be resident (the kernel may have reclaimed some),
        // but what the dynamic linker just read is: the executable's Rss must go down.
        XCTAssertLessThan(after, before,
                          "Rss of the executable: \(before) KiB before, \(after) KiB after releasing \(released / 1024) KiB")
        // Everything still works: code and data are intact (the pages come back from the file).
        let words = (0..<1000).map { "word\($0)" }.joined(separator: " ")
        XCTAssertEqual(words.split(separator: " ").count, 1000)
        XCTAssertEqual(StartupPages.release(), released, "the same ranges every time")
    }
}
