import XCTest
final class OverlayRendererTestsPlaceholder: XCTestCase { func testBuilds() { XCTAssertTrue(true) } }
