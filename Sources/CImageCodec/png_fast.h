/* The PNG fast path (png_fast.c), used by png_read.c. */
#pragma once
#include "internal.h"

typedef struct cic_png_fast cic_png_fast;

/* Opens the fast path when the file is one it takes: 8-bit RGB or RGBA, not interlaced,
 * no palette, tRNS, ICC profile or gamma other than sRGB's, every chunk whole with its
 * CRC right up to IEND, and a size within the budget. Returns NULL for any other file:
 * libpng decodes it (and words any refusal) as before. */
cic_png_fast *cic_png_fast_open(const uint8_t *data, size_t size, cic_stream *stream);

/* Decodes the next batch into `pixels` (4 bytes per pixel, as libpng's path gives);
 * batch->rows is 0 at the end. Returns 0 when the image data is damaged. */
int cic_png_fast_read(cic_png_fast *fast, uint8_t *pixels, cic_batch *batch);

void cic_png_fast_close(cic_png_fast *fast);

/* Undoes PNG filter `filter` (0...4) on `row` of `bytes` bytes, given the row above it
 * (already unfiltered; zeros for the first row) and the bytes per pixel. Returns 0 for
 * an unknown filter. */
int cic_png_unfilter(int filter, uint8_t *row, const uint8_t *prev, size_t bytes, int bpp);
