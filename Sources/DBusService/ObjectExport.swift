import CSDBus
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

/// The userdata box behind one `sd_bus_add_object` registration: every method call to
/// `path` lands in `handle(_:)`, which dispatches by interface and member in Swift.
final class ObjectNode {
    let path: String
    var interfaces: [BusInterface] = []
    var slot: OpaquePointer?
    weak var owner: BusConnection?

    init(path: String, owner: BusConnection) {
        self.path = path
        self.owner = owner
    }

    /// Answers one method call. Always returns 1 ("handled") so sd-bus adds nothing.
    func handle(_ message: OpaquePointer) -> Int32 {
        guard sd_bus_message_is_method_call(message, nil, nil) > 0 else { return 0 }
        // Names are compared as C strings: most calls (Notify) need no Swift copy of them.
        let interfaceName = sd_bus_message_get_interface(message)
        let member = sd_bus_message_get_member(message).map { String(cString: $0) } ?? ""
        let signature = sd_bus_message_get_signature(message, 1)
        let signatureText = { signature.map { String(cString: $0) } ?? "" }

        if member == "Introspect", interfaceName.map({ Self.equals($0, Introspection.interfaceName) }) ?? true {
            guard signature.map({ $0.pointee == 0 }) ?? true else {
                return replyError(message, .invalidArgs("Introspect takes no arguments, got '\(signatureText())'"))
            }
            return replyValues(message, [.string(Introspection.xml(for: interfaces))])
        }

        // Indices, not copies: a copy of the interface and method retains each of their fields.
        var found: (interface: Int, method: Int)?
        var interfaceKnown = interfaceName == nil
        for i in interfaces.indices where interfaceName.map({ Self.equals($0, interfaces[i].name) }) ?? true {
            interfaceKnown = true
            if let m = interfaces[i].methods.firstIndex(where: { $0.name == member }) { found = (i, m); break }
        }
        guard let found else {
            let named = interfaceName.map { String(cString: $0) }
            if !interfaceKnown, let named {
                return replyError(message, .unknownInterface("No interface '\(named)' at \(path)"))
            }
            return replyError(message, .unknownMethod(
                "No method '\(member)' in \(named ?? "any interface") at \(path)"))
        }
        let interface = (name: interfaces[found.interface].name, handler: interfaces[found.interface].handler)
        let (inputSignature, outputSignature, decodesArguments) = interfaces[found.interface].methods[found.method].signatures
        guard signature.map({ Self.equals($0, inputSignature) }) ?? inputSignature.isEmpty else {
            return replyError(message, .invalidArgs(
                "\(member) expects arguments '\(inputSignature)', got '\(signatureText())'"))
        }
        var arguments: [BusValue] = []
        if decodesArguments {
            do {
                arguments = try BusMessageReader(message: message).readAll()
            } catch {
                return replyError(message, .invalidArgs("could not read arguments of \(member): \(error)"))
            }
        }
        let call = BusCall(path: path, interface: interface.name, member: member,
                           sender: sd_bus_message_get_sender(message).map { String(cString: $0) }, arguments: arguments,
                           reader: decodesArguments ? nil : BusMessageReader(message: message))
        let reply: BusReply
        do {
            reply = try interface.handler(call)
        } catch let error as BusMethodError {
            return replyError(message, error)
        } catch {
            return replyError(message, .failed(String(describing: error)))
        }
        let replySignature = reply.values.count == 1 ? reply.values[0].signature : reply.values.map(\.signature).joined()
        guard replySignature == outputSignature else {
            owner?.log?("\(interface.name).\(member) returned '\(replySignature)', declared '\(outputSignature)'")
            return replyError(message, .failed("internal error: \(member) produced a malformed reply"))
        }
        return replyValues(message, reply.values)
    }

    private func replyValues(_ call: OpaquePointer, _ values: [BusValue]) -> Int32 {
        guard sd_bus_message_get_expect_reply(call) > 0 else { return 1 }
        var reply: OpaquePointer?
        do {
            try BusError.check(sd_bus_message_new_method_return(call, &reply), "sd_bus_message_new_method_return")
            defer { sd_bus_message_unref(reply) }
            guard let reply else { return 1 }
            try BusMessageWriter(message: reply).append(values)
            try BusError.check(sd_bus_send(nil, reply, nil), "sd_bus_send")
        } catch {
            owner?.log?("could not send the reply to \(path): \(error)")
            return replyError(call, .failed("could not encode the reply"))
        }
        return 1
    }

    private func replyError(_ call: OpaquePointer, _ error: BusMethodError) -> Int32 {
        let name = Self.isValidErrorName(error.name) ? error.name : "org.freedesktop.DBus.Error.Failed"
        var busError = sd_bus_error(name: nil, message: nil, _need_free: 0)
        defer { sd_bus_error_free(&busError) }
        _ = sd_bus_error_set(&busError, name, error.message)
        let r = sd_bus_reply_method_error(call, &busError)
        if r < 0 { owner?.log?("could not send error \(name) at \(path): \(BusError.failed(operation: "reply", code: r))") }
        return 1
    }

    /// `text` equals the NUL-terminated `cString`.
    static func equals(_ cString: UnsafePointer<CChar>, _ text: String) -> Bool {
        var text = text
        return text.withUTF8 { utf8 in
            strlen(cString) == utf8.count && (utf8.isEmpty || memcmp(cString, utf8.baseAddress!, utf8.count) == 0)
        }
    }

    /// D-Bus error names follow interface-name rules; a bad one would get us disconnected.
    static func isValidErrorName(_ name: String) -> Bool {
        let bytes = Array(name.utf8)
        guard bytes.count <= 255 else { return false }
        let elements = bytes.split(separator: UInt8(ascii: "."), omittingEmptySubsequences: false)
        guard elements.count >= 2 else { return false }
        return elements.allSatisfy { element in
            guard let first = element.first, !(UInt8(ascii: "0")...UInt8(ascii: "9")).contains(first) else { return false }
            return element.allSatisfy { b in
                (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(b) || (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains(b)
                    || (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(b) || b == UInt8(ascii: "_")
            }
        }
    }
}

/// The C entry point registered with `sd_bus_add_object`; userdata is an unretained `ObjectNode`
/// that the owning `BusConnection` keeps alive for as long as the slot exists.
let objectNodeCallback: sd_bus_message_handler_t = { message, userdata, _ in
    guard let message, let userdata else { return 0 }
    return Unmanaged<ObjectNode>.fromOpaque(userdata).takeUnretainedValue().handle(message)
}
