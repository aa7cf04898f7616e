import CSDBus
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

/// The client side: method calls and signal subscriptions (for command-line tools; blocking).
extension BusConnection {
    /// Calls a method and waits for its reply. An error reply is thrown as `BusMethodError`.
    public func call(destination: String, path: String, interface: String, member: String,
                     arguments: [BusValue] = [], timeout: Double = 25) throws -> [BusValue] {
        var message: OpaquePointer?
        try BusError.check(sd_bus_message_new_method_call(bus, &message, destination, path, interface, member),
                           "creating call \(interface).\(member)")
        defer { sd_bus_message_unref(message) }
        guard let message else { throw BusError.failed(operation: "sd_bus_message_new_method_call", code: -ENOMEM) }
        try BusMessageWriter(message: message).append(arguments)
        var error = sd_bus_error(name: nil, message: nil, _need_free: 0)
        defer { sd_bus_error_free(&error) }
        var reply: OpaquePointer?
        readOutsideProcessing()
        let r = sd_bus_call(bus, message, UInt64(max(0, timeout) * 1_000_000), &error, &reply)
        defer { sd_bus_message_unref(reply) }
        if r < 0 {
            if let name = error.name {
                throw BusMethodError(name: String(cString: name), message: error.message.map { String(cString: $0) } ?? "")
            }
            try BusError.check(r, "calling \(interface).\(member) on \(destination)")
        }
        guard let reply else { return [] }
        return try BusMessageReader(message: reply).readAll()
    }

    /// Calls `handler` with the arguments of every matching signal, while the subscription lives
    /// and the connection is processed (`processPending`, `wait(timeout:until:)`).
    public func subscribe(sender: String? = nil, path: String? = nil, interface: String, member: String,
                          handler: @escaping ([BusValue]) -> Void) throws -> BusSubscription {
        var rule = "type='signal',interface='\(interface)',member='\(member)'"
        if let sender { rule += ",sender='\(sender)'" }
        if let path { rule += ",path='\(path)'" }
        let subscription = BusSubscription(handler: handler, owner: self)
        var slot: OpaquePointer?
        readOutsideProcessing()
        try BusError.check(sd_bus_add_match(bus, &slot, rule, signalCallback, Unmanaged.passUnretained(subscription).toOpaque()),
                           "subscribing to \(interface).\(member)")
        subscription.slot = slot
        return subscription
    }

    /// Processes the connection, blocking in between, until `done()` holds or `timeout` seconds
    /// pass (nil: no limit). Returns `done()`.
    @discardableResult
    public func wait(timeout: Double?, until done: () -> Bool) throws -> Bool {
        let deadline = timeout.map { monotonicSeconds() + $0 }
        readOutsideProcessing()
        while !done() {
            if try BusError.check(sd_bus_process(bus, nil), "sd_bus_process") > 0 { continue }
            if done() { break }
            var remaining = UInt64.max
            if let deadline {
                let left = deadline - monotonicSeconds()
                if left <= 0 { return done() }
                remaining = UInt64(left * 1_000_000)
            }
            let r = sd_bus_wait(bus, remaining)
            if r < 0 && r != -EINTR { try BusError.check(r, "sd_bus_wait") }
        }
        return true
    }

    private func monotonicSeconds() -> Double {
        var now = timespec()
        clock_gettime(CLOCK_MONOTONIC, &now)
        return Double(now.tv_sec) + Double(now.tv_nsec) / 1e9
    }
}

/// A live signal match; dropping it unsubscribes.
public final class BusSubscription {
    let handler: ([BusValue]) -> Void
    var slot: OpaquePointer?
    weak var owner: BusConnection?

    init(handler: @escaping ([BusValue]) -> Void, owner: BusConnection) {
        self.handler = handler
        self.owner = owner
    }

    deinit { sd_bus_slot_unref(slot) }

    func deliver(_ message: OpaquePointer) {
        guard let values = try? BusMessageReader(message: message).readAll() else { return }
        handler(values)
    }
}

private let signalCallback: sd_bus_message_handler_t = { message, userdata, _ in
    guard let message, let userdata else { return 0 }
    Unmanaged<BusSubscription>.fromOpaque(userdata).takeUnretainedValue().deliver(message)
    return 0
}
