import DBusService
import OverlayConfig

/// What is read aloud for one notification, and how urgently.
struct Utterance: Equatable {
    /// SSIP priorities used: `important` interrupts and is never dropped; `message` waits its turn.
    enum Priority: String { case important, message }
    var text: String
    var priority: Priority
}

/// Which notifications speak: `speak` (a rule's, else `[general]`'s) and do-not-disturb.
enum SpeechPolicy {
    /// Characters read aloud at most; longer text is cut.
    static let maximumCharacters = 500

    static func utterance(appName: String, summary: String, urgency: Urgency, speak: SpeakPolicy,
                          doNotDisturb: Bool) -> Utterance? {
        let critical = urgency == .critical
        switch speak {
        case .none: return nil
        case .critical where !critical: return nil
        case .all where !critical && doNotDisturb: return nil
        default: break
        }
        let app = NotificationTipText.plain(appName), title = NotificationTipText.plain(summary)
        let text = app.isEmpty ? title : title.isEmpty ? app : "\(app): \(title)"
        guard !text.allSatisfy(\.isWhitespace) else { return nil }
        return Utterance(text: String(text.prefix(maximumCharacters)), priority: critical ? .important : .message)
    }
}

/// The Speech Synthesis Interface Protocol's framing: CRLF lines, a reply per command, and a
/// SPEAK data block ended by a line with a single dot.
enum SSIP {
    /// The commands that speak `utterance`, each answered by one reply.
    static func commands(for utterance: Utterance) -> [String] {
        ["SET self PRIORITY \(utterance.priority.rawValue)\r\n", "SPEAK\r\n", dataBlock(utterance.text)]
    }

    static let clientName = "SET self CLIENT_NAME user:overlay-wl:notifications\r\n"

    /// `text` as SPEAK data: CRLF line ends, a line that is a single "." doubled, then the end mark.
    static func dataBlock(_ text: String) -> String {
        let lines = text.split(omittingEmptySubsequences: false, whereSeparator: \.isNewline)
            .map { $0 == "." ? ".." : String($0) }
        return lines.joined(separator: "\r\n") + "\r\n.\r\n"
    }

    /// The status code of a reply's last line ("225 OK MESSAGE QUEUED"); nil for a continued
    /// line ("225-21") or one that is not a reply.
    static func finalCode(_ line: Substring) -> Int? {
        let bytes = Array(line.utf8)
        guard bytes.count >= 4, bytes[3] == UInt8(ascii: " ") else { return nil }
        return Int(String(decoding: bytes[0..<3], as: UTF8.self))
    }
}

extension NotificationFrontend {
    /// Reads a shown notification aloud when `speak` (the rule's, else `[general]`'s) asks for it.
    func announce(_ record: NotificationRecord, decision: RoutingDecision) {
        guard let speech, let utterance = SpeechPolicy.utterance(
            appName: record.appName, summary: record.summary, urgency: record.urgency,
            speak: decision.speak ?? config.config.general.speak, doNotDisturb: config.doNotDisturb) else { return }
        speech.speak(utterance)
    }
}
