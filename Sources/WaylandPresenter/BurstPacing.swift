/// How often a surface draws while views pour in. A frame that brought several new views at
/// once (more came in than one per frame: a flood) starts a burst: until `settleTime` after the
/// last such frame, each frame waits until `frameInterval` after the one before. What a frame in
/// a flood shows is replaced a frame later, and the burst's cards fading and sliding in after it
/// are drawn at the same pace: drawing them at the compositor's pace cost most of a flood's
/// frames. A single notification and a trickle (at most one new view a frame, no burst before
/// it) draw at the compositor's pace, and the first frame of a burst is drawn at once.
struct BurstPacing: Equatable {
    /// New views in one frame that make it part of a burst.
    static let newViewsForBurst = 2
    /// Seconds between frames during a burst (mako draws a flood at about this pace).
    static let frameInterval = 0.05
    /// Seconds after a burst's last frame that the pace still holds: the views it brought enter
    /// with the default animation (`Animation.default`, 0.35 s).
    static let settleTime = 0.35

    /// When the last frame was drawn.
    private(set) var lastFrame: Double?
    /// When the last frame that brought several new views was drawn.
    private(set) var lastBurstFrame: Double?

    /// Seconds between the frames of moving values (`drawTime(now:valuesMove:)`).
    static let valueFrameInterval = 1.0 / 30

    /// When the next frame may be drawn, given that one is wanted at `now`. `valuesMove`: a view
    /// tree on the surface moves to new values (an OSD's bar), and its frames come at most
    /// `valueFrameInterval` apart, not at the compositor's pace: at 30 levels a second each level
    /// is one frame, not two at 60 Hz (or five at 144 Hz).
    func drawTime(now: Double, valuesMove: Bool = false) -> Double {
        guard let lastFrame else { return now }
        var due = now
        if let lastBurstFrame, now < lastBurstFrame + Self.settleTime { due = max(due, lastFrame + Self.frameInterval) }
        if valuesMove { due = max(due, lastFrame + Self.valueFrameInterval) }
        return due
    }

    /// A frame showing `newViews` views the frame before did not show was drawn at `now`.
    mutating func drew(newViews: Int, at now: Double) {
        if newViews >= Self.newViewsForBurst { lastBurstFrame = now }
        lastFrame = now
    }
}
