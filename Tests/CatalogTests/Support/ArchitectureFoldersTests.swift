import Foundation
import Testing

/// docs/ARCHITECTURE.md lists the folders of Sources/Catalog in the order the data flows;
/// the list must name exactly the folders that exist, each once.
@Suite struct ArchitectureFoldersTests {
    @Test func theFolderTableNamesEveryFolderOfTheLibraryOnce() throws {
        let sources = Repository.root.appendingPathComponent("Sources/Catalog")
        let folders = try FileManager.default.contentsOfDirectory(atPath: sources.path)
            .filter { name in
                var isDirectory: ObjCBool = false
                return FileManager.default.fileExists(atPath: sources.appendingPathComponent(name).path,
                                                      isDirectory: &isDirectory) && isDirectory.boolValue
            }
        let document = try String(contentsOf: Repository.root.appendingPathComponent("docs/ARCHITECTURE.md"),
                                  encoding: .utf8)
        let table = try #require(document.components(separatedBy: "<!-- folders -->").dropFirst().first?
            .components(separatedBy: "<!-- /folders -->").first)
        let listed = table.split(separator: "\n").compactMap { line -> String? in
            guard line.hasPrefix("| `"), let end = line.dropFirst(3).firstIndex(of: "/") else { return nil }
            return String(line[line.index(line.startIndex, offsetBy: 3)..<end])
        }
        #expect(listed.count == Set(listed).count, "a folder is listed twice: \(listed)")
        #expect(Set(listed) == Set(folders), "ARCHITECTURE.md lists \(listed.sorted()), Sources/Catalog has \(folders.sorted())")
        #expect(listed.prefix(11) == ["Loading", "Validation", "Model", "Thumbnails", "Rendering", "Site",
                                       "Payloads", "Pipeline", "Live", "Serve", "Upload"])
    }
}
