#if canImport(Glibc)
import Glibc
#endif
import OverlayEngine
import OverlayRenderer

// A view tree from any client of the session bus (`ShowView`, `UpdateView`, `show --view`): decoded
// within `ViewLimits`, laid out by Pango and drawn small; and a second tree (after a line "---")
// shown in its place, as an update does: patched where only values changed, laid out reusing the
// first, its move from the first drawn half way. Also checked: encoding a tree and decoding the
// text gives the same tree; a patch and a reusing layout place parts as a fresh layout does;
// every size and frame is finite and not negative.

/// The system's icon themes stay out: a tree naming an icon would index them again on every run.
let noSystemIcons: Void = {
    for key in ["HOME", "XDG_DATA_HOME", "XDG_DATA_DIRS"] { setenv(key, "/nonexistent", 1) }
}()

nonisolated(unsafe) let trees = ViewTreeRenderer()
nonisolated(unsafe) let canvases = [Canvas(pixelWidth: 96, pixelHeight: 64, scale: 1),
                                    Canvas(pixelWidth: 192, pixelHeight: 128, scale: 2)]
let proposal = ProposedSize(width: 96, height: 64)

func decoded(_ json: Substring) -> ViewNode? {
    guard let node = try? ViewNode(json: String(json)) else { return nil }
    let again: ViewNode
    do { again = try ViewNode(json: node.json) } catch { preconditionFailure("its encoding does not decode: \(error)\n\(node.json)") }
    precondition(again == node, "encoded and decoded, the tree differs:\n\(node.json)\n\(again.json)")
    return node
}

func checked(_ layout: ViewLayoutResult) -> ViewLayoutResult {
    func sane(_ size: Size) -> Bool { size.width.isFinite && size.height.isFinite && size.width >= 0 && size.height >= 0 }
    precondition(sane(layout.size), "size \(layout.size)")
    for part in layout.placed {
        precondition(sane(part.frame.size) && part.frame.minX.isFinite && part.frame.minY.isFinite, "part \(part.index): \(part.frame)")
    }
    return layout
}

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzViewTree(_ data: UnsafePointer<UInt8>?, _ size: Int) -> Int32 {
    _ = noSystemIcons
    let text = String(decoding: UnsafeBufferPointer(start: data, count: size), as: UTF8.self)
    let documents = text.split(separator: "\n---\n", maxSplits: 1, omittingEmptySubsequences: false)
    guard let first = decoded(documents[0]) else { return 0 }
    let canvas = canvases[size % 2]
    let shown = trees.layout(first, proposal: proposal)
    _ = checked(shown.layout)
    _ = checked(trees.layout(first).layout)  // its ideal size
    canvas.clear()
    trees.draw(shown, on: canvas)

    guard documents.count > 1, let second = decoded(documents[1]) else { return 0 }
    let fresh = checked(trees.layout(second, proposal: proposal).layout)
    precondition(trees.layout(second, proposal: proposal, reusing: shown).layout == fresh, "laid out reusing the first, placed otherwise")
    if let changes = second.valueChanges(from: first) {
        precondition(first.applying(changes) == second, "the value changes do not make the second tree")
        if let patched = trees.patch(shown, with: changes) {
            precondition(patched.layout == fresh, "patched, placed otherwise than laid out afresh")
        }
    }
    let halfway = LaidOutView(node: second, layout: checked(fresh.interpolating(from: shown.layout, progress: 0.5)))
    canvas.clear()
    trees.draw(halfway, on: canvas)
    return 0
}
