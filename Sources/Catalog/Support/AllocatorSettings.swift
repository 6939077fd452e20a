import CCatalogSystem

/// The allocator's settings for the command the process runs, applied as it starts.
///
/// On Linux the executable runs on mimalloc (Package.swift), which gives pages that fall
/// free back to the system only after a delay, counted by later allocations: a process
/// that goes idle keeps them. `serve` stays resident and idle between builds, so it has
/// them given back at once: 210 MB resident after its first build at 10,000 contexts
/// instead of 339 MB (bench/serve/README.md). A `build` ends instead, and keeps the
/// delay, which saves it system calls.
public enum AllocatorSettings {
    /// - Parameter command: the first argument, which names the command.
    public static func apply(command: String?) {
        if command == "serve" { cb_allocator_return_promptly() }
    }
}
