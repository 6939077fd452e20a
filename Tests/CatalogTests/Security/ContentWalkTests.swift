import Foundation
import Testing
@testable import Catalog

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Every walk of hostile content ends, only regular files are read, and only files that
/// cannot run are published (SECURITY.md): end-to-end runs of `build`, a second `build`
/// (the up-to-date check walks first) and `validate`, each within a time and memory
/// limit, giving the same diagnostics and changing nothing outside the output and cache.
@Suite(.serialized) struct ContentWalkTests {
    /// What the runs may write: the output's folder, the cache and the thumbnail cache.
    static let written = ["out", "cache", ".catalog-cache"]

    /// A small valid book to put the hostile files beside.
    static func work() throws -> HostileWork {
        let work = try HostileWork()
        try work.write("book/index.md", "---\ntitle: Book\nsummary: A book.\n---\n")
        try work.write("book/lesson.md", "---\ntitle: Lesson\nsummary: A lesson.\n---\n\nText.\n")
        return work
    }

    /// `severity rule path:line:column` of every diagnostic printed, in order.
    static func diagnostics(_ outcome: HostileOutcome) -> [String] {
        (outcome.stderr + "\n" + outcome.stdout).split(separator: "\n").compactMap { line -> String? in
            guard line.hasPrefix("content/"), line.hasSuffix("]"), let open = line.lastIndex(of: "[") else { return nil }
            let parts = line.split(separator: ":", maxSplits: 4)
            guard parts.count >= 4 else { return nil }
            let severity = parts[3].trimmingCharacters(in: .whitespaces)
            let rule = line[line.index(after: open)..<line.index(before: line.endIndex)]
            return "\(severity) \(rule) \(parts[0].dropFirst("content/".count)):\(parts[1]):\(parts[2])"
        }
    }

