import OverlayEngine
import OverlayRenderer

/// What the notification centre lists, given by the presenter's owner. Only rows on screen are
/// asked for their content.
public protocol CenterSource: AnyObject {
    /// Every entry the centre lists now.
    func centerEntries() -> [CenterEntry]
    /// What a row shows: the header bar, a group's heading (`group` is its name) or an entry.
    func centerContent(_ row: CenterRowRef, group: String?) -> ToastContent
    /// When the rows' texts change next (relative times), while the centre is open.
    func centerTextsChange(after now: Double) -> Double?
    /// The containers that show (or hold) the open notifications it lists: while the centre is
    /// open they are not drawn, their notifications being its rows.
    func listedContainers() -> Set<String>
    /// The source's own next deadline (snoozed notifications coming back).
    var nextDeadline: Double? { get }
    func advance(to now: Double)
}

/// The centre's state in the presenter: the list, which drawer shows it, and what the rows on
/// screen look like.
struct CenterPresentation {
    let name: String
    unowned let source: CenterSource
    var list = CenterList()
    /// The entries must be read again before the next frame.
    var stale = true
    /// The rows drawn lately, laid out (at most the rows on screen, emptied on every change).
    var contents: [ViewID: LaidOutView] = [:]
    var heights: CenterRowHeights?
    var style: ToastStyle?
    /// The next time the row texts change (only while open).
    var tick: Double?
    /// A press on the list: where it started and, once it scrolls, the last y.
    var press: (contact: InputContact, start: Point, lastY: Double?)?
    /// Where rows are laid out (surface-local), from the latest frame: presses there may scroll.
    var viewport = Rect.zero
    /// Entries showing their whole body (at most `maximumExpanded`; the oldest folds first).
    var expanded: [UInt32] = []

    static let maximumExpanded = 64
    /// Body lines of an expanded entry.
    static let expandedBodyLines = 12

    static let margin = 12.0
    static let gap = 8.0
}

extension OverlayPresenter {
    /// Makes drawer container `container` the notification centre, listing what `source` gives.
    public func setCenter(_ container: String, source: CenterSource) {
        center = CenterPresentation(name: container, source: source)
        centerOpen = nil
        centerChanged = true
    }

    /// The source's entries changed: read again before the next frame.
    public func invalidateCenter() {
        // Already stale and emptied (a flood's every effect asks again before the centre reads).
        guard center != nil, !(center!.stale && centerChanged && center!.contents.isEmpty) else { return }
        center!.stale = true
        center!.contents = [:]
        centerChanged = true
    }

    public var centerName: String? { center?.name }
    /// Open: on (or heading to) a notch above the lowest.
    public var isCenterOpen: Bool {
        if let known = centerOpen { return known }
        let open = (center?.name).map { drawers.drawers[$0]?.isOpen ?? false } ?? false
        centerOpen = open
        return open
    }
    public var centerList: CenterList? { center?.list }

    /// The containers not drawn while the centre is open: those whose notifications it lists,
    /// as the message trays of swaync and GNOME Shell hide their banners (never a drawer).
    func containersUnderCenter() -> Set<String> {
        guard isCenterOpen, let source = center?.source else { return [] }
        return source.listedContainers().filter { drawers.drawers[$0] == nil }
    }

    /// Opens, closes or (nil) toggles the centre.
    public func openCenter(_ open: Bool?) {
        guard let name = center?.name, let drawer = drawers.drawers[name]?.drawer else { return }
        let wanted = open ?? !isCenterOpen
        if wanted { invalidateCenter() }
        let notch = wanted ? drawer.enabledNotches.last! : drawer.enabledNotches.first!
        try? moveDrawer(name, toNotch: notch)
    }

    /// Shows an entry's whole body, or one line again.
    public func toggleCenterEntry(_ id: UInt32) {
        guard center != nil else { return }
        if let index = center!.expanded.firstIndex(of: id) {
            center!.expanded.remove(at: index)
        } else {
            center!.expanded.append(id)
            if center!.expanded.count > CenterPresentation.maximumExpanded { center!.expanded.removeFirst() }
        }
        invalidateCenter()
    }

    public func isCenterEntryExpanded(_ id: UInt32) -> Bool { center?.expanded.contains(id) ?? false }

    /// Scrolls the list (wheel, touchpad, tests).
    public func scrollCenter(by delta: Double) {
        guard center != nil else { return }
        center!.list.scroll(by: delta)
        centerChanged = true
    }

