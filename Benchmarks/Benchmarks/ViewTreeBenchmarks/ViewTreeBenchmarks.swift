// View trees: a 50-node panel laid out per iteration, and laid out with Pango and drawn with
// Cairo per iteration at scales 1 and 2 (budget ≤ 1 ms each).
import Benchmark
import Glibc
import OverlayEngine
import OverlayRenderer

/// 7 pt per character, 16 pt per line (the engine tests' measurer): layout cost without Pango.
struct FixedPitchMeasurer: TextMeasuring {
    func measure(_ text: TextContent, proposedWidth: Double?) -> Size {
        let count = Double(text.markup.count)
        let perLine = max(1, min(count, ((proposedWidth ?? .infinity) / 7).rounded(.down)))
        return Size(width: perLine * 7, height: (count / perLine).rounded(.up) * 16)
    }
}

/// A control panel of 50 nodes: a header (stack, icon, bold text, spacer, button), four rows of
/// icon + label + slider + toggle on rounded backgrounds, two dividers, a 3-column grid of six
/// buttons, a battery row with a progress bar, a search field and a footer. 5 images, 15 texts
/// (7 of them button labels), 7 buttons, 4 sliders, 4 toggles, 1 progress bar, 1 text field,
/// 8 stacks and a grid.
func panel() -> ViewNode {
    VStack(alignment: .leading, spacing: 8) {
        HStack {
            Image(.icon("preferences-system-symbolic"), size: Size(width: 24, height: 24))
            Text("<b>Quick settings</b>", font: FontSpec(size: 15, weight: .bold))
            Spacer()
            Button("Done", action: "done")
        }
        Divider()
        for name in ["Volume", "Brightness", "Microphone", "Night light"] {
            HStack(spacing: 10) {
                Image(.icon("audio-volume-high-symbolic"), size: Size(width: 16, height: 16))
                Text(name).frame(width: 90, alignment: .leading)
                Slider(value: 0.4, action: name)
                Toggle(isOn: true, action: name + ".on")
            }.padding(4).background(Color(red: 0, green: 0, blue: 0, alpha: 0.2)).cornerRadius(6)
        }
        Divider()
        Grid(columns: [.flexible, .flexible, .flexible]) {
            for label in ["Wi-Fi", "Bluetooth", "Airplane", "Do not disturb", "Caffeine", "Dark"] {
                Button(label, action: label)
            }
        }
        HStack { Text("Battery"); ProgressBar(value: 0.7); Text("70 %") }
        TextField("Search settings", submitAction: "search")
        HStack { Text("overlay-wl"); Spacer() }
    }.padding(12).frame(width: 360)
}

/// CPU time of this thread in nanoseconds (the scheduler-tick `cpuTotal` metric is 10 ms coarse).
func threadCPUNanoseconds() -> Int {
    var time = timespec()
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &time)
    return time.tv_sec * 1_000_000_000 + time.tv_nsec
}

let cpuPerDraw = BenchmarkMetric.custom("thread CPU (ns)")

let benchmarks: @Sendable () -> Void = {
    Benchmark.defaultConfiguration = .init(metrics: [.wallClock, .mallocCountTotal],
                                           maxDuration: .seconds(5), maxIterations: 100_000)
    let tree = panel()
    precondition(tree.nodeCount == 50, "the panel has \(tree.nodeCount) nodes, not 50")
    let measurer = FixedPitchMeasurer()
    Benchmark("ViewTree: lay out a 50-node panel (ViewLayout.layout)") { benchmark in
        for _ in benchmark.scaledIterations {
            blackHole(ViewLayout.layout(tree, proposal: ProposedSize(width: 360, height: nil), measuring: measurer))
        }
    }
    // The daemon's path for a view tree (OverlayPresenter lays it out with its ViewTreeRenderer,
    // RenderListPainter draws it with the same renderer): Pango measures and sets the text (its
    // layouts cached across iterations, as in the daemon's redraws), icons come from the icon
    // theme (decoded once, cached), every part is painted on an offscreen Cairo image surface,
    // cleared first as a surface clears what it repaints.
    for scale in [1.0, 2.0] {
        let renderer = ViewTreeRenderer()
        var imageErrors: [ImageLoadError] = []
        renderer.onImageError = { imageErrors.append($0) }
        let laidOut = renderer.layout(tree)
        let placedNodes = Set(laidOut.layout.placed.compactMap { if case .node = $0.part { $0.index } else { nil } })
        precondition(placedNodes == Set(0..<50), "the panel placed \(placedNodes.count) nodes, not 50")
        let canvas = Canvas(pixelWidth: Int((laidOut.size.width * scale).rounded(.up)),
                            pixelHeight: Int((laidOut.size.height * scale).rounded(.up)), scale: scale)
        renderer.draw(laidOut, on: canvas)
        precondition(imageErrors.isEmpty, "images left out of the panel: \(imageErrors)")
        Benchmark("ViewTree: lay out and draw a 50-node panel, scale \(Int(scale)) (ViewTreeRenderer)",
                  configuration: .init(metrics: [.wallClock, cpuPerDraw, .mallocCountTotal])) { benchmark in
            for _ in benchmark.scaledIterations {
                let cpu = threadCPUNanoseconds()
                canvas.clear()
                renderer.draw(renderer.layout(tree), on: canvas, overCleared: true)
                canvas.flush()
                benchmark.measurement(cpuPerDraw, threadCPUNanoseconds() - cpu)
            }
        }
    }
}
