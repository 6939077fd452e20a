import Catalog
import Foundation
import Testing

/// The built binary on real content: exit codes, outputs, and the payload rules read back.
@Suite(.serialized) struct BuildEndToEndTests {
    let work: URL

    init() throws {
        work = FileManager.default.temporaryDirectory.appendingPathComponent("e2e-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: work, withIntermediateDirectories: true)
    }

    private var sample: String { Repository.root.appendingPathComponent("content").path }

    @Test func sampleCatalogBuildsWithValidPayloads() throws {
        defer { try? FileManager.default.removeItem(at: work) }
        let run = try BinaryRunner.run(["build", "--content", sample, "--output", "site", "--cache", "cache"], in: work)
        #expect(run.status == 0, "\(run.stderr)")
        let payloads = try PayloadReader(output: work.appendingPathComponent("site"))
        #expect(payloads.violations() == [])
        #expect(payloads.manifest["locales"] as? [String] == ["en-us", "es-us", "zh-hans", "ja-jp", "ar"])
        let quiz = payloads.contexts.map(\.context).first {
            PayloadReader.path($0).last == "measurements-quiz" && PayloadReader.locale($0) == "en-us"
        }
        let data = try #require(quiz?["data"] as? [String: Any])
        #expect(data["suggestedAge"] as? [Int] == [9, 11])
        #expect(data["suggestedCompletionTime"] as? [Int] == [15, 20])
        let kinds = (data["progressReportingCapabilities"] as? [[String: String]])?.compactMap { $0["kind"] }
        #expect(kinds == ["percent", "quantity", "binary", "score"])
    }

    @Test func largeCatalogIn3LocalesSplitsIntoRequests() throws {
        defer { try? FileManager.default.removeItem(at: work) }
        let content = work.appendingPathComponent("content")
        try LargeFixture.write(to: content, books: 15, chapters: 10, sections: 29)
        let run = try BinaryRunner.run(["build", "--content", "content", "--output", "out"], in: work)
        #expect(run.status == 0, "\(run.stderr.prefix(2000))")
        let payloads = try PayloadReader(output: work.appendingPathComponent("out"))
        #expect(payloads.violations() == [])
        // 15 + 150 + 4350 = 4515 contexts, in 3 locales, plus the app in 3 locales.
        let versions = 4515 * 3 + 3
        let requests: Int = (payloads.manifest["contextRequests"] as? [String])?.count ?? 0
        #expect(payloads.contexts.count == versions)
        #expect(requests == 68)
    }

    @Test func failedBuildLeavesOutputExactlyAsItWas() throws {
        defer { try? FileManager.default.removeItem(at: work) }
        let output = work.appendingPathComponent("site")
        try FileManager.default.createDirectory(at: output, withIntermediateDirectories: true)
        try Data("old".utf8).write(to: output.appendingPathComponent("keep.txt"))
        // An earlier build's output (it carries the marker), so only the content error stops the build.
        try Data(OutputOwnership.markerText.utf8).write(to: output.appendingPathComponent(OutputOwnership.markerName))
        let content = work.appendingPathComponent("content")
        try FileManager.default.createDirectory(at: content.appendingPathComponent("b"), withIntermediateDirectories: true)
        try Data("bundleIdentifier: com.x\ntitle: X\ndefaultLocale: en-us\nlocales: [en-us]\n".utf8)
            .write(to: content.appendingPathComponent("catalog.yml"))
        try Data("---\ntitle: B\nsuggestedAge: 11-9\n---\n".utf8).write(to: content.appendingPathComponent("b/index.md"))
        let before = try directorySnapshot(output)
        let run = try BinaryRunner.run(["build"], in: work)
        #expect(run.status == 1)
        #expect(run.stderr.contains("content/b/index.md:3:15: error: suggestedAge lower bound 11 is above upper bound 9; write the smaller number first [age-range]"))
        #expect(try directorySnapshot(output) == before)
        let leftovers = try FileManager.default.contentsOfDirectory(atPath: work.path).filter { $0.hasPrefix(".") }
        #expect(leftovers == [])
    }

    /// An output whose folders do not exist yet, and content whose error only the body
    /// stage finds (after the staging folder is made): nothing is left, not even the folders.
    @Test func failedBuildLeavesNoFoldersAboveItsOutput() throws {
        defer { try? FileManager.default.removeItem(at: work) }
        let content = work.appendingPathComponent("content")
        try FileManager.default.createDirectory(at: content.appendingPathComponent("b"), withIntermediateDirectories: true)
        try Data("bundleIdentifier: com.x\ntitle: X\ndefaultLocale: en-us\nlocales: [en-us]\n".utf8)
            .write(to: content.appendingPathComponent("catalog.yml"))
        try Data("---\ntitle: B\n---\n[x](gone.md)\n".utf8).write(to: content.appendingPathComponent("b/index.md"))
        let run = try BinaryRunner.run(["build", "--output", "no/such/site"], in: work)
        #expect(run.status == 1)
        #expect(run.stderr.contains("[link-broken]"))
        // The build's cache (`.catalog-cache`, not output) is the only thing beside the content.
        #expect(try FileManager.default.contentsOfDirectory(atPath: work.path).sorted() == [".catalog-cache", "content"])
    }

    @Test func twoBuildsAreByteIdenticalAndReplaceTheOutputWhole() throws {
        defer { try? FileManager.default.removeItem(at: work) }
        let first = try BinaryRunner.run(["build", "--content", sample, "--output", "a", "--cache", "c1"], in: work)
        let stale = work.appendingPathComponent("b/stale.txt")
        try FileManager.default.createDirectory(at: stale.deletingLastPathComponent(), withIntermediateDirectories: true)
        try Data("stale".utf8).write(to: stale)
        // `b` is an earlier build's output (it carries the marker): the build replaces it whole.
        try Data(OutputOwnership.markerText.utf8).write(to: work.appendingPathComponent("b/" + OutputOwnership.markerName))
        let second = try BinaryRunner.run(["build", "--content", sample, "--output", "b", "--cache", "c2"], in: work)
        #expect(first.status == 0 && second.status == 0)
        #expect(!FileManager.default.fileExists(atPath: stale.path))
        #expect(try directorySnapshot(work.appendingPathComponent("a")) == directorySnapshot(work.appendingPathComponent("b")))
    }

    @Test func jsonDiagnosticsArePrintedEvenWhenEmpty() throws {
        defer { try? FileManager.default.removeItem(at: work) }
        let run = try BinaryRunner.run(["validate", "--content", sample, "--format", "json"], in: work)
        #expect(run.status == 0)
        let document = try #require(JSONSerialization.jsonObject(with: Data(run.stdout.utf8)) as? [String: Any])
        #expect(document["errorCount"] as? Int == 0)
        #expect((document["coverage"] as? [String: Any])?.keys.count == 5)
    }

    /// A build that replaces an output returns once the new one is in place: the old one is
    /// in the cache (`.out.trash-PID`) for a process that removes it after `build` has ended,
    /// and soon nothing of it is left; nothing else beside the output changes.
    @Test func theReplacedOutputIsRemovedAfterTheBuildEnds() throws {
        defer { try? FileManager.default.removeItem(at: work) }
        let content = work.appendingPathComponent("content")
        try LargeFixture.write(to: content, books: 2, chapters: 2, sections: 3)
        let arguments = ["build", "--content", "content", "--output", "out", "--cache", "cache"]
        #expect(try BinaryRunner.run(arguments, in: work).status == 0)
        let cache = work.appendingPathComponent("cache")
        let kept = try FileManager.default.contentsOfDirectory(atPath: cache.path).sorted()
        let section = content.appendingPathComponent("01-book-1/01-chapter-1/01-section-1.md")
        try Data((try String(contentsOf: section, encoding: .utf8) + "More.\n").utf8).write(to: section)
        let run = try BinaryRunner.run(arguments, in: work)
        #expect(run.status == 0, "\(run.stderr)")
        let pages = FileManager.default.enumerator(atPath: work.appendingPathComponent("out").path)?.compactMap { $0 as? String } ?? []
        let edited = pages.filter { path in
            path.hasSuffix(".html") && (try? String(contentsOf: work.appendingPathComponent("out/" + path), encoding: .utf8))?.contains("More.") == true
        }
        #expect(!edited.isEmpty)
        let deadline = Date().addingTimeInterval(30)
        var names = try FileManager.default.contentsOfDirectory(atPath: cache.path).sorted()
        while names != kept, Date() < deadline {
            #expect(names.allSatisfy { kept.contains($0) || $0.hasPrefix(".out.trash-") }, "\(names)")
            usleep(20_000)
            names = try FileManager.default.contentsOfDirectory(atPath: cache.path).sorted()
        }
        #expect(names == kept)
        #expect(try FileManager.default.contentsOfDirectory(atPath: work.path).sorted() == ["cache", "content", "out"])
    }

    /// `--timings` ends with the allocator the process runs with: on Linux the binary links
    /// mimalloc, and it is mimalloc's `malloc` that the whole process calls (bench/scale).
    @Test func timingsNameTheAllocatorTheBinaryRunsWith() throws {
        defer { try? FileManager.default.removeItem(at: work) }
        let run = try BinaryRunner.run(["build", "--content", sample, "--output", "site", "--cache", "cache", "--timings"], in: work)
        #expect(run.status == 0, "\(run.stderr)")
        let last = run.stderr.split(separator: "\n").last.map(String.init) ?? ""
        #if os(Linux)
        #expect(last.wholeMatch(of: /allocator: mimalloc \d+\.\d+\.\d+/) != nil, "\(last)")
        #else
        #expect(last == "allocator: the system's malloc")
        #endif
    }

    @Test func unknownOptionExits2() throws {
        defer { try? FileManager.default.removeItem(at: work) }
        #expect(try BinaryRunner.run(["build", "--no-such-option"], in: work).status == 2)
    }
}

/// A generated content tree of books → chapters → sections with translations.
enum LargeFixture {
    static func write(to content: URL, books: Int, chapters: Int, sections: Int) throws {
        let catalog = "bundleIdentifier: com.example.large\ntitle: {en-us: Large, es-us: Grande, ja-jp: 大きい}\ndefaultLocale: en-us\nlocales: [en-us, es-us, ja-jp]\n"
        try write(content.appendingPathComponent("catalog.yml"), catalog)
        for b in 1...books {
            let book = content.appendingPathComponent(String(format: "%02d-book-%d", b, b))
            try write(book.appendingPathComponent("index.md"), "---\ntitle: {en-us: Book \(b), es-us: Libro \(b), ja-jp: 本 \(b)}\n---\n")
            for c in 1...chapters {
                let chapter = book.appendingPathComponent(String(format: "%02d-chapter-%d", c, c))
                try write(chapter.appendingPathComponent("index.md"), "---\ntitle: Chapter \(c)\n---\nIntro.\n")
                try write(chapter.appendingPathComponent("index.es-us.md"), "---\ntitle: Capítulo \(c)\n---\n")
                for s in 1...sections {
                    let name = String(format: "%02d-section-%d", s, s)
                    try write(chapter.appendingPathComponent(name + ".md"),
                              "---\ntitle: Section \(s)\nsummary: Practice \(s).\nsuggestedAge: 9-11\n---\n# Body\n")
                    if s % 2 == 0 {
                        try write(chapter.appendingPathComponent(name + ".ja-jp.md"), "---\ntitle: セクション \(s)\n---\n")
                    }
                }
            }
        }
    }

    private static func write(_ url: URL, _ text: String) throws {
        try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        try Data(text.utf8).write(to: url)
    }
}
