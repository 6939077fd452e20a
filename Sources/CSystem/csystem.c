#define _GNU_SOURCE
#include <stdio.h>
#include <fcntl.h>
#include "csystem.h"

int cb_exchange_paths(const char *a, const char *b) {
#if defined(__linux__) && defined(RENAME_EXCHANGE)
    return renameat2(AT_FDCWD, a, AT_FDCWD, b, RENAME_EXCHANGE);
#else
    (void)a; (void)b;
    return -1;
#endif
}
