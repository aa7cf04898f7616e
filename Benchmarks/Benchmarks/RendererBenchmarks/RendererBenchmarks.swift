// OverlayRenderer performance: the blur kernel and one transition frame of a toast.
import Benchmark
import OverlayEngine
import OverlayRenderer

/// A 1920×1080 ARGB image with detail everywhere (stripes and a gradient), refilled per run.
func frostedSource() -> [UInt32] {
    var pixels = [UInt32](repeating: 0, count: 1920 * 1080)
    for y in 0..<1080 {
        for x in 0..<1920 {
            let stripe: UInt32 = (x + y) % 14 < 2 ? 0x40 : 0
            pixels[y * 1920 + x] = 0xFF00_0000 | UInt32(x * 255 / 1919) << 16 | UInt32(y * 255 / 1079) << 8 | (0x80 + stripe)
        }
    }
    return pixels
}

/// One toast (400×~120 pt, shadow) in a full-height column, mid-way through an opacity + move
/// transition, like the daemon's notification surface.
struct TransitionFrame {
    let painter = RenderListPainter()
    let list: RenderList
    let manager: OverlayManager
    let toast: LaidOutView
    var style = ToastStyle()
    let container = Rect(x: 0, y: 0, width: 440, height: 1080)

    init() {
        style.width = 400
        let content = ToastContent(summary: "Download finished", body: "debian-12.iso (3.7 GB) is in <b>Downloads</b>",
                                   progress: 80)
        toast = try! painter.trees.layoutTemplate(TemplatedToast(template: BuiltInTemplates.standard, content: content), style: style)
        var config = ContainerConfiguration(name: "n", displayType: .vertical, queueType: .multiple)
        config.insets = EdgeInsets(all: 20)
        config.defaults.alignment = .topTrailing
        config.defaults.transition = .combined(.opacity, .move(.trailing))
        config.defaults.animation = .easeOut(duration: 0.3)
        config.defaults.shadow = .value(Shadow(radius: 16, offset: Point(x: 0, y: 4)))
        var manager = OverlayManager()
        try! manager.register(config, now: 0)
        try! manager.show(ViewID(1), in: "n", size: toast.size, now: 0)
        manager.advance(to: 0.1)
        self.manager = manager
        list = manager.renderList(for: "n", size: container.size, now: 0.1)
    }

    func view(_ id: ViewID) -> PaintedView? {
        PaintedView(tree: toast, configuration: manager.resolvedConfiguration(of: id))
    }

    /// With damage tracking: repaint only the ink of this frame and the previous one.
    func drawDamaged(on canvas: Canvas, previousInk: [Rect]) {
        let ink = list.items.compactMap { item in view(item.id).map { painter.inkFrame(of: item, view: $0, container: container) } }
        canvas.clip(to: (previousInk + ink).map(Rect.init))
        canvas.clear(rect: Rect(container))
        painter.paint(list, container: container, on: canvas, view: view)
        canvas.resetClip()
        canvas.flush()
    }

    /// Without: clear and repaint the whole surface.
    func drawFull(on canvas: Canvas) {
        canvas.clear()
        painter.paint(list, container: container, on: canvas, view: view)
        canvas.flush()
    }
}

let benchmarks: @Sendable () -> Void = {
    Benchmark.defaultConfiguration = .init(metrics: [.wallClock, .cpuTotal], maxDuration: .seconds(3),
                                           maxIterations: 10_000)

    for radius in [20.0, 60.0] {
        Benchmark("Blur 1920x1080 frosted (downsampled, 3 passes), radius \(Int(radius))") { benchmark in
            var pixels = frostedSource()
            benchmark.startMeasurement()
            pixels.withUnsafeMutableBytes {
                FrostedBlur.blur($0.baseAddress!, width: 1920, height: 1080, stride: 1920 * 4, radius: radius)
            }
            benchmark.stopMeasurement()
            blackHole(pixels[960])
        }
        Benchmark("Blur 1920x1080 full resolution (8 passes, shadow accuracy), radius \(Int(radius))",
                  configuration: .init(maxDuration: .seconds(3), maxIterations: 20)) { benchmark in
            var pixels = frostedSource()
            benchmark.startMeasurement()
            pixels.withUnsafeMutableBytes {
                GaussianBlur.blur($0.baseAddress!, width: 1920, height: 1080, stride: 1920 * 4,
                                  sigma: GaussianBlur.sigma(radius: radius))
            }
            benchmark.stopMeasurement()
            blackHole(pixels[960])
        }
    }

    for scale in [1.0, 2.0] {
        Benchmark("Transition frame, 400x120 toast, scale \(Int(scale)), damage tracked") { benchmark in
            let frame = TransitionFrame()
            let canvas = Canvas(pixelWidth: Int(440 * scale), pixelHeight: Int(1080 * scale), scale: scale)
            frame.drawFull(on: canvas)  // warm caches (layout, shadow), as after the first frame
            let ink = frame.list.items.map { $0.visualFrame }
            benchmark.startMeasurement()
            for _ in benchmark.scaledIterations { frame.drawDamaged(on: canvas, previousInk: ink) }
        }
        Benchmark("Transition frame, 400x120 toast, scale \(Int(scale)), full redraw") { benchmark in
            let frame = TransitionFrame()
            let canvas = Canvas(pixelWidth: Int(440 * scale), pixelHeight: Int(1080 * scale), scale: scale)
            frame.drawFull(on: canvas)
            benchmark.startMeasurement()
            for _ in benchmark.scaledIterations { frame.drawFull(on: canvas) }
        }
    }

    // What every pointer motion over a toast adds to the router (for the cursor shape): the
    // toast's controls and link frames, from its laid-out tree.
    Benchmark("Pointer motion hit test: link and button frames of a toast with 2 links, 2 actions") { benchmark in
        let trees = ViewTreeRenderer()
        let content = ToastContent(summary: "Review requested",
                                   body: "<a href=\"https://example.org/pr/1\">PR 1</a> and <a href=\"https://example.org/pr/2\">PR 2</a>",
                                   actions: [("open", "Open"), ("later", "Later")])
        let toast = try! trees.layoutTemplate(TemplatedToast(template: BuiltInTemplates.standard, content: content), style: ToastStyle())
        benchmark.startMeasurement()
        for _ in benchmark.scaledIterations {
            blackHole(trees.links(in: toast))
            blackHole(toast.layout.control(at: Point(x: 100, y: 80)))
        }
    }
}
