#include "cpixels.h"
#include <stddef.h>
#include <stdlib.h>

/// pixman_transform_point_3d for one coordinate of a scale-and-translate transform: the
/// position `c` + ½ (a pixel's centre) mapped, minus ½ (bilinear samples between centres).
static int64_t sample_position(int64_t scale, int64_t offset, int64_t c) {
    int64_t centre = c * 65536 + 32768;
    return ((scale * centre + offset * 65536 + 32768) >> 16) - 32768;
}

/// The two taps of a sample at `v` (16.16) on a line of `count` pixels and their weights
/// (7 bits, summing to 128, as pixman's bilinear filter); a tap outside the line weighs 0.
static void taps(int64_t v, int count, int32_t *low, int32_t *high, uint32_t *w_low, uint32_t *w_high) {
    int64_t i = v >> 16;
    uint32_t w = (uint32_t)((v >> 9) & 0x7f);
    *w_low = (i >= 0 && i < count) ? 128 - w : 0;
    *w_high = (i + 1 >= 0 && i + 1 < count) ? w : 0;
    *low = (int32_t)(i >= 0 && i < count ? i : 0);
    *high = (int32_t)(i + 1 >= 0 && i + 1 < count ? i + 1 : 0);
}

/// One source row interpolated across: per output pixel, blue and red (`even`) and green and
/// alpha (`odd`) as 16-bit sums c_low·w_low + c_high·w_high (exact: at most 255·128).
static void widen(const uint32_t *row, const int32_t *low, const int32_t *high, const uint32_t *w_low,
                  const uint32_t *w_high, int width, uint32_t *even, uint32_t *odd) {
    for (int x = 0; x < width; x++) {
        uint32_t a = row[low[x]], b = row[high[x]];
        even[x] = (a & 0x00ff00ff) * w_low[x] + (b & 0x00ff00ff) * w_high[x];
        odd[x] = ((a >> 8) & 0x00ff00ff) * w_low[x] + ((b >> 8) & 0x00ff00ff) * w_high[x];
    }
}

/// Two widened rows weighed down: each channel (top·w_top + bottom·w_bottom) >> 14, pixman's
/// single truncation of the four-tap sum.
static void lerp_rows(const uint32_t *te, const uint32_t *to, const uint32_t *be, const uint32_t *bo,
                      uint32_t w_top, uint32_t w_bottom, int width, uint32_t *out) {
    for (int x = 0; x < width; x++) {
        uint32_t b = ((te[x] & 0xffff) * w_top + (be[x] & 0xffff) * w_bottom) >> 14;
        uint32_t r = ((te[x] >> 16) * w_top + (be[x] >> 16) * w_bottom) >> 14;
        uint32_t g = ((to[x] & 0xffff) * w_top + (bo[x] & 0xffff) * w_bottom) >> 14;
        uint32_t a = ((to[x] >> 16) * w_top + (bo[x] >> 16) * w_bottom) >> 14;
        out[x] = a << 24 | r << 16 | g << 8 | b;
    }
}

/// `s` OVER `d` with `alpha` (one row): `ow_blend_over`.
static void over_row(uint32_t *d, const uint32_t *s, int width, uint32_t alpha) {
    ow_blend_over((uint8_t *)d, 0, (const uint8_t *)s, 0, width, 1, alpha);
}

#if defined(__x86_64__)
#include <immintrin.h>

