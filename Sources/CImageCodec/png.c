/* PNG header probe through libpng's simplified API, whose errors arrive as return codes
 * and a message; decoding is in png_read.c, encoding in png_write.c. */
#include <stdlib.h>
#include <string.h>
#include <png.h>
#include "internal.h"

/* The eXIf chunk holds EXIF as a TIFF structure; browsers honour its orientation. */
static int orientation(const uint8_t *data, size_t size) {
    size_t position = 8;
    while (position + 12 <= size) {
        const uint8_t *chunk = data + position;
        uint32_t length = (uint32_t)chunk[0] << 24 | (uint32_t)chunk[1] << 16 | (uint32_t)chunk[2] << 8 | chunk[3];
        if (length > size - position - 12) break;
        if (memcmp(chunk + 4, "eXIf", 4) == 0) return cic_exif_orientation(chunk + 8, length);
        if (memcmp(chunk + 4, "IEND", 4) == 0) break;
        position += 12 + (size_t)length;
    }
    return 1;
}

static int failed(png_image *image, char *message, size_t capacity) {
    cic_set_message(message, capacity, "%s", image->message);
    png_image_free(image);
    return CIC_CORRUPT;
}

static int begin(png_image *image, const uint8_t *data, size_t size, char *message, size_t capacity) {
    memset(image, 0, sizeof *image);
    image->version = PNG_IMAGE_VERSION;
    if (!png_image_begin_read_from_memory(image, data, size)) return failed(image, message, capacity);
    return CIC_OK;
}

int cic_png_probe(const uint8_t *data, size_t size, cic_header *header, char *message, size_t capacity) {
    png_image image;
    int status = begin(&image, data, size, message, capacity);
    if (status != CIC_OK) return status;
    header->format = CIC_FORMAT_PNG;
    header->width = (int)image.width;
    header->height = (int)image.height;
    header->has_alpha = (image.format & PNG_FORMAT_FLAG_ALPHA) != 0;
    header->orientation = orientation(data, size);
    png_image_free(&image);
    return cic_check_budget(header->width, header->height, message, capacity);
}
