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

/// A scale-and-translate transform from destination pixels to source pixels in 16.16 fixed
/// point, as pixman holds one: source = scale · destination + offset.
typedef struct { int64_t scale_x, offset_x, scale_y, offset_y; } ow_scale_transform;

/// `dst = (src through transform) × alpha OVER dst` for the `width`×`height` destination pixels
/// whose top-left one is (`dst_x`, `dst_y`) in the transform's destination space and at `dst`:
/// pixman's bilinear filter (7-bit weights, one truncation of the four-tap sum) with transparent
/// pixels outside `src`, composited like `ow_blend_over`. Each destination row is sampled into a
/// row of its own, then blended; source rows are interpolated across once each (8 pixels at a
/// time where the CPU has AVX2, which also copies runs of 8 onto transparent pixels when `alpha`
/// is 255: a new image). `alpha` is 0…255. Returns 0 when out of memory (nothing drawn).
int ow_scale_over(uint8_t *dst, int dst_stride, int dst_x, int dst_y, int width, int height,
                  const uint8_t *src, int src_stride, int src_width, int src_height,
                  const ow_scale_transform *transform, uint32_t alpha);
/// The same without SIMD in the sampling (tests compare the two).
int ow_scale_over_portable(uint8_t *dst, int dst_stride, int dst_x, int dst_y, int width, int height,
                           const uint8_t *src, int src_stride, int src_width, int src_height,
                           const ow_scale_transform *transform, uint32_t alpha);
#endif
