/* PNG decoding, a batch of rows at a time, through libpng's row API:
 * every colour type, bit depth and interlacing comes out as 8-bit RGB or RGBA, with the
 * transformations libpng's simplified API would choose (so pixels match what
 * png_image_finish_read gave), but without a buffer for the whole image. An interlaced
 * image is delivered pass by pass (Adam7): each pass row holds every x_step-th pixel. */
#include <setjmp.h>
#include <stdlib.h>
#include <string.h>
#include <png.h>
#include "internal.h"
#include "png_fast.h"

typedef struct {
    struct cic_decoder base;
    cic_png_fast *fast;  /* set when png_fast.c decodes the file instead of libpng */
    png_structp png;
    png_infop info;
    const uint8_t *data;
    size_t size, offset;
    char *message;       /* the current call's message buffer */
    size_t capacity;
    int width, height, channels;
    int interlaced;
    int pass;            /* 0...6 for Adam7; 0 otherwise */
    int y;               /* the next row to read, in the image */
    int failed;          /* libpng's state is unusable after an error */
} png_decoder;

static void on_error(png_structp png, png_const_charp text) {
    png_decoder *p = png_get_error_ptr(png);
    cic_set_message(p->message, p->capacity, "%s", text);
    png_longjmp(png, 1);
}

static void on_warning(png_structp png, png_const_charp text) { (void)png; (void)text; }

static void read_data(png_structp png, png_bytep out, size_t need) {
    png_decoder *p = png_get_io_ptr(png);
    if (p->size - p->offset < need) png_error(png, "read beyond end of data");
    memcpy(out, p->data + p->offset, need);
    p->offset += need;
}

/* Chunks after the image data that matter for colours; the rest are skipped unread, as
 * the simplified API does. */
static void skip_unused_chunks(png_structp png) {
    static const png_byte kept[] = {'b', 'K', 'G', 'D', 0, 'c', 'H', 'R', 'M', 0, 'g', 'A', 'M', 'A', 0,
                                    'i', 'C', 'C', 'P', 0, 's', 'B', 'I', 'T', 0, 's', 'R', 'G', 'B', 0};
    png_set_keep_unknown_chunks(png, PNG_HANDLE_CHUNK_NEVER, NULL, -1);
    png_set_keep_unknown_chunks(png, PNG_HANDLE_CHUNK_AS_DEFAULT, kept, (int)(sizeof kept / 5));
}

/* The transformations of png_image_read_direct for 8-bit sRGB RGB(A) output with
 * PNG_IMAGE_FLAG_16BIT_sRGB: expand palettes, low bit depths and tRNS; grey to RGB;
 * 16-bit samples taken as sRGB (not linear light) and scaled (rounded) to 8 bits. */
static void set_transformations(png_decoder *p, int color_type, int bit_depth) {
    png_set_expand(p->png);
    if ((color_type & PNG_COLOR_MASK_COLOR) == 0) png_set_gray_to_rgb(p->png);
    png_set_alpha_mode_fixed(p->png, PNG_ALPHA_PNG, PNG_DEFAULT_sRGB);
    if (bit_depth == 16) png_set_scale_16(p->png);
    png_set_alpha_mode_fixed(p->png, PNG_ALPHA_PNG, PNG_DEFAULT_sRGB);
    /* Opaque images get a filler byte: every row is 4 bytes per pixel (see codec.h). */
    if (p->channels == 3) png_set_filler(p->png, 0xFF, PNG_FILLER_AFTER);
    skip_unused_chunks(p->png);
}

static void describe(const png_decoder *p, cic_stream *stream) {
    stream->scale_num = 8;
    stream->scaled_width = p->width;
    stream->scaled_height = p->height;
    stream->channels = p->channels;
    stream->region = (cic_rect){0, 0, p->width, p->height};
    stream->batch_rows = CIC_BATCH_ROWS;
    stream->row_pixels = p->width;
}

/* Everything up to the first row; longjmps to the caller's setjmp on an error. */
static int start(png_decoder *p, cic_stream *stream) {
    png_set_read_fn(p->png, p, read_data);
    png_set_benign_errors(p->png, 1);
    /* Every chunk's CRC is still checked, and it covers every compressed byte, so a
     * damaged file is still refused; zlib's Adler-32 would only check again what inflate
     * made of those verified bytes, at 2 % of a PNG's decode (as libvips skips it). */
    png_set_option(p->png, PNG_IGNORE_ADLER32, PNG_OPTION_ON);
    png_read_info(p->png, p->info);
    p->width = (int)png_get_image_width(p->png, p->info);
    p->height = (int)png_get_image_height(p->png, p->info);
    stream->width = p->width;
    stream->height = p->height;
    int status = cic_check_budget(p->width, p->height, p->message, p->capacity);
    if (status != CIC_OK) return status;
    int color_type = png_get_color_type(p->png, p->info);
    int alpha = (color_type & PNG_COLOR_MASK_ALPHA) != 0 || png_get_valid(p->png, p->info, PNG_INFO_tRNS) != 0;
    p->channels = alpha ? 4 : 3;
    p->interlaced = png_get_interlace_type(p->png, p->info) == PNG_INTERLACE_ADAM7;
    set_transformations(p, color_type, png_get_bit_depth(p->png, p->info));
    png_read_update_info(p->png, p->info);
    if (png_get_bit_depth(p->png, p->info) != 8 || png_get_rowbytes(p->png, p->info) != (size_t)p->width * 4)
        png_error(p->png, "unsupported PNG transformation");
    describe(p, stream);
    return CIC_OK;
}

