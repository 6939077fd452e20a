import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Checks `--api-url` before anything is read or sent: every request carries the bearer
/// token, so plain HTTP is allowed only to this machine (127.0.0.0/8, ::1, localhost)
/// unless the caller says `--insecure`, and then with a warning.
public enum APIAddress {
    /// The URL, and the warning to print when `insecure` lets plain HTTP leave the machine.
    public static func check(_ text: String, insecure: Bool) throws -> (url: URL, warning: String?) {
        guard let url = URL(string: text), let scheme = url.scheme?.lowercased(), ["http", "https"].contains(scheme),
              let host = url.host, !host.isEmpty
        else {
            throw UploadError.usage("--api-url \(text) is not an http or https URL")
        }
        guard scheme == "http", !isLoopback(host: host) else { return (url, nil) }
        guard insecure else {
            throw UploadError.usage("--api-url \(text) would send the bearer token in clear text to \(host), "
                + "which is not this machine; use an https URL (plain http is allowed to 127.0.0.1, ::1 and localhost), "
                + "or give --insecure if you trust every network on the way")
        }
        return (url, "warning: --insecure: the bearer token goes to \(host) in clear text; anyone on the way can read it "
            + "and use it until it expires (\(Int(TokenSigner.lifetime / 60)) minutes)")
    }

    /// 127.0.0.0/8, ::1 (also as ::ffff:127.x.y.z) and `localhost`; nothing is resolved.
    public static func isLoopback(host: String) -> Bool {
        var name = host.lowercased()
        if name.hasPrefix("["), name.hasSuffix("]") { name = String(name.dropFirst().dropLast()) }
        if name == "localhost" || name == "localhost." { return true }
        var v4 = in_addr()
        if inet_pton(AF_INET, name, &v4) == 1 {
            return withUnsafeBytes(of: &v4) { $0[0] } == 127
        }
        var v6 = in6_addr()
        guard inet_pton(AF_INET6, name, &v6) == 1 else { return false }
        let bytes = withUnsafeBytes(of: &v6) { Array($0) }
        if bytes == Array(repeating: 0, count: 15) + [1] { return true }
        return bytes[0..<12] == Array(repeating: 0, count: 10) + [0xFF, 0xFF] && bytes[12] == 127
    }
}
