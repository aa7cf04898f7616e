import XCTest
@testable import OverlayRenderer
import OverlayEngine
import OverlayScene

/// Notification templates drawn through the view-tree path: the built-ins against their own
/// goldens, and the `default` template against the toast painter's goldens within
/// `toastChannelTolerance` / `toastOutlierFraction`.
final class TemplateGoldenTests: XCTestCase {
    /// A pixel of the default template may differ from the toast painter's by this much per channel…
    static let toastChannelTolerance = 2
    /// …in at most this share of the picture's pixels. What differs: a centred action label
    /// whose free width is odd starts half a pixel left of the toast's (Pango rounds its own
    /// centring to whole pixels, layout does not), so its glyphs after the first few land a pixel
    /// apart: about 0.14 % of a 380 × 200 picture with two buttons at scale 1, 0.22 % at scale 2.
    static let toastOutlierFraction = 0.003

    /// Toast goldens (scene, scale, golden); `progress` has a close button beside two actions,
    /// `style-gradient` a 4 pt border, an 18 pt radius, a background gradient and a close button.
    static let toastFixtures: [(String, Double, String)] = [
        ("progress", 1, "progress"), ("style-gradient", 1, "style-gradient"),
        ("hidpi-toast", 1, "hidpi-toast"), ("hidpi-toast", 2, "hidpi-toast@2x"),
        ("icons", 1, "icons"), ("icons", 2, "icons@2x"),
        ("text-rtl", 1, "text-rtl"), ("text-emoji", 1, "text-emoji"), ("text-emoji", 2, "text-emoji@2x"),
        ("shadow", 1, "shadow"), ("shadow", 2, "shadow@2x"), ("bg-color", 1, "bg-color"),
    ]

    /// Every toast of these scenes drawn through `default` matches the toast painter's golden.
    func testDefaultTemplateMatchesTheToastGoldens() throws {
        for (scene, scale, name) in Self.toastFixtures {
            let renderer = try SceneRenderer(path: "\(GoldenImage.directory)/scenes/\(scene).json", toastTemplate: BuiltInTemplates.standard)
            let canvas = try renderer.render(at: 1, scale: scale)
            try GoldenImage.compare(canvas, name: name, channelTolerance: Self.toastChannelTolerance,
                                    outlierFraction: Self.toastOutlierFraction, updatable: false, keptAs: "template-vs-\(name)")
            let o = GoldenImage.lastOutliers
            print("default template vs \(name): \(o.count) of \(o.pixels) pixels beyond \(Self.toastChannelTolerance)/255, largest \(o.worst)/255")
        }
    }

