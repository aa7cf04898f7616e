// Returns the file pages a process mapped since it was idle to the page cache (see cshims.h).
#define _GNU_SOURCE
#include "cshims.h"
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <unistd.h>

// pagemap entry bits (Documentation/admin-guide/mm/pagemap.rst): present, and "file page or
// shared anonymous" (clear for a private copy the process wrote: such a page must stay).
#define PAGE_PRESENT (1ULL << 63)
#define PAGE_FILE (1ULL << 61)

typedef struct {
    uintptr_t start, end;
    unsigned long inode;
    uint8_t *resident;  // one bit per page: present when recorded
} RecordedMapping;

static RecordedMapping recorded[OW_IDLE_PAGES_MAX_MAPPINGS];
static int recordedCount = -1;  // -1: nothing recorded, release does nothing
static size_t recordedPages = 0;

typedef struct {
    uintptr_t start, end;
    unsigned long inode;
} Mapping;

/// Calls `visit` with every mapping of a file that this process cannot write (private or shared).
static void forEachReadOnlyFileMapping(void *context, void (*visit)(void *, Mapping, int pagemap), int pagemap) {
    FILE *maps = fopen("/proc/self/maps", "re");
    if (!maps) return;
    char line[4096];
    while (fgets(line, sizeof line, maps)) {
        unsigned long start, end, offset, inode;
        char perms[8];
        int path = 0;
        if (sscanf(line, "%lx-%lx %7s %lx %*s %lu %n", &start, &end, perms, &offset, &inode, &path) < 5) continue;
        if (inode == 0 || perms[0] != 'r' || perms[1] != '-' || line[path] != '/' || !strncmp(line + path, "/dev/", 5)) continue;
        visit(context, (Mapping){start, end, inode}, pagemap);
    }
    fclose(maps);
}

/// Reads the pagemap entries of `count` pages from `first`; false when they cannot be read.
static int readEntries(int pagemap, uintptr_t first, size_t count, uint64_t *entries, uintptr_t page) {
    size_t bytes = count * sizeof(uint64_t);
    return pread(pagemap, entries, bytes, (off_t)(first / page * sizeof(uint64_t))) == (ssize_t)bytes;
}

enum { CHUNK = 512 };

static void recordMapping(void *context, Mapping m, int pagemap) {
    (void)context;
    uintptr_t page = (uintptr_t)sysconf(_SC_PAGESIZE);
    size_t pages = (m.end - m.start) / page;
    if (recordedCount >= OW_IDLE_PAGES_MAX_MAPPINGS || recordedPages + pages > OW_IDLE_PAGES_MAX_PAGES) return;
    uint8_t *bits = calloc((pages + 7) / 8, 1);
    if (!bits) return;
    uint64_t entries[CHUNK];
    for (size_t i = 0; i < pages; i += CHUNK) {
        size_t n = pages - i < CHUNK ? pages - i : CHUNK;
        if (!readEntries(pagemap, m.start + i * page, n, entries, page)) { free(bits); return; }
        for (size_t j = 0; j < n; j++)
            if (entries[j] & PAGE_PRESENT) bits[(i + j) / 8] |= (uint8_t)(1u << ((i + j) % 8));
    }
    recorded[recordedCount++] = (RecordedMapping){m.start, m.end, m.inode, bits};
    recordedPages += pages;
}

size_t ow_idle_pages_record(void) {
    for (int i = 0; i < recordedCount; i++) free(recorded[i].resident);
    recordedCount = 0;
    recordedPages = 0;
    int pagemap = open("/proc/self/pagemap", O_RDONLY | O_CLOEXEC);
    if (pagemap < 0) { recordedCount = -1; return 0; }
    forEachReadOnlyFileMapping(NULL, recordMapping, pagemap);
    close(pagemap);
    return recordedPages;
}

static const RecordedMapping *recordedAs(Mapping m) {
    for (int i = 0; i < recordedCount; i++)
        if (recorded[i].start == m.start && recorded[i].end == m.end && recorded[i].inode == m.inode) return &recorded[i];
    return NULL;
}

static void releaseMapping(void *context, Mapping m, int pagemap) {
    size_t *released = context;
    uintptr_t page = (uintptr_t)sysconf(_SC_PAGESIZE);
    size_t pages = (m.end - m.start) / page;
    const RecordedMapping *idle = recordedAs(m);  // NULL: mapped since, every page is new
    uint64_t entries[CHUNK];
    for (size_t i = 0; i < pages; i += CHUNK) {
        size_t n = pages - i < CHUNK ? pages - i : CHUNK;
        if (!readEntries(pagemap, m.start + i * page, n, entries, page)) return;
        size_t run = 0;  // droppable pages ending at j - 1
        for (size_t j = 0; j <= n; j++) {
            size_t index = i + j;
            int droppable = j < n && (entries[j] & PAGE_PRESENT) && (entries[j] & PAGE_FILE)
                && !(idle && (idle->resident[index / 8] & (1u << (index % 8))));
            if (droppable) { run++; continue; }
            if (run > 0) {
                uintptr_t from = m.start + (index - run) * page;
                if (madvise((void *)from, run * page, MADV_DONTNEED) == 0) *released += run * page;
                run = 0;
            }
        }
    }
}

size_t ow_idle_pages_release(void) {
    if (recordedCount < 0) return 0;
    int pagemap = open("/proc/self/pagemap", O_RDONLY | O_CLOEXEC);
    if (pagemap < 0) return 0;
    size_t released = 0;
    forEachReadOnlyFileMapping(&released, releaseMapping, pagemap);
    close(pagemap);
    return released;
}

size_t ow_resident_pages(const void *start, size_t length) {
    uintptr_t page = (uintptr_t)sysconf(_SC_PAGESIZE);
    int pagemap = open("/proc/self/pagemap", O_RDONLY | O_CLOEXEC);
    if (pagemap < 0) return 0;
    size_t present = 0;
    uint64_t entries[CHUNK];
    for (size_t i = 0; i < length / page; i += CHUNK) {
        size_t n = length / page - i < CHUNK ? length / page - i : CHUNK;
        if (!readEntries(pagemap, (uintptr_t)start + i * page, n, entries, page)) break;
        for (size_t j = 0; j < n; j++) present += (entries[j] & PAGE_PRESENT) != 0;
    }
    close(pagemap);
    return present;
}
