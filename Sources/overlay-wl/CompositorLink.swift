import Glibc
import WaylandPresenter

/// The daemon's Wayland connection, which may come and go while the daemon stays.
///
/// Lost (the compositor restarted, crashed or the session ended), the connection is released:
/// the presenter drops its surfaces, buffers and seat state on the dead connection, which is
/// then disconnected; every view stays with its id, the bus names stay and every method
/// answers, and no countdown runs (nothing expires unseen). A compositor's socket appearing in
/// `$XDG_RUNTIME_DIR` (inotify: no polling, no timer) connects again, and everything is shown
/// again. The daemon started before its compositor waits the same way.
final class CompositorLink {
    private let presenter: OverlayPresenter
    private let loop: EventLoop
    private let watch: WaylandSocketWatch
    private(set) var display: WaylandDisplay?
    /// The socket to connect to (`$WAYLAND_DISPLAY`, then the one last connected to); any
    /// Wayland socket once it is gone, or when there is none.
    private var wanted: String?
    /// Set once the daemon has been without a compositor: connecting is then worth a log line.
    private var hasWaited = false
    /// A failed connect right after the socket appeared may have raced the compositor's listen():
    /// tried again this many times, a little later.
    static let connectAttempts = 5
    static let connectRetryMicroseconds: UInt32 = 20_000

    init(presenter: OverlayPresenter, loop: EventLoop) throws {
        guard let runtime = getenv("XDG_RUNTIME_DIR").map({ String(cString: $0) }), !runtime.isEmpty else {
            throw CompositorLinkError.noRuntimeDirectory
        }
        self.presenter = presenter
        self.loop = loop
        wanted = getenv("WAYLAND_DISPLAY").map { String(cString: $0) }.flatMap { $0.isEmpty ? nil : $0 }
        watch = try WaylandSocketWatch(directory: runtime)
        watch.onSocket = { [unowned self] name in self.socketAppeared(name) }
        loop.add(watch)
        loop.onSourceError = { [unowned self] source, error in
            guard let display = self.display, source === display else { throw error }
            self.lost(display, error)
        }
    }

    /// At start: the compositor already running, else waiting for one (countdowns stopped).
    func start() {
        if getenv("WAYLAND_SOCKET") != nil, wanted == nil, let display = try? WaylandDisplay() {
            return attach(display, name: nil)
        }
        if !connectToExisting() {
            log("no Wayland compositor yet (\(wanted.map { "WAYLAND_DISPLAY=\($0)" } ?? "WAYLAND_DISPLAY unset")): "
                + "waiting for one in \(watch.directory)")
            hasWaited = true
            presenter.attach(nil)
        }
    }

    // MARK: Loss

    private func lost(_ display: WaylandDisplay, _ error: Error) {
        log("\(error): keeping every notification and waiting for a compositor in \(watch.directory)")
        hasWaited = true
        display.settleAfterLoss()  // before anything made on it is destroyed
        loop.remove(display)
        presenter.attach(nil)      // surfaces, buffers and seat state go while the display still exists
        self.display = nil         // the display itself goes last (disconnect)
        // The compositor's socket may still be there (a protocol error, or one already back);
        // after a protocol error only a new socket is tried, so a bug cannot loop.
        if case WaylandError.connectionLost(let code) = error, code == EPROTO { return }
        _ = connectToExisting()
    }

    // MARK: Reconnection

    /// True when `name` is a socket this daemon should connect to: the wanted one, or any while
    /// the wanted one is gone.
    private func accepts(_ name: String) -> Bool {
        guard let wanted else { return true }
        let wantedName = wanted.split(separator: "/").last.map(String.init) ?? wanted
        return name == wantedName || !watch.socketExists(wanted)
    }

    private func socketAppeared(_ name: String) {
        guard display == nil, accepts(name) else { return }
        if !connect(name) { log("the compositor at \(name) did not accept a connection: still waiting") }
    }

    /// Connects to the wanted socket when it exists, else to the first existing one that takes us.
    private func connectToExisting() -> Bool {
        if let wanted, watch.socketExists(wanted) { return connect(wanted) }
        return watch.existingSockets().contains { connect($0) }
    }

    @discardableResult
    private func connect(_ name: String) -> Bool {
        for attempt in 1...Self.connectAttempts {
            do {
                attach(try WaylandDisplay(name: name), name: name)
                return true
            } catch WaylandError.connectFailed(_) where attempt < Self.connectAttempts {
                usleep(Self.connectRetryMicroseconds)
            } catch {
                log("cannot use the compositor at \(name): \(error)")
                return false
            }
        }
        return false
    }

    private func attach(_ display: WaylandDisplay, name: String?) {
        self.display = display
        if let name {
            wanted = name
            setenv("WAYLAND_DISPLAY", name, 1)  // hooks and link openers reach the same compositor
        }
        loop.add(display)
        presenter.attach(display)
        if hasWaited, let name { log("connected to the Wayland compositor at \(name)") }
    }
}

enum CompositorLinkError: Error, CustomStringConvertible {
    case noRuntimeDirectory
    var description: String {
        "XDG_RUNTIME_DIR is not set: there is no Wayland session to show overlays on (or to wait for)"
    }
}
