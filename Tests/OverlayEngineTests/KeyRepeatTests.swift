// A held key's repeats with injected time: the delay, the rate, release, a long sleep.
import Testing
@testable import OverlayEngine

struct KeyRepeatTests {
    @Test func aHeldKeyRepeatsAfterTheDelayAtTheRate() {
        var keys = KeyRepeat(rate: 10, delay: 0.5)
        keys.pressed(14, at: 100)
        #expect(keys.deadline == 100.5)
        #expect(keys.advance(to: 100.4) == 0, "nothing before the delay")
        #expect(keys.advance(to: 100.5) == 1)
        #expect(keys.advance(to: 100.55) == 0)
        #expect(keys.advance(to: 100.6) == 1, "then every 1/rate seconds")
        #expect(keys.advance(to: 100.8) == 2)
    }

    @Test func releasingTheKeyStopsItAndOtherKeysDoNot() {
        var keys = KeyRepeat(rate: 10, delay: 0.5)
        keys.pressed(14, at: 0)
        keys.released(30)
        #expect(keys.deadline == 0.5, "another key's release changes nothing")
        keys.released(14)
        #expect(keys.deadline == nil)
        #expect(keys.advance(to: 10) == 0)
    }

    @Test func aNewPressReplacesTheHeldKey() {
        var keys = KeyRepeat(rate: 10, delay: 0.5)
        keys.pressed(14, at: 0)
        keys.pressed(30, at: 0.3)
        #expect(keys.held?.code == 30)
        #expect(keys.deadline == 0.8)
    }

    @Test func rateZeroNeverRepeats() {
        var keys = KeyRepeat(rate: 0, delay: 0.5)
        keys.pressed(14, at: 0)
        #expect(keys.deadline == nil)
        #expect(keys.advance(to: 5) == 0)
    }

    @Test func aLongSleepFiresAFewRepeatsNotABurst() {
        var keys = KeyRepeat(rate: 25, delay: 0.6)
        keys.pressed(14, at: 0)
        #expect(keys.advance(to: 60) == KeyRepeat.maximumCatchUp)
        #expect(keys.deadline! > 60, "the next one is after now")
        #expect(keys.deadline! <= 60 + 1.0 / 25 + 1e-9)
    }
}
