#ifndef CRSVG_LAZY_H
#define CRSVG_LAZY_H
// librsvg, opened with dlopen on the first SVG: the daemon does not map it (and libxml2, ICU)
// until an SVG icon is drawn. Only the three calls the renderer needs.
#include <cairo.h>
#include <glib.h>

typedef struct { double x, y, width, height; } ow_rsvg_rectangle;

/// An RsvgHandle (a GObject: release with g_object_unref), or NULL with *error set; NULL with
/// *error NULL when librsvg cannot be loaded at all.
void *ow_rsvg_handle_new_from_file(const char *path, GError **error);
/// rsvg_handle_get_intrinsic_size_in_pixels: non-zero when the SVG has an intrinsic size.
int ow_rsvg_handle_get_intrinsic_size_in_pixels(void *handle, double *width, double *height);
/// rsvg_handle_render_document: non-zero on success.
int ow_rsvg_handle_render_document(void *handle, cairo_t *cr, const ow_rsvg_rectangle *viewport, GError **error);
#endif
