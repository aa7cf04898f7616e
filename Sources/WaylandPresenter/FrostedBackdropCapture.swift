import OverlayEngine
import OverlayRenderer

/// A container surface's frosted backdrop: when the first view with a `.blur` background
/// appears, what is under the surface is captured once with wlr-screencopy and kept (blurred
/// by the painter, cached) while such a view stays; the next one to appear captures afresh.
///
/// The capture is taken before the surface draws that view and the surface waits for it (one
/// compositor frame; the loop keeps running), because a capture of a frame that already shows
/// our tint would frost ourselves. Without screencopy, or when the capture fails, the painter
/// uses the tinted fallback.
final class FrostedBackdropCapture {
    private enum State { case none, capturing, captured(CapturedBackdrop), unavailable }
    private var state = State.none
    /// Called from the event loop when a capture arrives or fails: the surface must redraw.
    var onChange: () -> Void = {}

    /// Where the painter gets blurred backgrounds from now.
    var blurSource: BlurSource {
        if case .captured(let image) = state { return .captured(image) }
        return .tintedFallback
    }

    /// Call before drawing `list`; false while a capture is on its way (do not draw yet).
    /// `region` is where the surface is: its output and logical rectangle on it.
    func prepare(_ list: RenderList, view: (ViewID) -> PaintedView?, display: WaylandDisplay,
                 region: () -> (output: Output, x: Int, y: Int, width: Int, height: Int)?) -> Bool {
        let wantsBlur = list.items.contains { item in
            if case .blur = view(item.id)?.configuration?.background { return true }
            return false
        }
        guard wantsBlur else {
            state = .none
            return true
        }
        switch state {
        case .capturing: return false
        case .captured, .unavailable: return true
        case .none: break
        }
        guard let screenCopy = display.screenCopy, let r = region() else {
            state = .unavailable
            return true
        }
        state = .capturing
        screenCopy.capture(output: r.output.proxy, x: Int32(r.x), y: Int32(r.y), width: Int32(r.width),
                           height: Int32(r.height), shm: display.shm) { [weak self] image in
            guard let self, case .capturing = self.state else { return }
            self.state = image.map(State.captured) ?? .unavailable
            self.onChange()
        }
        display.flush()
        return false
    }
}
