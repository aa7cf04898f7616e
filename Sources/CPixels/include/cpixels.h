#ifndef CPIXELS_H
#define CPIXELS_H
#include <stdint.h>

/// `dst = src × alpha OVER dst` on premultiplied ARGB32 rows (cairo's and wl_shm's format):
/// what cairo_paint_with_alpha does with an image source, to the same bits, without cairo's
/// per-call setup, and 8 pixels at a time where the CPU has AVX2. `alpha` is 0…255.
/// Strides are in bytes; the rectangles must not overlap.
void ow_blend_over(uint8_t *dst, int dst_stride, const uint8_t *src, int src_stride,
                   int width, int height, uint32_t alpha);
/// The same without SIMD: what CPUs without AVX2 run (tests compare the two).
void ow_blend_over_portable(uint8_t *dst, int dst_stride, const uint8_t *src, int src_stride,
                            int width, int height, uint32_t alpha);
#endif
