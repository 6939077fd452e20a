#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The name of an entry that `readdir` returned, read where it lies.
///
/// `entry.pointee.d_name` would copy the whole 256-byte array, but the kernel packs entries
/// by their name's length: near the end of `readdir`'s buffer that copy reads past it
/// (AddressSanitizer's heap-buffer-overflow, found by the whole-front-end fuzz target).
func directoryEntryName(_ entry: UnsafeMutablePointer<dirent>) -> String {
    let offset = MemoryLayout<dirent>.offset(of: \dirent.d_name)!
    return String(cString: (UnsafeRawPointer(entry) + offset).assumingMemoryBound(to: CChar.self))
}
