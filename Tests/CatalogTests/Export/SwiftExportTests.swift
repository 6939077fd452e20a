import Foundation
import Testing
@testable import Catalog

/// The generated Swift file compiles in Swift 6 language mode without a warning, and holds
/// the same tree as the JSON export. Here (Linux) only its Foundation part is compiled: the
/// ClassKit and AutomaticAssessmentConfiguration parts are behind `#if canImport`.
@Suite(.serialized) struct SwiftExportTests {
    @Test func sampleExportTypeChecksInSwift6WithoutWarnings() throws {
        let work = try scratchDirectory()
        defer { try? FileManager.default.removeItem(at: work) }
        let file = work.appendingPathComponent("ClassKitCatalog.swift")
        let run = try BinaryRunner.run(["export", "--content", sample, "--format", "swift", "--output", file.path,
                                        "--cache", "cache"], in: work)
        #expect(run.status == 0, "\(run.stderr)")
        let check = try Swiftc.run(["-swift-version", "6", "-typecheck", "-warnings-as-errors", file.path], in: work)
        #expect(check.status == 0, "\(check.output)")
    }

    @Test func generatedCorpusExportTypeChecks() throws {
        let content = try TempContent(GeneratedContent.files(books: 3, chapters: 6, sections: 12))
        defer { content.remove() }
        let result = CatalogExport.run(content: content.root, cacheDirectory: nil, format: .swift)
        let file = content.url.appendingPathComponent("ClassKitCatalog.swift")
        try Data(try #require(result.text).utf8).write(to: file)
        let check = try Swiftc.run(["-swift-version", "6", "-typecheck", "-warnings-as-errors", file.path], in: content.url)
        #expect(check.status == 0, "\(check.output.prefix(3000))")
    }

    /// The ClassKit, ImageIO and assessment code, type-checked against stubs of Apple's
    /// documented declarations (Tests/Fixtures/apple-stubs/README.md): names, labels, types.
    @Test(.enabled(if: TestPlatform.isLinux, "stubs of Apple's SDK; on macOS the SDK itself checks this code"))
    func classKitPartTypeChecksAgainstStubs() throws {
        let work = try scratchDirectory()
        defer { try? FileManager.default.removeItem(at: work) }
        try AppleStubs.build(in: work)
        let result = CatalogExport.run(content: ContentRoot(path: sample), cacheDirectory: nil, format: .swift)
        let file = work.appendingPathComponent("ClassKitCatalog.swift")
        try Data(try #require(result.text).utf8).write(to: file)
        let check = try Swiftc.run(["-swift-version", "6", "-typecheck", "-warnings-as-errors", "-I", work.path, file.path], in: work)
        #expect(check.status == 0, "\(check.output)")
        // The stubs are used: a misspelt ClassKit name fails.
        let misspelt = try String(contentsOf: file, encoding: .utf8).replacingOccurrences(of: "setType(", with: "setTipe(")
        try Data(misspelt.utf8).write(to: file)
        let failing = try Swiftc.run(["-swift-version", "6", "-typecheck", "-I", work.path, file.path], in: work)
        #expect(failing.status != 0)
        #expect(failing.output.contains("has no member 'setTipe'"))
    }

    @Test func sampleSwiftTreeEqualsTheJSONTree() throws {
        try expectSameTree(content: Repository.root.appendingPathComponent("content"))
    }

    /// Text that would end a string literal, interpolate or hide code (quotes, backslashes,
    /// `\(`, newlines, bidirectional overrides) stays text in the generated file.
    @Test func textThatLooksLikeSwiftStaysText() throws {
        let hostile = #"A "quote", a \ and \(exit(1)) \u{41}"# + " \u{202E}evil\u{202C} /* */ // \t end"
        let content = try TempContent([
            "b/index.md": "---\ntitle: 'Book \"1\"'\nsummary: \"Line one\\nline two \\\\ \\\" done\"\n---\n",
            "b/q.md": "---\ntitle: \(JSON.string(hostile).serialized())\ntype: custom\ncustomTypeName: \"#\\\"raw\\\"#\"\nsummary: x\n---\n",
        ])
        defer { content.remove() }
        try expectSameTree(content: content.url)
    }

    /// Every string of the Big List of Naughty Strings that validation lets through, as a
    /// title, summary, keyword and identifier (the others plain, as `NaughtyStringsTests`
    /// makes them): the Swift export compiles and holds the JSON export's tree.
    @Test func naughtyStringsStayText() throws {
        let strings = try NaughtyStrings.all
        func failed(_ files: [String: String]) throws -> Set<Int> {
            let content = try TempContent(files, catalog: NaughtyStringsTests.catalog)
            defer { content.remove() }
            return try NaughtyStringsTests.report(content.load().diagnostics, content).failed
        }
        let fields = try failed(NaughtyStringsTests.fields(strings))
        let identifiers = try failed(NaughtyStringsTests.identifiers(strings))
        let files = NaughtyStringsTests.fields(strings, plain: fields)
            .merging(NaughtyStringsTests.identifiers(strings, plain: identifiers)) { $1 }
        let content = try TempContent(files, catalog: NaughtyStringsTests.catalog)
        defer { content.remove() }
        try expectSameTree(content: content.url)
    }

    /// Compiles the Swift export with a program that prints its dump, and compares that
    /// with the dump of the JSON export of the same content.
    private func expectSameTree(content: URL) throws {
        let work = try scratchDirectory()
        defer { try? FileManager.default.removeItem(at: work) }
        let root = ContentRoot(path: content.path)
        let swift = CatalogExport.run(content: root, cacheDirectory: nil, format: .swift)
        let json = CatalogExport.run(content: root, cacheDirectory: nil, format: .json)
        try Data(try #require(swift.text, "\(swift.diagnostics.items)").utf8)
            .write(to: work.appendingPathComponent("ClassKitCatalog.swift"))
        try Data(ExportDump.dumpProgram.utf8).write(to: work.appendingPathComponent("main.swift"))
        let compile = try Swiftc.run(["-swift-version", "6", "-warnings-as-errors", "ClassKitCatalog.swift", "main.swift",
                                      "-o", "dump"], in: work)
        try #require(compile.status == 0, "\(compile.output.prefix(3000))")
        let printed = try Swiftc.run([], in: work, executable: work.appendingPathComponent("dump").path)
        #expect(printed.status == 0)
        let expected = try ExportDump.of(json: Data(try #require(json.text).utf8))
        #expect(printed.output == expected)
        #expect(expected.split(separator: "\n").count == (swift.tree?.contexts.count ?? 0) + 1)
    }

    private var sample: String { Repository.root.appendingPathComponent("content").path }
}

/// Runs swiftc (or a program it built) and collects its output.
enum Swiftc {
    struct Outcome {
        var status: Int32
        var output: String
    }

    static func run(_ arguments: [String], in directory: URL, executable: String? = nil) throws -> Outcome {
        let process = Process()
        if let executable {
            process.executableURL = URL(fileURLWithPath: executable)
            process.arguments = arguments
        } else {
            process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
            process.arguments = ["swiftc"] + arguments
        }
        process.currentDirectoryURL = directory
        let log = directory.appendingPathComponent("swiftc-\(UUID().uuidString).log")
        try Data().write(to: log)
        let handle = try FileHandle(forWritingTo: log)
        process.standardOutput = handle
        process.standardError = handle
        try process.run()
        process.waitUntilExit()
        try handle.close()
        let output = try String(contentsOf: log, encoding: .utf8)
        try? FileManager.default.removeItem(at: log)
        return Outcome(status: process.terminationStatus, output: output)
    }
}
