// cmark-gfm 0.29 keeps the special inline characters of its extensions (`~` for
// strikethrough) in one table for the whole process. `cmark_parser_finish` adds the
// attached extensions' characters before parsing inlines and removes them after, so a
// parser that finishes while another one parses strips `~` from the other one, whose
// strikethrough then comes out as text.
//
// The library calls `cmark_manage_extensions_special_characters` through its PLT, so
// this definition, exported by the executable, replaces it: the first call that adds
// characters is forwarded to the library once, every later call is ignored. The table
// then always holds every character of the extensions this process attaches (always
// the same ones: table and strikethrough; MarkdownParser makes that first call before
// any other parser exists), and no parser ever removes any, so parsers are independent.
#define _GNU_SOURCE
#include <dlfcn.h>
#include <pthread.h>
#include <stdatomic.h>
#include <stddef.h>
#include "cmark_shim.h"

struct cmark_parser;
typedef void (*manage_function)(struct cmark_parser *, int);

void cmark_manage_extensions_special_characters(struct cmark_parser *parser, int add);

static pthread_mutex_t first_add_lock = PTHREAD_MUTEX_INITIALIZER;
static atomic_int added;

static manage_function library_function(void) {
    return (manage_function)dlsym(RTLD_NEXT, "cmark_manage_extensions_special_characters");
}

__attribute__((visibility("default"), used))
void cmark_manage_extensions_special_characters(struct cmark_parser *parser, int add) {
    if (!add || atomic_load_explicit(&added, memory_order_acquire)) return;
    // Once: the other callers wait on the lock until the table is complete, so no parser
    // starts on its inlines without the characters.
    pthread_mutex_lock(&first_add_lock);
    if (!atomic_load_explicit(&added, memory_order_relaxed)) {
        manage_function real = library_function();
        if (real != NULL) real(parser, 1);
        atomic_store_explicit(&added, 1, memory_order_release);
    }
    pthread_mutex_unlock(&first_add_lock);
}

int cb_cmark_special_characters_pinned(void) {
#if defined(__APPLE__)
    // Darwin's two-level namespace binds the library's own calls inside the library, so
    // this definition is never called there, whatever dlsym finds.
    return 0;
#else
    void *bound = dlsym(RTLD_DEFAULT, "cmark_manage_extensions_special_characters");
    return bound == (void *)&cmark_manage_extensions_special_characters && library_function() != NULL;
#endif
}
