import Glibc
import WaylandPresenter
import XCTest

/// A source that fails (the compositor's connection, lost) can be taken out of the loop while it
/// runs; the other sources go on. A failure nobody handles still ends the loop.
final class SourceRemovalTests: XCTestCase {
    struct Broken: Error {}

    final class Ready: EventSource {
        var fds: [Int32] = [0, 0]
        var dispatched = 0
        var fails = false
        init() { pipe(&fds); _ = write(fds[1], "x", 1) }  // always readable
        deinit { close(fds[0]); close(fds[1]) }
        var pollDescriptor: Int32 { fds[0] }
        var pollEvents: Int16 { Int16(POLLIN) }
        func dispatch(events: Int16) throws {
            dispatched += 1
            if fails { throw Broken() }
        }
    }

    func testAFailingSourceIsRemovedAndTheOthersGoOn() throws {
        let loop = try EventLoop()
        let failing = Ready(), healthy = Ready()
        failing.fails = true
        loop.add(failing)
        loop.add(healthy)
        var failures = 0
        loop.onSourceError = { source, error in
            XCTAssertTrue(source === failing)
            XCTAssertTrue(error is Broken)
            failures += 1
            loop.remove(source)
        }
        var passes = 0
        loop.afterDispatch = {
            passes += 1
            if passes == 4 { loop.stop() }
            return nil
        }
        try loop.run()
        XCTAssertEqual(failures, 1)
        XCTAssertEqual(failing.dispatched, 1, "a removed source is not polled again")
        XCTAssertEqual(healthy.dispatched, 3)
    }

    func testAnUnhandledSourceFailureEndsTheLoop() throws {
        let loop = try EventLoop()
        let failing = Ready()
        failing.fails = true
        loop.add(failing)
        XCTAssertThrowsError(try loop.run()) { XCTAssertTrue($0 is Broken) }
    }
}

/// The runtime directory watch that finds a compositor's socket: inotify, no polling.
final class WaylandSocketWatchTests: XCTestCase {
    func bindSocket(_ path: String) -> Int32 {
        let fd = socket(AF_UNIX, Int32(SOCK_STREAM.rawValue), 0)
        var address = sockaddr_un()
        address.sun_family = sa_family_t(AF_UNIX)
        withUnsafeMutableBytes(of: &address.sun_path) { raw in
            _ = path.withCString { strncpy(raw.baseAddress!.assumingMemoryBound(to: CChar.self), $0, raw.count - 1) }
        }
        let bound = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(fd, $0, socklen_t(MemoryLayout<sockaddr_un>.size)) }
        }
        XCTAssertEqual(bound, 0, "bind \(path)")
        return fd
    }

    func testReportsWaylandSocketsCreatedInTheDirectory() throws {
        var template = Array("/tmp/overlay-wl-watch-XXXXXX".utf8CString)
        let directory = String(cString: mkdtemp(&template)!)
        defer { _ = try? FileManager.default.removeItem(atPath: directory) }
        let watch = try WaylandSocketWatch(directory: directory)
        var seen: [String] = []
        watch.onSocket = { seen.append($0) }
        try watch.dispatch(events: Int16(POLLIN))
        XCTAssertEqual(seen, [], "nothing yet (and reading nothing does not block)")

        close(open("\(directory)/wayland-7.lock", O_CREAT | O_WRONLY, 0o600))
        close(open("\(directory)/unrelated", O_CREAT | O_WRONLY, 0o600))
        let fd = bindSocket("\(directory)/wayland-7")
        defer { close(fd) }
        var ready = pollfd(fd: watch.pollDescriptor, events: watch.pollEvents, revents: 0)
        XCTAssertEqual(poll(&ready, 1, 1000), 1, "the new entries wake poll")
        try watch.dispatch(events: ready.revents)
        XCTAssertEqual(seen, ["wayland-7"], "only the socket, not its lock file or other files")
        XCTAssertEqual(watch.existingSockets(), ["wayland-7"])
        XCTAssertTrue(watch.socketExists("wayland-7"))
        XCTAssertFalse(watch.socketExists("wayland-7.lock"), "a file is not a socket")
        XCTAssertTrue(WaylandSocketWatch.isSocketName("wayland-0"))
        XCTAssertFalse(WaylandSocketWatch.isSocketName("wayland-0.lock"))
    }

    func testAMissingDirectoryIsAClearError() {
        XCTAssertThrowsError(try WaylandSocketWatch(directory: "/nonexistent/overlay-wl-runtime")) { error in
            XCTAssertTrue("\(error)".contains("/nonexistent/overlay-wl-runtime"), "\(error)")
        }
    }
}
