// Random sequences of shows, dismissals, configuration changes and clock advances,
// checked against the queue invariants.
import Testing
import PropertyBased
@testable import OverlayEngine

/// One step of a random scenario, decoded from three small integers.
enum Step: CustomStringConvertible {
    case show(autoDismiss: Double?, animated: Bool)
    case reshow(pick: Int)
    case dismiss(pick: Int, animated: Bool)
    case dismissAll(onlyShowing: Bool)
    case dismissTopmost
    case setMaximum(Int?)
    case setDelay(Double)
    case flipDisplayOrder
    case advance(Double)
    case pause(pick: Int)
    case resume(pick: Int)

    init(_ kind: Int, _ a: Int, _ b: Int) {
        switch kind {
        case 0...2: self = .show(autoDismiss: a % 3 == 0 ? nil : Double(a % 7) * 0.4, animated: b % 2 == 0)
        case 3: self = .reshow(pick: a)
        case 4, 5: self = .dismiss(pick: a, animated: b % 3 != 0)
        case 6: self = .dismissAll(onlyShowing: a % 2 == 0)
        case 7: self = .dismissTopmost
        case 8: self = a % 4 == 0 ? .setMaximum(nil) : .setMaximum(a % 5)
        case 9: self = .setDelay(Double(a % 4) * 0.25)
        case 10: self = .flipDisplayOrder
        case 11: self = .pause(pick: a)
        case 12: self = .resume(pick: a)
        default: self = .advance(Double(a) * 0.07)
        }
    }

    var description: String {
        switch self {
        case .show(let d, let a): "show(auto: \(d.map { "\($0)" } ?? "-"), animated: \(a))"
        case .reshow(let p): "reshow(\(p))"
        case .dismiss(let p, let a): "dismiss(\(p), animated: \(a))"
        case .dismissAll(let o): "dismissAll(onlyShowing: \(o))"
        case .dismissTopmost: "dismissTopmost"
        case .setMaximum(let m): "setMaximum(\(m.map(String.init) ?? "nil"))"
        case .setDelay(let d): "setDelay(\(d))"
        case .flipDisplayOrder: "flipDisplayOrder"
        case .advance(let d): "advance(\(d))"
        case .pause(let p): "pause(\(p))"
        case .resume(let p): "resume(\(p))"
        }
    }
}

/// Runs a scenario and checks every invariant after every step.
struct ScenarioChecker {
    var manager = OverlayManager()
    var now = 0.0
    var everShown: [ViewID] = []
    /// Ids the model believes are alive (shown and not yet reported dismissed).
    var alive: Set<ViewID> = []
    /// Arrival number of each live view's current incarnation: FIFO is checked against it.
    var arrival: [ViewID: Int] = [:]
    var nextArrival = 0
    var lastAppearedArrival = -1
    var onScreen: Set<ViewID> = []
    var z: [ViewID: Int] = [:]
    var loweredMaximum = false
    /// Since when each live view's countdown runs, and for how long (nil: never expires).
    var countdown: [ViewID: (since: Double, seconds: Double?)] = [:]

    init(queue: QueueType, maximum: Int?, debounce: Bool, expiresWhileWaiting: Bool = false) {
        var config = ContainerConfiguration(name: "p", displayType: .vertical, queueType: queue)
        config.maximumVisible = maximum
        config.delayForShowingNext = 0.3
        config.defaults.transition = .opacity
        config.defaults.animation = .linear(duration: 0.2)
        if debounce { config.queueControl = .debounce(0.25) }
        config.expiresWhileWaiting = expiresWhileWaiting
        try! manager.register(config, now: 0)
    }

    var config: ContainerConfiguration { manager.container("p")! }

    func pick(_ i: Int) -> ViewID? { everShown.isEmpty ? nil : everShown[i % everShown.count] }

    mutating func run(_ step: Step) {
        switch step {
        case .show(let seconds, let animated):
            var c = ViewConfiguration()
            c.autoDismiss = seconds.map { .value($0) }
            let id = try! manager.show(in: "p", configuration: c, size: small, animated: animated, now: now)
            arrived(id)
            countdown[id] = (now, seconds)
        case .reshow(let p):
            guard let id = pick(p) else { return }
            let wasAlive = manager.contains(id)
            try! manager.show(id, in: "p", size: Size(width: 80, height: 30), now: now)
            if !wasAlive { arrived(id) }
            countdown[id] = (now, nil)     // the update carries no auto-dismiss
        case .dismiss(let p, let animated):
            if let id = pick(p) { manager.dismiss(id, animated: animated, now: now) }
        case .dismissAll(let onlyShowing):
            manager.dismissAll(in: ["p"], onlyShowing: onlyShowing, now: now)
        case .dismissTopmost:
            manager.dismissTopmost(in: ["p"], now: now)
        case .setMaximum(let m):
            if let m, m < config.capacity { loweredMaximum = true }
            try! manager.updateContainer("p", now: now) { $0.maximumVisible = m }
        case .setDelay(let d):
            try! manager.updateContainer("p", now: now) { $0.delayForShowingNext = d }
        case .flipDisplayOrder:
            try! manager.updateContainer("p", now: now) {
                $0.displayOrder = $0.displayOrder == .newestOnTop ? .oldestOnTop : .newestOnTop
            }
            z.removeAll()              // z is defined relative to the order; re-learn it
        case .advance(let dt):
            now += dt
            manager.advance(to: now)
        case .pause(let p):
            if let id = pick(p) { manager.pauseAutoDismiss(id, now: now) }
        case .resume(let p):
            if let id = pick(p) { manager.resumeAutoDismiss(id, now: now) }
        }
        absorbEffects()
        checkState()
    }

