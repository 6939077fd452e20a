// A per-thread bump allocator for cmark-gfm's documents (`cmark_parser_new_with_mem`).
//
// Parsing a body with the system allocator spent more time in calloc, realloc and free
// than in cmark itself (half of `validate`'s body checks on 10,000 files): every node,
// string buffer and list cell is its own allocation, freed one by one afterwards. Here a
// document's memory comes from large chunks owned by the calling thread and is given
// back all at once when the outermost `cb_cmark_arena_end` runs; `free` of an arena
// block does nothing. cmark-gfm's own arena (`cmark_get_arena_mem_allocator`) cannot be
// used: it is one global, and documents are parsed on several threads at once.
//
// Blocks carry their size in a 16-byte header, so that `realloc` can copy them. A pointer
// that is not in one of the thread's chunks (allocated before `begin`, or by another
// allocator) goes to the C library as before.
#include <pthread.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <cmark-gfm.h>
#include "cmark_shim.h"

enum {
    header_size = 16,
    alignment = 16,
    chunk_size = 256 * 1024,
    kept_size = 1024 * 1024,
};

struct chunk {
    struct chunk *next;
    size_t size;  // bytes of data after the header
    size_t used;
    size_t last;  // offset of the last block's data, for growing it in place
    _Alignas(16) unsigned char data[];
};

struct arena {
    struct chunk *head;  // the chunk allocated from; older chunks follow
    int depth;
};

static _Thread_local struct arena arena;

static void *fail(void) {
    fputs("[cmark] arena allocation failed, aborting\n", stderr);
    abort();
}

static struct chunk *new_chunk(size_t needed) {
    // Each chunk at least twice the last: a large document needs few chunks, so finding
    // a block's chunk (`owner`) stays quick.
    size_t size = arena.head != NULL && arena.head->size <= SIZE_MAX / 4 ? arena.head->size * 2 : chunk_size;
    if (needed > size) size = needed;
    struct chunk *chunk = malloc(sizeof(struct chunk) + size);
    if (chunk == NULL) fail();
    chunk->size = size;
    chunk->used = 0;
    chunk->last = SIZE_MAX;
    chunk->next = arena.head;
    arena.head = chunk;
    return chunk;
}

static int owns(const struct chunk *chunk, const void *pointer) {
    const unsigned char *bytes = pointer;
    return bytes >= chunk->data && bytes < chunk->data + chunk->used;
}

static struct chunk *owner(const void *pointer) {
    for (struct chunk *chunk = arena.head; chunk != NULL; chunk = chunk->next) {
        if (owns(chunk, pointer)) return chunk;
    }
    return NULL;
}

static size_t *size_slot(void *pointer) { return (size_t *)((unsigned char *)pointer - header_size); }

static void *allocate(size_t size) {
    if (size > SIZE_MAX / 2) fail();
    size_t needed = header_size + ((size + alignment - 1) & ~(size_t)(alignment - 1));
    struct chunk *chunk = arena.head;
    if (chunk == NULL || chunk->size - chunk->used < needed) chunk = new_chunk(needed);
    unsigned char *block = chunk->data + chunk->used + header_size;
    chunk->last = chunk->used + header_size;
    chunk->used += needed;
    *size_slot(block) = needed - header_size;
    return block;
}

static void *arena_calloc(size_t count, size_t size) {
    if (size != 0 && count > SIZE_MAX / 2 / size) fail();
    void *block = allocate(count * size);
    memset(block, 0, count * size);
    return block;
}

static void *arena_realloc(void *pointer, size_t size) {
    if (pointer == NULL) return allocate(size);
    struct chunk *chunk = owner(pointer);
    if (chunk == NULL) {
        void *moved = realloc(pointer, size);
        return moved != NULL ? moved : fail();
    }
    size_t old = *size_slot(pointer);
    if (size <= old) return pointer;
    size_t grown = (size + alignment - 1) & ~(size_t)(alignment - 1);
    // The newest block of the current chunk grows where it is when the chunk has room.
    if (chunk == arena.head && (unsigned char *)pointer == chunk->data + chunk->last
        && chunk->size - chunk->last >= grown) {
        chunk->used = chunk->last + grown;
        *size_slot(pointer) = grown;
        return pointer;
    }
    void *block = allocate(size);
    memcpy(block, pointer, old);
    return block;
}

static void arena_free(void *pointer) {
    if (pointer == NULL || owner(pointer) != NULL) return;
    free(pointer);
}

static cmark_mem functions = {arena_calloc, arena_realloc, arena_free};

// The chunk a thread keeps between documents is given back when the thread ends: the
// site stage starts render threads for every build, and a long-lived `serve` would
// otherwise lose a chunk per thread per build. A thread-specific value with a destructor
// is how POSIX runs code at a thread's end; its value only marks that the thread has a
// chunk (the chunk itself is in the thread-local `arena`, still readable then).
static pthread_key_t exit_key;
static pthread_once_t exit_key_once = PTHREAD_ONCE_INIT;

static void release_at_exit(void *unused) {
    (void)unused;
    for (struct chunk *chunk = arena.head, *next; chunk != NULL; chunk = next) {
        next = chunk->next;
        free(chunk);
    }
    arena.head = NULL;
}

static void make_exit_key(void) { pthread_key_create(&exit_key, release_at_exit); }

static void release_when_thread_ends(void) {
    pthread_once(&exit_key_once, make_exit_key);
    if (pthread_getspecific(exit_key) == NULL) pthread_setspecific(exit_key, &functions);
}

void *cb_cmark_arena_begin(void) {
    arena.depth += 1;
    return &functions;
}

void cb_cmark_arena_end(void) {
    if (--arena.depth > 0) return;
    // Keep one chunk of ordinary size for the next document; give the rest back.
    struct chunk *kept = NULL;
    for (struct chunk *chunk = arena.head, *next; chunk != NULL; chunk = next) {
        next = chunk->next;
        if (kept == NULL && chunk->size <= kept_size) {
            kept = chunk;
        } else {
            free(chunk);
        }
    }
    arena.head = kept;
    if (kept != NULL) {
        release_when_thread_ends();
        kept->next = NULL;
        kept->used = 0;
        kept->last = SIZE_MAX;
    }
}
