/// A held key repeating as wl_keyboard's repeat_info asks: first after `delay` seconds, then
/// `rate` times a second, until it is released. Time is injected; the owner asks for `deadline`
/// and calls `advance(to:)` when it is due (no ticks while nothing is held).
public struct KeyRepeat: Equatable, Sendable {
    /// Repeats per second; 0 turns repeating off.
    public var rate: Int
    /// Seconds from the press to the first repeat.
    public var delay: Double
    /// The held key and when it fires next.
    public private(set) var held: Held?
    /// Repeats fired by one `advance`, at most (a loop that slept long does not type a burst).
    public static let maximumCatchUp = 4

    /// The key held down and when it repeats next.
    public struct Held: Equatable, Sendable {
        public var code: UInt32
        public var next: Double
    }

    public init(rate: Int = 25, delay: Double = 0.6) {
        self.rate = rate
        self.delay = delay
    }

    /// When the held key fires next; nil when nothing repeats.
    public var deadline: Double? { held?.next }

    /// A key went down: it repeats from `now + delay` (a key held before stops repeating).
    public mutating func pressed(_ code: UInt32, at now: Double) {
        held = rate > 0 ? Held(code: code, next: now + max(0, delay)) : nil
    }

    /// A key went up: if it is the repeating one, repeating stops.
    public mutating func released(_ code: UInt32) {
        if held?.code == code { held = nil }
    }

    public mutating func stop() { held = nil }

    /// How many times the held key fires by `now` (0 before its time), moving its next time on.
    public mutating func advance(to now: Double) -> Int {
        guard var key = held, rate > 0, now >= key.next else { return 0 }
        let interval = 1 / Double(rate)
        var count = 0
        while key.next <= now && count < Self.maximumCatchUp {
            count += 1
            key.next += interval
        }
        if key.next <= now { key.next = now + interval }  // skipped what it could not catch up
        held = key
        return count
    }
}