    mutating func arrived(_ id: ViewID) {
        if !everShown.contains(id) { everShown.append(id) }
        alive.insert(id)
        z[id] = nil                    // a new incarnation gets a new z
        arrival[id] = nextArrival
        nextArrival += 1
    }

    mutating func absorbEffects() {
        for effect in manager.drainEffects() {
            switch effect {
            case .appeared(let id, _):
                #expect(alive.contains(id), "appeared after dismissal: \(id)")
                #expect(arrival[id]! > lastAppearedArrival, "FIFO broken: \(id)")
                lastAppearedArrival = arrival[id]!
                onScreen.insert(id)
                #expect(onScreen.count <= config.capacity, "admitted beyond the maximum")
            case .dismissed(let id, _, _):
                #expect(alive.remove(id) != nil, "dismissed twice: \(id)")
                onScreen.remove(id)
            case .removed, .hook:
                break
            }
        }
    }

    mutating func checkState() {
        let showing = manager.showing(in: "p"), waiting = manager.waiting(in: "p")
        // Nothing lost, nothing duplicated: alive ids are exactly those showing or waiting.
        #expect(Set(showing).count == showing.count && Set(waiting).count == waiting.count)
        #expect(Set(showing).isDisjoint(with: waiting))
        #expect(Set(showing).union(waiting) == alive)
        #expect(Set(showing) == onScreen)
        for id in alive { #expect(manager.contains(id)) }
        // Maximum respected (lowering it evicts nothing, so only while never lowered).
        if !loweredMaximum { #expect(showing.count <= config.capacity) }
        // FIFO: the waiting queue is in arrival order.
        let order = waiting.map { arrival[$0]! }
        #expect(order == order.sorted())
        // Expiring while waiting: no queued view outlives its countdown (with a debounce it
        // counts from the release, which this model does not track).
        if config.expiresWhileWaiting && config.queueControl == .none {
            for id in manager.waiting(in: "p") {
                if let c = countdown[id], let seconds = c.seconds {
                    #expect(c.since + seconds >= now, "\(id) still waits past its deadline")
                }
            }
        }
        // z: unique, ascending in the list, and never changing while a view stays drawn.
        let items = manager.renderList(for: "p", size: Size(width: 500, height: 500), now: now).items
        #expect(Set(items.map(\.z)).count == items.count)
        #expect(items.map(\.z) == items.map(\.z).sorted())
        for item in items {
            if let old = z[item.id] { #expect(old == item.z, "z changed for \(item.id)") }
            z[item.id] = item.z
        }
        let drawn = Set(items.map(\.id))
        z = z.filter { drawn.contains($0.key) }
    }

    /// Lets every timer run: afterwards nobody waits unless the screen is full.
    mutating func drainTime() {
        for id in everShown { manager.resumeAutoDismiss(id, now: now) }
        now += 1000
        manager.advance(to: now)
        absorbEffects()
        checkState()
        let waiting = manager.waiting(in: "p"), showing = manager.showing(in: "p")
        #expect(waiting.isEmpty || showing.count >= config.capacity, "queue stuck: \(waiting) waiting, \(showing) showing")
        #expect(manager.nextDeadline == nil || manager.nextDeadline! > now)
    }
}

@Suite struct QueuePropertyTests {
    static let steps = zip(Gen.int(in: 0...15), Gen.int(in: 0...40), Gen.int(in: 0...9)).array(of: 1...80)

    @Test func multipleQueueInvariants() async {
        await propertyCheck(count: 300, input: Self.steps, Gen.int(in: 0...4), Gen.bool) { raw, maximum, debounce in
            var checker = ScenarioChecker(queue: .multiple, maximum: maximum == 0 ? nil : maximum, debounce: debounce)
            for (k, a, b) in raw { checker.run(Step(k, a, b)) }
            checker.drainTime()
        }
    }

    @Test func multipleQueueExpiringWhileWaitingInvariants() async {
        await propertyCheck(count: 300, input: Self.steps, Gen.int(in: 1...3), Gen.bool) { raw, maximum, debounce in
            var checker = ScenarioChecker(queue: .multiple, maximum: maximum, debounce: debounce, expiresWhileWaiting: true)
            for (k, a, b) in raw { checker.run(Step(k, a, b)) }
            checker.drainTime()
        }
    }

    @Test func oneByOneWaitFinishExpiringWhileWaitingInvariants() async {
        await propertyCheck(count: 200, input: Self.steps, Gen.bool) { raw, debounce in
            var checker = ScenarioChecker(queue: .oneByOneWaitFinish, maximum: nil, debounce: debounce, expiresWhileWaiting: true)
            for (k, a, b) in raw { checker.run(Step(k, a, b)) }
            checker.drainTime()
        }
    }

    @Test func oneByOneInvariants() async {
        await propertyCheck(count: 200, input: Self.steps, Gen.bool) { raw, debounce in
            var checker = ScenarioChecker(queue: .oneByOne, maximum: nil, debounce: debounce)
            for (k, a, b) in raw { checker.run(Step(k, a, b)) }
            checker.drainTime()
        }
    }

    @Test func oneByOneWaitFinishInvariants() async {
        await propertyCheck(count: 300, input: Self.steps, Gen.bool) { raw, debounce in
            var checker = ScenarioChecker(queue: .oneByOneWaitFinish, maximum: nil, debounce: debounce)
            for (k, a, b) in raw {
                checker.run(Step(k, a, b))
                #expect(checker.manager.showing(in: "p").count <= 1)
            }
            checker.drainTime()
        }
    }
}
