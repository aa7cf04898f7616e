#include "cpixels.h"
#include <stddef.h>
#include <string.h>

/// a × b / 255, rounded as pixman rounds.
static inline uint32_t mul_un8(uint32_t a, uint32_t b) {
    uint32_t t = a * b + 128;
    return (t + (t >> 8)) >> 8;
}

static void blend_row(uint32_t *d, const uint32_t *s, int width, uint32_t alpha) {
    for (int x = 0; x < width; x++) {
        uint32_t p = s[x], q = d[x];
        uint32_t inverse = 255 - mul_un8(p >> 24, alpha), out = 0;
        for (int shift = 0; shift < 32; shift += 8) {
            uint32_t sum = mul_un8((p >> shift) & 255, alpha) + mul_un8((q >> shift) & 255, inverse);
            out |= (sum > 255 ? 255 : sum) << shift;  // saturates like pixman on bad premultiplication
        }
        d[x] = out;
    }
}

#if defined(__x86_64__)
#include <immintrin.h>

/// (`a` IN `b`) OVER `d` for 8 pixels, each byte of `a` times the matching byte of `b`: the
/// same arithmetic as the loops above on 16-bit lanes.
__attribute__((target("avx2")))
static inline __m256i in_over_8(__m256i a, __m256i b, __m256i d) {
    const __m256i zero = _mm256_setzero_si256(), half = _mm256_set1_epi16(128), full = _mm256_set1_epi16(255);
    // Each pixel's alpha word copied to its four words.
    const __m256i alphas = _mm256_setr_epi8(6, 7, 6, 7, 6, 7, 6, 7, 14, 15, 14, 15, 14, 15, 14, 15,
                                            6, 7, 6, 7, 6, 7, 6, 7, 14, 15, 14, 15, 14, 15, 14, 15);
    __m256i halves[2];
    for (int h = 0; h < 2; h++) {
        __m256i aw = h ? _mm256_unpackhi_epi8(a, zero) : _mm256_unpacklo_epi8(a, zero);
        __m256i bw = h ? _mm256_unpackhi_epi8(b, zero) : _mm256_unpacklo_epi8(b, zero);
        __m256i dw = h ? _mm256_unpackhi_epi8(d, zero) : _mm256_unpacklo_epi8(d, zero);
        __m256i t = _mm256_add_epi16(_mm256_mullo_epi16(aw, bw), half);
        __m256i sw = _mm256_srli_epi16(_mm256_add_epi16(t, _mm256_srli_epi16(t, 8)), 8);
        __m256i inverse = _mm256_sub_epi16(full, _mm256_shuffle_epi8(sw, alphas));
        t = _mm256_add_epi16(_mm256_mullo_epi16(dw, inverse), half);
        dw = _mm256_srli_epi16(_mm256_add_epi16(t, _mm256_srli_epi16(t, 8)), 8);
        halves[h] = _mm256_add_epi16(sw, dw);
    }
    return _mm256_packus_epi16(halves[0], halves[1]);
}

/// `blend_row`, 8 pixels per step.
__attribute__((target("avx2")))
static void blend_row_avx2(uint32_t *d, const uint32_t *s, int width, uint32_t alpha) {
    const __m256i factor = _mm256_set1_epi8((char)alpha);
    int x = 0;
    for (; x + 8 <= width; x += 8) {
        __m256i dp = _mm256_loadu_si256((const __m256i *)(d + x));
        _mm256_storeu_si256((__m256i *)(d + x), in_over_8(_mm256_loadu_si256((const __m256i *)(s + x)), factor, dp));
    }
    blend_row(d + x, s + x, width - x, alpha);
}
#endif

typedef void (*blend_row_fn)(uint32_t *, const uint32_t *, int, uint32_t);

static void blend_rows(blend_row_fn row, uint8_t *dst, int dst_stride, const uint8_t *src, int src_stride,
                       int width, int height, uint32_t alpha) {
    if (width <= 0 || height <= 0 || alpha == 0) return;
    if (alpha > 255) alpha = 255;
    for (int y = 0; y < height; y++) {
        row((uint32_t *)(dst + (ptrdiff_t)y * dst_stride), (const uint32_t *)(src + (ptrdiff_t)y * src_stride), width, alpha);
    }
}

