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

int cic_jpeg_probe(const uint8_t *data, size_t size, cic_header *header, char *message, size_t capacity);
int cic_jpeg_plan(const uint8_t *data, size_t size, int min_width, int min_height,
                  cic_plan *plan, char *message, size_t capacity);
int cic_jpeg_decode(const uint8_t *data, size_t size, const cic_plan *plan, const cic_rect *wanted,
                    uint8_t *pixels, cic_rect *decoded, char *message, size_t capacity);

int cic_png_probe(const uint8_t *data, size_t size, cic_header *header, char *message, size_t capacity);
int cic_png_plan(const uint8_t *data, size_t size, cic_plan *plan, char *message, size_t capacity);
int cic_png_decode(const uint8_t *data, size_t size, const cic_plan *plan, uint8_t *pixels,
                   cic_rect *decoded, char *message, size_t capacity);
