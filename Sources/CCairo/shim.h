#include <cairo.h>
#include <pango/pangocairo.h>
#include <fribidi.h>
