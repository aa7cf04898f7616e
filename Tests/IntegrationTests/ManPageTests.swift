import Foundation
import XCTest

/// The committed man page (docs/man/overlay-wl.1, from scripts/generate-man) documents every
/// subcommand the built binary has, with its options.
final class ManPageTests: XCTestCase {
    func testManPageMentionsEverySubcommandOfTheBinary() throws {
        let binary = try XCTUnwrap(DaemonBinary.locate(), "overlay-wl not built")
        let help = ProcessRunner.run(binary, ["--help"])
        XCTAssertTrue(help.succeeded, "\(help)")
        // "SUBCOMMANDS:" lines: two spaces, the name, two or more spaces, its abstract
        let section = try XCTUnwrap(help.stdout.components(separatedBy: "SUBCOMMANDS:").last)
        let names = section.split(separator: "\n").compactMap { line -> String? in
            guard line.hasPrefix("  "), !line.hasPrefix("   "), let word = line.split(separator: " ").first,
                  line.dropFirst(2 + word.count).hasPrefix("  ") else { return nil }
            return String(word)
        }
        XCTAssertGreaterThanOrEqual(names.count, 10, "subcommands in --help: \(names)")

        var path = #filePath
        for _ in 0..<3 { path = String(path[..<path.lastIndex(of: "/")!]) }
        let page = try String(contentsOfFile: path + "/docs/man/overlay-wl.1", encoding: .utf8)
        XCTAssertTrue(page.contains(".Sh NAME") && page.contains(".Sh SYNOPSIS"), "not an mdoc page")
        for name in names {
            XCTAssertTrue(page.contains(".It Em \(name)\n"), "the man page lacks '\(name)': run scripts/generate-man")
        }
        for option in ["Fl -container", "Fl -config", "Fl -no-animation"] {
            XCTAssertTrue(page.contains(option), "the man page lacks \(option)")
        }
    }
}
