import Foundation
import XCTest

extension RigTestCase {
    /// Opens drawer `name` with the CLI over a probe window (so the drawer's clicks are the
    /// only ones to our surfaces) and waits until its drawing settles showing `marker`; the
    /// virtual pointer and the bounds of the `marker` pixels.
    func openDrawer(_ name: String, showing marker: RGBA) throws -> (VirtualPointer, PixelRect) {
        let pointer = try VirtualPointer(rig: rig)
        addTeardownBlock { pointer.stop() }
        try pointer.openWindow()
        XCTAssertTrue(try cli(["drawer", name, "--open"]).succeeded)
        let open = try settledScreenshot(within: 3) { $0.whole.boundingBox { $0 == marker } != nil }
        return (pointer, try XCTUnwrap(open.whole.boundingBox { $0 == marker }))
    }
}
