// The files the daemon and CLI read as text (config, view, template and tour files): only regular
// files, and never a wait: opening a FIFO for reading blocked until a writer came, which held the
// daemon's whole main loop on `reload`.
import Dispatch
import Glibc
import OverlayConfig
import Testing
@testable import overlay_wl

@Suite struct ReadTextFileTests {
    let folder: String = {
        let dir = "/tmp/overlay-read-text-\(getpid())"
        mkdir(dir, 0o700)
        return dir
    }()

    final class Outcome: @unchecked Sendable {
        var error: (any Error)?
        var text: String?
    }

    /// `readTextFile(path)` on another thread; nil if it did not return within 5 seconds.
    func readPromptly(_ path: String) -> Outcome? {
        let outcome = Outcome()
        let done = DispatchSemaphore(value: 0)
        DispatchQueue.global().async {
            do { outcome.text = try readTextFile(path) } catch { outcome.error = error }
            done.signal()
        }
        if done.wait(timeout: .now() + 5) == .success { return outcome }
        // A reader blocked in open() is let go by a writer coming and going.
        let writer = open(path, O_WRONLY | O_NONBLOCK)
        if writer >= 0 { close(writer) }
        _ = done.wait(timeout: .now() + 5)
        return nil
    }

    @Test func aFIFOIsRefusedWithoutWaitingForAWriter() throws {
        let fifo = folder + "/config.toml"
        unlink(fifo)
        try #require(mkfifo(fifo, 0o600) == 0)
        defer { unlink(fifo) }
        let outcome = try #require(readPromptly(fifo), "readTextFile blocked on a FIFO")
        let error = try #require(outcome.error as? ConfigError)
        #expect(error.description == "\(fifo): not a regular file")
        #expect(throws: ConfigError.self) { try ConfigRuntime.load(fifo) }
    }

    @Test func aDirectoryIsRefused() throws {
        let outcome = try #require(readPromptly(folder))
        #expect((outcome.error as? ConfigError)?.reason == "not a regular file")
    }

    @Test func aMissingFileCannotBeRead() throws {
        let outcome = try #require(readPromptly(folder + "/missing.toml"))
        #expect((outcome.error as? ConfigError)?.reason == "cannot read: No such file or directory")
    }

    @Test func aRegularFileIsReadWhole() throws {
        let path = folder + "/text.toml"
        let text = String(repeating: "# ünïcode line\n", count: 10_000)  // several reads' worth
        let file = try #require(fopen(path, "wb"))
        fputs(text, file)
        fclose(file)
        defer { unlink(path) }
        #expect(try readTextFile(path) == text)
    }
}
