/* Format detection, the pixel budget and EXIF orientation: the parts shared by JPEG and PNG. */
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "internal.h"

static const uint8_t png_signature[8] = {0x89, 'P', 'N', 'G', '\r', '\n', 0x1a, '\n'};

static int detect(const uint8_t *data, size_t size) {
    if (size >= 3 && data[0] == 0xFF && data[1] == 0xD8 && data[2] == 0xFF) return CIC_FORMAT_JPEG;
    if (size >= 8 && memcmp(data, png_signature, 8) == 0) return CIC_FORMAT_PNG;
    return CIC_FORMAT_UNKNOWN;
}

void cic_set_message(char *message, size_t capacity, const char *format, ...) {
    if (message == NULL || capacity == 0) return;
    va_list args;
    va_start(args, format);
    vsnprintf(message, capacity, format, args);
    va_end(args);
}

int cic_check_budget(long long width, long long height, char *message, size_t capacity) {
    if (width > CIC_MAX_SIDE || height > CIC_MAX_SIDE || width * height > CIC_MAX_PIXELS) {
        cic_set_message(message, capacity, "the header says %lldx%lld pixels", width, height);
        return CIC_TOO_LARGE;
    }
    return CIC_OK;
}

static int unsupported(const uint8_t *data, size_t size, char *message, size_t capacity) {
    if (size == 0) {
        cic_set_message(message, capacity, "the file is empty");
    } else {
        char hex[3 * 4 + 1] = "";
        for (size_t i = 0; i < size && i < 4; i++) snprintf(hex + 3 * i, 4, "%02X ", data[i]);
        hex[strlen(hex) - 1] = '\0';
        cic_set_message(message, capacity, "it is neither PNG nor JPEG (it starts with the bytes %s)", hex);
    }
    return CIC_UNSUPPORTED;
}

int cic_probe(const uint8_t *data, size_t size, cic_header *header, char *message, size_t capacity) {
    memset(header, 0, sizeof *header);
    header->orientation = 1;
    switch (detect(data, size)) {
    case CIC_FORMAT_JPEG: return cic_jpeg_probe(data, size, header, message, capacity);
    case CIC_FORMAT_PNG: return cic_png_probe(data, size, header, message, capacity);
    default: return unsupported(data, size, message, capacity);
    }
}

cic_limits cic_default_limits(void) { return (cic_limits){CIC_IMAGE_MEMORY, CIC_MAX_SCANS}; }

int cic_open(const uint8_t *data, size_t size, int min_width, int min_height, const cic_rect *wanted,
             const cic_limits *limits, cic_decoder **decoder, cic_stream *stream, char *message, size_t capacity) {
    memset(stream, 0, sizeof *stream);
    *decoder = NULL;
    cic_limits budget = limits != NULL ? *limits : cic_default_limits();
    switch (detect(data, size)) {
    case CIC_FORMAT_JPEG:
        return cic_jpeg_open(data, size, min_width, min_height, wanted, budget, decoder, stream, message, capacity);
    case CIC_FORMAT_PNG: return cic_png_open(data, size, decoder, stream, message, capacity);
    default: return unsupported(data, size, message, capacity);
    }
}

int cic_read(cic_decoder *decoder, uint8_t *pixels, cic_batch *batch, char *message, size_t capacity) {
    memset(batch, 0, sizeof *batch);
    return decoder->format == CIC_FORMAT_JPEG ? cic_jpeg_read(decoder, pixels, batch, message, capacity)
                                              : cic_png_read(decoder, pixels, batch, message, capacity);
}

void cic_close(cic_decoder *decoder) {
    if (decoder == NULL) return;
    if (decoder->format == CIC_FORMAT_JPEG) cic_jpeg_close(decoder);
    else cic_png_close(decoder);
}

void cic_free(void *pointer) { free(pointer); }

/* ---- EXIF: only IFD0's Orientation tag (0x0112, SHORT) is read. Every offset is
 * checked against the size, since the bytes come from untrusted files. */

static unsigned read16(const uint8_t *p, int little) {
    return little ? (unsigned)(p[0] | p[1] << 8) : (unsigned)(p[0] << 8 | p[1]);
}

static uint32_t read32(const uint8_t *p, int little) {
    return little ? (uint32_t)p[0] | (uint32_t)p[1] << 8 | (uint32_t)p[2] << 16 | (uint32_t)p[3] << 24
                  : (uint32_t)p[0] << 24 | (uint32_t)p[1] << 16 | (uint32_t)p[2] << 8 | (uint32_t)p[3];
}

int cic_exif_orientation(const uint8_t *tiff, size_t size) {
    if (size >= 6 && memcmp(tiff, "Exif\0\0", 6) == 0) { tiff += 6; size -= 6; }
    if (size < 8) return 1;
    int little;
    if (tiff[0] == 'I' && tiff[1] == 'I') little = 1;
    else if (tiff[0] == 'M' && tiff[1] == 'M') little = 0;
    else return 1;
    if (read16(tiff + 2, little) != 42) return 1;
    uint32_t ifd = read32(tiff + 4, little);
    if (ifd > size - 2) return 1;
    unsigned count = read16(tiff + ifd, little);
    for (unsigned i = 0; i < count; i++) {
        size_t entry = (size_t)ifd + 2 + 12 * (size_t)i;
        if (entry + 12 > size) break;
        if (read16(tiff + entry, little) != 0x0112) continue;
        if (read16(tiff + entry + 2, little) != 3) return 1;
        unsigned value = read16(tiff + entry + 8, little);
        return value >= 1 && value <= 8 ? (int)value : 1;
    }
    return 1;
}
