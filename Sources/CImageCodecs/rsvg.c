#include "cimage_codecs.h"
#include <dlfcn.h>
#include <pthread.h>

// Loaded once, whichever thread draws the first SVG (renderers may live on several threads).
static pthread_once_t rsvg_once = PTHREAD_ONCE_INIT;
static struct {
    void *(*new_from_file)(const char *, GError **);
    gboolean (*intrinsic_size)(void *, gdouble *, gdouble *);
    gboolean (*render_document)(void *, cairo_t *, const ow_rsvg_rectangle *, GError **);
} rsvg;

static void rsvg_load(void) {
    void *lib = dlopen("librsvg-2.so.2", RTLD_NOW | RTLD_LOCAL);
    if (lib) {
        rsvg.new_from_file = (void *(*)(const char *, GError **))dlsym(lib, "rsvg_handle_new_from_file");
        rsvg.intrinsic_size = (gboolean (*)(void *, gdouble *, gdouble *))dlsym(lib, "rsvg_handle_get_intrinsic_size_in_pixels");
        rsvg.render_document = (gboolean (*)(void *, cairo_t *, const ow_rsvg_rectangle *, GError **))dlsym(lib, "rsvg_handle_render_document");
    }
}

static int rsvg_loaded(void) {
    pthread_once(&rsvg_once, rsvg_load);
    return rsvg.new_from_file && rsvg.intrinsic_size && rsvg.render_document;
}

void *ow_rsvg_handle_new_from_file(const char *path, GError **error) {
    return rsvg_loaded() ? rsvg.new_from_file(path, error) : NULL;
}

int ow_rsvg_handle_get_intrinsic_size_in_pixels(void *handle, double *width, double *height) {
    return rsvg_loaded() && rsvg.intrinsic_size(handle, width, height);
}

int ow_rsvg_handle_render_document(void *handle, cairo_t *cr, const ow_rsvg_rectangle *viewport, GError **error) {
    return rsvg_loaded() && rsvg.render_document(handle, cr, viewport, error);
}
