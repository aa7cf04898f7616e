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

    /// Sends Notify with an inline-reply action and KDE's hints (placeholder, submit text), never
    /// expiring; prints the id, then `replied ID TEXT` for every NotificationReplied it receives.
    static let typingClientScript = Rig.wireClient + #"""
def hints_sv(b, d):
    b = pad(b, 4); at = len(b); b = pad(b + b"\0\0\0\0", 8); start = len(b)
    for k, v in d.items(): b = s(g(s(pad(b, 8), k), "s"), v)
    return b[:at] + struct.pack("<I", len(b) - start) + b[at + 4:]
def notify_reply(serial, summary, placeholder):
    b = s(s(u(s(b"", "overlay-wl-tests"), 0), ""), summary); b = s(b, "")
    b = pad(b, 4); start = len(b) + 4; a = b + b"\0\0\0\0"
    for x in ["inline-reply", "Reply"]: a = s(a, x)
    a = a[:start - 4] + struct.pack("<I", len(a) - start) + a[start:]
    b = u(hints_sv(a, {"x-kde-reply-placeholder-text": placeholder, "x-kde-reply-submit-button-text": "Answer"}), 0, "<i")
    return msg(serial, "/org/freedesktop/Notifications", "org.freedesktop.Notifications", "Notify",
               "org.freedesktop.Notifications", "susssasa{sv}i", b)
