import WaylandListeners
import CWayland
import OverlayRenderer

/// What a surface knows about its scale: the compositor's preferred fractional scale (in 120ths,
/// from wp_fractional_scale_v1) when it sends one, and whether a viewport can express it.
/// Pure state, so the choice is unit-tested without a compositor that offers the protocol.
public struct SurfaceScaleState: Equatable, Sendable {
    public private(set) var preferredFractional: Int?
    public let hasViewporter: Bool

    public init(hasViewporter: Bool) { self.hasViewporter = hasViewporter }

    /// Records a `preferred_scale` event (0 is ignored); true when it changes the picture.
    @discardableResult
    public mutating func preferredScale(_ scale: UInt32) -> Bool {
        guard scale > 0, scale <= 120 * 64, Int(scale) != preferredFractional else { return false }
        preferredFractional = Int(scale)
        return true
    }

    /// The scale to draw at on outputs with these integer scales.
    public func current(outputScales: [Int]) -> SurfaceScale {
        SurfaceScale.choose(preferredFractional: preferredFractional, outputScales: outputScales, hasViewporter: hasViewporter)
    }
}

/// wp_fractional_scale_v1 + wp_viewport for one surface, when the compositor offers both
/// (sway 1.7 offers only viewporter: then nothing is created and the integer path is used).
final class FractionalScale {
    private let fractional: OpaquePointer
    private let viewport: OpaquePointer
    private(set) var state = SurfaceScaleState(hasViewporter: true)
    private var destination: (Int32, Int32)?
    /// Called from the event loop when the preferred scale changes (redraw).
    var onChange: () -> Void = {}
    private lazy var box = ListenerBox(self)

    init?(display: WaylandDisplay, surface: OpaquePointer) {
        guard let manager = display.fractionalScaleManager, let viewporter = display.viewporter,
              let fractional = wp_fractional_scale_manager_v1_get_fractional_scale(manager, surface),
              let viewport = wp_viewporter_get_viewport(viewporter, surface) else { return nil }
        self.fractional = fractional
        self.viewport = viewport
        wp_fractional_scale_v1_add_listener(fractional, FractionalScale.listener, box.userdata)
    }

    deinit {
        wp_viewport_destroy(viewport)
        wp_fractional_scale_v1_destroy(fractional)
    }

    /// Before a commit drawn through the viewport: its destination is the logical size.
    func setDestination(width: Int, height: Int) {
        let size = (Int32(clamping: width), Int32(clamping: height))
        guard destination.map({ $0 != size }) ?? true else { return }
        destination = size
        wp_viewport_set_destination(viewport, size.0, size.1)
    }

    private static let listener = stableListener(wp_fractional_scale_v1_listener(
        preferred_scale: { data, _, scale in
            guard let owner = ListenerBox<FractionalScale>.owner(data), owner.state.preferredScale(scale) else { return }
            owner.onChange()
        }
    ))
}
