// GLib's slices from malloc (see cshims.h).
#include "cshims.h"
#include <stdint.h>

// From <glib/gslice.h>, declared here so CShims needs no GLib headers; weak, so programs that
// do not link GLib still link (the calls are skipped there). GLib 2.76 and later keep them as
// no-ops: their slices are malloc's already.
enum { G_SLICE_CONFIG_ALWAYS_MALLOC = 1 };
extern void g_slice_set_config(int key, int64_t value) __attribute__((weak));
extern int64_t g_slice_get_config(int key) __attribute__((weak));

// Runs from .preinit_array: before any shared library's initialisers, so before GObject's,
// which make GLib's first slice (and fix its configuration). No memory is touched here.
__attribute__((no_sanitize("address")))
static void ow_slices_from_malloc(int argc, char **argv, char **envp) {
    (void)argc; (void)argv; (void)envp;
    if (g_slice_set_config) g_slice_set_config(G_SLICE_CONFIG_ALWAYS_MALLOC, 1);
}

__attribute__((section(".preinit_array"), used))
static void (*const ow_preinit_slices)(int, char **, char **) = ow_slices_from_malloc;

int ow_glib_slices_use_malloc(void) {
    return g_slice_get_config ? g_slice_get_config(G_SLICE_CONFIG_ALWAYS_MALLOC) != 0 : -1;
}
