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
    CIC_TOO_MANY_SCANS = 6, /* a JPEG with more scans than the limit (cic_limits.scans) */
    CIC_OVER_MEMORY = 7,    /* the decoder would need more memory than the limit allows */
} cic_status;

typedef enum { CIC_FORMAT_UNKNOWN = 0, CIC_FORMAT_JPEG = 1, CIC_FORMAT_PNG = 2 } cic_format;

/* Refused before any pixel buffer is allocated (rule thumbnail-too-large). */
#define CIC_MAX_PIXELS 100000000LL
#define CIC_MAX_SIDE 30000

/* An image's memory: its file's bytes plus what its decoder allocates. A PNG or a
 * single-scan (baseline) JPEG needs a few hundred kB of decoder whatever its size; a
 * progressive (multi-scan) JPEG holds every DCT coefficient of the image until its last
 * scan, 2 bytes per sample: width x height x 6 bytes at 4:4:4, x 3 at 4:2:0. 176 MB lets
 * a 24-megapixel 4:4:4 progressive photo (137 MB) through with a file of up to 38 MB
 * (rule thumbnail-memory). */
#define CIC_IMAGE_MEMORY (176LL << 20)
/* A progressive JPEG has about 10 scans; each takes a pass over the whole image, so a
 * file that repeats a tiny scan thousands of times takes minutes. TurboJPEG's limit
 * (rule thumbnail-scans). */
#define CIC_MAX_SCANS 500
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

/* The budget of one decode; cic_default_limits() gives CIC_IMAGE_MEMORY and CIC_MAX_SCANS. */
typedef struct {
    long long memory; /* file bytes plus decoder memory */
    int scans;        /* JPEG scans (SOS markers) */
} cic_limits;

cic_limits cic_default_limits(void);

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
    long long decoder_memory; /* JPEG: what its whole-image buffers need (0 for one scan);
                                 set before a refusal with CIC_OVER_MEMORY too */
} cic_stream;

/* One batch: `rows` rows of the scaled image, y, y + y_step, ..., each holding `width`
 * pixels for the columns x, x + x_step, ...; row i starts at i * row_pixels * 4.
 * The steps are 1 except in an interlaced PNG's passes (Adam7). */
typedef struct {
    int y, y_step, rows;
    int x, x_step, width;
} cic_batch;

/* Opens a decoder: reads the header, refuses sizes over the budget before allocating any
 * pixel buffer, and a JPEG whose file and whole-image buffers exceed limits->memory
 * (CIC_OVER_MEMORY); a JPEG with more than limits->scans scans fails with
 * CIC_TOO_MANY_SCANS (here for a multi-scan file, which is read whole on opening). For a JPEG picks the smallest DCT scale whose output is at least
 * min_width x min_height (or full size). `wanted` (stored pixels; NULL for all) limits
 * what a JPEG decodes: libjpeg-turbo skips the IDCT and colour conversion of columns and
 * rows outside it (jpeg_crop_scanline, jpeg_skip_scanlines). A PNG delivers every row.
 * On success the caller owns *decoder and releases it with cic_close. */
int cic_open(const uint8_t *data, size_t size, int min_width, int min_height, const cic_rect *wanted,
             const cic_limits *limits, cic_decoder **decoder, cic_stream *stream, char *message, size_t capacity);

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
/* cic_encode_jpeg with more choices: progressive (jpeg_simple_progression, 10 scans),
 * full_chroma (4:4:4 instead of 4:2:0). */
typedef struct {
    int quality;
    int progressive;
    int full_chroma;
} cic_jpeg_options;

int cic_encode_jpeg_with(const uint8_t *pixels, int width, int height, int channels, cic_jpeg_options options,
                         uint8_t **output, size_t *output_size, char *message, size_t capacity);
int cic_encode_png(const uint8_t *pixels, int width, int height, int channels,
                   uint8_t **output, size_t *output_size, char *message, size_t capacity);

void cic_free(void *pointer);
