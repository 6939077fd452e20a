/* A JPEG's budget: scans and memory.
 *
 * A progressive (or otherwise multi-scan) JPEG is decoded by reading every scan into one
 * whole-image array of DCT coefficients per component before the first row comes out:
 * 128 bytes per 8x8 block. Each scan is a pass over its components' blocks, and nothing
 * in the format bounds how many scans a file has, so a few bytes repeated make minutes of
 * work. The scan count is checked from libjpeg's progress monitor, which it calls after
 * every row of blocks it reads (libjpeg-turbo's own advice against this attack, and
 * TurboJPEG's scan limit); the memory from the header, before anything is allocated, with
 * max_memory_to_use behind it (without a backing store, libjpeg stops with
 * JERR_NO_BACKING_STORE when an array does not fit, jpeg_errors.c). */
#include "jpeg_limits.h"

static long long round_up(long long value, long long multiple) {
    return (value + multiple - 1) / multiple * multiple;
}

/* As jinit_d_coef_controller (jdcoefct.c) requests them. */
long long cic_jpeg_buffer_bytes(j_decompress_ptr d) {
    if (!jpeg_has_multiple_scans(d)) return 0;
    long long total = 0;
    for (int i = 0; i < d->num_components; i++) {
        const jpeg_component_info *c = &d->comp_info[i];
        total += round_up(c->width_in_blocks, c->h_samp_factor) * round_up(c->height_in_blocks, c->v_samp_factor) *
                 (long long)sizeof(JBLOCK);
    }
    return total;
}

static void count_scans(j_common_ptr cinfo) {
    j_decompress_ptr d = (j_decompress_ptr)cinfo;
    const cic_jpeg_scan_guard *guard = (const cic_jpeg_scan_guard *)cinfo->progress;
    if (d->input_scan_number > guard->scans)
        cic_jpeg_abort(cinfo, CIC_TOO_MANY_SCANS, "the file has more than %d scans", guard->scans);
}

void cic_jpeg_apply_limits(j_decompress_ptr d, cic_jpeg_scan_guard *guard, cic_limits limits, size_t file_size) {
    long long buffers = cic_jpeg_buffer_bytes(d), left = limits.memory - (long long)file_size;
    if (buffers > 0 && buffers > left)
        cic_jpeg_abort((j_common_ptr)d, CIC_OVER_MEMORY, "decoding needs %lld bytes of coefficient buffers and %zu of file, over %lld",
                       buffers, file_size, limits.memory);
    /* 0 would mean no limit. */
    d->mem->max_memory_to_use = left > 0 ? (long)left : 1;
    guard->pub.progress_monitor = count_scans;
    guard->scans = limits.scans;
    d->progress = &guard->pub;
}
