/* JPEG decoding, a batch of scanlines at a time, through libjpeg(-turbo): DCT-domain
 * scaling, and only the columns and rows of the region asked for get an IDCT. */
#include <math.h>
#include <stdlib.h>
#include <string.h>
#include "internal.h"
#include "jpeg_errors.h"
#include "jpeg_limits.h"

typedef struct {
    struct cic_decoder base;
    struct jpeg_decompress_struct d;
    cic_jpeg_errors errors;
    cic_jpeg_scan_guard scans;
    cic_rect region;     /* in the scaled image */
    int cmyk;
    int finished;        /* the whole file has been read */
    int failed;          /* libjpeg's state is unusable after an error */
    JSAMPARRAY scratch;  /* CMYK rows before conversion; NULL for RGB */
} jpeg_decoder;

/* CMYK and YCCK come out as CMYK (libjpeg cannot convert them to RGB); the rest as RGBX,
 * straight from libjpeg-turbo's (SIMD) colour conversion: grey and YCbCr need no pass of
 * ours, and the filler byte makes every pixel one aligned 32-bit load for the resampler. */
static int is_cmyk(j_decompress_ptr d) {
    return d->jpeg_color_space == JCS_CMYK || d->jpeg_color_space == JCS_YCCK;
}

static void choose_scale(j_decompress_ptr d, int min_width, int min_height) {
    d->scale_denom = 8;
    for (unsigned num = 1; num <= 8; num++) {
        d->scale_num = num;
        jpeg_calc_output_dimensions(d);
        if ((int)d->output_width >= min_width && (int)d->output_height >= min_height) return;
    }
}

/* Adobe writes CMYK inverted (255 = no ink), and Photoshop's files are the CMYK JPEGs
 * met in practice; without the Adobe marker the values are taken as plain ink. */
static void cmyk_to_rgbx(const JSAMPLE *cmyk, uint8_t *rgb, int width, int inverted) {
    for (int x = 0; x < width; x++, cmyk += 4, rgb += 4) {
        unsigned c = cmyk[0], m = cmyk[1], y = cmyk[2], k = cmyk[3];
        if (!inverted) { c = 255 - c; m = 255 - m; y = 255 - y; k = 255 - k; }
        rgb[0] = (uint8_t)((c * k + 127) / 255);
        rgb[1] = (uint8_t)((m * k + 127) / 255);
        rgb[2] = (uint8_t)((y * k + 127) / 255);
        rgb[3] = 255;
    }
}

/* `wanted` (stored pixels) in the scaled image's pixels, rounded outwards. */
static cic_rect scaled(const cic_rect *wanted, j_decompress_ptr d) {
    cic_rect all = {0, 0, (int)d->output_width, (int)d->output_height};
    if (wanted == NULL) return all;
    double fx = (double)d->output_width / d->image_width, fy = (double)d->output_height / d->image_height;
    int x0 = (int)floor(wanted->x * fx), y0 = (int)floor(wanted->y * fy);
    int x1 = (int)ceil((wanted->x + wanted->width) * fx), y1 = (int)ceil((wanted->y + wanted->height) * fy);
    if (x0 < 0) x0 = 0;
    if (y0 < 0) y0 = 0;
    if (x1 > all.width) x1 = all.width;
    if (y1 > all.height) y1 = all.height;
    if (x1 <= x0 || y1 <= y0) return all;
    return (cic_rect){x0, y0, x1 - x0, y1 - y0};
}

/* Crops columns (libjpeg-turbo moves the left edge down to an iMCU boundary) and skips
 * rows above the region; returns the region that will be decoded. */
static cic_rect start_region(j_decompress_ptr d, const cic_rect *wanted) {
    cic_rect region = scaled(wanted, d);
    if (region.x > 0 || region.width < (int)d->output_width) {
        JDIMENSION x = (JDIMENSION)region.x, width = (JDIMENSION)region.width;
        jpeg_crop_scanline(d, &x, &width);
        region.x = (int)x;
        region.width = (int)width;
    }
    if (region.y > 0) jpeg_skip_scanlines(d, (JDIMENSION)region.y);
    return region;
}

static void describe(const jpeg_decoder *j, int scaled_width, cic_stream *stream) {
    stream->scale_num = (int)j->d.scale_num;
    stream->scaled_width = scaled_width;
    stream->scaled_height = (int)j->d.output_height;
    stream->channels = 3;
    stream->region = j->region;
    stream->batch_rows = CIC_BATCH_ROWS;
    stream->row_pixels = j->region.width;
}

