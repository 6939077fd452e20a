/* See jpeg_errors.h. */
#include <stdarg.h>
#include <stdio.h>
#include <string.h>
#include "internal.h"
#include "jpeg_errors.h" /* jpeglib.h first: jerror.h depends on its version */
#include <jerror.h>

/* With no backing store (jmemnobs.c), going past max_memory_to_use ends here. */
static void on_error(j_common_ptr cinfo) {
    cic_jpeg_errors *errors = (cic_jpeg_errors *)cinfo->err;
    char text[JMSG_LENGTH_MAX];
    (*cinfo->err->format_message)(cinfo, text);
    cic_set_message(errors->message, errors->capacity, "%s", text);
    errors->status = cinfo->err->msg_code == JERR_NO_BACKING_STORE ? CIC_OVER_MEMORY : CIC_CORRUPT;
    longjmp(errors->jump, 1);
}

void cic_jpeg_abort(j_common_ptr cinfo, int status, const char *format, ...) {
    cic_jpeg_errors *errors = (cic_jpeg_errors *)cinfo->err;
    va_list args;
    va_start(args, format);
    if (errors->message != NULL && errors->capacity > 0) vsnprintf(errors->message, errors->capacity, format, args);
    va_end(args);
    errors->status = status;
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

struct jpeg_error_mgr *cic_jpeg_install_errors(cic_jpeg_errors *errors, char *message, size_t capacity) {
    jpeg_std_error(&errors->pub);
    errors->pub.error_exit = on_error;
    errors->pub.emit_message = on_message;
    errors->pub.output_message = silent;
    errors->message = message;
    errors->capacity = capacity;
    errors->status = CIC_CORRUPT;
    return &errors->pub;
}
