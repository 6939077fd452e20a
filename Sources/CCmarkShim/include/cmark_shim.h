#pragma once

/// Whether cmark-gfm's table of special inline characters is pinned in this process:
/// true when this target's definition of `cmark_manage_extensions_special_characters`
/// is the one the dynamic linker binds (the executable exports it, see Package.swift).
/// Then the table only ever grows and parsers may run on several threads at once;
/// otherwise every parser must still be serialized.
int cb_cmark_special_characters_pinned(void);

/// Starts using this thread's arena for cmark documents and returns the `cmark_mem *` to
/// pass to `cmark_parser_new_with_mem`. Every document parsed with it must be freed (or
/// no longer used) before the matching `cb_cmark_arena_end`, which gives the memory of
/// all of them back at once. Calls nest: only the outermost end resets the arena.
void *cb_cmark_arena_begin(void);

/// Ends the innermost `cb_cmark_arena_begin` of this thread.
void cb_cmark_arena_end(void);

/// Starts (1, 2) or ends (0) a links-only parse on this thread: until it ends, the inlines
/// of blocks without `[` or `<` are not parsed (see cmark_links_only.c). Only links,
/// images and raw HTML of such a document, and its blocks, are to be trusted. With 2,
/// headings are parsed whole too (their text gives the ids that links within a page name).
void cb_cmark_links_only(int mode);

/// Whether the replacement of `cmark_parse_inlines` is the one the dynamic linker binds.
int cb_cmark_links_only_bound(void);
