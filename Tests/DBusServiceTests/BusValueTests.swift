import DBusService
import XCTest

/// Pure parsing and validation, no bus needed.
final class BusValueTests: XCTestCase {
    func testSignatureSplitting() {
        XCTAssertEqual(BusSignature.split("susssasa{sv}i"), ["s", "u", "s", "s", "s", "as", "a{sv}", "i"])
        XCTAssertEqual(BusSignature.split("(iiibiiay)aa{s(ii)}v"), ["(iiibiiay)", "aa{s(ii)}", "v"])
        XCTAssertEqual(BusSignature.split(""), [])
        for bad in ["a", "(", "()", "a{vs}", "a{s}", "a{sss}", "z", "(i"] {
            XCTAssertNil(BusSignature.split(bad), bad)
        }
    }

    func testValueSignatures() {
        XCTAssertEqual(BusValue.vardict(["a": .int32(1)]).signature, "a{sv}")
        XCTAssertEqual(BusValue.stringArray([]).signature, "as")
        XCTAssertEqual(ImageData(width: 1, height: 1, rowstride: 3, hasAlpha: false, bitsPerSample: 8, channels: 3,
                                 data: [1, 2, 3]).busValue.signature, "(iiibiiay)")
        XCTAssertEqual(BusValue.variant(.variant(.string("x"))).unwrapped, .string("x"))
        XCTAssertEqual(BusValue.array([.byte(1), .byte(2)], elementSignature: "y").bytesValue, [1, 2])
        XCTAssertEqual(BusValue.uint64(.max).integerValue, nil)
        XCTAssertEqual(BusValue.int16(-2).integerValue, -2)
        XCTAssertEqual(BusValue.string("1").integerValue, nil)
    }

    func image(_ w: Int32, _ h: Int32, stride: Int32, bps: Int32 = 8, channels: Int32 = 4, bytes: Int) -> BusValue {
        .structure([.int32(w), .int32(h), .int32(stride), .bool(channels == 4), .int32(bps), .int32(channels),
                    .bytes([UInt8](repeating: 7, count: bytes))])
    }

    func testImageDataValidation() throws {
        // Last row needs only width*channels bytes, not a full rowstride.
        let ok = try ImageData.parse(image(3, 2, stride: 12, channels: 3, bytes: 12 + 9)).get()
        XCTAssertEqual(ok.width, 3)
        XCTAssertEqual(ok.channels, 3)
        XCTAssertEqual(ok.data.count, 21)

        let cases: [(BusValue, String)] = [
            (image(3, 2, stride: 12, channels: 3, bytes: 20), "bytes"),
            (image(0, 2, stride: 12, bytes: 100), "size"),
            (image(4097, 1, stride: 20000, bytes: 20000), "size"),
            (image(2, -1, stride: 8, bytes: 100), "size"),
            (image(2, 2, stride: 8, channels: 2, bytes: 100), "channels"),
            (image(2, 2, stride: 8, bps: 16, bytes: 100), "bits"),
            (image(2, 2, stride: 7, bytes: 100), "rowstride"),
            (.structure([.int32(1)]), "(iiibiiay)"),
            (.string("x"), "(iiibiiay)"),
        ]
        for (value, reason) in cases {
            switch ImageData.parse(value) {
            case .success(let image): XCTFail("accepted \(image.width)x\(image.height)")
            case .failure(let problem): XCTAssertTrue(problem.reason.contains(reason), problem.reason)
            }
        }
    }

    func notifyArguments(actions: [String], hints: [String: BusValue]) -> [BusValue] {
        [.string("app"), .uint32(3), .string(""), .string("S"), .string("B"), .stringArray(actions),
         .vardict(hints), .int32(0)]
    }

    func testNotifyRequestParsing() throws {
        let request = try XCTUnwrap(NotifyRequest(
            arguments: notifyArguments(actions: ["a", "A", "b"], hints: [
                "urgency": .uint32(1), "value": .variant(.int64(55)), "image_data": image(1, 1, stride: 4, bytes: 4),
                "image-path": .bool(true), "x-canonical-private-synchronous": .int32(1), "x-dunst-stack-tag": .string("t"),
            ]),
            sender: ":1.9"))
        XCTAssertEqual(request.replacesID, 3)
        XCTAssertEqual(request.expireTimeout, 0)
        XCTAssertEqual(request.sender, ":1.9")
        XCTAssertEqual(request.actions, [NotificationAction(key: "a", label: "A")])
        XCTAssertEqual(request.urgency, .normal)
        XCTAssertEqual(request.value, 55, "nested variants are unwrapped")
        XCTAssertEqual(request.imageData?.width, 1)
        XCTAssertNil(request.imagePath, "wrong type")
        XCTAssertEqual(request.synchronousTag, "t", "falls back to the dunst tag when the canonical one is mistyped")

        let single = try XCTUnwrap(NotifyRequest(arguments: notifyArguments(actions: ["lonely"], hints: [:]),
                                                 sender: nil))
        XCTAssertEqual(single.actions, [])
        XCTAssertNil(single.urgency)

        XCTAssertNil(NotifyRequest(arguments: [.string("too few")], sender: nil))
        var mistyped = notifyArguments(actions: [], hints: [:])
        mistyped[1] = .int32(3)
        XCTAssertNil(NotifyRequest(arguments: mistyped, sender: nil))
    }
}
