#define _GNU_SOURCE
#include <errno.h>
#include <fcntl.h>
#include <signal.h>
#include <stdint.h>
#include <string.h>
#include <unistd.h>
#include <dirent.h>
#include <sys/resource.h>
#include <sys/syscall.h>
#include "csystem.h"

/* Everything the remover does after fork() is a plain system call (async-signal-safe):
   the parent has other threads, whose locks (malloc's, the Swift runtime's) the child
   must never take. */

struct cb_dirent64 {
    uint64_t d_ino;
    int64_t d_off;
    unsigned short d_reclen;
    unsigned char d_type;
    char d_name[];
};

static int is_dot_or_dot_dot(const char *name) {
    return name[0] == '.' && (name[1] == 0 || (name[1] == '.' && name[2] == 0));
}

/* Removes every entry of the folder open as `fd` (a folder is emptied first); no
   symbolic link is followed. */
static void empty_folder(int fd) {
    char buffer[2048] __attribute__((aligned(8)));
    for (;;) {
        long count = syscall(SYS_getdents64, fd, buffer, sizeof buffer);
        if (count <= 0) return;
        for (long at = 0; at < count;) {
            struct cb_dirent64 *entry = (struct cb_dirent64 *)(buffer + at);
            at += entry->d_reclen;
            if (is_dot_or_dot_dot(entry->d_name)) continue;
            int is_folder = entry->d_type == DT_DIR;
            if (!is_folder && (unlinkat(fd, entry->d_name, 0) == 0 || (errno != EISDIR && errno != EPERM))) continue;
            int child = openat(fd, entry->d_name, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC);
            if (child >= 0) {
                empty_folder(child);
                close(child);
            }
            unlinkat(fd, entry->d_name, AT_REMOVEDIR);
        }
    }
}

/* 0 once `path` is gone. */
static int remove_tree(const char *path) {
    if (unlink(path) == 0 || errno == ENOENT) return 0;
    int fd = open(path, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC);
    if (fd < 0) return errno == ENOENT ? 0 : -1;
    empty_folder(fd);
    close(fd);
    return rmdir(path) == 0 || errno == ENOENT ? 0 : -1;
}

/* Writes `prefix` followed by `number` in decimal into `out` (of `size` bytes); -1 when
   it does not fit. */
static int compose_path(char *out, size_t size, const char *prefix, long number) {
    size_t length = strlen(prefix);
    char digits[24];
    int count = 0;
    do {
        digits[count++] = (char)('0' + number % 10);
        number /= 10;
    } while (number > 0);
    if (length + (size_t)count + 1 > size) return -1;
    memcpy(out, prefix, length);
    for (int i = 0; i < count; i++) out[length + (size_t)i] = digits[count - 1 - i];
    out[length + (size_t)count] = 0;
    return 0;
}

/* Leaves the remover with standard input reading `go` and nothing else open but
   /dev/null, so that it holds no pipe or file of its parent's (a test's reader of the
   parent's output sees its end when the parent ends). */
static void keep_only(int go) {
    if (go != 0 && dup2(go, 0) < 0) _exit(1);
    int null = open("/dev/null", O_RDWR);
    if (null >= 0) {
        dup2(null, 1);
        dup2(null, 2);
    }
#ifdef SYS_close_range
    if (syscall(SYS_close_range, 3, ~0U, 0) == 0) return;
#endif
    struct rlimit limit;
    long top = getrlimit(RLIMIT_NOFILE, &limit) == 0 && limit.rlim_cur < 1048576 ? (long)limit.rlim_cur : 1048576;
    for (long fd = 3; fd < top; fd++) close((int)fd);
}

pid_t cb_spawn_tree_remover(const char *prefix, const char *const *then_remove, int *go) {
    char path[4096];
    int ends[2];
    /* O_CLOEXEC: no process another thread starts meanwhile holds the write end. */
    if (pipe2(ends, O_CLOEXEC) != 0) return -1;
    /* _Fork runs no atfork handler (glibc 2.34): nothing of the parent's libraries is
       touched on the way. */
#if defined(__GLIBC__) && (__GLIBC__ > 2 || (__GLIBC__ == 2 && __GLIBC_MINOR__ >= 34))
    pid_t pid = _Fork();
#else
    pid_t pid = fork();
#endif
    if (pid != 0) {
        close(ends[0]);
        if (pid > 0) *go = ends[1];
        else close(ends[1]);
        return pid;
    }
    /* The remover: out of the terminal's process group (a second Ctrl-C does not stop
       it), with the default signal actions. */
    setsid();
    signal(SIGINT, SIG_DFL);
    signal(SIGTERM, SIG_DFL);
    signal(SIGPIPE, SIG_DFL);
    sigset_t none;
    sigemptyset(&none);
    sigprocmask(SIG_SETMASK, &none, NULL);
    close(ends[1]);
    keep_only(ends[0]);
    if (compose_path(path, sizeof path, prefix, (long)getpid()) != 0) _exit(1);
    char byte;
    for (;;) {
        ssize_t count = read(0, &byte, 1);
        if (count == 0 || (count < 0 && errno != EINTR)) break;
    }
    for (int attempt = 0; attempt < 100; attempt++) {
        if (remove_tree(path) != 0) continue;
        /* The folders above the output that the build made: each only when empty (another
           build may have written into one meanwhile), the innermost first. */
        for (; then_remove && *then_remove; then_remove++) {
            if (rmdir(*then_remove) != 0) break;
        }
        _exit(0);
    }
    _exit(1);
}
