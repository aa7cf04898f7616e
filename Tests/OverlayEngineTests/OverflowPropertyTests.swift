// Random shows, high-priority shows, replacements, dismissals and clock advances in a
// multiple container, checked against the overflow and priority rules after every step.
import Testing
import PropertyBased
@testable import OverlayEngine

/// One step of a random overflow scenario, decoded from three small integers.
enum OverflowStep: CustomStringConvertible {
    case show(autoDismiss: Double?)
    case showHigh(autoDismiss: Double?)
    case replace(pick: Int, autoDismiss: Double?)
    case dismiss(pick: Int, animated: Bool)
    case advance(Double)

    init(_ kind: Int, _ a: Int, _ b: Int) {
        let seconds: Double? = b % 3 == 0 ? nil : Double(a % 9) * 0.3
        switch kind {
        case 0...3: self = .show(autoDismiss: seconds)
        case 4: self = .showHigh(autoDismiss: seconds)
        case 5: self = .replace(pick: a, autoDismiss: seconds)
        case 6, 7: self = .dismiss(pick: a, animated: b % 2 == 0)
        default: self = .advance(Double(a) * 0.05)
        }
    }

    var description: String {
        switch self {
        case .show(let d): "show(auto: \(d.map { "\($0)" } ?? "-"))"
        case .showHigh(let d): "showHigh(auto: \(d.map { "\($0)" } ?? "-"))"
        case .replace(let p, let d): "replace(\(p), auto: \(d.map { "\($0)" } ?? "-"))"
        case .dismiss(let p, let a): "dismiss(\(p), animated: \(a))"
        case .advance(let d): "advance(\(d))"
        }
    }
}

/// Runs an overflow scenario against a model of who should be on screen.
struct OverflowChecker {
    let overflow: Overflow
    let maximum: Int
    let maximumHidden: Int
    let maximumPinned: Int
    var manager = OverlayManager()
    var now = 0.0
    var everShown: [ViewID] = []
    /// Live views (shown, not yet reported dismissed) with their arrival and priority.
    var arrival: [ViewID: Int] = [:]
    var pinned: Set<ViewID> = []
    var nextArrival = 0
    /// Since when each live view's countdown runs, and for how long (nil: never expires).
    var countdown: [ViewID: (since: Double, seconds: Double?)] = [:]
    var incarnations: [ViewID: Int] = [:]
    var dismissals: [ViewID: Int] = [:]
    var removals: [ViewID: Int] = [:]
    var z: [ViewID: Int] = [:]
    /// Views seen waiting: their countdown starts when they appear (at a refill this model
    /// does not time).
    var waited: Set<ViewID> = []

    init(overflow: Overflow, maximum: Int, maximumHidden: Int, maximumPinned: Int = 32) {
        self.overflow = overflow
        self.maximum = maximum
        self.maximumHidden = maximumHidden
        self.maximumPinned = maximumPinned
        var config = ContainerConfiguration(name: "p", displayType: .vertical, queueType: .multiple)
        config.maximumVisible = maximum
        config.overflow = overflow
        config.maximumHidden = maximumHidden
        config.maximumPinned = maximumPinned
        config.delayForShowingNext = 0.3
        config.defaults.transition = .opacity
        config.defaults.animation = .linear(duration: 0.2)
        try! manager.register(config, now: 0)
    }

    var alive: Set<ViewID> { Set(arrival.keys) }

    func pick(_ i: Int) -> ViewID? { everShown.isEmpty ? nil : everShown[i % everShown.count] }

    static func configuration(_ seconds: Double?, high: Bool) -> ViewConfiguration {
        .with {
            $0.autoDismiss = seconds.map { .value($0) }
            if high { $0.priority = .high }
        }
    }

    mutating func run(_ step: OverflowStep) {
        switch step {
        case .show(let seconds):
            let id = try! manager.show(in: "p", configuration: Self.configuration(seconds, high: false), size: small, now: now)
            arrived(id, high: false, seconds: seconds)
        case .showHigh(let seconds):
            let id = try! manager.show(in: "p", configuration: Self.configuration(seconds, high: true), size: small, now: now)
            arrived(id, high: true, seconds: seconds)
        case .replace(let p, let seconds):
            guard let id = pick(p) else { return }
            let wasAlive = manager.contains(id)
            try! manager.show(id, in: "p", configuration: Self.configuration(seconds, high: false),
                              size: Size(width: 80, height: 30), now: now)
            if wasAlive { countdown[id] = (now, seconds) } else { arrived(id, high: false, seconds: seconds) }
        case .dismiss(let p, let animated):
            if let id = pick(p) { manager.dismiss(id, animated: animated, now: now) }
        case .advance(let dt):
            now += dt
            manager.advance(to: now)
        }
        absorbEffects()
        checkState()
    }

    mutating func arrived(_ id: ViewID, high: Bool, seconds: Double?) {
        if !everShown.contains(id) { everShown.append(id) }
        arrival[id] = nextArrival
        nextArrival += 1
        if high { pinned.insert(id) } else { pinned.remove(id) }
        countdown[id] = (now, seconds)
        incarnations[id, default: 0] += 1
        z[id] = nil
        waited.remove(id)
    }

    mutating func absorbEffects() {
        for effect in manager.drainEffects() {
            switch effect {
            case .appeared(let id, _):
                #expect(arrival[id] != nil, "appeared after dismissal: \(id)")
            case .dismissed(let id, _, _):
                #expect(arrival.removeValue(forKey: id) != nil, "dismissed twice: \(id)")
                pinned.remove(id)
                countdown[id] = nil
                dismissals[id, default: 0] += 1
            case .removed(let id, _):
                removals[id, default: 0] += 1
                #expect(removals[id]! <= dismissals[id, default: 0], "removed before dismissed: \(id)")
            case .hook:
                break
            }
        }
    }

