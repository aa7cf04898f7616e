// `overlay-wl osd`'s plain reader must mean exactly what ArgumentParser's OSDCommand means, and
// hand everything else to it.
import ArgumentParser
import PropertyBased
import Testing
@testable import overlay_wl

/// ArgumentParser's reading of `arguments` (after `osd`), or nil when it rejects them.
private func parsedByArgumentParser(_ arguments: [String]) -> OSDRequest? {
    guard let command = try? OSDCommand.parse(arguments), !command.stdin else { return nil }
    return command.request
}

@Suite struct OSDRequestTests {
    @Test(arguments: [
        ["volume", "40"],
        ["volume", "40", "--muted"],
        ["volume", "0", "--icon", "audio-card"],
        ["--icon=audio-card", "volume", "37.5", "--label", "Headphones"],
        ["brightness", "80"],
        ["brightness", "100", "--label=Screen"],
        ["microphone", "120", "--muted"],
        ["--label", "Caps Lock", "--icon", "input-keyboard-symbolic"],
        ["--value", "3", "--max", "4", "--label", "Fan <2>", "--icon", "fan"],
        ["--value=0", "--max=0.5"],
        ["--value", "70"],
        ["caps-lock"],
        ["num-lock", "--led", "input3::numlock", "--icon", "keyboard"],
    ])
    func plainArgumentsReadAsArgumentParserReadsThem(_ arguments: [String]) throws {
        let plain = try #require(OSDRequest.parsePlain(arguments))
        #expect(plain == parsedByArgumentParser(arguments))
        #expect(plain.shown == (try OSDCommand.parse(arguments)).shown)
    }

    @Test(arguments: [
        [], ["--help"], ["-h"], ["volume", "--stdin"], ["--stdin"], ["volume"], ["volume", "-5"], ["volume", "1000"], ["brightness", "101"],
        ["volume", "40", "--max", "3"], ["volume", "40", "40"], ["--value", "-1"], ["--value", "5", "--max", "4"],
        ["volume", "40", "--icon"], ["volume", "40", "--muted", "--muted"], ["brightness", "40", "--muted"],
        ["--value=abc"], ["volume", "0x10"], ["volume", "1e2"], ["volume", "40", "--", "x"],
        ["volume", "40", "--label", "--icon"], ["volume", "40", "--muted=yes"], ["speed", "40"], ["--value", "3", "volume"],
        ["volume", "40", "--unknown", "x"], ["volume", "40", "--label", "a", "--label", "b"],
        ["caps-lock", "1"], ["caps-lock", "--label", "Caps"], ["caps-lock", "--muted"], ["volume", "40", "--led", "x"],
        ["caps-lock", "--stdin"], ["--led", "input3::capslock"],
    ])
    func anythingElseGoesToArgumentParser(_ arguments: [String]) {
        #expect(OSDRequest.parsePlain(arguments) == nil)
    }

    static let tokens = ["volume", "microphone", "brightness", "caps-lock", "scroll-lock", "--led", "--led=l", "40", "100", "101", "1000", "-1", "3.5", "0x1", "x", "--muted", "--stdin",
                         "--value", "--max", "--label", "--icon", "--value=2", "--max=4", "--label=L", "--icon=i",
                         "--muted=1", "--help", "--", "-"]

    /// Whatever the plain reader accepts, ArgumentParser accepts too and reads the same.
    @Test func randomArgumentsNeverDisagree() async {
        await propertyCheck(count: 1000, input: Gen.int(in: 0..<Self.tokens.count).array(of: 0...6)) { picks in
            let arguments = picks.map { Self.tokens[$0] }
            if let plain = OSDRequest.parsePlain(arguments) {
                #expect(plain == parsedByArgumentParser(arguments), "\(arguments)")
            }
        }
    }
}
