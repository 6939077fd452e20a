import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A file-system problem with the output, in the user's words: the output as they wrote
/// it and what to do, never a Foundation error or the staging folder's name.
public struct OutputFailure: Error, Equatable, CustomStringConvertible {
    public enum Kind: Equatable, Sendable {
        /// The output cannot be used at all (no permission, read-only): the command cannot start.
        case unusable
        /// The work failed midway (disk full, an I/O error); the output is as it was.
        case failed
    }

    public var kind: Kind
    public var description: String

    /// Checks before a build that the folder that will hold `output` can be written
    /// (the build writes a staging folder there and swaps it in).
    public static func check(output: String) -> OutputFailure? {
        let folder = existingFolder(holding: output)
        guard access(folder.isEmpty ? "." : folder, W_OK) != 0 else { return nil }
        return failure(code: errno, output: output)
    }

    /// What to tell the user about an error thrown while writing `output`.
    public static func from(_ error: any Error, output: String) -> OutputFailure {
        if let failure = error as? OutputFailure { return failure }
        guard let code = posixCode(of: error) else {
            return OutputFailure(kind: .failed, description: "cannot write the output \(output): \(error); \(output) is left as it was")
        }
        return failure(code: code, output: output)
    }

    static func failure(code: Int32, output: String) -> OutputFailure {
        let folder = existingFolder(holding: output)
        let place = folder.isEmpty ? "the current folder" : folder
        switch code {
        case EACCES, EPERM:
            return OutputFailure(kind: .unusable, description: "cannot write the output \(output): you have no permission to write in \(place); choose another --output, or make \(place) writable")
        case EROFS:
            return OutputFailure(kind: .unusable, description: "cannot write the output \(output): \(place) is on a read-only file system; choose another --output")
        case ENOSPC, EDQUOT:
            return OutputFailure(kind: .failed, description: "cannot write the output \(output): the disk is full; free some space and build again (\(output) is left as it was)")
        case ENOENT:
            return OutputFailure(kind: .unusable, description: "cannot write the output \(output): \(place) does not let folders be made in it; choose another --output")
        case ENOTDIR:
            return OutputFailure(kind: .unusable, description: "cannot write the output \(output): a folder on its way is a file; choose another --output")
        default:
            let reason = String(cString: strerror(code)).lowercased()
            return OutputFailure(kind: .failed, description: "cannot write the output \(output): \(reason); \(output) is left as it was")
        }
    }

    /// The nearest folder of `output`'s path that exists, as the user wrote it ("" for
    /// the current folder): the build makes the missing ones.
    static func existingFolder(holding output: String) -> String {
        var folder = RelativePath.parent(of: output)
        while !folder.isEmpty, folder != "/", !FileManager.default.fileExists(atPath: folder) {
            folder = RelativePath.parent(of: folder)
        }
        return folder
    }

    /// The POSIX error behind an error of the output's writers or of Foundation.
    static func posixCode(of error: any Error) -> Int32? {
        switch error {
        case OutputPathError.failed(_, let reason), IncrementalError.write(_, let reason):
            return code(describedBy: reason)
        default:
            break
        }
        if let posix = error as? POSIXError { return posix.code.rawValue }
        let ns = error as NSError
        if ns.domain == NSPOSIXErrorDomain { return Int32(ns.code) }
        if let underlying = ns.userInfo[NSUnderlyingErrorKey] as? any Error {
            let inner = underlying as NSError
            if inner.domain == NSPOSIXErrorDomain { return Int32(inner.code) }
        }
        guard ns.domain == NSCocoaErrorDomain else { return nil }
        switch CocoaError.Code(rawValue: ns.code) {
        case .fileWriteNoPermission, .fileReadNoPermission: return EACCES
        case .fileWriteOutOfSpace: return ENOSPC
        case .fileWriteVolumeReadOnly: return EROFS
        default: return nil
        }
    }

    /// The errno whose `strerror` text is `reason` (the output's writers keep only the text).
    private static func code(describedBy reason: String) -> Int32? {
        (1..<134).first { String(cString: strerror(Int32($0))) == reason }.map { Int32($0) }
    }
}