    mutating func checkState() {
        let showing = manager.showing(in: "p"), hidden = manager.hidden(in: "p"), waiting = manager.waiting(in: "p")
        let alive = self.alive
        // Nothing lost or duplicated: every live view is showing, hidden or waiting, once.
        #expect(showing.count + hidden.count + waiting.count == alive.count)
        #expect(Set(showing).union(hidden).union(waiting) == alive)
        for id in alive { #expect(manager.contains(id)) }
        #expect(manager.hiddenCount(in: "p") == hidden.count)
        #expect(manager.overflowCount(in: "p") == hidden.count + waiting.count)
        #expect(manager.hasViews(in: "p") == !alive.isEmpty)
        #expect(hidden.count <= maximumHidden)
        // Hidden views are listed oldest first.
        let hiddenOrder = hidden.map { arrival[$0]! }
        #expect(hiddenOrder == hiddenOrder.sorted())
        // The newest high-priority views show, up to `maximumPinned`; older ones wait hidden.
        let showingPinned = Set(pinned.sorted { arrival[$0]! < arrival[$1]! }.suffix(maximumPinned))
        #expect(Set(showing).intersection(pinned) == showingPinned, "not the newest high-priority views")
        let room = max(0, maximum - showingPinned.count)
        let normals = alive.subtracting(pinned).sorted { arrival[$0]! < arrival[$1]! }
        let showingNormals = Set(showing).subtracting(pinned)
        let hiddenNormals = Set(hidden).subtracting(pinned)
        switch overflow {
        case .newest:
            // The newest normal views fill the room the high-priority ones leave; nothing waits.
            #expect(showingNormals == Set(normals.suffix(room)), "not the newest on screen")
            #expect(waiting.isEmpty)
        case .oldest:
            #expect(showingNormals.count <= room || showingPinned.isEmpty || showingNormals.isEmpty)
            #expect(hiddenNormals.isEmpty || showing.count >= maximum, "a hidden view kept out of a free slot")
            let waitingOrder = waiting.map { arrival[$0]! }
            #expect(waitingOrder == waitingOrder.sorted())
        }
        // No live view outlives its countdown (hidden ones included).
        waited.formUnion(waiting)
        for id in alive where !waited.contains(id) {
            if let c = countdown[id], let seconds = c.seconds {
                #expect(c.since + seconds >= now, "\(id) outlived its countdown")
            }
        }
        // z: unique, ascending, stable while drawn; high priority above every normal view.
        let items = manager.renderList(for: "p", size: Size(width: 500, height: 500), now: now).items
        #expect(Set(items.map(\.z)).count == items.count)
        #expect(items.map(\.z) == items.map(\.z).sorted())
        for item in items {
            if let old = z[item.id] { #expect(old == item.z, "z changed for \(item.id)") }
            z[item.id] = item.z
        }
        let highZ = items.filter { showingPinned.contains($0.id) }.map(\.z)
        let normalZ = items.filter { showingNormals.contains($0.id) }.map(\.z)
        if let low = highZ.min(), let top = normalZ.max() { #expect(low > top) }
        let drawn = Set(items.map(\.id))
        z = z.filter { drawn.contains($0.key) }
    }

    /// Dismisses everything and lets time run: every id was dismissed and removed once per life.
    mutating func finish() {
        now += 1
        manager.dismissAll(in: ["p"], now: now)
        now += 1000
        manager.advance(to: now)
        absorbEffects()
        #expect(alive.isEmpty)
        #expect(manager.nextDeadline == nil)
        for id in everShown {
            #expect(dismissals[id, default: 0] == incarnations[id, default: 0], "\(id): dismissals")
            #expect(removals[id, default: 0] == incarnations[id, default: 0], "\(id): removals")
        }
    }
}

@Suite struct OverflowPropertyTests {
    static let steps = zip(Gen.int(in: 0...9), Gen.int(in: 0...40), Gen.int(in: 0...9)).array(of: 1...80)

    @Test func newestOverflowInvariants() async {
        await propertyCheck(count: 300, input: Self.steps, Gen.int(in: 0...4), Gen.int(in: 0...4)) { raw, maximum, bound in
            var checker = OverflowChecker(overflow: .newest, maximum: maximum, maximumHidden: bound == 0 ? 1000 : bound)
            for (k, a, b) in raw { checker.run(OverflowStep(k, a, b)) }
            checker.finish()
        }
    }

    @Test func aSmallHighPriorityCapInvariants() async {
        await propertyCheck(count: 300, input: Self.steps, Gen.int(in: 1...4), Gen.int(in: 1...3)) { raw, maximum, cap in
            for overflow in [Overflow.newest, .oldest] {
                var checker = OverflowChecker(overflow: overflow, maximum: maximum, maximumHidden: 3, maximumPinned: cap)
                for (k, a, b) in raw { checker.run(OverflowStep(k, a, b)) }
                checker.finish()
            }
        }
    }

    @Test func oldestOverflowWithHighPriorityInvariants() async {
        await propertyCheck(count: 300, input: Self.steps, Gen.int(in: 1...4), Gen.int(in: 0...4)) { raw, maximum, bound in
            var checker = OverflowChecker(overflow: .oldest, maximum: maximum, maximumHidden: bound == 0 ? 1000 : bound)
            for (k, a, b) in raw { checker.run(OverflowStep(k, a, b)) }
            checker.finish()
        }
    }
}
