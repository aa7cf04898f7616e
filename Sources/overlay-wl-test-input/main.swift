// overlay-wl-test-input: drives the compositor for tests through one zwlr_virtual_pointer_v1 (KWin:
// org_kde_kwin_fake_input) and one zwp_virtual_keyboard_v1.
// Reads one command per line on stdin (see Command.usage) and answers each with `ok` (after a
// roundtrip, so the compositor has processed it) or `error MESSAGE`. Prints `ready` once the
// seat reports the pointer. `--output NAME` picks the output absolute motion maps onto.
import Glibc

setvbuf(stdout, nil, _IOLBF, 0)

func reply(_ line: String) {
    print(line)
    fflush(stdout)
}

var outputName: String?
var arguments = CommandLine.arguments.dropFirst()
while let arg = arguments.popFirst() {
    switch arg {
    case "--output": outputName = arguments.popFirst()
    case "-h", "--help":
        reply("usage: overlay-wl-test-input [--output NAME] < commands\n\(Command.usage)")
        exit(0)
    default:
        Fatal.fail("unknown argument \(arg)")
    }
}

enum Fatal {
    static func fail(_ message: String) -> Never {
        fputs("overlay-wl-test-input: \(message)\n", stderr)
        exit(1)
    }
}

let session: TestSession
do {
    session = try TestSession(outputName: outputName)
} catch {
    Fatal.fail("\(error)")
}
reply("ready")
session.run(reply: reply)
