import Foundation

/// Writes a file of the cache (a thumbnail, the build state) through a temporary file
/// beside it and a rename, so that a reader sees the old bytes or the new, never part.
///
/// The temporary file is `.NAME.tmp-PID-N` (N counts this process's writes, so two
/// threads storing the same entry never share one): an interrupt removes the ones this process is
/// writing (`InterruptCleanup`), and a later build those of a process that no longer runs
/// (`StaleStaging.removeTemporaryFiles`), so neither leaves a partial file behind.
/// `export --output` writes its file this way too. The temporary file is made new
/// (`O_CREAT | O_EXCL | O_NOFOLLOW`): a name someone else put there first, a symbolic
/// link above all (the name can be guessed), is never written through; the next number is
/// tried instead. Throws `BuildCancelled` once an interrupt came.
public enum AtomicFile {
    /// With `synchronize`, the bytes reach the disk before the rename (`fsync`), so that a
    /// crash never publishes a file whose bytes were still only in memory (the upload state).
    public static func write(_ data: Data, to url: URL, synchronize: Bool = false) throws {
        let (temporary, descriptor) = try createTemporary(for: url)
        defer { InterruptCleanup.shared.endTemporary(temporary) }
        let written = OutputDirectory.writeAll(descriptor, data) && (!synchronize || fsync(descriptor) == 0)
        let failure = errno
        close(descriptor)
        guard written, rename(temporary, url.path) == 0 else {
            let code = written ? errno : failure
            unlink(temporary)
            throw POSIXError(.init(rawValue: code) ?? .EIO)
        }
    }

    /// The same, with the bytes handed over in pieces as `produce` makes them, so that a
    /// large file is never whole in memory. When `produce` returns false, or throws,
    /// nothing replaces the file; the result is `produce`'s.
    static func write(to url: URL, _ produce: (_ write: ([UInt8]) throws -> Void) throws -> Bool) throws -> Bool {
        let (temporary, descriptor) = try createTemporary(for: url)
        defer { InterruptCleanup.shared.endTemporary(temporary) }
        let produced: Bool
        do {
            produced = try produce { bytes in
                guard bytes.withUnsafeBytes({ OutputDirectory.writeAll(descriptor, $0) }) else {
                    throw POSIXError(.init(rawValue: errno) ?? .EIO)
                }
            }
        } catch {
            close(descriptor)
            unlink(temporary)
            throw error
        }
        close(descriptor)
        guard produced else {
            unlink(temporary)
            return false
        }
        guard rename(temporary, url.path) == 0 else {
            let code = errno
            unlink(temporary)
            throw POSIXError(.init(rawValue: code) ?? .EIO)
        }
        return true
    }

    /// Attempts at a fresh temporary name before giving up.
    static let attempts = 1000

    /// A new temporary file beside `url`, open for writing, and registered with
    /// `InterruptCleanup` before it exists (a writer that keeps it open through a build,
    /// `BodyStateWriter`, renames or unlinks it and ends it there itself).
    static func createTemporary(for url: URL) throws -> (path: String, descriptor: Int32) {
        for _ in 0..<attempts {
            let temporary = temporaryPath(for: url)
            guard InterruptCleanup.shared.beginTemporary(temporary) else { throw BuildCancelled() }
            let descriptor = open(temporary, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0o666)
            if descriptor >= 0 { return (temporary, descriptor) }
            let failure = errno
            InterruptCleanup.shared.endTemporary(temporary)
            guard failure == EEXIST else { throw POSIXError(.init(rawValue: failure) ?? .EIO) }
        }
        throw POSIXError(.EEXIST)
    }

    static let marker = ".tmp-"
    private static let counter = Locked(0)

    /// The number the next temporary file's name takes (tests plant names ahead of it).
    static var nextNumber: Int { counter.withLock { $0 } + 1 }

    static func temporaryPath(for url: URL) -> String {
        let number = counter.withLock { count in
            count += 1
            return count
        }
        return url.deletingLastPathComponent()
            .appendingPathComponent(".\(url.lastPathComponent)\(marker)\(getpid())-\(number)").path
    }
}
