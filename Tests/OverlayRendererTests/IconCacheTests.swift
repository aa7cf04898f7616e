import Foundation
import XCTest
@testable import OverlayRenderer

/// Icon lookups through GTK's `icon-theme.cache`, built by the real `gtk-update-icon-cache`: a
/// current cache finds what probing every file finds, a stale or broken one is not used, and
/// lookups remembered stay within their bound.
final class IconCacheTests: XCTestCase {
    private var root = ""

    override func setUpWithError() throws {
        root = NSTemporaryDirectory() + "icon-cache-\(getpid())-\(UUID().uuidString)"
        try FileManager.default.copyItem(atPath: GoldenImage.directory + "/assets/icons", toPath: root)
    }

    override func tearDownWithError() throws { try? FileManager.default.removeItem(atPath: root) }

    /// Runs `gtk-update-icon-cache` on a theme folder, as a distribution's package trigger does.
    private func buildCache(_ theme: String) throws {
        let tool = "/usr/bin/gtk-update-icon-cache"
        guard FileManager.default.isExecutableFile(atPath: tool) else {
            return XCTFail("\(tool) is missing (apt-get install gtk-update-icon-cache)")
        }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: tool)
        process.arguments = ["--force", "--quiet", "\(root)/\(theme)"]
        try process.run()
        process.waitUntilExit()
        XCTAssertEqual(process.terminationStatus, 0, "gtk-update-icon-cache \(theme)")
    }

    private func setModificationTime(of path: String, secondsFromNow: Int) {
        var times = [timespec(tv_sec: time(nil) + secondsFromNow, tv_nsec: 0), timespec(tv_sec: time(nil) + secondsFromNow, tv_nsec: 0)]
        XCTAssertEqual(utimensat(AT_FDCWD, path, &times, 0), 0, path)
    }

    private let names = ["badge", "vector-only", "hicolor-only", "hicolor-scalable", "no-such-icon"]

    /// Every name at every size and scale, as a theme reading caches and one probing find them.
    private func lookups(cached: Bool) -> [String] {
        let theme = IconTheme(name: "OverlayTest", searchPaths: [root], usesCaches: cached)
        return names.flatMap { name in
            [16, 40, 48, 64, 256].flatMap { size in [1, 2].map { "\(name) \(size)@\($0): \(theme.lookup(name, size: size, scale: $0) ?? "-")" } }
        }
    }

    func testACurrentCacheFindsWhatProbingFinds() throws {
        for theme in ["OverlayTest", "OverlayBase", "hicolor"] { try buildCache(theme) }
        let cache = try XCTUnwrap(IconCacheFile(folder: "\(root)/OverlayTest"), "the tool's cache is read")
        XCTAssertEqual(cache.directories(of: "badge").map(\.directory).sorted(), ["48x48/apps", "48x48@2/apps"])
        XCTAssertEqual(cache.directories(of: "badge").map(\.extensions), [.png, .png])
        XCTAssertEqual(IconCacheFile(folder: "\(root)/OverlayBase")?.directories(of: "vector-only").first?.extensions, .svg)
        XCTAssertTrue(cache.directories(of: "no-such-icon").isEmpty)
        let probed = lookups(cached: false)
        XCTAssertEqual(lookups(cached: true), probed)
        XCTAssertTrue(probed.contains("badge 48@2: \(root)/OverlayTest/48x48@2/apps/badge.png"))
        XCTAssertTrue(probed.contains("vector-only 256@1: \(root)/OverlayBase/scalable/apps/vector-only.svg"))
    }

    /// A current cache is what is read (an icon added after it was built is not found, as in
    /// GTK); once the folder is newer than the cache, the folder is probed again.
    func testACacheIsReadWhileCurrentAndNotOnceItsFolderIsNewer() throws {
        try buildCache("OverlayTest")
        try FileManager.default.copyItem(atPath: "\(root)/OverlayTest/48x48/apps/badge.png", toPath: "\(root)/OverlayTest/48x48/apps/late.png")
        setModificationTime(of: "\(root)/OverlayTest", secondsFromNow: -100)  // the copy did not touch it; to be sure
        XCTAssertNil(IconTheme(name: "OverlayTest", searchPaths: [root]).lookup("late", size: 48))
        XCTAssertEqual(IconTheme(name: "OverlayTest", searchPaths: [root], usesCaches: false).lookup("late", size: 48),
                       "\(root)/OverlayTest/48x48/apps/late.png")
        setModificationTime(of: "\(root)/OverlayTest", secondsFromNow: 100)
        XCTAssertNil(IconCacheFile(folder: "\(root)/OverlayTest"), "a cache older than its folder is stale")
        XCTAssertEqual(IconTheme(name: "OverlayTest", searchPaths: [root]).lookup("late", size: 48),
                       "\(root)/OverlayTest/48x48/apps/late.png")
    }

    /// A package installing icons while the daemon runs: its trigger rebuilds the cache, which
    /// changes the folder, and the theme in use reads the folder again and finds the new icon.
    func testACacheRebuiltWhileInUseIsReadAgain() throws {
        try buildCache("OverlayTest")
        setModificationTime(of: "\(root)/OverlayTest", secondsFromNow: -100)
        let theme = IconTheme(name: "OverlayTest", searchPaths: [root])
        XCTAssertEqual(theme.lookup("badge", size: 48), "\(root)/OverlayTest/48x48/apps/badge.png")
        try FileManager.default.copyItem(atPath: "\(root)/OverlayTest/48x48/apps/badge.png",
                                         toPath: "\(root)/OverlayTest/48x48/apps/installed.png")
        try buildCache("OverlayTest")
        XCTAssertEqual(theme.lookup("installed", size: 48), "\(root)/OverlayTest/48x48/apps/installed.png")
    }

    /// Caches cut short, full of noise, pointing outside themselves or with a chain that loops
    /// are not used: lookups probe the folder and find what they found without a cache.
    func testABrokenCacheIsNotUsed() throws {
        try buildCache("OverlayTest")
        let path = "\(root)/OverlayTest/icon-theme.cache"
        let built = try [UInt8](Data(contentsOf: URL(fileURLWithPath: path)))
        var loop = [UInt8](repeating: 0, count: 64)
        loop[1] = 1                  // version 1
        loop[7] = 12; loop[11] = 40  // the hash table at 12, the directory list at 40
        loop[15] = 1; loop[19] = 20  // one bucket, its chain starting at 20
        loop[23] = 20                // whose next entry is itself
        loop[27] = 48                // named by the empty string at 48
        loop[31] = 52                // with no images (count 0 at 52)
        var outside = built
        outside[4...7] = [0x7f, 0xff, 0xff, 0xff]  // the hash table past the end
        var noise = SystemRandomNumberGenerator()
        let broken: [(String, [UInt8])] = [
            ("cut short", Array(built.prefix(built.count / 2))),
            ("noise", [0xff] + (1..<built.count).map { _ in UInt8.random(in: 0...255, using: &noise) }),
            ("outside", outside),
            ("a loop", loop),
        ]
        let probed = lookups(cached: false)
        let descriptors = try FileManager.default.contentsOfDirectory(atPath: "/proc/self/fd").count
        for (what, bytes) in broken {
            try Data(bytes).write(to: URL(fileURLWithPath: path))
            setModificationTime(of: "\(root)/OverlayTest", secondsFromNow: -100)
            XCTAssertNil(IconCacheFile(folder: "\(root)/OverlayTest"), what)
            XCTAssertEqual(lookups(cached: true), probed, what)
        }
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: "/proc/self/fd").count, descriptors,
                       "a cache not used keeps no descriptor open")
    }

    /// A cache cut short in place while a theme has it open (not replaced, as the tool does, so
    /// the folder does not change): lookups go on, each finding nothing or a file that is there.
    /// A process that mapped the file would be killed (SIGBUS) reading past the new end.
    func testACacheCutShortWhileOpenIsSurvived() throws {
        let fillers = (0..<600).map { "filler-\($0)" }  // a cache of several pages
        for name in fillers {
            try FileManager.default.copyItem(atPath: "\(root)/OverlayTest/48x48/apps/badge.png", toPath: "\(root)/OverlayTest/48x48/apps/\(name).png")
        }
        try buildCache("OverlayTest")
        let size = try XCTUnwrap(FileManager.default.attributesOfItem(atPath: "\(root)/OverlayTest/icon-theme.cache")[.size] as? Int)
        XCTAssertGreaterThan(size, 4 * 4096)
        XCTAssertEqual(IconCacheFile(folder: "\(root)/OverlayTest")?.directories(of: "filler-599").map(\.directory), ["48x48/apps"])
        setModificationTime(of: "\(root)/OverlayTest", secondsFromNow: -100)
        let theme = IconTheme(name: "OverlayTest", searchPaths: [root])
        XCTAssertEqual(theme.lookup("badge", size: 48), "\(root)/OverlayTest/48x48/apps/badge.png", "the cache opened")
        let path = "\(root)/OverlayTest/icon-theme.cache"
        XCTAssertEqual(truncate(path, 4096), 0, "cut to its first page: the hash table kept, most entries gone")
        for name in names + fillers {
            for size in [16, 48] {
                if let found = theme.lookup(name, size: size, scale: 2) {
                    XCTAssertTrue(FileManager.default.fileExists(atPath: found), "\(name) \(size): \(found)")
                }
            }
        }
    }

    /// The system's themes (Adwaita, hicolor), whose caches the distribution built: a sample of
    /// the names their folders hold, at four sizes and two scales, found alike either way.
    func testTheSystemThemesCachesFindWhatProbingFinds() throws {
        let icons = "/usr/share/icons"
        let themes = ["Adwaita", "hicolor"].filter { IconCacheFile(folder: "\(icons)/\($0)") != nil }
        XCTAssertFalse(themes.isEmpty, "no current icon-theme.cache in \(icons) (apt-get install adwaita-icon-theme gtk-update-icon-cache)")
        for theme in themes {
            var names = Set<String>()
            let files = FileManager.default.enumerator(atPath: "\(icons)/\(theme)")
            while let file = files?.nextObject() as? String {
                let name = (file as NSString).lastPathComponent
                if let dot = name.lastIndex(of: "."), ["png", "svg", "xpm"].contains(name[name.index(after: dot)...]) {
                    names.insert(String(name[..<dot]))
                }
            }
            let sample = names.sorted().enumerated().filter { $0.offset % max(1, names.count / 150) == 0 }.map(\.element)
            let cached = IconTheme(name: theme, searchPaths: [icons])
            let probing = IconTheme(name: theme, searchPaths: [icons], usesCaches: false)
            var compared = 0
            for name in sample + ["no-such-icon-\(theme)"] {
                for size in [16, 24, 48, 96] {
                    for scale in [1, 2] {
                        XCTAssertEqual(cached.lookup(name, size: size, scale: scale), probing.lookup(name, size: size, scale: scale),
                                       "\(theme) \(name) \(size)@\(scale)")
                        compared += 1
                    }
                }
            }
            XCTAssertGreaterThan(compared, 8, theme)
        }
    }

    func testLookupsRememberedStayWithinTheirBound() {
        let theme = IconTheme(name: "OverlayTest", searchPaths: [root])
        for i in 0..<(IconTheme.lookupCapacity + 10) { _ = theme.lookup("missing-\(i)", size: 48) }
        XCTAssertLessThanOrEqual(theme.rememberedLookups, IconTheme.lookupCapacity)
        XCTAssertGreaterThan(theme.rememberedLookups, 0)
        XCTAssertEqual(theme.lookup("badge", size: 48), "\(root)/OverlayTest/48x48/apps/badge.png", "found again after forgetting")
    }
}