    // MARK: Time

    /// Runs the source's due work, and the minute tick of relative times.
    func advanceCenter(to now: Double) {
        guard let source = center?.source else { return }
        if let due = source.nextDeadline, due <= now { source.advance(to: now) }
        if let tick = center?.tick, tick <= now {
            center!.tick = nil
            center!.contents = [:]
            contentVersions[center!.name, default: 0] += 1
            centerChanged = true
        }
    }

    /// The centre's next deadline: the minute tick while it is open, and the source's.
    func centerDeadline(now: Double) -> Double? {
        guard center != nil else { return nil }
        if isCenterOpen {
            if center!.tick == nil { center!.tick = center!.source.centerTextsChange(after: now) }
        } else {
            center!.tick = nil
        }
        let own = center!.tick, source = center!.source.nextDeadline
        guard let own else { return source }
        return source.map { min($0, own) } ?? own
    }

    // MARK: Layout

    /// The rows meeting the viewport, under the header bar, in a drawer band of `size` (band-local;
    /// the band is at `origin` on the surface).
    func centerRenderList(size: Size, origin: Point) -> RenderList {
        guard var state = center else { return RenderList() }
        let margin = CenterPresentation.margin, gap = CenterPresentation.gap
        let width = max(1, size.width - 2 * margin)
        if state.style?.width != width || state.heights == nil {
            let style = Self.centerStyle(toastStyle(in: state.name), width: width)
            state.style = style
            state.heights = measureRows(style)
            state.stale = true
        }
        if state.stale {
            var entries = state.source.centerEntries()
            if !state.expanded.isEmpty {
                var style = state.style!
                style.showsCloseButton = true
                style.bodyMaxLines = CenterPresentation.expandedBodyLines
                for i in entries.indices where state.expanded.contains(entries[i].id) {
                    let content = state.source.centerContent(.entry(entries[i].id), group: nil)
                    entries[i].height = (centerRow(content, style: style).size.height + gap).rounded(.up)
                }
            }
            state.list.setEntries(entries, heights: state.heights!)
            state.contents = [:]
            state.stale = false
            contentVersions[state.name, default: 0] += 1
        }
        let header = state.heights!.header
        let top = margin + header
        state.viewport = Rect(x: origin.x + margin, y: origin.y + top, width: width, height: max(0, size.height - top - margin))
        state.list.viewportHeight = state.viewport.height
        var items: [RenderItem] = []
        let list = state.list
        for i in list.visibleRange {
            let y = top + list.top(of: i) - list.offset
            let row = list.rows[i]
            items.append(RenderItem(id: row.id, frame: Rect(x: margin, y: y, width: width, height: row.height - gap),
                                    z: i + 1, backgroundOpacity: 0))
        }
        items.append(RenderItem(id: CenterRowID.header, frame: Rect(x: margin, y: margin, width: width,
                                                                     height: header - gap),
                                z: .max - 1, backgroundOpacity: 0))
        center = state
        return RenderList(items: items, contentBounds: Rect(origin: .zero, size: size),
                          clipRect: Rect(x: 0, y: margin, width: size.width, height: max(0, size.height - 2 * margin)))
    }

    /// Rows show one line of summary and one of body.
    static func centerStyle(_ base: ToastStyle, width: Double) -> ToastStyle {
        var style = base
        style.width = width
        style.summaryMaxLines = 1
        style.bodyMaxLines = 1
        style.shadow = nil
        return style
    }

    /// Row heights from the style: the header bar with its buttons, a heading, an entry with its icon,
    /// and an entry with a row of buttons.
    private func measureRows(_ style: ToastStyle) -> CenterRowHeights {
        let gap = CenterPresentation.gap
        var entry = style
        entry.showsCloseButton = true
        func height(_ content: ToastContent, _ style: ToastStyle) -> Double {
            (centerRow(content, style: style).size.height + gap).rounded(.up)
        }
        // Entries are measured with an icon (a 1×1 image always loads): the tallest they draw.
        let pixel = ImageSource.raw(RawImage(width: 1, height: 1, rowstride: 4, hasAlpha: true, channels: 4, bytes: [0, 0, 0, 0]))
        let sample = ToastContent(summary: "Summary", body: "Body", icon: pixel)
        var buttons = sample
        buttons.actions = [(key: "a", label: "Action")]
        return CenterRowHeights(header: height(ToastContent(summary: "Notifications", body: "0 open",
                                                            actions: [(key: "a", label: "Clear all")]), style),
                                group: height(ToastContent(summary: "App"), entry),
                                entry: height(sample, entry),
                                entryWithButtons: height(buttons, entry))
    }