/* Everything up to the first scanline; longjmps to the caller's setjmp on an error. */
static int start(jpeg_decoder *j, const uint8_t *data, size_t size, int min_width, int min_height,
                 const cic_rect *wanted, cic_limits limits, cic_stream *stream, char *message, size_t capacity) {
    jpeg_create_decompress(&j->d);
    jpeg_mem_src(&j->d, data, (unsigned long)size);
    jpeg_read_header(&j->d, TRUE);
    stream->width = (int)j->d.image_width;
    stream->height = (int)j->d.image_height;
    int status = cic_check_budget(j->d.image_width, j->d.image_height, message, capacity);
    if (status != CIC_OK) return status;
    stream->decoder_memory = cic_jpeg_buffer_bytes(&j->d);
    cic_jpeg_apply_limits(&j->d, &j->scans, limits, size);
    j->cmyk = is_cmyk(&j->d);
    j->d.out_color_space = j->cmyk ? JCS_CMYK : JCS_EXT_RGBX;
    choose_scale(&j->d, min_width, min_height);
    jpeg_start_decompress(&j->d);
    int scaled_width = (int)j->d.output_width; /* before the crop narrows it */
    j->region = start_region(&j->d, wanted);
    if (j->cmyk)
        j->scratch = (*j->d.mem->alloc_sarray)((j_common_ptr)&j->d, JPOOL_IMAGE, j->d.output_width * 4, CIC_BATCH_ROWS);
    describe(j, scaled_width, stream);
    return CIC_OK;
}

int cic_jpeg_open(const uint8_t *data, size_t size, int min_width, int min_height, const cic_rect *wanted,
                  cic_limits limits, cic_decoder **decoder, cic_stream *stream, char *message, size_t capacity) {
    jpeg_decoder *j = calloc(1, sizeof *j);
    if (j == NULL) {
        cic_set_message(message, capacity, "out of memory");
        return CIC_NO_MEMORY;
    }
    j->base.format = CIC_FORMAT_JPEG;
    j->d.err = cic_jpeg_install_errors(&j->errors, message, capacity);
    int status;
    if (setjmp(j->errors.jump) == 0) status = start(j, data, size, min_width, min_height, wanted, limits, stream, message, capacity);
    else status = j->errors.status;
    if (status != CIC_OK) {
        jpeg_destroy_decompress(&j->d);
        free(j);
        return status;
    }
    *decoder = &j->base;
    return CIC_OK;
}

/* Skips the rows below the region but still reads their data and the file's end: a
 * skip straight to the bottom would not notice a truncated file. */
static void finish(jpeg_decoder *j) {
    j_decompress_ptr d = &j->d;
    JDIMENSION left = d->output_height - d->output_scanline;
    if (left > 1) jpeg_skip_scanlines(d, left - 1);
    if (left > 0) {
        JSAMPARRAY last = (*d->mem->alloc_sarray)((j_common_ptr)d, JPOOL_IMAGE, d->output_width * 4, 1);
        jpeg_read_scanlines(d, last, 1);
    }
    jpeg_finish_decompress(d);
    j->finished = 1;
}

/* Reads the next rows of the region (several per call let libjpeg-turbo skip its
 * internal row buffering); 0 once the region is done. */
static JDIMENSION read_batch(jpeg_decoder *j, uint8_t *pixels) {
    j_decompress_ptr d = &j->d;
    JDIMENSION end = (JDIMENSION)(j->region.y + j->region.height);
    if (d->output_scanline >= end) return 0;
    JDIMENSION count = end - d->output_scanline;
    if (count > CIC_BATCH_ROWS) count = CIC_BATCH_ROWS;
    size_t stride = (size_t)j->region.width * 4;
    if (j->cmyk) {
        JDIMENSION got = jpeg_read_scanlines(d, j->scratch, count);
        for (JDIMENSION i = 0; i < got; i++)
            cmyk_to_rgbx(j->scratch[i], pixels + i * stride, j->region.width, d->saw_Adobe_marker);
        return got;
    }
    JSAMPROW rows[CIC_BATCH_ROWS];
    for (JDIMENSION i = 0; i < count; i++) rows[i] = pixels + i * stride;
    return jpeg_read_scanlines(d, rows, count);
}

int cic_jpeg_read(cic_decoder *decoder, uint8_t *pixels, cic_batch *batch, char *message, size_t capacity) {
    jpeg_decoder *j = (jpeg_decoder *)decoder;
    j->errors.message = message;
    j->errors.capacity = capacity;
    if (j->failed) {
        cic_set_message(message, capacity, "the decoder already failed");
        return CIC_CORRUPT;
    }
    if (setjmp(j->errors.jump)) {
        j->failed = 1;
        return j->errors.status;
    }
    if (j->finished) return CIC_OK;
    int first = (int)j->d.output_scanline;
    JDIMENSION got = read_batch(j, pixels);
    if (got == 0) {
        if ((int)j->d.output_scanline < j->region.y + j->region.height) {
            cic_set_message(message, capacity, "the decoder stopped before the end of the image");
            j->failed = 1;
            return CIC_CORRUPT;
        }
        finish(j);
        return CIC_OK;
    }
    *batch = (cic_batch){first, 1, (int)got, j->region.x, 1, j->region.width};
    return CIC_OK;
}

void cic_jpeg_close(cic_decoder *decoder) {
    jpeg_decoder *j = (jpeg_decoder *)decoder;
    jpeg_destroy_decompress(&j->d);
    free(j);
}
