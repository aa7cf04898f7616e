import DBusService

/// The history file's format: a magic line, then each entry's record — the whole Notify request
/// (hints, icon and image included) with its id, times and close reason — as tagged binary
/// values. Little-endian; strings are UTF-8 with a 32-bit length.
enum HistoryCodec {
    static let magic = Array("overlay-wl history 1\n".utf8)
    /// Nesting allowed in a hint value (D-Bus allows 64; no real hint comes near).
    static let maximumDepth = 32

    struct Malformed: Error, CustomStringConvertible {
        let description: String
    }

    static func encode(_ entries: some Sequence<HistoryEntry>) -> [UInt8] {
        var w = Writer()
        w.bytes += magic
        for entry in entries {
            let r = entry.record, q = r.request
            w.u32(r.id); w.f64(r.created); w.f64(r.updated); w.string(entry.reason)
            w.string(q.appName); w.u32(q.replacesID); w.string(q.appIcon); w.string(q.summary); w.string(q.body)
            w.u32(UInt32(q.actions.count))
            for action in q.actions { w.string(action.key); w.string(action.label) }
            w.u32(UInt32(q.hints.count))
            for key in q.hints.keys.sorted() {
                w.string(key)
                w.value(q.hints[key]!)
            }
            w.u32(UInt32(bitPattern: q.expireTimeout))
            w.string(q.sender ?? "")
        }
        return w.bytes
    }

    static func decode(_ bytes: [UInt8]) throws -> [HistoryEntry] {
        guard bytes.starts(with: magic) else { throw Malformed(description: "not an overlay-wl history file") }
        var r = Reader(bytes: bytes, at: magic.count)
        var entries: [HistoryEntry] = []
        while !r.atEnd {
            let id = try r.u32(), created = try r.f64(), updated = try r.f64(), reason = try r.string()
            let appName = try r.string(), replacesID = try r.u32(), appIcon = try r.string()
            let summary = try r.string(), body = try r.string()
            var actions: [NotificationAction] = []
            for _ in 0..<(try r.count()) { actions.append(NotificationAction(key: try r.string(), label: try r.string())) }
            var hints: [String: BusValue] = [:]
            for _ in 0..<(try r.count()) { hints[try r.string()] = try r.value(depth: 0) }
            let expire = Int32(bitPattern: try r.u32())
            let sender = try r.string()
            let request = NotifyRequest(appName: appName, replacesID: replacesID, appIcon: appIcon, summary: summary,
                                        body: body, actions: actions, hints: hints, expireTimeout: expire,
                                        sender: sender.isEmpty ? nil : sender)
            entries.append(HistoryEntry(record: NotificationRecord(id: id, request: request, created: created, updated: updated),
                                        reason: reason))
        }
        return entries
    }

    private struct Writer {
        var bytes: [UInt8] = []
        mutating func u8(_ v: UInt8) { bytes.append(v) }
        mutating func u16(_ v: UInt16) { for i in 0..<2 { bytes.append(UInt8(truncatingIfNeeded: v >> (8 * i))) } }
        mutating func u32(_ v: UInt32) { for i in 0..<4 { bytes.append(UInt8(truncatingIfNeeded: v >> (8 * i))) } }
        mutating func u64(_ v: UInt64) { for i in 0..<8 { bytes.append(UInt8(truncatingIfNeeded: v >> (8 * i))) } }
        mutating func f64(_ v: Double) { u64(v.bitPattern) }
        mutating func string(_ s: String) { blob(Array(s.utf8)) }
        mutating func blob(_ b: [UInt8]) { u32(UInt32(b.count)); bytes += b }

