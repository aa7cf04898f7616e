import OverlayEngine
import OverlayRenderer
@testable import WaylandPresenter
import XCTest

/// The "+N more" pill: below a top-anchored column (above a bottom-anchored one), counting the
/// hidden and waiting views, gone when there are none or when it is turned off.
final class OverflowIndicatorTests: XCTestCase {
    func column(alignment: Alignment, maximumVisible: Int = 2) throws -> OverlayPresenter {
        let presenter = OverlayPresenter(display: nil, clock: { 10 })
        var config = ContainerConfiguration(name: "c", displayType: .vertical, queueType: .multiple)
        config.maximumVisible = maximumVisible
        config.overflow = .newest
        config.spacing = 10
        config.defaults.alignment = alignment
        try presenter.register(config, placement: SurfacePlacement())
        return presenter
    }

    func show(_ presenter: OverlayPresenter, _ count: Int) throws {
        for i in 0..<count { try presenter.show(ToastContent(summary: "n\(i)"), in: "c", animated: false) }
    }

    func list(_ presenter: OverlayPresenter) -> RenderList {
        let bounds = Rect(x: 0, y: 0, width: 360, height: 600)
        let list = presenter.manager.renderList(for: "c", size: bounds.size, now: 10)
        return presenter.withOverflowIndicator(list, of: "c", in: bounds)
    }

    func testThePillSitsBelowATopColumnAndCountsTheHiddenViews() throws {
        let presenter = try column(alignment: .topTrailing)
        try show(presenter, 2)
        XCTAssertFalse(list(presenter).items.contains { $0.id == .overflowIndicator }, "nothing hidden: no pill")
        try show(presenter, 3)
        let items = list(presenter).items
        let pill = try XCTUnwrap(items.first { $0.id == .overflowIndicator })
        let lowest = items.filter { $0.id != .overflowIndicator }.map(\.frame.maxY).max()!
        XCTAssertEqual(pill.frame.minY, lowest + 10, "one spacing below the column")
        XCTAssertEqual(pill.frame.maxX, 360, "trailing, like the column")
        guard case .text(let label) = presenter.indicatorView(in: "c").tree.node.kind else { return XCTFail("the pill is a text") }
        XCTAssertEqual(label.markup, "  +3 more")
        presenter.setToastLook(ToastLook(overflowIndicator: false), for: "c")
        XCTAssertFalse(list(presenter).items.contains { $0.id == .overflowIndicator }, "turned off")
    }

    func testThePillSitsAboveABottomColumn() throws {
        let presenter = try column(alignment: .bottomLeading)
        try show(presenter, 4)
        let items = list(presenter).items
        let pill = try XCTUnwrap(items.first { $0.id == .overflowIndicator })
        let highest = items.filter { $0.id != .overflowIndicator }.map(\.frame.minY).min()!
        XCTAssertEqual(pill.frame.maxY, highest - 10)
        XCTAssertEqual(pill.frame.minX, 0)
        XCTAssertEqual(presenter.clickedPart(of: .overflowIndicator, at: Point(x: 1, y: 1)), .overflowIndicator)
    }

    /// A bottom-anchored column too short for its views: the oldest are left out, the pill counts
    /// them and sits above the highest view drawn, inside the surface.
    func testThePillCountsTheViewsPastTheFarEdgeAndFitsAboveThem() throws {
        let presenter = try column(alignment: .bottomLeading, maximumVisible: 10)
        try show(presenter, 8)
        let bounds = Rect(x: 0, y: 0, width: 360, height: 300)
        let engineList = presenter.manager.renderList(for: "c", size: bounds.size, overflowRoom: presenter.overflowRoom(in: "c"), now: 10)
        XCTAssertGreaterThan(engineList.beyondEdge, 0, "eight toasts do not fit in 300 points")
        XCTAssertEqual(engineList.items.count + engineList.beyondEdge, 8)
        let items = presenter.withOverflowIndicator(engineList, of: "c", in: bounds).items
        let pill = try XCTUnwrap(items.first { $0.id == .overflowIndicator })
        guard case .text(let label) = presenter.indicatorView(in: "c").tree.node.kind else { return XCTFail("the pill is a text") }
        XCTAssertEqual(label.markup, "  +\(engineList.beyondEdge) more")
        let highest = items.filter { $0.id != .overflowIndicator }.map(\.frame.minY).min()!
        XCTAssertEqual(pill.frame.maxY, highest - 10)
        XCTAssertGreaterThanOrEqual(pill.frame.minY, 0, "inside the surface")
    }

    /// The pill is as wide as its label: the label, at its natural width plus the padding, fits
    /// the pill whatever the count, so "+400 more" is not cut to "+400…".
    func testThePillIsWideEnoughForItsWholeLabel() throws {
        let presenter = try column(alignment: .topTrailing)
        var shown = 0
        for hidden in [3, 40, 400, 1000] {  // 1000: `maximumHidden`
            try show(presenter, hidden + 2 - shown)
            shown = hidden + 2
            let pill = try XCTUnwrap(list(presenter).items.first { $0.id == .overflowIndicator })
            guard case .text(let label) = presenter.indicatorView(in: "c").tree.node.kind else { return XCTFail("the pill is a text") }
            XCTAssertEqual(label.markup, "  +\(hidden) more")
            let natural = PangoTextMeasurer().measure(label, proposedWidth: nil).width
            XCTAssertLessThanOrEqual(natural + 8, pill.frame.width, "\(hidden) hidden: the label fits the pill")
        }
    }
}
