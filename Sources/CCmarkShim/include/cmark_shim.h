#pragma once

/// Whether cmark-gfm's table of special inline characters is pinned in this process:
/// true when this target's definition of `cmark_manage_extensions_special_characters`
/// is the one the dynamic linker binds (the executable exports it, see Package.swift).
/// Then the table only ever grows and parsers may run on several threads at once;
/// otherwise every parser must still be serialized.
int cb_cmark_special_characters_pinned(void);
