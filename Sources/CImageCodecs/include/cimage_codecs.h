#ifndef CIMAGE_CODECS_H
#define CIMAGE_CODECS_H
// Image codecs opened with dlopen on first use: librsvg (SVG; it maps libxml2 and ICU) and
// gdk-pixbuf (PNG, JPEG…; it maps gio, libmount, blkid, selinux). A daemon that shows no image
// never maps them. Only the calls the renderer needs, with opaque handles (GObjects: release
// them with g_object_unref). Every call fails cleanly when the library cannot be loaded.
#include <cairo.h>
#include <glib.h>
#include <stddef.h>

// librsvg
typedef struct { double x, y, width, height; } ow_rsvg_rectangle;
/// An RsvgHandle, or NULL (with *error set, or NULL when librsvg cannot be loaded).
void *ow_rsvg_handle_new_from_file(const char *path, GError **error);
int ow_rsvg_handle_get_intrinsic_size_in_pixels(void *handle, double *width, double *height);
int ow_rsvg_handle_render_document(void *handle, cairo_t *cr, const ow_rsvg_rectangle *viewport, GError **error);

// gdk-pixbuf
typedef struct {
    int width, height, rowstride, channels, bits_per_sample, has_alpha;
    const unsigned char *pixels;
    size_t length;
} ow_pixbuf_pixels;
/// Non-zero when the file is an image gdk-pixbuf knows, with its size.
int ow_pixbuf_file_info(const char *path, int *width, int *height);
/// A GdkPixbuf, or NULL (with *error set, or NULL when gdk-pixbuf cannot be loaded).
void *ow_pixbuf_new_from_file(const char *path, GError **error);
void *ow_pixbuf_new_from_file_at_scale(const char *path, int width, int height, int preserve_aspect, GError **error);
/// A copy scaled with the best filter (GDK_INTERP_HYPER), or NULL.
void *ow_pixbuf_scale_best(void *pixbuf, int width, int height);
/// The pixbuf's layout and pixels (valid while it lives); non-zero on success.
int ow_pixbuf_pixels_of(void *pixbuf, ow_pixbuf_pixels *out);
#endif
