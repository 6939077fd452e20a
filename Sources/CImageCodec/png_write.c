/* PNG encoding through libpng's row API, into memory.
 *
 * The chunks are those libpng's simplified API writes for 8-bit sRGB (IHDR, sRGB, IDAT,
 * IEND), with libpng's adaptive per-row filters, but deflated with zlib's Z_RLE strategy
 * instead of the default lazy LZ77 search: on filtered thumbnails (photos and diagrams
 * alike, once resampled) it gives the same size or smaller in a quarter of the time
 * (bench/thumbnails/README.md). */
#include <setjmp.h>
#include <stdlib.h>
#include <string.h>
#include <png.h>
#include <zlib.h>
#include "internal.h"

typedef struct {
    uint8_t *bytes;
    size_t size, capacity;
    char *message;
    size_t message_capacity;
} png_output;

static void on_error(png_structp png, png_const_charp text) {
    png_output *out = png_get_error_ptr(png);
    cic_set_message(out->message, out->message_capacity, "%s", text);
    png_longjmp(png, 1);
}

static void on_warning(png_structp png, png_const_charp text) { (void)png; (void)text; }

static void write_data(png_structp png, png_bytep data, size_t length) {
    png_output *out = png_get_io_ptr(png);
    if (out->capacity - out->size < length) {
        size_t capacity = out->capacity * 2 > out->size + length ? out->capacity * 2 : out->size + length;
        uint8_t *grown = realloc(out->bytes, capacity);
        if (grown == NULL) png_error(png, "out of memory");
        out->bytes = grown;
        out->capacity = capacity;
    }
    memcpy(out->bytes + out->size, data, length);
    out->size += length;
}

static void flush_data(png_structp png) { (void)png; }

/* Everything from the header to IEND; longjmps to the caller's setjmp on an error. */
static void write_png(png_structp png, png_infop info, const uint8_t *pixels, int width, int height, int channels) {
    png_set_IHDR(png, info, (png_uint_32)width, (png_uint_32)height, 8,
                 channels == 4 ? PNG_COLOR_TYPE_RGB_ALPHA : PNG_COLOR_TYPE_RGB, PNG_INTERLACE_NONE,
                 PNG_COMPRESSION_TYPE_BASE, PNG_FILTER_TYPE_BASE);
    png_set_sRGB(png, info, PNG_sRGB_INTENT_PERCEPTUAL);
    png_set_compression_strategy(png, Z_RLE);
    png_write_info(png, info);
    size_t stride = (size_t)width * (size_t)channels;
    for (int y = 0; y < height; y++) png_write_row(png, pixels + (size_t)y * stride);
    png_write_end(png, info);
}

int cic_encode_png(const uint8_t *pixels, int width, int height, int channels,
                   uint8_t **output, size_t *output_size, char *message, size_t capacity) {
    png_output out = {NULL, 0, 0, message, capacity};
    png_structp png = png_create_write_struct(PNG_LIBPNG_VER_STRING, &out, on_error, on_warning);
    png_infop info = png != NULL ? png_create_info_struct(png) : NULL;
    out.capacity = (size_t)width * (size_t)height * (size_t)channels / 2 + 1024;
    out.bytes = info != NULL ? malloc(out.capacity) : NULL;
    if (out.bytes == NULL) {
        png_destroy_write_struct(&png, &info);
        cic_set_message(message, capacity, "out of memory");
        return CIC_NO_MEMORY;
    }
    png_set_write_fn(png, &out, write_data, flush_data);
    if (setjmp(png_jmpbuf(png))) {
        png_destroy_write_struct(&png, &info);
        free(out.bytes);
        return CIC_ENCODE_FAILED;
    }
    write_png(png, info, pixels, width, height, channels);
    png_destroy_write_struct(&png, &info);
    *output = out.bytes;
    *output_size = out.size;
    return CIC_OK;
}
