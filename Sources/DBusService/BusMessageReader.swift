import CSDBus

/// D-Bus type codes as the `char` sd-bus takes.
@inline(__always) func typeCode(_ scalar: Unicode.Scalar) -> CChar {
    CChar(bitPattern: UInt8(ascii: scalar))
}

/// Reads complete values of any type from an sd-bus message, recursively.
/// Never traps: anything unexpected becomes a thrown `BusError`.
struct BusMessageReader {
    let message: OpaquePointer

    /// Reads every remaining value at the current level.
    func readAll() throws -> [BusValue] {
        var values: [BusValue] = []
        while let value = try readNext() { values.append(value) }
        return values
    }

    /// Reads the next complete value, or nil at the end of the current container.
    func readNext() throws -> BusValue? {
        var type: CChar = 0
        var contents: UnsafePointer<CChar>?
        let more = try BusError.check(sd_bus_message_peek_type(message, &type, &contents), "sd_bus_message_peek_type")
        if more == 0 { return nil }
        let inner = contents.map { String(cString: $0) } ?? ""

        switch UInt8(bitPattern: type) {
        case UInt8(ascii: "y"): return .byte(try basic(type, UInt8(0)))
        case UInt8(ascii: "b"): return .bool(try basic(type, Int32(0)) != 0)
        case UInt8(ascii: "n"): return .int16(try basic(type, Int16(0)))
        case UInt8(ascii: "q"): return .uint16(try basic(type, UInt16(0)))
        case UInt8(ascii: "i"): return .int32(try basic(type, Int32(0)))
        case UInt8(ascii: "u"): return .uint32(try basic(type, UInt32(0)))
        case UInt8(ascii: "x"): return .int64(try basic(type, Int64(0)))
        case UInt8(ascii: "t"): return .uint64(try basic(type, UInt64(0)))
        case UInt8(ascii: "d"): return .double(try basic(type, Double(0)))
        case UInt8(ascii: "s"): return .string(try string(type))
        case UInt8(ascii: "o"): return .objectPath(try string(type))
        case UInt8(ascii: "g"): return .signature(try string(type))
        case UInt8(ascii: "a"):
            if inner == "y" { return .bytes(try byteArray()) }
            if inner.hasPrefix("{") { return try dict(inner) }
            return .array(try container(type, inner), elementSignature: inner)
        case UInt8(ascii: "r"):
            return .structure(try container(type, inner))
        case UInt8(ascii: "v"):
            let values = try container(type, inner)
            guard values.count == 1 else { throw BusError.invalidValue("variant holding \(values.count) values") }
            return .variant(values[0])
        default:
            throw BusError.unsupportedType(String(UnicodeScalar(UInt8(bitPattern: type))))
        }
    }

    // Typed reads for calls whose signature is known (checked before the handler runs).

    func string() throws -> String { try string(typeCode("s")) }
    func uint32() throws -> UInt32 { try basic(typeCode("u"), UInt32(0)) }
    func int32() throws -> Int32 { try basic(typeCode("i"), Int32(0)) }

    /// `as`.
    func strings() throws -> [String] {
        try enter(typeCode("a"), "s")
        var out: [String] = []
        while try !atEnd() { out.append(try string()) }
        try BusError.check(sd_bus_message_exit_container(message), "sd_bus_message_exit_container")
        return out
    }

    /// `a{sv}`, each value without its variant wrapper(s); a repeated key keeps its last value.
    func variantDictionary() throws -> [String: BusValue] {
        try enter(typeCode("a"), "{sv}")
        var out: [String: BusValue] = [:]
        while try !atEnd() {
            try enter(typeCode("e"), "sv")
            let key = try string()
            guard let value = try readNext() else { throw BusError.invalidValue("dict entry without a value") }
            out[key] = value.unwrapped
            try BusError.check(sd_bus_message_exit_container(message), "sd_bus_message_exit_container")
        }
        try BusError.check(sd_bus_message_exit_container(message), "sd_bus_message_exit_container")
        return out
    }

    /// True at the end of the current container.
    private func atEnd() throws -> Bool {
        try BusError.check(sd_bus_message_at_end(message, 0), "sd_bus_message_at_end") > 0
    }

    private func basic<T: BitwiseCopyable>(_ type: CChar, _ initial: T) throws -> T {
        var value = initial
        let r = withUnsafeMutablePointer(to: &value) { sd_bus_message_read_basic(message, type, $0) }
        try BusError.check(r, "sd_bus_message_read_basic")
        return value
    }

    private func string(_ type: CChar) throws -> String {
        var pointer: UnsafePointer<CChar>?
        try BusError.check(sd_bus_message_read_basic(message, type, &pointer), "sd_bus_message_read_basic")
        guard let pointer else { throw BusError.invalidValue("null string") }
        return String(cString: pointer)
    }

    private func byteArray() throws -> [UInt8] {
        var pointer: UnsafeRawPointer?
        var size = 0
        try BusError.check(sd_bus_message_read_array(message, typeCode("y"), &pointer, &size), "sd_bus_message_read_array")
        guard let pointer, size > 0 else { return [] }
        return Array(UnsafeRawBufferPointer(start: pointer, count: size))
    }

    private func container(_ type: CChar, _ contents: String) throws -> [BusValue] {
        try enter(type, contents)
        let values = try readAll()
        try BusError.check(sd_bus_message_exit_container(message), "sd_bus_message_exit_container")
        return values
    }

    private func enter(_ type: CChar, _ contents: String) throws {
        // withCString lends the string's bytes (passing a String for a C pointer copies it).
        let entered = contents.withCString { sd_bus_message_enter_container(message, type, $0) }
        let r = try BusError.check(entered, "sd_bus_message_enter_container")
        if r == 0 { throw BusError.invalidValue("no container '\(contents)' to enter") }
    }

    /// `a{kv}`: `contents` is "{kv}".
    private func dict(_ contents: String) throws -> BusValue {
        let entrySignature = String(contents.dropFirst().dropLast())
        guard let parts = BusSignature.split(entrySignature), parts.count == 2 else {
            throw BusError.invalidValue("dict entry signature '\(contents)'")
        }
        try enter(typeCode("a"), contents)
        var entries: [BusDictEntry] = []
        while true {
            var type: CChar = 0
            var inner: UnsafePointer<CChar>?
            let more = try BusError.check(sd_bus_message_peek_type(message, &type, &inner), "sd_bus_message_peek_type")
            if more == 0 { break }
            let fields = try container(typeCode("e"), entrySignature)
            guard fields.count == 2 else { throw BusError.invalidValue("dict entry with \(fields.count) fields") }
            entries.append(BusDictEntry(key: fields[0], value: fields[1]))
        }
        try BusError.check(sd_bus_message_exit_container(message), "sd_bus_message_exit_container")
        return .dict(entries, keySignature: parts[0], valueSignature: parts[1])
    }
}
