import CShims

/// The pages a daemon reads only while it starts: its dynamic relocation tables and the
/// functions the release layout groups as startup-only (`scripts/profile-layout`).
public enum StartupPages {
    /// Returns them to the page cache (they map again from there if ever touched). Call once,
    /// when startup is over. Returns the bytes no longer resident in this process.
    @discardableResult
    public static func release() -> Int { Int(ow_release_startup_pages()) }
}