    /// Runs `build`, `build` again and `validate`; each must be safe, end within a few
    /// seconds of CPU and print `expected` (in any order), and nothing outside the output and cache may change.
    static func expectSameEverywhere(_ work: HostileWork, _ expected: [String],
                                     sourceLocation: Testing.SourceLocation = #_sourceLocation) throws {
        let before = work.listing(excluding: Self.written)
        let build = ["build", "--content", "content", "--output", "out/site", "--cache", "cache"]
        for arguments in [build, build, ["validate", "--content", "content"]] {
            let outcome = try HostileRun.run(arguments, in: work, seconds: 20)
            outcome.expectSafe(sourceLocation: sourceLocation)
            // CPU time, not wall time: a walk that loops uses CPU all along, and a machine
            // busy with other work does not stretch it (HostileRun kills a run past 20 s).
            #expect(outcome.cpuSeconds < 10, "\(arguments[0]) used \(outcome.cpuSeconds) s of CPU",
                    sourceLocation: sourceLocation)
            #expect(diagnostics(outcome).sorted() == expected.sorted(), "\(arguments[0]): \(outcome.stderr)",
                    sourceLocation: sourceLocation)
        }
        #expect(work.listing(excluding: Self.written) == before, sourceLocation: sourceLocation)
    }

    // MARK: - Links that loop or lead out

    @Test func twoLinksToTheirOwnFolderEnd() throws {
        let work = try Self.work()
        defer { work.remove() }
        try work.link("book/a", to: ".")
        try work.link("book/b", to: ".")
        try Self.expectSameEverywhere(work, ["warning link-loop book/a:1:1", "warning link-loop book/b:1:1"])
    }

    @Test func aLinkToTheRootOfTheMachineIsRefused() throws {
        let work = try Self.work()
        defer { work.remove() }
        try work.link("book/everything", to: "/")
        try Self.expectSameEverywhere(work, ["error path-outside-content book/everything:1:1"])
    }

    @Test func aLoopOfLinksEnds() throws {
        let work = try Self.work()
        defer { work.remove() }
        try work.link("book/x", to: "y")
        try work.link("book/y", to: "x")
        try work.link("book/up", to: "..")
        try work.link("book/p.md", to: "q.md")
        try work.link("book/q.md", to: "p.md")
        try Self.expectSameEverywhere(work, ["warning link-loop book/p.md:1:1", "warning link-loop book/q.md:1:1",
                                             "warning link-loop book/up:1:1", "warning link-loop book/x:1:1",
                                             "warning link-loop book/y:1:1"])
    }

    @Test func aLinkToAFolderOutsideIsRefused() throws {
        let work = try Self.work()
        defer { work.remove() }
        let outside = work.root.appendingPathComponent("elsewhere")
        try FileManager.default.createDirectory(at: outside, withIntermediateDirectories: true)
        try Data("---\ntitle: Secret\nsummary: Not yours.\n---\n".utf8).write(to: outside.appendingPathComponent("secret.md"))
        try work.link("book/outside", to: outside.path)
        try Self.expectSameEverywhere(work, ["error path-outside-content book/outside:1:1"])
    }

    // MARK: - Files that are not regular

    @Test func aFIFOAsALessonIsReportedAtOnce() throws {
        let work = try Self.work()
        defer { work.remove() }
        try work.fifo("book/pipe.md")
        try Self.expectSameEverywhere(work, ["error file-not-regular book/pipe.md:1:1"])
    }

    @Test func aFIFOAsCatalogYmlIsReportedAtOnce() throws {
        let work = try Self.work()
        defer { work.remove() }
        try FileManager.default.removeItem(at: work.content.appendingPathComponent("catalog.yml"))
        try work.fifo("catalog.yml")
        try Self.expectSameEverywhere(work, ["error file-not-regular catalog.yml:1:1"])
    }

    @Test func aFIFOAsACoverImageIsReportedAtTheThumbnail() throws {
        let work = try Self.work()
        defer { work.remove() }
        try work.write("book/index.md", "---\ntitle: Book\nsummary: A book.\nthumbnail: cover.jpg\n---\n")
        try work.fifo("book/cover.jpg")
        try Self.expectSameEverywhere(work, ["error file-not-regular book/index.md:4:12"])
    }

    @Test func aFIFOAsLinkedMediaIsReportedAtTheLink() throws {
        let work = try Self.work()
        defer { work.remove() }
        try work.write("book/lesson.md", "---\ntitle: Lesson\nsummary: A lesson.\n---\n\nGet [the data](data.csv).\n")
        try work.fifo("book/data.csv")
        try Self.expectSameEverywhere(work, ["error file-not-regular book/lesson.md:6:5"])
    }

    @Test func aFIFOAsTheStylesheetIsReportedAtOnce() throws {
        let work = try Self.work()
        defer { work.remove() }
        try work.write("catalog.yml", "bundleIdentifier: com.example.hostile\ntitle: Hostile\ndefaultLocale: en-us\nlocales: [en-us]\nsite:\n  stylesheet: _media/site.css\n")
        try work.fifo("_media/site.css")
        try Self.expectSameEverywhere(work, ["error file-not-regular catalog.yml:6:15"])
    }

    static let styledCatalog = "bundleIdentifier: com.example.hostile\ntitle: Hostile\ndefaultLocale: en-us\nlocales: [en-us]\nsite:\n  stylesheet: _media/site.css\n"

    /// The files a style sheet names are published only as a body's links would be: never
    /// from outside content/ (through a link either), never a hidden, active or special file.
    /// Until session 25 the sheet was copied as written and named none of them.
    @Test func aStyleSheetPublishesOnlyWhatABodyCould() throws {
        let work = try Self.work()
        defer { work.remove() }
        try work.write("catalog.yml", Self.styledCatalog)
        try work.link("_media/machine", to: "/")
        try work.fifo("_media/pipe.png")
        try work.write("_media/.env", "API_KEY=secret\n")
        try work.write("_media/page.html", "<script>alert(document.domain)</script>\n")
        try work.write("_media/site.css", """
            a { background: url(machine/etc/passwd) }
            b { background: url(pipe.png) }
            c { background: url(.env) }
            d { background: url(page.html) }
            @import "../../outside.css";

            """)
        try Self.expectSameEverywhere(work, ["error link-broken _media/site.css:1:17", "error file-not-regular _media/site.css:2:17",
                                             "error link-hidden-file _media/site.css:3:17", "error link-active-file _media/site.css:4:17",
                                             "error link-broken _media/site.css:5:9"])
        #expect(!FileManager.default.fileExists(atPath: work.root.appendingPathComponent("out/site").path))
    }

    /// The logo and the style sheet are published under names of the site's own
    /// (`assets/logo`, `assets/custom.css`): until session 25 `stylesheet: .env` published
    /// the secrets of a `.env` file (never committed, but on a writer's laptop or a CI
    /// machine) at `assets/custom.css`, and `logo: .env` at `assets/logo`.
    @Test func aHiddenFileIsNeitherTheLogoNorTheStyleSheet() throws {
        let work = try Self.work()
        defer { work.remove() }
        try work.write(".env", "API_KEY=secret\n")
        try work.write(".theme/logo.png", "png")
        try work.write("catalog.yml", "bundleIdentifier: com.example.hostile\ntitle: Hostile\ndefaultLocale: en-us\nlocales: [en-us]\nsite:\n  stylesheet: .env\n  logo: .theme/logo.png\n")
        try Self.expectSameEverywhere(work, ["error link-hidden-file catalog.yml:6:15", "error link-hidden-file catalog.yml:7:9"])
        #expect(!FileManager.default.fileExists(atPath: work.root.appendingPathComponent("out/site").path))
    }

    /// A hidden file is not published through a symbolic link either: as a lesson, a
    /// folder of lessons, a linked file, the style sheet, a file the sheet names or a
    /// thumbnail. Until session 25 each of these published what the hidden file holds
    /// (`book/leak.md -> ../.drafts/private.md` was a page of the site).
    @Test func aLinkToAHiddenFilePublishesNothingOfIt() throws {
        let work = try Self.work()
        defer { work.remove() }
        try work.write(".env", "API_KEY=secret\n")
        try work.write(".drafts/private.md", "---\ntitle: Private\nsummary: My private draft.\n---\n\nNot for publishing.\n")
        try work.write(".drafts/cover.png", "png")
        try work.link("_media/notes.txt", to: "../.env")
        try work.link("_media/site.css", to: "../.env")
        try work.link("_media/cover.png", to: "../.drafts/cover.png")
        try work.write("_media/real.css", "a { background: url(notes.txt) }\n")
        // The walk: a lesson and a folder of lessons; and a body's link.
        try work.link("book/leak.md", to: "../.drafts/private.md")
        try work.link("book/drafts", to: "../.drafts")
        try work.write("book/lesson.md", "---\ntitle: Lesson\nsummary: A lesson.\n---\n\nSee [x](../_media/notes.txt).\n")
        try Self.expectSameEverywhere(work, ["error link-hidden-file book/leak.md:1:1", "error link-hidden-file book/drafts:1:1",
                                             "error link-hidden-file book/lesson.md:6:5"])
        for path in ["book/leak.md", "book/drafts"] {
            try FileManager.default.removeItem(at: work.content.appendingPathComponent(path))
        }
        // The style sheet, and thumbnails through a link and as written.
        try work.write("catalog.yml", Self.styledCatalog)
        try work.write("book/lesson.md", "---\ntitle: Lesson\nsummary: A lesson.\nthumbnail: ../_media/cover.png\n---\n\nText.\n")
        try work.write("book/other.md", "---\ntitle: Other\nsummary: Another.\nthumbnail: ../.drafts/cover.png\n---\n\nText.\n")
        try Self.expectSameEverywhere(work, ["error link-hidden-file catalog.yml:6:15", "error link-hidden-file book/lesson.md:4:12",
                                             "error link-hidden-file book/other.md:4:12"])
        // A file the style sheet names.
        try work.write("catalog.yml", Self.styledCatalog.replacingOccurrences(of: "site.css", with: "real.css"))
        try work.write("book/lesson.md", "---\ntitle: Lesson\nsummary: A lesson.\n---\n\nText.\n")
        try work.write("book/other.md", "---\ntitle: Other\nsummary: Another.\n---\n\nText.\n")
        try Self.expectSameEverywhere(work, ["error link-hidden-file _media/real.css:1:17"])
        #expect(!FileManager.default.fileExists(atPath: work.root.appendingPathComponent("out/site").path))
    }

    /// A file holding a private key is never published, whatever its name: linked from a
    /// body, named by the style sheet, or as the style sheet or logo itself (where
    /// `stylesheet: keys/AuthKey.p8` published the key at `assets/custom.css`).
    @Test func aPrivateKeyIsNeverPublished() throws {
        let work = try Self.work()
        defer { work.remove() }
        let key = "-----BEGIN EC PRIVATE KEY-----\nTk9UIEEgUkVBTCBLRVk=\n-----END EC PRIVATE KEY-----\n"
        try work.write("_keys/AuthKey_TEST.p8", key)
        try work.write("_keys/notes.txt", "My notes.\n\n" + key)
        try work.write("_media/site.css", "a { background: url(../_keys/notes.txt) }\n")
        try work.write("book/lesson.md", "---\ntitle: Lesson\nsummary: A lesson.\n---\n\nSee [x](../_keys/AuthKey_TEST.p8).\n")
        try Self.expectSameEverywhere(work, ["error link-private-key book/lesson.md:6:5"])
        try work.write("book/lesson.md", "---\ntitle: Lesson\nsummary: A lesson.\n---\n\nText.\n")
        try work.write("catalog.yml", Self.styledCatalog)
        try Self.expectSameEverywhere(work, ["error link-private-key _media/site.css:1:17"])
        try work.write("catalog.yml", Self.styledCatalog.replacingOccurrences(of: "_media/site.css", with: "_keys/AuthKey_TEST.p8")
                       + "  logo: _keys/notes.txt\n")
        try Self.expectSameEverywhere(work, ["error link-private-key catalog.yml:6:15", "error link-private-key catalog.yml:7:9"])
        #expect(!FileManager.default.fileExists(atPath: work.root.appendingPathComponent("out/site").path))
    }

    /// A style sheet of 250,000 broken references is reported by its first 100, the last
    /// saying the rest was not checked, in bounded time and memory. Before the limit, 16 MB
    /// of them took 36 s and 755 MB to report a million errors.
    @Test func aStyleSheetOfBrokenReferencesIsReportedInPart() throws {
        let work = try Self.work()
        defer { work.remove() }
        try work.write("catalog.yml", Self.styledCatalog)
        try work.write("_media/site.css", (0..<250_000).map { "a{b:url(x\($0).png)}\n" }.joined())
        let build = ["build", "--content", "content", "--output", "out/site", "--cache", "cache", "--format", "json"]
        for arguments in [build, ["validate", "--content", "content", "--format", "json"]] {
            let outcome = try HostileRun.run(arguments, in: work, seconds: 20)
            outcome.expectSafe()
            #expect(outcome.status == 1)
            let json = try JSONSerialization.jsonObject(with: Data(outcome.stdout.utf8)) as? [String: Any]
            let found = try #require(json?["diagnostics"] as? [[String: Any]])
            #expect(found.map { "\($0["rule"] ?? "") \($0["line"] ?? 0):\($0["column"] ?? 0)" }
                    == (1...100).map { "link-broken \($0):5" })
            #expect((found.last?["message"] as? String)?.hasSuffix(
                "x99.png` points at `_media/x99.png`, which does not exist in content/; correct the path (it is relative to _media/site.css); the rest of this style sheet is not checked until these are corrected") == true)
        }
    }

    /// Sheets that import each other, and themselves, are each published once (as the sheet,
    /// also when a body links one as a file); an SVG a sheet names is the copy without script.
    @Test func styleSheetsThatImportEachOtherArePublishedOnce() throws {
        let work = try Self.work()
        defer { work.remove() }
        try work.write("catalog.yml", Self.styledCatalog)
        try work.write("book/lesson.md", "---\ntitle: Lesson\nsummary: A lesson.\n---\n\nThe [theme](../_media/parts/a.css).\n")
        try work.write("_media/site.css", "@import \"parts/a.css\";\nbody { background: url(art.svg) }\n")
        try work.write("_media/parts/a.css", "@import '../site.css';\n@import 'a.css';\n")
        try work.write("_media/art.svg", "<svg xmlns=\"http://www.w3.org/2000/svg\"><script>alert(1)</script><rect width=\"1\"/></svg>\n")
        try Self.expectSameEverywhere(work, ["warning svg-content-removed _media/art.svg:1:41"])
        let site = work.root.appendingPathComponent("out/site")
        #expect(try String(contentsOf: site.appendingPathComponent("assets/custom.css"), encoding: .utf8)
                == "@import \"../media/_media/parts/a.css\";\nbody { background: url(\"../media/_media/art.svg\") }\n")
        #expect(try String(contentsOf: site.appendingPathComponent("media/_media/parts/a.css"), encoding: .utf8)
                == "@import \"../../../assets/custom.css\";\n@import \"../../../media/_media/parts/a.css\";\n")
        #expect(try String(contentsOf: site.appendingPathComponent("media/_media/art.svg"), encoding: .utf8)
                == "<svg xmlns=\"http://www.w3.org/2000/svg\" xmlns:xlink=\"http://www.w3.org/1999/xlink\"><rect width=\"1\"/></svg>\n")
        #expect(!FileManager.default.fileExists(atPath: site.appendingPathComponent("media/_media/site.css").path))
    }

    // MARK: - catalog.yml obeys containment

    @Test func catalogYmlLinkedOutsideIsRefusedUnread() throws {
        let work = try Self.work()
        defer { work.remove() }
        let secret = work.root.appendingPathComponent("secret.yml")
        try Data("privateKeyName: x\nbundleIdentifier: com.example.secret\n".utf8).write(to: secret)
        try FileManager.default.removeItem(at: work.content.appendingPathComponent("catalog.yml"))
        try work.link("catalog.yml", to: secret.path)
        try Self.expectSameEverywhere(work, ["error path-outside-content catalog.yml:1:1"])
        let outcome = try HostileRun.run(["validate", "--content", "content"], in: work, seconds: 20)
        #expect(!outcome.stderr.contains("privateKeyName") && !outcome.stdout.contains("privateKeyName"))
    }

    /// catalog.yml may not be a link to a hidden file either: the keys of `catalog.yml ->
    /// .env` were named in its `unknown-key` warnings, in a CI log anyone may read.
    @Test func catalogYmlLinkedToAHiddenFileIsRefusedUnread() throws {
        let work = try Self.work()
        defer { work.remove() }
        try FileManager.default.removeItem(at: work.content.appendingPathComponent("catalog.yml"))
        try work.write(".env", "STRIPE_SECRET_KEY: x\nbundleIdentifier: com.example.secret\n")
        try work.link("catalog.yml", to: ".env")
        try Self.expectSameEverywhere(work, ["error link-hidden-file catalog.yml:1:1"])
        let outcome = try HostileRun.run(["validate", "--content", "content"], in: work, seconds: 20)
        #expect(!outcome.stderr.contains("STRIPE") && !outcome.stdout.contains("STRIPE"))
    }

    // MARK: - Only files that cannot run are published

    @Test func aDotFileIsNeverPublished() throws {
        let work = try Self.work()
        defer { work.remove() }
        try work.write(".env", "API_KEY=secret\n")
        try work.write("book/lesson.md", "---\ntitle: Lesson\nsummary: A lesson.\n---\n\nSee [x](../.env).\n")
        try Self.expectSameEverywhere(work, ["error link-hidden-file book/lesson.md:6:5"])
        #expect(!FileManager.default.fileExists(atPath: work.root.appendingPathComponent("out/site/media/.env").path))
    }

    @Test func linkedHTMLIsNotPublished() throws {
        let work = try Self.work()
        defer { work.remove() }
        try work.write("book/page.html", "<script>alert(document.cookie)</script>\n")
        try work.write("book/lesson.md", "---\ntitle: Lesson\nsummary: A lesson.\n---\n\nSee [x](page.html).\n")
        try Self.expectSameEverywhere(work, ["error link-active-file book/lesson.md:6:5"])
        #expect(!FileManager.default.fileExists(atPath: work.root.appendingPathComponent("out/site/media/book/page.html").path))
    }

    /// An SVG is published as the copy `SVGSanitizer` writes: its script is reported, at its
    /// place in the SVG, and is not in the copy.
    @Test func aLinkedSVGIsPublishedWithoutItsScript() throws {
        let work = try Self.work()
        defer { work.remove() }
        try work.write("book/art.svg", "<svg xmlns=\"http://www.w3.org/2000/svg\"><script>alert(1)</script><rect width=\"1\"/></svg>\n")
        try work.write("book/lesson.md", "---\ntitle: Lesson\nsummary: A lesson.\n---\n\n![art](art.svg)\n")
        try Self.expectSameEverywhere(work, ["warning svg-content-removed book/art.svg:1:41"])
        let published = try String(contentsOf: work.root.appendingPathComponent("out/site/media/book/art.svg"), encoding: .utf8)
        #expect(published == "<svg xmlns=\"http://www.w3.org/2000/svg\" xmlns:xlink=\"http://www.w3.org/1999/xlink\"><rect width=\"1\"/></svg>\n")
    }

    /// The logo is copied under its own extension: `logo: page.html` published a page of the
    /// site's origin (`assets/logo.html`) until session 24.
    @Test func aLogoThatCouldRunScriptIsNotPublished() throws {
        let work = try Self.work()
        defer { work.remove() }
        try work.write("_media/logo.html", "<script>alert(document.domain)</script>\n")
        try work.write("catalog.yml", "bundleIdentifier: com.example.hostile\ntitle: Hostile\ndefaultLocale: en-us\nlocales: [en-us]\nsite:\n  logo: _media/logo.html\n")
        try Self.expectSameEverywhere(work, ["error link-active-file catalog.yml:6:9"])
        #expect(!FileManager.default.fileExists(atPath: work.root.appendingPathComponent("out/site/assets/logo.html").path))
    }

    /// A linked file is copied in pieces, not read whole: a lesson that links a 400 MB video
    /// (sparse here) builds in well under its size of memory, and again, linking the copy
    /// of the last build. Until session 25 the build held every linked file whole: a 1.5 GB
    /// video took 1.58 GB.
    @Test func aLargeLinkedFileIsCopiedInPieces() throws {
        let work = try Self.work()
        defer { work.remove() }
        let video = work.content.appendingPathComponent("_media/lecture.mp4")
        try FileManager.default.createDirectory(at: video.deletingLastPathComponent(), withIntermediateDirectories: true)
        #expect(FileManager.default.createFile(atPath: video.path, contents: Data("ftypisom".utf8)))
        let handle = try FileHandle(forWritingTo: video)
        try handle.truncate(atOffset: 400 << 20)
        try handle.close()
        try work.write("book/lesson.md", "---\ntitle: Lesson\nsummary: A lesson.\n---\n\n[The lecture](../_media/lecture.mp4)\n")
        let build = ["build", "--content", "content", "--output", "out/site", "--cache", "cache"]
        let copy = work.root.appendingPathComponent("out/site/media/_media/lecture.mp4")
        var inodes: [Int] = []
        for run in 0..<2 {
            // The second build is a whole one (catalog.yml saved again), which compares the
            // video with the last build's copy, in pieces too, and links that copy.
            if run == 1 { try work.write("catalog.yml", try String(contentsOf: work.content.appendingPathComponent("catalog.yml"), encoding: .utf8)) }
            let outcome = try HostileRun.run(build, in: work, seconds: 20)
            outcome.expectSafe(memoryLimit: 200 << 20)
            #expect(outcome.status == 0, "\(outcome.stderr)")
            let attributes = try FileManager.default.attributesOfItem(atPath: copy.path)
            #expect(attributes[.size] as? Int == 400 << 20)
            inodes.append(try #require(attributes[.systemFileNumber] as? Int))
        }
        #expect(inodes[0] == inodes[1], "the second build wrote the video again instead of linking it")
        let head = try FileHandle(forReadingFrom: copy)
        defer { try? head.close() }
        #expect(try head.read(upToCount: 8) == Data("ftypisom".utf8))
    }

    @Test func aLinkedImageThatCannotRunIsStillPublished() throws {
        let work = try Self.work()
        defer { work.remove() }
        try work.write("book/notes.txt", "plain text\n")
        try work.write("book/lesson.md", "---\ntitle: Lesson\nsummary: A lesson.\n---\n\nSee [x](notes.txt).\n")
        try Self.expectSameEverywhere(work, [])
        #expect(FileManager.default.fileExists(atPath: work.root.appendingPathComponent("out/site/media/book/notes.txt").path))
    }
}

