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
    /// Blocks the cache held, then how many blocks of the size freed (1000 bytes) it still gave
    /// right after being emptied: mallocs that took nothing from malloc's bins (its count of bytes
    /// in use, which counts cached blocks, did not grow), up to the first that did. Other sizes are
    /// not looked at: the runtime's own frees can put blocks of them in the cache on the way.
    private static func round() -> (returned: Int, left: Int) {
        let blocks = UnsafeMutablePointer<UnsafeMutableRawPointer?>.allocate(capacity: 7)
        defer { blocks.deallocate() }
        _ = ow_return_thread_cache()
        for i in 0..<7 { blocks[i] = malloc(1000) }
        for i in 0..<7 { free(blocks[i]) }  // into this thread's cache
        let returned = ow_return_thread_cache()
        var left = 0, taken = 0
        while taken < 7 {
            let before = ow_malloc_in_use()
            blocks[taken] = malloc(1000)
            taken += 1
            if ow_malloc_in_use() != before { break }
            left += 1
        }
        for i in 0..<taken { free(blocks[i]) }
        return (returned, left)
    }

    /// Emptying the cache tells its blocks by malloc's counts, which are the whole process's:
    /// the rounds run in a child process, where no other test's thread allocates meanwhile, and
    /// the child writes its counts to a pipe (tests alongside may leave children to the kernel to reap).
    @Test func theBlocksAThreadFreedLeaveItsCacheAndDoNotComeBack() throws {
        _ = Self.round()  // what the round needs of the runtime, made before the fork
        var ends: [Int32] = [0, 0]
        try #require(pipe(&ends) == 0, "pipe failed: errno \(errno)")
        let child = fork()
        try #require(child >= 0, "fork failed: errno \(errno)")
        if child == 0 {  // the best of three rounds: a block the runtime frees on the way can land in the cache
            var best = Self.round()
            for _ in 0..<2 where !(best.returned >= 7 && best.left < 7) { best = Self.round() }
            var counts = [UInt8(min(best.returned, 255)), UInt8(min(best.left, 255))]
            _exit(write(ends[1], &counts, 2) == 2 ? 0 : 1)
        }
        close(ends[1])
        var counts: [UInt8] = [0, 0]
        let read = Glibc.read(ends[0], &counts, 2)
        close(ends[0])
        _ = waitpid(child, nil, 0)
        try #require(read == 2, "the child wrote no counts")
        #expect(counts[0] >= 7 && counts[1] < 7,
                "the 7 freed blocks were in the cache (returned \(counts[0])), and emptying it did not fill it again (left \(counts[1]))")
    }
}
