import OverlayEngine
import OverlayRenderer

/// One container's layer surface: draws the engine's render list into double-buffered shm.
final class ContainerSurface {
    let surface: LayerSurface
    private let buffers: BufferPair
    private let display: WaylandDisplay
    /// What the last presented frame showed, to skip redraws that would change nothing.
    private var lastDrawn: (list: RenderList, contentVersion: Int, scale: Int32)?
    private var lastDamage: [Rect] = []
    /// The shared "render list → canvas" step (also used by `overlay-wl render`).
    let painter = RenderListPainter()
    /// Ink of the last few presented frames, and which frame each buffer last showed.
    private var inkHistory: [(frame: Int, ink: [Rect])] = []
    private var bufferFrames: [ObjectIdentifier: (frame: Int, size: (Int, Int))] = [:]
    private var frameCounter = 0

    init(display: WaylandDisplay, placement: LayerPlacement, output: Output?, namespace: String) {
        self.display = display
        surface = LayerSurface(display: display, placement: placement, output: output, namespace: namespace)
        buffers = BufferPair(shm: display.shm)
    }

    var logicalSize: Size { Size(width: Double(surface.size.width), height: Double(surface.size.height)) }

    /// The integer scale of the outputs the surface is on (before the first enter: the largest output's).
    var scale: Int32 {
        let entered = display.outputs.filter { surface.enteredOutputs.contains($0.proxy) }
        return (entered.isEmpty ? display.outputs : entered).map(\.scale).max() ?? 1
    }

    /// Asks for a frame when the picture would differ from the last one presented.
    func invalidateIfChanged(_ list: RenderList, contentVersion: Int) {
        guard let last = lastDrawn, last.list == list, last.contentVersion == contentVersion, last.scale == scale else {
            surface.requestRedraw()
            return
        }
        if list.isAnimating { surface.requestRedraw() }
    }

    /// Draws and presents `list` if the surface is ready for a frame; false if it must wait (buffers busy).
    ///
    /// Only what changed is repainted: the buffer being reused still holds the frame it showed
    /// last, so the region redrawn is this frame's ink plus the ink of every frame presented since
    /// that buffer was drawn (buffer age), and that is also the damage sent.
    @discardableResult
    func drawIfNeeded(_ list: RenderList, contentVersion: Int, view: (ViewID) -> PaintedView?) throws -> Bool {
        guard surface.phase == .needsDraw, surface.size.width > 0, surface.size.height > 0 else { return false }
        let scale = self.scale
        let pixelWidth = surface.size.width * Int(scale), pixelHeight = surface.size.height * Int(scale)
        guard let buffer = try buffers.nextBuffer(pixelWidth: pixelWidth, pixelHeight: pixelHeight) else { return false }
        let canvas = Canvas(data: buffer.data, pixelWidth: pixelWidth, pixelHeight: pixelHeight,
                            stride: buffer.stride, scale: Double(scale))
        let bounds = Rect(x: 0, y: 0, width: logicalSize.width, height: logicalSize.height)
        let key = ObjectIdentifier(buffer)
        let sizeChanged = lastDrawn == nil || lastDrawn!.scale != scale
        var stale: [Rect]? = nil  // ink since this buffer was last drawn; nil: unknown, redraw all
        if !sizeChanged, let drawnAt = bufferFrames[key], drawnAt.size == (pixelWidth, pixelHeight),
           let oldest = inkHistory.first?.frame, oldest <= drawnAt.frame {
            // What the buffer shows (its own frame's ink) and everything drawn since.
            stale = inkHistory.filter { $0.frame >= drawnAt.frame }.flatMap(\.ink)
        }
        // Measure this frame's ink first (cheap), then repaint only the union.
        let ink = list.items.compactMap { item in view(item.id).map { painter.inkFrame(of: item, view: $0, container: bounds) } }
            .filter { $0.intersects(bounds) }
        let region = stale.map { $0 + ink }
        if let region {
            // Whole device pixels, so the cleared edge is never half-cleared (antialiased).
            let s = Double(scale)
            canvas.clip(to: region.map { rect in
                let r = pixelRect(rect, scale: s)
                return DrawFrame(x: Double(r.x) / s, y: Double(r.y) / s, width: Double(r.width) / s, height: Double(r.height) / s)
            })
            canvas.clear(rect: DrawFrame(x: 0, y: 0, width: bounds.width, height: bounds.height))
        } else {
            canvas.clear()
        }
        if let region, region.isEmpty {
            // Nothing changed under this buffer: present it as is.
        } else {
            painter.paint(list, container: bounds, on: canvas, view: view)
        }
        canvas.flush()

        frameCounter += 1
        inkHistory.append((frameCounter, ink))
        if inkHistory.count > 4 { inkHistory.removeFirst() }
        bufferFrames[key] = (frameCounter, (pixelWidth, pixelHeight))
        let damage = sizeChanged ? [bounds] : lastDamage + ink
        surface.present(buffer, scale: scale, damage: damage.map { pixelRect($0, scale: Double(scale)) })
        let frames = list.items.map(\.visualFrame).filter { $0.intersects(bounds) }
        surface.setInputRegion(frames.map { pixelRect($0, scale: 1) }, compositor: display.compositor)
        lastDamage = ink
        lastDrawn = (list, contentVersion, scale)
        if list.isAnimating { surface.requestRedraw() }  // the next frame, when the compositor is ready
        return true
    }

    /// A rectangle rounded outwards to whole pixels at `scale`.
    private func pixelRect(_ rect: Rect, scale: Double) -> (x: Int32, y: Int32, width: Int32, height: Int32) {
        let x0 = (rect.minX * scale).rounded(.down), y0 = (rect.minY * scale).rounded(.down)
        let x1 = (rect.maxX * scale).rounded(.up), y1 = (rect.maxY * scale).rounded(.up)
        return (Int32(clamping: Int(x0)), Int32(clamping: Int(y0)), Int32(clamping: Int(x1 - x0)), Int32(clamping: Int(y1 - y0)))
    }
}
