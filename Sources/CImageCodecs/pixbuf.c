#include "cimage_codecs.h"
#include <dlfcn.h>
#include <pthread.h>

enum { HYPER = 3 };  // GDK_INTERP_HYPER

// Loaded once, whichever thread decodes the first picture (renderers may live on several threads).
static pthread_once_t pixbuf_once = PTHREAD_ONCE_INIT;
static struct {
    int ok;
    void *(*file_info)(const char *, gint *, gint *);
    void *(*new_from_file)(const char *, GError **);
    void *(*new_from_file_at_scale)(const char *, int, int, gboolean, GError **);
    void *(*scale_simple)(void *, int, int, int);
    int (*width)(void *), (*height)(void *), (*rowstride)(void *), (*channels)(void *);
    int (*bits_per_sample)(void *);
    gboolean (*has_alpha)(void *);
    unsigned char *(*pixels_with_length)(void *, guint *);
} pb;

#define LOAD(field, name) (pb.field = (__typeof__(pb.field))dlsym(lib, name)) != NULL

static void pixbuf_load(void) {
    void *lib = dlopen("libgdk_pixbuf-2.0.so.0", RTLD_NOW | RTLD_LOCAL);
    pb.ok = lib && LOAD(file_info, "gdk_pixbuf_get_file_info") && LOAD(new_from_file, "gdk_pixbuf_new_from_file")
        && LOAD(new_from_file_at_scale, "gdk_pixbuf_new_from_file_at_scale")
        && LOAD(scale_simple, "gdk_pixbuf_scale_simple") && LOAD(width, "gdk_pixbuf_get_width")
        && LOAD(height, "gdk_pixbuf_get_height") && LOAD(rowstride, "gdk_pixbuf_get_rowstride")
        && LOAD(channels, "gdk_pixbuf_get_n_channels") && LOAD(bits_per_sample, "gdk_pixbuf_get_bits_per_sample")
        && LOAD(has_alpha, "gdk_pixbuf_get_has_alpha") && LOAD(pixels_with_length, "gdk_pixbuf_get_pixels_with_length");
}

static int pixbuf_loaded(void) {
    pthread_once(&pixbuf_once, pixbuf_load);
    return pb.ok;
}

int ow_pixbuf_file_info(const char *path, int *width, int *height) {
    return pixbuf_loaded() && pb.file_info(path, width, height) != NULL;
}

void *ow_pixbuf_new_from_file(const char *path, GError **error) {
    return pixbuf_loaded() ? pb.new_from_file(path, error) : NULL;
}

void *ow_pixbuf_new_from_file_at_scale(const char *path, int width, int height, int preserve_aspect, GError **error) {
    return pixbuf_loaded() ? pb.new_from_file_at_scale(path, width, height, preserve_aspect, error) : NULL;
}

void *ow_pixbuf_scale_best(void *pixbuf, int width, int height) {
    return pixbuf_loaded() ? pb.scale_simple(pixbuf, width, height, HYPER) : NULL;
}

int ow_pixbuf_pixels_of(void *pixbuf, ow_pixbuf_pixels *out) {
    if (!pixbuf_loaded()) return 0;
    guint length = 0;
    out->width = pb.width(pixbuf);
    out->height = pb.height(pixbuf);
    out->rowstride = pb.rowstride(pixbuf);
    out->channels = pb.channels(pixbuf);
    out->bits_per_sample = pb.bits_per_sample(pixbuf);
    out->has_alpha = pb.has_alpha(pixbuf) != 0;
    out->pixels = pb.pixels_with_length(pixbuf, &length);
    out->length = length;
    return out->pixels != NULL;
}
