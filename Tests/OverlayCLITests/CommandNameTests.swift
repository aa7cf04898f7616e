// Every command names itself: ArgumentParser derives a missing name from the type's name, which
// costs each CLI process a scan of every protocol conformance in the binary per unnamed command
// (it builds the whole command tree to parse any one command).
import ArgumentParser
import Testing
@testable import overlay_wl

@Suite struct CommandNameTests {
    /// Each command in the tree under `command`, itself first.
    private func tree(_ command: ParsableCommand.Type) -> [ParsableCommand.Type] {
        [command] + command.configuration.subcommands.flatMap(tree)
    }

    @Test func everyCommandHasAnExplicitName() {
        let commands = tree(OverlayCommand.self)
        #expect(commands.count > 20)
        let unnamed = commands.filter { $0.configuration.commandName == nil }.map { "\($0)" }
        #expect(unnamed.isEmpty, "commands without a commandName: \(unnamed)")
    }

    @Test func theModeSubcommandsKeepTheirNames() throws {
        let names = tree(ModeCommand.self).compactMap { $0.configuration.commandName }
        #expect(names == ["mode", "list", "set", "add", "remove"])
        let parsed = try OverlayCommand.parseAsRoot(["mode", "add", "focus"])
        #expect((parsed as? ModeCommand.Add)?.mode == "focus")
    }
}
