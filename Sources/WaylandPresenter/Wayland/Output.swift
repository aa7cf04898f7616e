import WaylandListeners
import CWayland

/// A wl_output: its name (HEADLESS-1, DP-2…), logical size and integer scale.
public final class Output {
    let proxy: OpaquePointer
    let globalName: UInt32
    public private(set) var name = ""
    public private(set) var scale: Int32 = 1
    public private(set) var pixelWidth: Int32 = 0
    public private(set) var pixelHeight: Int32 = 0
    /// Set by `done`: the output has sent its whole description at least once.
    public private(set) var isDescribed = false
    var onChange: () -> Void = {}
    private lazy var box = ListenerBox(self)

    init(proxy: OpaquePointer, globalName: UInt32) {
        self.proxy = proxy
        self.globalName = globalName
        wl_output_add_listener(proxy, Output.listener, box.userdata)
    }

    deinit {
        if wl_output_get_version(proxy) >= 3 { wl_output_release(proxy) } else { wl_output_destroy(proxy) }
    }

    private static let listener = stableListener(wl_output_listener(
        geometry: { _, _, _, _, _, _, _, _, _, _ in },
        mode: { data, _, flags, width, height, _ in
            guard flags & WL_OUTPUT_MODE_CURRENT.rawValue != 0, let output = ListenerBox<Output>.owner(data) else { return }
            output.pixelWidth = width
            output.pixelHeight = height
        },
        done: { data, _ in
            guard let output = ListenerBox<Output>.owner(data) else { return }
            output.isDescribed = true
            output.onChange()
        },
        scale: { data, _, factor in ListenerBox<Output>.owner(data)?.scale = max(1, factor) },
        name: { data, _, name in ListenerBox<Output>.owner(data)?.name = string(name) },
        description: { _, _, _ in }
    ))
}
