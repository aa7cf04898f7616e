import CSDBus
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

/// One sd-bus connection, driven by the caller's poll loop:
///
///     var pfd = pollfd(fd: bus.fileDescriptor, events: bus.pollEvents, revents: 0)
///     poll(&pfd, 1, bus.pollTimeoutMilliseconds())
///     try bus.processPending()
///
/// Not thread-safe: create, use and release it on the loop's thread.
public final class BusConnection {
    let bus: OpaquePointer
    private var nodes: [String: ObjectNode] = [:]

    /// Diagnostics the layer cannot report through a return value (reply failures, handler bugs).
    public var log: ((String) -> Void)?

    /// nil: the session bus (`DBUS_SESSION_BUS_ADDRESS`, else `$XDG_RUNTIME_DIR/bus`);
    /// otherwise a D-Bus address such as "unix:path=/tmp/x/bus" of a message bus.
    public init(address: String? = nil) throws {
        var handle: OpaquePointer?
        if let address {
            try BusError.check(sd_bus_new(&handle), "sd_bus_new")
            guard let handle else { throw BusError.failed(operation: "sd_bus_new", code: -ENOMEM) }
            do {
                try BusError.check(sd_bus_set_address(handle, address), "sd_bus_set_address(\(address))")
                try BusError.check(sd_bus_set_bus_client(handle, 1), "sd_bus_set_bus_client")
                try BusError.check(sd_bus_start(handle), "connecting to \(address)")
            } catch {
                sd_bus_unref(handle)
                throw error
            }
        } else {
            try BusError.check(sd_bus_open_user(&handle), "connecting to the session bus")
        }
        guard let handle else { throw BusError.failed(operation: "sd_bus_open", code: -ENOMEM) }
        bus = handle
    }

    deinit {
        for node in nodes.values { sd_bus_slot_unref(node.slot) }
        // Sends what is still queued (e.g. a last NotificationClosed), then closes.
        sd_bus_flush_close_unref(bus)
    }

    // MARK: Poll loop integration

    /// The socket to poll. Stable for the connection's life.
    public var fileDescriptor: Int32 { sd_bus_get_fd(bus) }

    /// The `poll()` events to wait for now (POLLIN, plus POLLOUT while output is queued).
    /// Ask again before every poll.
    public var pollEvents: Int16 {
        let events = sd_bus_get_events(bus)
        return events < 0 ? Int16(POLLIN) : Int16(truncatingIfNeeded: events)
    }

    /// Absolute CLOCK_MONOTONIC deadline in µs by which `processPending()` must run even
    /// without fd activity; nil for none. 0 means "already due" (messages are queued).
    public var timeoutMicroseconds: UInt64? {
        var usec: UInt64 = 0
        guard sd_bus_get_timeout(bus, &usec) >= 0, usec != UInt64.max else { return nil }
        return usec
    }

    /// `timeoutMicroseconds` converted to a relative `poll()` timeout: -1 (none), 0 (due), or ms rounded up.
    public func pollTimeoutMilliseconds() -> Int32 {
        guard let deadline = timeoutMicroseconds else { return -1 }
        var now = timespec()
        clock_gettime(CLOCK_MONOTONIC, &now)
        let nowUsec = UInt64(now.tv_sec) * 1_000_000 + UInt64(now.tv_nsec) / 1_000
        guard deadline > nowUsec else { return 0 }
        return Int32(clamping: (deadline - nowUsec + 999) / 1_000)
    }

    /// Handles what the bus has for us (incoming calls run their handlers here), at most `limit`
    /// messages, and writes what can be written, without blocking. Throws
    /// `BusError.disconnected` when the bus went away. True when anything was processed.
    @discardableResult
    public func processPending(limit: Int = .max) throws -> Bool {
        var processed = 0
        mayHoldInput = true
        while processed < limit {
            guard try BusError.check(sd_bus_process(bus, nil), "sd_bus_process") > 0 else {
                mayHoldInput = false
                break
            }
            processed += 1
        }
        return processed > 0
    }

