import Testing
@testable import Catalog

/// `link-scheme-unknown`: a link whose scheme no reader's browser or device opens (an
/// engine's shorthand left unresolved, such as javascript.info's `info:`; a DOI; a
/// Windows path) is reported; the schemes browsers and Apple's systems open, and any
/// scheme followed by `//` (an app's own), are not.
@Suite struct LinkSchemesTests {
    @Test("Reported", arguments: ["info:string", "doi:10.1000/182", "isbn:0451450523", "mdn:/JavaScript", "Info:x",
                                  "C:\\Users\\ana\\notes.pdf", "d:/talks/slides.key", "file:notes.txt", "file:///Users/ana/notes.pdf"])
    func reported(_ url: String) {
        #expect(LinkSchemes.problem(of: url) != nil)
    }

    @Test("Not reported", arguments: ["https://example.com", "HTTP://EXAMPLE.COM", "mailto:a@example.com", "MAILTO:a@b.c",
                                      "tel:+1-555-0100", "sms:+15550100", "facetime:ana@example.com", "maps:?q=Paris",
                                      "webcal://example.com/cal.ics", "urn:isbn:0451450523", "magnet:?xt=urn:btih:x",
                                      "myapp://lesson/3", "notes.md", "/absolute", "#top",
                                      "c", "a/b:c"])
    func notReported(_ url: String) {
        #expect(LinkSchemes.problem(of: url) == nil)
    }

    @Test func theMessageSaysWhatTheLinkIs() {
        #expect(LinkSchemes.problem(of: "info:string")
                == "uses the scheme info:, which no browser opens, so the link leads nowhere; write the address it stands for (an https:// link, or a relative link to a page of the catalog)")
        #expect(LinkSchemes.problem(of: "C:\\Users\\ana\\notes.pdf")
                == "is a path on a computer (drive C:), which no reader of the site can open; copy the file into content/ and link to it relatively, or link to its address on the web")
    }
}

/// What `PublishPolicy.holdsPrivateKey` takes for a private key: a PEM line that begins one.
@Suite struct PrivateKeyTests {
    static func holds(_ text: String) -> Bool { PublishPolicy.holdsPrivateKey(Array(text.utf8)[...]) }

    @Test func everyKindOfPrivateKeyIsFound() {
        for label in ["PRIVATE KEY", "EC PRIVATE KEY", "RSA PRIVATE KEY", "OPENSSH PRIVATE KEY", "ENCRYPTED PRIVATE KEY",
                      "PGP PRIVATE KEY BLOCK", "DSA PRIVATE KEY"] {
            #expect(Self.holds("notes\r\n-----BEGIN \(label)-----\nMIGT\n-----END \(label)-----\n"), "\(label)")
        }
    }

    @Test func publicMaterialIsNot() {
        #expect(!Self.holds("-----BEGIN CERTIFICATE-----\nMIIB\n-----END CERTIFICATE-----\n"))
        #expect(!Self.holds("-----BEGIN PUBLIC KEY-----\nMFkw\n-----END PUBLIC KEY-----\n"))
        #expect(!Self.holds("-----BEGIN PGP PUBLIC KEY BLOCK-----\n"))
        // The words on another line than the marker are prose, not a key.
        #expect(!Self.holds("-----BEGIN \nA PRIVATE KEY is secret."))
        #expect(!Self.holds("A private key starts with -----BEGIN"))
        #expect(!Self.holds(""))
    }
}
