import CCatalogSystem

/// glibc gives threads that allocate at the same time malloc arenas of their own (up to
/// eight per core), and what one arena frees only that arena reuses: a build's render
/// threads, writer, payload thread and background frees spread its memory over many
/// arenas, each holding on to its own free pages. Two arenas (one per core of the machines
/// builds run on) keep the peak lower (bench/scale/README.md); `MALLOC_ARENA_MAX` in the
/// environment still decides when it is set.
///
/// `serve` stays resident: one arena, so that the free space left between what its memos
/// keep is in one heap, not two (15–20 MB less at 10,000 contexts, bench/serve/README.md);
/// its first build is the only one that renders every page, and was no slower.
public enum MallocArenas {
    public static let limit: Int32 = 2
    public static let serveLimit: Int32 = 1

    /// - Parameter command: the first argument, which names the command.
    public static func apply(command: String?) { cb_limit_malloc_arenas(command == "serve" ? serveLimit : limit) }
}
