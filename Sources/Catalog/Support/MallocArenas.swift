import CCatalogSystem

/// glibc gives threads that allocate at the same time malloc arenas of their own (up to
/// eight per core), and what one arena frees only that arena reuses: a build's render
/// threads, writer, payload thread and background frees spread its memory over many
/// arenas, each holding on to its own free pages. Two arenas (one per core of the machines
/// builds run on) keep the peak lower (bench/scale/README.md); `MALLOC_ARENA_MAX` in the
/// environment still decides when it is set.
public enum MallocArenas {
    public static let limit: Int32 = 2

    public static func apply() { cb_limit_malloc_arenas(limit) }
}
