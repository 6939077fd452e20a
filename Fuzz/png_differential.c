/* For the image fuzz target only (scripts/fuzz image compiles it beside CImageCodec): a
 * PNG that png_fast.c takes is decoded twice, by the fast path (cic_png_open) and by
 * libpng alone (cic_png_libpng_open); the fast path promises libpng's pixels to the byte,
 * so the two must agree: both read the whole image with the same pixels, or both fail. */
#include <stdlib.h>
#include <string.h>
#include "internal.h"
#include "png_fast.h"

typedef int (*opener)(const uint8_t *, size_t, cic_decoder **, cic_stream *, char *, size_t);

/* The whole image, 4 bytes a pixel, or NULL when the decoder fails on any row. */
static uint8_t *decode_all(opener open, const uint8_t *data, size_t size) {
    cic_decoder *decoder = NULL;
    cic_stream stream;
    char message[256];
    if (open(data, size, &decoder, &stream, message, sizeof message) != CIC_OK) return NULL;
    size_t stride = (size_t)stream.width * 4;
    uint8_t *image = calloc((size_t)stream.height, stride);
    uint8_t *pixels = malloc((size_t)stream.batch_rows * stream.row_pixels * 4);
    int status = image != NULL && pixels != NULL ? CIC_OK : CIC_NO_MEMORY;
    while (status == CIC_OK) {
        cic_batch batch = {0};
        status = cic_png_read(decoder, pixels, &batch, message, sizeof message);
        if (status != CIC_OK || batch.rows == 0) break;
        for (int row = 0; row < batch.rows; row++) {
            uint8_t *out = image + (size_t)(batch.y + row * batch.y_step) * stride;
            const uint8_t *in = pixels + (size_t)row * stream.row_pixels * 4;
            for (int column = 0; column < batch.width; column++) {
                memcpy(out + (size_t)(batch.x + column * batch.x_step) * 4, in + (size_t)column * 4, 4);
            }
        }
    }
    free(pixels);
    cic_png_close(decoder);
    if (status != CIC_OK) {
        free(image);
        return NULL;
    }
    return image;
}

/* 1 when the fast path takes the file and disagrees with libpng, 0 otherwise. */
int cic_fuzz_png_paths_differ(const uint8_t *data, size_t size) {
    cic_stream stream;
    cic_png_fast *fast = cic_png_fast_open(data, size, &stream);
    if (fast == NULL) return 0;
    cic_png_fast_close(fast);
    uint8_t *quick = decode_all(cic_png_open, data, size);
    uint8_t *reference = decode_all(cic_png_libpng_open, data, size);
    int differ = (quick == NULL) != (reference == NULL)
        || (quick != NULL && memcmp(quick, reference, (size_t)stream.width * stream.height * 4) != 0);
    free(quick);
    free(reference);
    return differ;
}
