import DBusService
import XCTest

/// org.freedesktop.Notifications driven by real clients (gdbus, notify-send, dbus-send, dbus-monitor).
final class NotificationServerTests: BusTestCase {
    static let path = NotificationServer.objectPath
    static let busName = NotificationServer.busName
    var delegate: RecordingDelegate!
    var server: NotificationServer!

    override func setUpWithError() throws {
        try super.setUpWithError()
        delegate = RecordingDelegate()
        server = try NotificationServer(
            bus: bus, info: ServerInformation(version: "0.1.0"),
            capabilities: ["actions", "body", "body-markup"], delegate: delegate)
        delegate.server = server
        try server.requestName()
    }

    override func tearDown() {
        try? bus?.releaseName(Self.busName)
        server = nil
        delegate = nil
        super.tearDown()
    }

    func call(_ method: String, _ arguments: [String] = [], file: StaticString = #filePath, line: UInt = #line)
        throws -> ProcessResult {
        try gdbusCall(Self.busName, Self.path, "org.freedesktop.Notifications." + method, arguments,
                      file: file, line: line)
    }

    /// Notify through gdbus with the given actions and hints (GVariant text).
    func notify(actions: String = "@as []", hints: String = "@a{sv} {}", file: StaticString = #filePath,
                line: UInt = #line) throws -> ProcessResult {
        try call("Notify", ["app", "0", "icon", "Summary", "Body", actions, hints, "int32 -1"], file: file, line: line)
    }

    func notifySend(_ arguments: [String]) throws -> ProcessResult {
        try runClient("/usr/bin/notify-send", arguments, daemon: daemon, serving: bus)
    }

    func testGetServerInformationReportsSpec12() throws {
        let result = try call("GetServerInformation")
        XCTAssertEqual(result.status, 0, result.stderr)
        XCTAssertEqual(result.stdout.trimmingCharacters(in: .whitespacesAndNewlines),
                       "('overlay-wl', 'overlay-wl', '0.1.0', '1.2')")
    }

    func testGetCapabilities() throws {
        let result = try call("GetCapabilities")
        XCTAssertEqual(result.status, 0, result.stderr)
        XCTAssertEqual(result.stdout.trimmingCharacters(in: .whitespacesAndNewlines),
                       "(['actions', 'body', 'body-markup'],)")
    }

    func testNotifySendArrivesParsed() throws {
        let result = try notifySend(["-p", "-a", "Mailer", "-u", "critical", "-t", "3000", "-c", "email.arrived",
                                     "-h", "int:value:42", "-h", "string:x-canonical-private-synchronous:volume",
                                     "-h", "boolean:transient:true", "Hello", "World & more"])
        XCTAssertEqual(result.status, 0, result.stderr)
        XCTAssertEqual(result.stdout.trimmingCharacters(in: .whitespacesAndNewlines), "42")
        let request = try XCTUnwrap(delegate.requests.first)
        XCTAssertEqual(request.appName, "Mailer")
        XCTAssertEqual(request.summary, "Hello")
        XCTAssertEqual(request.body, "World & more")
        XCTAssertEqual(request.expireTimeout, 3000)
        XCTAssertEqual(request.hints["urgency"], .byte(2), "notify-send sends urgency as a byte")
        XCTAssertEqual(request.urgency, .critical)
        XCTAssertEqual(request.category, "email.arrived")
        XCTAssertEqual(request.value, 42)
        XCTAssertEqual(request.synchronousTag, "volume")
        XCTAssertTrue(request.isTransient)
        XCTAssertFalse(request.isResident)
        XCTAssertTrue(request.actions.isEmpty)
        XCTAssertTrue(request.sender?.hasPrefix(":") ?? false, "sender: \(String(describing: request.sender))")
    }

    func testActionInvokedReachesNotifySend() throws {
        let child = try ChildProcess("/usr/bin/notify-send",
                                     ["-p", "-A", "reply=Reply", "-A", "later=Later", "Ping", "body"],
                                     environment: daemon.environment)
        defer { child.terminate() }
        // Its stdout is a pipe, so fully buffered: learn the id from the delegate. The Notify
        // reply went out before pump returned, so the client sees it before our signals.
        XCTAssertTrue(try pump(bus) { !delegate.requests.isEmpty }, child.stderr)
        let id = delegate.nextID
        XCTAssertEqual(delegate.requests.first?.actions,
                       [NotificationAction(key: "reply", label: "Reply"), NotificationAction(key: "later", label: "Later")])
        XCTAssertTrue(server.emitActivationToken(id: id, token: "token-1"))
        XCTAssertTrue(server.emitActionInvoked(id: id, actionKey: "reply"))
        // notify-send prints the key, closes the notification and waits for NotificationClosed.
        XCTAssertTrue(try pump(bus) { child.drain(); return !child.process.isRunning }, child.stdout + child.stderr)
        XCTAssertEqual(child.stdout.split(separator: "\n").map(String.init), ["\(id)", "reply"])
        XCTAssertEqual(delegate.closed, [id])
    }

    func testHintsOfEveryTypeAndWrongTypes() throws {
        let result = try notify(
            actions: "['default', 'Open', 'dangling']",
            hints: "{'urgency': <int32 0>, 'category': <42>, 'value': <'half'>, 'transient': <uint32 1>, "
                + "'desktop-entry': <'org.example.App'>, 'x': <int32 10>, 'y': <int64 20>, "
                + "'x-dunst-stack-tag': <'tag'>, 'image-path': <'/tmp/a.png'>, 'sound-name': <'bell'>, "
                + "'suppress-sound': <true>, 'resident': <'yes'>, 'action-icons': <true>}")
        XCTAssertEqual(result.status, 0, result.stderr)
        XCTAssertEqual(result.stdout.trimmingCharacters(in: .whitespacesAndNewlines), "(uint32 42,)")
        let request = try XCTUnwrap(delegate.requests.first)
        XCTAssertEqual(request.appName, "app")
        XCTAssertEqual(request.appIcon, "icon")
        XCTAssertEqual(request.expireTimeout, -1)
        XCTAssertEqual(request.actions, [NotificationAction(key: "default", label: "Open")], "dangling key dropped")
        XCTAssertEqual(request.urgency, .low, "urgency as int32 is accepted")
        XCTAssertNil(request.category, "category of the wrong type is ignored")
        XCTAssertNil(request.value, "value of the wrong type is ignored")
        XCTAssertFalse(request.isResident, "resident of the wrong type is ignored")
        XCTAssertTrue(request.isTransient)
        XCTAssertEqual(request.desktopEntry, "org.example.App")
        XCTAssertEqual(request.x, 10)
        XCTAssertEqual(request.y, 20)
        XCTAssertEqual(request.synchronousTag, "tag")
        XCTAssertEqual(request.imagePath, "/tmp/a.png")
        XCTAssertEqual(request.soundName, "bell")
        XCTAssertTrue(request.suppressSound)
        XCTAssertTrue(request.actionIcons)
        XCTAssertNil(request.soundFile)
        XCTAssertNil(request.imageData)
        XCTAssertNil(request.imageDataProblem)
    }

    func testUrgencyOutOfRangeIsIgnored() throws {
        _ = try notify(hints: "{'urgency': <byte 7>}")
        let request = try XCTUnwrap(delegate.requests.first)
        XCTAssertEqual(request.hints["urgency"], .byte(7))
        XCTAssertNil(request.urgency)
    }

    func testUnusualHintValuesAreKeptButNeverBreakTheServer() throws {
        let result = try notify(hints: "{'deep': <<<<int32 1>>>>, 'empty': <@a{sv} {}>, 'mixed': <[(1, <'x'>)]>, "
            + "'urgency': <{'k': <1>}>, 'image-data': <(1, 1, 3, false, 8, 3, @ay [])>, 'maybe': <@ax []>}")
        XCTAssertEqual(result.status, 0, result.stderr)
        let request = try XCTUnwrap(delegate.requests.first)
        XCTAssertEqual(request.hints["deep"]?.integerValue, 1)
        XCTAssertEqual(request.hints["mixed"], .array([.structure([.int32(1), .variant(.string("x"))])],
                                                      elementSignature: "(iv)"))
        XCTAssertEqual(request.hints["empty"], .dict([], keySignature: "s", valueSignature: "v"))
        XCTAssertNil(request.urgency)
        XCTAssertNil(request.imageData)
        XCTAssertTrue(request.imageDataProblem?.contains("0 bytes") ?? false, "\(String(describing: request.imageDataProblem))")

        let handle = try notify(hints: "{'fd': <handle 0>}")
        XCTAssertNotEqual(handle.status, 0)
        XCTAssertTrue(handle.stderr.contains("org.freedesktop.DBus.Error.InvalidArgs"), "unix fds are not read: \(handle.stderr)")
        XCTAssertEqual(delegate.requests.count, 1)
        XCTAssertEqual(try call("GetCapabilities").status, 0)
    }

    func testImageDataValid() throws {
        let pixels = (1...16).map { "byte \($0)" }.joined(separator: ", ")
        let result = try notify(hints: "{'image-data': <(2, 2, 8, true, 8, 4, [\(pixels)])>}")
        XCTAssertEqual(result.status, 0, result.stderr)
        let image = try XCTUnwrap(delegate.requests.first?.imageData, "\(String(describing: delegate.requests.first?.imageDataProblem))")
        XCTAssertEqual(image, ImageData(width: 2, height: 2, rowstride: 8, hasAlpha: true, bitsPerSample: 8,
                                        channels: 4, data: Array(1...16)))
        XCTAssertNil(delegate.requests.first?.imageDataProblem)
    }

    func testImageDataWithBadRowstrideIsRejectedWithAReason() throws {
        let pixels = (1...16).map { "byte \($0)" }.joined(separator: ", ")
        // Deprecated key, rowstride smaller than a row of RGBA pixels.
        let result = try notify(hints: "{'icon_data': <(2, 2, 4, true, 8, 4, [\(pixels)])>}")
        XCTAssertEqual(result.status, 0, result.stderr)
        let request = try XCTUnwrap(delegate.requests.first)
        XCTAssertNil(request.imageData)
        let problem = try XCTUnwrap(request.imageDataProblem)
        XCTAssertTrue(problem.contains("icon_data") && problem.contains("rowstride"), problem)
    }

    func testImageDataOfTheWrongShapeIsRejected() throws {
        _ = try notify(hints: "{'image-data': <'not an image'>}")
        let request = try XCTUnwrap(delegate.requests.first)
        XCTAssertNil(request.imageData)
        XCTAssertNotNil(request.imageDataProblem)
    }

    func testCloseNotificationAsksTheDelegateThenUnknownIDIsAnError() throws {
        _ = try notify()
        let close = try call("CloseNotification", ["42"])
        XCTAssertEqual(close.status, 0, close.stderr)
        XCTAssertEqual(close.stdout.trimmingCharacters(in: .whitespacesAndNewlines), "()")
        XCTAssertEqual(delegate.closed, [42], "the delegate closes it (and reports NotificationClosed when its view goes)")

        let unknown = try call("CloseNotification", ["99"])
        XCTAssertNotEqual(unknown.status, 0)
        XCTAssertTrue(unknown.stderr.contains("org.freedesktop.Notifications.Error.NotFound"), unknown.stderr)
        XCTAssertTrue(unknown.stderr.contains("no notification with id 99"), unknown.stderr)
        XCTAssertEqual(delegate.closed, [42, 99])
    }

    func testEmitClosedIsSeenByAMonitor() throws {
        let monitor = try startMonitor(daemon: daemon, serving: bus,
                                       rule: "type='signal',interface='org.freedesktop.Notifications'")
        defer { monitor.terminate() }
        XCTAssertTrue(server.emitClosed(id: 7, reason: .dismissed))
        XCTAssertTrue(server.emitClosed(id: 8, reason: .expired))
        XCTAssertTrue(try pump(bus) { monitor.drain(); return monitor.stdout.contains("uint32 8") }, monitor.stdout)
        XCTAssertTrue(monitor.stdout.contains("path=/org/freedesktop/Notifications; "
            + "interface=org.freedesktop.Notifications; member=NotificationClosed"), monitor.stdout)
        XCTAssertTrue(monitor.stdout.contains("uint32 7\n   uint32 2"), monitor.stdout)
        XCTAssertTrue(monitor.stdout.contains("uint32 8\n   uint32 1"), monitor.stdout)
    }

    func testSecondDaemonGetsNameTaken() throws {
        let other = try BusConnection(address: daemon.address)
        let otherServer = try NotificationServer(bus: other, info: ServerInformation(version: "2"),
                                                 capabilities: [], delegate: delegate)
        XCTAssertThrowsError(try otherServer.requestName()) { error in
            XCTAssertEqual(error as? BusError, .nameTaken("org.freedesktop.Notifications"))
            XCTAssertTrue(String(describing: error).contains("already owned by another process"))
        }
    }

    func testMalformedCallsGetInvalidArgsAndTheServerKeepsWorking() throws {
        // gdbus would type the arguments from our introspection; with too many it sends what it parsed.
        let extra = try call("CloseNotification", ["1", "2"])
        XCTAssertNotEqual(extra.status, 0)
        XCTAssertTrue(extra.stderr.contains("org.freedesktop.DBus.Error.InvalidArgs"), extra.stderr)

        let wrongType = try runClient("/usr/bin/dbus-send",
                                      ["--session", "--print-reply", "--dest=\(Self.busName)", Self.path,
                                       "org.freedesktop.Notifications.Notify", "string:only-one"],
                                      daemon: daemon, serving: bus)
        XCTAssertNotEqual(wrongType.status, 0)
        XCTAssertTrue(wrongType.stderr.contains("org.freedesktop.DBus.Error.InvalidArgs"), wrongType.stderr)
        XCTAssertTrue(delegate.requests.isEmpty)
        XCTAssertTrue(delegate.closed.isEmpty)

        let info = try call("GetServerInformation")
        XCTAssertEqual(info.status, 0, info.stderr)
        XCTAssertTrue(info.stdout.contains("'1.2'"))
    }

    func testIntrospectionListsMethodsAndSignals() throws {
        let result = try runClient("/usr/bin/gdbus",
                                   ["introspect", "--session", "--dest", Self.busName, "--object-path", Self.path],
                                   daemon: daemon, serving: bus)
        XCTAssertEqual(result.status, 0, result.stderr)
        for fragment in ["interface org.freedesktop.Notifications", "Notify(in  s app_name,",
                         "in  a{sv} hints,", "out u id);", "CloseNotification(in  u id);",
                         "GetCapabilities(out as capabilities);",
                         "NotificationClosed(u id,", "ActionInvoked(u id,", "ActivationToken(u id,",
                         "interface org.freedesktop.DBus.Introspectable"] {
            XCTAssertTrue(result.stdout.contains(fragment), "\(fragment) missing from \(result.stdout)")
        }
        let raw = try gdbusCall(Self.busName, Self.path, "org.freedesktop.DBus.Introspectable.Introspect")
        XCTAssertEqual(raw.status, 0, raw.stderr)
        XCTAssertTrue(raw.stdout.hasPrefix("('<!DOCTYPE node"), raw.stdout)
        XCTAssertTrue(raw.stdout.contains(#"<method name="Notify">"#),
                      raw.stdout)
    }
}
