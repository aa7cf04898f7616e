import OverlayEngine
import OverlayRenderer

/// The inline-reply field being typed into (one at a time) and the paste under way.
struct ReplyInput {
    var editing: (view: ViewID, field: EditableText)?
    /// The view tree's control that has the keyboard (its node index: a text field or a
    /// slider); nil while a toast's reply field is edited.
    var treeIndex: Int?
    /// The loop pasted text is read in (nil: Ctrl+V does nothing), and the one paste under way.
    weak var loop: EventLoop?
    var paste: PasteReader?
    /// The held editing key that repeats, and what it does.
    var repeating = KeyRepeat()
    var repeatedKey: EditableTextKey?
}

/// Inline replies: a click on a toast's reply field makes its container's surface take the
/// keyboard on demand (layer-shell `on_demand`, committed with the frame that draws the caret).
/// Keys edit the field (`EditableText`); Enter or the submit button reaches the delegate as a
/// `.reply(text)` click, Escape empties the field. Either gives the keyboard back (none again).
extension OverlayPresenter {
    /// The view whose field has the keyboard, and what it holds (tests).
    public var replyEditing: (view: ViewID, field: EditableText)? { reply.editing }

    /// A tap on a view: the reply field and its button are the presenter's; anything else is
    /// recorded for the delegate.
    func recordTap(on id: ViewID, part: ClickedPart, point: Point?) {
        switch part {
        case .replyField:
            let clicked = views[id]?.tree  // as drawn when clicked (the text may have been scrolled)
            focusReply(id)
            if let point, let clicked { placeReplyCaret(in: id, at: point, on: clicked) }
        case .replySubmit: submitReply(id)
        case .viewControl(let index): treeControlTapped(id, index: index, at: point)
        default: pendingClicks.append(ViewClick(view: id, part: part, point: point))
        }
    }

    /// Starts typing into a view's field (again: its draft stays), and stops its countdown.
    public func focusReply(_ id: ViewID) {
        guard reply.editing?.view != id, let draft = toast(of: id)?.reply else { return }
        endColumnFocus()
        if reply.editing != nil { endReply(clearing: false) }
        let field = EditableText(text: draft.text)
        reply.editing = (id, field)
        manager.pauseAutoDismiss(id, now: clock())
        showReply(of: id, field, focused: true)
    }

    /// A click in the field (of `tree`, the toast as drawn when clicked) puts the caret at the
    /// character boundary nearest to it.
    private func placeReplyCaret(in id: ViewID, at point: Point, on tree: LaidOutView) {
        guard var editing = reply.editing, editing.view == id, let drawn = input.router.drawn(id), drawn.scale > 0 else { return }
        let x = (point.x - drawn.frame.minX) / drawn.scale
        guard let caret = trees.layouts.fieldCaret(in: tree, submitting: TemplateReply.action, atX: x) else { return }
        editing.field.placeCaret(at: caret)
        reply.editing = editing
        showReply(of: id, editing.field, focused: true)
    }

    /// The submit button: sends what the field holds; an empty field gets the keyboard instead.
    public func submitReply(_ id: ViewID) {
        if reply.editing?.view != id {
            guard let draft = toast(of: id)?.reply else { return }
            endReply(clearing: false)
            reply.editing = (id, EditableText(text: draft.text))
            manager.pauseAutoDismiss(id, now: clock())
        }
        typeIntoReply(.submit)
    }

    /// A key for the field being typed into (none: ignored).
    public func typeIntoReply(_ key: EditableTextKey) {
        guard var editing = reply.editing else { return }
        if let index = reply.treeIndex, treeSliderKey(key, view: editing.view, index: index) { return }
        let action = editing.field.apply(key)
        reply.editing = editing
        switch action {
        case .submit(let text)? where reply.treeIndex != nil:
            treeFieldSubmitted(editing.view, index: reply.treeIndex!, text: text)
        case .submit(let text)?:
            endReply(clearing: true)
            pendingClicks.append(ViewClick(view: editing.view, part: .reply(text), point: nil))
        case .cancel?:
            endReply(clearing: true)
        case nil:
            manager.pauseAutoDismiss(editing.view, now: clock())
            showReply(of: editing.view, editing.field, focused: true)
        }
    }

    /// Stops typing: the field keeps its draft unless `clearing`, its countdown runs again, and
    /// its container's surface gives the keyboard back.
    func endReply(clearing: Bool) {
        guard let editing = reply.editing else { return }
        reply.editing = nil
        reply.repeating.stop()
        cancelPaste()
        showReply(of: editing.view, clearing ? EditableText() : editing.field, focused: false)
        reply.treeIndex = nil
        manager.resumeAutoDismiss(editing.view, now: clock())
    }

