import OverlayEngine
import OverlayRenderer

/// One container's layer surface: draws the engine's render list into double-buffered shm.
final class ContainerSurface {
    let surface: LayerSurface
    /// Kept by the presenter for the container's next surface once this one goes.
    let buffers: BufferPair
    private let display: WaylandDisplay
    /// What the last presented frame showed, to skip redraws that would change nothing.
    private var lastDrawn: (list: RenderList, contentVersion: Int, scale: SurfaceScale, decor: DrawerDecor?,
                            ring: FocusRing?, size: (width: Int, height: Int))?
    /// An animation is running but its last frame changed nothing on this surface (an identity
    /// transition, a view at rest while the layout weight settles): nothing was committed, so no
    /// frame callback comes, and the presenter wakes itself for the next frame instead.
    private(set) var awaitsAnimationTick = false
    /// Frames while views pour in (BurstPacing.swift).
    private(set) var pacing = BurstPacing()
    /// The items of the last presented frame, for `RepaintRegion`.
    private var lastItems: [ViewID: DrawnItem] = [:]
    /// The shared "render list → canvas" step (also used by `overlay-wl render`).
    let painter: RenderListPainter
    /// Ink of the last few presented frames, and which frame each buffer last showed.
    private var inkHistory: [(frame: Int, ink: [Rect])] = []
    private var bufferFrames: [ObjectIdentifier: (frame: Int, size: (Int, Int))] = [:]
    private var frameCounter = 0
    /// A frame drawn before it is due (`drawAhead`), presented when it is if nothing changed.
    private var ahead: FrameDrawnAhead?
    /// Frames drawn ahead so far: drawn, then presented when due or dropped.
    private(set) var framesAhead = (drawn: 0, presented: 0, dropped: 0)
    /// What `.blur` backgrounds frost (FrostedBackdropCapture.swift).
    private let backdrop = FrostedBackdropCapture()
    /// The compositor's own blur behind this surface, when it offers one (CompositorBlur.swift).
    private var compositorBlur: SurfaceBlur?
    private weak var output: Output?
    /// The preferred fractional scale and the viewport, where the compositor offers both.
    private let fractional: FractionalScale?

    /// `trees` is the presenter's: text measured for layout is drawn from the same caches, and a
    /// new surface starts with icons, pictures and text already loaded. `buffers`: a previous
    /// surface's, reclaimed; else new ones.
    init(display: WaylandDisplay, placement: SurfacePlacement, output: Output?, namespace: String,
         trees: ViewTreeRenderer, buffers: BufferPair? = nil) {
        self.display = display
        painter = RenderListPainter(trees: trees)
        self.output = output
        surface = LayerSurface(display: display, placement: placement, output: output, namespace: namespace)
        self.buffers = buffers ?? BufferPair(shm: display.shm)
        fractional = FractionalScale(display: display, surface: surface.wlSurface)
        fractional?.onChange = { [unowned self] in surface.requestRedraw() }
        backdrop.onChange = { [unowned self] in
            lastDrawn = nil
            surface.requestRedraw()
        }
        compositorBlur = display.compositorBlur?.blur(for: surface.wlSurface)
    }

    deinit { compositorBlur = nil }  // before the wl_surface it belongs to

    /// Where `.blur` backgrounds get their blur now.
    var blurSourceChoice: BlurSourceChoice {
        .choose(compositorBlur: compositorBlur != nil && display.compositorBlur != nil, screencopy: display.screenCopy != nil)
    }

    /// The output under the surface and the surface's logical rectangle on it.
    private func regionOnOutput() -> (output: Output, x: Int, y: Int, width: Int, height: Int)? {
        let entered = display.outputs.first { surface.enteredOutputs.contains($0.proxy) }
        guard let output = entered ?? output ?? display.outputs.first, output.pixelWidth > 0 else { return nil }
        let size = surface.size, scale = Int(max(1, output.scale))
        let origin = surface.placement.origin(size: size, output: (Int(output.pixelWidth) / scale, Int(output.pixelHeight) / scale))
        return (output, origin.x, origin.y, size.width, size.height)
    }

    var logicalSize: Size { Size(width: Double(surface.size.width), height: Double(surface.size.height)) }
    var bounds: Rect { Rect(origin: .zero, size: logicalSize) }