sock.sendall(notify_reply(2, sys.argv[1], sys.argv[2]))
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
"""#

    /// Lines a spawned process printed, collected as they come.
    final class Lines: @unchecked Sendable {
        private let lock = NSLock()
        private var lines: [String] = []
        func append(_ line: String) { lock.lock(); lines.append(line); lock.unlock() }
        var all: [String] { lock.lock(); defer { lock.unlock() }; return lines }
        func wait(timeout: TimeInterval, until done: ([String]) -> Bool) -> [String] {
            let deadline = Date().addingTimeInterval(timeout)
            while !done(all) && Date() < deadline { Thread.sleep(forTimeInterval: 0.05) }
            return all
        }
    }

    /// The field is #1F232B inside the toast; typed text and the caret are drawn in the body colour
    /// (#D8DEE9), the placeholder at 55 % of it (about #868B94), so bright pixels in the field are
    /// typed text or the caret, never the placeholder.
    static let fieldColour = RGBA(hex: 0x1F232B)
    static func brightPixels(_ shot: Screenshot, in field: PixelRect) -> Int {
        shot.region(field.insetBy(2)).count { $0.r > 170 && $0.g > 170 && $0.b > 170 }
    }
    static func placeholderPixels(_ shot: Screenshot, in field: PixelRect) -> Int {
        shot.region(field.insetBy(2)).count { (90...160).contains($0.r) && (90...160).contains($0.b) }
    }

    /// A virtual pointer and keyboard, and a window that has the keyboard (the focus a click on a
    /// reply field takes away). The cursor rests away from the toast: it is in screenshots.
    private func pointerWithFocusedWindow() throws -> VirtualPointer {
        let pointer = try VirtualPointer(rig: rig)
        try pointer.move(600, 400)
        try pointer.key("left")  // the virtual keyboard joins the seat (nothing has focus yet)
        try pointer.openWindow(appID: "editor", width: 400, height: 300)
        XCTAssertEqual(pointer.windowKeyboardEvents(count: 1), ["enter"], "the new window has the keyboard")
        return pointer
    }

    /// Starts `typingClientScript`: its process, the notification's id and the lines it prints.
    private func startReplyClient() throws -> (RunningProcess, UInt32, Lines) {
        let replies = Lines()
        let client = try rig.spawn(["python3", "-c", Self.typingClientScript, "Ann: lunch?", "Write back"]) {
            replies.append($0)
        }
        let id = try XCTUnwrap(replies.wait(timeout: 5) { !$0.isEmpty }.first.flatMap { UInt32($0) },
                               "no id from the client: \(replies.all) \(client.output)")
        return (client, id, replies)
    }

    static let isField = { (c: RGBA) in c.isClose(to: fieldColour, tolerance: 2) }

    /// The reply toast once drawn: the screenshot, the toast's box (its border) and the field's.
    private func shownReplyField() throws -> (Screenshot, PixelRect, PixelRect) {
        let shown = try settledScreenshot(within: 3) { shot in
            shot.contentBox.map { shot.region($0).boundingBox(where: Self.isField) != nil } ?? false
        }
        let border = { (c: RGBA) in c.isClose(to: RGBA(hex: 0x5E81AC), tolerance: 2) }
        let toast = try XCTUnwrap(shown.whole.boundingBox(where: border), "no toast drawn")
        let field = try XCTUnwrap(shown.region(toast).boundingBox(where: Self.isField), "no reply field drawn")
        return (shown, toast, field)
    }

    /// Real typing: a click on the field takes the keyboard from the focused window (on-demand
    /// layer-shell focus), the virtual keyboard types through its own keymap (non-ASCII included),
    /// the caret moves and Backspace deletes; Escape cancels (nothing sent, the field emptied, the
    /// keyboard back with the window); Enter sends NotificationReplied with exactly the text to the
    /// sender, which a second client on the bus (`gdbus monitor`) never sees, and the notification
    /// closes.
    func testTypingIntoTheFieldSendsTheReplyToTheSenderAlone() throws {
        _ = try startDaemon()
        let pointer = try pointerWithFocusedWindow()
        defer { pointer.stop() }
        let watched = Lines()
        let watcher = try rig.spawn(["gdbus", "monitor", "--session", "--dest", "org.freedesktop.Notifications"]) {
            watched.append($0)
        }
        defer { _ = watcher.stop() }
        XCTAssertFalse(watched.wait(timeout: 5) { !$0.isEmpty }.isEmpty, "gdbus monitor never attached")
        let (client, id, replies) = try startReplyClient()
        defer { _ = client.stop() }
        let (shown, toast, field) = try shownReplyField()
        note("toast \(toast), field \(field)")
        XCTAssertGreaterThan(field.width, 150, "the field takes most of the row, the button the rest")
        XCTAssertGreaterThan(field.y, toast.y + 30, "the field is under the summary")
        XCTAssertLessThan(toast.maxY - field.maxY, 20, "and ends the toast")
        XCTAssertGreaterThan(Self.placeholderPixels(shown, in: field), 20, "the placeholder is drawn, dimmed")
        XCTAssertEqual(Self.brightPixels(shown, in: field), 0, "no typed text and no caret before a click")
        XCTAssertEqual(pointer.windowKeyboardEvents(count: 2, timeout: 0.5), ["enter"], "a toast does not take the keyboard by appearing")

        try pointer.click(field.x + 20, field.midY)
        try pointer.move(600, 400)  // the text cursor is in screenshots: out of the field
        XCTAssertEqual(pointer.windowKeyboardEvents(count: 2), ["enter", "leave"], "the field took the keyboard")
        try pointer.type("see you")
        let typed = try settledScreenshot(within: 3) { Self.brightPixels($0, in: field) > 40 }
        XCTAssertGreaterThan(Self.brightPixels(typed, in: field), 40, "the typed text is drawn in the field")
        XCTAssertEqual(Self.placeholderPixels(typed, in: field) < Self.placeholderPixels(shown, in: field) / 2, true,
                       "the placeholder gives way to the text")

        try pointer.key("escape")
        let cancelled = try settledScreenshot(within: 3) { Self.brightPixels($0, in: field) == 0 }
        XCTAssertEqual(Self.brightPixels(cancelled, in: field), 0, "Escape empties the field and hides the caret")
        XCTAssertGreaterThan(Self.placeholderPixels(cancelled, in: field), 20, "the placeholder is back")
        XCTAssertEqual(pointer.windowKeyboardEvents(count: 3), ["enter", "leave", "enter"], "Escape gives the keyboard back")
        try pointer.type("ignored")
        try pointer.key("enter")
        try pointer.sleep(milliseconds: 300)
        XCTAssertEqual(Self.brightPixels(try screenshot(), in: field), 0, "keys after Escape are not the field's")
        XCTAssertEqual(replies.all, ["\(id)"], "Escape sends nothing")

        try pointer.click(field.x + 20, field.midY)
        try pointer.move(600, 400)  // the text cursor is in screenshots: out of the field
        XCTAssertEqual(pointer.windowKeyboardEvents(count: 4), ["enter", "leave", "enter", "leave"], "a click takes it again")
        let alphabet = "abcdefghijklmnopqrstuvwxyz"
        try pointer.type(alphabet)
        // Held for 1 s, Backspace repeats (sway's default: after 600 ms, 25 a second): about ten go.
        try pointer.hold("backspace", milliseconds: 1000)
        try pointer.type(" yes, at 1 ✓ é")
        try pointer.key("backspace")
        try pointer.type("ü")
        try pointer.key("left")
        try pointer.key("left")
        try pointer.type("!")
        try pointer.key("enter")
        let reply = try XCTUnwrap(replies.wait(timeout: 5) { $0.count >= 2 }.dropFirst().first, "no reply: \(replies.all)")
        let prefix = "replied \(id) ", suffix = " yes, at 1 ✓! ü"
        XCTAssertTrue(reply.hasPrefix(prefix) && reply.hasSuffix(suffix), "the sender gets exactly the text: \(reply)")
        let kept = reply.dropFirst(prefix.count).dropLast(suffix.count)
        XCTAssertTrue(alphabet.hasPrefix(kept), "Backspace took letters off the end: \(reply)")
        XCTAssertTrue((3...22).contains(kept.count), "a held Backspace repeats (one press alone leaves 25): \(kept.count) left")
        let closed = "NotificationClosed (uint32 \(id), uint32 2)"
        let seen = watched.wait(timeout: 5) { $0.contains { $0.contains(closed) } }
        XCTAssertTrue(seen.contains { $0.contains(closed) }, "the notification closes as dismissed: \(seen)")
        XCTAssertFalse(seen.contains { $0.contains("NotificationReplied") }, "another client never sees the reply: \(seen)")
        XCTAssertEqual(replies.all.count, 2, "one reply, once: \(replies.all)")
    }

    /// The centre opens while a reply is being typed: the toast goes under it (its surface with
    /// it) and the draft stays; when the centre closes, the toast shows the draft again, a click
    /// takes the keyboard back, and Enter sends the draft with what was typed after it.
    func testADraftSurvivesTheCentreOpeningOverItsToast() throws {
        _ = try startDaemon()
        let pointer = try pointerWithFocusedWindow()
        defer { pointer.stop() }
        let (client, id, replies) = try startReplyClient()
        defer { _ = client.stop() }
        let (_, _, field) = try shownReplyField()

        try pointer.click(field.x + 20, field.midY)
        try pointer.move(600, 400)
        XCTAssertEqual(pointer.windowKeyboardEvents(count: 2), ["enter", "leave"], "the field took the keyboard")
        try pointer.type("draft")
        let typed = try settledScreenshot(within: 3) { Self.brightPixels($0, in: field) > 10 }
        let draftInk = Self.brightPixels(typed, in: field)
        XCTAssertGreaterThan(draftInk, 10, "the draft is drawn in the field")

        XCTAssertEqual(try cli(["center", "--open"]).stdout, "open\n")
        let open = try settledScreenshot(within: 3) { $0.region(field).count(where: Self.isField) == 0 }
        XCTAssertEqual(open.region(field).count(where: Self.isField), 0, "the toast is not drawn over the open centre")
        XCTAssertEqual(try cli(["center", "--close"]).stdout, "closed\n")
        let back = try settledScreenshot(within: 3) { Self.brightPixels($0, in: field) >= draftInk / 2 }
        XCTAssertGreaterThanOrEqual(Self.brightPixels(back, in: field), draftInk / 2, "the toast comes back with its draft")
        XCTAssertEqual(replies.all, ["\(id)"], "nothing was sent meanwhile")

        // The toast's surface went with the centre's opening: the window has the keyboard again.
        var before = pointer.windowKeyboardEvents(count: 3)
        let settle = Date().addingTimeInterval(3)
        while before.last != "enter", Date() < settle { before = pointer.windowKeyboardEvents(count: before.count + 1, timeout: 0.2) }
        XCTAssertEqual(before.last, "enter", "the window has the keyboard while the toast is away: \(before)")
        try pointer.click(field.x + 150, field.midY)  // past the draft's end: the caret goes there
        try pointer.move(600, 400)
        let after = pointer.windowKeyboardEvents(count: before.count + 1)
        XCTAssertEqual(after.last, "leave", "a click on the field takes the keyboard again: \(after)")
        try pointer.type(" kept")
        try pointer.key("enter")
        let reply = try XCTUnwrap(replies.wait(timeout: 5) { $0.count >= 2 }.dropFirst().first, "no reply: \(replies.all)")
        XCTAssertEqual(reply, "replied \(id) draft kept", "the draft and what followed it")
    }

    /// Ctrl+V reads the clipboard (set by `wl-copy`, served once) through wl_data_device and
    /// inserts its text at the caret; typing goes on after it; a click in the field moves the caret;
    /// the submit button sends it.
    func testCtrlVPastesTheClipboardsText() throws {
        guard ProcessRunner.which("wl-copy") != nil else { throw XCTSkip("wl-copy (wl-clipboard) is not installed") }
        _ = try startDaemon()
        let pointer = try VirtualPointer(rig: rig)
        defer { pointer.stop() }
        try pointer.move(600, 400)  // the cursor is in screenshots: away from the toast
        try pointer.key("left")  // the virtual keyboard joins the seat
        try pointer.openWindow(appID: "editor", width: 400, height: 300)
        XCTAssertEqual(pointer.windowKeyboardEvents(count: 1), ["enter"])
        let replies = Lines()
        let client = try rig.spawn(["python3", "-c", Self.typingClientScript, "Paste here", "Write back"]) {
            replies.append($0)
        }
        defer { _ = client.stop() }
        let id = try XCTUnwrap(replies.wait(timeout: 5) { !$0.isEmpty }.first.flatMap { UInt32($0) },
                               "no id from the client: \(replies.all) \(client.output)")
        let copied = rig.run(["sh", "-c", "wl-copy --paste-once 'from the clipboard ✓' >/dev/null 2>&1"])
        XCTAssertTrue(copied.succeeded, "wl-copy: \(copied)")
        let shown = try settledScreenshot(within: 3) { shot in shot.whole.boundingBox(where: Self.isField) != nil }
        let field = try XCTUnwrap(shown.whole.boundingBox(where: Self.isField), "no reply field drawn")
        try pointer.click(field.x + 20, field.midY)
        try pointer.move(600, 400)
        XCTAssertEqual(pointer.windowKeyboardEvents(count: 2), ["enter", "leave"], "the field took the keyboard")
        try pointer.type("Quote: ")
        try pointer.send("chord ctrl v")
        try pointer.sleep(milliseconds: 300)
        try pointer.type(" ok")
        try pointer.click(field.x + 3, field.midY)  // a click in the field moves the caret: here, to the start
        try pointer.move(600, 400)
        try pointer.type("X")
        // The submit button (#3B4252, right of the field) sends like Enter.
        let isButton = { (c: RGBA) in c.isClose(to: RGBA(hex: 0x3B4252), tolerance: 2) }
        let row = PixelRect(x: field.maxX, y: field.y, width: 200, height: field.height)
        let button = try XCTUnwrap(shown.region(row).boundingBox(where: isButton), "no submit button beside the field")
        try pointer.click(button.midX, button.midY)
        XCTAssertEqual(replies.wait(timeout: 5) { $0.count >= 2 }.dropFirst().first,
                       "replied \(id) XQuote: from the clipboard ✓ ok", "the pasted text sits where the caret was")
    }
}
