import Foundation
import XCTest

/// Inline replies (KDE Plasma's convention): a notification with an `inline-reply` action gets the
/// user's text back in NotificationReplied, sent to its sender alone.
final class InlineReplyTests: RigTestCase {
    /// Sends Notify with an inline-reply action, prints the id, then waits for a signal addressed
    /// to this connection and prints `replied ID TEXT`.
    static let replyClientScript = Rig.wireClient + #"""
def notify_with_actions(serial, summary, actions):
    b = s(s(u(s(b"", "overlay-wl-tests"), 0), ""), summary); b = s(b, "")
    b = pad(b, 4); start = len(b) + 4; a = b + b"\0\0\0\0"
    for x in actions: a = s(a, x)
    a = a[:start - 4] + struct.pack("<I", len(a) - start) + a[start:]
    b = u(pad(u(a, 0), 8), 0, "<i")
    return msg(serial, "/org/freedesktop/Notifications", "org.freedesktop.Notifications", "Notify",
               "org.freedesktop.Notifications", "susssasa{sv}i", b)
sock.sendall(notify_with_actions(2, sys.argv[1], ["inline-reply", "Reply"]))
while True:
    kind, fields, body = read_msg()
    if kind in (2, 3) and fields.get(5) == 2: break
if kind == 3: sys.exit("error reply: %r" % body[:300])
print(struct.unpack("<I", body[:4])[0], flush=True)
while True:
    kind, fields, body = read_msg()
    if kind == 4 and fields.get(3) == "NotificationReplied":
        nid, length = struct.unpack("<II", body[:8])
        print("replied", nid, body[8:8 + length].decode(), flush=True)
        break
"""#

    func testAReplyReachesTheSenderAndClosesTheNotification() throws {
        _ = try startDaemon()
        let monitor = try startSignalMonitor()
        var lines: [String] = []
        let lock = NSLock()
        let client = try rig.spawn(["python3", "-c", Self.replyClientScript, "Ann: lunch?"]) { line in
            lock.lock(); lines.append(line); lock.unlock()
        }
        defer { _ = client.stop() }
        func read() -> [String] { lock.lock(); defer { lock.unlock() }; return lines }
        let deadline = Date().addingTimeInterval(5)
        while read().isEmpty && Date() < deadline { Thread.sleep(forTimeInterval: 0.05) }
        let id = try XCTUnwrap(read().first.flatMap { UInt32($0) }, "no id from the client: \(read())")
        XCTAssertNotEqual(try cli(["reply", "999", "x"]).status, 0, "an unknown notification is an error")
        let reply = try cli(["reply", String(id), "yes, at 1 ✓"])
        XCTAssertTrue(reply.succeeded, "\(reply)")
        while read().count < 2 && Date() < deadline.addingTimeInterval(5) { Thread.sleep(forTimeInterval: 0.05) }
        XCTAssertEqual(read().last, "replied \(id) yes, at 1 ✓", "the sender receives the text")
        XCTAssertEqual(monitor.waitForClosed(id: id, timeout: 3), 2, "then it closes as dismissed: \(monitor.events)")
    }
}
