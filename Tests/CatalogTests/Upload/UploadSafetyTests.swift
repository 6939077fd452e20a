import Foundation
import Testing
@testable import Catalog

/// Where the token may go, what a server's answer may do to the terminal, and the key
/// file's permissions.
@Suite struct UploadSafetyTests {
    @Test(arguments: ["127.0.0.1", "127.45.6.7", "::1", "[::1]", "::ffff:127.0.0.1", "localhost", "LocalHost", "localhost."])
    func loopbackHosts(host: String) {
        #expect(APIAddress.isLoopback(host: host))
    }

    @Test(arguments: ["192.0.2.1", "128.0.0.1", "127.0.0.1.example.com", "localhost.example.com", "0x7f.1", "::2",
                      "example.com", "10.0.0.1", "0.0.0.0", "::"])
    func otherHosts(host: String) {
        #expect(!APIAddress.isLoopback(host: host))
    }

    @Test func plainHTTPToAnotherMachineIsRefusedUnlessInsecure() throws {
        let refusal = #expect(throws: UploadError.self) { try APIAddress.check("http://192.0.2.1:8080", insecure: false) }
        #expect(refusal == .usage("--api-url http://192.0.2.1:8080 would send the bearer token in clear text to 192.0.2.1, "
            + "which is not this machine; use an https URL (plain http is allowed to 127.0.0.1, ::1 and localhost), "
            + "or give --insecure if you trust every network on the way"))
        let allowed = try APIAddress.check("http://192.0.2.1:8080", insecure: true)
        #expect(allowed.url.absoluteString == "http://192.0.2.1:8080")
        #expect(allowed.warning == "warning: --insecure: the bearer token goes to 192.0.2.1 in clear text; "
            + "anyone on the way can read it and use it until it expires (25 minutes)")
        #expect(try APIAddress.check("http://127.0.0.1:9", insecure: false).warning == nil)
        #expect(try APIAddress.check("http://[::1]:9/", insecure: false).warning == nil)
        #expect(try APIAddress.check("https://classkit-catalog.apple.com", insecure: false).warning == nil)
        #expect(throws: UploadError.usage("--api-url ftp://127.0.0.1 is not an http or https URL")) {
            try APIAddress.check("ftp://127.0.0.1", insecure: true)
        }
        #expect(throws: UploadError.usage("--api-url http:/nohost is not an http or https URL")) {
            try APIAddress.check("http:/nohost", insecure: true)
        }
    }

    @Test func aKeyFileOthersCanReadGetsAWarningThatNamesTheFix() throws {
        let directory = try TestCatalog.temporaryDirectory()
        let key = directory.appendingPathComponent("Auth Key.p8")
        try Data("-----BEGIN PRIVATE KEY-----\nSECRET\n-----END PRIVATE KEY-----\n".utf8).write(to: key)
        #expect(chmod(key.path, 0o644) == 0)
        let warning = try #require(KeyFile.permissionWarning(key))
        #expect(warning == "warning: the private key file \(key.path) can be read or changed by others (mode 0644); "
            + "run `chmod 600 '\(key.path)'` so that only you can read it")
        #expect(!warning.contains("SECRET"))
        #expect(chmod(key.path, 0o640) == 0)
        #expect(KeyFile.permissionWarning(key)?.contains("(mode 0640)") == true)
        #expect(chmod(key.path, 0o600) == 0)
        #expect(KeyFile.permissionWarning(key) == nil)
        #expect(chmod(key.path, 0o400) == 0)
        #expect(KeyFile.permissionWarning(key) == nil)
        #expect(KeyFile.shellQuoted("/a/b.p8") == "/a/b.p8" && KeyFile.shellQuoted("it's") == #"'it'\''s'"#)
    }

    @Test func terminalEscapesEveryControlAndBidiCharacter() {
        #expect(TerminalText.escape("plain, ñ and 日本 and 👩‍💻") == "plain, ñ and 日本 and 👩‍💻")
        #expect(TerminalText.escape("a\u{1B}[2Jb\r\nc\td\u{7F}\u{9B}e") == #"a\u{1B}[2Jb\u{D}\u{A}c\u{9}d\u{7F}\u{9B}e"#)
        #expect(TerminalText.escape("x\u{202E}y\u{2066}z\u{2028}") == #"x\u{202E}y\u{2066}z\u{2028}"#)
        let once = TerminalText.escape("\u{1B}]0;title\u{07}")
        #expect(TerminalText.escape(once) == once)
        #expect(TerminalText.escapeLines("a\u{1B}\nb\rc") == "a\\u{1B}\nb\\u{D}c")
    }

    @Test func serverTextInFailuresIsEscaped() {
        let body = Data("{\"code\":\"X\\u001b[31m\",\"message\":\"line\\n\\u001b]0;owned\\u0007 end\"}".utf8)
        let failure = RetryingClient.failure(HTTPResponse(status: 400, body: body))
        #expect(failure.description.hasPrefix(#"HTTP 400 X\u{1B}[31m: line\u{A}\u{1B}]0;owned\u{7} end. "#))
        let raw = RetryingClient.failure(HTTPResponse(status: 502, body: Data("<html>\u{1B}[2J\u{9B}H</html>".utf8)))
        #expect(raw.description.hasPrefix(#"HTTP 502 <html>\u{1B}[2J\u{9B}H</html>. "#))
        let cut = RetryingClient.failure(HTTPResponse(status: 400, body: Data("oops".utf8), truncated: true))
        #expect(cut.description.hasPrefix("HTTP 400 oops (an overlong answer, cut off unread). "))
        let key = ContextKey(identifierPath: ["b", "x\u{9B}2J\u{7F}"], locale: "en\u{1B}")
        #expect(key.description == #"["b","x\u{9B}2J\u{7F}"] (en\u{1B})"#)
    }

    @Test func aRedirectIsAFailureThatNamesWhereItLedAndIsNotFollowed() async throws {
        let transport = ScriptedTransport([
            .answer(HTTPResponse(status: 307, headers: ["Location": "http://127.0.0.1:1/v1/contexts\u{1B}[2J"])),
        ])
        let failure = await #expect(throws: APIFailure.self) {
            try await UploadClientTests().api(transport).createOrReplaceContexts([TestCatalog.context(["b"], "en-us")])
        }
        #expect(failure?.description == #"HTTP 307 a redirect to "http://127.0.0.1:1/v1/contexts\u001b[2J". "#
            + "The upload never follows a redirect, so that the token goes only to --api-url: set --api-url to the address that answers.")
        #expect(await transport.requests.count == 1)
    }

    @Test(arguments: [301, 302, 303, 307, 308])
    func aRedirectIsNeverRecordedAsUploaded(status: Int) async throws {
        let directory = try TestCatalog.temporaryDirectory()
        let file = directory.appendingPathComponent("state.json")
        let catalog = TestCatalog.make(sections: 1, leaves: 1)
        let empty = UploadState(environment: "development")
        let plan = UploadPlan(catalog: catalog, state: empty, prune: false)
        let transport = ScriptedTransport([.answer(HTTPResponse(status: status, headers: ["Location": "https://elsewhere.example/"]))])
        let api = try await UploadClientTests().api(transport)
        let summary = await Uploader(api: api, store: StateStore(file: file), progress: { _ in }).run(plan, state: empty)
        #expect(summary.contextsSent == 0 && summary.failed == catalog.contexts.count)
        #expect(summary.failure?.description.contains("HTTP \(status) a redirect to \"https://elsewhere.example/\"") == true)
        #expect(!FileManager.default.fileExists(atPath: file.path))
    }

    @Test func aThumbnailChangedAfterTheCheckIsNotSent() async throws {
        let directory = try TestCatalog.temporaryDirectory()
        let image = directory.appendingPathComponent("t.png")
        try Data([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]).write(to: image)
        let thumbnail = ThumbnailItem(thumbnailId: "t.png", file: image, contentType: "image/png",
                                      sha256: Digest.hex(Data([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A])))
        #expect(try Uploader.read(thumbnail).count == 8)
        try Data("-----BEGIN PRIVATE KEY-----".utf8).write(to: image)
        #expect(throws: UploadError.badInput(image.path, "thumbnail t.png changed after the upload began; run `catalog-build build` and upload again")) {
            try Uploader.read(thumbnail)
        }
        try FileManager.default.removeItem(at: image)
        try FileManager.default.createSymbolicLink(at: image, withDestinationURL: directory.appendingPathComponent("other"))
        #expect(throws: UploadError.badInput(image.path, "thumbnail t.png cannot be read")) { try Uploader.read(thumbnail) }
    }
}
