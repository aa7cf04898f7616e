// Reading notifications aloud: the SSIP framing, which notifications speak and how, the config
// keys, and the client's exchange with a speech-dispatcher stand-in on a Unix socket.
import DBusService
import Glibc
import OverlayConfig
import Testing
@testable import overlay_wl

struct SSIPEncodingTests {
    @Test func aDataBlockEndsWithADotLineAndDoublesLoneDots() {
        #expect(SSIP.dataBlock("Mail: hi") == "Mail: hi\r\n.\r\n")
        #expect(SSIP.dataBlock("a\n.\nb") == "a\r\n..\r\nb\r\n.\r\n")
        #expect(SSIP.dataBlock(".") == "..\r\n.\r\n")
        #expect(SSIP.dataBlock("a\r\n.x") == "a\r\n.x\r\n.\r\n", "only a line that is a single dot is doubled")
    }

    @Test func anUtteranceIsPriorityThenSpeakThenData() {
        #expect(SSIP.commands(for: Utterance(text: "Power: Battery low", priority: .important))
            == ["SET self PRIORITY important\r\n", "SPEAK\r\n", "Power: Battery low\r\n.\r\n"])
        #expect(SSIP.commands(for: Utterance(text: "x", priority: .message)).first == "SET self PRIORITY message\r\n")
    }

    @Test func onlyTheLastLineOfAReplyHasAFinalCode() {
        #expect(SSIP.finalCode("225-21") == nil)
        #expect(SSIP.finalCode("225 OK MESSAGE QUEUED") == 225)
        #expect(SSIP.finalCode("230 OK RECEIVING DATA") == 230)
        #expect(SSIP.finalCode("oops") == nil)
    }
}

struct SpeechPolicyTests {
    /// (speak, urgency, do-not-disturb) → the priority spoken at, nil for silence.
    static let cases: [(SpeakPolicy, Urgency, Bool, Utterance.Priority?)] = [
        (.none, .critical, false, nil), (.none, .normal, false, nil),
        (.critical, .critical, false, .important), (.critical, .normal, false, nil), (.critical, .low, false, nil),
        (.critical, .critical, true, .important),
        (.all, .normal, false, .message), (.all, .low, false, .message), (.all, .critical, false, .important),
        (.all, .normal, true, nil), (.all, .low, true, nil), (.all, .critical, true, .important),
    ]

    @Test(arguments: cases.indices) func whichNotificationsSpeakAndHow(index: Int) {
        let (speak, urgency, dnd, expected) = Self.cases[index]
        let utterance = SpeechPolicy.utterance(appName: "Mail", summary: "New", urgency: urgency, speak: speak, doNotDisturb: dnd)
        #expect(utterance?.priority == expected, "speak=\(speak) urgency=\(urgency) dnd=\(dnd)")
    }

    @Test func theTextIsAppAndSummaryWithoutMarkup() {
        let u = SpeechPolicy.utterance(appName: "Mail", summary: "<b>Tom &amp; Ann</b>", urgency: .critical,
                                       speak: .all, doNotDisturb: false)
        #expect(u?.text == "Mail: Tom & Ann")
        #expect(SpeechPolicy.utterance(appName: "", summary: "Hi", urgency: .normal, speak: .all, doNotDisturb: false)?.text == "Hi")
        #expect(SpeechPolicy.utterance(appName: " ", summary: "", urgency: .normal, speak: .all, doNotDisturb: false) == nil)
        let long = SpeechPolicy.utterance(appName: "A", summary: String(repeating: "x", count: 2000), urgency: .normal,
                                          speak: .all, doNotDisturb: false)
        #expect(long?.text.count == SpeechPolicy.maximumCharacters)
    }
}

struct SpeakConfigTests {
    @Test func speakIsReadFromGeneralAndRules() throws {
        #expect(try ConfigRuntime.parser.parse("", file: "c").general.speak == .none)
        let config = try ConfigRuntime.parser.parse("""
            [general]
            speak = "critical"
            [[rules]]
            app-name = "^Chat$"
            speak = "all"
            """, file: "c")
        #expect(config.general.speak == .critical)
        #expect(config.route(NotificationFacts(appName: "Chat"), modes: []).speak == .all)
        #expect(config.route(NotificationFacts(appName: "Mail"), modes: []).speak == nil)
    }

    @Test func anUnknownSpeakValueSaysWhere() {
        #expect(throws: ConfigError(file: "c", line: 2, column: 9, reason: "[general] speak: unknown value 'loud' (none, critical, all)")) {
            try ConfigRuntime.parser.parse("[general]\nspeak = \"loud\"\n", file: "c")
        }
    }
}

/// A speech-dispatcher stand-in: a listening Unix socket whose one client the test reads and answers.
final class FakeSpeechServer {
    let path: String
    private let listener: Int32
    private var client: Int32 = -1

