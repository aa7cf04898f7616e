// SwayIPC against a real headless sway: the tree, window events, and what sway says itself.
import Foundation
import Glibc
import XCTest
@testable import SwayIPC

final class LiveSwayTests: XCTestCase {
    /// Window events until `accept` has seen what it wants, or `timeout`; polls the fd like the daemon.
    func events(_ stream: SwayEventStream, timeout: TimeInterval = 5,
                until accept: ([WindowEvent]) -> Bool) throws -> [WindowEvent] {
        var seen: [WindowEvent] = []
        let deadline = Date().addingTimeInterval(timeout)
        while !accept(seen) && Date() < deadline {
            var fds = pollfd(fd: stream.fileDescriptor, events: Int16(POLLIN), revents: 0)
            if poll(&fds, 1, 100) > 0 { seen += try stream.readEvents() }
        }
        return seen
    }

    /// The rect of the window with this app_id according to `swaymsg -t get_tree` (an independent parse).
    func swaymsgRect(_ rig: SwayRig, appID: String) throws -> SwayRect? {
        let json = rig.swaymsg(["-r", "-t", "get_tree"])
        func find(_ node: [String: Any]) -> [String: Any]? {
            if node["app_id"] as? String == appID { return node["rect"] as? [String: Any] }
            let children = (node["nodes"] as? [[String: Any]] ?? []) + (node["floating_nodes"] as? [[String: Any]] ?? [])
            return children.lazy.compactMap(find).first
        }
        let root = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: Any])
        guard let r = find(root) else { return nil }
        return SwayRect(x: r["x"] as! Int, y: r["y"] as! Int, width: r["width"] as! Int, height: r["height"] as! Int)
    }

    func testTreeFindsTheWindowByAppIDWithSwaysGeometry() throws {
        let rig = try SwayRig.get()
        let tool = try WindowTool(rig: rig)
        defer { tool.quit() }
        try tool.openWindow(appID: "ipc-tree")
        rig.swaymsg(["[app_id=ipc-tree] floating enable, resize set 400 300, move position 120 90"])
        let client = try SwayClient(socketPath: rig.socketPath)
        let window = try client.window(WindowSelector(parsing: "app_id=ipc-tree"))
        XCTAssertEqual(window.rect, SwayRect(x: 120, y: 90, width: 400, height: 300))
        XCTAssertEqual(window.rect, try swaymsgRect(rig, appID: "ipc-tree"))
        XCTAssertEqual(window.title, "ipc-tree")
        XCTAssertEqual(window.output, "HEADLESS-1")
        XCTAssertEqual(window.localRect, window.rect, "HEADLESS-1 is at 0,0")
        XCTAssertEqual(window.localUsableArea, SwayRect(x: 0, y: 0, width: 1280, height: 720))
        XCTAssertTrue(window.floating)
        XCTAssertEqual(try client.window(conID: window.conID)?.appID, "ipc-tree")
        XCTAssertEqual(try client.window(.focused).conID, window.conID)
        XCTAssertThrowsError(try client.window(WindowSelector(parsing: "app_id=nothing-like-this"))) { error in
            XCTAssertEqual(error as? SwayIPCError, .noMatch("app_id=nothing-like-this"))
        }
        let outputs = try client.outputs()
        XCTAssertEqual(outputs.first { $0.name == "HEADLESS-1" }?.rect, SwayRect(x: 0, y: 0, width: 1280, height: 720))
    }

    func testWindowOnASecondOutputIsOutputLocal() throws {
        let rig = try SwayRig.get()
        let tool = try WindowTool(rig: rig)
        defer { tool.quit() }
        try tool.openWindow(appID: "ipc-second")
        let client = try SwayClient(socketPath: rig.socketPath)
        var names = Set(try client.outputs().map(\.name))
        if names.count < 2 { rig.swaymsg(["create_output"]) }
        names = Set(try client.outputs().map(\.name))
        let second = try XCTUnwrap(try client.outputs().first { $0.name != "HEADLESS-1" && $0.active })
        rig.swaymsg(["output \(second.name) position 1280 0"])
        rig.swaymsg(["[app_id=ipc-second] move to output \(second.name)"])
        let window = try client.window(WindowSelector(parsing: "app_id=ipc-second"))
        XCTAssertEqual(window.output, second.name)
        let outputRect = try XCTUnwrap(try client.outputs().first { $0.name == second.name }?.rect)
        XCTAssertEqual(outputRect.x, 1280)
        XCTAssertGreaterThanOrEqual(window.rect.x, 1280, "layout coordinates")
        XCTAssertEqual(window.localRect?.x, window.rect.x - 1280, "output-local coordinates")
    }

    func testMoveAndCloseProduceWindowEvents() throws {
        let rig = try SwayRig.get()
        let stream = try SwayEventStream(socketPath: rig.socketPath)
        XCTAssertEqual(try stream.readEvents(), [], "nothing pending: returns at once")
        let tool = try WindowTool(rig: rig)
        defer { tool.quit() }
        try tool.openWindow(appID: "ipc-left")
        try tool.openWindow(appID: "ipc-right")
        let opened = try events(stream) { seen in
            Set(seen.filter { $0.change == .new }.compactMap(\.window.appID)).isSuperset(of: ["ipc-left", "ipc-right"])
        }
        let client = try SwayClient(socketPath: rig.socketPath)
        let left = try client.window(WindowSelector(parsing: "app_id=ipc-left"))
        XCTAssertTrue(opened.contains { $0.change == .new && $0.window.conID == left.conID }, "\(opened)")
        let before = try XCTUnwrap(try client.window(conID: left.conID)).rect

        // A tiled move emits `move`; the tree then has the new geometry.
        rig.swaymsg(["[app_id=ipc-left] move right"])
        let moved = try events(stream) { $0.contains { $0.change == .move && $0.window.conID == left.conID } }
        XCTAssertTrue(moved.contains { $0.change == .move && $0.window.conID == left.conID }, "\(moved)")
        let after = try XCTUnwrap(try client.window(conID: left.conID)).rect
        XCTAssertNotEqual(after, before)
        XCTAssertEqual(after, try swaymsgRect(rig, appID: "ipc-left"))
        XCTAssertGreaterThan(after.x, before.x, "moved right")

        // Closing (the client goes away) emits `close` for each window.
        tool.quit()
        let closed = try events(stream) { $0.filter { $0.change == .close }.count >= 2 }
        XCTAssertEqual(Set(closed.filter { $0.change == .close }.compactMap(\.window.appID)), ["ipc-left", "ipc-right"])
        XCTAssertNil(try client.window(conID: left.conID))
    }
}
