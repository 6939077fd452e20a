import Crypto
import Foundation
import Testing
@testable import Catalog

@Suite struct UploadJWTTests {
    let key = P256.Signing.PrivateKey()

    func credentials() throws -> Credentials {
        let file = try TestCatalog.temporaryDirectory().appendingPathComponent("AuthKey.p8")
        try key.pemRepresentation.write(to: file, atomically: true, encoding: .utf8)
        return try Credentials(teamId: "4J2MBDPZ6M", keyId: "9QVIE72P19", privateKeyFile: file)
    }

    func decode(_ part: Substring) throws -> [String: Any] {
        let data = try Data(base64URL: part)
        return try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
    }

    @Test func tokenHasApplesHeaderAndClaimsAndVerifies() async throws {
        let now = Date(timeIntervalSince1970: 1_587_058_400.7)
        let token = try await TokenSigner(credentials: credentials(), now: { now }).token()
        let parts = token.split(separator: ".")
        #expect(parts.count == 3)
        let header = try decode(parts[0])
        #expect(header["alg"] as? String == "ES256")
        #expect(header["typ"] as? String == "JWT")
        #expect(header["kid"] as? String == "9QVIE72P19")
        let claims = try decode(parts[1])
        #expect(claims["iss"] as? String == "4J2MBDPZ6M")
        #expect(claims["iat"] as? Int == 1_587_058_400)
        let lifetime = try #require(claims["exp"] as? Int) - 1_587_058_400
        #expect((20 * 60...30 * 60).contains(lifetime))
        #expect(Set(claims.keys) == ["iss", "iat", "exp", "jti"])
        let jti = try #require(claims["jti"] as? String)
        #expect(UUID(uuidString: jti) != nil && jti == jti.lowercased())
        let signature = try Data(base64URL: parts[2])
        let valid = key.publicKey.isValidSignature(
            try P256.Signing.ECDSASignature(rawRepresentation: signature), for: Data("\(parts[0]).\(parts[1])".utf8))
        #expect(valid)
    }

    @Test func credentialsNeverShowTheKey() throws {
        let shown = try [credentials()].map { "\($0) \(String(reflecting: $0)) \(String(describing: Mirror(reflecting: $0).children.map(\.value)))" }[0]
        let body = key.pemRepresentation.split(separator: "\n").filter { !$0.hasPrefix("-----") }
        #expect(shown.contains("9QVIE72P19"))
        #expect(body.allSatisfy { !shown.contains($0) })
        #expect(!shown.contains(key.rawRepresentation.base64EncodedString()))
    }

    @Test func tokenIsReusedThenRenewedBeforeExpiry() async throws {
        let clock = TestClock(Date(timeIntervalSince1970: 1_700_000_000))
        let signer = await TokenSigner(credentials: try credentials(), now: { clock.now })
        let first = try await signer.token()
        clock.advance(10 * 60)
        #expect(try await signer.token() == first)
        clock.advance(11 * 60)
        let renewed = try await signer.token()
        #expect(renewed != first)
        let ids = try [first, renewed].map { try decode($0.split(separator: ".")[1])["jti"] as? String }
        #expect(ids[0] != nil && ids[0] != ids[1], "each token carries its own jti")
        #expect(try decode(renewed.split(separator: ".")[1])["iat"] as? Int == 1_700_000_000 + 21 * 60)
    }

    @Test func unusableKeyFileIsAUsageErrorThatDoesNotQuoteTheFile() throws {
        let file = try TestCatalog.temporaryDirectory().appendingPathComponent("bad.p8")
        let secret = "-----BEGIN PRIVATE KEY-----\nTUlHSEFnRUFNQk1HQnlxR1NNNDlBZ0VHQ0NxR1NNNDlBd0VIQkcwd2F3SUJBUVFn\n-----END PRIVATE KEY-----\n"
        try secret.write(to: file, atomically: true, encoding: .utf8)
        let error = try #require(throws: UploadError.self) {
            try Credentials(teamId: "T", keyId: "K", privateKeyFile: file)
        }
        #expect(error.isUsageError)
        #expect(!error.description.contains("TUlHSEFn"))
        #expect(!String(describing: error).contains("TUlHSEFn"))
        #expect(throws: UploadError.self) {
            try Credentials(teamId: "T", keyId: "K", privateKeyFile: file.appendingPathExtension("missing"))
        }
    }
}

final class TestClock: @unchecked Sendable {
    private let lock = NSLock()
    private var current: Date
    init(_ start: Date) { current = start }
    var now: Date { lock.withLock { current } }
    func advance(_ seconds: TimeInterval) { lock.withLock { current += seconds } }
}

extension Data {
    init(base64URL text: Substring) throws {
        var padded = text.replacingOccurrences(of: "-", with: "+").replacingOccurrences(of: "_", with: "/")
        padded += String(repeating: "=", count: (4 - padded.count % 4) % 4)
        self = try #require(Data(base64Encoded: padded))
    }
}
