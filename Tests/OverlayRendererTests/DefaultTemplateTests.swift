import Foundation
import XCTest
@testable import OverlayRenderer
import OverlayEngine

/// Toasts drawn through the `default` template against the toast painter's pictures of the same
/// toasts (`Golden/toast/`, drawn by the toast painter that this path replaced), within the
/// goldens' tolerance: themes, urgency and right to left, the close button with links and line
/// counts, inline images, action icons, the inline-reply row (placeholder, typed text, caret,
/// scrolled text, a mirrored field, the submit icon), frosted cards over every blur source, and
/// sanitised markup. The scene goldens (`GoldenTests`) cover the rest.
final class DefaultTemplateTests: XCTestCase {
    var temp: String!
    var icons: IconTheme!

    override func setUpWithError() throws {
        temp = NSTemporaryDirectory() + "overlay-wl-default-template-\(getpid())-\(UUID().uuidString)"
        icons = try Fixtures.iconTheme(in: temp, names: ["test-reply", "mail-send"])
    }

    override func tearDownWithError() throws { try? FileManager.default.removeItem(atPath: temp) }

    /// One toast and how it is pictured: on grey or on stripes, `height` points high (380 wide,
    /// the toast at (10, 10)), at each of `scales`, its blur from `source`.
    struct Case {
        var name: String
        var content: ToastContent
        var style = ToastStyle.standard
        var height = 200.0
        var scales = [1.0]
        var stripes = false
        var source = BlurSource.tintedFallback
    }

    static func replying(_ summary: String = "Ann", text: String = "", caret: Int? = nil, icon: String? = nil) -> ToastContent {
        var content = ToastContent(summary: summary, body: "lunch?", actions: [("mute", "Mute")])
        var field = ReplyFieldContent(placeholder: "Write back", submitLabel: "Answer", submitIcon: icon)
        field.text = text
        field.caret = caret
        content.reply = field
        return content
    }