    /// The size the first configure should grant: the size asked for, the output's extent
    /// within the margins on a stretched axis. Nil without an output to go by.
    var expectedLogicalSize: Size? {
        guard let output = output ?? display.outputs.first, output.pixelWidth > 0 else { return nil }
        let scale = Int(max(1, output.scale)), p = surface.placement, m = p.margins
        func length(_ asked: UInt32, _ outputLength: Int, _ start: Int32, _ end: Int32) -> Double {
            Double(asked > 0 ? Int(asked) : max(0, outputLength / scale - Int(start) - Int(end)))
        }
        return Size(width: length(p.width, Int(output.pixelWidth), m.left, m.right),
                    height: length(p.height, Int(output.pixelHeight), m.top, m.bottom))
    }

    /// The scale to draw at: the compositor's preferred fractional scale through a viewport where
    /// it offers both, else the integer scale of the outputs the surface is on (before the first
    /// enter: the largest output's).
    var scale: SurfaceScale {
        let entered = display.outputs.filter { surface.enteredOutputs.contains($0.proxy) }
        let integers = (entered.isEmpty ? display.outputs : entered).map { Int($0.scale) }
        return (fractional?.state ?? SurfaceScaleState(hasViewporter: false)).current(outputScales: integers)
    }

    /// When a frame that is due, or the change an idle surface would draw now, may be drawn, if
    /// a burst or moving values (`valueAt`: when the latest value of a view tree moving on the
    /// surface came, `BurstPacing`) hold it back past `now`; else nil. A held idle surface is
    /// marked for a redraw, so the pass at that time draws what changed meanwhile (a flood
    /// expiring changes the pill between frames that are not an animation's).
    func heldBack(now: Double, valueAt: Double?) -> Double? {
        guard surface.phase == .needsDraw || surface.phase == .idle else { return nil }
        let due = pacing.drawTime(now: now, valueAt: valueAt)
        guard due > now else { return nil }
        surface.requestRedraw()
        return due
    }

    /// When the frame that would show `list` may be drawn, if it begins a burst (several views
    /// the last frame did not show, no burst before it: BurstPacing.swift) and waits past `now`;
    /// else nil.
    func heldForBurst(_ list: RenderList, now: Double, valueAt: Double?) -> Double? {
        pacing.want(newViews: newViews(in: list.items.lazy.map(\.id)), at: now)
        return heldBack(now: now, valueAt: valueAt)
    }

    /// True when a frame showing `list` brings several views the last frame did not show: the
    /// first frame of a burst, which waits (BurstPacing.swift).
    func beginsBurst(_ list: RenderList) -> Bool {
        newViews(in: list.items.lazy.map(\.id)) >= BurstPacing.newViewsForBurst
    }

    /// Views among `ids` the last presented frame did not show (a stack's header and the pill
    /// are not views).
    private func newViews(in ids: some Sequence<ViewID>) -> Int {
        ids.count { lastItems.index(forKey: $0) == nil && !$0.isGroupHeader && $0 != .overflowIndicator }
    }

    /// `count` views of the surface's container expired now (BurstPacing.swift).
    func viewsExpired(_ count: Int, at now: Double) { pacing.expired(count, at: now) }

    /// True when a changed picture would be drawn in this pass: a frame is due or the surface is
    /// idle (the change asks for one), and a buffer is free.
    var drawsChangesNow: Bool {
        surface.phase.drawsChangesNow && surface.size.width > 0 && surface.size.height > 0 && buffers.hasFree
    }

    /// Asks for a frame when the picture would differ from the last one presented, and draws
    /// and presents it if the surface is ready for one; false if it must wait (buffers busy).
    /// The scale and the comparison with the last frame are worked out once for both.
    @discardableResult
    func show(_ list: RenderList, contentVersion: Int, decor: DrawerDecor? = nil, ring: FocusRing? = nil,
              revision: (ViewID) -> Int = { _ in 0 }, now: Double? = nil,
              view: (ViewID) -> PaintedView?) throws -> Bool {
        dropFrameDrawnAhead()
        let scale = self.scale
        let shown = showsAlready(list, contentVersion: contentVersion, decor: decor, ring: ring, scale: scale, revision: revision)
        awaitsAnimationTick = false
        if !shown || list.isAnimating { surface.requestRedraw() }
        return try drawIfNeeded(list, contentVersion: contentVersion, decor: decor, ring: ring, revision: revision,
                                shown: shown, scale: scale, now: now, view: view)
    }

    /// The last presented frame is this picture, drawn at `scale` (worked out once for a frame:
    /// it looks through the outputs).
    private func showsAlready(_ list: RenderList, contentVersion: Int, decor: DrawerDecor?, ring: FocusRing?,
                              scale: SurfaceScale, revision: (ViewID) -> Int) -> Bool {
        guard let last = lastDrawn else { return false }
        return last.list == list && last.contentVersion == contentVersion && last.scale == scale && last.decor == decor
            && last.ring == ring
            && last.size == surface.size
            // Content revisions of what was drawn (an item off the surface has nothing to repaint).
            && list.items.allSatisfy { item in lastItems[item.id].map { $0.revision == revision(item.id) } ?? true }
    }