    /// False once `processPending` found nothing more to handle: until the socket has input or
    /// `timeoutMicroseconds` is due (a message queued by sd-bus makes it due at once), processing
    /// again would only read the socket to find it empty. The blocking calls, which read what
    /// arrives while they wait, set it back.
    private var mayHoldInput = true

    /// True when `processPending` has work without new input on the socket.
    public var hasWorkDue: Bool { mayHoldInput || pollTimeoutMilliseconds() == 0 }

    /// Notes that sd-bus may have read input outside `processPending` (a blocking call).
    func readOutsideProcessing() { mayHoldInput = true }

    /// Blocks until all queued output is written. For shutdown, not for the loop.
    public func flush() throws {
        readOutsideProcessing()
        try BusError.check(sd_bus_flush(bus), "sd_bus_flush")
    }

    public var isOpen: Bool { sd_bus_is_open(bus) > 0 }

    /// This connection's unique name (":1.42").
    public var uniqueName: String? {
        readOutsideProcessing()
        var name: UnsafePointer<CChar>?
        guard sd_bus_get_unique_name(bus, &name) >= 0, let name else { return nil }
        return String(cString: name)
    }

    // MARK: Names

    /// Takes `name` without queueing and without allowing replacement (one round trip; call
    /// at startup). Throws `BusError.nameTaken` when another connection owns it.
    public func requestName(_ name: String) throws {
        readOutsideProcessing()
        let r = sd_bus_request_name(bus, name, 0)
        if r == -EEXIST { throw BusError.nameTaken(name) }
        if r == -EALREADY { return }
        try BusError.check(r, "requesting the name \(name)")
        if r == 0 { throw BusError.nameTaken(name) }  // queued: someone else has it
    }

    /// Gives `name` back (one round trip).
    public func releaseName(_ name: String) throws {
        readOutsideProcessing()
        try BusError.check(sd_bus_release_name(bus, name), "releasing the name \(name)")
    }

    // MARK: Objects and signals

    /// Serves `interface` at `path`. Several interfaces may share a path; exporting an
    /// interface name again replaces the earlier one.
    public func export(path: String, interface: BusInterface) throws {
        if let node = nodes[path] {
            node.interfaces.removeAll { $0.name == interface.name }
            node.interfaces.append(interface)
            return
        }
        let node = ObjectNode(path: path, owner: self)
        node.interfaces = [interface]
        var slot: OpaquePointer?
        try BusError.check(
            sd_bus_add_object(bus, &slot, path, objectNodeCallback, Unmanaged.passUnretained(node).toOpaque()),
            "exporting \(path)")
        node.slot = slot
        nodes[path] = node
    }

    /// Stops serving `path` (all its interfaces).
    public func unexport(path: String) {
        guard let node = nodes.removeValue(forKey: path) else { return }
        sd_bus_slot_unref(node.slot)
        node.slot = nil
    }

    /// Broadcasts a signal. It is queued if the socket is full; keep polling `pollEvents`.
    public func emitSignal(path: String, interface: String, member: String, arguments: [BusValue],
                           destination: String? = nil) throws {
        var message: OpaquePointer?
        // withCString lends a native string's own bytes; passing a String where C wants a
        // pointer copies it into a new array each time.
        let created = path.withCString { path in
            interface.withCString { interface in
                member.withCString { sd_bus_message_new_signal(bus, &message, path, interface, $0) }
            }
        }
        try BusError.check(created, "creating signal \(interface).\(member)")
        defer { sd_bus_message_unref(message) }
        guard let message else { throw BusError.failed(operation: "sd_bus_message_new_signal", code: -ENOMEM) }
        if let destination {
            try BusError.check(sd_bus_message_set_destination(message, destination), "addressing \(member) to \(destination)")
        }
        try BusMessageWriter(message: message).append(arguments)
        try BusError.check(sd_bus_send(bus, message, nil), "sending signal \(interface).\(member)")
    }
}
