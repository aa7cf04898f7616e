// View trees: a 50-node panel laid out per iteration, and laid out with Pango and drawn with
// Cairo per iteration (budget ≤ 1 ms each).
import Benchmark
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

/// A control panel: a header, four rows of icon + label + slider + toggle, a 3-column grid of
/// buttons, a progress row, a search field and a footer; 50 nodes.
func panel() -> ViewNode {
    VStack(alignment: .leading, spacing: 8) {
        HStack {
            Image(.icon("preferences-system"), size: Size(width: 24, height: 24))
            Text("<b>Quick settings</b>", font: FontSpec(size: 15, weight: .bold))
            Spacer()
            Button("Done", action: "done")
        }
        Divider()
        for name in ["Volume", "Brightness", "Microphone", "Night light"] {
            HStack(spacing: 10) {
                Image(.icon("audio-volume-high"), size: Size(width: 16, height: 16))
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

let benchmarks: @Sendable () -> Void = {
    Benchmark.defaultConfiguration = .init(metrics: [.wallClock, .mallocCountTotal],
                                           maxDuration: .seconds(5), maxIterations: 100_000)
    let tree = panel()
    precondition(tree.nodeCount == 50, "the panel has \(tree.nodeCount) nodes")
    let measurer = FixedPitchMeasurer()
    Benchmark("ViewTree: lay out a 50-node panel (ViewLayout.layout)") { benchmark in
        for _ in benchmark.scaledIterations {
            blackHole(ViewLayout.layout(tree, proposal: ProposedSize(width: 360, height: nil), measuring: measurer))
        }
    }
    // Pango measures and sets the text (its layouts cached across iterations, as in the daemon's
    // redraws); every part is painted on a 360-point-wide canvas at scale 1.
    let renderer = ViewTreeRenderer()
    let size = renderer.layout(tree).size
    let canvas = Canvas(pixelWidth: Int(size.width.rounded(.up)), pixelHeight: Int(size.height.rounded(.up)), scale: 1)
    Benchmark("ViewTree: lay out and draw a 50-node panel (ViewTreeRenderer)") { benchmark in
        for _ in benchmark.scaledIterations {
            canvas.clear()
            renderer.draw(renderer.layout(tree), on: canvas)
            canvas.flush()
        }
    }
}
