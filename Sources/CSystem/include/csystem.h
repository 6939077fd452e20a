#pragma once
#include <sys/types.h>

/// Atomically exchanges two paths (Linux renameat2 RENAME_EXCHANGE, Darwin renamex_np
/// RENAME_SWAP).
/// Returns 0 on success, -1 when the system or file system does not support it.
int cb_exchange_paths(const char *a, const char *b);

/// Opens `path` relative to the directory `dirfd` so that it cannot resolve outside it:
/// Linux openat2(2) with RESOLVE_BENEATH | RESOLVE_NO_MAGICLINKS (absolute paths, `..`
/// above `dirfd` and symbolic links that lead out fail with EXDEV; magic links with
/// ELOOP). O_NOFOLLOW is always added, so the last component is never a symbolic link.
/// Where the kernel has no openat2 (ENOSYS, Linux before 5.6, or Darwin) it falls
/// back to `cb_open_nofollow`, and the caller's component check is the guard.
/// Returns the descriptor, or -1 with errno set.
int cb_open_beneath(int dirfd, const char *path, int flags, mode_t mode);

/// The fallback of `cb_open_beneath`: walks `path` one directory at a time with
/// O_PATH (Darwin: O_SEARCH) | O_DIRECTORY | O_NOFOLLOW and opens the last component with O_NOFOLLOW, so
/// that no symbolic link is followed (a few more system calls, on old kernels and Darwin).
int cb_open_nofollow(int dirfd, const char *path, int flags, mode_t mode);

/// Routes SIGINT and SIGTERM to a pipe: a handler that only writes the signal's number
/// (one byte) into it, async-signal-safe, so that a thread of the program's own reads
/// it and acts at once, however busy Dispatch's workers are. Unblocks both signals in the
/// calling thread (and so in the threads it starts later), in case the process inherited
/// a mask that blocks them. Returns the pipe's read end, or -1 with errno set. Called once.
int cb_signal_pipe_install(void);

/// Starts a process that removes a folder after this one has ended: the folder
/// `prefix` followed by the new process's PID (the caller renames the folder to that
/// name once it knows the PID). The process waits until the pipe whose write end is
/// stored in `*go` (close-on-exec) is closed, by the caller's exit at the latest; then it
/// removes the folder and everything in it without following a symbolic link, then each
/// folder of `then_remove` (NULL-terminated, or NULL for none) in order while they are
/// empty (it stops at the first that is not), and ends.
/// It runs in a session of its own (a terminal's Ctrl-C does not reach it) and holds
/// nothing of the caller's open but the pipe's read end, as its standard input.
/// Returns its PID, or -1 with errno set (no pipe, or fork failed).
pid_t cb_spawn_tree_remover(const char *prefix, const char *const *then_remove, int *go);

/// Returns the memory that the allocator holds free to the system (mimalloc's mi_collect
/// where the executable links it, glibc's malloc_trim otherwise),
/// so that a long-lived process does not keep what one large piece of work freed.
/// Does nothing where the allocator has no such call.
void cb_release_free_memory(void);

/// Has mimalloc, where the executable links it, give pages that fall free back to the
/// system at once instead of after a delay that only later allocations end (for `serve`,
/// which stays resident and idle between builds). Does nothing under another allocator.
void cb_allocator_return_promptly(void);

/// Asks the processor to start loading the cache line that holds `address`: a hint, which
/// does nothing where it cannot. For a large table looked up at random, a few look-ups
/// ahead (`SearchPostings`).
static inline void cb_prefetch(const void *address) { __builtin_prefetch(address); }

/// Sixteen bytes, compared at once with the compiler's vector extension (SSE2 on x86-64,
/// NEON on arm64); a comparison gives each byte 0xFF where it holds.
typedef unsigned char cb_bytes16 __attribute__((vector_size(16), aligned(1)));

static inline cb_bytes16 cb_load16(const unsigned char *bytes) { return *(const cb_bytes16 *)bytes; }

/// Whether a comparison held for any of the sixteen bytes.
static inline int cb_any16(cb_bytes16 found) {
    unsigned long long halves[2];
    __builtin_memcpy(halves, &found, 16);
    return (halves[0] | halves[1]) != 0;
}

/// How many of the first `count` bytes at `bytes` lie in whole blocks of 16 that hold no
/// `&`, `<`, `>`, `"` or `'` (a multiple of 16): what HTML escaping can copy as it is,
/// sixteen bytes at a time, for the long texts of code blocks and paragraphs.
static inline size_t cb_html_plain_blocks(const unsigned char *bytes, size_t count) {
    size_t index = 0;
    for (; index + 16 <= count; index += 16) {
        cb_bytes16 block = cb_load16(bytes + index);
        if (cb_any16((cb_bytes16)((block == (unsigned char)'&') | (block == (unsigned char)'<')
            | (block == (unsigned char)'>') | (block == (unsigned char)'"') | (block == (unsigned char)'\'')))) break;
    }
    return index;
}

/// Whether `byte` may begin an invisible control character (`cb_control_candidate`).
static inline int cb_is_control_candidate(unsigned char byte) {
    return (byte < 0x20 && byte != '\t' && byte != '\n' && byte != '\r') || byte == 0x7F || byte == 0xC2;
}

/// The offset of the first of the `count` bytes at `bytes` that may begin an invisible
/// control character: a C0 control but tab, line feed and carriage return, DEL (0x7F), or
/// 0xC2, the lead byte of the C1 controls U+0080–U+009F (and of other characters, such as
/// U+00A0: the caller looks at the byte after it). `count` when there is none. Sixteen
/// bytes at a time, as in `cb_html_plain_blocks`: every body is scanned.
static inline size_t cb_control_candidate(const unsigned char *bytes, size_t count) {
    size_t index = 0;
    for (; index + 16 <= count; index += 16) {
        cb_bytes16 block = cb_load16(bytes + index);
        if (cb_any16((cb_bytes16)(((block < (unsigned char)0x20) & (block != (unsigned char)'\t')
                                   & (block != (unsigned char)'\n') & (block != (unsigned char)'\r'))
            | (block == (unsigned char)0x7F) | (block == (unsigned char)0xC2)))) break;
    }
    for (; index < count; index++) {
        if (cb_is_control_candidate(bytes[index])) return index;
    }
    return count;
}
