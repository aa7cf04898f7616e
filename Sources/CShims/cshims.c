#define _GNU_SOURCE
#include "cshims.h"
#include <errno.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>
#include <malloc.h>
#include <pthread.h>
#include <signal.h>
#include <spawn.h>
#include <sys/mman.h>
#include <sys/signalfd.h>
#include <sys/syscall.h>
#include <sys/timerfd.h>
#include <time.h>
#include <unistd.h>

int ow_memfd_create(const char *name) {
    return memfd_create(name, MFD_CLOEXEC | MFD_ALLOW_SEALING);
}

int ow_signalfd_for(const int *signals) {
    sigset_t mask;
    sigemptyset(&mask);
    for (const int *s = signals; *s; s++) sigaddset(&mask, *s);
    if (sigprocmask(SIG_BLOCK, &mask, NULL) != 0) return -1;
    return signalfd(-1, &mask, SFD_NONBLOCK | SFD_CLOEXEC);
}

int ow_signals_unblock(const int *signals) {
    sigset_t mask;
    sigemptyset(&mask);
    for (const int *s = signals; *s; s++) sigaddset(&mask, *s);
    return sigprocmask(SIG_UNBLOCK, &mask, NULL);
}

int ow_signalfd_read(int fd) {
    struct signalfd_siginfo info;
    ssize_t n = read(fd, &info, sizeof info);
    return n == (ssize_t)sizeof info ? (int)info.ssi_signo : -1;
}

int ow_timerfd_create(void) {
    return timerfd_create(CLOCK_MONOTONIC, TFD_NONBLOCK | TFD_CLOEXEC);
}

int ow_timerfd_arm(int fd, int64_t seconds, int64_t nanoseconds) {
    struct itimerspec spec = {0};
    spec.it_value.tv_sec = seconds;
    spec.it_value.tv_nsec = nanoseconds;
    return timerfd_settime(fd, TFD_TIMER_ABSTIME, &spec, NULL);
}

int ow_spawn(char *const argv[], char *const envp[]) {
    posix_spawnattr_t attr;
    if (posix_spawnattr_init(&attr) != 0) return -1;
    sigset_t none, defaults;
    sigemptyset(&none);
    sigemptyset(&defaults);
    sigaddset(&defaults, SIGCHLD);
    sigaddset(&defaults, SIGPIPE);
    posix_spawnattr_setsigmask(&attr, &none);
    posix_spawnattr_setsigdefault(&attr, &defaults);
    posix_spawnattr_setflags(&attr, POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF);
    pid_t pid;
    int error = posix_spawnp(&pid, argv[0], NULL, &attr, argv, envp);
    posix_spawnattr_destroy(&attr);
    if (error != 0) { errno = error; return -1; }
    return (int)pid;
}

void ow_reap_children_automatically(void) {
    struct sigaction action = {0};
    action.sa_handler = SIG_IGN;
    action.sa_flags = SA_NOCLDWAIT;
    sigaction(SIGCHLD, &action, NULL);
}

int ow_pidfd_open(int pid) {
#ifdef SYS_pidfd_open
    return (int)syscall(SYS_pidfd_open, pid, 0);
#else
    errno = ENOSYS;
    return -1;
#endif
}

#include <sys/inotify.h>

int ow_inotify_watch_directory(const char *directory) {
    int fd = inotify_init1(IN_NONBLOCK | IN_CLOEXEC);
    if (fd < 0) return -1;
    if (inotify_add_watch(fd, directory, IN_CREATE | IN_MOVED_TO) < 0) {
        int saved = errno;
        close(fd);
        errno = saved;
        return -1;
    }
    return fd;
}

int ow_inotify_read_names(int fd, void *context, void (*found)(void *context, const char *name)) {
    char buffer[4096] __attribute__((aligned(__alignof__(struct inotify_event))));
    int count = 0;
    for (;;) {
        ssize_t length = read(fd, buffer, sizeof buffer);
        if (length < 0) {
            if (errno == EAGAIN) return count;
            if (errno == EINTR) continue;
            return -1;
        }
        if (length == 0) return count;
        for (char *p = buffer; p < buffer + length;) {
            const struct inotify_event *event = (const struct inotify_event *)p;
            if (event->len > 0) found(context, event->name);
            count++;
            p += sizeof(struct inotify_event) + event->len;
        }
    }
}

int ow_trim_heap(void) { return malloc_trim(0); }

/// The blocks `ow_return_thread_cache` took from the calling thread's cache.
struct ow_taken_blocks { void **blocks; size_t count; };

static void *ow_free_taken_blocks(void *context) {
    struct ow_taken_blocks *taken = context;
    for (size_t i = 0; i < taken->count; i++) free(taken->blocks[i]);
    return NULL;  // the thread's own cache is emptied into malloc's bins as it exits
}

size_t ow_return_thread_cache(void) {
    enum { sizes = 64, mostPerSize = 64 };  // glibc caches blocks of 64 sizes (24 … 1032 bytes), 7 of each
    struct ow_taken_blocks taken = { malloc(sizes * mostPerSize * sizeof(void *)), 0 };
    if (!taken.blocks) return 0;
    // The fast bins merged first: malloc moves their blocks into the cache as it empties.
    malloc_trim(0);
    size_t inUse = mallinfo2().uordblks;  // counts the cached blocks as in use
    size_t cached = 0;
    for (size_t size = 0; size < sizes; size++) {
        bool fromBins = false;
        for (int i = 0; i < mostPerSize; i++) {
            void *block = malloc(16 * size + 24);
            if (!block) break;
            taken.blocks[taken.count++] = block;
            size_t now = mallinfo2().uordblks, grew = now - inUse;
            inUse = now;
            if (grew != 0) fromBins = true;
            else if (!fromBins) cached++;
            // Not from the cache, and no other block moved into it on the way: it is empty.
            // (Blocks moved into it from the bins have neighbours in use: they pin no page.)
            if (grew == malloc_usable_size(block) + sizeof(size_t)) break;
        }
    }
    // Freed here they would fill this thread's cache again.
    pthread_t thread;
    if (pthread_create(&thread, NULL, ow_free_taken_blocks, &taken) == 0) pthread_join(thread, NULL);
    else ow_free_taken_blocks(&taken);
    free(taken.blocks);
    return cached;
}

size_t ow_malloc_in_use(void) { return mallinfo2().uordblks; }

size_t ow_release_stack_below(size_t keep) {
    uintptr_t sp = (uintptr_t)__builtin_frame_address(0);
    uintptr_t page = (uintptr_t)sysconf(_SC_PAGESIZE);
    FILE *maps = fopen("/proc/self/maps", "re");
    if (!maps) return 0;
    char line[512];
    uintptr_t start = 0, end = 0;
    while (fgets(line, sizeof line, maps)) {
        unsigned long a, b;
        if (strstr(line, "[stack]") && sscanf(line, "%lx-%lx", &a, &b) == 2) { start = a; end = b; break; }
    }
    fclose(maps);
    if (!(start <= sp && sp < end) || sp - start < keep + page) return 0;  // not the main thread's stack
    uintptr_t below = (sp - keep) & ~(page - 1);
    return madvise((void *)start, below - start, MADV_DONTNEED) == 0 ? below - start : 0;
}