/// The same, storing runs of 8 pixels where `d` is transparent (a new image: OVER onto clear
/// pixels is a copy) and blending the rest.
__attribute__((target("avx2")))
static void over_row_avx2(uint32_t *d, const uint32_t *s, int width, uint32_t alpha) {
    if (alpha < 255) {
        over_row(d, s, width, alpha);
        return;
    }
    int x = 0;
    while (x + 8 <= width) {
        __m256i v;
        while (x + 8 <= width && (v = _mm256_loadu_si256((const __m256i *)(d + x)), _mm256_testz_si256(v, v))) {
            _mm256_storeu_si256((__m256i *)(d + x), _mm256_loadu_si256((const __m256i *)(s + x)));
            x += 8;
        }
        int start = x;
        while (x + 8 <= width && (v = _mm256_loadu_si256((const __m256i *)(d + x)), !_mm256_testz_si256(v, v))) x += 8;
        if (x > start) over_row(d + start, s + start, x - start, alpha);
    }
    over_row(d + x, s + x, width - x, alpha);
}

__attribute__((target("avx2")))
static void widen_avx2(const uint32_t *row, const int32_t *low, const int32_t *high, const uint32_t *w_low,
                       const uint32_t *w_high, int width, uint32_t *even, uint32_t *odd) {
    const __m256i mask = _mm256_set1_epi32(0x00ff00ff);
    int x = 0;
    for (; x + 8 <= width; x += 8) {
        __m256i a = _mm256_i32gather_epi32((const int *)row, _mm256_loadu_si256((const __m256i *)(low + x)), 4);
        __m256i b = _mm256_i32gather_epi32((const int *)row, _mm256_loadu_si256((const __m256i *)(high + x)), 4);
        // A weight in both 16-bit halves of its pixel's word.
        __m256i wl = _mm256_loadu_si256((const __m256i *)(w_low + x)), wh = _mm256_loadu_si256((const __m256i *)(w_high + x));
        wl = _mm256_or_si256(wl, _mm256_slli_epi32(wl, 16));
        wh = _mm256_or_si256(wh, _mm256_slli_epi32(wh, 16));
        __m256i e = _mm256_add_epi16(_mm256_mullo_epi16(_mm256_and_si256(a, mask), wl),
                                     _mm256_mullo_epi16(_mm256_and_si256(b, mask), wh));
        __m256i o = _mm256_add_epi16(_mm256_mullo_epi16(_mm256_and_si256(_mm256_srli_epi32(a, 8), mask), wl),
                                     _mm256_mullo_epi16(_mm256_and_si256(_mm256_srli_epi32(b, 8), mask), wh));
        _mm256_storeu_si256((__m256i *)(even + x), e);
        _mm256_storeu_si256((__m256i *)(odd + x), o);
    }
    widen(row, low + x, high + x, w_low + x, w_high + x, width - x, even + x, odd + x);
}

__attribute__((target("avx2")))
static void lerp_rows_avx2(const uint32_t *te, const uint32_t *to, const uint32_t *be, const uint32_t *bo,
                           uint32_t w_top, uint32_t w_bottom, int width, uint32_t *out) {
    const __m256i weights = _mm256_set1_epi32((int)(w_top | w_bottom << 16));
    int x = 0;
    for (; x + 8 <= width; x += 8) {
        __m256i halves[2];
        for (int h = 0; h < 2; h++) {
            const uint32_t *top = h ? to : te, *bottom = h ? bo : be;
            __m256i t = _mm256_loadu_si256((const __m256i *)(top + x)), b = _mm256_loadu_si256((const __m256i *)(bottom + x));
            // (top, bottom) pairs of each channel: one multiply-add gives the channel's sum.
            __m256i lo = _mm256_srli_epi32(_mm256_madd_epi16(_mm256_unpacklo_epi16(t, b), weights), 14);
            __m256i hi = _mm256_srli_epi32(_mm256_madd_epi16(_mm256_unpackhi_epi16(t, b), weights), 14);
            halves[h] = _mm256_packus_epi32(lo, hi);  // the channels back in their words' halves
        }
        _mm256_storeu_si256((__m256i *)(out + x), _mm256_or_si256(halves[0], _mm256_slli_epi32(halves[1], 8)));
    }
    lerp_rows(te + x, to + x, be + x, bo + x, w_top, w_bottom, width - x, out + x);
}
#endif

