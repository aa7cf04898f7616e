// The OSD: its built-in container, its tree, and a new value replacing the one showing in place
// (the same id, the bar moving to the new level, the countdown started again).
import ArgumentParser
import DBusService
import OverlayEngine
import OverlayRenderer
import Testing
@testable import WaylandPresenter
@testable import overlay_wl

@Suite(.serialized) struct OSDTests {
    func osd(_ h: DaemonHarness, _ arguments: [String]) throws -> UInt32 {
        let command = try OSDCommand.parse(arguments)
        let settings = ShowRequest.options([("tag", .string(OSD.tag))])
        let reply = try h.daemon.control.handle(BusCall(member: "ShowView", arguments: [.string(OSD.containerName),
                                                                                         .string(command.tree.json), settings]))
        try h.update()
        guard case .uint32(let id)? = reply.values.first else { throw BusMethodError.failed("no id") }
        return id
    }

    /// `overlay-wl osd`'s own call: the daemon builds the tree from the values.
    func showLevel(_ h: DaemonHarness, _ arguments: [String]) throws -> UInt32 {
        let l = try OSDCommand.parse(arguments).shown
        let reply = try h.daemon.control.handle(BusCall(member: "ShowLevel", arguments: [
            .string(l.label), .double(l.value), .double(l.maximum), .string(l.icon ?? ""), .bool(l.muted)]))
        try h.update()
        guard case .uint32(let id)? = reply.values.first else { throw BusMethodError.failed("no id") }
        return id
    }

    /// The bar's value as drawn now.
    func shownLevel(_ h: DaemonHarness, _ id: UInt32) -> Double? {
        h.presenter.paintedView(ViewID(id), in: OSD.containerName)?.tree.layout.placed.lazy.compactMap {
            if case .node(.progressBar(let value, let total)) = $0.part { return value / total }
            return nil
        }.first
    }

    @Test func theTreeShowsTheLevelItsLabelAndIcon() throws {
        let volume = try OSDCommand.parse(["volume", "40"]).tree
        #expect(volume.json.contains(#""value":0.4"#), "\(volume.json)")
        #expect(volume.json.contains("40 %") && volume.json.contains("Volume") && volume.json.contains("audio-volume-medium-symbolic"))
        let muted = try OSDCommand.parse(["volume", "40", "--muted"]).tree
        #expect(muted.json.contains("Muted") && muted.json.contains("audio-volume-muted-symbolic"))
        let custom = try OSDCommand.parse(["--value", "3", "--max", "4", "--label", "Fan <2>", "--icon", "fan"]).tree
        #expect(custom.json.contains(#""value":0.75"#) && custom.json.contains("75 %") && custom.json.contains("Fan &lt;2&gt;"))
        for bad in [["volume"], ["loud", "4"], ["volume", "140"], ["--value", "5", "--max", "0"], ["brightness", "5", "--muted"], []] {
            #expect(throws: (any Error).self, "\(bad)") { _ = try OSDCommand.parse(bad) }
        }
    }

    /// The two calls that show a level: `ShowLevel` (the CLI's) and a tagged `ShowView`.
    enum Call: CaseIterable { case showLevel, showView }

    @Test(arguments: Call.allCases)
    func aNewValueReplacesTheOSDInPlaceMovesTheBarAndRestartsTheCountdown(_ call: Call) throws {
        let h = try DaemonHarness()
        let osd = { (h: DaemonHarness, arguments: [String]) in
            try call == .showLevel ? self.showLevel(h, arguments) : self.osd(h, arguments)
        }
        let first = try osd(h, ["volume", "20"])
        try h.advance(1.0)
        #expect(shownLevel(h, first) == 0.2)
        let second = try osd(h, ["volume", "80"])
        #expect(second == first, "the same view")
        #expect(h.presenter.manager.showing(in: OSD.containerName) == [ViewID(first)])
        let moving = try #require(shownLevel(h, first))
        #expect(moving == 0.2, "the bar starts from where it was")
        try h.advance(0.05)
        let partWay = try #require(shownLevel(h, first))
        #expect(partWay > 0.2 && partWay < 0.8, "part way: \(partWay)")
        try h.advance(0.5)
        #expect(shownLevel(h, first) == 0.8)
        #expect(h.presenter.trees.animations.isEmpty, "done animating: no more frames")
        // 1.55 s after the second value: past 1.5 s from the first, not from the second.
        try h.advance(0.9)
        #expect(h.presenter.manager.showing(in: OSD.containerName) == [ViewID(first)], "the countdown started again")
        try h.advance(0.5)
        try h.advance(0.5)
        #expect(h.presenter.manager.showing(in: OSD.containerName).isEmpty, "gone 1.5 s after the last value")
        let third = try osd(h, ["brightness", "50"])
        #expect(third != first, "a new OSD once the last one is gone")
    }

    @Test func showLevelShowsTheTreeTheCLIWouldSendAndReplacesItInPlace() throws {
        let h = try DaemonHarness()
        let first = try showLevel(h, ["volume", "40", "--icon", "audio-card"])
        #expect(h.presenter.viewTree(of: ViewID(first)) == (try OSDCommand.parse(["volume", "40", "--icon", "audio-card"]).tree))
        #expect(h.presenter.manager.showing(in: OSD.containerName) == [ViewID(first)])
        // A ShowView of a tree under the tag "osd" and a ShowLevel are the same OSD.
        let second = try osd(h, ["brightness", "70"])
        #expect(second == first)
        let third = try showLevel(h, ["--value", "1", "--max", "4", "--label", "Fan <1>"])
        #expect(third == first, "the same view")
        try h.advance(1.0)
        #expect(shownLevel(h, first) == 0.25)
        #expect(h.presenter.viewTree(of: ViewID(first))?.json.contains("Fan &lt;1&gt;") == true, "the label is escaped")
        for bad: [BusValue] in [[.string("x"), .double(1), .double(0), .string(""), .bool(false)],
                                [.string("x"), .double(.nan), .double(4), .string(""), .bool(false)],
                                [.string(String(repeating: "x", count: 2000)), .double(1), .double(4), .string(""), .bool(false)]] {
            #expect(throws: BusMethodError.self) { _ = try h.daemon.control.handle(BusCall(member: "ShowLevel", arguments: bad)) }
        }
    }
}
