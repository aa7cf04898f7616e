import XCTest
@testable import OverlayRenderer
import OverlayEngine
import OverlayScene

/// Notification templates drawn through the view-tree path: the built-ins against their own
/// goldens, and the `default` template against the toast scenes' goldens (drawn by the toast
/// painter it replaced) within `toastChannelTolerance` / `toastOutlierFraction`.
final class TemplateGoldenTests: XCTestCase {
    /// A pixel of the default template may differ from the toast painter's by this much per
    /// channel, in at most this share of the picture's pixels: the goldens' own tolerance
    /// (`GoldenImage`). What differs is antialiasing: the largest share seen is 0.03 % (the
    /// shadow scene's corners).
    static let toastChannelTolerance = GoldenImage.channelTolerance
    static let toastOutlierFraction = GoldenImage.outlierFraction

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
            let renderer = try SceneRenderer(path: "\(GoldenImage.directory)/scenes/\(scene).json")
            let canvas = try renderer.render(at: 1, scale: scale)
            try GoldenImage.compare(canvas, name: name, channelTolerance: Self.toastChannelTolerance,
                                    outlierFraction: Self.toastOutlierFraction, updatable: false, keptAs: "template-vs-\(name)")
            let o = GoldenImage.lastOutliers
            print("default template vs \(name): \(o.count) of \(o.pixels) pixels beyond \(Self.toastChannelTolerance)/255, largest \(o.worst)/255")
        }
    }

    /// The close button is a control with the built-in close action; links keep their targets in
    /// reading order (`DefaultTemplateTests` compares the pixels with the toast painter's).
    func testTheCloseButtonAndLinksAreControlsAndTargets() throws {
        var style = ToastStyle.standard
        style.showsCloseButton = true
        let body = "See <a href=\"https://example.org/a\">the first link</a> and <a href=\"https://example.org/b\">a second link</a>."
        let trees = ViewTreeRenderer()
        let laidOut = try trees.layoutTemplate(TemplatedToast(template: BuiltInTemplates.standard, content: ToastContent(summary: "S", body: body)),
                                               style: style)
        let close = try XCTUnwrap(laidOut.layout.placed.first { if case .node(.button(ViewAction.close, _)) = $0.part { true } else { false } })
        XCTAssertEqual(close.frame, Rect(x: 360 - 14 - 16, y: 14, width: 16, height: 16), "the top trailing corner, inside border and padding")
        XCTAssertEqual(trees.links(in: laidOut).map(\.href), ["https://example.org/a", "https://example.org/b"])
    }

    /// Every built-in fits every toast within the caps (its texts cut to `NotificationTemplate`'s
    /// field limits), so showing a toast through one needs no check; a 1 MB body is cut, not refused.
    func testTheBuiltInsFitEveryToast() throws {
        for name in BuiltInTemplates.names {
            XCTAssertTrue(try XCTUnwrap(BuiltInTemplates.template(named: name)).fitsEveryToast(actions: ToastStyle.standard.actions.maxButtons), name)
        }
        let huge = ToastContent(summary: String(repeating: "<&>", count: 10_000), body: Fixtures.hugeBody)
        XCTAssertNoThrow(try ViewTreeRenderer().layoutTemplate(TemplatedToast(template: BuiltInTemplates.standard, content: huge), style: .standard))
    }

    /// Without a close button in the style the template draws none.
    func testNoCloseButtonUnlessTheStyleShowsOne() throws {
        let laidOut = try ViewTreeRenderer().layoutTemplate(TemplatedToast(template: BuiltInTemplates.standard,
                                                                           content: ToastContent(summary: "S")), style: .standard)
        XCTAssertFalse(laidOut.layout.placed.contains { if case .node(.symbol) = $0.part { true } else { false } })
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
}