    init() {
        path = "/tmp/overlay-wl-ssip-\(getpid())-\(UInt32.random(in: 0...UInt32.max)).sock"
        listener = socket(AF_UNIX, Int32(SOCK_STREAM.rawValue), 0)
        var address = sockaddr_un()
        address.sun_family = sa_family_t(AF_UNIX)
        withUnsafeMutableBytes(of: &address.sun_path) { raw in for (i, b) in path.utf8.enumerated() { raw[i] = b } }
        _ = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(listener, $0, socklen_t(MemoryLayout<sockaddr_un>.size)) }
        }
        listen(listener, 4)
    }

    deinit {
        if client >= 0 { close(client) }
        close(listener)
        unlink(path)
    }

    /// What the client has sent since the last read (accepting it first).
    func read() -> String {
        if client < 0 { client = accept(listener, nil, nil) }
        var bytes: [UInt8] = [], buffer = [UInt8](repeating: 0, count: 4096)
        while true {
            let n = buffer.withUnsafeMutableBytes { recv(client, $0.baseAddress, $0.count, Int32(MSG_DONTWAIT)) }
            if n <= 0 { break }
            bytes += buffer[0..<n]
        }
        return String(decoding: bytes, as: UTF8.self)
    }

    func reply(_ text: String) { _ = text.withCString { send(client, $0, strlen($0), Int32(MSG_NOSIGNAL)) } }
    func hangUp() { close(client); client = -1 }
}

struct SpeechClientTests {
    /// Answers each command as speech-dispatcher does and returns what was sent, command by command.
    func exchange(_ server: FakeSpeechServer, _ speech: SpeechClient, replies: [String]) throws -> [String] {
        var sent: [String] = []
        for reply in replies {
            sent.append(server.read())
            server.reply(reply)
            try speech.dispatch(events: Int16(POLLIN))
        }
        return sent
    }

    @Test func aCriticalNotificationSpeaksAtImportantPriority() throws {
        let server = FakeSpeechServer()
        let h = try DaemonHarness(config: "[general]\nspeak = \"critical\"\n")
        h.daemon.speech.socketPath = server.path
        _ = try h.notify(NotifyRequest(appName: "Mail", summary: "quiet one"))
        #expect(!h.daemon.speech.isConnected, "speak = critical: a normal notification does not connect")
        _ = try h.notify(NotifyRequest(appName: "Power", summary: "Battery at 3%", hints: ["urgency": .byte(2)]))
        let sent = try exchange(server, h.daemon.speech, replies: [
            "208 OK CLIENT NAME SET\r\n", "202 OK PRIORITY SET\r\n", "230 OK RECEIVING DATA\r\n", "225-1\r\n225 OK MESSAGE QUEUED\r\n",
        ])
        #expect(sent == [SSIP.clientName, "SET self PRIORITY important\r\n", "SPEAK\r\n", "Power: Battery at 3%\r\n.\r\n"])
        #expect(server.read() == "", "nothing more to say")
    }

    @Test func doNotDisturbSilencesAllButCritical() throws {
        let server = FakeSpeechServer()
        let h = try DaemonHarness(config: "[general]\nspeak = \"all\"\n")
        h.daemon.speech.socketPath = server.path
        _ = try h.daemon.control.handle(BusCall(member: "SetDoNotDisturb", arguments: [.bool(true)]))
        _ = try h.notify(NotifyRequest(appName: "Chat", summary: "hi"))
        #expect(!h.daemon.speech.isConnected)
        _ = try h.daemon.control.handle(BusCall(member: "SetDoNotDisturb", arguments: [.bool(false)]))
        _ = try h.notify(NotifyRequest(appName: "Chat", summary: "hello"))
        let sent = try exchange(server, h.daemon.speech, replies: ["208 OK\r\n", "202 OK\r\n", "230 OK\r\n", "225 OK\r\n"])
        #expect(sent.dropFirst() == ["SET self PRIORITY message\r\n", "SPEAK\r\n", "Chat: hello\r\n.\r\n"])
    }

    @Test func aMissingSpeechDispatcherDropsTheUtteranceAndLaterReconnects() throws {
        let speech = SpeechClient(socketPath: "/tmp/overlay-wl-no-such-\(getpid()).sock")
        speech.speak(Utterance(text: "lost", priority: .important))
        #expect(!speech.isConnected && speech.queue.isEmpty)
        let server = FakeSpeechServer()
        speech.socketPath = server.path
        speech.speak(Utterance(text: "heard", priority: .important))
        #expect(speech.isConnected)
        _ = try exchange(server, speech, replies: ["208 OK\r\n"])
        server.hangUp()
        try speech.dispatch(events: Int16(POLLIN | POLLHUP))
        #expect(!speech.isConnected, "a closed socket is dropped, not polled")
        speech.speak(Utterance(text: "again", priority: .message))
        let sent = try exchange(server, speech, replies: ["208 OK\r\n", "202 OK\r\n", "230 OK\r\n", "225 OK\r\n"])
        #expect(sent == [SSIP.clientName, "SET self PRIORITY message\r\n", "SPEAK\r\n", "again\r\n.\r\n"],
                "the next utterance connects again; the one cut off is not resent")
    }

    @Test func theQueueKeepsImportantUtterancesWithinItsBound() {
        let server = FakeSpeechServer()
        let speech = SpeechClient(socketPath: server.path)
        speech.speak(Utterance(text: "urgent", priority: .important))
        for i in 0..<40 { speech.speak(Utterance(text: "m\(i)", priority: .message)) }
        #expect(speech.queue.count == SpeechClient.queueLimit)
        #expect(speech.queue.first?.text == "urgent" && speech.queue.last?.text == "m39")
    }
}
