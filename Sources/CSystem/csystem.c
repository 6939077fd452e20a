#define _GNU_SOURCE
#include <stdio.h>
#include <stdlib.h>
#include <errno.h>
#include <fcntl.h>
#include <unistd.h>
#include <string.h>
#include <signal.h>
#include <pthread.h>
#include <sys/syscall.h>
#if defined(__linux__) && __has_include(<linux/openat2.h>)
#include <linux/openat2.h>
#define CB_HAVE_OPENAT2 1
#endif
#if defined(__GLIBC__)
#include <malloc.h>
#include <dlfcn.h>
#include <stdbool.h>
#if __has_include(<mimalloc.h>)
#include <mimalloc.h>
#define CB_HAVE_MIMALLOC_H 1
#endif
#endif
#include "csystem.h"

/* A directory opened only to walk through it: O_PATH on Linux; Darwin has no O_PATH,
   so there it is O_SEARCH (macOS 13+) or, failing that, O_RDONLY. */
#if defined(O_PATH)
#define CB_WALK_FLAGS O_PATH
#elif defined(O_SEARCH)
#define CB_WALK_FLAGS O_SEARCH
#else
#define CB_WALK_FLAGS O_RDONLY
#endif

void cb_release_free_memory(void) {
#if defined(__GLIBC__)
    /* The executable links mimalloc on Linux (Package.swift), whose memory glibc's
       malloc_trim does not see: found at run time, so that the library and its tests,
       which link no allocator, keep glibc's. */
    void (*collect)(bool) = (void (*)(bool))dlsym(RTLD_DEFAULT, "mi_collect");
    if (collect != NULL) collect(true);
    else malloc_trim(0);
#endif
}

void cb_allocator_return_promptly(void) {
#if defined(CB_HAVE_MIMALLOC_H)
    /* Found at run time, as in cb_release_free_memory; the options' numbers are the
       header's, of the version the executable links. 2.1 renamed decommit to purge. */
    void (*set)(mi_option_t, long) = (void (*)(mi_option_t, long))dlsym(RTLD_DEFAULT, "mi_option_set");
    if (set == NULL) return;
#if MI_MALLOC_VERSION >= 210
    set(mi_option_purge_delay, 0);
    set(mi_option_abandoned_page_purge, 1);
#else
    set(mi_option_decommit_delay, 0);
    set(mi_option_segment_decommit_delay, 0);
    set(mi_option_abandoned_page_decommit, 1);
#endif
#endif
}

int cb_exchange_paths(const char *a, const char *b) {
#if defined(__linux__) && defined(RENAME_EXCHANGE)
    return renameat2(AT_FDCWD, a, AT_FDCWD, b, RENAME_EXCHANGE);
#elif defined(__APPLE__) && defined(RENAME_SWAP)
    return renamex_np(a, b, RENAME_SWAP);
#else
    (void)a; (void)b;
    return -1;
#endif
}

int cb_open_nofollow(int dirfd, const char *path, int flags, mode_t mode) {
    /* Every directory on the way is opened with O_NOFOLLOW: no symbolic link is followed. */
    char component[256];
    int current = dirfd;
    const char *start = path;
    for (const char *slash; (slash = strchr(start, '/')) != NULL; start = slash + 1) {
        size_t length = (size_t)(slash - start);
        if (length == 0 || length >= sizeof component) {
            if (current != dirfd) close(current);
            errno = length == 0 ? EINVAL : ENAMETOOLONG;
            return -1;
        }
        memcpy(component, start, length);
        component[length] = 0;
        int next = openat(current, component, CB_WALK_FLAGS | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC);
        int saved = errno;
        if (current != dirfd) close(current);
        if (next < 0) {
            errno = saved;
            return -1;
        }
        current = next;
    }
    int fd = openat(current, start, flags | O_NOFOLLOW | O_CLOEXEC, mode);
    int saved = errno;
    if (current != dirfd) close(current);
    errno = saved;
    return fd;
}

#if defined(CB_HAVE_OPENAT2) && defined(SYS_openat2)
/// 1 until openat2 answered ENOSYS once; then every call takes the fallback.
static int openat2_available = 1;
#endif

int cb_open_beneath(int dirfd, const char *path, int flags, mode_t mode) {
#if defined(CB_HAVE_OPENAT2) && defined(SYS_openat2)
    if (__atomic_load_n(&openat2_available, __ATOMIC_RELAXED)) {
        struct open_how how = {0};
        how.flags = (unsigned long long)(flags | O_NOFOLLOW | O_CLOEXEC);
        how.mode = ((flags & O_CREAT) || (flags & O_TMPFILE) == O_TMPFILE) ? mode : 0;
        how.resolve = RESOLVE_BENEATH | RESOLVE_NO_MAGICLINKS;
        long fd = syscall(SYS_openat2, dirfd, path, &how, sizeof how);
        if (fd >= 0 || errno != ENOSYS) return (int)fd;
        __atomic_store_n(&openat2_available, 0, __ATOMIC_RELAXED);
    }
#endif
    return cb_open_nofollow(dirfd, path, flags, mode);
}

static int cb_signal_write_end = -1;

static void cb_signal_to_pipe(int signal_number) {
    int saved = errno;
    unsigned char byte = (unsigned char)signal_number;
    ssize_t written = write(cb_signal_write_end, &byte, 1);
    (void)written;
    errno = saved;
}

int cb_signal_pipe_install(void) {
    int ends[2];
    if (pipe(ends) != 0) return -1;
    fcntl(ends[0], F_SETFD, FD_CLOEXEC);
    fcntl(ends[1], F_SETFD, FD_CLOEXEC);
    fcntl(ends[1], F_SETFL, O_NONBLOCK);
    cb_signal_write_end = ends[1];
    struct sigaction action;
    memset(&action, 0, sizeof action);
    action.sa_handler = cb_signal_to_pipe;
    sigemptyset(&action.sa_mask);
    action.sa_flags = SA_RESTART;
    if (sigaction(SIGINT, &action, NULL) != 0 || sigaction(SIGTERM, &action, NULL) != 0) return -1;
    /* A process started by a thread that blocks them (a Dispatch worker's posix_spawn
       passes its mask on) would otherwise keep them pending for ever. Threads made from
       now on by this one inherit the mask. */
    sigset_t handled;
    sigemptyset(&handled);
    sigaddset(&handled, SIGINT);
    sigaddset(&handled, SIGTERM);
    pthread_sigmask(SIG_UNBLOCK, &handled, NULL);
    return ends[0];
}