    static let cases: [Case] = {
        var cases: [Case] = []
        let badge = "\(GoldenImage.directory)/assets/badge.png"
        // Themes, urgency and direction: an icon, progress and two actions; a Hebrew toast
        // (mirrored: icon, bar and buttons on the other side) and a Hebrew one with an English body.
        let themes = [("dark", ToastTheme()), ("light-hc-accent", ToastTheme(scheme: .light, highContrast: true, accent: Color(hex: 0x3584E4)))]
        let toasts: [(String, String, String, ToastEmphasis)] = [
            ("urgent", "Disk almost full", "Body <i>text</i> that wraps onto a second line of the toast.", .urgent),
            ("quiet", "Backup done", "Body <i>text</i> that wraps onto a second line of the toast.", .quiet),
            ("rtl-urgent", "שלום עולם", "זוהי <i>הודעה</i> בעברית שנכתבת מימין לשמאל ועוברת לשורה שנייה.", .urgent),
            ("rtl-english-body", "עדכון", "Short <i>English</i> body.", .quiet),
        ]
        for (themeName, theme) in themes {
            for (name, summary, body, emphasis) in toasts {
                var content = ToastContent(summary: summary, body: body, progress: 60, actions: [("a", "Open"), ("b", "Later")], icon: .file(badge))
                content.emphasis = emphasis
                cases.append(Case(name: "theme-\(themeName)-\(name)", content: content, style: theme.style,
                                  scales: name == "urgent" || name == "rtl-urgent" ? [1, 2] : [1]))
            }
        }
        // The close button, links and a style's line counts.
        var lines = ToastStyle.standard
        lines.showsCloseButton = true
        lines.bodyMaxLines = 2
        lines.summaryMaxLines = 1
        let links = "See <a href=\"https://example.org/a\">the first link</a> and then a long sentence that wraps "
            + "before <a href=\"https://example.org/b\">a second link</a> on a later line, cut at two lines."
        cases.append(Case(name: "close-links-icon", content: ToastContent(summary: "A summary long enough to need more than the one line this style allows",
                                                                          body: links, icon: .file(badge)), style: lines))
        cases.append(Case(name: "close-links-action", content: ToastContent(summary: "No icon", body: links, actions: [("a", "Open")]),
                          style: lines, scales: [1, 2]))
        cases.append(Case(name: "close-links-rtl", content: ToastContent(summary: "שלום עולם", body: "<a href=\"https://example.org/he\">קישור</a> בעברית"),
                          style: lines))
        // Inline images fitted to the column and the style's height; one that cannot load shows its alt text.
        var images = ToastStyle.standard
        images.bodyImageMaxHeight = 24
        cases.append(Case(name: "inline-image", content: ToastContent(summary: "Inline", body: "Look <img src=\"\(badge)\" alt=\"[pic]\"/> here, then text that wraps onto a second line"),
                          style: images, height: 120, scales: [1, 2]))
        cases.append(Case(name: "inline-image-missing", content: ToastContent(summary: "Missing", body: "Look <img src=\"/no/such.png\" alt=\"[pic]\"/> here"),
                          style: images, height: 120))
        // Action icons: the icon instead of the label where the theme has it.
        cases.append(Case(name: "action-icons", content: ToastContent(summary: "S", actions: [("test-reply", "Reply"), ("no-such-icon", "Other")], actionIcons: true),
                          height: 120, scales: [1, 2]))
        // The reply row.
        let long = "W" + String(repeating: " word", count: 40)
        for (name, content) in [("placeholder", replying()), ("focused-empty", replying(caret: 0)), ("caret-middle", replying(text: "see you", caret: 3)),
                                ("caret-end", replying(text: "see you", caret: 7)), ("scrolled", replying(text: long, caret: long.count)),
                                ("long-unfocused", replying(text: long)), ("rtl-typing", replying("שלום", text: "ok ok", caret: 5)),
                                ("submit-icon", replying(text: "typed", caret: 2, icon: "mail-send"))] {
            cases.append(Case(name: "reply-\(name)", content: content, height: 140,
                              scales: name == "caret-middle" || name == "rtl-typing" ? [1, 2] : [1]))
        }
        // Frosted cards over stripes: blurred (the canvas), over the compositor's blur (the tint)
        // and without one (the denser fallback); a round card whose gradient the material replaces.
        var urgent = ToastContent(summary: "Frosted", body: "A body that wraps onto a second line of the frosted card.", actions: [("a", "Open")])
        urgent.emphasis = .urgent
        var quiet = ToastContent(summary: "Quiet")
        quiet.emphasis = .quiet
        var round = ToastStyle.standard
        round.cornerRadius = 16
        round.backgroundGradient = Color(hex: 0x445566)
        for (name, source) in [("canvas", BlurSource.canvas), ("compositor", .compositor), ("fallback", .tintedFallback)] {
            cases.append(Case(name: "frosted-\(name)-urgent", content: urgent, style: ToastStyle.standard.withMaterial(.regular), height: 140,
                              scales: source == .canvas ? [1, 2] : [1], stripes: true, source: source))
        }
        cases.append(Case(name: "frosted-round-quiet", content: quiet, style: round.withMaterial(.thin), height: 140, stripes: true, source: .canvas))
        cases.append(Case(name: "frosted-light-urgent", content: urgent, style: ToastTheme(scheme: .light).style.withMaterial(.thick), height: 140,
                          stripes: true, source: .canvas))
        // Markup is sanitised: a script tag dropped, an open tag closed.
        cases.append(Case(name: "sanitised", content: ToastContent(summary: "S", body: "<b>bold</b> <script>x</script> <i>open"), height: 120))
        return cases
    }()

    /// The canvas a case is drawn on: grey or stripes.
    static func backdrop(_ c: Case, scale: Double) -> Canvas {
        if c.stripes { return Fixtures.striped(width: 380, height: c.height, scale: scale) }
        let canvas = Canvas(pixelWidth: Int(380 * scale), pixelHeight: Int(c.height * scale), scale: scale)
        canvas.fill(Color(hex: 0x808080))
        return canvas
    }

