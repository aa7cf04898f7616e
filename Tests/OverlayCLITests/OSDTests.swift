// The OSD: its built-in container, its tree, and a new value replacing the one showing in place
// (the same id, the bar moving to the new level, the countdown started again).
import ArgumentParser
import CCairo
import DBusService
import OverlayEngine
import OverlayRenderer
import Testing
@testable import WaylandPresenter
@testable import overlay_wl

@Suite(.serialized) struct OSDTests {
    func osd(_ h: DaemonHarness, _ arguments: [String]) throws -> UInt32 {
        let command = try OSDCommand.parse(arguments)
        let settings = ShowRequest.options([("tag", .string(OSD.tag))])
        let reply = try h.daemon.control.handle(BusCall(member: "ShowView", arguments: [.string(OSD.containerName),
                                                                                         .string(command.tree.json), settings]))
        try h.update()
        guard case .uint32(let id)? = reply.values.first else { throw BusMethodError.failed("no id") }
        return id
    }

    /// `overlay-wl osd`'s own call: the daemon builds the tree from the values.
    func showLevel(_ h: DaemonHarness, _ arguments: [String]) throws -> UInt32 {
        let l = try OSDCommand.parse(arguments).shown
        let reply = try h.daemon.control.handle(BusCall(member: "ShowLevel", arguments: [
            .string(l.label), .double(l.value), .double(l.maximum), .string(l.icon ?? ""), .bool(l.muted)]))
        try h.update()
        guard case .uint32(let id)? = reply.values.first else { throw BusMethodError.failed("no id") }
        return id
    }

    /// The bar's value as drawn now.
    func shownLevel(_ h: DaemonHarness, _ id: UInt32) -> Double? {
        h.presenter.paintedView(ViewID(id), in: OSD.containerName)?.tree.layout.placed.lazy.compactMap {
            if case .node(.progressBar(let value, let total)) = $0.part { return value / total }
            return nil
        }.first
    }

    @Test func theTreeShowsTheLevelItsLabelAndIcon() throws {
        let volume = try OSDCommand.parse(["volume", "40"]).tree
        #expect(volume.json.contains(#""value":0.4"#), "\(volume.json)")
        #expect(volume.json.contains("40 %") && volume.json.contains("Volume") && volume.json.contains("audio-volume-medium-symbolic"))
        let muted = try OSDCommand.parse(["volume", "40", "--muted"]).tree
        #expect(muted.json.contains("Muted") && muted.json.contains("audio-volume-muted-symbolic"))
        let custom = try OSDCommand.parse(["--value", "3", "--max", "4", "--label", "Fan <2>", "--icon", "fan"]).tree
        #expect(custom.json.contains(#""value":0.75"#) && custom.json.contains("75 %") && custom.json.contains("Fan &lt;2&gt;"))
        for bad in [["volume"], ["loud", "4"], ["volume", "1000"], ["brightness", "140"], ["--value", "5", "--max", "0"], ["brightness", "5", "--muted"], []] {
            #expect(throws: (any Error).self, "\(bad)") { _ = try OSDCommand.parse(bad) }
        }
    }

