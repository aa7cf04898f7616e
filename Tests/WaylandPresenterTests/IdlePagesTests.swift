import Foundation
import OverlayEngine
import OverlayRenderer
@testable import WaylandPresenter
import XCTest

/// The file pages mapped after the idle record go back once the screen is empty; the pages
/// resident at the record, and pages the process wrote, stay.
final class IdlePagesTests: XCTestCase {
    private let pageSize = Int(sysconf(Int32(_SC_PAGESIZE)))
    private let pages = 256

    /// A file of `pages` pages, page i filled with the byte i % 251, mapped with `protection`
    /// (MAP_PRIVATE), standing in for a library or a font file.
    private func mappedFile(protection: Int32) throws -> UnsafeMutableRawPointer {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("idle-pages-\(UUID().uuidString)").path
        var bytes = [UInt8](repeating: 0, count: pages * pageSize)
        for i in 0..<pages { for j in 0..<pageSize { bytes[i * pageSize + j] = UInt8(i % 251) } }
        XCTAssertTrue(FileManager.default.createFile(atPath: path, contents: Data(bytes)))
        let fd = open(path, O_RDONLY)
        defer { close(fd); unlink(path) }
        let address = try XCTUnwrap(mmap(nil, pages * pageSize, protection, MAP_PRIVATE, fd, 0))
        XCTAssertNotEqual(address, MAP_FAILED)
        addTeardownBlock { munmap(address, self.pages * self.pageSize) }
        return address
    }

    /// Reads one byte of each page in `range` (mapping them) and checks it is the file's.
    private func touch(_ base: UnsafeMutableRawPointer, pages range: Range<Int>) {
        for i in range { XCTAssertEqual(base.load(fromByteOffset: i * pageSize, as: UInt8.self), UInt8(i % 251)) }
    }

    func testPagesMappedSinceTheRecordGoBackAndThoseResidentThenStay() throws {
        let base = try mappedFile(protection: PROT_READ)
        touch(base, pages: 0..<32)  // the idle daemon's own pages
        let atRecord = IdlePages.residentPages(base, length: pages * pageSize)
        XCTAssertGreaterThanOrEqual(atRecord, 32)
        XCTAssertGreaterThan(IdlePages.record(), 0)
        touch(base, pages: 0..<pages)  // drawing maps the rest
        XCTAssertEqual(IdlePages.residentPages(base, length: pages * pageSize), pages)
        let released = IdlePages.release()
        XCTAssertGreaterThanOrEqual(released, (pages - atRecord) * pageSize)
        XCTAssertEqual(IdlePages.residentPages(base, length: pages * pageSize), atRecord,
                       "only the pages resident at the record stay")
        touch(base, pages: 0..<pages)  // and the others come back from the page cache, unchanged
    }

    func testPagesTheProcessWroteStay() throws {
        // A private mapping written and then made read-only, as the dynamic linker leaves RELRO:
        // its written page is the process's own copy, and dropping it would lose the write.
        let base = try mappedFile(protection: PROT_READ | PROT_WRITE)
        IdlePages.record()
        base.storeBytes(of: 0xAB, toByteOffset: 5 * pageSize, as: UInt8.self)
        touch(base, pages: 100..<101)
        XCTAssertEqual(mprotect(base, pages * pageSize, PROT_READ), 0)
        IdlePages.release()
        XCTAssertEqual(IdlePages.residentPages(base, length: pages * pageSize), 1, "only the written page stays")
        XCTAssertEqual(base.load(fromByteOffset: 5 * pageSize, as: UInt8.self), 0xAB)
        touch(base, pages: 100..<101)
    }

    /// The presenter returns them with the heap, once a burst has drained and the trim is due.
    func testThePresenterReturnsThemWhenABurstHasDrained() throws {
        IdlePages.record()
        let font = try mappedFile(protection: PROT_READ)
        var now = 10.0
        let presenter = try presenterShowing(20, clock: { now })
        var due = try presenter.update()
        touch(font, pages: 0..<pages)  // drawn with
        XCTAssertEqual(IdlePages.residentPages(font, length: pages * pageSize), pages)
        now = 12  // every countdown ran out
        due = try presenter.update()
        XCTAssertEqual(IdlePages.residentPages(font, length: pages * pageSize), pages, "kept until the trim")
        while let next = due, presenter.heapTrim.trims == 0 {
            now = max(now, next)
            due = try presenter.update()
        }
        XCTAssertEqual(IdlePages.residentPages(font, length: pages * pageSize), 0)
    }
}
