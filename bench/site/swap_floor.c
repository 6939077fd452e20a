/* The floor of a rebuild that replaces its output whole (cli.md: "a build that succeeds
 * replaces the output directory as a whole"): with every file unchanged, a staging
 * directory must still get every directory (mkdir) and every file (one hard link from
 * the current output), be swapped in (renameat2 RENAME_EXCHANGE), and the old tree be
 * removed. This does exactly that to a copy of an output, on one thread, and prints the
 * time of each step; nothing is read, hashed or written.
 *
 *   cc -O2 -o swap_floor bench/site/swap_floor.c
 *   cp -a OUT /dev/shm/copy && ./swap_floor /dev/shm/copy     # the copy is consumed
 */
#define _GNU_SOURCE
#include <fcntl.h>
#include <ftw.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

static char **paths;
static char *kinds;
static size_t count, capacity;
static size_t rootLength;

static double now(void) {
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return t.tv_sec + t.tv_nsec / 1e9;
}

static int collect(const char *path, const struct stat *info, int type, struct FTW *ftw) {
    (void)info;
    if (ftw->level == 0) return 0;
    if (count == capacity) {
        capacity = capacity ? 2 * capacity : 65536;
        paths = realloc(paths, capacity * sizeof *paths);
        kinds = realloc(kinds, capacity);
    }
    paths[count] = strdup(path + rootLength + 1);
    kinds[count++] = type == FTW_D ? 'd' : 'f';
    return 0;
}

int main(int argc, char **argv) {
    if (argc != 2) { fprintf(stderr, "usage: swap_floor OUTPUT-COPY\n"); return 2; }
    const char *output = argv[1];
    char staging[4096], old[4096];
    snprintf(staging, sizeof staging, "%s.staging", output);
    rootLength = strlen(output);
    if (nftw(output, collect, 64, FTW_PHYS) != 0) { perror(output); return 1; }  /* parents first */
    double start = now();
    if (mkdir(staging, 0755) != 0) { perror(staging); return 1; }
    int from = open(output, O_RDONLY | O_DIRECTORY), to = open(staging, O_RDONLY | O_DIRECTORY);
    size_t files = 0;
    for (size_t i = 0; i < count; i++) {
        if (kinds[i] == 'd') mkdirat(to, paths[i], 0755);
        else if (linkat(from, paths[i], to, paths[i], 0) == 0) files++;
    }
    double linked = now();
    if (renameat2(AT_FDCWD, output, AT_FDCWD, staging, RENAME_EXCHANGE) != 0) { perror("renameat2"); return 1; }
    double swapped = now();
    snprintf(old, sizeof old, "%s", staging);  /* the old tree is now under the staging name */
    int gone = open(old, O_RDONLY | O_DIRECTORY);
    for (size_t i = count; i-- > 0;) unlinkat(gone, paths[i], kinds[i] == 'd' ? AT_REMOVEDIR : 0);
    rmdir(old);
    double removed = now();
    printf("%zu directories and files (%zu linked): link %.3f s, swap %.3f s, remove %.3f s, total %.3f s\n",
           count, files, linked - start, swapped - linked, removed - swapped, removed - start);
    return 0;
}
