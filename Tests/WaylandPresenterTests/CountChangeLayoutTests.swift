// The "+N more" pill and a stack's header are trees made afresh for every frame; when only their
// count changed (and with it no size), they are placed as before instead of laid out again.
import OverlayEngine
import OverlayRenderer
import Testing
@testable import WaylandPresenter

@Suite struct CountChangeLayoutTests {
    private func column(grouping: Bool, groupMembers: Int? = nil) throws -> OverlayPresenter {
        let presenter = OverlayPresenter(display: nil, clock: { 10 })
        var config = ContainerConfiguration(name: "c", displayType: .vertical, queueType: .multiple)
        config.maximumVisible = 2
        config.overflow = .newest
        if grouping { config.groupThreshold = 3 }
        if let groupMembers { config.maximumGroupMembers = groupMembers }
        try presenter.register(config, placement: SurfacePlacement())
        return presenter
    }

    private func show(_ presenter: OverlayPresenter, _ count: Int, group: String? = nil) throws {
        var configuration = ViewConfiguration()
        configuration.groupKey = group
        for i in 0..<count {
            try presenter.show(ToastContent(summary: "n\(i)"), in: "c", configuration: configuration, animated: false)
        }
    }

    /// The pill as a frame asks for it: the count set by the render list, then its view.
    private func pill(_ presenter: OverlayPresenter) -> LaidOutView {
        let bounds = Rect(x: 0, y: 0, width: 360, height: 600)
        _ = presenter.withOverflowIndicator(presenter.manager.renderList(for: "c", size: bounds.size, now: 10), of: "c", in: bounds)
        return presenter.indicatorView(in: "c").tree
    }

    @Test func aNewCountOfThePillIsNotLaidOutAgain() throws {
        let presenter = try column(grouping: false)
        try show(presenter, 5)
        let before = pill(presenter)
        let layouts = presenter.trees.layouts.layoutsRun
        try show(presenter, 1)
        let after = pill(presenter)
        guard case .text(let label) = after.node.kind else { Issue.record("the pill is a text"); return }
        #expect(label.markup == "  +4 more")
        #expect(presenter.trees.layouts.layoutsRun == layouts, "placed as the pill of +3 was")
        #expect(after.layout.placed.map(\.frame) == before.layout.placed.map(\.frame))
        #expect(after.layout == presenter.trees.layouts.layout(after.node).layout, "where a layout places it")
    }

    @Test func aPillThatGrowsIsLaidOutAgain() throws {
        let presenter = try column(grouping: false)
        try show(presenter, 11)
        _ = pill(presenter)  // +9
        let layouts = presenter.trees.layouts.layoutsRun
        try show(presenter, 1)
        let after = pill(presenter)  // +10: a wider text
        #expect(presenter.trees.layouts.layoutsRun == layouts + 1)
        #expect(after.layout == presenter.trees.layouts.layout(after.node).layout)
    }

    @Test func aNewCountOfAStacksHeaderIsNotLaidOutAgain() throws {
        let presenter = try column(grouping: true)
        try show(presenter, 4, group: "chat")
        let header = try #require(presenter.manager.renderList(for: "c", size: Size(width: 360, height: 600), now: 10)
            .items.first { $0.id.isGroupHeader }?.id)
        let before = try #require(presenter.groupHeaderView(header, in: "c")).tree
        let layouts = presenter.trees.layouts.layoutsRun
        try show(presenter, 1, group: "chat")
        let after = try #require(presenter.groupHeaderView(header, in: "c")).tree
        #expect(after.node != before.node, "the count changed")
        #expect(presenter.trees.layouts.layoutsRun == layouts, "placed as the header of 4 was")
        #expect(after.layout == presenter.trees.layouts.layout(after.node).layout, "where a layout places it")
    }

    @Test func aFramesPillIsPlacedAsThePillWasWithTheHeaderAskedBetween() throws {
        // A full stack (3 members at most) under a flood: each newcomer hides the oldest member,
        // so the pill counts one more and the header stays as it was.
        let presenter = try column(grouping: true, groupMembers: 3)
        try show(presenter, 5, group: "chat")
        let header = try #require(presenter.manager.renderList(for: "c", size: Size(width: 360, height: 600), now: 10)
            .items.first { $0.id.isGroupHeader }?.id)
        // A frame asks for the pill, then the header: the header is the latest tree laid out.
        func frame() throws -> LaidOutView {
            let pill = pill(presenter)
            _ = try #require(presenter.groupHeaderView(header, in: "c"))
            return pill
        }
        let before = try frame()
        let layouts = presenter.trees.layouts.layoutsRun
        try show(presenter, 1, group: "chat")
        let after = try frame()
        #expect(after.node != before.node, "the pill counts one more")
        #expect(presenter.trees.layouts.layoutsRun == layouts)
        #expect(after.layout == presenter.trees.layouts.layout(after.node).layout)
    }
}