    /// Themes, urgency and right-to-left through `default` against the toast painter drawing the
    /// same content in the same style: every theme, quiet and urgent, an icon, progress and
    /// actions, a Hebrew toast (mirrored: icon, bar and buttons on the other side) and a Hebrew
    /// toast with a short English body (at the column's left edge, as the toast sets it).
    func testDefaultTemplateFollowsThemesUrgencyAndDirection() throws {
        let icon = ImageSource.file("\(GoldenImage.directory)/assets/badge.png")
        var contents: [ToastContent] = []
        for (summary, emphasis) in [("Disk almost full", ToastEmphasis.urgent), ("Backup done", .quiet), ("שלום עולם", .urgent),
                                    ("עדכון", .quiet)] {
            let body = summary == "עדכון" ? "Short <i>English</i> body."
                : summary.first == "ש" ? "זוהי <i>הודעה</i> בעברית שנכתבת מימין לשמאל ועוברת לשורה שנייה."
                : "Body <i>text</i> that wraps onto a second line of the toast."
            var content = ToastContent(summary: summary, body: body,
                                       progress: 60, actions: [("a", "Open"), ("b", "Later")], icon: icon)
            content.emphasis = emphasis
            contents.append(content)
        }
        let themes = [ToastTheme(), ToastTheme(scheme: .light), ToastTheme(highContrast: true),
                      ToastTheme(scheme: .light, highContrast: true, accent: Color(hex: 0x3584E4))]
        for theme in themes {
            for content in contents {
                for scale in [1.0, 2.0] {
                    let style = theme.style
                    let toast = Canvas(pixelWidth: Int(380 * scale), pixelHeight: Int(200 * scale), scale: scale)
                    toast.fill(Color(hex: 0x808080))
                    ToastRenderer().draw(content, style: style, on: toast, x: 10, y: 10)
                    let templated = Canvas(pixelWidth: Int(380 * scale), pixelHeight: Int(200 * scale), scale: scale)
                    templated.fill(Color(hex: 0x808080))
                    let trees = ViewTreeRenderer()
                    trees.draw(try trees.layoutTemplate(TemplatedToast(template: BuiltInTemplates.standard, content: content), style: style),
                               on: templated, at: Point(x: 10, y: 10))
                    let differing = Self.differing(toast, templated)
                    if Double(differing) > Double(toast.pixelWidth * toast.pixelHeight) * Self.toastOutlierFraction {
                        let dir = GoldenImage.failureDirectory("template-vs-toast")
                        try? FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
                        let tag = "\(theme.scheme)\(theme.highContrast ? "-hc" : "")-\(content.emphasis)-\(content.summary.count)-\(Int(scale))x"
                        try? toast.writePNG(to: "\(dir)/\(tag)-toast.png")
                        try? templated.writePNG(to: "\(dir)/\(tag)-template.png")
                    }
                    XCTAssertLessThanOrEqual(Double(differing), Double(toast.pixelWidth * toast.pixelHeight) * Self.toastOutlierFraction,
                                             "\(theme) \(content.summary) @\(scale)x: \(differing) pixels differ")
                }
            }
        }
    }

    /// The toast's close button, links in the body and a style's line counts through `default`:
    /// the same pixels as the toast painter within the tolerance, the close button where the
    /// toast has it (a control with the built-in close action), and the same link frames.
    func testDefaultTemplateDrawsCloseButtonLinksAndLineCounts() throws {
        var style = ToastStyle.standard
        style.showsCloseButton = true
        style.bodyMaxLines = 2
        style.summaryMaxLines = 1
        let body = "See <a href=\"https://example.org/a\">the first link</a> and then a long sentence that wraps "
            + "before <a href=\"https://example.org/b\">a second link</a> on a later line, cut at two lines."
        let contents = [
            ToastContent(summary: "A summary long enough to need more than the one line this style allows", body: body,
                         icon: .file("\(GoldenImage.directory)/assets/badge.png")),
            ToastContent(summary: "No icon", body: body, actions: [("a", "Open")]),
            ToastContent(summary: "שלום עולם", body: "<a href=\"https://example.org/he\">קישור</a> בעברית"),
        ]
        let trees = ViewTreeRenderer()
        for content in contents {
            let laidOut = try trees.layoutTemplate(TemplatedToast(template: BuiltInTemplates.standard, content: content), style: style)
            let toast = ToastRenderer()
            XCTAssertEqual(laidOut.size.height, toast.measure(content, style: style).height, content.summary)
            let close = laidOut.layout.placed.first { if case .node(.button(ViewAction.close, _)) = $0.part { true } else { false } }
            XCTAssertEqual(close?.frame, toast.closeButtonFrame(content, style: style), content.summary)
            let links = trees.links(in: laidOut), expected = toast.linkFrames(content, style: style)
            XCTAssertEqual(links.map(\.href), expected.map(\.href), content.summary)
            XCTAssertFalse(links.isEmpty, content.summary)
            for (a, b) in zip(links, expected) {
                for (p, q) in [(a.frame.minX, b.frame.minX), (a.frame.minY, b.frame.minY), (a.frame.width, b.frame.width), (a.frame.height, b.frame.height)] {
                    XCTAssertEqual(p, q, accuracy: 1, "\(content.summary): \(a.href)")
                }
            }
            for scale in [1.0, 2.0] {
                let (painted, templated, differing) = Self.compareWithToast(content, style: style, toast: toast, trees: trees,
                                                                            laidOut: laidOut, height: 200, scale: scale)
                if Double(differing) > Double(painted.pixelWidth * painted.pixelHeight) * Self.toastOutlierFraction {
                    let dir = GoldenImage.failureDirectory("template-vs-toast")
                    try? FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
                    try? painted.writePNG(to: "\(dir)/close-links-\(content.summary.count)-\(Int(scale))x-toast.png")
                    try? templated.writePNG(to: "\(dir)/close-links-\(content.summary.count)-\(Int(scale))x-template.png")
                }
                XCTAssertLessThanOrEqual(Double(differing), Double(painted.pixelWidth * painted.pixelHeight) * Self.toastOutlierFraction,
                                         "\(content.summary) @\(scale)x: \(differing) pixels differ")
            }
        }
    }

