import CShims
import Foundation
import Testing

/// True under AddressSanitizer or ThreadSanitizer: malloc is then theirs, without glibc's cache.
private let sanitized = ["__asan_init", "__tsan_init"].contains { (name: String) in
    dlsym(UnsafeMutableRawPointer(bitPattern: 0), name) != nil
}

/// glibc keeps up to 7 freed blocks of each small size in a per-thread cache, counted as in use:
/// `malloc_trim` cannot return their pages, and after a burst they are scattered over pages
/// that are otherwise free. The heap trim empties the cache first.
@Suite(.disabled(if: sanitized, "malloc is the sanitizer's: glibc's cache is not used"))
struct ThreadCacheTests {
    /// Blocks the cache held, then blocks it held right after being emptied.
    private func round() -> (returned: Int, left: Int) {
        _ = ow_return_thread_cache()
        let blocks = (0..<7).map { _ in malloc(1000)! }
        for block in blocks { free(block) }  // into this thread's cache
        let returned = ow_return_thread_cache()
        return (returned, ow_return_thread_cache())  // nothing freed on this thread in between
    }

    /// malloc's counts are the whole process's: tests running alongside can blur a round, so
    /// the best of five is judged.
    @Test func theBlocksAThreadFreedLeaveItsCacheAndDoNotComeBack() {
        let rounds = (0..<5).map { _ in round() }
        #expect(rounds.contains { $0.returned >= 7 && $0.left < 7 },
                "the 7 freed blocks were in the cache, and emptying it did not fill it again: \(rounds)")
    }
}
