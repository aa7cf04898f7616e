// The i3-ipc framing and the JSON the client reads, without a compositor.
import XCTest
@testable import SwayIPC

final class FramingTests: XCTestCase {
    func testEncodeWritesMagicLengthTypeAndPayload() {
        let bytes = IPCFrame.encode(type: 4, payload: Array("{}".utf8))
        XCTAssertEqual(Array(bytes.prefix(6)), Array("i3-ipc".utf8))
        XCTAssertEqual(bytes.count, 16)
        XCTAssertEqual(Array(bytes[6..<10]), [2, 0, 0, 0])       // little-endian on x86_64
        XCTAssertEqual(Array(bytes[10..<14]), [4, 0, 0, 0])
        XCTAssertEqual(Array(bytes[14...]), Array("{}".utf8))
    }

    func testDecoderWaitsForWholeFramesAndSplitsSeveral() throws {
        var decoder = IPCFrameDecoder()
        let one = IPCFrame.encode(type: 0x8000_0003, payload: Array("[1]".utf8))
        let two = IPCFrame.encode(type: 2, payload: Array("{\"success\":true}".utf8))
        let stream = one + two
        decoder.append(stream.prefix(10))
        XCTAssertNil(try decoder.next(), "a partial header is not a frame")
        decoder.append(stream[10..<(one.count + 3)])
        let first = try XCTUnwrap(decoder.next())
        XCTAssertEqual(first.type, 0x8000_0003)
        XCTAssertEqual(first.payload, Array("[1]".utf8))
        XCTAssertNil(try decoder.next(), "the second frame is incomplete")
        decoder.append(stream[(one.count + 3)...])
        XCTAssertEqual(try decoder.next()?.type, 2)
        XCTAssertNil(try decoder.next())
    }

    func testDecoderRejectsBadMagic() {
        var decoder = IPCFrameDecoder()
        decoder.append(Array("HTTP/1.1 200 OK\r\n".utf8))
        XCTAssertThrowsError(try decoder.next()) { error in
            guard case SwayIPCError.malformed = error else { return XCTFail("\(error)") }
        }
    }

    func testTreeFindsWindowsWithTheirOutputAndWorkspace() throws {
        let windows = try SwayTree.windows(fromTree: Array(Fixtures.tree.utf8))
        XCTAssertEqual(windows.map(\.conID), [4, 5, 7])
        let foot = try XCTUnwrap(windows.first { $0.appID == "foot" })
        XCTAssertEqual(foot.title, "~ — foot")
        XCTAssertEqual(foot.rect, SwayRect(x: 1280, y: 30, width: 640, height: 690))
        XCTAssertEqual(foot.output, "HEADLESS-2")
        XCTAssertEqual(foot.localRect, SwayRect(x: 0, y: 30, width: 640, height: 690))
        XCTAssertEqual(foot.localUsableArea, SwayRect(x: 0, y: 30, width: 1280, height: 690))
        XCTAssertTrue(foot.focused)
        let floating = try XCTUnwrap(windows.first { $0.conID == 7 })
        XCTAssertTrue(floating.floating)
        XCTAssertEqual(floating.appID, "xterm", "Xwayland windows use their class")
        XCTAssertFalse(windows.contains { $0.appID == "scratch" }, "the scratchpad is not on screen")
    }

    func testOutputsAndEvents() throws {
        let outputs = try SwayTree.outputs(from: Array(Fixtures.outputs.utf8))
        XCTAssertEqual(outputs.map(\.name), ["HEADLESS-1", "HEADLESS-2"])
        XCTAssertEqual(outputs[1].rect, SwayRect(x: 1280, y: 0, width: 1280, height: 720))
        XCTAssertEqual(outputs[1].scale, 2)
        let event = try WindowEvent(json: Array(Fixtures.closeEvent.utf8))
        XCTAssertEqual(event.change, .close)
        XCTAssertEqual(event.window.conID, 4)
        XCTAssertEqual(event.window.appID, "foot")
        XCTAssertThrowsError(try WindowEvent(json: Array("{\"change\":1}".utf8)))
        XCTAssertThrowsError(try SwayTree.windows(fromTree: Array("[]".utf8)))
    }

    func testSelectors() throws {
        let windows = try SwayTree.windows(fromTree: Array(Fixtures.tree.utf8))
        XCTAssertEqual(try WindowSelector(parsing: "app_id=foot").select(in: windows)?.conID, 4)
        XCTAssertEqual(try WindowSelector(parsing: "title=editor").select(in: windows)?.conID, 5)
        XCTAssertEqual(try WindowSelector(parsing: "title~=^x.*m$").select(in: windows)?.conID, 7)
        XCTAssertEqual(try WindowSelector(parsing: "con_id=5").select(in: windows)?.conID, 5)
        XCTAssertEqual(try WindowSelector(parsing: "focused").select(in: windows)?.conID, 4)
        XCTAssertNil(try WindowSelector(parsing: "app_id=nothing").select(in: windows))
        for bad in ["", "app_id=", "con_id=x", "class=foot", "focused=1"] {
            XCTAssertThrowsError(try WindowSelector(parsing: bad), bad) { error in
                XCTAssertEqual(error as? SwayIPCError, .badSelector(bad))
            }
        }
        // A regex the parser rejects, one nested deeper than it can recurse, one that can take
        // exponential time: each refused with the reason.
        let deep = "title~=" + String(repeating: "[", count: 4_000) + "a" + String(repeating: "]", count: 4_000)
        for (bad, reason) in [("title~=(", "invalid regex '('"), (deep, "groups and character classes nest 4000 deep"),
                              ("title~=(a+)+", "nested quantifiers like '(a+)+'")] {
            XCTAssertThrowsError(try WindowSelector(parsing: bad), bad) { error in
                guard case .badRegex(bad, let why)? = error as? SwayIPCError else { return XCTFail("\(error)") }
                XCTAssertTrue(why.hasPrefix(reason), why)
                XCTAssertTrue("\(error)".hasPrefix("bad window selector \"title~="), "\(error)")
            }
        }
    }

    func testMissingSocketMessage() {
        XCTAssertThrowsError(try SwayClient(socketPath: "/nonexistent/sway-ipc.sock")) { error in
            XCTAssertEqual(error as? SwayIPCError, .socketNotFound("/nonexistent/sway-ipc.sock"))
            XCTAssertTrue("\(error)".contains("window targets need sway; point targets still work"), "\(error)")
        }
        XCTAssertThrowsError(try SwayEventStream(socketPath: "/tmp")) { error in
            XCTAssertEqual(error as? SwayIPCError, .socketNotFound("/tmp"), "a directory is not a socket")
        }
        XCTAssertEqual("\(SwayIPCError.socketNotFound(nil))",
                       "sway IPC socket not found ($SWAYSOCK is not set): window targets need sway; point targets still work")
    }
}