    /// What a centre row draws, laid out; nil for ids that are not its rows.
    func centerView(_ id: ViewID) -> PaintedView? {
        guard let state = center, let ref = CenterRowID.decode(id), var style = state.style else { return nil }
        if let known = state.contents[id] { return PaintedView(tree: known) }
        if ref != .header { style.showsCloseButton = true }  // entries and headings: their clear button
        if case .entry(let entry) = ref, state.expanded.contains(entry) { style.bodyMaxLines = CenterPresentation.expandedBodyLines }
        var group: String?
        if case .group(let index) = ref, index < state.list.groups.count { group = state.list.groups[index] }
        let row = centerRow(state.source.centerContent(ref, group: group), style: style)
        if state.contents.count >= Self.centerContentLimit { center!.contents = [:] }
        center!.contents[id] = row
        return PaintedView(tree: row)
    }

    /// A row's content drawn through the `default` template in `style` (an empty row past the caps).
    private func centerRow(_ content: ToastContent, style: ToastStyle) -> LaidOutView {
        (try? trees.layouts.layoutTemplate(TemplatedToast(template: BuiltInTemplates.standard, content: content), style: style))
            ?? trees.layouts.layout(VStack {})
    }

    /// The focused entry's frame (surface-local, in the drawer band at `origin`).
    func centerFocusRing(in list: RenderList) -> Rect? {
        guard let id = center?.list.focusedEntry else { return nil }
        return list.items.first { $0.id == CenterRowID.entry(id) }?.visualFrame
    }

    // MARK: Input

    /// A key on the centre: list keys move the focus and scroll; Enter and Delete reach the
    /// owner as clicks on the focused entry (its body, its clear button); Escape closes.
    /// False for keys the centre leaves to the drawer.
    func centerKeyPressed(_ code: UInt32, in drawer: String) -> Bool {
        guard center?.name == drawer, let key = CenterKey(evdevCode: code) else { return false }
        switch center!.list.keyPressed(key) {
        case .close?: openCenter(false)
        case .activate(let id)?: pendingClicks.append(ViewClick(view: CenterRowID.entry(id), part: .body, point: nil))
        case .clear(let id)?: pendingClicks.append(ViewClick(view: CenterRowID.entry(id), part: .closeButton, point: nil))
        case nil: break
        }
        centerChanged = true
        return true
    }

    /// A press on the centre's surface: it may become a vertical drag of the list.
    func centerContactDown(_ contact: InputContact, in drawer: String, at point: Point) {
        guard center?.name == drawer, center!.viewport.contains(point) else { return }
        center!.press = (contact, point, nil)
    }

    /// True when the move scrolls the list (the drawer's own press is then cancelled: no tap,
    /// no drawer drag).
    func centerContactMoved(_ contact: InputContact, to point: Point, time: Double) -> Bool {
        guard let press = center?.press, press.contact == contact else { return false }
        if press.lastY == nil {
            let dx = point.x - press.start.x, dy = point.y - press.start.y
            guard abs(dy) > CenterList.dragSlop, abs(dy) > abs(dx) else { return false }
            drawers.contactCancelled(contact, time: time)
            center!.press!.lastY = press.start.y
        }
        center!.list.scroll(by: center!.press!.lastY! - point.y)
        center!.press!.lastY = point.y
        centerChanged = true
        return true
    }

    func centerContactEnded(_ contact: InputContact) {
        if center?.press?.contact == contact { center!.press = nil }
    }

    /// A wheel or touchpad scroll over the centre's surface; false elsewhere.
    func centerScrolled(on surface: OpaquePointer?, by value: Double) -> Bool {
        guard let drawer = drawerSurface(surface), drawer.name == center?.name else { return false }
        scrollCenter(by: value * Self.centerScrollFactor)
        return true
    }

    /// Row contents kept between frames (more than a tall output shows).
    static let centerContentLimit = 256

    /// Points per unit of wl_pointer axis value (a wheel notch is 15 units on sway).
    static let centerScrollFactor = 3.0
}
