/* JPEG header probe and encode through libjpeg(-turbo); decoding is in jpeg_read.c.
 * Errors longjmp back to the entry point that called libjpeg (jpeg_errors.h). */
#include <setjmp.h>
#include <stdio.h>
#include <string.h>
#include <jpeglib.h>
#include "internal.h"
#include "jpeg_errors.h"

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
    cic_jpeg_errors errors;
    memset(&d, 0, sizeof d);
    d.err = cic_jpeg_install_errors(&errors, message, capacity);
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

int cic_encode_jpeg(const uint8_t *pixels, int width, int height, int channels, int quality,
                    uint8_t **output, size_t *output_size, char *message, size_t capacity) {
    cic_jpeg_options options = {quality, 0, 0};
    return cic_encode_jpeg_with(pixels, width, height, channels, options, output, output_size, message, capacity);
}

int cic_encode_jpeg_with(const uint8_t *pixels, int width, int height, int channels, cic_jpeg_options options,
                         uint8_t **output, size_t *output_size, char *message, size_t capacity) {
    struct jpeg_compress_struct c;
    cic_jpeg_errors errors;
    /* volatile: set by libjpeg after setjmp and freed on the longjmp path. */
    unsigned char *volatile buffer = NULL;
    unsigned long length = 0;
    memset(&c, 0, sizeof c);
    c.err = cic_jpeg_install_errors(&errors, message, capacity);
    if (setjmp(errors.jump)) { jpeg_destroy_compress(&c); cic_free(buffer); return CIC_ENCODE_FAILED; }
    jpeg_create_compress(&c);
    jpeg_mem_dest(&c, (unsigned char **)&buffer, &length);
    c.image_width = (JDIMENSION)width;
    c.image_height = (JDIMENSION)height;
    c.input_components = channels;
    /* libjpeg-turbo reads RGBA directly and ignores the (fully opaque) alpha. */
    c.in_color_space = channels == 4 ? JCS_EXT_RGBA : JCS_RGB;
    jpeg_set_defaults(&c); /* 4:2:0, baseline; only the JFIF header, no EXIF or comments */
    jpeg_set_quality(&c, options.quality, TRUE);
    if (options.full_chroma)
        for (int i = 0; i < c.num_components; i++) c.comp_info[i].h_samp_factor = c.comp_info[i].v_samp_factor = 1;
    if (options.progressive) jpeg_simple_progression(&c);
    /* Standard Huffman tables, as thumb_c.c: optimised ones save 2 % of a thumbnail's
     * bytes but take a second pass, 1 ms of a photo's 30 (bench/thumbnails/README.md). */
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
