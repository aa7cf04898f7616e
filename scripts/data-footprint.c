// The lines of memory each on-screen display level touches: reads valgrind lackey's
// `--trace-mem=yes` log on standard input. A window starts each time the instruction at the
// address in MARKER_FILE runs (read once the file exists: the daemon's load address is known
// only after it starts); before the first, lines are skipped. For each window, writes to OUT
// "W <n> code <lines> data <lines> stored <lines>", then the window's distinct data lines
// (address / 64, hex), one a line. Built and run by scripts/data-footprint.
//   data-footprint-count MARKER_FILE OUT < lackey.log
#include <inttypes.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define SLOTS (1u << 22)  // distinct lines a window may hold: far above the ~7,000 a level touches
#define CODE (1ull << 62)
#define STORED (1ull << 61)

static uint64_t *slots;
static uint64_t *dataLines;
static unsigned dataCount;

// Adds `key` to the window's set; 1 when it is new. Keys are offset by one: zero marks a free slot.
static int insert(uint64_t key) {
    key += 1;
    unsigned i = (unsigned)((key * 0x9E3779B97F4A7C15ull) >> 40) & (SLOTS - 1);
    for (unsigned probes = 0; slots[i]; i = (i + 1) & (SLOTS - 1)) {
        if (slots[i] == key) return 0;
        if (++probes == SLOTS / 2) { fputs("data-footprint: a window touched too many lines\n", stderr); exit(1); }
    }
    slots[i] = key;
    return 1;
}

int main(int argc, char **argv) {
    if (argc != 3) { fputs("usage: data-footprint-count MARKER_FILE OUT < lackey.log\n", stderr); return 2; }
    slots = calloc(SLOTS, sizeof *slots);
    dataLines = malloc(SLOTS * sizeof *dataLines);
    FILE *out = fopen(argv[2], "w");
    if (!slots || !dataLines || !out) { perror("data-footprint"); return 1; }
    uint64_t marker = 0;
    long long records = 0;
    int window = -1;
    unsigned code = 0, data = 0, stored = 0;
    char text[256];
    while (fgets(text, sizeof text, stdin)) {
        if (!marker && (++records & 0xFFF) == 0) {  // looked for every 4,096 records
            FILE *f = fopen(argv[1], "r");
            if (f) { if (fscanf(f, "%" SCNx64, &marker) != 1) marker = 0; fclose(f); }
        }
        // "I  04016f0,3" an instruction; " L addr,size", " S …", " M …" a load, store, modify
        char kind, *p = text;
        if (p[0] == 'I') { kind = 'I'; p += 3; }
        else if (p[0] == ' ' && (p[1] == 'L' || p[1] == 'S' || p[1] == 'M')) { kind = p[1]; p += 3; }
        else continue;
        uint64_t address = strtoull(p, NULL, 16);
        if (kind == 'I' && marker && address == marker) {
            if (window >= 0) {
                fprintf(out, "W %d code %u data %u stored %u\n", window, code, data, stored);
                for (unsigned i = 0; i < dataCount; i++) fprintf(out, "%" PRIx64 "\n", dataLines[i]);
            }
            window++;
            memset(slots, 0, SLOTS * sizeof *slots);
            code = data = stored = dataCount = 0;
        }
        if (window < 0) continue;
        uint64_t line = address >> 6;
        if (kind == 'I') { code += insert(line | CODE); continue; }
        if (insert(line)) { data++; dataLines[dataCount++] = line; }
        if (kind != 'L') stored += insert(line | STORED);
    }
    // The last window is cut short by the daemon's exit: not written.
    fclose(out);
    return window >= 1 ? 0 : 1;
}
