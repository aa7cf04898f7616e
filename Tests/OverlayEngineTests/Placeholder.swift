import XCTest
final class OverlayEngineTestsPlaceholder: XCTestCase { func testBuilds() { XCTAssertTrue(true) } }
