// The daemon's plain option reader must mean exactly what ArgumentParser's DaemonCommand means,
// and hand everything else to it.
import Testing
import PropertyBased
@testable import overlay_wl

/// ArgumentParser's reading of `arguments`, or nil when it rejects them.
private func parsedByArgumentParser(_ arguments: [String]) -> DaemonOptions? {
    guard let command = try? DaemonCommand.parse(arguments) else { return nil }
    return DaemonOptions(config: command.config, defaultTimeout: command.defaultTimeout)
}

@Suite struct DaemonOptionsTests {
    @Test(arguments: [
        [],
        ["--config", "/etc/x.toml"],
        ["--config=/etc/x.toml"],
        ["--default-timeout", "2.5"],
        ["--default-timeout=7", "--config", "c.toml"],
    ])
    func plainArgumentsReadAsArgumentParserReadsThem(_ arguments: [String]) throws {
        let plain = try #require(DaemonOptions.parsePlain(arguments))
        #expect(plain == parsedByArgumentParser(arguments))
    }

    @Test(arguments: [
        ["--help"], ["-h"], ["--version"], ["--config"], ["--default-timeout", "soon"],
        ["--config", "a", "--config", "b"], ["--unknown", "x"], ["extra"], ["--config", "--help"],
    ])
    func anythingElseGoesToArgumentParser(_ arguments: [String]) {
        #expect(DaemonOptions.parsePlain(arguments) == nil)
    }

    static let tokens = ["--config", "--default-timeout", "a.toml", "3", "-1", "1e2", "x",
                         "--config=b.toml", "--default-timeout=0.5", "--default-timeout=no", "--help", "--"]

    @Test func randomArgumentsNeverDisagree() async {
        await propertyCheck(count: 500, input: Gen.int(in: 0..<Self.tokens.count).array(of: 0...5)) { picks in
            let arguments = picks.map { Self.tokens[$0] }
            if let plain = DaemonOptions.parsePlain(arguments) {
                #expect(plain == parsedByArgumentParser(arguments), "\(arguments)")
            }
        }
    }
}
