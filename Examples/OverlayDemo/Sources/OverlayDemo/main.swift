import Glibc
import OverlayEngine
import OverlayRenderer
import WaylandPresenter

// An app that shows its own overlays, without the overlay-wl daemon: a toast, a view tree whose
// button counts its clicks, and a three-step tour of help tips. Ctrl+C or the view's Quit ends it.
// Usage: OverlayDemo [SECONDS]   (how long each tour step stays untapped; 6 by default)

/// The demo's containers: where its views go and how they come and go.
enum Containers {
    static let toasts = "toasts", panel = "panel", tour = "tour"

    static func register(on presenter: OverlayPresenter) throws {
        var toasts = ContainerConfiguration(name: toasts, displayType: .vertical, queueType: .multiple)
        toasts.defaults.alignment = .topTrailing
        toasts.defaults.autoDismiss = .value(20)
        toasts.defaults.dismissGesture = .value(.tap)
        try presenter.register(toasts, placement: SurfacePlacement())  // top right, 360 wide

        var panel = ContainerConfiguration(name: panel, displayType: .vertical, queueType: .multiple)
        panel.defaults.alignment = .topLeading
        panel.defaults.autoDismiss = .disabled
        try presenter.register(panel, placement: SurfacePlacement(anchor: [.top, .left], margins: [12, 0, 0, 12],
                                                                  width: 260, height: 160))

        // One tip at a time: the next shows when the one before is dismissed.
        var tour = ContainerConfiguration(name: tour, displayType: .stacking, queueType: .oneByOneWaitFinish)
        tour.delayForShowingNext = 0.2
        tour.defaults.dismissGesture = .value(.tap)
        tour.defaults.autoDismiss = .value(stepSeconds)
        try presenter.register(tour, placement: SurfacePlacement(anchor: [.top, .bottom, .left, .right],
                                                                 width: 0, height: 0, exclusiveZone: -1))
    }

    /// How long a tour step stays when nobody taps it.
    static var stepSeconds: Double {
        CommandLine.arguments.dropFirst().first.flatMap(Double.init) ?? 6
    }
}

/// A view tree is a value: the app builds a new one from its state and asks for it to be shown.
func counterView(clicks: Int) -> ViewNode {
    VStack(alignment: .leading, spacing: 10) {
        Text("<b>Overlay demo</b>", font: FontSpec(size: 15), color: .white)
        Text(clicks == 0 ? "Not clicked yet" : "Clicked \(clicks) time\(clicks == 1 ? "" : "s")", color: .white)
        HStack(spacing: 8) {
            Button("Click me", action: "count", style: .prominent)
            Button("Quit", action: "quit")
        }
    }
    .padding(14)
    .frame(width: 240, alignment: .leading)
    .background(Color(red: 0.12, green: 0.12, blue: 0.14, alpha: 0.94))
    .cornerRadius(12)
}

/// Owns the presenter's events: every click, after the engine has finished changing.
final class Demo: OverlayPresenterDelegate {
    let presenter: OverlayPresenter
    let loop: EventLoop
    var panel: ViewID?
    var clicks = 0

    init(presenter: OverlayPresenter, loop: EventLoop) {
        self.presenter = presenter
        self.loop = loop
    }

    func start() throws {
        try presenter.show(ToastContent(summary: "Hello from OverlayDemo", body: "A toast shown in-process. Click to close.",
                                        appName: "OverlayDemo"), in: Containers.toasts)
        panel = try presenter.show(counterView(clicks: 0), in: Containers.panel)
        try showTour()
    }

    /// Three tips, queued at once; the tour container shows them one after another.
    func showTour() throws {
        guard let output = presenter.display?.outputs.first(where: \.isDescribed) else { return }
        let scale = Double(max(1, output.scale))
        let screen = Rect(x: 0, y: 0, width: Double(output.pixelWidth) / scale, height: Double(output.pixelHeight) / scale)
        let steps: [(title: String, body: String, target: TipTarget)] = [
            ("1 of 3: your panel", "A view tree; its button counts clicks.", .rect(Rect(x: 12, y: 12, width: 240, height: 126))),
            ("2 of 3: a toast", "Toasts stack in the top-right corner.", .rect(Rect(x: screen.width - 372, y: 12, width: 360, height: 66))),
            ("3 of 3: done", "Tap a tip to go on; tips also close on their own.", .point(Point(x: screen.width / 2, y: screen.height / 2))),
        ]
        let style = CalloutStyle()
        for step in steps {
            let content = CalloutContent(title: step.title, body: step.body)
            let size = presenter.tipSize(content, style: style)
            let placement = TipPlacer.place(step.target, size: size, in: screen, metrics: style.metrics)
            try presenter.showTip(content, style: style, placement: placement, in: Containers.tour)
        }
    }

    func presenter(_ presenter: OverlayPresenter, didApply effect: EngineEffect) {
        if case .dismissed(_, Containers.tour, _) = effect { print("tour step closed") }
    }

    func presenter(_ presenter: OverlayPresenter, clicked click: ViewClick) {
        guard case .viewAction(let action) = click.part else { return presenter.applyTap(click) }
        switch action.action {
        case "count":
            clicks += 1
            presenter.update(click.view, to: counterView(clicks: clicks))  // same id, repainted in place
            print("clicked \(clicks)")
        case "quit":
            loop.stop()
        default:
            break
        }
    }
}

setvbuf(stdout, nil, _IOLBF, 0)  // one line at a time, also into a pipe
do {
    let loop = try EventLoop()                       // poll: Wayland fd, timerfd, signalfd
    let display = try WaylandDisplay()               // $WAYLAND_DISPLAY
    let presenter = OverlayPresenter(display: display)
    try Containers.register(on: presenter)
    let demo = Demo(presenter: presenter, loop: loop)
    presenter.delegate = demo
    loop.add(display)
    loop.afterDispatch = { try presenter.update() }  // advance the engine, draw, return the next deadline
    try demo.start()
    try loop.run()                                   // until Quit, SIGINT or SIGTERM
} catch {
    fputs("OverlayDemo: \(error)\n", stderr)
    exit(1)
}
