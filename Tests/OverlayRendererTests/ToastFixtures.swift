@testable import OverlayRenderer

/// Shared content for the measure/draw tests.
enum Fixtures {
    static let style = ToastStyle()

    static let simple = ToastContent(summary: "Hello world", body: "The quick brown fox jumps over the lazy dog",
                                     appName: "tests")

    /// `count` explicit lines ("line 1\nline 2…").
    static func lines(_ count: Int) -> String {
        (1...count).map { "line \($0)" }.joined(separator: "\n")
    }

    /// About 1 MB of wrapping words with markup and stray `&`/`<`.
    static let hugeBody: String = {
        let chunk = "Lorem <b>ipsum</b> dolor & sit <i>amet</i>, consectetur < adipiscing elit. "
        return String(repeating: chunk, count: (1 << 20) / chunk.utf8.count + 1)
    }()
}
