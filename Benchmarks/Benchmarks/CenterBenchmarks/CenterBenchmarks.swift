// The notification centre with 10,000 entries: opening it (group and order the entries, lay
// out and draw the rows in view) and one scroll step (lay out and draw the rows in view),
// each against one frame (16.7 ms at 60 Hz). The rows are laid out as the presenter does
// (`OverlayPresenter.centerRenderList`): only those meeting the viewport.
import Benchmark
import OverlayEngine
import OverlayRenderer

struct CentreFrame {
    static let size = Size(width: 420, height: 1080)
    static let margin = 12.0, gap = 8.0
    let painter = RenderListPainter()
    var style = ToastStyle()
    let heights: CenterRowHeights
    let entries: [CenterEntry]
    var list = CenterList()
    /// Changes every row's text, so that opening lays the rows out afresh.
    var generation = 0

    init(count: Int) {
        style.width = Self.size.width - 2 * Self.margin
        style.summaryMaxLines = 1
        style.bodyMaxLines = 1
        style.showsCloseButton = true
        let entry = row(ToastContent(summary: "S", body: "B")).size.height
        heights = CenterRowHeights(header: 96, group: 40, entry: entry + Self.gap, entryWithButtons: entry + 44)
        var entries: [CenterEntry] = []
        for i in 0..<count {
            let group: String = "app-" + String(i % 12)
            entries.append(CenterEntry(id: UInt32(i + 1), group: group, time: Double(i), hasButtons: i % 3 == 0))
        }
        self.entries = entries
        list.viewportHeight = Self.size.height - 2 * Self.margin - heights.header
    }

    mutating func open() {
        generation += 1
        list.setEntries(entries, heights: heights)
        list.scroll(to: 0)
    }

    func content(_ id: ViewID) -> ToastContent {
        switch CenterRowID.decode(id) {
        case .entry(let n)?:
            var buttons: [(key: String, label: String)] = []
            if n % 3 == 1 { buttons = [(key: "snooze-300", label: "Snooze 5 min"), (key: "snooze-3600", label: "Snooze 1 h")] }
            let summary: String = "Message " + String(n) + " (" + String(generation) + ")"
            let body: String = "3 min ago · the body of message " + String(n)
            return ToastContent(summary: summary, body: body, actions: buttons)
        case .group(let g)?: return ToastContent(summary: list.groups[g] + " (" + String(generation) + ")")
        default: return ToastContent(summary: "Notifications", body: "10000 in history", actions: [("dnd", "Do not disturb"), ("all", "Clear all")])
        }
    }

    /// A row drawn through the `default` template, as the presenter draws it.
    func row(_ content: ToastContent) -> LaidOutView {
        try! painter.trees.layoutTemplate(TemplatedToast(template: BuiltInTemplates.standard, content: content), style: style)
    }

    /// The rows in view and the header, drawn over the whole panel.
    func draw(on canvas: Canvas) {
        let top = Self.margin + heights.header
        var items: [RenderItem] = []
        for i in list.visibleRange {
            let row = list.rows[i]
            let y: Double = top + list.top(of: i) - list.offset
            let frame = Rect(x: Self.margin, y: y, width: style.width, height: row.height - Self.gap)
            items.append(RenderItem(id: row.id, frame: frame, z: i + 1, backgroundOpacity: 0))
        }
        items.append(RenderItem(id: CenterRowID.header, frame: Rect(x: Self.margin, y: Self.margin, width: style.width,
                                                                     height: heights.header - Self.gap), z: .max - 1, backgroundOpacity: 0))
        let bounds = Rect(origin: .zero, size: Self.size)
        canvas.clear()
        painter.paint(RenderList(items: items, contentBounds: bounds, clipRect: bounds), container: bounds, on: canvas) { id in
            PaintedView(tree: row(content(id)))
        }
        canvas.flush()
    }
}

let benchmarks: @Sendable () -> Void = {
    Benchmark.defaultConfiguration = .init(metrics: [.wallClock, .cpuTotal], maxDuration: .seconds(3), maxIterations: 1_000)

    Benchmark("Centre open, 10,000 entries: group, order, lay out and draw the rows in view (420x1080)") { benchmark in
        var frame = CentreFrame(count: 10_000)
        let canvas = Canvas(pixelWidth: 420, pixelHeight: 1080, scale: 1)
        frame.open()
        frame.draw(on: canvas)  // fonts loaded, as in a running daemon
        benchmark.startMeasurement()
        for _ in benchmark.scaledIterations {
            frame.open()
            frame.draw(on: canvas)
        }
        benchmark.stopMeasurement()
        blackHole(frame.list.rows.count)
    }

    Benchmark("Centre scroll step (120 pt), 10,000 entries: lay out and draw the rows in view (420x1080)") { benchmark in
        var frame = CentreFrame(count: 10_000)
        let canvas = Canvas(pixelWidth: 420, pixelHeight: 1080, scale: 1)
        frame.open()
        frame.draw(on: canvas)
        benchmark.startMeasurement()
        for _ in benchmark.scaledIterations {
            if frame.list.offset >= frame.list.maximumOffset { frame.list.scroll(to: 0) } else { frame.list.scroll(by: 120) }
            frame.draw(on: canvas)
        }
        benchmark.stopMeasurement()
        blackHole(frame.list.offset)
    }
}
