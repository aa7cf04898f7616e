import CShims

/// The file pages an idle daemon does not hold: drawing maps the code of cairo, Pango, HarfBuzz
/// and FreeType and the font files, and keeps them resident after the screen emptied. `record()`
/// notes which pages of the read-only file mappings are resident when the daemon is idle (once
/// started); `release()` returns the others to the page cache once nothing is shown. Touching them
/// again maps them back from there (minor faults, no reading): the next notification pays that.
public enum IdlePages {
    /// Notes the resident pages of the read-only file mappings, replacing an earlier record.
    /// Returns the pages recorded.
    @discardableResult
    public static func record() -> Int { Int(ow_idle_pages_record()) }

    /// Unmaps the pages of read-only file mappings that were not resident at `record()`, except
    /// pages the process wrote; nothing before a record. Returns the bytes released.
    @discardableResult
    public static func release() -> Int { Int(ow_idle_pages_release()) }
}

extension IdlePages {
    /// The pages of `length` bytes from `start` mapped into this process now (tests).
    static func residentPages(_ start: UnsafeRawPointer, length: Int) -> Int {
        Int(ow_resident_pages(start, length))
    }
}
