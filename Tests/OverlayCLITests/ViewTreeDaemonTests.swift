// View trees through the control interface on a daemon without a compositor: ShowView,
// UpdateView in place, controls acting (ViewAction) and clear errors.
import DBusService
import OverlayConfig
import OverlayEngine
import OverlayRenderer
import Testing
@testable import WaylandPresenter
@testable import overlay_wl

@Suite(.serialized) struct ViewTreeDaemonTests {
    static let dialog = #"{"type":"vstack","children":[{"type":"text","text":"Delete?"},{"type":"toggle","action":"forever"},"#
        + #"{"type":"button","action":"yes","label":{"type":"text","text":"Yes"}}]}"#
    static let never = BusValue.dict([BusDictEntry(key: .string("auto-dismiss"), value: .variant(.string("never")))],
                                     keySignature: "s", valueSignature: "v")

    func call(_ h: DaemonHarness, _ member: String, _ arguments: [BusValue]) throws -> [BusValue] {
        let reply = try h.daemon.control.handle(BusCall(member: member, arguments: arguments))
        try h.update()
        return reply.values
    }

    func showView(_ h: DaemonHarness, _ json: String = dialog) throws -> UInt32 {
        guard case .uint32(let id)? = try call(h, "ShowView", [.string("notifications"), .string(json), Self.never]).first else {
            throw BusMethodError.failed("no id")
        }
        return id
    }

    func tree(_ h: DaemonHarness, _ id: UInt32) -> LaidOutView? {
        if case .tree(let tree)? = h.presenter.content(of: ViewID(id)) { return tree }
        return nil
    }

    @Test func showViewShowsTheTreeUnderAnIdFromTheOneAllocator() throws {
        let h = try DaemonHarness()
        let id = try showView(h)
        let shown = try #require(tree(h, id))
        #expect(shown.node == (try ViewNode(json: Self.dialog)))
        #expect(h.presenter.manager.showing(in: "notifications") == [ViewID(id)])
        #expect(h.daemon.registry[ViewID(id)] != nil, "one record per view")
        let note = try h.notify(NotifyRequest(summary: "n", expireTimeout: 0))
        #expect(note == id + 1, "notifications and trees share the allocator")
    }

    @Test func updateViewChangesTheTreeInPlace() throws {
        let h = try DaemonHarness()
        let id = try showView(h)
        let before = try #require(tree(h, id))
        let longer = Self.dialog.replacingOccurrences(of: "Delete?", with: "Delete these 12 files for good?")
        _ = try call(h, "UpdateView", [.uint32(id), .string(longer)])
        let after = try #require(tree(h, id))
        #expect(after.node == (try ViewNode(json: longer)))
        #expect(after.size.width > before.size.width, "laid out again")
        #expect(h.presenter.manager.showing(in: "notifications") == [ViewID(id)], "the same view, not a new one")
        #expect(h.presenter.trees.revision(of: ViewID(id)) >= 1, "marked changed, so only it repaints")
        #expect(h.presenter.trees.animations[ViewID(id)] != nil, "wider: it moves to its new layout")
        #expect(!h.signals.signals.contains { if case .viewClosed = $0 { true } else { false } })
    }

    @Test func badInputGetsClearErrors() throws {
        let h = try DaemonHarness()
        func message(_ member: String, _ arguments: [BusValue]) -> String? {
            do { _ = try call(h, member, arguments); return nil } catch { return "\(error)" }
        }
        let bad = #"{"type":"vstack","children":[{"type":"slider","value":"x","action":"a"}]}"#
        #expect(message("ShowView", [.string("notifications"), .string(bad), Self.never])?.contains("$.children[0].value: expected a number") == true)
        #expect(message("ShowView", [.string("nowhere"), .string(Self.dialog), Self.never])?.contains("unknown container") == true)
        let title = BusValue.dict([BusDictEntry(key: .string("title"), value: .variant(.string("x")))], keySignature: "s", valueSignature: "v")
        #expect(message("ShowView", [.string("notifications"), .string(Self.dialog), title])?.contains("title: unknown setting") == true)
        #expect(message("UpdateView", [.uint32(999), .string(Self.dialog)])?.contains("no view tree 999") == true)
        let note = try h.notify(NotifyRequest(summary: "n", expireTimeout: 0))
        #expect(message("UpdateView", [.uint32(note), .string(Self.dialog)])?.contains("view \(note) is not a view tree") == true, "a toast is not a tree")
        #expect(h.presenter.manager.showing(in: "notifications") == [ViewID(note)])
    }

