// A drawer's view file on a daemon without a compositor: shown in the drawer, its controls
// bound to hooks (the value one argument) and to the do-not-disturb mode, both ways.
import DBusService
import Foundation
import OverlayConfig
import OverlayEngine
import Testing
@testable import WaylandPresenter
@testable import overlay_wl

@Suite(.serialized) struct DrawerMenuDaemonTests {
    /// Nodes: 0 vstack, 1 button, 2 its label, 3 toggle, 4 slider, 5 plain button, 6 its label.
    static let menu = """
        {"type":"vstack","children":[
          {"type":"button","action":"hook:lock","label":{"type":"text","text":"Lock"}},
          {"type":"toggle","action":"mode:do-not-disturb"},
          {"type":"slider","value":50,"min":0,"max":100,"action":"hook:volume"},
          {"type":"button","action":"other","label":{"type":"text","text":"Other"}}]}
        """

    func file(_ text: String) throws -> String {
        let path = NSTemporaryDirectory() + "menu-\(UUID().uuidString.prefix(8)).json"
        try text.write(toFile: path, atomically: true, encoding: .utf8)
        return path
    }

    func harness(menu: String = menu) throws -> (DaemonHarness, ViewID?, Box) {
        let h = try DaemonHarness(config: """
            [hooks]
            lock = ["loginctl", "lock-session"]
            volume = ["set-volume", "--percent"]

            [containers.controls]
            drawer = "right"
            view = "\(try file(menu))"
            """)
        let runs = Box()
        h.daemon.hooks.launch = { argv, environment in
            runs.items.append(argv + environment.filter { entry in
                ["OVERLAY_WL_ACTION=", "OVERLAY_WL_VALUE=", "OVERLAY_WL_CONTAINER=", "OVERLAY_WL_HOOK=", "OVERLAY_WL_ID="]
                    .contains { entry.hasPrefix($0) }
            }.sorted())
            return Int32(runs.items.count)
        }
        return (h, h.daemon.menus.menus["controls"], runs)
    }

    final class Box { var items: [[String]] = [] }

    func tap(_ h: DaemonHarness, _ id: ViewID, node index: Int) throws {
        h.presenter.recordTap(on: id, part: .viewControl(index), point: nil)
        try h.update()  // the presenter delivers the click after the pass
    }

    @Test func theViewFileShowsInTheDrawerAndNeverExpires() throws {
        let (h, id, _) = try harness()
        let menu = try #require(id)
        #expect(h.presenter.manager.showing(in: "controls") == [menu])
        #expect(h.presenter.viewTree(of: menu) == (try ViewNode(json: Self.menu)))
        try h.advance(3600)
        #expect(h.presenter.manager.showing(in: "controls") == [menu])
    }

