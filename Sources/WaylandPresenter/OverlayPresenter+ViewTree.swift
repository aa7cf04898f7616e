import OverlayEngine
import OverlayRenderer

/// What the presenter keeps for view trees besides the trees themselves (in `views`): a
/// revision per tree, so a changed tree repaints only itself, and the sliders being dragged.
struct ViewTreePresentation {
    /// Lays trees out (Pango measures their text).
    let layouts = ViewTreeRenderer()
    /// One entry per tree changed since it was shown; removed with the view.
    private var revisions: [ViewID: Int] = [:]
    /// Contacts dragging a slider: the view and the slider's node index (one per pointer or finger).
    var drags: [InputContact: (view: ViewID, index: Int)] = [:]
    /// Trees moving to a new layout (one per view showing; removed when done or with the view).
    var animations: [ViewID: TreeMove] = [:]

    func revision(of id: ViewID) -> Int { revisions[id] ?? 0 }
    mutating func changed(_ id: ViewID) { revisions[id, default: 0] &+= 1 }
    mutating func removed(_ id: ViewID) {
        revisions[id] = nil
        animations[id] = nil
        if !drags.isEmpty { drags = drags.filter { $0.value.view != id } }
    }
}

/// A tree moving to a new layout (parts matched by id, bars and sliders to new values): where
/// from, since when, along which curve; `to` and `matches`, the layout moved to and its parts'
/// matches, are found once for every frame. A reference: a pass reads it several times, and a
/// copy of its layouts would retain every part of both.
final class TreeMove {
    let from: ViewLayoutResult, start: Double, animation: Animation, to: ViewLayoutResult, matches: PartMatches
    /// How far ahead of the clock a move's frames are: the frame the new tree brings shows the
    /// move as it is when the next frame replaces it (`BurstPacing.valuePause`), not where it
    /// starts, which the frame before showed already; each frame after it is as far ahead.
    static let lead = BurstPacing.valuePause

    /// When what is left of the move is under half a device pixel and half a level of opacity,
    /// for good: the move is over to the eye and ends there (at most `start` plus the duration,
    /// less `lead`).
    let end: Double
    /// It began while the move before it was under way (values coming faster than moves).
    let startedMidMove: Bool

    init(from: ViewLayoutResult, start: Double, animation: Animation, to: ViewLayoutResult, matches: PartMatches,
         deviceScale: Double = 1, startedMidMove: Bool = false) {
        self.from = from; self.start = start; self.animation = animation; self.to = to; self.matches = matches
        self.startedMidMove = startedMidMove
        let span = to.moveSpan(from: from, matches: matches)
        let share = min(0.5 / max(span.points * deviceScale, .ulpOfOne), 0.5 / max(span.opacity * 255, .ulpOfOne))
        end = start + animation.settled(within: share) - Self.lead
    }

    /// How far the move has come at `now`, 0…1 (`lead` ahead of the clock).
    func progress(at now: Double) -> Double {
        min(1, max(0, animation.progress(at: now - start + Self.lead)))
    }

    /// Over at `now`: past `end`, or a frame drawn now (`drawing`) comes within half a paced
    /// frame of it (`BurstPacing.valueFrameInterval`), so the end shows in that frame, not in
    /// one more a few milliseconds after it.
    func isOver(at now: Double, drawing: Bool) -> Bool {
        now >= end || (drawing && now >= end - BurstPacing.valueFrameInterval / 2)
    }
}

/// View trees (`ViewNode`): shown and updated in place, clicked, toggled and dragged.
extension OverlayPresenter {
    /// Shows (or, for an id already present, replaces in place) a view tree laid out at its ideal
    /// size (`layOutTree`); returns its id. Button, toggle and slider actions reach the delegate as
    /// `ClickedPart.viewAction` clicks.
    @discardableResult
    public func show(_ view: ViewNode, id: ViewID? = nil, in container: String,
                     configuration: ViewConfiguration = .init(), animated: Bool = true) throws -> ViewID {
        let replacing = id.map { views[$0] != nil } ?? false
        let laidOut = layOutTree(view, in: container, reusing: id.flatMap { if case .tree(let old)? = views[$0] { old } else { nil } })
        return try show(laidOut, id: id, replacing: replacing, in: container, configuration: configuration, animated: animated)
    }

