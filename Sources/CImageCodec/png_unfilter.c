/* PNG's five row filters undone (PNG spec §9), for png_fast.c. Four bytes per pixel with
 * SSE2 (one pixel per step, as libpng's own SSE2 code, which Debian's libpng leaves
 * out), three or four in plain C otherwise. The results are exact: the same bytes as
 * libpng's. */
#include <stdlib.h>
#include <string.h>
#include "png_fast.h"
#if defined(__SSE2__)
#include <emmintrin.h>
#endif

static void sub(uint8_t *row, size_t bytes, int bpp) {
    for (size_t i = (size_t)bpp; i < bytes; i++) row[i] = (uint8_t)(row[i] + row[i - bpp]);
}

static void up(uint8_t *row, const uint8_t *prev, size_t bytes) {
    for (size_t i = 0; i < bytes; i++) row[i] = (uint8_t)(row[i] + prev[i]);
}

static void average(uint8_t *row, const uint8_t *prev, size_t bytes, int bpp) {
    for (size_t i = 0; i < (size_t)bpp && i < bytes; i++) row[i] = (uint8_t)(row[i] + (prev[i] >> 1));
    for (size_t i = (size_t)bpp; i < bytes; i++) row[i] = (uint8_t)(row[i] + ((row[i - bpp] + prev[i]) >> 1));
}

static uint8_t predict(int a, int b, int c) {
    int pa = abs(b - c), pb = abs(a - c), pc = abs(a + b - 2 * c);
    if (pa <= pb && pa <= pc) return (uint8_t)a;
    return (uint8_t)(pb <= pc ? b : c);
}

static void paeth(uint8_t *row, const uint8_t *prev, size_t bytes, int bpp) {
    for (size_t i = 0; i < (size_t)bpp && i < bytes; i++) row[i] = (uint8_t)(row[i] + prev[i]);
    for (size_t i = (size_t)bpp; i < bytes; i++) row[i] = (uint8_t)(row[i] + predict(row[i - bpp], prev[i], prev[i - bpp]));
}

#if defined(__SSE2__)
static __m128i load4(const uint8_t *p) {
    int32_t v;
    memcpy(&v, p, 4);
    return _mm_cvtsi32_si128(v);
}

static void store4(uint8_t *p, __m128i v) {
    int32_t w = _mm_cvtsi128_si32(v);
    memcpy(p, &w, 4);
}

static void sub4(uint8_t *row, size_t bytes) {
    __m128i a = _mm_setzero_si128();
    for (size_t i = 0; i + 4 <= bytes; i += 4) {
        a = _mm_add_epi8(a, load4(row + i));
        store4(row + i, a);
    }
}

static void average4(uint8_t *row, const uint8_t *prev, size_t bytes) {
    const __m128i one = _mm_set1_epi8(1);
    __m128i a = _mm_setzero_si128();
    for (size_t i = 0; i + 4 <= bytes; i += 4) {
        __m128i b = load4(prev + i);
        /* _mm_avg_epu8 rounds up; PNG's average rounds down. */
        __m128i mean = _mm_sub_epi8(_mm_avg_epu8(a, b), _mm_and_si128(_mm_xor_si128(a, b), one));
        a = _mm_add_epi8(load4(row + i), mean);
        store4(row + i, a);
    }
}

static __m128i absolute16(__m128i x) { return _mm_max_epi16(x, _mm_sub_epi16(_mm_setzero_si128(), x)); }

static __m128i choose(__m128i mask, __m128i yes, __m128i no) {
    return _mm_or_si128(_mm_and_si128(mask, yes), _mm_andnot_si128(mask, no));
}

/* In 16-bit lanes: pa = |b - c|, pb = |a - c|, pc = |a + b - 2c|; ties favour a, then b. */
static void paeth4(uint8_t *row, const uint8_t *prev, size_t bytes) {
    const __m128i zero = _mm_setzero_si128();
    __m128i a = zero, c = zero;
    for (size_t i = 0; i + 4 <= bytes; i += 4) {
        __m128i b = _mm_unpacklo_epi8(load4(prev + i), zero);
        __m128i d = _mm_unpacklo_epi8(load4(row + i), zero);
        __m128i pa = _mm_sub_epi16(b, c), pb = _mm_sub_epi16(a, c);
        __m128i pc = absolute16(_mm_add_epi16(pa, pb));
        pa = absolute16(pa);
        pb = absolute16(pb);
        __m128i smallest = _mm_min_epi16(pc, _mm_min_epi16(pa, pb));
        __m128i nearest = choose(_mm_cmpeq_epi16(smallest, pa), a, choose(_mm_cmpeq_epi16(smallest, pb), b, c));
        d = _mm_add_epi8(d, nearest); /* wraps modulo 256 in each low byte; high bytes stay 0 */
        store4(row + i, _mm_packus_epi16(d, d));
        a = d;
        c = b;
    }
}
#endif

int cic_png_unfilter(int filter, uint8_t *row, const uint8_t *prev, size_t bytes, int bpp) {
#if defined(__SSE2__)
    if (bpp == 4) {
        switch (filter) {
        case 0: return 1;
        case 1: sub4(row, bytes); return 1;
        case 2: up(row, prev, bytes); return 1;
        case 3: average4(row, prev, bytes); return 1;
        case 4: paeth4(row, prev, bytes); return 1;
        default: return 0;
        }
    }
#endif
    switch (filter) {
    case 0: return 1;
    case 1: sub(row, bytes, bpp); return 1;
    case 2: up(row, prev, bytes); return 1;
    case 3: average(row, prev, bytes, bpp); return 1;
    case 4: paeth(row, prev, bytes, bpp); return 1;
    default: return 0;
    }
}