    /// Draws and presents `list` at `scale` if the surface is ready for a frame and `list` is not
    /// the picture `shown` already; false if it must wait (buffers busy).
    ///
    /// Only what changed is repainted: the buffer being reused still holds the frame it showed
    /// last, so what every frame presented since changed (buffer age) is copied from the other
    /// buffer, which shows the last frame whole, and only this frame's ink is painted (when the
    /// other buffer is gone or of another size, that ink is painted again instead). The damage
    /// sent is this frame's ink: where it differs from the frame presented before it. A drawer's `decor`
    /// (backdrop, panel, focus ring) changes the whole surface: it is redrawn whole. A column's
    /// keyboard focus `ring` is drawn over the views; where it was and is are repainted.
    /// `ahead`: the frame is kept for `drawAhead` instead, not presented.
    func drawIfNeeded(_ list: RenderList, contentVersion: Int, decor: DrawerDecor?, ring: FocusRing?,
                      revision: (ViewID) -> Int, shown: Bool, scale: SurfaceScale, now: Double?,
                      ahead: (due: Double, source: FrameSource)? = nil,
                      view: (ViewID) -> PaintedView?) throws -> Bool {
        guard surface.phase == .needsDraw, surface.size.width > 0, surface.size.height > 0 else { return false }
        if shown, ahead != nil { return false }  // the frame due shows what shows: it draws nothing then
        if shown {
            surface.unchanged()
            awaitsAnimationTick = list.isAnimating
            return false
        }
        awaitsAnimationTick = false
        if blurSourceChoice == .compositor {
            painter.blurSource = .compositor  // the tint over a transparent backdrop the compositor blurs
        } else {
            guard backdrop.prepare(list, view: view, display: display, region: regionOnOutput) else { return false }
            painter.blurSource = backdrop.blurSource
        }
        let (pixelWidth, pixelHeight) = scale.bufferSize(width: surface.size.width, height: surface.size.height)
        let s = scale.canvasScale(logicalWidth: surface.size.width)  // device pixels per point
        guard let buffer = try buffers.nextBuffer(pixelWidth: pixelWidth, pixelHeight: pixelHeight) else { return false }
        let canvas = buffer.canvas(scale: s)
        let bounds = Rect(x: 0, y: 0, width: logicalSize.width, height: logicalSize.height)
        let key = ObjectIdentifier(buffer)
        let redrawWhole = lastDrawn == nil || lastDrawn!.scale != scale || decor != nil
        // Another content version (a view replaced, a tip moved) repaints every item's ink.
        let repaintsAll = redrawWhole || lastDrawn!.contentVersion != contentVersion
        // Measure this frame's ink first (cheap), then repaint only the union of what changed.
        var drawnNow: [DrawnItem] = []
        drawnNow.reserveCapacity(list.items.count)
        for item in list.items {
            guard let painted = view(item.id) else { continue }
            let ink = painter.inkFrame(of: item, view: painted, container: bounds)
            guard ink.intersects(bounds) else { continue }
            drawnNow.append(DrawnItem(item: item, ink: ink, revision: revision(item.id), tree: painted.tree,
                                      configuration: painted.configuration))
        }
        // Where this frame differs from the last: all of it where every item repaints (each item's
        // ink, and where each item of the last frame was).
        var ink = repaintsAll ? drawnNow.map(\.ink) + lastItems.values.map(\.ink) : RepaintRegion.changes(from: lastItems, to: drawnNow)
        if let last = lastDrawn, last.ring != ring { ink += [last.ring?.ink, ring?.ink].compactMap { $0 } }
        // Whole device pixels, so the cleared edge is never half-cleared (antialiased).
        let repainted = ink.map { pixelAligned($0, scale: s) }
        var stale: [Rect]? = nil  // ink since this buffer was last drawn; nil: unknown, redraw all
        if !redrawWhole, let drawnAt = bufferFrames[key], drawnAt.size == (pixelWidth, pixelHeight),
           drawnAt.frame == frameCounter || inkHistory.first.map({ $0.frame <= drawnAt.frame + 1 }) == true {
            // The buffer shows its own frame whole: what changed in every frame drawn since.
            var since: [Rect] = []
            for (frame, ink) in inkHistory where frame > drawnAt.frame { since += ink }
            stale = since
            // The other buffer shows the last frame whole: what changed since is copied from it,
            // not painted again (a value's new text, in the frame after it that moves its bar),
            // except where this frame repaints anyway (a fade's whole view).
            if !since.isEmpty, let front = buffers.other(than: buffer), bufferFrames[ObjectIdentifier(front)].map({
                $0.frame == frameCounter && $0.size == (pixelWidth, pixelHeight) }) == true {
                let copied = RepaintRegion.withoutCovered(since.map { pixelAligned($0, scale: s) }).filter { r in
                    !repainted.contains { $0.contains(r) }
                }
                buffer.copy(copied.map { pixelRect($0, scale: s) }, from: front)
                stale = []
            }
        }
        let region = stale.map { stale in RepaintRegion.withoutCovered(stale.map { pixelAligned($0, scale: s) } + repainted) }
        canvas.frame {
            if let region {
                canvas.clip(to: region)
                if !canvas.clear(region, within: bounds) { canvas.clear(rect: bounds) }
            } else if !buffer.isBlank {
                canvas.clear()
                buffer.drawnRows = nil
            }
            buffer.isBlank = false
            if decor != nil { buffer.noteDrawn(rows: 0..<pixelHeight) }  // a drawer's backdrop covers everything
            for drawn in drawnNow {
                let r = pixelRect(drawn.ink, scale: s)
                buffer.noteDrawn(rows: Int(r.y)..<Int(r.y) + Int(r.height))
            }
            if let region, region.isEmpty {
                // Nothing changed under this buffer: present it as is.
            } else {
                decor?.paintUnder(on: canvas, bounds: bounds)
                // The region was cleared (or the buffer is blank): clear pixels, unless a drawer's backdrop lies under the views.
                painter.paint(list, container: bounds, on: canvas, only: region, overCleared: decor == nil, view: view)
                decor?.paintOver(on: canvas)
                ring?.paint(on: canvas)
            }
        }

        frameCounter += 1
        inkHistory.append((frameCounter, ink))
        if inkHistory.count > 4 { inkHistory.removeFirst() }
        bufferFrames[key] = (frameCounter, (pixelWidth, pixelHeight))
        // Where this frame differs from the one presented before it (a buffer of another size is new whole).
        let resized = lastDrawn.map { $0.size != surface.size } ?? true
        let damage = redrawWhole || resized ? [bounds] : RepaintRegion.withoutCovered(repainted)
        var blurRects: [RegionRect]?? = nil  // nil: no compositor blur to set
        if compositorBlur != nil {
            let blurred = CompositorBlurRegion.frames(of: list, bounds: bounds) { id in
                if case .blur = view(id)?.configuration?.background { return true }
                return false
            }
            // Unset too when the compositor has stopped blurring (ext-background-effect capabilities).
            let materials = CompositorBlurRegion.materials(of: list, bounds: bounds) { view($0)?.tree }
            blurRects = .some(blurSourceChoice == .compositor
                ? CompositorBlurRegion.rects(frames: blurred, rounded: materials, bounds: bounds) : nil)
        }
        var input: [(x: Int32, y: Int32, width: Int32, height: Int32)] = []
        if let decor {
            input = [pixelRect(decor.inputRegion(bounds: bounds), scale: 1)]
        } else {
            input.reserveCapacity(list.items.count)
            for item in list.items where item.visualFrame.intersects(bounds) { input.append(pixelRect(item.visualFrame, scale: 1)) }
        }
        let commit = FrameCommit(buffer: buffer, scale: scale, damage: damage.map { pixelRect($0, scale: s) }, input: input,
                                 blur: blurRects, animating: list.isAnimating,
                                 newViews: now == nil ? nil : newViews(in: drawnNow.lazy.map(\.item.id)))
        lastItems.removeAll(keepingCapacity: true)
        for drawn in drawnNow { lastItems[drawn.item.id] = drawn }
        lastDrawn = (list, contentVersion, scale, decor, ring, surface.size)
        if let ahead {
            self.ahead = FrameDrawnAhead(due: ahead.due, source: ahead.source, commit: commit)
            framesAhead.drawn += 1
        } else {
            present(commit, at: now)
        }
        return true
    }

