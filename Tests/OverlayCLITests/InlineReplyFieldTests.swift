// The inline-reply field through the real presenter and daemon without a compositor: what the
// toast shows from KDE's hints, typing, Escape, Enter, the submit button, a resident sender.
import DBusService
import OverlayEngine
import OverlayRenderer
import Testing
import WaylandPresenter
@testable import overlay_wl

@Suite(.serialized) struct InlineReplyFieldTests {
    static let replyAction = NotificationAction(key: "inline-reply", label: "Reply")

    func chat(_ h: DaemonHarness, hints: [String: BusValue] = [:], actions: [NotificationAction] = [replyAction]) throws -> UInt32 {
        try h.notify(NotifyRequest(summary: "Ann", body: "lunch?", actions: actions, hints: hints, expireTimeout: 0,
                                   sender: ":1.7"))
    }

    @Test func theFieldTakesKDEsHintsAndReplacesTheButton() throws {
        let h = try DaemonHarness()
        let id = try chat(h, hints: ["x-kde-reply-placeholder-text": .string("Write to Ann"),
                                     "x-kde-reply-submit-button-text": .string("Answer"),
                                     "x-kde-reply-submit-button-icon-name": .string("mail-reply")],
                          actions: [Self.replyAction, NotificationAction(key: "mute", label: "Mute")])
        let toast = try #require(h.toast(id))
        #expect(toast.reply == {
            var field = ReplyFieldContent(placeholder: "Write to Ann", submitLabel: "Answer", submitIcon: "mail-reply")
            field.text = ""
            return field
        }())
        #expect(toast.actions.map(\.key) == ["mute"], "inline-reply is the field, not a button")

        let plain = try chat(h, hints: [:], actions: [NotificationAction(key: "inline-reply", label: "")])
        #expect(h.toast(plain)?.reply == ReplyFieldContent(), "no hints and no label: Reply… and Send")
        let labelled = try chat(h)
        #expect(h.toast(labelled)?.reply?.placeholder == "Reply", "no placeholder hint: the action's label")
        let none = try chat(h, actions: [])
        #expect(h.toast(none)?.reply == nil)
    }

    @Test func typingShowsTheTextAndCaretAndEnterSendsIt() throws {
        let h = try DaemonHarness()
        let id = try chat(h)
        h.presenter.focusReply(ViewID(id))
        #expect(h.toast(id)?.reply?.caret == 0, "a focused field shows its caret")
        for key: EditableTextKey in [.insert("on my wy"), .left, .insert("a"), .end, .insert(" ✓")] { h.presenter.typeIntoReply(key) }
        #expect(h.toast(id)?.reply?.text == "on my way ✓")
        #expect(h.toast(id)?.reply?.caret == 11)
        h.presenter.typeIntoReply(.submit)
        try h.advance(1)
        #expect(h.signals.signals.first == .notificationReplied(id: id, text: "on my way ✓", sender: ":1.7"))
        #expect(h.signals.closed.map(\.id) == [id] && h.signals.closed.first?.reason == .dismissed)
        #expect(h.presenter.replyEditing == nil)
    }

    @Test func escapeSendsNothingAndEmptiesTheField() throws {
        let h = try DaemonHarness()
        let id = try chat(h)
        h.presenter.focusReply(ViewID(id))
        h.presenter.typeIntoReply(.insert("never mind"))
        h.presenter.typeIntoReply(.cancel)
        try h.advance(1)
        #expect(h.signals.signals.isEmpty)
        #expect(h.toast(id)?.reply?.text == "")
        #expect(h.toast(id)?.reply?.caret == nil, "no caret: the field no longer has the keyboard")
        #expect(h.presenter.replyEditing == nil)
        h.presenter.typeIntoReply(.insert("x"))
        #expect(h.toast(id)?.reply?.text == "", "keys after Escape are not the field's")
        #expect(h.presenter.manager.contains(ViewID(id)))
    }

    @Test func anEmptyFieldSendsNothing() throws {
        let h = try DaemonHarness()
        let id = try chat(h)
        h.presenter.focusReply(ViewID(id))
        h.presenter.typeIntoReply(.submit)
        try h.advance(1)
        #expect(h.signals.signals.isEmpty)
        #expect(h.presenter.replyEditing?.view == ViewID(id), "the field keeps the keyboard")
    }

    @Test func aResidentNotificationStaysAfterItsReply() throws {
        let h = try DaemonHarness()
        let id = try chat(h, hints: ["resident": .bool(true)])
        try h.click(id, .reply("thanks"))
        #expect(h.signals.signals == [.notificationReplied(id: id, text: "thanks", sender: ":1.7")])
        #expect(h.presenter.manager.contains(ViewID(id)))
    }

    @Test func aReplyClickOnANotificationWithoutTheFieldIsNotTaken() throws {
        let h = try DaemonHarness()
        let id = try chat(h, actions: [])
        try h.click(id, .reply("x"), at: nil)
        #expect(h.signals.signals.isEmpty)
    }

    @Test func typingPausesTheCountdownAndEndingResumesIt() throws {
        let h = try DaemonHarness()
        let id = try h.notify(NotifyRequest(summary: "Ann", actions: [Self.replyAction], expireTimeout: 2000, sender: ":1.7"))
        h.presenter.focusReply(ViewID(id))
        try h.advance(5)
        #expect(h.presenter.manager.contains(ViewID(id)), "no timeout while the field has the keyboard")
        h.presenter.typeIntoReply(.cancel)
        try h.advance(5)
        #expect(h.signals.closed.map(\.reason) == [.expired], "the countdown runs again after Escape")
    }

    @Test func focusingAnotherFieldKeepsTheFirstOnesDraft() throws {
        let h = try DaemonHarness()
        let first = try chat(h), second = try chat(h)
        h.presenter.focusReply(ViewID(first))
        h.presenter.typeIntoReply(.insert("draft"))
        h.presenter.focusReply(ViewID(second))
        #expect(h.toast(first)?.reply?.text == "draft")
        #expect(h.toast(first)?.reply?.caret == nil)
        #expect(h.presenter.replyEditing?.view == ViewID(second))
        h.presenter.focusReply(ViewID(first))
        h.presenter.typeIntoReply(.insert("!"))
        #expect(h.toast(first)?.reply?.text == "draft!")
    }
}

extension InlineReplyFieldTests {
    @Test func theSubmitButtonSendsTheDraftOrFocusesAnEmptyField() throws {
        let h = try DaemonHarness()
        let first = try chat(h), second = try chat(h)
        h.presenter.focusReply(ViewID(first))
        h.presenter.typeIntoReply(.insert("draft"))
        h.presenter.submitReply(ViewID(second))
        try h.advance(1)
        #expect(h.signals.signals.isEmpty)
        #expect(h.presenter.replyEditing?.view == ViewID(second), "an empty field's button gives it the keyboard")
        #expect(h.toast(first)?.reply?.caret == nil, "the first field no longer shows a caret")
        #expect(h.toast(first)?.reply?.text == "draft")
        h.presenter.submitReply(ViewID(first))
        try h.advance(1)
        #expect(h.signals.signals.first == .notificationReplied(id: first, text: "draft", sender: ":1.7"))
    }
}
