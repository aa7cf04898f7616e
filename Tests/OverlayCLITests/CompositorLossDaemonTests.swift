// The daemon with its compositor gone (`presenter.attach(nil)`): every call still answers and
// nothing expires unseen.
import DBusService
import OverlayEngine
import Testing
import WaylandPresenter
@testable import overlay_wl

@Suite(.serialized) struct CompositorLossDaemonTests {
    @Test func withoutACompositorNothingExpiresAndCloseStillWorks() throws {
        let h = try DaemonHarness()
        let shown = try h.notify(NotifyRequest(summary: "Before", expireTimeout: 2000))
        try h.advance(1.5)
        h.presenter.attach(nil)          // the compositor went away
        let during = try h.notify(NotifyRequest(summary: "During", expireTimeout: 1000))
        let closed = try h.notify(NotifyRequest(summary: "Closed", expireTimeout: 0))
        #expect(Set([shown, during, closed]).count == 3)
        #expect(h.daemon.notifications.closeNotification(id: closed))
        try h.advance(3600)
        #expect(h.signals.closed.map(\.id) == [closed], "only the closed one: \(h.signals.closed)")
        #expect(h.presenter.manager.showing(in: "notifications").contains(ViewID(shown)))
        #expect(h.presenter.manager.countdownsSuspendedSince != nil)
    }

    @Test func aPresenterWithoutADisplayFromTheStartStillCountsDown() throws {
        // Tests (and a daemon that has a compositor) never call attach(nil): countdowns run.
        let h = try DaemonHarness()
        let id = try h.notify(NotifyRequest(summary: "Counted", expireTimeout: 1000))
        try h.advance(1.1)
        try h.advance(1)
        #expect(h.signals.closed.map(\.id) == [id])
    }
}
