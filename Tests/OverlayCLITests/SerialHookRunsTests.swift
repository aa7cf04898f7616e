// A control's hook runs one process at a time and the newest value waits: after any sequence of
// requests and exits, each control has at most one process, the values it started are in the
// order they were asked for, and once everything has exited the last value asked for has run.
import PropertyBased
import Testing
@testable import overlay_wl

struct SerialHookRunsTests {
    @Test func theNewestValueRunsLastAndNothingOverlaps() async {
        // (kind, control): kinds 0–2 request the next value of a control, 3 ends its process.
        let ops = zip(Gen.int(in: 0...3), Gen.int(in: 0...2)).array(of: 1...80)
        await propertyCheck(count: 300, input: ops) { ops in
            var runs = SerialHookRuns<Int>()
            var running: [Int: Int] = [:]        // control → value running
            var started: [Int: [Int]] = [:]
            var asked: [Int: [Int]] = [:]
            var next = 0
            func start(_ value: Int?, _ control: Int) {
                guard let value else { return }
                #expect(running[control] == nil, "control \(control) already runs \(running[control] ?? -1)")
                running[control] = value
                started[control, default: []].append(value)
            }
            for (kind, control) in ops {
                if kind < 3 {
                    next += 1
                    asked[control, default: []].append(next)
                    start(runs.request(next, control: "c\(control)"), control)
                } else if running[control] != nil {
                    running[control] = nil
                    start(runs.finished(control: "c\(control)"), control)
                }
                #expect(runs.runningCount == running.count)
                #expect(runs.waitingCount <= running.count)
            }
            // Let every process exit.
            for control in 0...2 {
                while running[control] != nil {
                    running[control] = nil
                    start(runs.finished(control: "c\(control)"), control)
                }
            }
            for (control, values) in asked {
                let ran = started[control] ?? []
                #expect(ran == ran.sorted(), "started in the order asked")
                #expect(ran.last == values.last, "the last value asked for has run")
                #expect(Set(ran).isSubset(of: Set(values)))
            }
            #expect(runs.runningCount == 0 && runs.waitingCount == 0)
        }
    }

    @Test func aRequestWhileRunningWaitsAndReplacesTheOlderWaitingOne() {
        var runs = SerialHookRuns<String>()
        #expect(runs.request("10", control: "volume") == "10")
        #expect(runs.request("20", control: "volume") == nil)
        #expect(runs.request("30", control: "volume") == nil)
        #expect(runs.request("lock", control: "lock") == "lock", "other controls do not wait")
        #expect(runs.finished(control: "volume") == "30")
        #expect(runs.finished(control: "volume") == nil)
        #expect(runs.request("40", control: "volume") == "40")
    }
}