    /// `node` laid out at its ideal size, or offered the width its container leaves a view
    /// (`treeWidthLimit`) when its ideal size is wider: a long text wraps there instead of
    /// running off the surface.
    func layOutTree(_ node: ViewNode, in container: String?, reusing old: LaidOutView?) -> LaidOutView {
        let ideal = trees.layouts.layout(node, reusing: old)
        guard let limit = container.flatMap(treeWidthLimit), ideal.size.width > limit + 0.5 else { return ideal }
        return trees.layouts.layout(node, proposal: ProposedSize(width: limit, height: nil), reusing: old)
    }

    /// The width a view of `container` has: its fixed width, else its surface's, else the first
    /// output's (before the surface is made), less the container's insets; nil when none is known.
    func treeWidthLimit(in container: String) -> Double? {
        let width: Double
        if let fixed = placements[container]?.width, fixed > 0 {
            width = Double(fixed)
        } else if let surface = surfaces.first(where: { $0.key.container == container })?.value, surface.logicalSize.width > 0 {
            width = surface.logicalSize.width
        } else if let output = display?.outputs.first(where: { $0.pixelWidth > 0 }) {
            width = Double(output.pixelWidth) / Double(max(1, output.scale))
        } else {
            return nil
        }
        let insets = manager.container(container)?.insets ?? .zero
        return max(1, width - insets.leading - insets.trailing)
    }

    /// Shows the tree view `id` shows again with `changes` applied (its nodes given new values,
    /// `ViewNode.valueChanges(from:)`), as `show` does with the changed tree: its placed parts
    /// are patched, not laid out, unless the placement could change. False when `id` shows no
    /// view tree.
    public func show(changing changes: [ValueChange], of id: ViewID, in container: String,
                     configuration: ViewConfiguration = .init(), animated: Bool = true) throws -> Bool {
        guard case .tree(let old)? = views[id] else { return false }
        let patched = trees.layouts.patch(old, with: changes)
        try show(patched ?? old, id: id, replacing: true, in: container, configuration: configuration, animated: animated,
                 changes: patched != nil)
        return true
    }

    /// Shows `laidOut` under `id` (`replacing` what it showed), its bars moving from the tree it
    /// replaces; `changes`: true when it is known to differ from that tree, nil when unknown.
    @discardableResult
    private func show(_ laidOut: LaidOutView, id: ViewID?, replacing: Bool, in container: String,
                      configuration: ViewConfiguration, animated: Bool, changes: Bool? = nil) throws -> ViewID {
        let shown = try manager.show(id, in: container, configuration: configuration, size: laidOut.size,
                                     animated: animated, now: clock())
        lazyMeasure.pending.remove(shown)
        if replacing, case .tree(let old)? = views[shown] { animateLayout(of: shown, from: old, to: laidOut) }
        setTree(laidOut, of: shown, changed: replacing, differs: changes)
        return shown
    }

    /// Changes the tree view `id` shows where it is (same id, same surface, its countdown goes
    /// on): laid out again, resized in its container when its size changed, and only this view
    /// repainted; bars and sliders in place move to their new values (`animated`). False when
    /// `id` shows no view tree.
    @discardableResult
    public func update(_ id: ViewID, to node: ViewNode, animated: Bool = true) -> Bool {
        guard case .tree(let old)? = views[id] else { return false }
        var laidOut = layOutTree(node, in: manager.containerName(of: id), reusing: old)
        if reply.editing?.view == id { laidOut.focus = old.focus }  // a slider moved by its keys keeps its ring
        if laidOut.size != old.size { manager.setSize(laidOut.size, of: id) }
        if animated { animateLayout(of: id, from: old, to: laidOut) } else { trees.animations[id] = nil }
        setTree(laidOut, of: id, changed: true)
        return true
    }

