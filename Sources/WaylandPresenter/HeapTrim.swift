import CShims

/// When memory a burst used goes back to the system: a while (`delay`) after the last view
/// closed, once per burst, with the spare buffers and fade memory (the burst's last wake-up). The renderer's layouts and fade images of the closed toasts are
/// dropped (a fade image is otherwise dropped only by later frames, and none come once the
/// screen is empty), then `malloc_trim` returns the free pages glibc keeps in its arenas, and
/// the code and font pages drawing mapped go back to the page cache (`IdlePages`).
/// Nothing is due while a view is open, or when nothing closed since the last trim.
struct HeapTrimSchedule {
    let delay: Double
    /// When the trim is due; nil while nothing is due.
    private(set) var due: Double?
    /// Views closed since the last trim.
    private var closedSinceTrim = false
    /// Trims so far.
    private(set) var trims = 0

    init(delay: Double) { self.delay = delay }

    /// A view closed.
    mutating func viewClosed() { closedSinceTrim = true }

    /// Called after every update with whether any view is open; true when the heap should be
    /// trimmed now.
    mutating func update(now: Double, occupied: Bool) -> Bool {
        guard !occupied, closedSinceTrim else { due = nil; return false }
        guard let due else { self.due = now + delay; return false }
        guard now >= due else { return false }
        self.due = nil
        closedSinceTrim = false
        trims += 1
        return true
    }
}

/// Returns the free pages of every malloc arena to the system (the blocks malloc's thread cache
/// held first: they pin a page each among a burst's freed ones), the stack pages drawing's deep
/// calls left below the loop, then the file pages drawing mapped since the daemon was idle
/// (`IdlePages`).
func returnIdleMemory() {
    _ = ow_return_thread_cache()
    _ = ow_trim_heap()
    _ = ow_release_stack_below(idleStackKept)
    IdlePages.release()
}

/// Stack kept below the trim's caller: the loop's own calls stay mapped.
let idleStackKept = 16 << 10