    @Test func aButtonRunsItsHookAndAPlainOneOnlyReports() throws {
        let (h, id, runs) = try harness()
        let menu = try #require(id)
        try tap(h, menu, node: 1)
        #expect(runs.items == [["loginctl", "lock-session", "OVERLAY_WL_ACTION=hook:lock",
                                "OVERLAY_WL_CONTAINER=controls", "OVERLAY_WL_HOOK=lock", "OVERLAY_WL_ID=\(menu.busID)",
                                "OVERLAY_WL_VALUE="]])
        try tap(h, menu, node: 5)
        #expect(runs.items.count == 1, "an unbound action runs nothing")
        #expect(h.signals.signals.contains { if case .viewAction(_, "other", _) = $0 { true } else { false } })
        #expect(h.presenter.manager.showing(in: "controls") == [menu], "a click never dismisses the menu")
    }

    @Test func aSliderPassesItsValueAsOneArgument() throws {
        let (h, id, runs) = try harness()
        let menu = try #require(id)
        h.daemon.presenter(h.presenter, clicked: ViewClick(view: menu, part: .viewAction(ViewAction(action: "hook:volume", value: .number(35))), point: nil))
        #expect(runs.items.first?.prefix(3) == ["set-volume", "--percent", "35"])
        #expect(runs.items.first?.contains("OVERLAY_WL_VALUE=35") == true)
    }

    @Test func aSlidersHookRunsOneAtATimeAndTheNewestValueWaits() throws {
        let (h, id, runs) = try harness()
        let menu = try #require(id)
        var exits: [Int32: () -> Void] = [:]
        h.daemon.hooks.watchExit = { pid, onExit in exits[pid] = onExit; return true }
        func slide(to value: Double) {
            h.daemon.presenter(h.presenter, clicked: ViewClick(view: menu, part: .viewAction(ViewAction(action: "hook:volume", value: .number(value))), point: nil))
        }
        func values() -> [String] { runs.items.map { $0[0] == "loginctl" ? "lock-session" : $0[2] } }
        slide(to: 10)
        slide(to: 20)
        slide(to: 30)
        #expect(values() == ["10"], "one process at a time: 20 and 30 wait, and 30 replaced 20")
        try tap(h, menu, node: 1)
        #expect(runs.items.count == 2, "another control's hook does not wait for the slider's")
        exits.removeValue(forKey: 1)?()
        #expect(values() == ["10", "lock-session", "30"], "when 10 exits, the newest waiting value runs")
        exits.removeValue(forKey: 3)?()
        slide(to: 40)
        #expect(values() == ["10", "lock-session", "30", "40"], "nothing running: the next value starts at once")
    }

    @Test func theToggleTurnsDoNotDisturbOnAndShowsItsState() throws {
        let (h, id, _) = try harness()
        let menu = try #require(id)
        try tap(h, menu, node: 3)
        #expect(h.daemon.config.doNotDisturb)
        #expect(h.presenter.viewTree(of: menu)?.node(at: 3)?.kind == .toggle(isOn: true, action: "mode:do-not-disturb"))
        // Changed elsewhere (`overlay-wl dnd --off`): the toggle follows.
        _ = try h.daemon.control.handle(BusCall(member: "SetDoNotDisturb", arguments: [.bool(false)]))
        try h.update()
        #expect(h.presenter.viewTree(of: menu)?.node(at: 3)?.kind == .toggle(isOn: false, action: "mode:do-not-disturb"))
        _ = try h.daemon.control.handle(BusCall(member: "SetDoNotDisturb", arguments: [.bool(true)]))
        try h.update()
        #expect(h.presenter.viewTree(of: menu)?.node(at: 3)?.kind == .toggle(isOn: true, action: "mode:do-not-disturb"))
        try tap(h, menu, node: 3)
        #expect(!h.daemon.config.doNotDisturb)
    }

    @Test func aBrokenFileLeavesTheDrawerEmptyAndTheDaemonRuns() throws {
        let (h, id, _) = try harness(menu: #"{"type":"vstack","children":[{"type":"slider","value":"loud","action":"v"}]}"#)
        #expect(id == nil)
        #expect(h.presenter.manager.showing(in: "controls").isEmpty)
        #expect(h.presenter.drawer("controls") != nil, "still a drawer")
        #expect(throws: MenuError.self) { try DrawerMenus.read("/nonexistent/menu.json", for: "controls", configPath: nil) }
        do {
            _ = try DrawerMenus.read(try file(#"{"type":"toggle"}"#), for: "controls", configPath: nil)
        } catch {
            #expect("\(error)".contains(".json: $.action"), "names the file and the JSON path: \(error)")
        }
    }

    @Test func aRelativeFileIsInTheConfigFilesFolder() {
        #expect(DrawerMenus.resolve("menu.json", configPath: "/home/u/.config/overlay-wl/config.toml") == "/home/u/.config/overlay-wl/menu.json")
        #expect(DrawerMenus.resolve("/etc/menu.json", configPath: "/home/u/config.toml") == "/etc/menu.json")
    }
}

extension DrawerMenuDaemonTests {
    /// `MoveDrawer` names what is wrong with a notch: a number beyond any index is a notch the
    /// drawer lacks (with its range), another word is not a notch (cut if long).
    @Test func aBadNotchIsNamedWithTheDrawersRange() throws {
        let (h, _, _) = try harness()
        let count = try #require(h.presenter.drawers.drawers["controls"]).drawer.notches.count
        func error(_ notch: String) -> String {
            do {
                _ = try h.daemon.control.handle(BusCall(member: "MoveDrawer", arguments: [.string("controls"), .string(notch), .bool(false)]))
                return "no error"
            } catch { return "\(error)" }
        }
        for huge in ["99999999999999999999999", "-99999999999999999999999"] {
            #expect(error(huge).contains("drawer 'controls' has no notch \(huge) (it has \(count): 0…\(count - 1))"), "\(error(huge))")
        }
        let word = error(String(repeating: "x", count: 500))
        #expect(word.contains("notch must be open, close or a notch number 0…\(count - 1)") && word.contains("x…'") && word.count < 300, "\(word)")
        #expect(error(String(count)).contains("has no notch \(count)"), "out of range through the presenter's check")
        #expect(error("open") == "no error")
    }
}