typedef void (*widen_fn)(const uint32_t *, const int32_t *, const int32_t *, const uint32_t *, const uint32_t *, int,
                         uint32_t *, uint32_t *);
typedef void (*lerp_fn)(const uint32_t *, const uint32_t *, const uint32_t *, const uint32_t *, uint32_t, uint32_t, int,
                        uint32_t *);
typedef void (*over_fn)(uint32_t *, const uint32_t *, int, uint32_t);

static int scale_over(widen_fn widen_row, lerp_fn lerp, over_fn over, uint8_t *dst, int dst_stride, int dst_x, int dst_y, int width,
                      int height, const uint8_t *src, int src_stride, int src_width, int src_height,
                      const ow_scale_transform *t, uint32_t alpha) {
    if (width <= 0 || height <= 0 || src_width <= 0 || src_height <= 0) return 1;
    size_t n = (size_t)width;
    char *memory = malloc(n * 4 * 10);
    if (!memory) return 0;
    int32_t *low = (int32_t *)memory, *high = low + n;
    uint32_t *w_low = (uint32_t *)(high + n), *w_high = w_low + n;
    uint32_t *rows[2][2] = {{w_high + n, w_high + 2 * n}, {w_high + 3 * n, w_high + 4 * n}}, *out = w_high + 5 * n;
    int held[2] = {-2, -2};  // the source row widened in each slot; -2: none
    int64_t x0 = sample_position(t->scale_x, t->offset_x, dst_x);
    for (int x = 0; x < width; x++) taps(x0 + (int64_t)x * t->scale_x, src_width, low + x, high + x, w_low + x, w_high + x);
    for (int y = 0; y < height; y++) {
        int32_t top, bottom;
        uint32_t w_top, w_bottom;
        taps(sample_position(t->scale_y, t->offset_y, dst_y + y), src_height, &top, &bottom, &w_top, &w_bottom);
        int slot[2];
        for (int k = 0; k < 2; k++) {
            int r = k ? bottom : top;
            slot[k] = held[0] == r ? 0 : held[1] == r ? 1 : -1;
        }
        for (int k = 0; k < 2; k++) {
            if (slot[k] >= 0) continue;
            int r = k ? bottom : top, free = slot[1 - k] == 0 ? 1 : 0;
            widen_row((const uint32_t *)(src + (ptrdiff_t)r * src_stride), low, high, w_low, w_high, width,
                      rows[free][0], rows[free][1]);
            held[free] = r;
            slot[k] = free;
        }
        lerp(rows[slot[0]][0], rows[slot[0]][1], rows[slot[1]][0], rows[slot[1]][1], w_top, w_bottom, width, out);
        over((uint32_t *)(dst + (ptrdiff_t)y * dst_stride), out, width, alpha);
    }
    free(memory);
    return 1;
}

int ow_scale_over(uint8_t *dst, int dst_stride, int dst_x, int dst_y, int width, int height,
                  const uint8_t *src, int src_stride, int src_width, int src_height,
                  const ow_scale_transform *transform, uint32_t alpha) {
    widen_fn w = widen;
    lerp_fn l = lerp_rows;
    over_fn o = over_row;
#if defined(__x86_64__)
    if (__builtin_cpu_supports("avx2")) { w = widen_avx2; l = lerp_rows_avx2; o = over_row_avx2; }
#endif
    return scale_over(w, l, o, dst, dst_stride, dst_x, dst_y, width, height, src, src_stride, src_width, src_height, transform, alpha);
}

int ow_scale_over_portable(uint8_t *dst, int dst_stride, int dst_x, int dst_y, int width, int height,
                           const uint8_t *src, int src_stride, int src_width, int src_height,
                           const ow_scale_transform *transform, uint32_t alpha) {
    return scale_over(widen, lerp_rows, over_row, dst, dst_stride, dst_x, dst_y, width, height, src, src_stride, src_width,
                      src_height, transform, alpha);
}
