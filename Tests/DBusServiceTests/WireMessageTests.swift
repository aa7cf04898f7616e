import DBusService
import Glibc
import Testing

/// Raw messages as a client sends them (the fuzz target's seeds, written by jeepney), read the
/// way the daemon reads them.
@Suite struct WireMessageTests {
    static func seed(_ name: String) throws -> [UInt8] {
        let root = #filePath.split(separator: "/").dropLast(3).joined(separator: "/")
        let path = "/" + root + "/Fuzz/Corpus/dbus-message/" + name
        guard let file = fopen(path, "rb") else { throw BusError.invalidValue("cannot open \(path)") }
        defer { fclose(file) }
        var bytes: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 4096)
        while case let n = fread(&chunk, 1, chunk.count, file), n > 0 { bytes += chunk[0..<n] }
        return bytes
    }

    @Test func notifyCallIsReadAsTheServerReadsIt() throws {
        let contents = try WireMessage.read(try Self.seed("notify-plain.bin"))
        guard case .notify(let request) = contents else { Issue.record("not read as Notify: \(contents)"); return }
        #expect(request.appName == "notify-send")
        #expect(request.summary == "Hello")
        #expect(request.body == "World")
        #expect(request.expireTimeout == -1)
        #expect(request.actions.isEmpty && request.hints.isEmpty)
    }

    @Test func hintsAndImageDataArrive() throws {
        guard case .notify(let hinted) = try WireMessage.read(try Self.seed("notify-hints.bin")) else {
            Issue.record("not read as Notify"); return
        }
        #expect(hinted.urgency == .critical)
        #expect(hinted.synchronousTag == "vol")
        #expect(hinted.actions.map(\.key) == ["default", "x"])
        guard case .notify(let imaged) = try WireMessage.read(try Self.seed("notify-image.bin")) else {
            Issue.record("not read as Notify"); return
        }
        #expect(imaged.imageData?.width == 2 && imaged.imageData?.data.count == 16)
    }

    @Test func otherMessagesAreReadAsValues() throws {
        let contents = try WireMessage.read(try Self.seed("misc-types.bin"))
        guard case .values(let values) = contents else { Issue.record("expected values: \(contents)"); return }
        #expect(values.map(\.signature) == ["a(ydnqtx)", "o", "g", "av"])
    }

    @Test(arguments: [1, 12, 16, 40])
    func truncatedMessagesAreErrors(droppingBytes count: Int) throws {
        let bytes = try Self.seed("notify-plain.bin")
        #expect(throws: BusError.self) { try WireMessage.read(Array(bytes.dropLast(count))) }
    }

    @Test func emptyAndOversizedInputsAreErrors() {
        #expect(throws: BusError.self) { try WireMessage.read([]) }
        #expect(throws: BusError.invalidValue("65537 bytes is more than 65536")) {
            try WireMessage.read([UInt8](repeating: 0x6c, count: WireMessage.maximumBytes + 1))
        }
    }
}
