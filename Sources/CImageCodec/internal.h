/* Shared by the CImageCodec sources; not part of the module's public header. */
#pragma once
#include "codec.h"

/* Writes a printf-style message into the caller's buffer (always terminated). */
void cic_set_message(char *message, size_t capacity, const char *format, ...)
    __attribute__((format(printf, 3, 4)));

/* Returns CIC_OK, or CIC_TOO_LARGE with a message, for a header's width and height. */
int cic_check_budget(long long width, long long height, char *message, size_t capacity);

/* The EXIF orientation (1...8) in a TIFF structure ("II*\0" or "MM\0*" first), or 1. */
int cic_exif_orientation(const uint8_t *tiff, size_t size);

/* Rows per batch: enough for libjpeg-turbo to hand over whole iMCU rows (up to 16 at
 * full scale) without internal buffering, few enough to keep a batch small. */
enum { CIC_BATCH_ROWS = 16 };

/* The first member of each format's decoder, so that codec.c can dispatch on it. */
struct cic_decoder {
    int format; /* cic_format */
};

int cic_jpeg_probe(const uint8_t *data, size_t size, cic_header *header, char *message, size_t capacity);
int cic_jpeg_open(const uint8_t *data, size_t size, int min_width, int min_height, const cic_rect *wanted,
                  cic_limits limits, cic_decoder **decoder, cic_stream *stream, char *message, size_t capacity);
int cic_jpeg_read(cic_decoder *decoder, uint8_t *pixels, cic_batch *batch, char *message, size_t capacity);
void cic_jpeg_close(cic_decoder *decoder);

int cic_png_probe(const uint8_t *data, size_t size, cic_header *header, char *message, size_t capacity);
int cic_png_open(const uint8_t *data, size_t size, cic_decoder **decoder, cic_stream *stream,
                 char *message, size_t capacity);
/* libpng's decoder whatever the file (cic_png_open takes png_fast.c's when it can). */
int cic_png_libpng_open(const uint8_t *data, size_t size, cic_decoder **decoder, cic_stream *stream,
                        char *message, size_t capacity);
int cic_png_read(cic_decoder *decoder, uint8_t *pixels, cic_batch *batch, char *message, size_t capacity);
void cic_png_close(cic_decoder *decoder);
