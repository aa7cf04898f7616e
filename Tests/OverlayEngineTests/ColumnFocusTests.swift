import Testing
import PropertyBased
@testable import OverlayEngine

/// Keyboard focus on a column of toasts: Tab order across toasts and their buttons, wrapping,
/// arrows, Enter, Delete, Escape and views going away.
@Suite struct ColumnFocusTests {
    let a = ViewID(1), b = ViewID(2), c = ViewID(3)

    /// b (newest, on top) with actions "yes" and "no"; a with "open" and a close button.
    var column: [ColumnFocusItem] {
        [ColumnFocusItem(view: b, actions: ["yes", "no"]), ColumnFocusItem(view: a, actions: ["open"], closeButton: true)]
    }

    func focused(on view: ViewID = ViewID(2)) -> ColumnFocus {
        var focus = ColumnFocus()
        let began = focus.begin(in: "notifications", items: column, at: view)
        #expect(began)
        return focus
    }

    @Test func nothingToFocusGivesNoFocus() {
        var focus = ColumnFocus()
        let began = focus.begin(in: "notifications", items: [], at: nil)
        #expect(!began)
        #expect(!focus.isActive && focus.focused == nil)
        let action = focus.keyPressed(.enter)
        #expect(action == nil)
    }

    @Test func beginsOnTheViewAskedForElseTheFirst() {
        #expect(focused(on: a).focused == ColumnFocusStop(view: a, part: .view))
        #expect(focused(on: ViewID(99)).focused == ColumnFocusStop(view: b, part: .view))
        #expect(focused().container == "notifications")
    }

