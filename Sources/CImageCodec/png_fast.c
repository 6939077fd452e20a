/* A faster decode for the PNGs most content holds: 8-bit RGB or RGBA, not interlaced.
 * zlib inflates the IDAT chunks straight into a row, and png_unfilter.c undoes the row
 * filters with SSE2 (Debian's libpng does them in plain C: a third of a photo PNG's
 * decode). The pixels are libpng's to the byte: with these chunk sets libpng applies no
 * transformation but the filler byte of RGB, which this path adds too.
 *
 * Every chunk's CRC is checked before the first row, and any file that is not plainly in
 * order (a CRC, a length, an unexpected chunk) goes to libpng instead, so that a refusal
 * keeps libpng's wording; so does damage found later in the compressed data
 * (png_read.c asks libpng for its message then). */
#include <stdlib.h>
#include <string.h>
#include <zlib.h>
#include "png_fast.h"

struct cic_png_fast {
    const uint8_t *data;
    size_t size;
    size_t next_chunk;  /* offset of the chunk after the IDAT being inflated */
    z_stream z;
    int width, height, bpp;
    size_t row_bytes;   /* without the filter byte */
    uint8_t *rows;      /* two rows of 1 + row_bytes: the filter byte, then the row */
    uint8_t *current, *previous;
    int y;
};

static uint32_t read32(const uint8_t *p) {
    return (uint32_t)p[0] << 24 | (uint32_t)p[1] << 16 | (uint32_t)p[2] << 8 | p[3];
}

static int is_type(const uint8_t *chunk, const char *type) { return memcmp(chunk + 4, type, 4) == 0; }

/* A chunk at `position` that lies wholly inside the file with the right CRC. */
static int whole(const uint8_t *data, size_t size, size_t position) {
    if (position > size || size - position < 12) return 0;
    uint32_t length = read32(data + position);
    if (length > 0x7FFFFFFFu || length > size - position - 12) return 0;
    uLong crc = crc32(crc32(0L, Z_NULL, 0), data + position + 4, (uInt)length + 4);
    return crc == read32(data + position + 8 + length);
}

/* Ancillary chunks before the image data that would make libpng change the pixels:
 * tRNS (alpha), iCCP (may set a gamma) and a gAMA that is not sRGB's 1/2.2. */
static int keeps_pixels(const uint8_t *chunk) {
    if (is_type(chunk, "tRNS") || is_type(chunk, "iCCP")) return 0;
    if (!is_type(chunk, "gAMA")) return 1;
    if (read32(chunk) != 4) return 0;
    uint32_t gamma = read32(chunk + 8);
    return gamma >= 45000 && gamma <= 45910;
}

static int header_taken(const uint8_t *ihdr, int *bpp) {
    uint32_t width = read32(ihdr + 8), height = read32(ihdr + 12);
    int depth = ihdr[16], colour = ihdr[17];
    if (read32(ihdr) != 13 || !is_type(ihdr, "IHDR") || width == 0 || height == 0) return 0;
    if (width > CIC_MAX_SIDE || height > CIC_MAX_SIDE || (long long)width * height > CIC_MAX_PIXELS) return 0;
    if (depth != 8 || (colour != 2 && colour != 6) || ihdr[18] != 0 || ihdr[19] != 0 || ihdr[20] != 0) return 0;
    *bpp = colour == 6 ? 4 : 3;
    return 1;
}

/* The offset of the first IDAT when every chunk up to IEND is whole and in order. */
static size_t first_image_chunk(const uint8_t *data, size_t size) {
    size_t position = 8, first = 0;
    int in_data = 0;
    while (whole(data, size, position)) {
        const uint8_t *chunk = data + position;
        int critical = (chunk[4] & 0x20) == 0;
        if (is_type(chunk, "IEND")) return first;
        if (is_type(chunk, "IDAT")) {
            if (first != 0 && !in_data) return 0;
            if (first == 0) first = position;
            in_data = 1;
        } else {
            in_data = 0;
            if (position == 8 ? !is_type(chunk, "IHDR") : critical) return 0;
            if (first == 0 && !keeps_pixels(chunk)) return 0;
        }
        position += 12 + (size_t)read32(chunk);
    }
    return 0;
}

