// CPU per wake-up of a program's main thread, by what woke it: preloaded (LD_PRELOAD) into a
// program that waits in poll(2), it reads the thread's CPU clock when poll returns and when it is
// next called, and adds the difference to the wake-up's kind, named from the descriptors that were
// ready: a socket by its peer's command name ("sway", "dbus-daemon"), anything else by its
// /proc/self/fd link ("anon_inode:[timerfd]"). What poll itself costs (the kernel's sleep and
// wake-up) is not in these figures. Counters live in WAKE_PROBE_OUT, a file mapped shared, so a
// reader can take them at any moment (scripts/bench-osd: BENCH_OSD_WAKES=1).
//
//   cc -O2 -shared -fPIC -o wake-probe.so scripts/wake-probe.c
//   WAKE_PROBE_OUT=/tmp/wakes LD_PRELOAD=./wake-probe.so overlay-wl daemon
//
// The file: PROBE_KINDS records of { char kind[56]; uint64_t wakes; double cpuMicroseconds; }.
#define _GNU_SOURCE
#include <dlfcn.h>
#include <fcntl.h>
#include <poll.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/socket.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

#define PROBE_KINDS 16
#define PROBE_FDS 64

typedef struct {
    char kind[56];
    uint64_t wakes;
    double cpuMicroseconds;
} Record;

static int (*realPoll)(struct pollfd *, nfds_t, int);
static Record *records;        // PROBE_KINDS, in the shared file; NULL: not recording
static char fdNames[PROBE_FDS][24];
static char pending[56];       // the kind of the wake-up under way
static double wokeAt = -1;     // the thread's CPU clock when poll returned; -1: none under way
static __thread int onMainThread;  // set by the constructor, which runs on it

static double threadMicroseconds(void) {
    struct timespec t;
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &t);
    return t.tv_sec * 1e6 + t.tv_nsec / 1e3;
}

__attribute__((constructor)) static void start(void) {
    onMainThread = 1;
    const char *path = getenv("WAKE_PROBE_OUT");
    if (!path) return;
    int fd = open(path, O_RDWR | O_CREAT | O_TRUNC | O_CLOEXEC, 0644);
    if (fd < 0) return;
    size_t size = PROBE_KINDS * sizeof(Record);
    if (ftruncate(fd, (off_t)size) == 0) {
        void *map = mmap(NULL, size, PROT_READ | PROT_WRITE, MAP_SHARED, fd, 0);
        if (map != MAP_FAILED) records = map;
    }
    close(fd);
}

// A ready descriptor's name, worked out once (a descriptor number reused for another file keeps
// its first name: the daemon's are opened once).
static const char *fdName(int fd) {
    if (fd < 0 || fd >= PROBE_FDS) return "fd";
    char *name = fdNames[fd];
    if (name[0]) return name;
    struct stat st;
    struct ucred peer;
    socklen_t length = sizeof peer;
    char path[64];
    if (fstat(fd, &st) == 0 && S_ISSOCK(st.st_mode) && getsockopt(fd, SOL_SOCKET, SO_PEERCRED, &peer, &length) == 0) {
        snprintf(path, sizeof path, "/proc/%d/comm", (int)peer.pid);
        FILE *comm = fopen(path, "re");
        if (comm && fgets(name, sizeof fdNames[0], comm)) name[strcspn(name, "\n")] = 0;
        if (comm) fclose(comm);
    } else {
        snprintf(path, sizeof path, "/proc/self/fd/%d", fd);
        ssize_t n = readlink(path, name, sizeof fdNames[0] - 1);
        name[n > 0 ? n : 0] = 0;
    }
    if (!name[0]) snprintf(name, sizeof fdNames[0], "fd %d", fd);
    return name;
}

int poll(struct pollfd *fds, nfds_t count, int timeout) {
    if (!realPoll) realPoll = (int (*)(struct pollfd *, nfds_t, int))dlsym(RTLD_NEXT, "poll");
    // The main thread only, and only polls that may sleep (a zero timeout is a check within a wake-up).
    if (!records || timeout == 0 || !onMainThread) return realPoll(fds, count, timeout);
    if (wokeAt >= 0) {
        double used = threadMicroseconds() - wokeAt;
        int i = 0;
        while (i < PROBE_KINDS && records[i].kind[0] && strcmp(records[i].kind, pending) != 0) i++;
        if (i < PROBE_KINDS) {
            if (!records[i].kind[0]) memcpy(records[i].kind, pending, sizeof pending);
            records[i].cpuMicroseconds += used;
            records[i].wakes += 1;
        }
    }
    int result = realPoll(fds, count, timeout);
    pending[0] = 0;
    for (nfds_t i = 0; i < count; i++) {
        if (fds[i].fd < 0 || !fds[i].revents) continue;
        size_t used = strlen(pending);
        snprintf(pending + used, sizeof pending - used, "%s%s", used ? " + " : "", fdName(fds[i].fd));
    }
    if (!pending[0]) snprintf(pending, sizeof pending, "%s", result == 0 ? "timeout" : "signal");
    wokeAt = threadMicroseconds();
    return result;
}
