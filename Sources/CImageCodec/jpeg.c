/* JPEG through libjpeg(-turbo), with an error manager that longjmps back here and a
 * message hook that never prints (the default ones call exit() and write to stderr). */
#include <math.h>
#include <setjmp.h>
#include <stdio.h>
#include <string.h>
#include <jpeglib.h>
#include <jerror.h>
#include "internal.h"

typedef struct {
    struct jpeg_error_mgr pub;
    jmp_buf jump;
    char *message;
    size_t capacity;
} error_manager;

static void on_error(j_common_ptr cinfo) {
    error_manager *errors = (error_manager *)cinfo->err;
    char text[JMSG_LENGTH_MAX];
    (*cinfo->err->format_message)(cinfo, text);
    cic_set_message(errors->message, errors->capacity, "%s", text);
    longjmp(errors->jump, 1);
}

/* Warnings that mean the picture is cut short or damaged: libjpeg would go on and paint
 * the rest grey, which must not become a thumbnail. Other warnings (extraneous bytes
 * between markers, unknown JFIF revisions) are common in camera files and harmless. */
static int damages_pixels(int code) {
    switch (code) {
    case JWRN_JPEG_EOF: case JWRN_HIT_MARKER: case JWRN_HUFF_BAD_CODE:
    case JWRN_ARITH_BAD_CODE: case JWRN_MUST_RESYNC: case JWRN_NOT_SEQUENTIAL:
        return 1;
    default:
        return 0;
    }
}

static void on_message(j_common_ptr cinfo, int level) {
    if (level < 0 && damages_pixels(cinfo->err->msg_code)) on_error(cinfo);
}

static void silent(j_common_ptr cinfo) { (void)cinfo; }

static struct jpeg_error_mgr *install(error_manager *errors, char *message, size_t capacity) {
    jpeg_std_error(&errors->pub);
    errors->pub.error_exit = on_error;
    errors->pub.emit_message = on_message;
    errors->pub.output_message = silent;
    errors->message = message;
    errors->capacity = capacity;
    return &errors->pub;
}

static int orientation(j_decompress_ptr d) {
    for (jpeg_saved_marker_ptr m = d->marker_list; m != NULL; m = m->next) {
        if (m->marker == JPEG_APP0 + 1 && m->data_length >= 6 && memcmp(m->data, "Exif\0\0", 6) == 0)
            return cic_exif_orientation(m->data + 6, m->data_length - 6);
    }
    return 1;
}

/* Each public function holds its own setjmp: the frame must outlive every libjpeg call. */
int cic_jpeg_probe(const uint8_t *data, size_t size, cic_header *header, char *message, size_t capacity) {
    struct jpeg_decompress_struct d;
    error_manager errors;
    memset(&d, 0, sizeof d);
    d.err = install(&errors, message, capacity);
    if (setjmp(errors.jump)) { jpeg_destroy_decompress(&d); return CIC_CORRUPT; }
    jpeg_create_decompress(&d);
    jpeg_mem_src(&d, data, (unsigned long)size);
    jpeg_save_markers(&d, JPEG_APP0 + 1, 0xFFFF);
    jpeg_read_header(&d, TRUE);
    header->format = CIC_FORMAT_JPEG;
    header->width = (int)d.image_width;
    header->height = (int)d.image_height;
    header->orientation = orientation(&d);
    header->has_alpha = 0;
    jpeg_destroy_decompress(&d);
    return cic_check_budget(header->width, header->height, message, capacity);
}

/* CMYK and YCCK come out as CMYK (libjpeg cannot convert them to RGB); the rest as RGB. */
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

int cic_jpeg_plan(const uint8_t *data, size_t size, int min_width, int min_height,
                  cic_plan *plan, char *message, size_t capacity) {
    struct jpeg_decompress_struct d;
    error_manager errors;
    memset(&d, 0, sizeof d);
    d.err = install(&errors, message, capacity);
    if (setjmp(errors.jump)) { jpeg_destroy_decompress(&d); return CIC_CORRUPT; }
    jpeg_create_decompress(&d);
    jpeg_mem_src(&d, data, (unsigned long)size);
    jpeg_read_header(&d, TRUE);
    int status = cic_check_budget(d.image_width, d.image_height, message, capacity);
    plan->width = (int)d.image_width; /* the stored size, for a refusal's message */
    plan->height = (int)d.image_height;
    if (status == CIC_OK) {
        d.out_color_space = is_cmyk(&d) ? JCS_CMYK : JCS_RGB;
        choose_scale(&d, min_width, min_height);
        plan->scale_num = (int)d.scale_num;
        plan->width = (int)d.output_width;
        plan->height = (int)d.output_height;
        plan->channels = 3;
    }
    jpeg_destroy_decompress(&d);
    return status;
}

/* Adobe writes CMYK inverted (255 = no ink), and Photoshop's files are the CMYK JPEGs
 * met in practice; without the Adobe marker the values are taken as plain ink. */
static void cmyk_to_rgb(const JSAMPLE *cmyk, uint8_t *rgb, int width, int inverted) {
    for (int x = 0; x < width; x++, cmyk += 4, rgb += 3) {
        unsigned c = cmyk[0], m = cmyk[1], y = cmyk[2], k = cmyk[3];
        if (!inverted) { c = 255 - c; m = 255 - m; y = 255 - y; k = 255 - k; }
        rgb[0] = (uint8_t)((c * k + 127) / 255);
        rgb[1] = (uint8_t)((m * k + 127) / 255);
        rgb[2] = (uint8_t)((y * k + 127) / 255);
    }
}

