#pragma once
/* Image decode and encode for thumbnails, on libjpeg(-turbo) and libpng.
 *
 * libjpeg reports errors by calling exit() unless the caller installs an error manager
 * that longjmps, and Swift cannot call setjmp: every libjpeg and libpng call lives here
 * and returns a status plus a message in plain words. Nothing is ever printed.
 *
 * Pixels are 8-bit, interleaved, top row first, with no row padding: RGB (3 channels)
 * or RGBA with straight (not premultiplied) alpha (4 channels).
 */
#include <stddef.h>
#include <stdint.h>

typedef enum {
    CIC_OK = 0,
    CIC_UNSUPPORTED = 1, /* neither PNG nor JPEG */
    CIC_CORRUPT = 2,     /* the decoder failed: truncated, damaged or unsupported variant */
    CIC_TOO_LARGE = 3,   /* the header claims more pixels than the budget allows */
    CIC_NO_MEMORY = 4,
    CIC_ENCODE_FAILED = 5,
} cic_status;

typedef enum { CIC_FORMAT_UNKNOWN = 0, CIC_FORMAT_JPEG = 1, CIC_FORMAT_PNG = 2 } cic_format;

/* Refused before any pixel buffer is allocated (rule thumbnail-too-large). */
#define CIC_MAX_PIXELS 100000000LL
#define CIC_MAX_SIDE 30000

/* Room for any message this target writes (libjpeg's are at most JMSG_LENGTH_MAX = 200). */
enum { CIC_MESSAGE_CAPACITY = 320 };

typedef struct {
    int format;      /* cic_format */
    int width;       /* as stored, before the EXIF orientation is applied */
    int height;
    int orientation; /* EXIF orientation 1...8; 1 when absent or invalid */
    int has_alpha;   /* PNG with an alpha channel or a tRNS chunk */
} cic_header;

/* A rectangle in pixels. */
typedef struct {
    int x, y, width, height;
} cic_rect;

/* Reads only the header: format, size, orientation. Refuses sizes over the budget. */
int cic_probe(const uint8_t *data, size_t size, cic_header *header, char *message, size_t capacity);

/* A decode in progress. Rows come out a batch at a time (cic_read), so the caller holds
 * a few rows of decoded pixels, never the whole image: a 100-megapixel PNG needs no
 * 400 MB buffer, and a thumbnail is accumulated row by row. */
typedef struct cic_decoder cic_decoder;

/* What a decoder will produce, known once it is open. */
typedef struct {
    int width;         /* as stored; for a refusal's message too */
    int height;
    int scale_num;     /* JPEG: decoded at scale_num/8 of the stored size; PNG: 8 */
    int scaled_width;  /* the whole image at that scale */
    int scaled_height;
    int channels;      /* 3 (opaque) or 4 (with alpha); rows hold 4 bytes per pixel
                          either way: R, G, B, then alpha (straight, not premultiplied)
                          or a filler of 255, so that a pixel is one 32-bit load */
    cic_rect region;   /* the part of the scaled image that the rows cover */
    int batch_rows;    /* a batch has at most this many rows... */
    int row_pixels;    /* ...of at most this many pixels: the caller's buffer holds
                          batch_rows * row_pixels * 4 bytes */
} cic_stream;

/* One batch: `rows` rows of the scaled image, y, y + y_step, ..., each holding `width`
 * pixels for the columns x, x + x_step, ...; row i starts at i * row_pixels * 4.
 * The steps are 1 except in an interlaced PNG's passes (Adam7). */
typedef struct {
    int y, y_step, rows;
    int x, x_step, width;
} cic_batch;

/* Opens a decoder: reads the header, refuses sizes over the budget before allocating any
 * pixel buffer, and for a JPEG picks the smallest DCT scale whose output is at least
 * min_width x min_height (or full size). `wanted` (stored pixels; NULL for all) limits
 * what a JPEG decodes: libjpeg-turbo skips the IDCT and colour conversion of columns and
 * rows outside it (jpeg_crop_scanline, jpeg_skip_scanlines). A PNG delivers every row.
 * On success the caller owns *decoder and releases it with cic_close. */
int cic_open(const uint8_t *data, size_t size, int min_width, int min_height, const cic_rect *wanted,
             cic_decoder **decoder, cic_stream *stream, char *message, size_t capacity);

/* Decodes the next batch into `pixels`. At the end, batch->rows is 0: by then the rest of
 * the file has been read, so a truncated or damaged file fails here, not silently. The
 * data passed to cic_open must stay alive and unchanged until cic_close. After an error
 * the decoder only refuses; close it. */
int cic_read(cic_decoder *decoder, uint8_t *pixels, cic_batch *batch, char *message, size_t capacity);

void cic_close(cic_decoder *decoder);

/* Encodes RGB (channels 3) or RGBA (channels 4) pixels. On success *output holds
 * *output_size bytes that the caller releases with cic_free. */
int cic_encode_jpeg(const uint8_t *pixels, int width, int height, int channels, int quality,
                    uint8_t **output, size_t *output_size, char *message, size_t capacity);
int cic_encode_png(const uint8_t *pixels, int width, int height, int channels,
                   uint8_t **output, size_t *output_size, char *message, size_t capacity);

void cic_free(void *pointer);