    /// Sets the pending state a frame needs and commits it: in force together.
    private func present(_ commit: FrameCommit, at now: Double?) {
        if commit.scale.usesViewport { fractional?.setDestination(width: surface.size.width, height: surface.size.height) }
        if let compositorBlur, let rects = commit.blur { compositorBlur.set(rects, compositor: display.compositor) }
        surface.setInputRegion(commit.input, compositor: display.compositor)
        surface.present(commit.buffer, scale: commit.scale.bufferScale, damage: commit.damage)
        if let now, let newViews = commit.newViews { pacing.drew(newViews: newViews, at: now) }
        if commit.animating { surface.requestRedraw() }  // the next frame, when the compositor is ready
    }

    // MARK: Frames drawn ahead

    /// Draws now the frame due at `due` that shows `list` (what the presenter expects then), to be
    /// presented by `presentFrameDrawnAhead` then if it was drawn from the same `source` and
    /// nothing else was drawn meanwhile. A frame held back for a value's move (`BurstPacing`) is
    /// so drawn in the pass that holds it, its code and data still in the caches, not cold when its
    /// time comes. False when none was drawn (no buffer free, the picture unchanged).
    @discardableResult
    func drawAhead(_ list: RenderList, due: Double, source: FrameSource, revision: (ViewID) -> Int,
                   view: (ViewID) -> PaintedView?) throws -> Bool {
        if let ahead, ahead.due == due, ahead.source == source { return true }
        dropFrameDrawnAhead()
        guard drawsChangesNow, surface.phase == .needsDraw, !list.isAnimating else { return false }
        let scale = self.scale
        let shown = showsAlready(list, contentVersion: source.contentVersion, decor: nil, ring: nil, scale: scale, revision: revision)
        return try drawIfNeeded(list, contentVersion: source.contentVersion, decor: nil, ring: nil, revision: revision, shown: shown,
                                scale: scale, now: due, ahead: (due, source), view: view)
    }

