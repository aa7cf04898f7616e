/// The entry point. `overlay-wl daemon` reads only the daemon's own options, without
/// ArgumentParser when they are plainly well formed: building a parser (let alone the whole
/// command tree) would page in code for a process that then idles for hours (megabytes of
/// resident memory). `overlay-wl osd`, run by a key once a press, does the same
/// (`OSDRequest.parsePlain`): the parser would be a third of its time in user space.
@main
enum Entry {
    static func main() {
        let arguments = CommandLine.arguments.dropFirst()
        if arguments.first == "daemon" {
            let daemonArguments = Array(arguments.dropFirst())
            guard let options = DaemonOptions.parsePlain(daemonArguments) else {
                return DaemonCommand.main(daemonArguments)
            }
            do {
                try DaemonCommand.run(options)
            } catch {
                DaemonCommand.exit(withError: error)
            }
        } else if arguments.first == "osd", let request = OSDRequest.parsePlain(Array(arguments.dropFirst())) {
            do {
                try request.run()
            } catch {
                OSDCommand.exit(withError: error)
            }
        } else {
            OverlayCommand.main()
        }
    }
}
