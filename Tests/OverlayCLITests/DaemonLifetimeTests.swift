// The daemon's object graph is freed when its owner lets go: a reference cycle keeps every
// frontend, the presenter and (in the daemon) the bus and the Wayland display alive at exit,
// which LeakSanitizer reports as leaked in every end-to-end test.
import OverlayConfig
import Testing
import WaylandPresenter
@testable import overlay_wl

@Suite struct DaemonLifetimeTests {
    final class Weak { weak var object: AnyObject?; init(_ object: AnyObject) { self.object = object } }

    /// Builds a daemon with drawer menus and a config, lets it run a pass, and returns weak
    /// references to its parts.
    private func parts(config text: String) throws -> [(String, Weak)] {
        let presenter = OverlayPresenter(display: nil, clock: { 100 })
        let config = try ConfigRuntime.parser.parse(text, file: "config.toml")
        let daemon = try Daemon(presenter: presenter, signals: SignalRecorder(), configPath: nil, config: config)
        _ = try presenter.update()
        return [("daemon", Weak(daemon)), ("presenter", Weak(presenter)), ("config", Weak(daemon.config)),
                ("menus", Weak(daemon.menus)), ("notifications", Weak(daemon.notifications)),
                ("control", Weak(daemon.control)), ("center", Weak(daemon.center)), ("tips", Weak(daemon.tips)),
                ("hooks", Weak(daemon.hooks)), ("appearance", Weak(daemon.appearance))]
    }

    @Test func everyPartIsFreedWithTheDaemon() throws {
        let parts = try parts(config: "")
        let alive = parts.filter { $0.1.object != nil }.map(\.0)
        #expect(alive == [], "still referenced after the daemon was released: \(alive)")
    }
}
