// A container's surfaces: one per output its placement names, made when it first has views.

import OverlayEngine

extension OverlayPresenter {
    /// The outputs a placement puts surfaces on: nil is the compositor's choice. A named output
    /// that is not connected falls back to the focused one, so nothing is dropped.
    func outputs(for selection: SurfacePlacement.Output, on display: WaylandDisplay) -> [String?] {
        switch selection {
        case .focused: return [nil]
        case .named(let name): return display.output(named: name) != nil ? [name] : [nil]
        case .all:
            let names = display.outputs.filter { $0.isDescribed && !$0.name.isEmpty }.map(\.name)
            return names.isEmpty ? [nil] : names
        }
    }

    func surfaceFor(_ key: SurfaceKey, placement: SurfacePlacement, occupied: Bool,
                            on display: WaylandDisplay) -> ContainerSurface? {
        if let surface = surfaces[key] { return surface }
        guard occupied, !display.outputs.isEmpty else { return nil }
        let output = key.output.flatMap { display.output(named: $0) }
        let spare = spareBuffers.removeValue(forKey: key.container)?.buffers
        spare?.reclaim()
        let surface = ContainerSurface(display: display, placement: placement, output: output,
                                       namespace: "overlay-wl.\(key.container)", trees: trees.layouts, buffers: spare)
        surfaces[key] = surface
        display.flush()  // the configure round trip runs while the first frame is prepared
        return surface
    }

    /// Icons are checked at the scale they will likely be drawn at, the outputs' largest: the
    /// picture checked is then the one drawn (one decode, not one per scale).
    func checkIconsAtOutputScale() {
        trees.layouts.checkScale = Double(max(1, display?.outputs.map(\.scale).max() ?? 1))
    }

    func outputsChanged() {
        // A scale change needs a redraw; outputs coming and going are handled in update().
        for surface in surfaces.values { surface.surface.requestRedraw() }
        checkIconsAtOutputScale()
        holdCountdownsWhileUnseen(now: clock())
        revision &+= 1
    }
}

/// A container's surface on one output (nil: the output the compositor chose).
struct SurfaceKey: Hashable {
    let container: String
    let output: String?

    /// The input router's name for this surface's area: each output's surface has its own
    /// layout (outputs differ in size), so hit tests use that surface's render list.
    var routerKey: String { SurfaceName.key(container: container, output: output) }
}
