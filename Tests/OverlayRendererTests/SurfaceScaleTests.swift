import XCTest
@testable import OverlayRenderer

/// The HiDPI size math for integer and fractional (fractional-scale-v1 + viewporter) scales.
final class SurfaceScaleTests: XCTestCase {
    func testIntegerScaleFromOutputs() {
        let s = SurfaceScale.choose(preferredFractional: nil, outputScales: [1, 2], hasViewporter: true)
        XCTAssertEqual(s.factor, 2)
        XCTAssertEqual(s.bufferScale, 2)
        XCTAssertFalse(s.usesViewport)
        XCTAssertEqual(s.bufferSize(width: 360, height: 101).width, 720)
        XCTAssertEqual(s.bufferSize(width: 360, height: 101).height, 202)
    }

    func testFractionalWithViewporterDrawsAtTheExactScale() {
        let s = SurfaceScale.choose(preferredFractional: 180, outputScales: [2], hasViewporter: true)
        XCTAssertTrue(s.usesViewport)
        XCTAssertEqual(s.bufferScale, 1, "a viewport maps the buffer; buffer scale stays 1")
        XCTAssertEqual(s.factor, 1.5)
        XCTAssertEqual(s.bufferLength(360), 540)
        XCTAssertEqual(s.bufferLength(101), 152, "151.5 rounds half away from zero")
    }

    func testRoundingAt125PercentIsExact() {
        let s = SurfaceScale(numerator: 150, usesViewport: true)  // 1.25
        XCTAssertEqual(s.bufferLength(2), 3, "2.5 → 3")
        XCTAssertEqual(s.bufferLength(1001), 1251, "1251.25 → 1251")
        XCTAssertEqual(s.bufferLength(0), 0)
        XCTAssertEqual(s.canvasScale(logicalWidth: 2), 1.5, "canvas scale follows the rounded buffer")
    }

    func testFractionalWithoutViewporterRoundsUpToAnInteger() {
        let s = SurfaceScale.choose(preferredFractional: 150, outputScales: [1], hasViewporter: false)
        XCTAssertFalse(s.usesViewport)
        XCTAssertEqual(s.bufferScale, 2)
        XCTAssertEqual(s.bufferLength(360), 720)
    }

    func testNoOutputsMeansScale1() {
        let s = SurfaceScale.choose(preferredFractional: nil, outputScales: [], hasViewporter: false)
        XCTAssertEqual(s.bufferScale, 1)
        XCTAssertEqual(s.bufferLength(7), 7)
    }
}
