import CSDBus

/// Appends `BusValue`s to an sd-bus message under construction.
struct BusMessageWriter {
    let message: OpaquePointer

    func append(_ values: [BusValue]) throws {
        for value in values { try append(value) }
    }

    func append(_ value: BusValue) throws {
        switch value {
        case .byte(let v): try basic("y", v)
        case .bool(let v): try basic("b", Int32(v ? 1 : 0))
        case .int16(let v): try basic("n", v)
        case .uint16(let v): try basic("q", v)
        case .int32(let v): try basic("i", v)
        case .uint32(let v): try basic("u", v)
        case .int64(let v): try basic("x", v)
        case .uint64(let v): try basic("t", v)
        case .double(let v): try basic("d", v)
        case .string(let s): try string("s", s)
        case .objectPath(let s): try string("o", s)
        case .signature(let s): try string("g", s)
        case .bytes(let bytes):
            let r = bytes.withUnsafeBytes { raw in
                sd_bus_message_append_array(message, typeCode("y"), raw.baseAddress, raw.count)
            }
            try BusError.check(r, "sd_bus_message_append_array")
        case .array(let items, let element):
            for item in items where item.signature != element {
                throw BusError.invalidValue("array of '\(element)' holding a '\(item.signature)'")
            }
            try container("a", element) { try append(items) }
        case .dict(let entries, let key, let valueType):
            let entry = key + valueType
            try container("a", "{" + entry + "}") {
                for e in entries {
                    guard e.key.signature == key, e.value.signature == valueType else {
                        throw BusError.invalidValue("dict of '\(entry)' holding '\(e.key.signature)\(e.value.signature)'")
                    }
                    try container("e", entry) { try append(e.key); try append(e.value) }
                }
            }
        case .structure(let fields):
            guard !fields.isEmpty else { throw BusError.invalidValue("empty struct") }
            try container("r", fields.map(\.signature).joined()) { try append(fields) }
        case .variant(let inner):
            try container("v", inner.signature) { try append(inner) }
        }
    }

    private func basic<T: BitwiseCopyable>(_ type: Unicode.Scalar, _ value: T) throws {
        let r = withUnsafePointer(to: value) { sd_bus_message_append_basic(message, typeCode(type), $0) }
        try BusError.check(r, "sd_bus_message_append_basic('\(type)')")
    }

    private func string(_ type: Unicode.Scalar, _ value: String) throws {
        let r = value.withCString { sd_bus_message_append_basic(message, typeCode(type), $0) }
        try BusError.check(r, "sd_bus_message_append_basic('\(type)')")
    }

    private func container(_ type: Unicode.Scalar, _ contents: String, _ body: () throws -> Void) throws {
        let opened = contents.withCString { sd_bus_message_open_container(message, typeCode(type), $0) }
        try BusError.check(opened, "sd_bus_message_open_container('\(type)', '\(contents)')")
        try body()
        try BusError.check(sd_bus_message_close_container(message), "sd_bus_message_close_container")
    }
}
