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
} cic_jpeg_errors;

struct jpeg_error_mgr *cic_jpeg_install_errors(cic_jpeg_errors *errors, char *message, size_t capacity);