    /// A frame drawn ahead waits to be presented (`presentFrameDrawnAhead`).
    var hasFrameDrawnAhead: Bool { ahead != nil }

    /// Presents the frame drawn ahead, now that a frame is no longer held back (its time has come,
    /// or the move it waited for is over), when it was drawn from `source` and the surface is as
    /// it was; returns the items it shows. One drawn from other inputs, or for another size or
    /// scale, is dropped (nil).
    func presentFrameDrawnAhead(now: Double, source: FrameSource) -> [RenderItem]? {
        guard let ahead else { return nil }
        guard ahead.source == source, surface.phase == .needsDraw, lastDrawn.map({ $0.size == surface.size && $0.scale == scale }) == true
        else {
            dropFrameDrawnAhead()
            return nil
        }
        self.ahead = nil
        framesAhead.presented += 1
        present(ahead.commit, at: now)
        return lastDrawn?.list.items  // the records describe the frame drawn ahead
    }

    /// Forgets the frame drawn ahead. The records describe it, not the frame on screen, so the
    /// next frame is drawn whole (rare: something changed before it was due).
    private func dropFrameDrawnAhead() {
        guard ahead != nil else { return }
        ahead = nil
        framesAhead.dropped += 1
        lastDrawn = nil
        bufferFrames.removeAll()
    }

    /// `rect` grown to whole device pixels at `scale`, in points.
    private func pixelAligned(_ rect: Rect, scale: Double) -> Rect {
        let r = pixelRect(rect, scale: scale)
        return Rect(x: Double(r.x) / scale, y: Double(r.y) / scale, width: Double(r.width) / scale, height: Double(r.height) / scale)
    }

    /// `rect` grown to whole device pixels at `scale`, in device pixels.
    private func pixelRect(_ rect: Rect, scale: Double) -> (x: Int32, y: Int32, width: Int32, height: Int32) {
        let x0 = (rect.minX * scale).rounded(.down), y0 = (rect.minY * scale).rounded(.down)
        let x1 = (rect.maxX * scale).rounded(.up), y1 = (rect.maxY * scale).rounded(.up)
        return (Int32(clamping: Int(x0)), Int32(clamping: Int(y0)), Int32(clamping: Int(x1 - x0)), Int32(clamping: Int(y1 - y0)))
    }
}

/// What a frame drawn ahead was drawn from besides the surface's own state (size, scale): the
/// presenter's revision (every change of the engine or of a view's content) and the container's
/// content version and pill count. Equal sources draw equal frames for the same time.
struct FrameSource: Equatable {
    var revision: UInt64
    var contentVersion: Int
    var pill: Int
}

/// A drawn frame's buffer and the surface state that goes with it, committed together.
private struct FrameCommit {
    let buffer: ShmBuffer
    let scale: SurfaceScale
    let damage: [(x: Int32, y: Int32, width: Int32, height: Int32)]
    let input: [(x: Int32, y: Int32, width: Int32, height: Int32)]
    /// The compositor's blur region (nil inside: unset); nil: the surface has no compositor blur.
    let blur: [RegionRect]??
    let animating: Bool
    /// Views the frame before did not show (`BurstPacing`); nil: the frame is not paced.
    let newViews: Int?
}

private struct FrameDrawnAhead {
    let due: Double
    let source: FrameSource
    let commit: FrameCommit
}
