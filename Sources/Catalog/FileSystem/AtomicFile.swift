import Foundation

/// Writes a file of the cache (a thumbnail, the build state) through a temporary file
/// beside it and a rename, so that a reader sees the old bytes or the new, never part.
///
/// The temporary file is `.NAME.tmp-PID-N` (N counts this process's writes, so two
/// threads storing the same entry never share one): an interrupt removes the ones this process is
/// writing (`InterruptCleanup`), and a later build those of a process that no longer runs
/// (`StaleStaging.removeTemporaryFiles`), so neither leaves a partial file behind.
/// `export --output` writes its file this way too. Throws `BuildCancelled` once an
/// interrupt came.
public enum AtomicFile {
    public static func write(_ data: Data, to url: URL) throws {
        let temporary = temporaryPath(for: url)
        guard InterruptCleanup.shared.beginTemporary(temporary) else { throw BuildCancelled() }
        defer { InterruptCleanup.shared.endTemporary(temporary) }
        do {
            try data.write(to: URL(fileURLWithPath: temporary))
            guard rename(temporary, url.path) == 0 else { throw POSIXError(.init(rawValue: errno) ?? .EIO) }
        } catch {
            unlink(temporary)
            throw error
        }
    }

    static let marker = ".tmp-"
    private static let counter = Locked(0)

    static func temporaryPath(for url: URL) -> String {
        let number = counter.withLock { count in
            count += 1
            return count
        }
        return url.deletingLastPathComponent()
            .appendingPathComponent(".\(url.lastPathComponent)\(marker)\(getpid())-\(number)").path
    }
}
