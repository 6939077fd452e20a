// A "links only" parse, for the body checks, which look at nothing but links, images and
// raw HTML (and the blocks around them, for positions).
//
// cmark-gfm parses the inlines of every paragraph, heading and table cell with
// `cmark_parse_inlines`, which the library calls through its PLT: this definition, exported
// by the executable, replaces it. While the calling thread is in a links-only parse
// (`cb_cmark_links_only`), a block whose text holds neither `[` nor `<` keeps no inlines:
// only `[` opens a link or an image (`![`), and only `<` starts raw HTML or an autolink, so
// such a block has nothing to report. An entity such as `&#91;` becomes text, never a
// bracket, and the extensions attached (table, strikethrough) make no links. Every other
// parse, and every block with either character, goes to the library's function as before;
// so do headings when the parse asks for them (2: a body that links within its page, whose
// headings' text gives the ids such links name).
#define _GNU_SOURCE
#include <dlfcn.h>
#include <stdatomic.h>
#include <stddef.h>
#include <string.h>
#include <cmark-gfm.h>
#include <cmark-gfm-extension_api.h>
#include "cmark_shim.h"

struct cmark_parser;
struct cmark_map;
typedef void (*parse_inlines_function)(struct cmark_parser *, cmark_node *, struct cmark_map *, int);

void cmark_parse_inlines(struct cmark_parser *parser, cmark_node *parent, struct cmark_map *refmap, int options);

static _Thread_local int links_only;
static _Atomic(parse_inlines_function) library;

static parse_inlines_function library_function(void) {
    parse_inlines_function found = atomic_load_explicit(&library, memory_order_acquire);
    if (found == NULL) {
        found = (parse_inlines_function)dlsym(RTLD_NEXT, "cmark_parse_inlines");
        atomic_store_explicit(&library, found, memory_order_release);
    }
    return found;
}

/// Whether a block's text can hold a link, an image or raw HTML. cmark keeps block text
/// NUL-terminated and turns NUL bytes of the input into U+FFFD.
static int may_hold_reportables(cmark_node *block) {
    const char *text = cmark_node_get_string_content(block);
    return text != NULL && strpbrk(text, "[<") != NULL;
}

__attribute__((visibility("default"), used))
void cmark_parse_inlines(struct cmark_parser *parser, cmark_node *parent, struct cmark_map *refmap, int options) {
    if (links_only && !(links_only == 2 && cmark_node_get_type(parent) == CMARK_NODE_HEADING)
        && !may_hold_reportables(parent)) return;
    parse_inlines_function real = library_function();
    if (real != NULL) real(parser, parent, refmap, options);
}

void cb_cmark_links_only(int mode) { links_only = mode; }

int cb_cmark_links_only_bound(void) {
#if defined(__APPLE__)
    // As in cb_cmark_special_characters_pinned: never called by the library on Darwin,
    // where a links-only parse is then a whole parse (the same diagnostics, more work).
    return 0;
#else
    void *bound = dlsym(RTLD_DEFAULT, "cmark_parse_inlines");
    return bound == (void *)&cmark_parse_inlines && library_function() != NULL;
#endif
}
