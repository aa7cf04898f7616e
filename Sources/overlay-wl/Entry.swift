/// The entry point. `overlay-wl daemon` parses only the daemon's own options: building the whole
/// command tree first would page in every subcommand's code for a process that then idles for
/// hours (megabytes of resident memory).
@main
enum Entry {
    static func main() {
        let arguments = CommandLine.arguments.dropFirst()
        if arguments.first == "daemon" {
            DaemonCommand.main(Array(arguments.dropFirst()))
        } else {
            OverlayCommand.main()
        }
    }
}