/// `ContentWalk` itself, and the listing `serve`'s watcher compares (`TreeStamps`).
@Suite struct ContentWalkUnitTests {
    static func tree() throws -> URL {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("walk-\(UUID().uuidString)")
        for path in ["book/index.md", "book/chapter/lesson.md", "_media/cover.png", "_shared/part/extra.md"] {
            let file = root.appendingPathComponent(path)
            try FileManager.default.createDirectory(at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
            try Data("x".utf8).write(to: file)
        }
        return root
    }

    static func link(_ path: String, to target: String, in root: URL) throws {
        try FileManager.default.createSymbolicLink(atPath: root.appendingPathComponent(path).path, withDestinationPath: target)
    }

    @Test func aCycleIsEnteredOnce() throws {
        let root = try Self.tree()
        defer { try? FileManager.default.removeItem(at: root) }
        try Self.link("book/a", to: ".", in: root)
        try Self.link("book/chapter/up", to: "../..", in: root)
        let listing = ContentWalk(root: root.path, includeHidden: false, stamps: false).run()
        #expect(listing.directories.keys.sorted() == ["", "book", "book/chapter"])
        let book = try #require(listing.directories["book"]).sorted { $0.name < $1.name }
        #expect(book.map(\.name) == ["a", "chapter", "index.md"])
        #expect(book[0].kind == .repeated("book"))
        #expect(listing.directories["book/chapter"]?.first { $0.name == "up" }?.kind == .repeated(""))
    }

    @Test func aSecondLinkToOneFolderIsNotEnteredAgain() throws {
        let root = try Self.tree()
        defer { try? FileManager.default.removeItem(at: root) }
        try Self.link("book/again", to: "chapter", in: root)
        try Self.link("book/shared", to: "../_shared/part", in: root)
        let listing = ContentWalk(root: root.path, includeHidden: false, stamps: false).run()
        #expect(listing.directories["book"]?.first { $0.name == "again" }?.kind == .repeated("book/chapter"))
        // A link into a hidden folder (which is no context) is the way in to it.
        #expect(listing.directories["book/shared"]?.map(\.name) == ["extra.md"])
        // With hidden entries (the stamps), the folder is still entered once, through the link.
        let stamps = ContentWalk(root: root.path, includeHidden: true, stamps: true).run().stamps(directories: true)
        #expect(stamps["book/shared/extra.md"] != nil)
        #expect(stamps["_shared/part/extra.md"] == nil)
        #expect(stamps["_media/cover.png"] != nil)
    }

    /// A link to a hidden file or folder inside is listed as such and not entered, in the
    /// scanner's walk and the stamped one alike; the stamped walk still stamps the hidden
    /// files at their own paths, so an edit there is seen.
    @Test func linksToHiddenEntriesAreListedNotEntered() throws {
        let root = try Self.tree()
        defer { try? FileManager.default.removeItem(at: root) }
        let drafts = root.appendingPathComponent(".drafts")
        try FileManager.default.createDirectory(at: drafts, withIntermediateDirectories: true)
        try Data("x".utf8).write(to: drafts.appendingPathComponent("private.md"))
        try Self.link("book/drafts", to: "../.drafts", in: root)
        try Self.link("book/leak.md", to: "../.drafts/private.md", in: root)
        for includeHidden in [false, true] {
            let listing = ContentWalk(root: root.path, includeHidden: includeHidden, stamps: includeHidden).run()
            let book = try #require(listing.directories["book"])
            #expect(book.first { $0.name == "drafts" }?.kind == .hidden(".drafts", isDirectory: true))
            #expect(book.first { $0.name == "leak.md" }?.kind == .hidden(".drafts/private.md", isDirectory: false))
            #expect(listing.directories["book/drafts"] == nil)
            #expect((listing.directories[".drafts"] != nil) == includeHidden)
        }
        let stamps = ContentWalk(root: root.path, includeHidden: true, stamps: true).run().stamps(directories: false)
        #expect(stamps[".drafts/private.md"] != nil && stamps["book/drafts/private.md"] == nil)
    }

    @Test func linksLeadingOutAreListedNotEntered() throws {
        let root = try Self.tree()
        defer { try? FileManager.default.removeItem(at: root) }
        try Self.link("machine", to: "/", in: root)
        try Self.link("book/passwd.md", to: "/etc/passwd", in: root)
        try Self.link("book/loop", to: "loop", in: root)
        try Self.link("book/inside.md", to: "index.md", in: root)
        let listing = ContentWalk(root: root.path, includeHidden: false, stamps: false).run()
        #expect(listing.directories[""]?.first { $0.name == "machine" }?.kind == .outside(isDirectory: true))
        let book = try #require(listing.directories["book"])
        #expect(book.first { $0.name == "passwd.md" }?.kind == .outside(isDirectory: false))
        #expect(book.first { $0.name == "loop" }?.kind == .broken(isLoop: true))
        #expect(book.first { $0.name == "inside.md" }?.kind == .file)
        #expect(!listing.directories.keys.contains("machine"))
    }

    @Test func specialFilesAreListedAsSuch() throws {
        let root = try Self.tree()
        defer { try? FileManager.default.removeItem(at: root) }
        #expect(mkfifo(root.appendingPathComponent("book/pipe.md").path, 0o644) == 0)
        let listing = ContentWalk(root: root.path, includeHidden: false, stamps: true).run()
        #expect(listing.directories["book"]?.first { $0.name == "pipe.md" }?.kind == .special)
    }

    /// `build` scans the listing its up-to-date check made (hidden entries and stamps
    /// included) instead of walking the content again: the scan, and what it reports, are
    /// those of the scanner's own walk, whatever links lead into, out of or between hidden
    /// folders.
    @Test(arguments: 0..<6) func scanningTheStampedListingEqualsTheScannersOwnWalk(shape: Int) throws {
        let root = try Self.tree()
        defer { try? FileManager.default.removeItem(at: root) }
        try FileManager.default.createDirectory(at: root.appendingPathComponent("_shared/part/deeper"), withIntermediateDirectories: true)
        for path in ["book/index.fr.md", "book/lesson.md", "book/lesson.fr.md", "book/_draft.md", "book/.hidden.md",
                     "_shared/part/deeper/more.md", "book/chapter/index.md"] {
            try Data("x".utf8).write(to: root.appendingPathComponent(path))
        }
        switch shape {
        case 0: break
        case 1: try Self.link("book/shared", to: "../_shared/part", in: root)          // into a hidden folder
        case 2: try Self.link("_shared/back", to: "../book", in: root)                 // from hidden to plain
        case 3:                                                                        // both, and a hidden link
            try Self.link("book/shared", to: "../_shared/part", in: root)
            try Self.link("book/_link", to: "chapter", in: root)
            try Self.link("_shared/part/up", to: "../../book", in: root)
        case 4:                                                                        // cycles and dead ends
            try Self.link("book/a", to: ".", in: root)
            try Self.link("_media/loop", to: "loop", in: root)
            try Self.link("book/deep", to: "../_shared/part/deeper", in: root)
        default:                                                                       // a hidden chain
            try Self.link("_a", to: "_shared", in: root)
            try Self.link("book/via", to: "../_a/part", in: root)
        }
        let content = ContentRoot(path: root.path)
        let locales = [LocaleID(rawValue: "en-us"), LocaleID(rawValue: "fr")]
        var own = ContentScanner(root: content, locales: locales, defaultLocale: locales[0])
        var stamped = ContentScanner(root: content, locales: locales, defaultLocale: locales[0])
        let expected = own.scan()
        #expect(stamped.scan(listing: TreeStamps.collectWithListing(root).listing) == expected)
        #expect(stamped.diagnostics.items == own.diagnostics.items)
        #expect(!expected.directories.isEmpty)
    }

    /// What `serve`'s watcher lists every time the content changes (or every interval
    /// when it polls): with links that loop, it ends, and lists each folder once.
    @Test(.timeLimit(.minutes(1))) func theWatcherListingEndsOnLoopingLinks() throws {
        let root = try Self.tree()
        defer { try? FileManager.default.removeItem(at: root) }
        try Self.link("book/a", to: ".", in: root)
        try Self.link("book/b", to: ".", in: root)
        try Self.link("book/chapter/everything", to: "/", in: root)
        let stamps = TreeStamps.collect(root, directories: true)
        #expect(stamps.keys.filter { $0.hasSuffix("/") }.sorted()
                    == ["_media/", "_shared/", "_shared/part/", "book/", "book/chapter/"])
        #expect(stamps["book/a"] != nil && stamps["book/a/"] == nil)
        #expect(ContentWatcher.changes(from: stamps, to: TreeStamps.collect(root, directories: true)).isEmpty)
    }
}
