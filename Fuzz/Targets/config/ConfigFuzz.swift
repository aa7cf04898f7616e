import OverlayConfig
import OverlayEngine

// The config file: TOML parsed and every setting validated (ConfigParser), with the daemon's
// built-in container names known; a config that passes is applied to a fresh engine, as the
// daemon applies it, and its rules are matched against a notification.

nonisolated(unsafe) let parser = ConfigParser(builtInContainers: ["notifications", "tips", "tour", "center"])

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzConfig(_ data: UnsafePointer<UInt8>?, _ size: Int) -> Int32 {
    let text = String(decoding: UnsafeBufferPointer(start: data, count: size), as: UTF8.self)
    let config: OverlayConfiguration
    do {
        config = try parser.parse(text, file: "fuzz.toml")
    } catch {
        precondition(error.line >= 1 && error.column >= 1, "error without a place: \(error)")
        return 0
    }
    var manager = OverlayManager()
    for spec in config.containers { try? manager.register(spec.configuration, now: 0) }
    let facts = NotificationFacts(appName: "fuzz", summary: "Hello", body: "a <b>body</b>", urgency: 1)
    for rule in config.rules { _ = rule.matches(facts, modes: ["do-not-disturb"]) }
    return 0
}
