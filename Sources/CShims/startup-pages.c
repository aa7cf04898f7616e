// Returns the pages a process read only while starting to the page cache (see cshims.h).
#define _GNU_SOURCE
#include "cshims.h"
#include <elf.h>
#include <link.h>
#include <sys/mman.h>
#include <unistd.h>

// Empty functions in sections of their own: scripts/release-layout.txt places the functions the
// daemon runs only while starting between them. Elsewhere (debug builds) the range is empty or
// meaningless, and it is used only when it lies inside one read-only segment.
__attribute__((noinline, used, section(".text.ow_startup_code_begin"))) void ow_startup_code_begin(void) { __asm__(""); }
__attribute__((noinline, used, section(".text.ow_startup_code_end"))) void ow_startup_code_end(void) { __asm__(""); }

// Stretches of code no function the daemon runs after starting lies in, and the unwinding tables
// (offsets from the load address): scripts/release-build writes them in after linking (objcopy),
// from the binary's symbols and scripts/release-layout.txt. All zero in other builds.
typedef struct { uint64_t count; uint64_t ranges[255][2]; } StartupCodeRanges;
__attribute__((used, section("ow_startup_ranges"))) const volatile StartupCodeRanges ow_startup_code_ranges = {0};

typedef struct { uintptr_t start, end; } Range;

typedef struct {
    Range readOnly[16];   // the main program's non-writable PT_LOAD segments
    int readOnlyCount;
    Range drop[4 + 255];  // candidate ranges: relocation tables, the startup code
    int dropCount;
    size_t released;
} Survey;

static uintptr_t absolute(uintptr_t value, uintptr_t bias) {
    // glibc may have relocated the in-memory dynamic section already; addresses below the
    // load bias are still link-time addresses.
    return value < bias ? value + bias : value;
}

static int surveyMainProgram(struct dl_phdr_info *info, size_t size, void *data) {
    (void)size;
    Survey *s = data;
    const ElfW(Dyn) *dynamic = NULL;
    for (int i = 0; i < info->dlpi_phnum; i++) {
        const ElfW(Phdr) *p = &info->dlpi_phdr[i];
        if (p->p_type == PT_DYNAMIC) dynamic = (const ElfW(Dyn) *)(info->dlpi_addr + p->p_vaddr);
        if (p->p_type == PT_LOAD && !(p->p_flags & PF_W) && s->readOnlyCount < 16) {
            uintptr_t start = info->dlpi_addr + p->p_vaddr;
            s->readOnly[s->readOnlyCount++] = (Range){start, start + p->p_filesz};
        }
    }
    uintptr_t rela = 0, relasz = 0, jmprel = 0, pltrelsz = 0, relr = 0, relrsz = 0;
    for (const ElfW(Dyn) *d = dynamic; d && d->d_tag != DT_NULL; d++) {
        switch (d->d_tag) {
        case DT_RELA: rela = d->d_un.d_ptr; break;
        case DT_RELASZ: relasz = d->d_un.d_val; break;
        case DT_JMPREL: jmprel = d->d_un.d_ptr; break;
        case DT_PLTRELSZ: pltrelsz = d->d_un.d_val; break;
        case 36 /* DT_RELR */: relr = d->d_un.d_ptr; break;
        case 35 /* DT_RELRSZ */: relrsz = d->d_un.d_val; break;
        }
    }
    uintptr_t bias = info->dlpi_addr;
    if (rela && relasz) s->drop[s->dropCount++] = (Range){absolute(rela, bias), absolute(rela, bias) + relasz};
    if (jmprel && pltrelsz) s->drop[s->dropCount++] = (Range){absolute(jmprel, bias), absolute(jmprel, bias) + pltrelsz};
    if (relr && relrsz) s->drop[s->dropCount++] = (Range){absolute(relr, bias), absolute(relr, bias) + relrsz};
    uintptr_t begin = (uintptr_t)&ow_startup_code_begin, end = (uintptr_t)&ow_startup_code_end;
    if (end > begin) s->drop[s->dropCount++] = (Range){begin, end};
    uint64_t count = ow_startup_code_ranges.count < 255 ? ow_startup_code_ranges.count : 255;
    for (uint64_t i = 0; i < count; i++) {
        uintptr_t from = bias + ow_startup_code_ranges.ranges[i][0], to = bias + ow_startup_code_ranges.ranges[i][1];
        // whole fault-around windows (the kernel maps 64 KiB around a fault): a window that shares
        // a page with code still in use would come back with it
        from = (from + 0xFFFF) & ~(uintptr_t)0xFFFF; to &= ~(uintptr_t)0xFFFF;
        if (to > from) s->drop[s->dropCount++] = (Range){from, to};
    }
    return 1;  // the first object is the main program
}

/// Drops the whole pages inside `r` if they lie in one read-only segment: those pages were never
/// written, so touching them again just maps them from the page cache.
static void release(Survey *s, Range r, uintptr_t page) {
    uintptr_t start = (r.start + page - 1) & ~(page - 1), end = r.end & ~(page - 1);
    if (end <= start) return;
    for (int i = 0; i < s->readOnlyCount; i++) {
        if (start >= s->readOnly[i].start && end <= s->readOnly[i].end) {
            if (madvise((void *)start, end - start, MADV_DONTNEED) == 0) s->released += end - start;
            return;
        }
    }
}

size_t ow_release_startup_pages(void) {
    Survey s = {0};
    dl_iterate_phdr(surveyMainProgram, &s);
    uintptr_t page = (uintptr_t)sysconf(_SC_PAGESIZE);
    for (int i = 0; i < s.dropCount; i++) release(&s, s.drop[i], page);
    return s.released;
}
