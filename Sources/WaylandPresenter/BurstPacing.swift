/// How often a surface draws while views pour in. A frame that brought several new views at
/// once (more came in than one per frame: a flood) makes the next frame wait until
/// `frameInterval` after it: what a frame in a flood shows is replaced a frame later, so drawing
/// every one of them costs without showing anything readable. A frame that brought at most one
/// new view draws at the compositor's pace as before, so a single notification, a trickle and the
/// animations after a burst are never held back, and the first frame of a burst is drawn at once.
struct BurstPacing: Equatable {
    /// New views in one frame that make it part of a burst.
    static let newViewsForBurst = 2
    /// Seconds between frames during a burst (mako draws a flood at about this pace).
    static let frameInterval = 0.05

    /// When the last frame was drawn, and whether it was part of a burst.
    private(set) var lastFrame: Double?
    private(set) var bursting = false

    /// When the next frame may be drawn, given that one is wanted at `now`.
    func drawTime(now: Double) -> Double {
        guard bursting, let lastFrame else { return now }
        return max(now, lastFrame + Self.frameInterval)
    }

    /// A frame showing `newViews` views the frame before did not show was drawn at `now`.
    mutating func drew(newViews: Int, at now: Double) {
        bursting = newViews >= Self.newViewsForBurst
        lastFrame = now
    }
}
