import WaylandListeners
import CWayland

/// Changes the scale of KWin's first output at runtime through kde_output_management_v2 (KWin's
/// virtual backend takes its scale at start only otherwise). Waits for KWin's answer.
final class OutputScaler {
    private var outcome: Bool?
    private lazy var box = ListenerBox(self)

    static func apply(_ factor: Double, client: TestClient) throws {
        guard let management = client.outputManagement, let device = client.outputDevice else {
            throw CommandError("scale: the compositor does not offer kde_output_management_v2 and kde_output_device_v2")
        }
        let scaler = OutputScaler()
        guard let configuration = kde_output_management_v2_create_configuration(management) else {
            throw CommandError("scale: no output configuration")
        }
        defer { kde_output_configuration_v2_destroy(configuration) }
        kde_output_configuration_v2_add_listener(configuration, OutputScaler.listener, scaler.box.userdata)
        kde_output_configuration_v2_scale(configuration, device, wl_fixed_from_double(factor))
        kde_output_configuration_v2_apply(configuration)
        try client.pump(for: 5) { scaler.outcome != nil }
        switch scaler.outcome {
        case true?: return
        case false?: throw CommandError("scale: KWin refused the configuration")
        case nil: throw CommandError("scale: KWin did not answer within 5 s")
        }
    }

    private static let listener = stableListener(kde_output_configuration_v2_listener(
        applied: { data, _ in ListenerBox<OutputScaler>.owner(data)?.outcome = true },
        failed: { data, _ in ListenerBox<OutputScaler>.owner(data)?.outcome = false }
    ))
}
