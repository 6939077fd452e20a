/* The budget of one JPEG decode (codec.h's cic_limits), enforced from the header and
 * while libjpeg reads the scans: see jpeg_limits.c. */
#pragma once
#include "internal.h"
#include "jpeg_errors.h"

/* libjpeg's progress monitor, counting scans. */
typedef struct {
    struct jpeg_progress_mgr pub;
    int scans; /* the most scans allowed */
} cic_jpeg_scan_guard;

/* After jpeg_read_header: the bytes of the whole-image coefficient buffers the decode will
 * allocate, 0 for a single-scan (baseline) file. */
long long cic_jpeg_buffer_bytes(j_decompress_ptr d);

/* After jpeg_read_header, before jpeg_start_decompress: refuses (cic_jpeg_abort with
 * CIC_OVER_MEMORY) a file whose bytes and buffers exceed limits.memory, caps libjpeg's
 * memory manager at what is left, and installs `guard` to stop after limits.scans scans
 * (CIC_TOO_MANY_SCANS). */
void cic_jpeg_apply_limits(j_decompress_ptr d, cic_jpeg_scan_guard *guard, cic_limits limits, size_t file_size);
