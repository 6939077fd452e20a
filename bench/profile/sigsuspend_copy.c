/* Lets valgrind 3.19 (Debian 12's) run catalog-build: an LD_PRELOAD library whose
 * `sigsuspend` hands the kernel a copy of the mask.
 *
 * Swift's async `main` ends in libdispatch's `dispatch_main`, which on Linux parks the
 * main thread in `sigsuspend` with a pointer to a `static const sigset_t` (read-only
 * memory). Valgrind's wrapper of rt_sigsuspend writes its own adjustments into the
 * caller's mask, faults on that page, and stops with "the 'impossible' happened: Killed
 * by fatal signal" (SIGSEGV, si_code 2). A copy on the stack is writable; the kernel sees
 * the same mask.
 *
 * Build: cc -O2 -shared -fPIC -o sigsuspend_copy.so sigsuspend_copy.c
 * Use:   LD_PRELOAD=$PWD/sigsuspend_copy.so valgrind --tool=callgrind catalog-build build …
 */
#define _GNU_SOURCE
#include <signal.h>
#include <sys/syscall.h>
#include <unistd.h>

int sigsuspend(const sigset_t *mask) {
    sigset_t copy = *mask;
    return (int)syscall(SYS_rt_sigsuspend, &copy, _NSIG / 8);
}
