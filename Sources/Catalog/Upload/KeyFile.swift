import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The check ssh makes of a private key file, as a warning: the key signs every
/// change to the catalog, so no one but its owner should be able to read it.
public enum KeyFile {
    /// A warning naming the file and the command that fixes it when group or others have
    /// any permission on it; nil otherwise (or when it cannot be examined: reading it
    /// reports that). Never reads the key.
    public static func permissionWarning(_ file: URL) -> String? {
        var info = stat()
        guard stat(file.path, &info) == 0 else { return nil }
        let mode = info.st_mode & 0o777
        guard mode & 0o077 != 0 else { return nil }
        return "warning: the private key file \(file.path) can be read or changed by others (mode 0\(String(mode, radix: 8))); "
            + "run `chmod 600 \(shellQuoted(file.path))` so that only you can read it"
    }

    static func shellQuoted(_ path: String) -> String {
        let plain = path.unicodeScalars.allSatisfy {
            CharacterSet.alphanumerics.contains($0) && $0.isASCII || "/._-+,:@%".unicodeScalars.contains($0)
        }
        return plain && !path.isEmpty ? path : "'" + path.replacingOccurrences(of: "'", with: "'\\''") + "'"
    }
}