void ow_blend_over(uint8_t *dst, int dst_stride, const uint8_t *src, int src_stride,
                   int width, int height, uint32_t alpha) {
    blend_row_fn row = blend_row;
#if defined(__x86_64__)
    if (__builtin_cpu_supports("avx2")) row = blend_row_avx2;
#endif
    blend_rows(row, dst, dst_stride, src, src_stride, width, height, alpha);
}

void ow_blend_over_portable(uint8_t *dst, int dst_stride, const uint8_t *src, int src_stride,
                            int width, int height, uint32_t alpha) {
    blend_rows(blend_row, dst, dst_stride, src, src_stride, width, height, alpha);
}

/// pixman's arithmetic for a solid colour through an A8 mask, OVER (`fast_composite_over_n_8_8888`):
/// `color IN coverage`, then that OVER the pixel.
static void mask_row(uint32_t *d, const uint8_t *m, int width, uint32_t color) {
    for (int x = 0; x < width; x++) {
        uint32_t coverage = m[x];
        if (coverage == 0) continue;
        uint32_t s = 0;
        for (int shift = 0; shift < 32; shift += 8) s |= mul_un8((color >> shift) & 255, coverage) << shift;
        uint32_t inverse = 255 - (s >> 24), q = d[x], out = 0;
        for (int shift = 0; shift < 32; shift += 8) {
            uint32_t sum = ((s >> shift) & 255) + mul_un8((q >> shift) & 255, inverse);
            out |= (sum > 255 ? 255 : sum) << shift;
        }
        d[x] = out;
    }
}

#if defined(__x86_64__)
/// `mask_row`, 8 pixels per step (the last few through a copy of 8); 8 uncovered pixels are skipped.
__attribute__((target("avx2")))
static void mask_row_avx2(uint32_t *d, const uint8_t *m, int width, uint32_t color) {
    const __m256i source = _mm256_set1_epi32((int)color), spread = _mm256_set1_epi32(0x01010101);
    for (int x = 0; x < width; x += 8) {
        int count = width - x < 8 ? width - x : 8;
        uint8_t covered[8] = {0};
        uint32_t pixels[8] = {0};
        memcpy(covered, m + x, (size_t)count);
        __m128i coverage = _mm_loadl_epi64((const __m128i *)covered);
        if (_mm_cvtsi128_si64(coverage) == 0) continue;
        memcpy(pixels, d + x, (size_t)count * 4);
        // Each pixel's coverage in its four bytes.
        __m256i factor = _mm256_mullo_epi32(_mm256_cvtepu8_epi32(coverage), spread);
        __m256i out = in_over_8(source, factor, _mm256_loadu_si256((const __m256i *)pixels));
        _mm256_storeu_si256((__m256i *)pixels, out);
        memcpy(d + x, pixels, (size_t)count * 4);
    }
}
#endif

typedef void (*mask_row_fn)(uint32_t *, const uint8_t *, int, uint32_t);

static void mask_rows(mask_row_fn row, uint8_t *dst, int dst_stride, const uint8_t *mask, int mask_stride,
                      int width, int height, uint32_t color) {
    if (width <= 0 || height <= 0 || color == 0) return;
    for (int y = 0; y < height; y++) {
        row((uint32_t *)(dst + (ptrdiff_t)y * dst_stride), mask + (ptrdiff_t)y * mask_stride, width, color);
    }
}

void ow_mask_over(uint8_t *dst, int dst_stride, const uint8_t *mask, int mask_stride, int width, int height, uint32_t color) {
    mask_row_fn row = mask_row;
#if defined(__x86_64__)
    if (__builtin_cpu_supports("avx2")) row = mask_row_avx2;
#endif
    mask_rows(row, dst, dst_stride, mask, mask_stride, width, height, color);
}

void ow_mask_over_portable(uint8_t *dst, int dst_stride, const uint8_t *mask, int mask_stride, int width, int height, uint32_t color) {
    mask_rows(mask_row, dst, dst_stride, mask, mask_stride, width, height, color);
}
