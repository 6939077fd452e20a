import Foundation
import JWTKit

/// The team, key id and private key that sign Catalog API calls. Printing or dumping
/// it shows the ids only, never the key.
public struct Credentials: Sendable, CustomStringConvertible, CustomDebugStringConvertible, CustomReflectable {
    public var teamId: String
    public var keyId: String
    let key: ES256PrivateKey

    /// Reads a `.p8` key. Errors name the file, never its content: parser errors can
    /// quote the PEM, so they are replaced here rather than passed on.
    public init(teamId: String, keyId: String, privateKeyFile: URL) throws {
        let pem: String
        do {
            pem = try String(contentsOf: privateKeyFile, encoding: .utf8)
        } catch {
            throw UploadError.usage("cannot read the private key file \(privateKeyFile.path)")
        }
        do {
            key = try ES256PrivateKey(pem: pem)
        } catch {
            throw UploadError.usage(
                "\(privateKeyFile.path) is not a PEM EC P-256 private key (the .p8 file Apple lets you download once)")
        }
        self.teamId = teamId
        self.keyId = keyId
    }

    public var description: String { "Credentials(team: \(teamId), key id: \(keyId))" }
    public var debugDescription: String { description }
    public var customMirror: Mirror { Mirror(self, children: ["teamId": teamId, "keyId": keyId]) }
}

/// The claims Apple documents (catalog-api.md §5), no `aud`, `sub` or `scope`; and `jti`, a
/// new UUID for every token (RFC 7519 §4.1.7), so that the service can tell tokens apart
/// and refuse a replayed one. A service ignores a claim it does not use (RFC 7519 §4).
struct CatalogClaims: JWTPayload, Equatable {
    var iss: String
    var iat: Int
    var exp: Int
    var jti: String

    func verify(using algorithm: some JWTAlgorithm) throws {}
}

/// Mints ES256 tokens and reuses each until shortly before it expires, so a long
/// upload renews its token instead of failing with 403 halfway.
public actor TokenSigner {
    /// Apple says tokens "typically" live 10–30 minutes; stay inside that.
    static let lifetime: TimeInterval = 25 * 60
    /// Renew this long before expiry so a slow request never carries a stale token.
    static let renewalMargin: TimeInterval = 5 * 60

    private let credentials: Credentials
    private let keys: JWTKeyCollection
    private let now: @Sendable () -> Date
    private var cached: (token: String, expiry: Date)?

    public init(credentials: Credentials, now: @escaping @Sendable () -> Date = Date.init) async {
        self.credentials = credentials
        self.now = now
        self.keys = JWTKeyCollection()
        await keys.add(ecdsa: credentials.key, kid: JWKIdentifier(string: credentials.keyId))
    }

    public func token() async throws -> String {
        let current = now()
        if let cached, cached.expiry.timeIntervalSince(current) > Self.renewalMargin { return cached.token }
        let issued = Int(current.timeIntervalSince1970)
        let claims = CatalogClaims(iss: credentials.teamId, iat: issued, exp: issued + Int(Self.lifetime),
                                   jti: UUID().uuidString.lowercased())
        var header = JWTHeader()
        header.typ = "JWT"
        header.alg = "ES256"
        let token = try await keys.sign(claims, kid: JWKIdentifier(string: credentials.keyId), header: header)
        cached = (token, Date(timeIntervalSince1970: TimeInterval(claims.exp)))
        return token
    }
}