    /// `content` drawn by the toast painter and `laidOut` by the tree renderer, each at (10, 10)
    /// on a grey canvas 380 points wide and `height` high: both canvases, and how many pixels differ.
    static func compareWithToast(_ content: ToastContent, style: ToastStyle, toast: ToastRenderer, trees: ViewTreeRenderer,
                                 laidOut: LaidOutView, height: Double, scale: Double) -> (painted: Canvas, templated: Canvas, differing: Int) {
        let painted = Canvas(pixelWidth: Int(380 * scale), pixelHeight: Int(height * scale), scale: scale)
        painted.fill(Color(hex: 0x808080))
        toast.draw(content, style: style, on: painted, x: 10, y: 10)
        let templated = Canvas(pixelWidth: Int(380 * scale), pixelHeight: Int(height * scale), scale: scale)
        templated.fill(Color(hex: 0x808080))
        trees.draw(laidOut, on: templated, at: Point(x: 10, y: 10))
        return (painted, templated, differing(painted, templated))
    }

    /// Inline images in the body through `default`: placed on the baseline, fitted to the
    /// column and the style's image height, as the toast places them; one that cannot be loaded
    /// shows its alt text in both.
    func testDefaultTemplateDrawsInlineImages() throws {
        let badge = "\(GoldenImage.directory)/assets/badge.png"
        var style = ToastStyle.standard
        style.bodyImageMaxHeight = 24
        let contents = [
            ToastContent(summary: "Inline", body: "Look <img src=\"\(badge)\" alt=\"[pic]\"/> here, then text that wraps onto a second line"),
            ToastContent(summary: "Missing", body: "Look <img src=\"/no/such.png\" alt=\"[pic]\"/> here"),
        ]
        let trees = ViewTreeRenderer()
        var failures: [ImageLoadError] = []
        trees.onImageError = { failures.append($0) }
        for content in contents {
            let laidOut = try trees.layoutTemplate(TemplatedToast(template: BuiltInTemplates.standard, content: content), style: style)
            let toast = ToastRenderer()
            XCTAssertEqual(laidOut.size.height, toast.measure(content, style: style).height, content.summary)
            for scale in [1.0, 2.0] {
                let (painted, _, differing) = Self.compareWithToast(content, style: style, toast: toast, trees: trees,
                                                                    laidOut: laidOut, height: 120, scale: scale)
                XCTAssertLessThanOrEqual(Double(differing), Double(painted.pixelWidth * painted.pixelHeight) * Self.toastOutlierFraction,
                                         "\(content.summary) @\(scale)x: \(differing) pixels differ")
            }
        }
        XCTAssertEqual(failures, [.notFound("/no/such.png")], "a failure is reported once")
    }

