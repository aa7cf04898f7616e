import DBusService
import XCTest

/// The generic layer: export, dispatch, signature checks, value reading and writing, names.
final class BusConnectionTests: BusTestCase {
    static let name = "org.overlaywl.Test"
    static let path = "/org/overlaywl/Test"
    var calls: [BusCall] = []

    override func setUpWithError() throws {
        try super.setUpWithError()
        calls = []
        try bus.export(path: Self.path, interface: BusInterface(
            name: "org.overlaywl.Test",
            methods: [
                BusMethod("Echo", input: "a{sv}", output: "a{sv}", inputNames: ["values"], outputNames: ["values"]),
                BusMethod("Fail", input: "s"),
                BusMethod("Lie", output: "u"),
            ],
            handler: { [unowned self] call in
                calls.append(call)
                switch call.member {
                case "Echo": return BusReply(call.arguments)
                case "Fail":
                    guard case .string(let name) = call.arguments[0] else { throw BusMethodError.failed("?") }
                    throw BusMethodError(name: name, message: "asked to fail")
                default: return BusReply([.string("not a u")])
                }
            }))
        try bus.requestName(Self.name)
    }

    override func tearDown() {
        try? bus?.releaseName(Self.name)
        super.tearDown()
    }

    func call(_ method: String, _ arguments: [String] = [], file: StaticString = #filePath, line: UInt = #line)
        throws -> ProcessResult {
        try gdbusCall(Self.name, Self.path, "org.overlaywl.Test." + method, arguments, file: file, line: line)
    }

    func testReadsAndWritesNestedValuesOfEveryKind() throws {
        let input = "{'i16': <int16 -3>, 'bytes': <[byte 0x01, 0x02]>, 'st': <(1, 'x', objectpath '/a')>, "
            + "'empty': <@as []>, 'nested': <{'k': <uint64 5>}>, 'vv': <<true>>, 'd': <2.5>, "
            + "'sig': <signature 'a{sv}'>, 'q': <uint16 7>, 'x': <int64 -9>, 'aai': <[[1, 2], [3]]>}"
        let result = try call("Echo", [input])
        XCTAssertEqual(result.status, 0, result.stderr)

        let arguments = try XCTUnwrap(calls.first?.arguments)
        guard case .dict(let entries, "s", "v") = try XCTUnwrap(arguments.first) else {
            return XCTFail("not a{sv}: \(arguments)")
        }
        var values: [String: BusValue] = [:]
        for entry in entries { values[entry.key.stringValue ?? "?"] = entry.value }
        XCTAssertEqual(values["i16"], .variant(.int16(-3)))
        XCTAssertEqual(values["bytes"], .variant(.bytes([1, 2])))
        XCTAssertEqual(values["st"], .variant(.structure([.int32(1), .string("x"), .objectPath("/a")])))
        XCTAssertEqual(values["empty"], .variant(.array([], elementSignature: "s")))
        XCTAssertEqual(values["nested"], .variant(.dict([BusDictEntry(key: .string("k"), value: .variant(.uint64(5)))],
                                                        keySignature: "s", valueSignature: "v")))
        XCTAssertEqual(values["vv"], .variant(.variant(.bool(true))))
        XCTAssertEqual(values["d"], .variant(.double(2.5)))
        XCTAssertEqual(values["sig"], .variant(.signature("a{sv}")))
        XCTAssertEqual(values["q"], .variant(.uint16(7)))
        XCTAssertEqual(values["x"], .variant(.int64(-9)))
        XCTAssertEqual(values["aai"], .variant(.array([.array([.int32(1), .int32(2)], elementSignature: "i"),
                                                       .array([.int32(3)], elementSignature: "i")],
                                                      elementSignature: "ai")))
        // What we wrote back is what gdbus sent (gdbus prints the reply in GVariant text form).
        for fragment in ["<int16 -3>", "<[byte 0x01, 0x02]>", "<(1, 'x', objectpath '/a')>", "<@as []>",
                         "<{'k': <uint64 5>}>", "<<true>>", "<2.5>", "<signature 'a{sv}'>", "<uint16 7>",
                         "<int64 -9>", "<[[1, 2], [3]]>"] {
            XCTAssertTrue(result.stdout.contains(fragment), "\(fragment) missing from \(result.stdout)")
        }
    }

    func testThrownMethodErrorBecomesErrorReply() throws {
        let result = try call("Fail", ["org.overlaywl.Error.Custom"])
        XCTAssertNotEqual(result.status, 0)
        XCTAssertTrue(result.stderr.contains("org.overlaywl.Error.Custom"), result.stderr)
        XCTAssertTrue(result.stderr.contains("asked to fail"), result.stderr)

        // An invalid error name must not reach the wire (the bus would drop us): Failed instead.
        let invalid = try call("Fail", ["not an error name"])
        XCTAssertTrue(invalid.stderr.contains("org.freedesktop.DBus.Error.Failed"), invalid.stderr)
        XCTAssertTrue(bus.isOpen)
    }

    func testReplyNotMatchingTheDeclaredSignatureBecomesFailed() throws {
        var logged: [String] = []
        bus.log = { logged.append($0) }
        let result = try call("Lie")
        XCTAssertNotEqual(result.status, 0)
        XCTAssertTrue(result.stderr.contains("org.freedesktop.DBus.Error.Failed"), result.stderr)
        XCTAssertEqual(logged.count, 1)
    }

    func testUnknownMemberInterfaceAndSignatureAreAnsweredWithErrors() throws {
        let unknownMethod = try call("Nope")
        XCTAssertTrue(unknownMethod.stderr.contains("org.freedesktop.DBus.Error.UnknownMethod"), unknownMethod.stderr)

        let unknownInterface = try gdbusCall(Self.name, Self.path, "org.overlaywl.Other.Echo")
        XCTAssertTrue(unknownInterface.stderr.contains("org.freedesktop.DBus.Error.UnknownInterface"),
                      unknownInterface.stderr)

        // dbus-send does not introspect, so it sends exactly the (wrong) types we give it.
        let wrong = try runClient("/usr/bin/dbus-send",
                                  ["--session", "--print-reply", "--dest=\(Self.name)", Self.path,
                                   "org.overlaywl.Test.Fail", "uint32:3"],
                                  daemon: daemon, serving: bus)
        XCTAssertNotEqual(wrong.status, 0)
        XCTAssertTrue(wrong.stderr.contains("org.freedesktop.DBus.Error.InvalidArgs"), wrong.stderr)
        XCTAssertTrue(calls.isEmpty, "no handler may run for rejected calls")

        // Still serving.
        let echo = try call("Echo", ["{'a': <1>}"])
        XCTAssertEqual(echo.status, 0, echo.stderr)
        XCTAssertEqual(calls.count, 1)
    }

    func testPeerPingIsAnsweredBySdBus() throws {
        let result = try gdbusCall(Self.name, Self.path, "org.freedesktop.DBus.Peer.Ping")
        XCTAssertEqual(result.status, 0, result.stderr)
    }

    func testSecondOwnerOfANameGetsNameTaken() throws {
        let other = try BusConnection(address: daemon.address)
        XCTAssertThrowsError(try other.requestName(Self.name)) { error in
            XCTAssertEqual(error as? BusError, .nameTaken(Self.name))
        }
        XCTAssertEqual(String(describing: BusError.nameTaken("org.freedesktop.Notifications")),
                       "org.freedesktop.Notifications is already owned by another process "
                           + "(is another notification daemon running?)")
        // Requesting a name we own already is fine.
        XCTAssertNoThrow(try bus.requestName(Self.name))
    }

    func testEmittedSignalWithComplexArgumentsReachesAMonitor() throws {
        let monitor = try startMonitor(daemon: daemon, serving: bus, rule: "type='signal',interface='org.overlaywl.Test'")
        defer { monitor.terminate() }
        try bus.emitSignal(path: Self.path, interface: Self.name, member: "Changed",
                           arguments: [.vardict(["n": .int32(-5), "list": .stringArray(["p", "q"])]),
                                       .bytes([0xff, 0])])
        XCTAssertTrue(try pump(bus) { monitor.drain(); return monitor.stdout.contains("member=Changed") &&
                monitor.stdout.contains("array of bytes") })
        for fragment in ["string \"list\"", "string \"p\"", "int32 -5", "ff 00"] {
            XCTAssertTrue(monitor.stdout.contains(fragment), "\(fragment) missing from \(monitor.stdout)")
        }
        XCTAssertThrowsError(try bus.emitSignal(path: "not a path", interface: Self.name, member: "X", arguments: []))
        XCTAssertThrowsError(try bus.emitSignal(path: Self.path, interface: Self.name, member: "X",
                                                arguments: [.array([.int32(1)], elementSignature: "s")]))
    }

    func testPollTimeoutIsNeverNegativeExceptForNone() throws {
        try bus.processPending()
        let timeout = bus.pollTimeoutMilliseconds()
        XCTAssertTrue(timeout == -1 || timeout >= 0)
        XCTAssertGreaterThanOrEqual(bus.fileDescriptor, 0)
        XCTAssertNotEqual(bus.pollEvents & Int16(POLLIN), 0)
        XCTAssertTrue(bus.uniqueName?.hasPrefix(":") ?? false)
    }
}

/// Starts `dbus-monitor` and waits until it is subscribed (it reports losing its own name then).
func startMonitor(daemon: TestBusDaemon, serving bus: BusConnection, rule: String) throws -> ChildProcess {
    let monitor = try ChildProcess("/usr/bin/dbus-monitor", ["--address", daemon.address, rule], environment: nil)
    let ready = try pump(bus) { monitor.drain(); return monitor.stdout.contains("member=NameLost") }
    if !ready {
        monitor.terminate()
        throw TestFailure("dbus-monitor did not start: \(monitor.stderr)")
    }
    return monitor
}
