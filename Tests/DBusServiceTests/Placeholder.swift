import XCTest
final class DBusServiceTestsPlaceholder: XCTestCase { func testBuilds() { XCTAssertTrue(true) } }
