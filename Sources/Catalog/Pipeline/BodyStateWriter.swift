import Crypto
import Foundation

/// Writes `body-state.bin` (`BodyStateFile.swift`) as its records come, a megabyte at a
/// time, into a temporary file beside it (`AtomicFile`'s), hashing the bytes as they go:
/// a cold build hands it each page as the site stage writes it (`BodyStateRecorder`) and
/// holds none of them (they were about 115 MB at 250,000 versions). `commit` ends the
/// records with the trailer, writes the hash into the header and renames the file in;
/// a writer dropped without a commit removes its temporary file.
final class BodyStateWriter {
    static let chunkSize = 1 << 20

    private let url: URL
    private var temporary: String?
    private var descriptor: Int32 = -1
    private var out = StateByteWriter(capacity: chunkSize + 65536)
    private var hasher = SHA256()
    /// False once the file could not be made or written: `commit` then saves nothing.
    private(set) var isWriting = false

    init(directory: URL) {
        url = directory.appendingPathComponent(BodyState.fileName)
        guard (try? FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)) != nil,
              let created = try? AtomicFile.createTemporary(for: url) else { return }
        temporary = created.path
        descriptor = created.descriptor
        // The hash's place, written over by `commit`.
        let header = Array(BodyState.formatLine.utf8) + [UInt8](repeating: UInt8(ascii: "0"), count: BodyState.hashLength)
        isWriting = header.withUnsafeBytes { OutputDirectory.writeAll(created.descriptor, $0) }
    }

    deinit { discard() }

    /// One page of a body file (see `BodyState.writeRecord`).
    func record(path: String, file: BodyState.File, page: BodyState.Page) {
        BodyState.writeRecord(path: path, file: file, page: page, to: &out)
        if out.count >= Self.chunkSize { flush() }
    }

    /// Records already encoded.
    func append(_ bytes: [UInt8]) {
        out.raw(bytes)
        if out.count >= Self.chunkSize { flush() }
    }

    /// Ends the records with `trailer` (`BodyState.writeTrailer`) and puts the file in
    /// place; false, and nothing in place, when any of it could not be written.
    func commit(_ trailer: (inout StateByteWriter) -> Void) -> Bool {
        trailer(&out)
        flush()
        guard isWriting, let temporary else {
            discard()
            return false
        }
        var hash: [UInt8] = []
        OutputDigest(sha256: hasher.finalize()).appendHex(to: &hash)
        let written = hash.withUnsafeBytes { raw in
            pwrite(descriptor, raw.baseAddress, raw.count, off_t(BodyState.formatLine.utf8.count)) == raw.count
        }
        close(descriptor)
        descriptor = -1
        defer { InterruptCleanup.shared.endTemporary(temporary) }
        self.temporary = nil
        guard written, rename(temporary, url.path) == 0 else {
            unlink(temporary)
            return false
        }
        return true
    }

    /// Removes the temporary file (a build that saves no state, or stopped).
    func discard() {
        if descriptor >= 0 { close(descriptor) }
        descriptor = -1
        guard let temporary else { return }
        unlink(temporary)
        InterruptCleanup.shared.endTemporary(temporary)
        self.temporary = nil
    }

    private func flush() {
        if isWriting {
            isWriting = out.bytes.withUnsafeBytes { raw in
                hasher.update(bufferPointer: raw)
                return OutputDirectory.writeAll(descriptor, raw)
            }
        }
        out.clear()
    }
}

extension OutputDigest {
    /// The digest's first 16 bytes (`OutputDigest(of:)` of the bytes hashed).
    init(sha256 digest: SHA256.Digest) {
        var high: UInt64 = 0, low: UInt64 = 0
        for (offset, byte) in digest.prefix(16).enumerated() {
            if offset < 8 { high = high << 8 | UInt64(byte) } else { low = low << 8 | UInt64(byte) }
        }
        self.init(high: high, low: low)
    }
}