    /// Without a close button in the style the template draws none.
    func testNoCloseButtonUnlessTheStyleShowsOne() throws {
        let laidOut = try ViewTreeRenderer().layoutTemplate(TemplatedToast(template: BuiltInTemplates.standard,
                                                                           content: ToastContent(summary: "S")), style: .standard)
        XCTAssertFalse(laidOut.layout.placed.contains { if case .node(.symbol) = $0.part { true } else { false } })
    }

    /// Pixels whose channels differ by more than `toastChannelTolerance`.
    static func differing(_ a: Canvas, _ b: Canvas) -> Int {
        var n = 0
        for y in 0..<a.pixelHeight {
            for x in 0..<a.pixelWidth {
                let p = a.pixel(x: x, y: y), q = b.pixel(x: x, y: y)
                let d = max(abs(Int(p.r) - Int(q.r)), abs(Int(p.g) - Int(q.g)), abs(Int(p.b) - Int(q.b)), abs(Int(p.a) - Int(q.a)))
                if d > toastChannelTolerance { n += 1 }
            }
        }
        return n
    }

    /// The three built-ins at scales 1 and 2: an icon, actions, a progress bar, urgent and quiet
    /// toasts, the light theme; compact's ellipsized body; hero's image across the top.
    func testBuiltInTemplatesAtScales1And2() throws {
        for name in BuiltInTemplates.names {
            try GoldenImage.check(scene: "template-\(name)", time: 1, scale: 1, name: "template-\(name)")
            try GoldenImage.check(scene: "template-\(name)", time: 1, scale: 2, name: "template-\(name)@2x")
        }
    }

    /// A compact toast is one line: 36 pt high whatever its body's length.
    func testCompactIsOneLine() throws {
        let trees = ViewTreeRenderer()
        for body in ["", "short", String(repeating: "long words ", count: 60)] {
            let toast = TemplatedToast(template: BuiltInTemplates.compact, content: ToastContent(summary: "Mail", body: body))
            let laidOut = try trees.layoutTemplate(toast, style: .standard)
            XCTAssertEqual(laidOut.size, Size(width: 360, height: 36), body)
        }
    }

    /// An action button of a templated toast is a control whose action is the action's key.
    func testActionButtonsCarryTheActionKeys() throws {
        let content = ToastContent(summary: "S", actions: [("default", "Open"), ("a", "Archive"), ("b", "Delete")])
        let laidOut = try ViewTreeRenderer().layoutTemplate(TemplatedToast(template: BuiltInTemplates.standard, content: content),
                                                            style: .standard)
        let actions = laidOut.layout.placed.compactMap { part -> String? in
            if case .node(.button(let action, _)) = part.part { return action }
            return nil
        }
        XCTAssertEqual(actions, ["a", "b"])  // "default" is the click on the toast itself, as in the toast
    }

    /// Body markup is sanitised when drawn: a template body with a script tag and a broken tag
    /// draws like the same body in the toast.
    func testBodyMarkupIsSanitised() throws {
        let body = "<b>bold</b> <script>x</script> <i>open"
        let canvasA = Canvas(pixelWidth: 360, pixelHeight: 120, scale: 1)
        let trees = ViewTreeRenderer()
        let laidOut = try trees.layoutTemplate(TemplatedToast(template: BuiltInTemplates.standard,
                                                              content: ToastContent(summary: "S", body: body)), style: .standard)
        trees.draw(laidOut, on: canvasA)
        let canvasB = Canvas(pixelWidth: 360, pixelHeight: 120, scale: 1)
        ToastRenderer().draw(ToastContent(summary: "S", body: body), style: .standard, on: canvasB, x: 0, y: 0)
        XCTAssertEqual(laidOut.size.height, ToastRenderer().measure(ToastContent(summary: "S", body: body), style: .standard).height)
        var differing = 0
        for y in 0..<120 { for x in 0..<360 where canvasA.pixel(x: x, y: y) != canvasB.pixel(x: x, y: y) { differing += 1 } }
        XCTAssertLessThan(differing, 40)
    }
}
