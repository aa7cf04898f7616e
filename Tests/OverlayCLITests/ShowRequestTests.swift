import DBusService
import OverlayConfig
@testable import overlay_wl
import OverlayEngine
import Testing

/// The control `Show(a{sv})`: every option, and clear errors for bad ones.
struct ShowRequestTests {
    func request(_ pairs: [(String, BusValue)]) throws(SettingError) -> ShowRequest {
        try ShowRequest(options: .dict(pairs.map { BusDictEntry(key: .string($0.0), value: .variant($0.1)) },
                                       keySignature: "s", valueSignature: "v"))
    }

    func failure(_ pairs: [(String, BusValue)]) -> SettingError? {
        do { _ = try request(pairs); return nil } catch { return error }
    }

    @Test func everyOptionIsRead() throws {
        let r = try request([
            ("container", .string("menu")), ("id", .uint32(42)), ("title", .string("T")), ("body", .string("B")),
            ("icon", .string("mail")), ("progress", .int32(40)), ("actions", .stringArray(["ok=OK", "no"])),
            ("alignment", .string("top")), ("background", .string("#FF000080")), ("shadow", .string("8:#00000080:0,2")),
            ("gesture", .string("long-press:1.5")), ("transition", .string("scale:0.8")),
            ("animation", .string("bezier:0.2,0,0.2,1:0.3")), ("auto-dismiss", .double(2.5)), ("animated", .bool(false)),
        ])
        #expect(r.container == "menu" && r.id == 42 && r.title == "T" && r.body == "B" && r.icon == "mail")
        #expect(r.progress == 40)
        #expect(r.actions.map(\.key) == ["ok", "no"] && r.actions.map(\.label) == ["OK", "no"])
        #expect(r.view.alignment == .top)
        #expect(r.view.shadow == .value(Shadow(color: Color(hex: "#00000080")!, radius: 8, offset: Point(x: 0, y: 2))))
        #expect(r.view.dismissGesture == .value(.longPress(seconds: 1.5)))
        #expect(r.view.transition == .scale(0.8, anchor: .center))
        #expect(r.view.animation == .bezier(x1: 0.2, y1: 0, x2: 0.2, y2: 1, duration: 0.3))
        #expect(r.view.autoDismiss == .value(2.5))
        #expect(!r.animated)
    }

    @Test(arguments: [
        ([("container", BusValue.string("a")), ("progress", .int32(101))], "progress: 101 is out of range 0...100"),
        ([("container", .string("a")), ("progress", .int32(-1))], "progress: -1 is out of range"),
        ([("container", .string("a")), ("auto-dismiss", .double(-3))], "auto-dismiss: -3 is out of range"),
        ([("container", .string("a")), ("auto-dismiss", .double(.infinity))], "finite"),
        ([("container", .string("a")), ("background", .string("red"))], "'red' is not a colour"),
        ([("container", .string("a")), ("gesture", .string("wave"))], "unknown gesture 'wave'"),
        ([("container", .string("a")), ("gesture", .string("long-press:0"))], "out of range"),
        ([("container", .string("a")), ("transition", .string("move-sideways"))], "unknown edge"),
        ([("container", .string("a")), ("colour", .string("x"))], "colour: unknown option"),
        ([("container", .string("a")), ("title", .int32(3))], "title: expected a string"),
        ([("title", .string("no container"))], "container: missing"),
        ([("container", .string(""))], "empty container name"),
    ])
    func badOptionsAreRejectedWithTheirKey(pairs: [(String, BusValue)], message: String) throws {
        let e = try #require(failure(pairs))
        #expect(e.description.contains(message), "\(e)")
    }

    @Test func optionsRoundTripFromTheCLI() throws {
        let options = ShowRequest.options([("container", .string("c")), ("progress", .integer(5)),
                                           ("actions", .array([.string("a=A")])), ("animated", .bool(false))])
        let r = try ShowRequest(options: options)
        #expect(r.container == "c" && r.progress == 5 && r.actions.first?.label == "A" && !r.animated)
    }

    @Test func namesDescribeBackWhatTheyParse() throws {
        for text in ["opacity", "move-top+opacity", "scale:0.8", "identity"] {
            #expect(ViewSettingNames.name(of: try ViewSettingNames.transition(text)) == text)
        }
        for text in ["linear:0.2", "spring:0.5:0.8", "ease-in-out:0.35"] {
            #expect(ViewSettingNames.name(of: try ViewSettingNames.animation(text)) == text)
        }
        for text in ["tap", "double-tap", "long-press:2", "swipe-up"] {
            guard case .value(let g) = try ViewSettingNames.gesture(text) else { Issue.record("disabled"); continue }
            #expect(ViewSettingNames.name(of: g) == text)
        }
    }
}
