import WaylandListeners
import CWayland

/// xdg-activation-v1: tokens that let an application raise a window in answer to a notification
/// action (sent as the Notifications ActivationToken signal).
final class ActivationTokens {
    private let manager: OpaquePointer
    private var pending: [ObjectIdentifier: PendingToken] = [:]

    init(manager: OpaquePointer) { self.manager = manager }
    deinit { xdg_activation_v1_destroy(manager) }

    /// Asks the compositor for a token; `completion` runs from the event loop once it arrives.
    func request(appID: String?, surface: OpaquePointer?, completion: @escaping (String) -> Void) {
        let proxy = xdg_activation_v1_get_activation_token(manager)!
        let token = PendingToken(proxy: proxy) { [weak self] token, value in
            self?.pending[ObjectIdentifier(token)] = nil
            completion(value)
        }
        pending[ObjectIdentifier(token)] = token
        if let appID { xdg_activation_token_v1_set_app_id(proxy, appID) }
        if let surface { xdg_activation_token_v1_set_surface(proxy, surface) }
        xdg_activation_token_v1_commit(proxy)
    }
}

/// One xdg_activation_token_v1 waiting for its `done` event.
private final class PendingToken {
    let proxy: OpaquePointer
    private let onDone: (PendingToken, String) -> Void
    private lazy var box = ListenerBox(self)

    init(proxy: OpaquePointer, onDone: @escaping (PendingToken, String) -> Void) {
        self.proxy = proxy
        self.onDone = onDone
        xdg_activation_token_v1_add_listener(proxy, PendingToken.listener, box.userdata)
    }

    deinit { xdg_activation_token_v1_destroy(proxy) }

    private static let listener = stableListener(xdg_activation_token_v1_listener(
        done: { data, _, token in
            guard let pending = ListenerBox<PendingToken>.owner(data) else { return }
            pending.onDone(pending, string(token))
        }
    ))
}