    /// `--stdin`: each line is a level (a `%` after it allowed, `muted` after a volume's), read
    /// into the command as if given in its arguments; a bad line says what is wrong with it.
    @Test func aLineOfStandardInputIsALevel() throws {
        let volume = try OSDCommand.parse(["volume", "--stdin", "--icon", "audio-card"])
        let read = { (line: String) in try volume.reading(line).shown }
        #expect(try read("40").value == 40 && read("40").muted == false && read("40").icon == "audio-card")
        #expect(try read(" 45%\r").value == 45)
        #expect(try read("50 muted").muted && read("50\tmuted").value == 50)
        #expect(try read("140").value == 140, "an amplified volume")
        #expect(try volume.reading("50").stdin == false, "a line shows once, not as a reader")
        for (line, error) in [("loud", #"expected a number, got "loud""#), ("55 quiet", #"expected `muted` after the level, got "quiet""#),
                              ("1000", "the level must be 0…999 (past 100: amplified)"), ("1 2 3", #"expected a level and at most `muted` after it, got "1 2 3""#),
                              ("nan", #"expected a number, got "nan""#)] {
            #expect(throws: ValidationError.self, "\(line)") { _ = try volume.reading(line) }
            do { _ = try volume.reading(line) } catch let e as ValidationError { #expect(e.message == error, "\(line)") }
        }
        let brightness = try OSDCommand.parse(["brightness", "--stdin"])
        #expect(try brightness.reading("80").shown.label == "Brightness")
        #expect(throws: ValidationError.self) { _ = try brightness.reading("80 muted") }
        let microphone = try OSDCommand.parse(["microphone", "--stdin"]).reading("70 muted").shown
        #expect(microphone.label == "Microphone" && microphone.value == 70 && microphone.muted
                && microphone.icon == "microphone-sensitivity-muted-symbolic")
        let fan = try OSDCommand.parse(["--stdin", "--max", "4", "--label", "Fan"])
        #expect(try fan.reading("3").shown.value == 3 && fan.reading("3").shown.maximum == 4)
        #expect(throws: ValidationError.self) { _ = try fan.reading("5") }
        for bad in [["volume", "40", "--stdin"], ["--value", "2", "--stdin"], ["volume", "--stdin", "--muted"],
                    ["volume", "--stdin", "--max", "4"], ["--stdin", "--max", "0"], ["loud", "--stdin"]] {
            #expect(throws: (any Error).self, "\(bad)") { _ = try OSDCommand.parse(bad) }
        }
    }

    /// The two calls that show a level: `ShowLevel` (the CLI's) and a tagged `ShowView`.
    enum Call: CaseIterable { case showLevel, showView }

    @Test(arguments: Call.allCases)
    func aNewValueReplacesTheOSDInPlaceMovesTheBarAndRestartsTheCountdown(_ call: Call) throws {
        let h = try DaemonHarness()
        let osd = { (h: DaemonHarness, arguments: [String]) in
            try call == .showLevel ? self.showLevel(h, arguments) : self.osd(h, arguments)
        }
        let first = try osd(h, ["volume", "20"])
        try h.advance(1.0)
        #expect(shownLevel(h, first) == 0.2)
        let second = try osd(h, ["volume", "80"])
        #expect(second == first, "the same view")
        #expect(h.presenter.manager.showing(in: OSD.containerName) == [ViewID(first)])
        // The value's own frame shows the move as it is when the next frame comes, from where the bar was.
        let move = try #require(h.presenter.trees.animations[ViewID(first)], "the bar moves")
        let moving = try #require(shownLevel(h, first))
        let along = move.animation.progress(at: TreeMove.lead)
        #expect(along > 0 && along < 1 && move.progress(at: h.clock.now) == along)
        #expect(abs(moving - (0.2 + 0.6 * along)) < 1e-9, "the bar starts from where it was, a pause along: \(moving)")
        try h.advance(0.05)
        let partWay = try #require(shownLevel(h, first))
        #expect(partWay > 0.2 && partWay < 0.8, "part way: \(partWay)")
        try h.advance(0.5)
        #expect(shownLevel(h, first) == 0.8)
        #expect(h.presenter.trees.animations.isEmpty, "done animating: no more frames")
        // 1.55 s after the second value: past 1.5 s from the first, not from the second.
        try h.advance(0.9)
        #expect(h.presenter.manager.showing(in: OSD.containerName) == [ViewID(first)], "the countdown started again")
        try h.advance(0.5)
        try h.advance(0.5)
        #expect(h.presenter.manager.showing(in: OSD.containerName).isEmpty, "gone 1.5 s after the last value")
        let third = try osd(h, ["brightness", "50"])
        #expect(third != first, "a new OSD once the last one is gone")
    }

    /// Each kind's label and icons, GNOME's symbolic ones: a volume past 100 % amplified, a
    /// microphone's sensitivity, the screen's brightness; sound can be muted, brightness not.
    @Test func eachKindShowsItsLabelAndIcon() throws {
        func shown(_ arguments: [String]) throws -> (String, String?, Bool) {
            let l = try OSDCommand.parse(arguments).shown
            return (l.label, l.icon, l.muted)
        }
        #expect(try shown(["volume", "0"]) == ("Volume", "audio-volume-muted-symbolic", false))
        #expect(try shown(["volume", "20"]) == ("Volume", "audio-volume-low-symbolic", false))
        #expect(try shown(["volume", "101"]) == ("Volume", "audio-volume-overamplified-symbolic", false))
        #expect(try shown(["volume", "120", "--muted"]) == ("Volume", "audio-volume-muted-symbolic", true))
        #expect(try shown(["microphone", "50"]) == ("Microphone", "microphone-sensitivity-medium-symbolic", false))
        #expect(try shown(["microphone", "150"]) == ("Microphone", "microphone-sensitivity-high-symbolic", false))
        #expect(try shown(["microphone", "50", "--muted"]) == ("Microphone", "microphone-sensitivity-muted-symbolic", true))
        #expect(try shown(["brightness", "100", "--label", "Screen"]) == ("Screen", "display-brightness-symbolic", false))
        for (arguments, message) in [(["brightness", "50", "--muted"], "--muted applies to volume and microphone"),
                                     (["speaker", "50"], "KIND must be volume, microphone, brightness, caps-lock, num-lock or scroll-lock"),
                                     (["caps-lock", "--stdin"], "--stdin reads levels: caps-lock has none"),
                                     (["num-lock", "--value", "3"], "num-lock shows the key's state, read from its LED: give no level, --value, --max or --label"),
                                     (["brightness", "50", "--led", "x"], "--led applies to caps-lock, num-lock and scroll-lock"),
                                     (["volume", "--stdin", "--led", "x"], "--led applies to caps-lock, num-lock and scroll-lock"),
                                     (["microphone", "1000"], "the level must be 0…999 (past 100: amplified)")] {
            #expect(OSDCommand.message(for: OSDCommand.parseError(arguments)) == message, "\(arguments)")
        }
    }

    /// A label alone is a message: an icon and the label, no bar, in the display's place (a level
    /// after it takes the same view, and a message after a level too).
    @Test func aLabelAloneIsAMessageInTheDisplaysPlace() throws {
        let command = try OSDCommand.parse(["--label", "Caps Lock <on>", "--icon", "audio-card"])
        #expect(command.request.isMessage && command.tree == OSD.message(label: "Caps Lock <on>", icon: "audio-card"))
        #expect(command.tree.json.contains("Caps Lock &lt;on&gt;") && !command.tree.json.contains("progressBar"))
        for (arguments, message) in [([], "give volume LEVEL, microphone LEVEL, brightness LEVEL, --value V or --label TEXT"),
                                     (["--label", ""], "give volume LEVEL, microphone LEVEL, brightness LEVEL, --value V or --label TEXT"),
                                     (["--label", "X", "--max", "4"], "--max applies to --value"),
                                     (["--label", "X", "--muted"], "--muted applies to volume and microphone")] {
            #expect(OSDCommand.message(for: OSDCommand.parseError(arguments)) == message, "\(arguments)")
        }
        let h = try DaemonHarness()
        func message(_ label: String, _ icon: String) throws -> UInt32 {
            let reply = try h.daemon.control.handle(BusCall(member: "ShowMessage", arguments: [.string(label), .string(icon)]))
            try h.update()
            guard case .uint32(let id)? = reply.values.first else { throw BusMethodError.failed("no id") }
            return id
        }
        let id = try message("Caps Lock on", "audio-card")
        #expect(h.presenter.viewTree(of: ViewID(id)) == OSD.message(label: "Caps Lock on", icon: "audio-card"))
        #expect(shownLevel(h, id) == nil, "no bar")
        try h.advance(0.5)
        #expect(try showLevel(h, ["volume", "40", "--icon", "audio-card"]) == id, "a level takes the message's place")
        #expect(shownLevel(h, id) != nil)
        try h.advance(0.5)
        #expect(try message("Caps Lock off", "overlay-wl-no-such-icon") == id, "and a message the level's")
        #expect(h.presenter.viewTree(of: ViewID(id)) == OSD.message(label: "Caps Lock off", icon: nil), "a missing icon is left out")
        for bad: [BusValue] in [[.string(""), .string("")], [.string(String(repeating: "x", count: 2000)), .string("")]] {
            #expect(throws: BusMethodError.self) { _ = try h.daemon.control.handle(BusCall(member: "ShowMessage", arguments: bad)) }
        }
        try h.advance(2.0)
        #expect(h.presenter.manager.showing(in: OSD.containerName).isEmpty, "gone 1.5 s after the last call")
    }

    /// An amplified volume (PulseAudio and PipeWire go past 100 %) shows how far past over a full
    /// bar, with GNOME's icon for it; a new value in place changes the percentage alone.
    @Test func anAmplifiedVolumeShowsItsPercentageOverAFullBar() throws {
        #expect(try OSDCommand.parse(["volume", "140"]).shown.icon == "audio-volume-overamplified-symbolic")
        #expect(try OSDCommand.parse(["volume", "100"]).shown.icon == "audio-volume-high-symbolic")
        func bars(_ node: ViewNode) -> [Double] {
            if case .progressBar(let value, _) = node.kind { return [value] + node.children.flatMap(bars) }
            return node.children.flatMap(bars)
        }
        let h = try DaemonHarness()
        let id = ViewID(try showLevel(h, ["volume", "140", "--icon", "audio-card"]))
        let tree = try #require(h.presenter.viewTree(of: id))
        #expect(tree.json.contains("140 %") && bars(tree) == [1])
        try h.advance(0.5)
        #expect(try showLevel(h, ["volume", "150", "--icon", "audio-card"]) == id.busID, "the same view")
        let next = try #require(h.presenter.viewTree(of: id))
        #expect(next.json.contains("150 %") && bars(next) == [1])
        #expect(OSD.view(label: "Volume", value: 5000, maximum: 100, icon: nil, muted: false).json.contains("999 %"), "at most 999 %")
    }

    /// An icon the theme does not have leaves no gap: the level shows without one (and gets one
    /// back in place of the gap when its next value names an icon that loads).
    @Test func anIconTheThemeLacksIsLeftOut() throws {
        let h = try DaemonHarness()
        var reported: [String] = []
        h.presenter.onImageError = { reported.append("\($0)") }
        let id = ViewID(try showLevel(h, ["volume", "40", "--icon", "overlay-wl-no-such-icon"]))
        let tree = try #require(h.presenter.viewTree(of: id))
        #expect(tree == OSD.view(label: "Volume", value: 40, maximum: 100, icon: nil, muted: false))
        #expect(!tree.json.contains("overlay-wl-no-such-icon"))
        #expect(reported.count == 1 && reported[0].contains("overlay-wl-no-such-icon"), "\(reported)")
        try h.advance(0.5)
        #expect(try showLevel(h, ["volume", "45", "--icon", "audio-card"]) == id.busID, "the same view")
        #expect(h.presenter.viewTree(of: id) == OSD.view(label: "Volume", value: 45, maximum: 100, icon: "audio-card", muted: false))
    }

    /// The display takes the theme in force: dark by default, light when the desktop or the
    /// config says so, a symbolic icon in the text's colour and an app's icon as it is; a level
    /// after the theme changed is drawn in the new one.
    @Test func theDisplayFollowsTheTheme() throws {
        let h = try DaemonHarness()
        let dark = OSD.Palette(ToastTheme(scheme: .dark).style), light = OSD.Palette(ToastTheme(scheme: .light).style)
        #expect(dark != light)
        let id = ViewID(try showLevel(h, ["volume", "40"]))
        #expect(h.presenter.viewTree(of: id) == OSD.view(label: "Volume", value: 40, maximum: 100,
                                                         icon: "audio-volume-medium-symbolic", muted: false, palette: dark))
        #expect(h.presenter.viewTree(of: id)?.json.contains("\"tint\":\"\(dark.text.jsonHex)\"") == true, "the symbolic icon is tinted")
        h.daemon.appearance.desktopChanged(DesktopAppearance(colorScheme: 2))  // the portal says light
        try h.advance(0.5)
        #expect(try showLevel(h, ["volume", "45", "--icon", "audio-card"]) == id.busID, "the same view")
        let tree = try #require(h.presenter.viewTree(of: id))
        #expect(tree == OSD.view(label: "Volume", value: 45, maximum: 100, icon: "audio-card", muted: false, palette: light))
        #expect(!tree.json.contains("\"tint\""), "an icon that is not symbolic keeps its colours")
    }

    @Test func showLevelShowsTheTreeTheCLIWouldSendAndReplacesItInPlace() throws {
        let h = try DaemonHarness()
        let first = try showLevel(h, ["volume", "40", "--icon", "audio-card"])
        #expect(h.presenter.viewTree(of: ViewID(first)) == (try OSDCommand.parse(["volume", "40", "--icon", "audio-card"]).tree))
        #expect(h.presenter.manager.showing(in: OSD.containerName) == [ViewID(first)])
        // A ShowView of a tree under the tag "osd" and a ShowLevel are the same OSD.
        let second = try osd(h, ["brightness", "70"])
        #expect(second == first)
        let third = try showLevel(h, ["--value", "1", "--max", "4", "--label", "Fan <1>"])
        #expect(third == first, "the same view")
        try h.advance(1.0)
        #expect(shownLevel(h, first) == 0.25)
        #expect(h.presenter.viewTree(of: ViewID(first))?.json.contains("Fan &lt;1&gt;") == true, "the label is escaped")
        for bad: [BusValue] in [[.string("x"), .double(1), .double(0), .string(""), .bool(false)],
                                [.string("x"), .double(.nan), .double(4), .string(""), .bool(false)],
                                [.string(String(repeating: "x", count: 2000)), .double(1), .double(4), .string(""), .bool(false)]] {
            #expect(throws: BusMethodError.self) { _ = try h.daemon.control.handle(BusCall(member: "ShowLevel", arguments: bad)) }
        }
    }

    /// A new value's changes turn a level's tree into the new value's, its icon too.
    @Test(arguments: [(label: "Volume", icons: ["audio-card", "fan"], muted: false), ("Volume", [nil, nil], false),
                      ("Fan <1>", ["fan", "fan"], true)])
    func aNewValuesChangesTurnTheShownTreeIntoTheNewOne(_ look: (label: String, icons: [String?], muted: Bool)) {
        let tree = { (value: Double, icon: String?) in OSD.view(label: look.label, value: value, maximum: 4, icon: icon, muted: look.muted) }
        for (from, to) in [(1.0, 3.0), (0, 4), (3, 3), (2, 7)] {
            let (old, new) = (tree(from, look.icons[0]), tree(to, look.icons[1]))
            #expect(old.applying(OSD.changes(value: to, maximum: 4, icon: look.icons[1], muted: look.muted)) == new, "\(from) → \(to)")
            #expect(new.valueChanges(from: old) != nil, "the same shape")
        }
    }

    @Test func aLevelAfterAnUpdateViewOfTheDisplayIsBuiltAgain() throws {
        let h = try DaemonHarness()
        let id = try showLevel(h, ["volume", "40"])
        try h.advance(1.0)
        // The display shows another tree now: the next level cannot patch it as a level's tree.
        let other = OSD.view(label: "Other", value: 10, maximum: 100, icon: "x", muted: false)
        _ = try h.daemon.control.handle(BusCall(member: "UpdateView", arguments: [.uint32(id), .string(other.json)]))
        try h.update()
        #expect(try showLevel(h, ["volume", "60"]) == id, "the same view")
        #expect(h.presenter.viewTree(of: ViewID(id)) == (try OSDCommand.parse(["volume", "60"]).tree))
    }

    @Test func theSameLevelAgainChangesNothingButRestartsTheCountdown() throws {
        let h = try DaemonHarness()
        let id = ViewID(try showLevel(h, ["volume", "40"]))
        try h.advance(1.0)
        #expect(h.presenter.trees.animations.isEmpty)
        let revision = h.presenter.trees.revision(of: id), tree = h.presenter.viewTree(of: id)
        #expect(try showLevel(h, ["volume", "40"]) == id.busID)
        #expect(h.presenter.trees.revision(of: id) == revision, "not repainted")
        #expect(h.presenter.trees.animations.isEmpty && h.presenter.viewTree(of: id) == tree)
        try h.advance(1.0)
        #expect(h.presenter.manager.showing(in: OSD.containerName) == [id], "1.5 s from the second call, not the first")
        #expect(try showLevel(h, ["volume", "45"]) == id.busID)
        #expect(h.presenter.trees.revision(of: id) != revision, "a new value repaints")
        #expect(h.presenter.viewTree(of: id) == (try OSDCommand.parse(["volume", "45"]).tree))
    }

    /// The percentage takes three digits' width at every level, so a new value neither moves it
    /// nor lays the display out again ("5 %" and "100 %" end at the same place).
    @Test func thePercentageIsAsWideAtEveryLevel() {
        let renderer = ViewTreeRenderer()
        let frames = Set(((0...100).map(Double.init) + [140, 999, 5000]).map { level -> String in
            let laidOut = renderer.layout(OSD.view(label: "Volume", value: level, maximum: 100, icon: "audio-card", muted: false))
            let texts = laidOut.layout.placed.filter { if case .node(.text) = $0.part { true } else { false } }
            return texts.last.map { "\($0.frame)" } ?? "no text"
        })
        #expect(frames.count == 1, "the percentage's frames: \(frames.sorted())")
    }

    /// A level's bar move ends once less than half a device pixel of it is left: 40 → 45 % of a
    /// 200-point bar (10 points) eases out over 0.1 s and is over to the eye at about 0.083 s,
    /// its frames `TreeMove.lead` ahead of the clock.
    @Test func aLevelsMoveEndsWhenLessThanHalfAPixelIsLeft() throws {
        let h = try DaemonHarness()
        let id = ViewID(try showLevel(h, ["volume", "40"]))
        try h.advance(1.0)
        #expect(try showLevel(h, ["volume", "45"]) == id.busID)
        let move = try #require(h.presenter.trees.animations[id], "the bar moves")
        let curveEnd = move.end - move.start + TreeMove.lead  // on the curve's own clock
        #expect(curveEnd > 0.07 && curveEnd < 0.095, "ends \(curveEnd) s into the curve")
        let left = 1 - move.progress(at: move.end)
        #expect(left * 10 < 0.5 && left * 10 > 0.4, "\(left * 10) points left when it ends")
        try h.advance(move.end - h.clock.now - 0.005)
        #expect(h.presenter.trees.animations[id] != nil, "still moving just before")
        try h.advance(0.01)
        #expect(h.presenter.trees.animations[id] == nil, "over")
        #expect(h.presenter.viewTree(of: id) == (try OSDCommand.parse(["volume", "45"]).tree))
    }

    /// A level finds its display through the registry's index of control tags, not by looking
    /// through every record: among fifty notifications, and no more once the display closed.
    @Test func aLevelFindsItsDisplayByItsTag() throws {
        let h = try DaemonHarness()
        let first = try showLevel(h, ["volume", "40"])
        for i in 1...50 { _ = try h.notify(NotifyRequest(appName: "flood", summary: "n\(i)", expireTimeout: 0)) }
        #expect(h.daemon.registry.records.count == 51)
        #expect(h.daemon.registry.control(taggedWith: OSD.tag, in: OSD.containerName) == ViewID(first))
        #expect(try showLevel(h, ["volume", "45"]) == first, "the same display among fifty notifications")
        try h.advance(OSD.autoDismiss + 1)
        #expect(h.daemon.registry.control(taggedWith: OSD.tag, in: OSD.containerName) == nil, "closed: its tag goes with it")
        #expect(h.daemon.registry.control(taggedWith: OSD.tag, in: "elsewhere") == nil)
        let second = try showLevel(h, ["volume", "50"])
        #expect(second != first, "a new display")
        #expect(h.daemon.registry.control(taggedWith: OSD.tag, in: OSD.containerName) == ViewID(second))
    }

    /// A frame drawn within half a paced frame of a move's end shows the end: the move is over
    /// there, not one more frame a few milliseconds later. Other passes end it at its end only.
    @Test func aFrameWithinHalfAPacedFrameOfTheEndShowsTheEnd() throws {
        let h = try DaemonHarness()
        let id = ViewID(try showLevel(h, ["volume", "40"]))
        try h.advance(1.0)
        _ = try showLevel(h, ["volume", "45"])
        let move = try #require(h.presenter.trees.animations[id], "the bar moves")
        let half = BurstPacing.valueFrameInterval / 2
        #expect(!move.isOver(at: move.end - half - 0.001, drawing: true), "a frame more than half a frame before it")
        #expect(move.isOver(at: move.end - half + 0.001, drawing: true), "a frame within half a frame of it")
        #expect(!move.isOver(at: move.end - 0.001, drawing: false), "a pass that draws nothing, just before it")
        #expect(move.isOver(at: move.end, drawing: false))
    }

    /// `ShowLevel`'s values patched into the shown tree draw the pixels the tree laid out afresh
    /// draws (moving from the last value, laid out afresh too): at scale 1 and 2, part way
    /// through the bar's move and at rest, between levels of two and of three digits.
    @Test(arguments: [(35.0, 70.0), (5, 100)])
    func aPatchedLevelDrawsWhatTheTreeLaidOutAfreshDraws(_ levels: (Double, Double)) throws {
        let h = try DaemonHarness()
        let arguments = { (level: Double) in ["volume", "\(Int(level))", "--icon", "audio-card"] }
        let id = try showLevel(h, arguments(levels.0))
        try h.advance(1.0)
        #expect(try showLevel(h, arguments(levels.1)) == id)
        let move = try #require(h.presenter.trees.animations[ViewID(id)], "the bar moves")
        let fresh = ViewTreeRenderer()
        let from = fresh.layout(try OSDCommand.parse(arguments(levels.0)).tree)
        let to = fresh.layout(try OSDCommand.parse(arguments(levels.1)).tree)
        #expect(h.presenter.viewTree(of: ViewID(id)) == to.node)
        for step in [0.05, 0.5] {  // part way, then at rest
            try h.advance(step)
            let shown = try #require(h.presenter.paintedView(ViewID(id), in: OSD.containerName)?.tree)
            let progress = move.progress(at: h.clock.now)
            var expected = to
            expected.layout = to.layout.interpolating(from: from.layout, progress: progress)
            #expect(step < 0.5 ? progress < 1 : progress == 1)
            #expect(shown.layout == expected.layout, "at \(progress)")
            for scale in [1.0, 2.0] {
                #expect(pixels(shown, scale, fresh) == pixels(expected, scale, fresh), "at \(progress), scale \(scale)")
            }
        }
    }

    /// `view` drawn alone at `scale` on cleared pixels, its bytes.
    func pixels(_ view: LaidOutView, _ scale: Double, _ renderer: ViewTreeRenderer) -> [UInt8] {
        let canvas = Canvas(pixelWidth: Int((view.size.width * scale).rounded(.up)),
                            pixelHeight: Int((view.size.height * scale).rounded(.up)), scale: scale)
        renderer.draw(view, on: canvas, overCleared: true)
        canvas.flush()
        guard let data = cairo_image_surface_get_data(canvas.surface) else { return [] }
        return Array(UnsafeBufferPointer(start: data, count: canvas.stride * canvas.pixelHeight))
    }
}