/* Reads rows up to `end` into `pixels`, the first at `first`, each `width` pixels. */
static void read_rows(j_decompress_ptr d, uint8_t *pixels, JDIMENSION first, JDIMENSION end, int cmyk) {
    size_t stride = (size_t)d->output_width * 3;
    JSAMPARRAY scratch = cmyk ? (*d->mem->alloc_sarray)((j_common_ptr)d, JPOOL_IMAGE, d->output_width * 4, 1) : NULL;
    while (d->output_scanline < end) {
        uint8_t *row = pixels + (size_t)(d->output_scanline - first) * stride;
        if (!cmyk) {
            /* Several rows per call let libjpeg-turbo skip its internal row buffering. */
            JSAMPROW rows[16];
            JDIMENSION count = end - d->output_scanline;
            if (count > 16) count = 16;
            for (JDIMENSION i = 0; i < count; i++) rows[i] = row + i * stride;
            jpeg_read_scanlines(d, rows, count);
        } else if (jpeg_read_scanlines(d, scratch, 1) == 1) {
            cmyk_to_rgb(scratch[0], row, (int)d->output_width, d->saw_Adobe_marker);
        }
    }
}

/* Skips the rows below the region but still reads their data and the file's end: a
 * skip straight to the bottom would not notice a truncated file. */
static void finish_rows(j_decompress_ptr d, int cmyk) {
    JDIMENSION left = d->output_height - d->output_scanline;
    if (left == 0) return;
    if (left > 1) jpeg_skip_scanlines(d, left - 1);
    JSAMPARRAY last = (*d->mem->alloc_sarray)((j_common_ptr)d, JPOOL_IMAGE, d->output_width * (cmyk ? 4 : 3), 1);
    jpeg_read_scanlines(d, last, 1);
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

int cic_jpeg_decode(const uint8_t *data, size_t size, const cic_plan *plan, const cic_rect *wanted,
                    uint8_t *pixels, cic_rect *decoded, char *message, size_t capacity) {
    struct jpeg_decompress_struct d;
    error_manager errors;
    memset(&d, 0, sizeof d);
    d.err = install(&errors, message, capacity);
    if (setjmp(errors.jump)) { jpeg_destroy_decompress(&d); return CIC_CORRUPT; }
    jpeg_create_decompress(&d);
    jpeg_mem_src(&d, data, (unsigned long)size);
    jpeg_read_header(&d, TRUE);
    int status = cic_check_budget(d.image_width, d.image_height, message, capacity);
    if (status != CIC_OK) { jpeg_destroy_decompress(&d); return status; }
    int cmyk = is_cmyk(&d);
    d.out_color_space = cmyk ? JCS_CMYK : JCS_RGB;
    d.scale_num = (unsigned)plan->scale_num;
    d.scale_denom = 8;
    jpeg_start_decompress(&d);
    if ((int)d.output_width != plan->width || (int)d.output_height != plan->height || plan->channels != 3) {
        cic_set_message(message, capacity, "the decode plan does not match the file");
        jpeg_destroy_decompress(&d);
        return CIC_CORRUPT;
    }
    cic_rect region = start_region(&d, wanted);
    read_rows(&d, pixels, (JDIMENSION)region.y, (JDIMENSION)(region.y + region.height), cmyk);
    finish_rows(&d, cmyk);
    jpeg_finish_decompress(&d);
    jpeg_destroy_decompress(&d);
    *decoded = region;
    return CIC_OK;
}

int cic_encode_jpeg(const uint8_t *pixels, int width, int height, int channels, int quality,
                    uint8_t **output, size_t *output_size, char *message, size_t capacity) {
    struct jpeg_compress_struct c;
    error_manager errors;
    /* volatile: set by libjpeg after setjmp and freed on the longjmp path. */
    unsigned char *volatile buffer = NULL;
    unsigned long length = 0;
    memset(&c, 0, sizeof c);
    c.err = install(&errors, message, capacity);
    if (setjmp(errors.jump)) { jpeg_destroy_compress(&c); cic_free(buffer); return CIC_ENCODE_FAILED; }
    jpeg_create_compress(&c);
    jpeg_mem_dest(&c, (unsigned char **)&buffer, &length);
    c.image_width = (JDIMENSION)width;
    c.image_height = (JDIMENSION)height;
    c.input_components = channels;
    /* libjpeg-turbo reads RGBA directly and ignores the (fully opaque) alpha. */
    c.in_color_space = channels == 4 ? JCS_EXT_RGBA : JCS_RGB;
    jpeg_set_defaults(&c); /* 4:2:0, baseline; only the JFIF header, no EXIF or comments */
    jpeg_set_quality(&c, quality, TRUE);
    c.optimize_coding = TRUE; /* a few percent smaller, negligible time at thumbnail size */
    jpeg_start_compress(&c, TRUE);
    size_t stride = (size_t)width * (size_t)channels;
    while (c.next_scanline < c.image_height) {
        JSAMPROW row = (JSAMPROW)(pixels + c.next_scanline * stride);
        jpeg_write_scanlines(&c, &row, 1);
    }
    jpeg_finish_compress(&c);
    jpeg_destroy_compress(&c);
    *output = buffer;
    *output_size = length;
    return CIC_OK;
}