static void destroy(png_decoder *p) {
    cic_png_fast_close(p->fast);
    if (p->png != NULL) png_destroy_read_struct(&p->png, p->info != NULL ? &p->info : NULL, NULL);
    free(p);
}

/* The fast path's decoder, when it takes the file. */
static int open_fast(const uint8_t *data, size_t size, cic_decoder **decoder, cic_stream *stream) {
    cic_png_fast *fast = cic_png_fast_open(data, size, stream);
    if (fast == NULL) return 0;
    png_decoder *p = calloc(1, sizeof *p);
    if (p == NULL) {
        cic_png_fast_close(fast);
        return 0;
    }
    *p = (png_decoder){.base = {CIC_FORMAT_PNG}, .fast = fast, .data = data, .size = size};
    *decoder = &p->base;
    return 1;
}

/* Through libpng, to the first error: its message for a file the fast path found damaged
 * (or the fast path's own words, should libpng read it all). */
static int libpng_failure(const uint8_t *data, size_t size, char *message, size_t capacity) {
    cic_decoder *decoder = NULL;
    cic_stream stream;
    int status = cic_png_libpng_open(data, size, &decoder, &stream, message, capacity);
    uint8_t *pixels = status == CIC_OK ? malloc((size_t)stream.batch_rows * stream.row_pixels * 4) : NULL;
    while (pixels != NULL && status == CIC_OK) {
        cic_batch batch = {0};
        status = cic_png_read(decoder, pixels, &batch, message, capacity);
        if (status == CIC_OK && batch.rows == 0) break;
    }
    free(pixels);
    if (decoder != NULL) cic_png_close(decoder);
    if (status != CIC_OK) return status;
    cic_set_message(message, capacity, "the compressed image data is damaged");
    return CIC_CORRUPT;
}

int cic_png_open(const uint8_t *data, size_t size, cic_decoder **decoder, cic_stream *stream,
                 char *message, size_t capacity) {
    if (open_fast(data, size, decoder, stream)) return CIC_OK;
    return cic_png_libpng_open(data, size, decoder, stream, message, capacity);
}

int cic_png_libpng_open(const uint8_t *data, size_t size, cic_decoder **decoder, cic_stream *stream,
                        char *message, size_t capacity) {
    png_decoder *p = calloc(1, sizeof *p);
    if (p != NULL) p->png = png_create_read_struct(PNG_LIBPNG_VER_STRING, p, on_error, on_warning);
    if (p != NULL && p->png != NULL) p->info = png_create_info_struct(p->png);
    if (p == NULL || p->info == NULL) {
        if (p != NULL) destroy(p);
        cic_set_message(message, capacity, "out of memory");
        return CIC_NO_MEMORY;
    }
    p->base.format = CIC_FORMAT_PNG;
    p->data = data;
    p->size = size;
    p->message = message;
    p->capacity = capacity;
    int status = CIC_CORRUPT;
    if (setjmp(png_jmpbuf(p->png)) == 0) status = start(p, stream);
    if (status != CIC_OK) {
        destroy(p);
        return status;
    }
    *decoder = &p->base;
    return CIC_OK;
}

/* Moves to the next pass with pixels when the current one is done (Adam7 only);
 * returns 0 when every row has been read. */
static int next_row_exists(png_decoder *p) {
    if (!p->interlaced) return p->y < p->height;
    while (p->pass < 7 && (PNG_PASS_COLS(p->width, p->pass) == 0 || p->y >= p->height)) {
        p->pass++;
        if (p->pass < 7) p->y = (int)PNG_PASS_START_ROW(p->pass);
    }
    return p->pass < 7;
}

static void read_batch(png_decoder *p, uint8_t *pixels, cic_batch *batch) {
    int y_step = p->interlaced ? (int)PNG_PASS_ROW_OFFSET(p->pass) : 1;
    *batch = (cic_batch){p->y, y_step, 0, 0, 1, p->width};
    if (p->interlaced) {
        batch->x = (int)PNG_PASS_START_COL(p->pass);
        batch->x_step = (int)PNG_PASS_COL_OFFSET(p->pass);
        batch->width = (int)PNG_PASS_COLS(p->width, p->pass);
    }
    size_t stride = (size_t)p->width * 4;
    while (batch->rows < CIC_BATCH_ROWS && p->y < p->height) {
        png_read_row(p->png, pixels + (size_t)batch->rows * stride, NULL);
        batch->rows++;
        p->y += y_step;
    }
}

int cic_png_read(cic_decoder *decoder, uint8_t *pixels, cic_batch *batch, char *message, size_t capacity) {
    png_decoder *p = (png_decoder *)decoder;
    p->message = message;
    p->capacity = capacity;
    if (p->fast != NULL && !p->failed) {
        if (cic_png_fast_read(p->fast, pixels, batch)) return CIC_OK;
        p->failed = 1;
        return libpng_failure(p->data, p->size, message, capacity);
    }
    if (p->failed) {
        cic_set_message(message, capacity, "the decoder already failed");
        return CIC_CORRUPT;
    }
    if (setjmp(png_jmpbuf(p->png))) {
        p->failed = 1;
        return CIC_CORRUPT;
    }
    if (next_row_exists(p)) read_batch(p, pixels, batch);
    return CIC_OK;
}

void cic_png_close(cic_decoder *decoder) { destroy((png_decoder *)decoder); }
