import XCTest
@testable import OverlayRenderer

/// The prepared-toast cache follows what a frame draws: raised, it keeps every toast of a
/// flood's frame; lowered, it trims back, never below `ToastRenderer.cacheCapacity`.
final class PreparedCacheTests: XCTestCase {
    func testLimitKeepsAFramesToastsAndTrimsBack() {
        let renderer = ToastRenderer()
        renderer.cacheLimit = 40
        for i in 0..<40 { _ = renderer.measure(ToastContent(summary: "Toast \(i)"), style: Fixtures.style) }
        XCTAssertEqual(renderer.cachedToastCount, 40)
        renderer.cacheLimit = 20
        XCTAssertEqual(renderer.cachedToastCount, 20)
        renderer.cacheLimit = 1
        XCTAssertEqual(renderer.cacheLimit, ToastRenderer.cacheCapacity)
        XCTAssertEqual(renderer.cachedToastCount, ToastRenderer.cacheCapacity)
    }
}