    /// A key press while a field has the keyboard on one of our surfaces; false when not the field's.
    func replyKeyPressed(_ code: UInt32, from keyboard: KeyboardDevice) -> Bool {
        guard let editing = reply.editing, keyboard.focus != nil,
              let container = manager.containerName(of: editing.view),
              surfaces.contains(where: { $0.key.container == container && $0.value.surface.wlSurface == keyboard.focus })
        else { return false }
        let press = keyboard.keymap.translate(code).map(FieldKeyPress.init) ?? FieldKeyPress(evdevCode: code)
        reply.repeating.stop()
        switch press {
        case .edit(let key)?:
            typeIntoReply(key)
            if reply.editing != nil, key.repeats {
                reply.repeating.rate = Int(keyboard.repeatRate)
                reply.repeating.delay = Double(keyboard.repeatDelay) / 1000
                reply.repeating.pressed(code, at: clock())
                reply.repeatedKey = key
            }
        case .paste?: pasteIntoReply(from: keyboard)
        case nil: break
        }
        return true
    }

    /// A key went up: it stops repeating.
    func replyKeyReleased(_ code: UInt32) { reply.repeating.released(code) }

    /// Fires the held key's repeats that are due (update pass); its next time is `replyRepeatDeadline`.
    func advanceReplyRepeat(to now: Double) {
        guard reply.repeating.deadline != nil else { return }
        guard reply.editing != nil, let key = reply.repeatedKey else { return reply.repeating.stop() }
        for _ in 0..<reply.repeating.advance(to: now) { typeIntoReply(key) }
    }

    var replyRepeatDeadline: Double? { reply.repeating.deadline }

    /// Keyboard focus left our surfaces: the field stops taking keys (its draft stays).
    func replyKeyboardLeft() {
        if reply.editing != nil { endReply(clearing: false) }
    }

    /// The poll loop pasted text is read in; without one Ctrl+V does nothing.
    public var eventLoop: EventLoop? {
        get { reply.loop }
        set { reply.loop = newValue }
    }

    /// Seconds a paste may take before what arrived (if anything) is used.
    static let pasteTimeout = 2.0

    /// Ctrl+V: asks the seat's selection for text, read from a pipe in the loop (at most what the
    /// field holds, at most `pasteTimeout`), then inserted if the same field still has the keyboard.
    func pasteIntoReply(from keyboard: KeyboardDevice) {
        guard let view = reply.editing?.view, let loop = reply.loop,
              let clipboard = display?.seats.first(where: { $0.globalName == keyboard.seat })?.clipboard,
              let fd = clipboard.requestText() else { return }
        cancelPaste()
        let reader = PasteReader(fd: fd, limit: EditableText.maximumUTF8Length, until: monotonicNow() + Self.pasteTimeout) {
            [unowned self] text in
            cancelPaste()
            if let text, reply.editing?.view == view { typeIntoReply(.insert(text)) }
        }
        reply.paste = reader
        loop.add(reader)
        display?.flush()
    }

    private func cancelPaste() {
        guard let reader = reply.paste else { return }
        reply.paste = nil
        if !reader.isFinished { reader.cancel() }
        reply.loop?.remove(reader)
    }

    /// A view is gone: so is its field.
    func replyViewRemoved(_ id: ViewID) {
        if reply.editing?.view == id { reply.editing = nil; reply.treeIndex = nil }
    }

    /// Keyboard interactivity of a plain container's surface: exclusive while its column has the
    /// keyboard focus (`overlay-wl focus`), on demand while one of its fields is being typed into,
    /// none otherwise, so a toast never takes the keyboard by appearing.
    func updateReplyKeyboard(_ surface: ContainerSurface, container: String) {
        if let mode = columnKeyboardMode(of: container) { return surface.surface.keyboardMode = mode }
        let typing = reply.editing.flatMap { manager.containerName(of: $0.view) } == container
        // Never exclusive for typing: a toast must not hold the keyboard against the user's clicks elsewhere.
        surface.surface.keyboardInteractive = typing && surface.surface.offersOnDemandKeyboard
    }

    func showReply(of id: ViewID, _ field: EditableText, focused: Bool) {
        if let index = reply.treeIndex { return showTreeField(id, index: index, field, focused: focused) }
        updateToast(id) { content in
            content.reply?.text = field.text
            content.reply?.caret = focused ? field.caret : nil
        }
    }
}

extension EditableTextKey {
    /// Held down, it repeats: typing and moving do, sending and cancelling do not.
    var repeats: Bool {
        switch self {
        case .insert, .backspace, .delete, .left, .right: true
        case .home, .end, .submit, .cancel: false
        }
    }
}
