import Foundation
import XCTest

/// While notifications pour in, the daemon draws at most 20 frames a second (`BurstPacing`):
/// what a frame in a flood shows is replaced a frame later. Counted on the daemon's own Wayland
/// requests (WAYLAND_DEBUG, whose timestamps are milliseconds), against the client's burst.
final class BurstPacingTests: RigTestCase {
    /// Sends `chunks` bursts of `size` Notify calls `gap` seconds apart on one connection, reads
    /// every reply, and prints how long the sending took.
    static let burstScript = Rig.wireClient + #"""
chunks, size, gap = int(sys.argv[1]), int(sys.argv[2]), float(sys.argv[3])
t0 = time.monotonic(); serial = 2
for c in range(chunks):
    sock.sendall(b"".join(notify_msg(serial + i, "Burst %d" % (serial + i), "one of many", 5000) for i in range(size)))
    serial += size
    time.sleep(gap)
sent = time.monotonic() - t0
replies = 0
while replies < chunks * size:
    kind, fields, body = read_msg()
    if kind in (2, 3) and fields.get(5, 0) >= 2: replies += 1
print(json.dumps({"seconds": sent, "replies": replies}))
"""#

    private struct Burst: Decodable { let seconds: Double; let replies: Int }

    private func attachTimes(_ daemon: OverlayDaemon) -> [Double] { Self.attachTimes(in: daemon.process.stderr.string) }

    /// Timestamps (ms) of the `wl_surface.attach` requests of a WAYLAND_DEBUG trace. libwayland
    /// prints the wall clock's microseconds as a 32-bit number, which wraps every 4,294.967296 s
    /// (a CI run crossed it mid-test): each time a stamp is below the one before, a wrap is added.
    static func attachTimes(in trace: String) -> [Double] {
        var wraps = 0.0, previous = -Double.infinity
        return trace.split(separator: "\n").compactMap { line in
            guard line.hasPrefix("["), let close = line.firstIndex(of: "]"),
                  let stamp = Double(line[line.index(after: line.startIndex)..<close].trimmingCharacters(in: .whitespaces)) else { return nil }
            if stamp < previous { wraps += 1 }
            previous = stamp
            guard line.contains(".attach("), line.contains("-> wl_surface@") else { return nil }
            return stamp + wraps * 4_294_967.296
        }
    }

    func testAFloodIsDrawnAtMostTwentyFramesASecondWhileItLasts() throws {
        let daemon = try startDaemon([], environment: ["WAYLAND_DEBUG=client"])
        let out = rig.run(["python3", "-c", Self.burstScript, "40", "10", "0.015"], timeout: 60 * DaemonBinary.slowdown)
        XCTAssertTrue(out.succeeded, "\(out)")
        let burst = try JSONDecoder().decode(Burst.self, from: Data(out.stdout.utf8))
        XCTAssertEqual(burst.replies, 400)
        let times = attachTimes(daemon)
        guard let first = times.first else { return XCTFail("nothing was drawn") }
        // Frames while the burst lasted: from the first (drawn at once) until the last chunk was sent.
        let during = times.filter { $0 - first >= 0 && $0 - first < burst.seconds * 1000 }
        let allowed = Int(burst.seconds / 0.05) + 2
        XCTAssertGreaterThanOrEqual(during.count, 2, "the burst is drawn as it comes")
        XCTAssertLessThanOrEqual(during.count, allowed,
                                 "\(during.count) frames in a \(burst.seconds) s burst (at 60 a second: about \(Int(burst.seconds * 60)))")
        XCTAssertTrue(daemon.isRunning)
    }

    /// The same flood expiring (1.5 s after each notification came) is drawn at the burst's pace
    /// too: the pill counting down and the stack's last cards fading out. Counted as the gaps
    /// between the frames while it expires: at the burst's pace they are 50 ms, at the
    /// compositor's about 17 ms.
    func testAFloodExpiringIsDrawnAtMostTwentyFramesASecond() throws {
        let daemon = try startDaemon([], environment: ["WAYLAND_DEBUG=client"])
        let script = Self.burstScript.replacingOccurrences(of: "\"one of many\", 5000", with: "\"one of many\", 1500")
        let out = rig.run(["python3", "-c", script, "40", "10", "0.015"], timeout: 60 * DaemonBinary.slowdown)
        XCTAssertTrue(out.succeeded, "\(out)")
        let burst = try JSONDecoder().decode(Burst.self, from: Data(out.stdout.utf8))
        XCTAssertEqual(burst.replies, 400)
        Thread.sleep(forTimeInterval: 1.5 + 1.0)  // every one expired and faded out
        let times = attachTimes(daemon)
        guard let first = times.first else { return XCTFail("nothing was drawn") }
        // From the first expiry until the burst of the last ones has settled.
        let start = first + 1500 - 20, end = first + (burst.seconds + 1.5) * 1000 + 350  // BurstPacing.settleTime
        let during = times.filter { $0 >= start && $0 < end }
        let gaps = zip(during, during.dropFirst()).map { $1 - $0 }
        let quick = gaps.filter { $0 < 33 }
        XCTAssertGreaterThanOrEqual(during.count, 2, "the expiry is drawn")
        XCTAssertLessThanOrEqual(quick.count, max(3, gaps.count / 4),
                                 "\(quick.count) of \(gaps.count) frames came under 33 ms after the one before: \(gaps.map(Int.init))")
        XCTAssertTrue(daemon.isRunning)
    }
}

/// The stamps of the trace of the CI run that crossed the wrap: the attach after it comes later.
final class WaylandStampTests: XCTestCase {
    func testStampsAcrossTheWrapKeepTheirOrder() {
        let trace = "[4294186.453]  -> wl_surface@3.attach(wl_buffer@16, 0, 0)\n[4294190.100] wl_callback@18.done(1)\n"
            + "[    130.428]  -> wl_surface@3.attach(wl_buffer@17, 0, 0)\n"
        let times = BurstPacingTests.attachTimes(in: trace)
        XCTAssertEqual(times.count, 2)
        XCTAssertEqual(times.last! - times.first!, 4_294_967.296 - 4_294_186.453 + 130.428, accuracy: 0.001)
    }
}
