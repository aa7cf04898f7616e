import CShims
import Foundation
import XCTest

/// The trim returns the main thread's stack pages below the loop: drawing's deep calls touched
/// them once and they stayed resident. What is above the caller's frame keeps its contents.
final class StackReleaseTests: XCTestCase {
    private let pageSize = Int(sysconf(Int32(_SC_PAGESIZE)))

    /// The main thread's stack mapping.
    private func stack() throws -> (start: UnsafeRawPointer, length: Int) {
        let file = try FileHandle(forReadingFrom: URL(fileURLWithPath: "/proc/self/maps"))  // read to its end: procfs reports no size
        defer { try? file.close() }
        let maps = String(decoding: file.readDataToEndOfFile(), as: UTF8.self)
        let line = try XCTUnwrap(maps.split(separator: "\n").first { $0.hasSuffix("[stack]") })
        let bounds = line.split(separator: " ")[0].split(separator: "-").map { UInt(String($0), radix: 16)! }
        return (try XCTUnwrap(UnsafeRawPointer(bitPattern: bounds[0])), Int(bounds[1] - bounds[0]))
    }

    private func residentStackPages() throws -> Int {
        let s = try stack()
        return ow_resident_pages(s.start, s.length)
    }

    /// Touches at least `depth` KiB of stack below this frame (1 KiB temporaries are on the stack).
    @inline(never) private func deepCall(_ depth: Int) -> Int {
        withUnsafeTemporaryAllocation(of: UInt8.self, capacity: 1024) { buffer in
            for i in stride(from: 0, to: buffer.count, by: 256) { buffer[i] = UInt8(truncatingIfNeeded: depth + i) }
            return depth == 0 ? Int(buffer[0]) : deepCall(depth - 1) + Int(buffer[buffer.count - 256])
        }
    }

    func testStackPagesBelowTheCallerGoBackAndItsFrameKeepsItsContents() throws {
        guard Thread.isMainThread else { throw XCTSkip("the release applies to the main thread's stack") }
        let mine = (0..<64).map { UInt8($0) }
        _ = ow_release_stack_below(16 << 10)  // tests run before in this process may have touched the stack deeper
        let before = try residentStackPages()
        _ = deepCall(400)  // drawing's deep calls
        let deep = try residentStackPages()
        XCTAssertGreaterThanOrEqual(deep - before, (400 << 10) / pageSize)
        let released = ow_release_stack_below(16 << 10)
        XCTAssertGreaterThan(released, 0)
        let after = try residentStackPages()
        XCTAssertLessThanOrEqual(after, before, "the deep calls' pages went back")
        XCTAssertEqual(mine, (0..<64).map { UInt8($0) })
        _ = deepCall(400)  // and the stack grows back, zero-filled
        XCTAssertGreaterThanOrEqual(try residentStackPages(), deep - 8)
    }
}
