import ArgumentParser
import DBusService
import Glibc

/// The CLI's side of org.overlaywl.Control1: one call per command, errors as one clear line.
struct ControlClient {
    let bus: BusConnection

    init() throws {
        do { bus = try BusConnection() } catch { throw fail("cannot connect to the session bus: \(error)") }
    }

    func call(_ member: String, _ arguments: [BusValue] = []) throws -> [BusValue] {
        do {
            return try bus.call(destination: ControlFrontend.busName, path: ControlFrontend.path,
                                interface: ControlFrontend.interfaceName, member: member, arguments: arguments)
        } catch let error as BusMethodError {
            if error.name == "org.freedesktop.DBus.Error.ServiceUnknown" || error.name == "org.freedesktop.DBus.Error.NameHasNoOwner" {
                throw fail("no overlay-wl daemon on this session bus (start `overlay-wl daemon`)")
            }
            throw fail(error.name.hasPrefix("org.overlaywl.") || error.name.hasSuffix(".InvalidArgs")
                       ? error.message : "\(error.name): \(error.message)")
        } catch {
            throw fail("\(member) failed: \(error)")
        }
    }

    /// A method whose only answer is a string.
    func string(_ member: String, _ arguments: [BusValue] = []) throws -> String {
        try call(member, arguments).first?.stringValue ?? ""
    }

    func strings(_ member: String, _ arguments: [BusValue] = []) throws -> [String] {
        try call(member, arguments).first?.strings ?? []
    }

    func uint(_ member: String, _ arguments: [BusValue] = []) throws -> UInt32 {
        try call(member, arguments).first?.uint ?? 0
    }
}

/// Prints and flushes at once (a script may be reading while we wait).
func printNow(_ line: String) {
    print(line)
    fflush(stdout)
}

/// "a,b" and repeated options alike → ["a", "b"].
func commaList(_ values: [String]) -> [String] {
    values.flatMap { $0.split(separator: ",").map(String.init) }.filter { !$0.isEmpty }
}