    /// The next tree of view `id`, moving from what shows now along the view's animation
    /// (`ViewLayoutResult.interpolating`): an OSD's bar to its next level, parts with an id to
    /// their new frames, `TreeMove.lead` ahead of the clock. While it moves, the view keeps room for
    /// the larger of the two sizes.
    func animateLayout(of id: ViewID, from old: LaidOutView?, to new: LaidOutView) {
        guard inspectingEngine({ $0.motion.animatesValues }), let old,
              let animation = inspectingEngine({ $0.resolvedConfiguration(of: id) })?.animation else { return }
        let now = clock()
        // From what shows now: an animation under way goes on from where it is.
        let from = treeShown(old, of: id, now: now).layout
        let matches = new.layout.partMatches(from: from)
        guard new.layout.animates(from: from, matches: matches) else { return }
        let deviceScale = display?.outputs.map { Double($0.scale) }.max() ?? 1  // the finest output's pixels
        trees.animations[id] = TreeMove(from: from, start: now, animation: animation, to: new.layout, matches: matches,
                                        deviceScale: max(1, deviceScale), startedMidMove: trees.animations[id] != nil)
        let room = Size(width: max(from.size.width, new.size.width), height: max(from.size.height, new.size.height))
        if room != new.size { manager.setSize(room, of: id) }
    }

    /// The tree as it shows at `now` (bars and sliders part way through an animation); `drawing`:
    /// in a frame drawn for `now`, which shows a move over then (`TreeMove.isOver`) at its end.
    func treeShown(_ tree: LaidOutView, of id: ViewID, now: Double, drawing: Bool = false) -> LaidOutView {
        guard let animation = trees.animations[id], !(drawing && animation.isOver(at: now, drawing: true)) else { return tree }
        var shown = tree
        let matches = animation.to == tree.layout ? animation.matches : nil  // the tree changed since (a field typed into)
        shown.layout = tree.layout.interpolating(from: animation.from, progress: animation.progress(at: now), matches: matches)
        return shown
    }

    /// Each pass: views with value animations under way repaint; done ones stop. Their frames
    /// come at their surfaces' pace: each frame drawn asks for the next, and the pass its frame
    /// callback (or, while values move, the end of its hold) wakes repaints the moving views. A
    /// pass where no surface of the view can draw it (a buffer released, a frame held) leaves it
    /// as it is and costs little. A view moving on repaints only its container (`moved`): the
    /// engine did not change, so the pass neither settles it nor looks at the other containers.
    /// Returns when the next held frame is due, or when the first animation still under way ends,
    /// so one that shows on no surface still stops on time.
    func advanceTreeAnimations(to now: Double, moved: inout Set<String>) -> Double? {
        guard !trees.animations.isEmpty else { return nil }
        var wake: Double?
        var over: [ViewID] = []  // removed after the loop: removing while iterating copies the table
        for (id, animation) in trees.animations {
            let container = inspectingEngine { $0.containerName(of: id) }
            let next = container.flatMap { nextFrame(in: $0, now: now) }
            let drawing = next == nil && surfaces.keys.contains { $0.container == container }
            if animation.isOver(at: now, drawing: drawing) {
                over.append(id)
                // The room it kept goes (an engine change); else only its container draws the end.
                if case .tree(let tree)? = views[id], inspectingEngine({ $0.size(of: id) }) != tree.size {
                    manager.setSize(tree.size, of: id)
                } else if let container {
                    moved.insert(container)
                }
            } else {
                wake = min(wake ?? animation.end, animation.end)
                if let next {
                    if next.isFinite { wake = min(wake ?? next, next) }
                    continue
                }
                if let container { moved.insert(container) }
            }
            trees.changed(id)
        }
        for id in over { trees.animations[id] = nil }
        return wake
    }

    /// What a frame of `container` is drawn from besides the clock and its surface.
    func frameSource(_ container: String) -> FrameSource {
        FrameSource(revision: revision, contentVersion: contentVersions[container, default: 0],
                    pill: indicatorCounts[container, default: 0])
    }

