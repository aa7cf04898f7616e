import CSDBus
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

/// The client side without blocking, for the daemon's poll loop: a call's reply and a match's
/// signals arrive while the loop processes the connection (`processPending`). A call that gets
/// no answer within its timeout is answered by sd-bus itself with
/// `org.freedesktop.DBus.Error.Timeout` at the connection's next deadline (`timeoutMicroseconds`),
/// so the loop needs no timer of its own.
extension BusConnection {
    /// Sends a method call and returns at once; `reply` runs once, later, with the reply's values
    /// or the error (`BusMethodError` for an error reply, a timeout, or an unknown destination).
    /// Dropping the returned call before its reply cancels it (`reply` then never runs).
    public func callAsync(destination: String, path: String, interface: String, member: String,
                          arguments: [BusValue] = [], timeout: Double,
                          reply: @escaping (Result<[BusValue], Error>) -> Void) throws -> BusPendingCall {
        var message: OpaquePointer?
        try BusError.check(sd_bus_message_new_method_call(bus, &message, destination, path, interface, member),
                           "creating call \(interface).\(member)")
        defer { sd_bus_message_unref(message) }
        guard let message else { throw BusError.failed(operation: "sd_bus_message_new_method_call", code: -ENOMEM) }
        try BusMessageWriter(message: message).append(arguments)
        let pending = BusPendingCall(reply: reply)
        var slot: OpaquePointer?
        try BusError.check(sd_bus_call_async(bus, &slot, message, replyCallback, Unmanaged.passUnretained(pending).toOpaque(),
                                             UInt64(max(0.001, timeout) * 1_000_000)),
                           "calling \(interface).\(member) on \(destination)")
        pending.slot = slot
        return pending
    }

    /// Subscribes to signals matching `rule` (a D-Bus match rule) without waiting for the bus to
    /// confirm: the match is installed when the connection is next processed. A bus that refuses
    /// the match is reported through `log`; the connection stays open (sd-bus would close it).
    public func subscribeAsync(rule: String, handler: @escaping ([BusValue]) -> Void) throws -> BusSubscription {
        let subscription = BusSubscription(handler: handler, owner: self)
        var slot: OpaquePointer?
        try BusError.check(sd_bus_add_match_async(bus, &slot, rule, asyncSignalCallback, matchInstalledCallback,
                                                  Unmanaged.passUnretained(subscription).toOpaque()),
                           "subscribing to \(rule)")
        subscription.slot = slot
        return subscription
    }
}

/// A call waiting for its reply; dropping it cancels the call.
public final class BusPendingCall {
    private var reply: ((Result<[BusValue], Error>) -> Void)?
    var slot: OpaquePointer?

    init(reply: @escaping (Result<[BusValue], Error>) -> Void) { self.reply = reply }

    deinit { sd_bus_slot_unref(slot) }

    /// True once the reply (or the error) has been delivered.
    public var isDone: Bool { reply == nil }

    func deliver(_ message: OpaquePointer) {
        guard let reply else { return }
        self.reply = nil
        if let error = sd_bus_message_get_error(message), sd_bus_error_is_set(error) != 0 {
            reply(.failure(BusMethodError(name: error.pointee.name.map { String(cString: $0) } ?? "",
                                          message: error.pointee.message.map { String(cString: $0) } ?? "")))
            return
        }
        do { reply(.success(try BusMessageReader(message: message).readAll())) } catch { reply(.failure(error)) }
    }
}

private let replyCallback: sd_bus_message_handler_t = { message, userdata, _ in
    guard let message, let userdata else { return 0 }
    Unmanaged<BusPendingCall>.fromOpaque(userdata).takeUnretainedValue().deliver(message)
    return 0
}

private let matchInstalledCallback: sd_bus_message_handler_t = { message, userdata, _ in
    guard let message, let userdata, let error = sd_bus_message_get_error(message), sd_bus_error_is_set(error) != 0 else { return 0 }
    let subscription = Unmanaged<BusSubscription>.fromOpaque(userdata).takeUnretainedValue()
    subscription.owner?.log?("the bus refused a signal match: \(error.pointee.message.map { String(cString: $0) } ?? "")")
    return 0
}

private let asyncSignalCallback: sd_bus_message_handler_t = { message, userdata, _ in
    guard let message, let userdata else { return 0 }
    Unmanaged<BusSubscription>.fromOpaque(userdata).takeUnretainedValue().deliver(message)
    return 0
}
