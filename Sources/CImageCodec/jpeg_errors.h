/* libjpeg's error manager for this target: errors longjmp back to the entry point that
 * called libjpeg, and nothing is ever printed (the defaults call exit() and write to
 * stderr). Shared by jpeg.c (probe, encode) and jpeg_read.c (decode). */
#pragma once
#include <setjmp.h>
#include <stdio.h>
#include <jpeglib.h>

typedef struct {
    struct jpeg_error_mgr pub;
    jmp_buf jump;
    char *message;   /* the current call's message buffer */
    size_t capacity;
    int status;      /* after the longjmp: CIC_CORRUPT, or the limit that was hit */
} cic_jpeg_errors;

struct jpeg_error_mgr *cic_jpeg_install_errors(cic_jpeg_errors *errors, char *message, size_t capacity);

/* Stops the call in progress: longjmps to its setjmp with `status` and the message. */
void cic_jpeg_abort(j_common_ptr cinfo, int status, const char *format, ...)
    __attribute__((format(printf, 3, 4), noreturn));
