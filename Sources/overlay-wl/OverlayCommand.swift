import Glibc
import ArgumentParser

struct OverlayCommand: ParsableCommand {
    static let version = "0.1.0"
    static let configuration = CommandConfiguration(
        commandName: "overlay-wl",
        abstract: "Overlays for the Wayland desktop: notifications, toasts, side menus and help tips.",
        version: version,
        subcommands: [DaemonCommand.self, ShowCommand.self, UpdateCommand.self, DismissCommand.self, DismissAllCommand.self,
                      DismissTopmostCommand.self, InvokeCommand.self, ReplyCommand.self, ListCommand.self, ContainersCommand.self,
                      HistoryCommand.self, RestoreCommand.self, ModeCommand.self, DoNotDisturbCommand.self, ReloadCommand.self,
                      RenderCommand.self, OSDCommand.self, TourCommand.self, DrawerCommand.self, CenterCommand.self, SnoozeCommand.self,
                      FocusCommand.self]
    )
}

/// Prints one clear line to stderr and exits non-zero.
func fail(_ message: String) -> ExitCode {
    var stderr = StandardError()
    print("overlay-wl: \(message)", to: &stderr)
    return ExitCode.failure
}

struct StandardError: TextOutputStream {
    mutating func write(_ string: String) {
        string.utf8CString.withUnsafeBufferPointer { buffer in
            _ = buffer.baseAddress.map { fputs($0, stderr) }
        }
    }
}