        mutating func value(_ v: BusValue) {
            switch v {
            case .byte(let x): u8(0x79); u8(x)
            case .bool(let x): u8(0x62); u8(x ? 1 : 0)
            case .int16(let x): u8(0x6E); u16(UInt16(bitPattern: x))
            case .uint16(let x): u8(0x71); u16(x)
            case .int32(let x): u8(0x69); u32(UInt32(bitPattern: x))
            case .uint32(let x): u8(0x75); u32(x)
            case .int64(let x): u8(0x78); u64(UInt64(bitPattern: x))
            case .uint64(let x): u8(0x74); u64(x)
            case .double(let x): u8(0x64); f64(x)
            case .string(let x): u8(0x73); string(x)
            case .objectPath(let x): u8(0x6F); string(x)
            case .signature(let x): u8(0x67); string(x)
            case .bytes(let x): u8(0x42); blob(x)
            case .array(let items, let element):
                u8(0x61); string(element); u32(UInt32(items.count))
                for item in items { value(item) }
            case .dict(let entries, let key, let valueSignature):
                u8(0x65); string(key); string(valueSignature); u32(UInt32(entries.count))
                for entry in entries { value(entry.key); value(entry.value) }
            case .structure(let items):
                u8(0x72); u32(UInt32(items.count))
                for item in items { value(item) }
            case .variant(let inner): u8(0x76); value(inner)
            }
        }
    }

    private struct Reader {
        let bytes: [UInt8]
        var at: Int
        var atEnd: Bool { at >= bytes.count }

        mutating func take(_ n: Int) throws -> ArraySlice<UInt8> {
            guard n >= 0, bytes.count - at >= n else { throw Malformed(description: "truncated at byte \(at)") }
            defer { at += n }
            return bytes[at..<at + n]
        }
        mutating func uint(_ size: Int) throws -> UInt64 {
            try take(size).reversed().reduce(0) { $0 << 8 | UInt64($1) }
        }
        mutating func u8() throws -> UInt8 { UInt8(try uint(1)) }
        mutating func u32() throws -> UInt32 { UInt32(try uint(4)) }
        mutating func f64() throws -> Double { Double(bitPattern: try uint(8)) }
        /// A count no larger than the bytes left could hold (each item takes at least one byte).
        mutating func count() throws -> Int {
            let n = Int(try u32())
            guard n <= bytes.count - at else { throw Malformed(description: "count \(n) at byte \(at - 4) exceeds the file") }
            return n
        }
        mutating func blob() throws -> [UInt8] { Array(try take(Int(try u32()))) }
        mutating func string() throws -> String {
            let raw = try blob()
            guard let s = String(validating: raw, as: UTF8.self) else { throw Malformed(description: "invalid UTF-8 at byte \(at)") }
            return s
        }

        mutating func value(depth: Int) throws -> BusValue {
            guard depth < HistoryCodec.maximumDepth else { throw Malformed(description: "values nested too deep at byte \(at)") }
            let tag = try u8()
            switch tag {
            case 0x79: return .byte(try u8())
            case 0x62: return .bool(try u8() != 0)
            case 0x6E: return .int16(Int16(bitPattern: UInt16(try uint(2))))
            case 0x71: return .uint16(UInt16(try uint(2)))
            case 0x69: return .int32(Int32(bitPattern: try u32()))
            case 0x75: return .uint32(try u32())
            case 0x78: return .int64(Int64(bitPattern: try uint(8)))
            case 0x74: return .uint64(try uint(8))
            case 0x64: return .double(try f64())
            case 0x73: return .string(try string())
            case 0x6F: return .objectPath(try string())
            case 0x67: return .signature(try string())
            case 0x42: return .bytes(try blob())
            case 0x61:
                let element = try string()
                return .array(try (0..<count()).map { _ in try value(depth: depth + 1) }, elementSignature: element)
            case 0x65:
                let key = try string(), valueSignature = try string()
                let entries = try (0..<count()).map { _ in
                    BusDictEntry(key: try value(depth: depth + 1), value: try value(depth: depth + 1))
                }
                return .dict(entries, keySignature: key, valueSignature: valueSignature)
            case 0x72: return .structure(try (0..<count()).map { _ in try value(depth: depth + 1) })
            case 0x76: return .variant(try value(depth: depth + 1))
            default: throw Malformed(description: "unknown value tag \(tag) at byte \(at - 1)")
            }
        }
    }
}
