// The example views as the daemon lays them out (Pango's measurements, at their ideal size as a
// container shows them): docs/examples/menu.json, the example config's control centre, and the
// dialog docs/VIEWS.md shows with its `[containers.dialogs]` config. Every text stays on one
// line, never cut or broken, and the menu's buttons fill equal columns.
import Foundation
import Testing
import OverlayConfig
import OverlayEngine
import OverlayRenderer
@testable import overlay_wl

@Suite struct ExampleViewLayoutTests {
    static var repo: String {
        var path = #filePath
        for _ in 0..<3 { path = (path as NSString).deletingLastPathComponent }
        return path
    }

    let measurer = PangoTextMeasurer()

    /// The nodes `layout` placed whose kind `matches`.
    func parts(_ layout: ViewLayoutResult, _ matches: (ViewKind) -> Bool) -> [PlacedView] {
        layout.placed.filter { if case .node(let kind) = $0.part { matches(kind) } else { false } }
    }

    /// Every text of `layout` (that `include` takes) is one line of its ideal width: not wrapped,
    /// broken or cut.
    func expectTextsOnOneLine(_ layout: ViewLayoutResult, _ name: String, where include: (PlacedView) -> Bool = { _ in true }) {
        for part in layout.placed where include(part) {
            guard case .node(.text(let content)) = part.part else { continue }
            let line = measurer.measure(content, proposedWidth: nil)
            #expect(part.frame.height == line.height, "\(name): '\(content.markup)' takes more than one line: \(part.frame)")
            #expect(part.frame.width >= line.width - 0.01, "\(name): '\(content.markup)' is cut: \(part.frame), needs \(line.width)")
        }
    }

    @Test func theControlCentresLabelsKeepOneLineInButtonsOfEqualWidth() throws {
        let path = Self.repo + "/docs/config.example.toml"
        let config = try ConfigRuntime.parser.parse(try String(contentsOfFile: path, encoding: .utf8), file: path)
        let spec = try #require(config.container(named: "controls"))
        let tree = try DrawerMenus.read(try #require(spec.drawerView), for: "controls", configPath: path)
        let band = try #require(spec.drawer?.notches.compactMap { if case .points(let p) = $0.height { p } else { nil } }.max())
        // As a container lays it out (its ideal size), and offered the drawer's whole band.
        for proposal in [ProposedSize.unspecified, ProposedSize(width: band, height: nil)] {
            let layout = ViewLayout.layout(tree, proposal: proposal, measuring: measurer)
            #expect(layout.size.width <= band, "the menu fits the open drawer")
            expectTextsOnOneLine(layout, "menu.json")
            let buttons = parts(layout) { if case .button = $0 { true } else { false } }
            #expect(buttons.count == 6)
            let grid = try #require(layout.placed.first { $0.index == buttons.first?.parent })
            guard case .node(.grid(let columns, let spacing, _)) = grid.part else { Issue.record("buttons outside a grid"); continue }
            let column = (grid.frame.width - spacing * Double(columns.count - 1)) / Double(columns.count)
            for button in buttons {
                #expect(abs(button.frame.width - column) < 0.01, "each button fills its column: \(button.frame), column \(column)")
            }
            let toggle = try #require(parts(layout) { if case .toggle = $0 { true } else { false } }.first)
            let row = try #require(layout.placed.first { $0.index == toggle.parent })
            #expect(abs(row.frame.maxX - grid.frame.maxX) < 0.01, "the toggle at the trailing edge")
        }
    }

    /// The fenced blocks of `language` in docs/VIEWS.md's "Showing a view", in order.
    func docsBlocks(_ language: String) throws -> [String] {
        let docs = try String(contentsOfFile: Self.repo + "/docs/VIEWS.md", encoding: .utf8)
        let section = try #require(docs.range(of: "\n## Showing a view\n"), "docs/VIEWS.md: no Showing a view")
        var blocks: [String] = [], rest = section.upperBound..<docs.endIndex
        while let start = docs.range(of: "\n```" + language + "\n", range: rest),
              let end = docs.range(of: "\n```\n", range: start.upperBound..<docs.endIndex) {
            blocks.append(String(docs[start.upperBound..<end.lowerBound]) + "\n")
            rest = end.upperBound..<docs.endIndex
        }
        return blocks
    }

    /// The container the examples show in (its config shown before them), the dialog they show
    /// (`confirm.json`, the first JSON block) and the one it is updated to (`confirm-step2.json`).
    @Test func theDialogOfTheViewDocsHasItsContainerAndLaysOutCleanly() throws {
        let toml = try #require(try docsBlocks("toml").first { $0.contains("[containers.dialogs]") })
        let config = try ConfigRuntime.parser.parse(toml, file: "VIEWS.md")
        let dialogs = try #require(config.container(named: "dialogs"), "the examples' container")
        #expect(dialogs.configuration.queueType == .oneByOne)
        let json = try docsBlocks("json")
        try #require(json.count >= 2, "confirm.json and confirm-step2.json in full")
        let confirm = try ViewNode(json: json[0]), step2 = try ViewNode(json: json[1])
        #expect(confirm.controlActions == ["cancel", "ok"])
        let sh = try docsBlocks("sh").first ?? ""
        #expect(sh.contains("--container dialogs --view confirm.json") && sh.contains("--view confirm-step2.json"), "\(sh)")
        for (name, tree) in [("confirm.json", confirm), ("confirm-step2.json", step2)] {
            let layout = ViewLayout.layout(tree, measuring: measurer)
            // The title (the first text) and the buttons' labels; the sentence may wrap.
            let title = layout.placed.first { if case .node(.text) = $0.part { true } else { false } }?.index
            expectTextsOnOneLine(layout, name) { part in
                part.index == title || layout.placed.contains { if case .node(.button) = $0.part { $0.index == part.parent } else { false } }
            }
            #expect(layout.size.width <= Double(dialogs.placement.width), "\(name) fits the container's surface")
            #expect(layout.size.height <= Double(dialogs.placement.height), "\(name) fits the container's surface")
        }
        let layout = ViewLayout.layout(confirm, measuring: measurer)
        let buttons = parts(layout) { if case .button = $0 { true } else { false } }
        #expect(abs((buttons.last?.frame.maxX ?? 0) - (layout.size.width - 16)) < 0.01, "the buttons at the trailing edge, inside the padding")
    }
}
