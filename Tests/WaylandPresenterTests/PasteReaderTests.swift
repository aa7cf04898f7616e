import Glibc
@testable import WaylandPresenter
import XCTest

/// Pasted text read from a pipe in the loop: all of it at end of file, at most the limit, what
/// came by the deadline, and once.
final class PasteReaderTests: XCTestCase {
    /// A pipe whose read end is non-blocking, as `SeatClipboard.requestText` makes it.
    func pipeEnds() -> (read: Int32, write: Int32) {
        var ends: [Int32] = [-1, -1]
        XCTAssertEqual(pipe(&ends), 0)
        _ = fcntl(ends[0], F_SETFL, fcntl(ends[0], F_GETFL) | O_NONBLOCK)
        return (ends[0], ends[1])
    }

    func write(_ text: String, to fd: Int32) {
        let bytes = Array(text.utf8)
        XCTAssertEqual(Glibc.write(fd, bytes, bytes.count), bytes.count)
    }

    func testTextArrivingInPiecesIsHandedOverAtEndOfFile() throws {
        let (r, w) = pipeEnds()
        var got: [String?] = []
        let reader = PasteReader(fd: r, limit: 4096, until: monotonicNow() + 60) { got.append($0) }
        write("from the ", to: w)
        try reader.dispatch(events: Int16(POLLIN))
        XCTAssertEqual(got.count, 0, "more may come")
        write("clipboard ✓", to: w)
        close(w)
        try reader.dispatch(events: Int16(POLLIN))
        XCTAssertEqual(got, ["from the clipboard ✓"])
        try reader.dispatch(events: Int16(POLLIN))
        XCTAssertEqual(got.count, 1, "handed over once")
        XCTAssertTrue(reader.isFinished)
    }

    func testNoMoreThanTheLimitIsRead() throws {
        let (r, w) = pipeEnds()
        var got: [String?] = []
        let reader = PasteReader(fd: r, limit: 10, until: monotonicNow() + 60) { got.append($0) }
        write(String(repeating: "x", count: 100), to: w)
        try reader.dispatch(events: Int16(POLLIN))
        XCTAssertEqual(got, [String(repeating: "x", count: 10)], "the limit ends the read without waiting for the end")
        close(w)
    }

    func testPastTheDeadlineWhatCameIsUsedAndNothingIsNil() throws {
        let (r, w) = pipeEnds()
        var got: [String?] = []
        let reader = PasteReader(fd: r, limit: 4096, until: monotonicNow() - 1) { got.append($0) }
        try reader.dispatch(events: 0)
        XCTAssertEqual(got, [nil], "a source that never writes gives nothing")
        let (r2, w2) = pipeEnds()
        let partial = PasteReader(fd: r2, limit: 4096, until: monotonicNow() + 60) { got.append($0) }
        write("half", to: w2)
        try partial.dispatch(events: Int16(POLLIN))
        XCTAssertEqual(got.count, 1)
        close(w); close(w2)
    }

    func testACancelledReadHandsNothingOver() throws {
        let (r, w) = pipeEnds()
        var got: [String?] = []
        let reader = PasteReader(fd: r, limit: 4096, until: monotonicNow() + 60) { got.append($0) }
        write("early", to: w)
        reader.cancel()
        try reader.dispatch(events: Int16(POLLIN))
        XCTAssertEqual(got.count, 0)
        close(w)
    }
}
