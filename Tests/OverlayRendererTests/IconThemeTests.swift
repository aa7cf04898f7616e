import XCTest
@testable import OverlayRenderer

/// Icon-theme lookup on the fixture themes in Golden/assets/icons:
/// OverlayTest (48x48, 48x48@2) → OverlayBase (scalable 16–512) → hicolor (48x48 threshold, scalable).
final class IconThemeTests: XCTestCase {
    let base = GoldenImage.directory + "/assets/icons"
    lazy var theme = IconTheme(name: "OverlayTest", searchPaths: [base])

    func testExactSizeInTheThemeItself() {
        XCTAssertEqual(theme.lookup("badge", size: 48, scale: 1), "\(base)/OverlayTest/48x48/apps/badge.png")
    }

    func testScale2PrefersTheAt2Folder() {
        XCTAssertEqual(theme.lookup("badge", size: 48, scale: 2), "\(base)/OverlayTest/48x48@2/apps/badge.png")
    }

    /// mako#383: an icon that only exists as SVG in a parent theme's `scalable` folder is found.
    func testScalableFolderOfAnInheritedTheme() {
        XCTAssertEqual(theme.lookup("vector-only", size: 48), "\(base)/OverlayBase/scalable/apps/vector-only.svg")
        XCTAssertEqual(theme.lookup("vector-only", size: 256, scale: 2), "\(base)/OverlayBase/scalable/apps/vector-only.svg")
    }

    func testHicolorIsTheFinalFallback() {
        XCTAssertEqual(theme.lookup("hicolor-only", size: 48), "\(base)/hicolor/48x48/apps/hicolor-only.png")
        XCTAssertEqual(theme.lookup("hicolor-scalable", size: 64), "\(base)/hicolor/scalable/apps/hicolor-scalable.svg")
    }

    func testMissingAndPathLikeNamesAreNil() {
        XCTAssertNil(theme.lookup("no-such-icon", size: 48))
        XCTAssertNil(theme.lookup("../OverlayTest/48x48/apps/badge", size: 48))
        XCTAssertNil(theme.lookup("", size: 48))
    }

    func testClosestSizeWhenNoExactMatch() {
        // Only 48 (fixed) and 96 device px (@2) exist for "badge" here, and no scalable: 40 px → 48x48.
        XCTAssertEqual(theme.lookup("badge", size: 40), "\(base)/OverlayTest/48x48/apps/badge.png")
    }

    func testIndexParsingOfSizeRules() {
        let index = IconThemeIndex(name: "t", text: """
            [Icon Theme]
            Inherits=a, b
            Directories=16x16/apps,scalable/apps,bogus
            [16x16/apps]
            Size=16
            Type=Threshold
            Threshold=2
            [scalable/apps]
            Size=64
            MinSize=8
            MaxSize=256
            Type=Scalable
            """)
        XCTAssertEqual(index.inherits, ["a", "b"])
        XCTAssertEqual(index.directories.map(\.path), ["16x16/apps", "scalable/apps"], "a directory without a section is skipped")
        XCTAssertTrue(index.directories[0].matches(size: 18, scale: 1))
        XCTAssertFalse(index.directories[0].matches(size: 19, scale: 1))
        XCTAssertTrue(index.directories[1].matches(size: 200, scale: 1))
        XCTAssertFalse(index.directories[1].matches(size: 200, scale: 2), "scale must match exactly")
        XCTAssertEqual(index.directories[1].distance(size: 300, scale: 1), 44)
    }
}