    /// Draws the frame of `name` held back until `due` for a moving value now
    /// (`ContainerSurface.drawAhead`), as it will show then, when it is a plain container's (not a
    /// drawer's, the centre's or the one with the keyboard's column) with nothing left to measure,
    /// and no move in it started while the one before was under way: values coming faster than
    /// its moves (a key held down) would replace the frame before it is due.
    func drawAhead(_ name: String, on surface: ContainerSurface, due: Double) throws {
        guard name != center?.name, column.model.container != name, lazyMeasure.pending.isEmpty, latestTreeValue(in: name) != nil,
              !trees.animations.contains(where: { $0.value.startedMidMove && containerName(of: $0.key) == name })
        else { return }
        let room = overflowRoom(in: name)
        let laidOut = inspectingEngine { $0.renderList(for: name, size: surface.logicalSize, overflowRoom: room, now: due) }
        let list = withOverflowIndicator(laidOut, of: name, in: surface.bounds)
        let source = frameSource(name)
        // A moving view's revision as the pass at `due` leaves it (`advanceTreeAnimations`).
        let revision: (ViewID) -> Int = { id in
            id == .overflowIndicator ? source.pill : self.trees.revision(of: id) + (self.trees.animations[id] != nil ? 1 : 0)
        }
        var painted: [ViewID: PaintedView] = [:]
        try surface.drawAhead(list, due: due, source: source, revision: revision) { id in
            if let known = painted[id] { return known }
            guard let view = paintedView(id, in: name, at: due) else { return nil }
            painted[id] = view
            return view
        }
    }

    /// When the latest value of a view tree of `container` moving to it came; nil when none
    /// moves (its surface paces those frames).
    func latestTreeValue(in container: String) -> Double? {
        var latest: Double?
        for (id, animation) in trees.animations where manager.containerName(of: id) == container {
            latest = max(latest ?? animation.start, animation.start)
        }
        return latest
    }

    /// When a view of `container`, moving, can next be drawn: nil when now (or it shows on no
    /// surface); else when the first of its surfaces' held frames is due, infinity when each of
    /// them awaits its frame callback (which wakes the loop).
    private func nextFrame(in container: String, now: Double) -> Double? {
        let valueAt = latestTreeValue(in: container)
        var next: Double?
        for (key, surface) in surfaces where key.container == container {
            if case .awaitingFrame = surface.surface.phase {
                next = next ?? .infinity
                continue
            }
            guard let due = surface.heldBack(now: now, valueAt: valueAt) else { return nil }
            next = min(next ?? due, due)
        }
        return next
    }

    /// The tree view `id` shows now (with the user's changes: toggles, sliders).
    public func viewTree(of id: ViewID) -> ViewNode? {
        if case .tree(let tree)? = views[id] { return tree.node }
        return nil
    }

    /// True when view `id` shows a view tree (without copying it out, as `viewTree(of:)` does).
    public func showsTree(_ id: ViewID) -> Bool {
        if case .tree? = views[id] { return true }
        return false
    }

    /// `differs`: whether `tree` differs from the tree the view shows, when known (nil: compared).
    func setTree(_ tree: LaidOutView, of id: ViewID, changed: Bool, differs: Bool? = nil) {
        if differs == false { return }
        setContent(.tree(tree), of: id, changed: changed, compared: differs == nil)
    }

    /// What view `id` shows from now; `changed`: it replaces what the view showed (only this view
    /// repaints); `compared`: a tree the same as the one shown changes nothing.
    func setContent(_ content: consuming ViewContent, of id: ViewID, changed: Bool, compared: Bool = true) {
        if compared, case .tree(let new) = content, case .tree(let old)? = views[id], old == new { return }
        views[id] = content
        if changed { trees.changed(id) }
        revision &+= 1
    }

    // MARK: Input

    /// The control under `point` (view coordinates), else a link of its text, else the body.
    func treePart(_ tree: LaidOutView, at point: Point) -> ClickedPart {
        if let control = tree.layout.control(at: point) { return .viewControl(control.index) }
        return link(in: tree, at: point).map { .link($0) } ?? .body
    }

    /// The target of the link of `tree`'s text under `point` (view coordinates), front-most first.
    func link(in tree: LaidOutView, at point: Point) -> String? {
        trees.layouts.links(in: tree).last { f in
            point.x >= f.frame.minX && point.x < f.frame.maxX && point.y >= f.frame.minY && point.y < f.frame.maxY
        }?.href
    }