    /// `overlay-wl invoke ID ACTION` on a view tree presses its button with that action, as a
    /// click does; an action no button has is refused, naming those there are.
    @Test func invokePressesAViewTreesButton() throws {
        let h = try DaemonHarness()
        let id = try showView(h)
        _ = try call(h, "Invoke", [.uint32(id), .string("yes")])
        #expect(h.signals.signals.last == .viewAction(id: id, action: "yes", value: ViewActionValue.none))
        #expect(h.presenter.manager.contains(ViewID(id)), "a button reports, it does not close the view")
        #expect {
            _ = try self.call(h, "Invoke", [.uint32(id), .string("forever")])
        } throws: { "\($0)".contains("no button with the action 'forever' (has: yes)") }
    }

    @Test func aTappedToggleFlipsAndAButtonReportsItsAction() throws {
        let h = try DaemonHarness()
        let id = try showView(h)
        // Nodes: 0 vstack, 1 text, 2 toggle, 3 button, 4 its label.
        h.presenter.treeControlTapped(ViewID(id), index: 2, at: nil)
        try h.update()
        #expect(h.signals.signals.last == .viewAction(id: id, action: "forever", value: .bool(true)))
        #expect(h.presenter.viewTree(of: ViewID(id))?.node(at: 2)?.kind == .toggle(isOn: true, action: "forever"))
        h.presenter.treeControlTapped(ViewID(id), index: 3, at: nil)
        try h.update()
        #expect(h.signals.signals.last == .viewAction(id: id, action: "yes", value: ViewActionValue.none))
        #expect(h.presenter.manager.contains(ViewID(id)), "acting does not close the view")
    }

    @Test func aFieldTakesTypingAndEnterReportsItsText() throws {
        let h = try DaemonHarness()
        let id = try showView(h, #"{"type":"textField","placeholder":"Name","submitAction":"name"}"#)
        h.presenter.treeControlTapped(ViewID(id), index: 0, at: nil)
        #expect(h.presenter.replyEditing?.view == ViewID(id), "a click gives the field the keyboard")
        h.presenter.typeIntoReply(.insert("Ada"))
        h.presenter.typeIntoReply(.left)
        try h.update()
        #expect(tree(h, id)?.node.kind == .textField(TextFieldContent(placeholder: "Name", text: "Ada", submitAction: "name")))
        #expect(tree(h, id)?.focus?.caret == 2, "the caret drawn where it is")
        #expect(!h.signals.signals.contains { if case .viewAction = $0 { true } else { false } }, "typing reports nothing")
        h.presenter.typeIntoReply(.submit)
        try h.update()
        #expect(h.signals.signals.last == .viewAction(id: id, action: "name", value: .text("Ada")))
        #expect(h.presenter.replyEditing == nil && tree(h, id)?.focus == nil, "Enter gives the keyboard back")
        #expect(tree(h, id)?.node.kind == .textField(TextFieldContent(placeholder: "Name", text: "Ada", submitAction: "name")), "the text stays")
    }

    @Test func aFocusedSliderMovesWithTheArrowKeysByItsStep() throws {
        let h = try DaemonHarness()
        let id = try showView(h, #"{"type":"slider","value":50,"max":100,"step":10,"action":"vol"}"#)
        h.presenter.focusTreeControl(ViewID(id), index: 0)
        #expect(tree(h, id)?.focus?.index == 0, "drawn with its ring")
        h.presenter.typeIntoReply(.right)
        try h.update()
        #expect(h.signals.signals.last == .viewAction(id: id, action: "vol", value: .number(60)))
        #expect(tree(h, id)?.focus?.index == 0, "moved by a key, it keeps the keyboard and its ring")
        h.presenter.typeIntoReply(.home)
        h.presenter.typeIntoReply(.left)  // already at the lower end: nothing to report
        try h.update()
        let actions = h.signals.signals.filter { if case .viewAction = $0 { true } else { false } }
        #expect(actions == [.viewAction(id: id, action: "vol", value: .number(60)), .viewAction(id: id, action: "vol", value: .number(0))])
        #expect(h.presenter.viewTree(of: ViewID(id))?.kind == .slider(value: 0, range: 0...100, step: 10, action: "vol"))
        h.presenter.typeIntoReply(.cancel)
        #expect(h.presenter.replyEditing == nil, "Escape gives the keyboard back")
        #expect(tree(h, id)?.focus == nil, "and the ring goes")
    }

    @Test func signalValuesAreBusVariants() {
        #expect(ViewActionValue.none.busValue == .variant(.string("")))
        #expect(ViewActionValue.bool(true).busValue == .variant(.bool(true)))
        #expect(ViewActionValue.number(40).busValue == .variant(.double(40)))
        #expect(ShowCommand.actionLine("vol", .variant(.double(40))) == "vol 40")
        #expect(ShowCommand.actionLine("vol", .variant(.double(0.25))) == "vol 0.25")
        #expect(ShowCommand.actionLine("wifi", .variant(.bool(false))) == "wifi false")
        #expect(ShowCommand.actionLine("ok", .variant(.string(""))) == "ok")
    }
}