    func testTheDefaultTemplateDrawsTheToastPaintersPictures() throws {
        for c in Self.cases {
            let trees = ViewTreeRenderer()
            trees.iconTheme = icons
            trees.blurSource = c.source
            let laidOut = try trees.layoutTemplate(TemplatedToast(template: BuiltInTemplates.standard, content: c.content), style: c.style)
            for scale in c.scales {
                let canvas = Self.backdrop(c, scale: scale)
                trees.draw(laidOut, on: canvas, at: Point(x: 10, y: 10))
                try GoldenImage.compare(canvas, name: "toast/\(c.name)\(scale == 1 ? "" : "@\(Int(scale))x")", updatable: false)
            }
        }
    }

    // MARK: Action icons (`action-icons`)

    /// The first button holds the icon and no text, the second its label (`DefaultTemplateTests`
    /// compares the pixels with the toast painter's).
    func testActionIconsReplaceLabels() throws {
        let content = ToastContent(summary: "S", actions: [("test-reply", "Reply"), ("no-such-icon", "Other")], actionIcons: true)
        let trees = ViewTreeRenderer()
        trees.iconTheme = icons
        let laidOut = try trees.layoutTemplate(TemplatedToast(template: BuiltInTemplates.standard, content: content), style: .standard)
        let images = laidOut.layout.placed.filter { if case .node(.image(let i)) = $0.part { i.source == .icon("test-reply") } else { false } }
        XCTAssertEqual(images.map(\.frame.size), [Size(width: 20, height: 20)])
        let labels = laidOut.layout.placed.compactMap { part -> String? in
            if case .node(.text(let t)) = part.part, t.lineLimit == 1 { return t.markup }
            return nil
        }
        XCTAssertEqual(labels, ["Other"])
    }

    /// Without the hint, keys are not icon names: every button shows its label.
    func testWithoutTheHintLabelsShow() throws {
        let trees = ViewTreeRenderer()
        trees.iconTheme = icons
        let content = ToastContent(summary: "S", actions: [("test-reply", "Reply")])
        let laidOut = try trees.layoutTemplate(TemplatedToast(template: BuiltInTemplates.standard, content: content), style: .standard)
        XCTAssertFalse(laidOut.layout.placed.contains { if case .node(.image) = $0.part { true } else { false } })
        XCTAssertTrue(laidOut.layout.placed.contains { if case .node(.text(let t)) = $0.part { t.markup == "Reply" } else { false } })
    }

    // MARK: The reply field

    /// A click in the field puts the caret at the nearest character boundary: left of the text
    /// at its start, right of it at its end, never earlier further right; in a mirrored field a
    /// click at its right edge is at the start of its right-to-left line.
    func testAClickPutsTheCaretAtTheNearestCharacterBoundary() throws {
        func field(_ content: ToastContent) throws -> (FieldText, Rect) {
            let laidOut = try ViewTreeRenderer().layoutTemplate(TemplatedToast(template: BuiltInTemplates.standard, content: content), style: .standard)
            let part = try XCTUnwrap(laidOut.layout.placed.first { if case .node(.textField) = $0.part { true } else { false } })
            guard case .node(.textField(let field)) = part.part else { throw XCTSkip("no field") }
            return (FieldText(field, caret: nil, width: part.frame.width, context: TextContext(scale: 1)), part.frame)
        }
        let (typed, frame) = try field(Self.replying(text: "see you 👍🏽 at one"))
        XCTAssertEqual(typed.caret(atX: 0), 0, "left of the text: the start")
        XCTAssertEqual(typed.caret(atX: frame.width - 2), 16, "right of the text: the end (16 characters, 👍🏽 one of them)")
        XCTAssertTrue((1...15).contains(typed.caret(atX: 40)), "inside the text: between its characters")
        var last = 0
        for x in stride(from: 0, to: frame.width, by: 3) {
            XCTAssertGreaterThanOrEqual(typed.caret(atX: x), last, "further right is never earlier")
            last = typed.caret(atX: x)
        }
        XCTAssertEqual(try field(Self.replying()).0.caret(atX: 40), 0, "an empty field: the start")
        let (mirrored, mirroredFrame) = try field(Self.replying("שלום", text: "ok ok"))
        XCTAssertEqual(mirrored.caret(atX: mirroredFrame.width - 4), 0, "a mirrored field's right edge: the start")
    }
}