    /// A surface-local point in the coordinates of view `id`'s tree.
    private func treePoint(_ id: ViewID, _ point: Point) -> Point? {
        guard let drawn = input.router.drawn(id), drawn.scale > 0 else { return nil }
        return Point(x: (point.x - drawn.frame.minX) / drawn.scale, y: (point.y - drawn.frame.minY) / drawn.scale)
    }

    /// A tap on a control: a button reports its action, a toggle flips and reports its state, a
    /// slider jumps to the point and reports its value.
    func treeControlTapped(_ id: ViewID, index: Int, at point: Point?) {
        guard case .tree(let tree)? = views[id], let node = tree.node.node(at: index) else { return }
        func report(_ action: String, _ value: ViewActionValue) {
            pendingClicks.append(ViewClick(view: id, part: .viewAction(ViewAction(action: action, value: value)), point: nil))
        }
        switch node.kind {
        case .button(ViewAction.close, _):
            pendingClicks.append(ViewClick(view: id, part: .closeButton, point: nil))
        case .button(let action, _):
            if let field = tree.node.textField(submitting: action) {
                // A button with a text field's submit action submits the field's text.
                if reply.editing?.view == id { endReply(clearing: false) }
                report(action, .text(field))
            } else {
                report(action, .none)
            }
        case .toggle(let isOn, let action):
            var changed = tree.node
            changed.update(at: index) { $0.kind = .toggle(isOn: !isOn, action: action) }
            update(id, to: changed, animated: false)
            report(action, .bool(!isOn))
        case .slider(_, _, _, let action):
            guard let point, let local = treePoint(id, point), let value = setSlider(id, index: index, toX: local.x) else { return }
            report(action, .number(value))
            focusTreeControl(id, index: index)
        case .textField:
            focusTreeControl(id, index: index)
        default:
            break
        }
    }

    /// Presses the button of view tree `id` whose action is `action`, as a click on it does (its
    /// action reported to the delegate; a close button closes the view). False when it has none.
    public func pressButton(_ action: String, of id: ViewID) -> Bool {
        guard case .tree(let tree)? = views[id], let index = tree.node.buttonIndex(action: action) else { return false }
        treeControlTapped(id, index: index, at: nil)
        return true
    }

    /// Moves the slider at node `index` of view `id` to `x` (view coordinates); its new value.
    private func setSlider(_ id: ViewID, index: Int, toX x: Double) -> Double? {
        guard case .tree(let tree)? = views[id], case .slider(let old, let range, let step, let action)? = tree.node.node(at: index)?.kind,
              let frame = tree.layout.placed.first(where: { $0.index == index && $0.part == .node(.slider(value: old, range: range, step: step, action: action)) })?.frame
        else { return nil }
        let value = SliderTrack.value(atX: x, frame: frame, range: range, step: step)
        if value != old {
            var changed = tree.node
            changed.update(at: index) { $0.kind = .slider(value: value, range: range, step: step, action: action) }
            update(id, to: changed, animated: false)
        }
        return value
    }

    /// A press: on a slider of a view tree it starts a drag (true: the contact is the slider's
    /// until it is released); anything else goes to the input router.
    func treeContactDown(_ contact: InputContact, in routerKey: String?, at point: Point) -> Bool {
        guard let routerKey, let id = input.router.view(at: point, in: routerKey), case .tree(let tree)? = views[id],
              let local = treePoint(id, point), let control = tree.layout.control(at: local),
              case .node(.slider) = control.part, setSlider(id, index: control.index, toX: local.x) != nil else { return false }
        trees.drags[contact] = (id, control.index)
        _ = manager.apply([.hoverBegan(id)], now: clock())  // no countdown runs out under a dragging finger
        return true
    }

    /// True when `contact` drags a slider (which follows it).
    func treeContactMoved(_ contact: InputContact, to point: Point) -> Bool {
        guard let drag = trees.drags[contact] else { return false }
        if let local = treePoint(drag.view, point) { _ = setSlider(drag.view, index: drag.index, toX: local.x) }
        return true
    }

