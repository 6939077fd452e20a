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

/* What a decode will produce: the size after DCT scaling (JPEG) and the channel count. */
typedef struct {
    int scale_num;   /* JPEG: decode at scale_num/8 of the stored size; PNG: 8 */
    int width;
    int height;
    int channels;    /* 3 or 4 */
} cic_plan;

/* A rectangle in pixels. */
typedef struct {
    int x, y, width, height;
} cic_rect;

/* Reads only the header: format, size, orientation. Refuses sizes over the budget. */
int cic_probe(const uint8_t *data, size_t size, cic_header *header, char *message, size_t capacity);

/* Chooses the smallest JPEG DCT scale whose output is at least min_width x min_height
 * (or full size), and the channel count. The caller allocates width*height*channels. */
int cic_plan_decode(const uint8_t *data, size_t size, int min_width, int min_height,
                    cic_plan *plan, char *message, size_t capacity);

/* Decodes the part of the image that covers `wanted` (in stored pixels; NULL for all of
 * it) into `pixels`, rows packed. `pixels` holds plan->width * plan->height * channels
 * bytes; only the decoded part is written. libjpeg-turbo skips the IDCT and colour
 * conversion of columns and rows outside (jpeg_crop_scanline, jpeg_skip_scanlines); a
 * PNG is always decoded whole. `decoded` receives the rectangle written, in the
 * coordinates of the scaled image: it contains `wanted` scaled, and may be larger. */
int cic_decode(const uint8_t *data, size_t size, const cic_plan *plan, const cic_rect *wanted,
               uint8_t *pixels, cic_rect *decoded, char *message, size_t capacity);

/* Encodes RGB (channels 3) or RGBA (channels 4) pixels. On success *output holds
 * *output_size bytes that the caller releases with cic_free. */
int cic_encode_jpeg(const uint8_t *pixels, int width, int height, int channels, int quality,
                    uint8_t **output, size_t *output_size, char *message, size_t capacity);
int cic_encode_png(const uint8_t *pixels, int width, int height, int channels,
                   uint8_t **output, size_t *output_size, char *message, size_t capacity);

void cic_free(void *pointer);
