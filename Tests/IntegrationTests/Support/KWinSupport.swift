import Foundation

/// `scripts/kwin-screenshot`, copied where the rig user can run it (like the daemon's binary).
enum KWinScreenshotScript {
    private static let lock = NSLock()
    private static var prepared: String?

    static func prepare() throws -> String {
        lock.lock(); defer { lock.unlock() }
        if let prepared { return prepared }
        let dir = "\(TestScratch.runDirectory)/bin"
        try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
        chmod(dir, 0o755)
        let dest = "\(dir)/kwin-screenshot"
        try? FileManager.default.removeItem(atPath: dest)
        try FileManager.default.copyItem(atPath: "\(Rig.repoRoot)/scripts/kwin-screenshot", toPath: dest)
        chmod(dest, 0o755)
        prepared = dest
        return dest
    }
}

/// Requests and events of a `WAYLAND_DEBUG=1` trace (libwayland's stderr log), parsed.
struct WaylandTrace {
    /// One traced message: `-> object@id.request(args)` (sent) or `object@id.event(args)`.
    struct Message: CustomStringConvertible {
        let sent: Bool
        let interface: String
        let object: Int
        let name: String
        let arguments: [String]
        var description: String { "\(sent ? "-> " : "")\(interface)@\(object).\(name)(\(arguments.joined(separator: ", ")))" }

        /// Argument `i` as an integer (`new id wl_buffer@12` gives 12).
        func integer(_ i: Int) -> Int? {
            guard i < arguments.count else { return nil }
            let text = arguments[i]
            if let at = text.lastIndex(of: "@") { return Int(text[text.index(after: at)...]) }
            return Int(text)
        }
    }

    let messages: [Message]

    init(_ text: String) {
        messages = text.split(separator: "\n").compactMap(WaylandTrace.parse)
    }

    /// `[1234.567]  -> wl_surface@3.attach(wl_buffer@20, 0, 0)`
    private static func parse(_ line: Substring) -> Message? {
        guard let close = line.firstIndex(of: "]") else { return nil }
        var rest = line[line.index(after: close)...].drop { $0 == " " }
        let sent = rest.hasPrefix("-> ")
        if sent { rest = rest.dropFirst(3) }
        guard let at = rest.firstIndex(of: "@"), let dot = rest[at...].firstIndex(of: "."),
              let open = rest[dot...].firstIndex(of: "("), rest.hasSuffix(")"),
              let object = Int(rest[rest.index(after: at)..<dot]) else { return nil }
        let inner = rest[rest.index(after: open)..<rest.index(before: rest.endIndex)]
        let arguments = inner.isEmpty ? [] : inner.components(separatedBy: ", ")
        return Message(sent: sent, interface: String(rest[..<at]), object: object,
                       name: String(rest[rest.index(after: dot)..<open]), arguments: arguments)
    }

    func sent(_ interface: String, _ name: String) -> [Message] {
        messages.filter { $0.sent && $0.interface == interface && $0.name == name }
    }

    func received(_ interface: String, _ name: String) -> [Message] {
        messages.filter { !$0.sent && $0.interface == interface && $0.name == name }
    }
}
