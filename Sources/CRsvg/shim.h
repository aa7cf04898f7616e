// gdk-pixbuf (PNG, JPEG, …) for the renderer's image loading. librsvg (SVG) is loaded lazily
// by CRsvgLazy, so it is not linked here.
#include <gdk-pixbuf/gdk-pixbuf.h>
