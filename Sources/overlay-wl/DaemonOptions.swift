/// The daemon's options, read without ArgumentParser when they are plainly well formed.
///
/// ArgumentParser builds its parser through reflection, which pages in about a megabyte of
/// code and metadata that a service idling for hours never uses again. `DaemonCommand` stays
/// the definition of the options (help, errors, completions, the man page); anything this
/// reader does not recognise (help, unknown or repeated options, a bad number) goes there.
struct DaemonOptions: Equatable {
    var config: String?
    var defaultTimeout: Double?

    /// The options in `arguments`, or nil when ArgumentParser must handle them.
    static func parsePlain(_ arguments: [String]) -> DaemonOptions? {
        var options = DaemonOptions()
        var seen: Set<String> = []
        var rest = arguments[...]
        while let argument = rest.popFirst() {
            let (name, inline) = split(argument)
            guard !seen.contains(name) else { return nil }
            seen.insert(name)
            guard let value = inline ?? rest.popFirst(), !value.hasPrefix("-") else { return nil }
            switch name {
            case "--config":
                options.config = value
            case "--default-timeout":
                guard let seconds = Double(value) else { return nil }
                options.defaultTimeout = seconds
            default:
                return nil
            }
        }
        return options
    }

    /// `--name=value` → ("--name", "value"); anything else → (argument, nil). The plain readers'
    /// (this and `OSDRequest.parsePlain`).
    static func split(_ argument: String) -> (String, String?) {
        guard argument.hasPrefix("--"), let eq = argument.firstIndex(of: "=") else { return (argument, nil) }
        return (String(argument[..<eq]), String(argument[argument.index(after: eq)...]))
    }
}
