// The column's keyboard focus through the control interface, on a daemon without a compositor
// (see DaemonTests.swift): errors, the state, and the countdown it holds, with the test's clock.
import DBusService
import OverlayEngine
import Testing
@testable import WaylandPresenter
@testable import overlay_wl

@Suite(.serialized) struct ColumnFocusControlTests {
    func call(_ h: DaemonHarness, _ member: String, _ arguments: [BusValue] = []) throws -> [BusValue] {
        let reply = try h.daemon.control.handle(BusCall(member: member, arguments: arguments))
        try h.update()
        return reply.values
    }

    func state(_ h: DaemonHarness) throws -> String {
        guard case .string(let json)? = try call(h, "FocusState").first else { return "" }
        return json
    }

    func errorName(_ body: () throws -> Void) -> String? {
        do { try body() } catch let error as BusMethodError { return error.name } catch { return "\(error)" }
        return nil
    }

    @Test func refusedWithAClearErrorWhenThereIsNothingToFocus() throws {
        let h = try DaemonHarness()
        #expect(errorName { _ = try call(h, "Focus", [.string("nowhere")]) } == "org.overlaywl.Error.UnknownContainer")
        #expect(errorName { _ = try call(h, "Focus", [.string("")]) } == "org.overlaywl.Error.Focus", "an empty column")
        #expect(errorName { _ = try call(h, "Focus", [.string(BuiltInContainers.centerName)]) } == "org.overlaywl.Error.Focus",
                "the centre is a drawer: it has its own keys")
        #expect(try state(h) == #"{"container":null}"#)
    }

    @Test func theNewestToastTakesTheFocusAndItsCountdownWaits() throws {
        let h = try DaemonHarness()
        let older = try h.notify(NotifyRequest(summary: "older", expireTimeout: 2000))
        try h.advance(0.5)
        let newer = try h.notify(NotifyRequest(summary: "newer", expireTimeout: 2000))
        _ = try call(h, "Focus", [.string("")])
        #expect(try state(h) == #"{"container":"notifications","id":\#(newer),"part":"view"}"#)
        try h.advance(5)
        #expect(h.signals.closed.map(\.id) == [older], "the older one expires, the focused one waits")
        _ = try call(h, "ReleaseFocus")
        #expect(try state(h) == #"{"container":null}"#)
        try h.advance(1)
        #expect(h.signals.closed.count == 1, "its countdown goes on from where it stopped")
        try h.advance(1.5)
        #expect(h.signals.closed.map(\.id) == [older, newer] && h.signals.closed.last?.reason == .expired)
    }

    /// A view tree in the column (a templated notification, a ShowView dialog) is one stop.
    @Test func aViewTreeIsFocusedAsOneStop() throws {
        let h = try DaemonHarness()
        let never = BusValue.dict([BusDictEntry(key: .string("auto-dismiss"), value: .variant(.string("never")))],
                                  keySignature: "s", valueSignature: "v")
        let json = #"{"type":"text","text":"Saved"}"#
        guard case .uint32(let id)? = try call(h, "ShowView", [.string("notifications"), .string(json), never]).first else {
            Issue.record("no id from ShowView")
            return
        }
        _ = try call(h, "Focus", [.string("notifications")])
        #expect(try state(h) == #"{"container":"notifications","id":\#(id),"part":"view"}"#)
        #expect(h.presenter.columnFocus.items == [ColumnFocusItem(view: ViewID(id))], "no buttons of its own")
    }

    /// A templated notification's action buttons and close button are stops of their own, as
    /// the toast's are (not its reply button); Enter on an action invokes it.
    @Test func aTemplatedNotificationsButtonsAreStops() throws {
        let h = try DaemonHarness(config: """
            [containers.notifications]
            close-button = true
            template = "default"
            """)
        let id = try h.notify(NotifyRequest(summary: "Build", actions: [NotificationAction(key: "log", label: "Log"),
                                                                        NotificationAction(key: "retry", label: "Retry"),
                                                                        NotificationAction(key: "inline-reply", label: "Reply")],
                                            expireTimeout: 0))
        h.presenter.measureAllPending()  // as its first frame would: there is no compositor here
        _ = try call(h, "Focus", [.string("notifications")])
        #expect(h.presenter.columnFocus.items == [ColumnFocusItem(view: ViewID(id), actions: ["log", "retry"], closeButton: true)])
        try h.click(id, .action("retry"), at: nil)  // what Enter on that stop sends
        #expect(h.signals.signals.contains(.actionInvoked(id: id, action: "retry")))
    }
}