static void describe(const cic_png_fast *f, cic_stream *stream) {
    stream->width = stream->scaled_width = f->width;
    stream->height = stream->scaled_height = f->height;
    stream->scale_num = 8;
    stream->channels = f->bpp;
    stream->region = (cic_rect){0, 0, f->width, f->height};
    stream->batch_rows = CIC_BATCH_ROWS;
    stream->row_pixels = f->width;
}

cic_png_fast *cic_png_fast_open(const uint8_t *data, size_t size, cic_stream *stream) {
    int bpp = 0;
    if (size < 8 + 25 || !whole(data, size, 8) || !header_taken(data + 8, &bpp)) return NULL;
    size_t first = first_image_chunk(data, size);
    if (first == 0) return NULL;
    cic_png_fast *f = calloc(1, sizeof *f);
    if (f == NULL) return NULL;
    *f = (cic_png_fast){.data = data, .size = size, .width = (int)read32(data + 16),
                        .height = (int)read32(data + 20), .bpp = bpp};
    f->row_bytes = (size_t)f->width * (size_t)bpp;
    f->rows = calloc(2, f->row_bytes + 1);
    /* Adler-32 is skipped as on libpng's path: the chunk CRCs already cover every byte. */
    if (f->rows == NULL || inflateInit(&f->z) != Z_OK || inflateValidate(&f->z, 0) != Z_OK) {
        cic_png_fast_close(f);
        return NULL;
    }
    f->current = f->rows;
    f->previous = f->rows + f->row_bytes + 1;
    f->z.next_in = (Bytef *)(data + first + 8);
    f->z.avail_in = read32(data + first);
    f->next_chunk = first + 12 + read32(data + first);
    describe(f, stream);
    return f;
}

/* Moves zlib's input on to the next IDAT; 0 when the image data has ended. */
static int next_data(cic_png_fast *f) {
    const uint8_t *chunk = f->data + f->next_chunk;
    if (!is_type(chunk, "IDAT")) return 0;
    f->z.next_in = (Bytef *)(chunk + 8);
    f->z.avail_in = read32(chunk);
    f->next_chunk += 12 + (size_t)read32(chunk);
    return 1;
}

/* Inflates the next filtered row (its filter byte first) into f->current. */
static int inflate_row(cic_png_fast *f) {
    f->z.next_out = f->current;
    f->z.avail_out = (uInt)(f->row_bytes + 1);
    while (f->z.avail_out > 0) {
        if (f->z.avail_in == 0 && !next_data(f)) return 0;
        int status = inflate(&f->z, Z_NO_FLUSH);
        if (status == Z_STREAM_END) return f->z.avail_out == 0;
        if (status != Z_OK && status != Z_BUF_ERROR) return 0;
    }
    return 1;
}

static void deliver(const cic_png_fast *f, uint8_t *out) {
    const uint8_t *row = f->current + 1;
    if (f->bpp == 4) {
        memcpy(out, row, f->row_bytes);
        return;
    }
    for (int x = 0; x < f->width; x++, row += 3, out += 4) {
        out[0] = row[0];
        out[1] = row[1];
        out[2] = row[2];
        out[3] = 0xFF;
    }
}

int cic_png_fast_read(cic_png_fast *f, uint8_t *pixels, cic_batch *batch) {
    *batch = (cic_batch){f->y, 1, 0, 0, 1, f->width};
    size_t stride = (size_t)f->width * 4;
    while (batch->rows < CIC_BATCH_ROWS && f->y < f->height) {
        if (!inflate_row(f)) return 0;
        if (!cic_png_unfilter(f->current[0], f->current + 1, f->previous + 1, f->row_bytes, f->bpp)) return 0;
        deliver(f, pixels + (size_t)batch->rows * stride);
        uint8_t *done = f->current;
        f->current = f->previous;
        f->previous = done;
        batch->rows++;
        f->y++;
    }
    return 1;
}

void cic_png_fast_close(cic_png_fast *f) {
    if (f == NULL) return;
    inflateEnd(&f->z);
    free(f->rows);
    free(f);
}
