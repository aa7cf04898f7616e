#ifndef CSHIMS_H
#define CSHIMS_H
#include <stddef.h>
#include <stdint.h>

/// memfd_create (needs _GNU_SOURCE); returns -1 and sets errno on failure.
int ow_memfd_create(const char *name);
/// Blocks `signals` (a zero-terminated list) for this thread and returns a
/// non-blocking, close-on-exec signalfd for them, or -1.
int ow_signalfd_for(const int *signals);
/// Unblocks `signals` (a zero-terminated list) again, so child processes and later code see them.
int ow_signals_unblock(const int *signals);
/// Reads one signal from a signalfd; returns its number, or -1.
int ow_signalfd_read(int fd);
/// A non-blocking, close-on-exec CLOCK_MONOTONIC timerfd, or -1.
int ow_timerfd_create(void);
/// Arms `fd` at an absolute CLOCK_MONOTONIC time; seconds == 0 && nanoseconds == 0 disarms.
int ow_timerfd_arm(int fd, int64_t seconds, int64_t nanoseconds);
/// Starts argv[0] (searched on PATH) with `argv` and `envp` — no shell — with every signal
/// unblocked and SIGCHLD at its default. Returns the pid, or -1 with errno set.
int ow_spawn(char *const argv[], char *const envp[]);
/// Lets the kernel reap finished children (no zombies, no SIGCHLD handling).
void ow_reap_children_automatically(void);
/// A pidfd for child `pid` (readable once it has exited), close-on-exec; -1 with errno if the kernel has none.
int ow_pidfd_open(int pid);
/// Once the process has started: unmaps the pages of the main program it needed only to start —
/// its dynamic relocation tables, the functions the release layout places between
/// `ow_startup_code_begin` and `ow_startup_code_end`, and the ranges release-build wrote into
/// `ow_startup_ranges` — keeping only whole pages of read-only file segments, which the kernel
/// maps again from the page cache if they are ever touched.
/// Returns the bytes released.
size_t ow_release_startup_pages(void);
/// A non-blocking, close-on-exec inotify descriptor watching `directory` for entries created or
/// moved into it (IN_CREATE | IN_MOVED_TO), or -1 with errno set.
int ow_inotify_watch_directory(const char *directory);
/// Reads the pending events of an inotify descriptor and calls `found` with each entry's name.
/// Returns the number of events read (0 when none was pending), or -1 with errno set.
int ow_inotify_read_names(int fd, void *context, void (*found)(void *context, const char *name));
/// Returns the free memory of every malloc arena to the system (malloc_trim(0)); 1 when some
/// was returned.
int ow_trim_heap(void);
/// Empties the calling thread's malloc cache (glibc's tcache: up to 7 freed blocks of each size
/// up to 1032 bytes, which malloc counts as in use and `malloc_trim` leaves where they are): each
/// cached block is taken and freed again on a short-lived thread, so it goes back to the arena's
/// bins, merges with its free neighbours and its page can be returned. Returns the blocks the
/// cache held.
size_t ow_return_thread_cache(void);
/// Bytes malloc has handed out and not had back, in every arena (mallinfo2's uordblks).
size_t ow_malloc_in_use(void);
/// Called on the main thread: returns the pages of its stack more than `keep` bytes below the
/// caller's frame to the system (drawing's deep calls touched them; they are zero-filled again
/// when the stack grows back). Returns the bytes advised, 0 on another thread's stack.
size_t ow_release_stack_below(size_t keep);
/// At most this many read-only file mappings are recorded by `ow_idle_pages_record`; later ones
/// count as mapped since (all their pages are returned).
#define OW_IDLE_PAGES_MAX_MAPPINGS 512
/// At most this many pages of them (4 GiB of mappings, a bit each: 128 KiB).
#define OW_IDLE_PAGES_MAX_PAGES (1u << 20)
/// Records which pages of the process's read-only file mappings are resident now (the idle
/// process's): a bit per page, replacing any earlier record. Returns the pages recorded.
size_t ow_idle_pages_record(void);
/// Unmaps the pages of read-only file mappings that are resident now but were not when
/// `ow_idle_pages_record` ran (code and fonts that drawing brought in), keeping every page the
/// process wrote (private copies) and every page of a mapping it can write. They map again from
/// the page cache when touched. Does nothing before a record. Returns the bytes released.
size_t ow_idle_pages_release(void);
/// The pages of [start, start + length) mapped into this process now (tests).
size_t ow_resident_pages(const void *start, size_t length);
/// GLib before 2.76 keeps small blocks in its own slab allocator (GSlice: Pango's layout lines,
/// items and glyph strings); what a burst of layouts freed stays in its magazines and slabs,
/// pinning heap pages malloc_trim cannot return. Programs linking CShims ask GLib, before it
/// starts, to take every slice from malloc, as GLib 2.76 does anyway (`G_SLICE=always-malloc`).
/// 1 when GLib hands out its slices from malloc, 0 when not, -1 without GLib (tests).
int ow_glib_slices_use_malloc(void);
#endif
