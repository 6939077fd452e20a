import Foundation
import Testing
@testable import Catalog

/// CatalogRuntime's ClassKit code is the Swift export's (one source: the export's
/// templates), and the whole runtime type-checks against the Apple stubs, where its
/// `#if canImport(ClassKit)` and `AutomaticAssessmentConfiguration` parts are compiled.
@Suite(.serialized) struct CatalogRuntimeSourceTests {
    static let runtime = Repository.root.appendingPathComponent("Sources/CatalogRuntime")

    @Test func runtimeClassKitFileIsTheExportTemplate() throws {
        let file = Self.runtime.appendingPathComponent("ClassKitCatalog+ClassKit.swift")
        if ProcessInfo.processInfo.environment["SNAPSHOT_RECORD"] == "1" {
            try Data(SwiftExportTemplates.runtimeClassKit.utf8).write(to: file)
        }
        #expect(try String(contentsOf: file, encoding: .utf8) == SwiftExportTemplates.runtimeClassKit)
    }

    @Test(.enabled(if: TestPlatform.isLinux, "stubs of Apple's SDK; on macOS the SDK itself checks this code"))
    func runtimeTypeChecksAgainstAppleStubs() throws {
        let work = try scratchDirectory()
        defer { try? FileManager.default.removeItem(at: work) }
        try AppleStubs.build(in: work)
        let sources = try FileManager.default.contentsOfDirectory(atPath: Self.runtime.path).sorted()
            .filter { $0.hasSuffix(".swift") }.map { Self.runtime.appendingPathComponent($0).path }
        #expect(sources.count == 6)
        let arguments = ["-swift-version", "6", "-parse-as-library", "-typecheck", "-warnings-as-errors",
                         "-module-name", "CatalogRuntime", "-I", work.path]
        let check = try Swiftc.run(arguments + sources, in: work)
        #expect(check.status == 0, "\(check.output)")
        // The ClassKit part is compiled: a misspelt ClassKit name fails.
        let copy = work.appendingPathComponent("Misspelt.swift")
        let delegate = try String(contentsOfFile: Self.runtime.appendingPathComponent("ClassKitCatalogDelegate.swift").path,
                                  encoding: .utf8)
        try Data(delegate.replacingOccurrences(of: "CLSDataStoreDelegate", with: "CLSDataStoreDelegat").utf8).write(to: copy)
        let failing = try Swiftc.run(arguments + sources.filter { !$0.hasSuffix("ClassKitCatalogDelegate.swift") } + [copy.path],
                                     in: work)
        #expect(failing.status != 0)
        #expect(failing.output.contains("cannot find type 'CLSDataStoreDelegat' in scope"))
    }
}

/// Stubs of ClassKit, ImageIO and AutomaticAssessmentConfiguration built as modules in a
/// folder, for `-I` (Tests/Fixtures/apple-stubs/README.md).
enum AppleStubs {
    static func build(in work: URL) throws {
        let stubs = Repository.root.appendingPathComponent("Tests/Fixtures/apple-stubs")
        for module in ["ImageIO", "ClassKit", "AutomaticAssessmentConfiguration"] {
            let built = try Swiftc.run(["-swift-version", "6", "-parse-as-library", "-emit-module", "-module-name", module,
                                        "-I", work.path, "-emit-module-path", work.appendingPathComponent("\(module).swiftmodule").path,
                                        stubs.appendingPathComponent("\(module).swift").path], in: work)
            try #require(built.status == 0, "\(built.output)")
        }
    }
}
