import Foundation
import XCTest

/// `speak`: notifications read aloud through a real speech-dispatcher, run as the rig user with a
/// logging output module (sd_generic appending the text to a file; libao as the audio method,
/// since the default, pulse, has no server here and the module then refuses to load). Its own log (level 5)
/// records each message it queues with its SSIP priority: 1 important, 2 message.
final class SpeechDispatcherTests: RigTestCase {
    struct SpeechServer {
        let socket: String
        let log: String
    }

    /// Starts speech-dispatcher on a socket of its own (stopped after the test).
    func startSpeechDispatcher() throws -> SpeechServer {
        guard ProcessRunner.which("speech-dispatcher") != nil else { throw XCTSkip("speech-dispatcher is not installed") }
        let tag = UUID().uuidString.prefix(6)
        let dir = "\(rig.shotsDirectory)/speechd-\(tag)"
        XCTAssertTrue(rig.run(["mkdir", "-p", "\(dir)/modules", "\(dir)/log"]).succeeded)
        let conf = """
            LogLevel 5
            LogDir "\(dir)/log"
            AddModule "logger" "sd_generic" "logger.conf"
            DefaultModule logger
            AudioOutputMethod "libao"
            """
        let module = """
            GenericExecuteSynth "printf '%s\\\\n' \\'$DATA\\' >> \(dir)/spoken.txt"
            AddVoice "en" "MALE1" "x"
            """
        for (name, text) in [("speechd.conf", conf), ("modules/logger.conf", module)] {
            let path = try rig.writeScratchFile("speechd-\(tag)-\(name.replacingOccurrences(of: "/", with: "-"))", Data(text.utf8))
            XCTAssertTrue(rig.run(["cp", path, "\(dir)/\(name)"]).succeeded)
        }
        let socket = "\(dir)/speechd.sock"
        let server = try rig.spawn(["speech-dispatcher", "-s", "-t", "0", "-C", dir, "-c", "unix_socket", "-S", socket,
                                    "-P", "\(dir)/speechd.pid"])
        addTeardownBlock { server.stop() }
        let deadline = Date().addingTimeInterval(10)
        while !FileManager.default.fileExists(atPath: socket) {
            guard Date() < deadline, server.isRunning else { throw HarnessError.failed("speech-dispatcher did not start: \(server.output)") }
            Thread.sleep(forTimeInterval: 0.05)
        }
        return SpeechServer(socket: socket, log: "\(dir)/log/speech-dispatcher.log")
    }

    /// The daemon with `[general] speak`, pointed at `server` by `SPEECHD_ADDRESS`.
    func startDaemon(speak: String, _ server: SpeechServer) throws {
        let config = try rig.writeScratchFile("speak-\(UUID().uuidString.prefix(6)).toml", Data("[general]\nspeak = \"\(speak)\"\n".utf8))
        _ = try startDaemon(["--config", config], environment: ["SPEECHD_ADDRESS=unix_socket:\(server.socket)"])
    }

    /// The (text, priority) pairs speech-dispatcher queued, from its log.
    func queued(_ server: SpeechServer) -> [String] {
        let text = (try? String(contentsOfFile: server.log, encoding: .utf8)) ?? ""
        return text.split(separator: "\n").compactMap { line in
            guard let range = line.range(of: "Queueing message |") else { return nil }
            return line[range.upperBound...].replacingOccurrences(of: "| with priority ", with: " @")
        }
    }

    func waitForQueued(_ server: SpeechServer, count: Int, timeout: TimeInterval = 5) -> [String] {
        let deadline = Date().addingTimeInterval(timeout)
        while queued(server).count < count, Date() < deadline { Thread.sleep(forTimeInterval: 0.05) }
        return queued(server)
    }

    func testCriticalSpeaksAtImportantPriorityAndNormalStaysSilentWithSpeakCritical() throws {
        let speech = try startSpeechDispatcher()
        try startDaemon(speak: "critical", speech)
        _ = try rig.notifySend(["-a", "Chat", "Quiet one", "body"])
        _ = try rig.notifySend(["-a", "Power", "-u", "critical", "Battery at 3%", "plug in"])
        XCTAssertEqual(waitForQueued(speech, count: 1), ["Power: Battery at 3% @1"])
        Thread.sleep(forTimeInterval: 0.3)
        XCTAssertEqual(queued(speech), ["Power: Battery at 3% @1"], "the normal notification must not be spoken")
    }

    func testDoNotDisturbSilencesAllButCritical() throws {
        let speech = try startSpeechDispatcher()
        try startDaemon(speak: "all", speech)
        XCTAssertTrue(try cli(["dnd", "--on"]).succeeded)
        _ = try rig.notifySend(["-a", "Chat", "Muted", "body"])
        _ = try rig.notifySend(["-a", "Alarm", "-u", "critical", "Wake up", "now"])
        XCTAssertTrue(try cli(["dnd", "--off"]).succeeded)
        _ = try rig.notifySend(["-a", "Chat", "Heard", "body"])
        XCTAssertEqual(waitForQueued(speech, count: 2), ["Alarm: Wake up @1", "Chat: Heard @2"])
        Thread.sleep(forTimeInterval: 0.3)
        XCTAssertFalse(queued(speech).contains { $0.contains("Muted") }, "held by do-not-disturb, never spoken")
    }
}
