import OverlayConfig
import OverlayEngine

/// Opens links clicked in any view's body with the config's opener (`general.link-opener`, the
/// URL appended as one argument, never through a shell), for the schemes it allows
/// (`general.link-schemes`). A link click is claimed: it never dismisses the view or invokes
/// its default action.
final class LinkOpener {
    private let config: ConfigRuntime
    /// Starts the command; returns false when it could not (the default spawns it detached).
    var launch: ([String]) -> Bool = { argv in HookRunner.spawn(argv, environment: HookRunner.inheritedEnvironment()) >= 0 }

    init(config: ConfigRuntime) { self.config = config }

    /// Runs the opener for `url` if its scheme is allowed; logs why not otherwise.
    func open(_ url: String) {
        let settings = config.config.general
        switch Self.check(url, allowed: settings.linkSchemes) {
        case .failure(let reason):
            log("link not opened: \(reason)")
        case .success:
            let argv = settings.linkOpener + [url]
            if !launch(argv) { log("link not opened: cannot start \(argv[0])") }
        }
    }

    struct Refusal: Error, CustomStringConvertible {
        let description: String
    }

    /// Whether `url` may be handed to the opener: a scheme from `allowed`, no control
    /// characters, a sane length.
    static func check(_ url: String, allowed: [String]) -> Result<Void, Refusal> {
        let shown = url.count > 80 ? String(url.prefix(80)) + "…" : url
        guard url.utf8.count <= 8192 else { return .failure(Refusal(description: "URL longer than 8192 bytes")) }
        guard !url.unicodeScalars.contains(where: { $0.value < 0x20 || $0.value == 0x7F }) else {
            return .failure(Refusal(description: "control characters in \(shown.debugDescription)"))
        }
        guard let colon = url.firstIndex(of: ":"), ConfigParser.isScheme(String(url[..<colon])) else {
            return .failure(Refusal(description: "\(shown.debugDescription) has no scheme (general.link-schemes: \(allowed.joined(separator: ", ")))"))
        }
        let scheme = url[..<colon].lowercased()
        guard allowed.contains(scheme) else {
            return .failure(Refusal(description: "scheme '\(scheme)' of \(shown.debugDescription) is not allowed (general.link-schemes: \(allowed.joined(separator: ", ")))"))
        }
        return .success(())
    }
}
