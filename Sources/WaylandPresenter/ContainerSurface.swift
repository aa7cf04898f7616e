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

    init(display: WaylandDisplay, placement: LayerPlacement, namespace: String, onChange: @escaping () -> Void) {
        self.display = display
        surface = LayerSurface(display: display, placement: placement, namespace: namespace)
        buffers = BufferPair(shm: display.shm)
        surface.onStateChange = onChange
        buffers.onRelease = onChange
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
    @discardableResult
    func drawIfNeeded(_ list: RenderList, contentVersion: Int, draw: (Canvas, RenderItem) -> Void) throws -> Bool {
        guard surface.phase == .needsDraw, surface.size.width > 0, surface.size.height > 0 else { return false }
        let scale = self.scale
        let pixelWidth = surface.size.width * Int(scale), pixelHeight = surface.size.height * Int(scale)
        guard let buffer = try buffers.nextBuffer(pixelWidth: pixelWidth, pixelHeight: pixelHeight) else { return false }
        let canvas = Canvas(data: buffer.data, pixelWidth: pixelWidth, pixelHeight: pixelHeight,
                            stride: buffer.stride, scale: Double(scale))
        canvas.clear()
        let bounds = Rect(x: 0, y: 0, width: logicalSize.width, height: logicalSize.height)
        let visible = list.items.filter { $0.visualFrame.intersects(bounds) }
        for item in visible { draw(canvas, item) }
        canvas.flush()

        let frames = visible.map(\.visualFrame)
        let sizeChanged = lastDrawn == nil || lastDrawn!.scale != scale
        let damage = sizeChanged ? [Rect(x: 0, y: 0, width: logicalSize.width, height: logicalSize.height)] : lastDamage + frames
        surface.present(buffer, scale: scale, damage: damage.map { pixelRect($0, scale: Double(scale)) })
        surface.setInputRegion(frames.map { pixelRect($0, scale: 1) }, compositor: display.compositor)
        lastDamage = frames
        lastDrawn = (list, contentVersion, scale)
        return true
    }

    /// A rectangle rounded outwards to whole pixels at `scale`.
    private func pixelRect(_ rect: Rect, scale: Double) -> (x: Int32, y: Int32, width: Int32, height: Int32) {
        let x0 = (rect.minX * scale).rounded(.down), y0 = (rect.minY * scale).rounded(.down)
        let x1 = (rect.maxX * scale).rounded(.up), y1 = (rect.maxY * scale).rounded(.up)
        return (Int32(clamping: Int(x0)), Int32(clamping: Int(y0)), Int32(clamping: Int(x1 - x0)), Int32(clamping: Int(y1 - y0)))
    }
}
