import XCTest
@testable import OverlayRenderer

/// Whole scenes through the engine timeline and `RenderListPainter`, against committed PNGs
/// (tolerance in `GoldenImage`). Scenes are in Golden/scenes; regenerate with
/// `OVERLAY_UPDATE_GOLDENS=1 swift test --filter GoldenTests`.
final class GoldenTests: XCTestCase {
    // Background styles (container-wide, behind the view).
    func testBackgroundColour() throws { try GoldenImage.check(scene: "bg-color", time: 1, name: "bg-color") }
    func testBackgroundBlurRegular() throws { try GoldenImage.check(scene: "bg-blur", time: 1, name: "bg-blur") }
    func testBackgroundBlurUltraThin() throws { try GoldenImage.check(scene: "bg-blur-thin", time: 1, name: "bg-blur-thin") }
    func testBackgroundBlurUltraThick() throws { try GoldenImage.check(scene: "bg-blur-thick", time: 1, name: "bg-blur-thick") }
    func testBackgroundCustomPattern() throws { try GoldenImage.check(scene: "bg-pattern", time: 1, name: "bg-pattern") }
    func testBackgroundCustomImage() throws { try GoldenImage.check(scene: "bg-image", time: 1, name: "bg-image") }

    /// The backdrop's opacity transition and the view's scale transition at start, middle, end.
    func testBackgroundTransitionAtThreeTimes() throws {
        for (t, tag) in [(0.0, "start"), (0.2, "mid"), (0.4, "end")] {
            try GoldenImage.check(scene: "bg-transition", time: t, name: "bg-transition-\(tag)")
        }
    }

    // The view's own look.
    func testShadow() throws { try GoldenImage.check(scene: "shadow", time: 1, name: "shadow") }
    func testGradientBorderAndCloseButton() throws { try GoldenImage.check(scene: "style-gradient", time: 1, name: "style-gradient") }
    func testProgressBarsAndActions() throws { try GoldenImage.check(scene: "progress", time: 1, name: "progress") }

    /// PNG, JPEG, SVG, raw image-data and themed icons (fixed, inherited scalable, hicolor).
    func testIconKinds() throws { try GoldenImage.check(scene: "icons", time: 1, name: "icons") }
    /// At scale 2 the themed icon comes from the @2 folder and SVGs render at 96 px.
    func testIconKindsAtScale2() throws { try GoldenImage.check(scene: "icons", time: 1, scale: 2, name: "icons@2x") }

    /// Opacity, move, scale, offset and combined transitions at the start, middle and end.
    func testTransitionsAtThreeTimes() throws {
        for (t, tag) in [(0.0, "start"), (0.15, "mid"), (0.3, "end")] {
            try GoldenImage.check(scene: "transitions", time: t, name: "transitions-\(tag)")
        }
    }

    // Text.
    func testRightToLeftBody() throws { try GoldenImage.check(scene: "text-rtl", time: 1, name: "text-rtl") }
    func testEmojiBody() throws { try GoldenImage.check(scene: "text-emoji", time: 1, name: "text-emoji") }
    func testLongTextEllipsizes() throws { try GoldenImage.check(scene: "text-ellipsis", time: 1, name: "text-ellipsis") }
    func testTextAtScale2() throws { try GoldenImage.check(scene: "text-emoji", time: 1, scale: 2, name: "text-emoji@2x") }
    /// The default toast at scales 1 and 2: also the reference for IntegrationTests.HiDPITests.
    func testDefaultToastAtScales1And2() throws {
        try GoldenImage.check(scene: "hidpi-toast", time: 1, scale: 1, name: "hidpi-toast")
        try GoldenImage.check(scene: "hidpi-toast", time: 1, scale: 2, name: "hidpi-toast@2x")
    }
    /// Hebrew and Arabic toasts mirrored (icon and urgent bar right, close button left, buttons
    /// reversed), an RTL summary with English and digits inside, an English toast with Hebrew in
    /// its body (not mirrored), Chinese, Japanese and Korean (WenQuanYi Micro Hei), and colour
    /// emoji (Noto Color Emoji) with a flag, a skin tone and a ZWJ sequence.
    func testScriptsAtScales1And2() throws {
        try GoldenImage.check(scene: "scripts", time: 1, scale: 1, name: "scripts")
        try GoldenImage.check(scene: "scripts", time: 1, scale: 2, name: "scripts@2x")
    }
    /// The four built-in themes (dark, light, and their high-contrast variants) with an urgent
    /// bar, a link, a progress bar, buttons and a close button; the last one quiet (dimmed text).
    func testBuiltInThemes() throws { try GoldenImage.check(scene: "themes", time: 1, name: "themes") }
    func testShadowAtScale2() throws { try GoldenImage.check(scene: "shadow", time: 1, scale: 2, name: "shadow@2x") }
}
