/// How often a surface draws while views pour in or expire in bulk. A frame that brought several
/// new views at once (more came in than one per frame: a flood) starts a burst, and so does an
/// update pass in which several of the surface's views expired (the flood's timeouts running
/// out): until `settleTime` after the last such moment, each frame waits until `frameInterval`
/// after the one before. What a frame in a flood shows is replaced a frame later, and the
/// burst's cards fading and sliding in or out after it are drawn at the same pace: drawing them
/// at the compositor's pace cost most of a flood's frames. A single notification and a trickle
/// (at most one new view a frame, one expiring at a time, no burst before it) draw at the
/// compositor's pace. The first frame of a burst, one that would bring several new views with no
/// burst before it, waits `frameInterval` from when it was first wanted: a pipelined flood
/// arrives within 30–120 ms, so that frame would show cards the next one replaces.
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
    /// When the last frame that brought several new views was drawn, or several views expired.
    private(set) var lastBurstFrame: Double?
    /// When a burst's first frame was first wanted (several new views, no burst before), until it is drawn.
    private(set) var burstWanted: Double?

    /// Moving values (a view tree moving to new levels, an OSD's bar): a frame that brings a new
    /// value waits at least this long after the one before (at most 40 a second) ...
    static let newValueInterval = 1.0 / 40
    /// ... and a frame that only moves on towards it waits this long (30 a second) ...
    static let valueFrameInterval = 1.0 / 30
    /// ... and this long after the value came: while values keep coming 30 a second, each is one
    /// frame drawn as it comes, not one more in between.
    static let valuePause = 1.0 / 24

    /// When the next frame may be drawn, given that one is wanted at `now`. `valueAt`: when the
    /// latest value of a view tree moving on the surface came (nil when none moves): its frames
    /// come at most `newValueInterval` apart for new values, `valueFrameInterval` between them,
    /// not at the compositor's pace (at 30 levels a second that is one frame a level, not two at
    /// 60 Hz or five at 144 Hz).
    func drawTime(now: Double, valueAt lastValue: Double? = nil) -> Double {
        var due = burstWanted.map { max(now, $0 + Self.frameInterval) } ?? now
        guard let lastFrame else { return due }
        if let lastBurstFrame, now < lastBurstFrame + Self.settleTime { due = max(due, lastFrame + Self.frameInterval) }
        if let lastValue {
            let next = lastValue > lastFrame ? lastFrame + Self.newValueInterval
                : max(lastFrame + Self.valueFrameInterval, lastValue + Self.valuePause)
            due = max(due, next)
        }
        return due
    }

    /// A frame showing `newViews` views the frame before did not show is wanted at `now`: with
    /// several and no burst before, a burst begins, and its first frame waits (`drawTime`).
    mutating func want(newViews: Int, at now: Double) {
        guard newViews >= Self.newViewsForBurst, burstWanted == nil else { return }
        if let lastBurstFrame, now < lastBurstFrame + Self.settleTime { return }
        burstWanted = now
    }

    /// A frame showing `newViews` views the frame before did not show was drawn at `now`.
    mutating func drew(newViews: Int, at now: Double) {
        if newViews >= Self.newViewsForBurst { lastBurstFrame = now }
        lastFrame = now
        burstWanted = nil
    }

    /// `count` of the surface's views expired at `now`: the frames showing them go (and the
    /// counts falling) are a burst's when they are several.
    mutating func expired(_ count: Int, at now: Double) {
        if count >= Self.newViewsForBurst { lastBurstFrame = now }
    }
}
