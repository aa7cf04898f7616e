// `overlay-wl osd --stdin` reading its lines: an overlong line skipped without being held, bad
// input quoted safely in its error, the line numbers right; and numbers read as decimals only.
import ArgumentParser
import Glibc
import Testing
@testable import overlay_wl

@Suite struct OSDStandardInputTests {
    /// A descriptor reading `bytes` from the start (a file already unlinked).
    func input(_ bytes: [UInt8]) throws -> Int32 {
        let path = "/tmp/overlay-osd-lines-\(getpid())-\(UInt32.random(in: 0...UInt32.max))"
        let fd = open(path, O_RDWR | O_CREAT | O_EXCL, 0o600)
        try #require(fd >= 0)
        unlink(path)
        let written = bytes.withUnsafeBytes { write(fd, $0.baseAddress, $0.count) }
        try #require(written == bytes.count)
        lseek(fd, 0, SEEK_SET)
        return fd
    }

    /// What `osd volume --stdin` does with `text`: the levels it shows and the errors it reports.
    func levels(_ text: String) throws -> (shown: [Double], reports: [String]) {
        let fd = try input(Array(text.utf8))
        defer { close(fd) }
        var shown: [Double] = [], reports: [String] = []
        try OSDCommand.parse(["volume", "--stdin"]).readLevels(from: fd, show: { shown.append($0.shown.value) },
                                                               report: { reports.append($0) })
        return (shown, reports)
    }

    @Test func anOverlongLineIsSkippedWithAShortErrorAndTheNextLineIsRead() throws {
        let long = String(repeating: "9", count: 1_000_000)
        let (shown, reports) = try levels("40\n\(long)\n50\n")
        #expect(shown == [40, 50])
        #expect(reports == [#"line 2: longer than 256 bytes: ""# + String(repeating: "9", count: 40) + #"…""#])
        // The longest line kept is 256 bytes; one more is too long, also as the last line.
        let (edge, edgeReports) = try levels("60" + String(repeating: " ", count: 254) + "\n70" + String(repeating: " ", count: 255))
        #expect(edge == [60] && edgeReports.count == 1 && edgeReports[0].hasPrefix("line 2: longer than 256 bytes"), "\(edgeReports)")
    }

    /// However long a line, the reader holds its first 256 bytes and its 4 KiB buffer (each
    /// rounded up a little by the allocator), not the line.
    @Test func anOverlongLineIsNotHeld() throws {
        let fd = try input(Array(String(repeating: "7", count: 1_000_000).utf8) + Array("\n8".utf8))
        defer { close(fd) }
        var lines = LevelLines(fd), held = 0
        var read: [LevelLines.Line] = []
        while let line = lines.next() {
            read.append(line)
            held = max(held, lines.heldBytes)
        }
        // Described by kind and length: a failure would print a megabyte otherwise.
        let described = read.map { line -> String in
            switch line {
            case .text(let text): "text \(text.utf8.count)"
            case .tooLong(let start): "too long, \(start.utf8.count) bytes kept\(start.allSatisfy { $0 == "7" } ? "" : " (not its start)")"
            }
        }
        #expect(described == ["too long, 256 bytes kept", "text 1"])
        #expect(held <= LevelLines.maxLineBytes + LevelLines.bufferBytes + 128, "\(held) bytes held")
    }

    @Test func controlCharactersAndNULAreQuotedEscaped() throws {
        let (shown, reports) = try levels("\u{1B}[2J\0x\n1 2 \u{1B}]0;title\u{7}\n\u{202E}5\n45\n")
        #expect(shown == [45])
        #expect(reports == [#"line 1: expected a number, got "\u{1B}[2J\u{0}x""#,
                            #"line 2: expected a level and at most `muted` after it, got "1 2 \u{1B}]0;title\u{7}""#,
                            #"line 3: expected a number, got "\u{202E}5""#])
        #expect(OSDCommand.quoted(#"a"b\c"#) == #""a\"b\\c""#)
        #expect(OSDCommand.quoted(String(repeating: "é", count: 41)) == "\"" + String(repeating: "é", count: 40) + "…\"")
        #expect(OSDCommand.quoted(String(repeating: "é", count: 40)) == "\"" + String(repeating: "é", count: 40) + "\"")
    }

    /// Blank lines, overlong lines and bad ones all count: the errors name the lines as an editor would.
    @Test func theLineNumbersCountEveryLine() throws {
        let long = String(repeating: "1", count: 5000)
        let (shown, reports) = try levels("40\n\n \r\nloud\n\(long)\n55 quiet\r\n60\n\n\n1400")
        #expect(shown == [40, 60])
        #expect(reports.map { $0.prefix(while: { $0 != ":" }) } == ["line 4", "line 5", "line 6", "line 10"], "\(reports)")
    }

    /// Levels and values are decimal: not `0x10` (16 to `Double`), `1e1` or `inf`; a negative
    /// level is refused for its range.
    @Test func numbersAreDecimal() throws {
        for bad in [["volume", "0x10"], ["volume", "1e1"], ["volume", "inf"], ["volume", "4.5.6"], ["volume", "."],
                    ["--value", "0x4"], ["--value", "2", "--max", "1e2"]] {
            #expect(throws: (any Error).self, "\(bad)") { _ = try OSDCommand.parse(bad) }
        }
        #expect(try OSDCommand.parse(["volume", "37.5"]).shown.value == 37.5)
        #expect(try OSDCommand.parse(["--value", ".5", "--max", "2."]).shown.value == 0.5)
        let (shown, reports) = try levels("0x10\n1e1\n16%\n")
        #expect(shown == [16] && reports == [#"line 1: expected a number, got "0x10""#, #"line 2: expected a number, got "1e1""#])
        let message = { (arguments: [String]) in OSDCommand.message(for: OSDCommand.parseError(arguments)) }
        #expect(message(["volume", "-1"]) == "give the level after volume: a number 0…999")
        #expect(message(["volume", "--", "-1"]) == "the level must be 0…999 (past 100: amplified)")
        #expect(message(["brightness", "--", "-1"]) == "the level must be 0…100")
        #expect(message(["brightness", "101"]) == "the level must be 0…100")
        #expect(message(["--value", "-1"]) == "--value must be 0…100")
        #expect(message(["--value", "3", "--max", "2.5"]) == "--value must be 0…2.5")
    }
}

extension OSDCommand {
    /// The error parsing `arguments` throws (none: a plain error that matches no message).
    static func parseError(_ arguments: [String]) -> Error {
        do { _ = try parse(arguments) } catch { return error }
        return CancellationError()
    }
}