    /// The end of a slider drag reports the slider's value; false when `contact` dragged none.
    @discardableResult
    func treeContactEnded(_ contact: InputContact) -> Bool {
        guard let drag = trees.drags.removeValue(forKey: contact) else { return false }
        _ = manager.apply([.hoverEnded(drag.view)], now: clock())
        if case .slider(let value, _, _, let action)? = viewTree(of: drag.view)?.node(at: drag.index)?.kind {
            pendingClicks.append(ViewClick(view: drag.view, part: .viewAction(ViewAction(action: action, value: .number(value))),
                                            point: nil))
            focusTreeControl(drag.view, index: drag.index)
        }
        return true
    }

    // MARK: Keyboard

    /// Gives a tree's text field or slider the keyboard (through the inline-reply machinery: its
    /// container's surface takes the keyboard on demand, the view's countdown stops).
    func focusTreeControl(_ id: ViewID, index: Int) {
        guard !(reply.editing?.view == id && reply.treeIndex == index), let kind = viewTree(of: id)?.node(at: index)?.kind else { return }
        let text: String
        switch kind {
        case .textField(let field): text = field.text
        case .slider: text = ""
        default: return
        }
        if reply.editing != nil { endReply(clearing: false) }
        focusDrawerStop(id, index: index)
        reply.treeIndex = index
        reply.editing = (id, EditableText(text: text))
        manager.pauseAutoDismiss(id, now: clock())
        showReply(of: id, reply.editing!.field, focused: true)
    }

    /// What is typed shows in the tree's field (with its caret while it has the keyboard); a slider with
    /// the keyboard shows its ring.
    func showTreeField(_ id: ViewID, index: Int, _ field: EditableText, focused: Bool) {
        guard case .tree(var tree)? = views[id] else { return }
        if case .textField(var content)? = tree.node.node(at: index)?.kind, content.text != field.text {
            var node = tree.node
            content.text = field.text
            node.update(at: index) { $0.kind = .textField(content) }
            tree = trees.layouts.layout(node, proposal: tree.layout.proposal ?? .unspecified, reusing: tree)
        }
        let takesKeys = switch tree.node.node(at: index)?.kind {
        case .textField?, .slider?: true
        default: false
        }
        tree.focus = focused && takesKeys ? (index, field.caret) : nil
        setTree(tree, of: id, changed: true)
    }

    /// Enter in a tree's field reports its submit action with the text (which stays in the field).
    func treeFieldSubmitted(_ id: ViewID, index: Int, text: String) {
        reply.editing = (id, EditableText(text: text))  // the field's submit emptied it; the tree keeps it
        endReply(clearing: false)
        if case .textField(let field)? = viewTree(of: id)?.node(at: index)?.kind {
            pendingClicks.append(ViewClick(view: id, part: .viewAction(ViewAction(action: field.submitAction, value: .text(text))), point: nil))
        }
    }

    /// Keys for a focused slider: Left and Right move it by its step (else a twentieth of its
    /// range), Home and End to its ends, each reporting the value; Escape and Enter give the
    /// keyboard back. False when the control at `index` is not a slider.
    func treeSliderKey(_ key: EditableTextKey, view id: ViewID, index: Int) -> Bool {
        guard case .slider(let value, let range, let step, let action)? = viewTree(of: id)?.node(at: index)?.kind else { return false }
        let delta = SliderTrack.keyStep(range: range, step: step)
        let moved: Double
        switch key {
        case .left: moved = value - delta
        case .right: moved = value + delta
        case .home: moved = range.lowerBound
        case .end: moved = range.upperBound
        case .submit, .cancel:
            endReply(clearing: false)
            return true
        default: return true
        }
        let snapped = SliderTrack.snapped(moved, range: range, step: step)
        manager.pauseAutoDismiss(id, now: clock())
        guard snapped != value, var node = viewTree(of: id) else { return true }
        node.update(at: index) { $0.kind = .slider(value: snapped, range: range, step: step, action: action) }
        update(id, to: node, animated: false)
        pendingClicks.append(ViewClick(view: id, part: .viewAction(ViewAction(action: action, value: .number(snapped))), point: nil))
        return true
    }
}
