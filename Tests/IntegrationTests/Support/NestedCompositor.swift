import Foundation

/// A sway inside the rig's sway (wlroots' Wayland backend): each of its outputs is a window of
/// the outer compositor, so closing that window unplugs a real wl_output — what a monitor
/// unplugged does, which the headless backend of sway 1.7 cannot do (`output … disable` fails).
final class NestedCompositor {
    let rig: Rig
    let process: RunningProcess
    /// Its WAYLAND_DISPLAY, and its IPC socket.
    let display: String
    let socket: String

    init(rig: Rig, outputs: Int) throws {
        self.rig = rig
        socket = "\(rig.shotsDirectory)/nested-\(UUID().uuidString.prefix(8)).sock"
        let config = try rig.writeScratchFile("nested-\(UUID().uuidString.prefix(8)).cfg", Data("""
            output * bg #000000 solid_color
            default_border none
            xwayland disable
            """.utf8))
        let runtime = "\(rig.dir)/rt"
        let before = Self.displays(in: runtime)
        process = try rig.spawn(["env", "WLR_BACKENDS=wayland", "WLR_RENDERER=pixman", "WLR_WL_OUTPUTS=\(outputs)",
                                 "WLR_LIBINPUT_NO_DEVICES=1", "SWAYSOCK=\(socket)", "sway", "-c", config])
        var found: String?
        let deadline = Date().addingTimeInterval(10)
        while Date() < deadline {
            found = Self.displays(in: runtime).subtracting(before).first
            if found != nil, (try? Self.outputs(rig: rig, socket: socket))?.count == outputs {
                break
            }
            guard process.isRunning else { break }
            Thread.sleep(forTimeInterval: 0.1)
        }
        guard let found, process.isRunning else {
            process.stop()
            throw HarnessError.failed("the nested sway did not come up: \(process.output)")
        }
        display = found
    }

    /// Wayland sockets in the runtime dir ("wayland-N", not the locks).
    private static func displays(in runtime: String) -> Set<String> {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: runtime)) ?? []
        return Set(names.filter { $0.hasPrefix("wayland-") && !$0.hasSuffix(".lock") })
    }

    /// Its outputs' names.
    func outputs() throws -> [String] { try Self.outputs(rig: rig, socket: socket) }

    private static func outputs(rig: Rig, socket: String) throws -> [String] {
        let out = rig.run(["swaymsg", "-s", socket, "-r", "-t", "get_outputs"])
        guard out.succeeded, let list = try JSONSerialization.jsonObject(with: Data(out.stdout.utf8)) as? [[String: Any]]
        else { throw HarnessError.failed("nested get_outputs failed: \(out)") }
        return list.compactMap { $0["name"] as? String }
    }

    /// Closes the outer window that is `output`: the nested sway loses that output.
    func unplug(_ output: String) throws {
        let out = rig.run(["swaymsg", "[title=\"wlroots - \(output)\"] kill"])
        guard out.succeeded else { throw HarnessError.failed("closing \(output)'s window failed: \(out)") }
        let deadline = Date().addingTimeInterval(5)
        while try outputs().contains(output) {
            guard Date() < deadline else { throw HarnessError.failed("\(output) is still there") }
            Thread.sleep(forTimeInterval: 0.05)
        }
    }

    /// Adds an output (`swaymsg create_output`: a new window of the outer compositor); returns its name.
    func createOutput() throws -> String {
        let before = Set(try outputs())
        let out = rig.run(["swaymsg", "-s", socket, "create_output"])
        guard out.succeeded else { throw HarnessError.failed("nested create_output failed: \(out)") }
        let deadline = Date().addingTimeInterval(5)
        while Date() < deadline {
            if let new = Set(try outputs()).subtracting(before).first { return new }
            Thread.sleep(forTimeInterval: 0.05)
        }
        throw HarnessError.failed("nested create_output: no new output appeared")
    }

    /// `swaymsg -s SOCKET ARGS`.
    @discardableResult
    func swaymsg(_ args: [String]) -> ProcessOutput { rig.run(["swaymsg", "-s", socket] + args) }

    func stop() { process.stop() }
}
