// `overlay-wl osd caps-lock`: a lock key's state read from LEDs laid out as /sys/class/leds lays
// them out (a directory per LED with its `brightness`), in a directory of the test's own.
import Foundation
import Testing
@testable import overlay_wl

@Suite struct LockKeyTests {
    /// A directory of LEDs, each name with its brightness; removed when `body` returns.
    private func withLEDs(_ leds: [String: String], _ body: (String) throws -> Void) throws {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("leds-\(UUID().uuidString)").path
        defer { try? FileManager.default.removeItem(atPath: dir) }
        for (name, brightness) in leds {
            try FileManager.default.createDirectory(atPath: "\(dir)/\(name)", withIntermediateDirectories: true)
            try brightness.write(toFile: "\(dir)/\(name)/brightness", atomically: false, encoding: .utf8)
        }
        try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
        try body(dir)
    }

    private func message(_ body: () throws -> Bool) -> String? {
        do { _ = try body() } catch { return "\(error)" }
        return nil
    }

    @Test func theStateIsOnWhenAnyKeyboardsLEDIsLit() throws {
        try withLEDs(["input3::capslock": "0\n", "input7::capslock": "1\n", "input3::numlock": "0\n", "phy0-led": "1\n"]) { dir in
            let caps = try LockKey.capsLock.isOn(in: dir), num = try LockKey.numLock.isOn(in: dir)
            let named = try LockKey.capsLock.isOn(led: "input3::capslock", in: dir)
            #expect(caps, "input7's is lit")
            #expect(!num, "only numlock LEDs count, not phy0-led")
            #expect(!named, "the one named")
            #expect(message { try LockKey.scrollLock.isOn(in: dir) }
                    == "no Scroll Lock LED under \(dir) (a keyboard's is named like input3::scrolllock; name one with --led)")
            #expect(message { try LockKey.capsLock.isOn(led: "input9::capslock", in: dir) }
                    == "cannot read Caps Lock's LED: \(dir)/input9::capslock/brightness")
            #expect(message { try LockKey.capsLock.isOn(led: "../input7::capslock", in: dir) }?.hasPrefix("--led takes a name under") == true)
        }
        try withLEDs(["input3::capslock": "on\n"]) { dir in
            #expect(message { try LockKey.capsLock.isOn(in: dir) } == "cannot read Caps Lock's LED: \(dir)/input3::capslock/brightness")
        }
    }

    @Test func theMessageNamesTheKeyAndItsState() {
        #expect(LockKey.capsLock.label(on: true) == "Caps Lock on")
        #expect(LockKey.numLock.label(on: false) == "Num Lock off")
        #expect(LockKey.scrollLock.ledFunction == "scrolllock")
    }
}
