// librsvg (SVG) and gdk-pixbuf (PNG, JPEG, …) for the renderer's image loading.
#include <librsvg/rsvg.h>
#include <gdk-pixbuf/gdk-pixbuf.h>