    @Test func tabGoesThroughEveryToastAndButtonAndWraps() {
        var focus = focused()
        var seen = [focus.focused!]
        for _ in 0..<6 {
            let action = focus.keyPressed(.tab)
            #expect(action == nil)
            seen.append(focus.focused!)
        }
        #expect(seen == [.init(view: b, part: .view), .init(view: b, part: .action("yes")), .init(view: b, part: .action("no")),
                         .init(view: a, part: .view), .init(view: a, part: .action("open")), .init(view: a, part: .closeButton),
                         .init(view: b, part: .view)])
        _ = focus.keyPressed(.backTab)
        #expect(focus.focused == ColumnFocusStop(view: a, part: .closeButton), "Shift+Tab wraps round to the last toast's close button")
    }

    @Test func upAndDownMoveBetweenToastsAndWrap() {
        var focus = focused()
        _ = focus.keyPressed(.right)
        _ = focus.keyPressed(.down)
        #expect(focus.focused == ColumnFocusStop(view: a, part: .view), "Down goes to the next toast itself")
        _ = focus.keyPressed(.down)
        #expect(focus.focused == ColumnFocusStop(view: b, part: .view), "and wraps")
        _ = focus.keyPressed(.up)
        #expect(focus.focused == ColumnFocusStop(view: a, part: .view), "Up wraps to the last")
    }

    @Test func leftAndRightStayWithinTheToast() {
        var focus = focused()
        _ = focus.keyPressed(.left)
        #expect(focus.focused == ColumnFocusStop(view: b, part: .view), "nothing before the toast itself")
        for _ in 0..<5 { _ = focus.keyPressed(.right) }
        #expect(focus.focused == ColumnFocusStop(view: b, part: .action("no")), "nothing after its last button")
        _ = focus.keyPressed(.left)
        #expect(focus.focused == ColumnFocusStop(view: b, part: .action("yes")))
    }

    @Test func rightToLeftToastsMirrorTheArrows() {
        var focus = ColumnFocus()
        _ = focus.begin(in: "n", items: [ColumnFocusItem(view: a, actions: ["first", "second"], rightToLeft: true)], at: a)
        _ = focus.keyPressed(.left)
        #expect(focus.focused == ColumnFocusStop(view: a, part: .action("first")), "the first action is drawn left of the toast's start")
        _ = focus.keyPressed(.right)
        #expect(focus.focused == ColumnFocusStop(view: a, part: .view))
    }

    @Test func enterDoesWhatAClickOnTheFocusedPartDoes() {
        var focus = focused()
        var action = focus.keyPressed(.enter)
        #expect(action == .activate(b))
        _ = focus.keyPressed(.tab)
        action = focus.keyPressed(.enter)
        #expect(action == .invoke(b, action: "yes"))
        _ = focus.keyPressed(.tab)
        action = focus.keyPressed(.enter)
        #expect(action == .invoke(b, action: "no"))
        for _ in 0..<3 { _ = focus.keyPressed(.tab) }
        #expect(focus.focused?.part == .closeButton)
        action = focus.keyPressed(.enter)
        #expect(action == .dismiss(a), "Enter on the close button closes")
        #expect(focus.focused == ColumnFocusStop(view: b, part: .view), "the focus moves to the one left")
    }

    @Test func deleteDismissesAndTheFocusMovesToTheNextToast() {
        var focus = focused()
        _ = focus.keyPressed(.right)
        var action = focus.keyPressed(.delete)
        #expect(action == .dismiss(b), "Delete closes the toast whichever of its parts has focus")
        #expect(focus.focused == ColumnFocusStop(view: a, part: .view))
        action = focus.setItems([column[1]])
        #expect(action == nil)
        #expect(focus.focused == ColumnFocusStop(view: a, part: .view))
        action = focus.keyPressed(.delete)
        #expect(action == .dismiss(a))
        #expect(focus.focused == nil && focus.isActive, "nothing focused until the column is drawn empty")
        action = focus.setItems([])
        #expect(action == .release, "then the focus is released")
        #expect(!focus.isActive)
    }

    @Test func escapeReleases() {
        var focus = focused()
        var action = focus.keyPressed(.escape)
        #expect(action == .release)
        #expect(!focus.isActive && focus.focused == nil && focus.items.isEmpty)
        action = focus.keyPressed(.escape)
        #expect(action == nil, "only once")
    }

    @Test func aFocusedViewThatGoesAwayPassesTheFocusOn() {
        var focus = ColumnFocus()
        let three = [a, b, c].map { ColumnFocusItem(view: $0, actions: ["x"]) }
        _ = focus.begin(in: "n", items: three, at: b)
        var action = focus.setItems([three[0], three[2]])
        #expect(action == nil)
        #expect(focus.focused == ColumnFocusStop(view: c, part: .view), "the one after it")
        action = focus.setItems([three[0]])
        #expect(action == nil)
        #expect(focus.focused == ColumnFocusStop(view: a, part: .view), "else the one before")
        action = focus.setItems([])
        #expect(action == .release, "the column emptied")
    }

    @Test func aFocusedButtonThatGoesAwayLeavesTheFocusOnItsToast() {
        var focus = focused()
        _ = focus.keyPressed(.tab)
        _ = focus.keyPressed(.tab)
        #expect(focus.focused == ColumnFocusStop(view: b, part: .action("no")))
        _ = focus.setItems([ColumnFocusItem(view: b, actions: ["yes"]), column[1]])
        #expect(focus.focused == ColumnFocusStop(view: b, part: .view))
    }

    @Test(arguments: [(UInt32(15), false, ColumnKey.tab), (15, true, .backTab), (103, false, .up), (108, false, .down),
                      (105, false, .left), (106, false, .right), (28, false, .enter), (96, false, .enter),
                      (111, false, .delete), (1, false, .escape)])
    func evdevCodes(code: UInt32, shift: Bool, key: ColumnKey) {
        #expect(ColumnKey(evdevCode: code, shift: shift) == key)
    }

    @Test func otherKeysAreNotTheColumns() {
        #expect(ColumnKey(evdevCode: 30, shift: false) == nil)  // KEY_A
    }

    /// Random keys and random columns: the focus is always on a stop of a view drawn now, or
    /// released; a release comes exactly when the focus ends.
    @Test func theFocusIsAlwaysOnAStopThatExists() async {
        let steps = zip(Gen.int(in: 0...11), Gen.int(in: 0...63)).array(of: 1...60)
        await propertyCheck(count: 300, input: steps) { raw in
            var focus = ColumnFocus()
            func column(_ mask: Int) -> [ColumnFocusItem] {
                (0..<6).filter { mask & (1 << $0) != 0 }.map {
                    ColumnFocusItem(view: ViewID(UInt64($0 + 1)), actions: Array(["a", "b", "c"].prefix($0 % 4)),
                                    closeButton: $0 % 2 == 0, rightToLeft: $0 == 3)
                }
            }
            _ = focus.begin(in: "n", items: column(63), at: nil)
            let keys: [ColumnKey] = [.tab, .backTab, .up, .down, .left, .right, .enter, .delete, .escape]
            var dismissedLast = false
            for (kind, value) in raw {
                let wasActive = focus.isActive
                let action = kind < keys.count ? focus.keyPressed(keys[kind]) : focus.setItems(column(value))
                if kind >= keys.count { dismissedLast = false }
                if action == .release { #expect(wasActive && !focus.isActive) }
                if !focus.isActive {
                    #expect(focus.focused == nil)
                    _ = focus.begin(in: "n", items: column(value), at: nil)
                    dismissedLast = false
                    continue
                }
                if let stop = focus.focused {
                    let stops = focus.items.flatMap(\.stops)
                    #expect(stops.contains(stop), "\(stop) not in \(stops)")
                    if case .dismiss(let view)? = action { #expect(view != stop.view, "the focus left the view dismissed") }
                } else {
                    // Only after the last view was dismissed, until the column is drawn again.
                    if case .dismiss? = action { dismissedLast = true }
                    #expect(dismissedLast, "no focus without a dismiss: \(String(describing: action))")
                }
            }
        }
    }
}
