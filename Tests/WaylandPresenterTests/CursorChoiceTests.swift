import OverlayEngine
import WaylandPresenter
import XCTest

/// Which cursor source draws, and which shape goes over which part of a view.
final class CursorChoiceTests: XCTestCase {
    func testTheCompositorDrawsWhereItOffersCursorShape() {
        XCTAssertEqual(CursorSource.choose(shapeManagerOffered: true), .shapeProtocol)
        XCTAssertEqual(CursorSource.choose(shapeManagerOffered: false), .theme, "sway 1.7: the wl_cursor theme")
    }

    func testHandOverButtonsArrowElsewhere() {
        XCTAssertEqual(CursorShape.over(.action("open"), leftBinding: .gesture), .hand)
        XCTAssertEqual(CursorShape.over(.closeButton, leftBinding: .gesture), .hand)
        XCTAssertEqual(CursorShape.over(.link("https://example.org"), leftBinding: .gesture), .hand, "links get the pointer")
        XCTAssertEqual(CursorShape.over(.body, leftBinding: .gesture), .arrow)
        XCTAssertEqual(CursorShape.over(.replyField, leftBinding: .gesture), .text, "an I-beam over the reply field")
        XCTAssertEqual(CursorShape.over(.replySubmit, leftBinding: .gesture), .hand)
        XCTAssertEqual(CursorShape.over(nil, leftBinding: .gesture), .arrow, "over the backdrop")
        XCTAssertEqual(CursorShape.over(.action("open"), leftBinding: .dismiss), .arrow,
                       "a left binding other than gesture does not click buttons")
    }

    func testShapesAreTheProtocolsDefaultAndPointer() {
        // cursor-shape-v1: default = 1, pointer = 4
        XCTAssertEqual(CursorShape.arrow.protocolValue, 1)
        XCTAssertEqual(CursorShape.hand.protocolValue, 4)
        XCTAssertEqual(CursorShape.arrow.themeNames.first, "default")
        XCTAssertEqual(CursorShape.hand.themeNames.first, "pointer")
        XCTAssertTrue(CursorShape.hand.themeNames.contains("hand1"), "libwayland-cursor's built-in theme has hand1")
    }
}
