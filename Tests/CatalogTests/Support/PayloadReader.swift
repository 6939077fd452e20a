import Foundation
import Testing

/// Reads what `build` wrote in OUTPUT/catalog back, and checks the payload rules of
/// content-format.md §6 and catalog-api.md §3 on it.
struct PayloadReader {
    let manifest: [String: Any]
    /// Every context of every request, in upload order, with its request number.
    let contexts: [(request: Int, context: [String: Any])]

    init(output: URL) throws {
        let catalog = output.appendingPathComponent("catalog")
        manifest = try #require(TestJSON.object(Data(contentsOf: catalog.appendingPathComponent("manifest.json"))) as? [String: Any])
        var all: [(Int, [String: Any])] = []
        for (number, name) in (manifest["contextRequests"] as? [String] ?? []).enumerated() {
            let body = try #require(TestJSON.object(Data(contentsOf: catalog.appendingPathComponent(name))) as? [String: Any])
            let items = try #require(body["contexts"] as? [[String: Any]])
            all += items.map { (number, $0) }
        }
        contexts = all
    }

    static func path(_ context: [String: Any]) -> [String] {
        (context["data"] as? [String: Any])?["identifierPath"] as? [String] ?? []
    }

    static func locale(_ context: [String: Any]) -> String {
        (context["metadata"] as? [String: Any])?["locale"] as? String ?? ""
    }

    /// Every rule the payload must keep; returns the violations found.
    func violations() -> [String] {
        var problems: [String] = []
        var seen = Set<String>()
        let bundle = manifest["bundleIdentifier"] as? String ?? ""
        var requestSizes: [Int: Int] = [:]
        for (request, context) in contexts {
            requestSizes[request, default: 0] += 1
            let path = Self.path(context), locale = Self.locale(context)
            let key = path.joined(separator: "\u{1}") + "|" + locale
            if !seen.insert(key).inserted { problems.append("duplicate \(path) \(locale)") }
            if path.first != bundle { problems.append("\(path) does not start with the bundle identifier") }
            if path.count > 8 { problems.append("\(path) is deeper than 8") }
            if path.reduce(0, { $0 + $1.utf16.count }) > 256 { problems.append("\(path) longer than 256") }
            if path.count > 1, !seen.contains(path.dropLast().joined(separator: "\u{1}") + "|" + locale) {
                problems.append("\(path) \(locale) before its parent")
            }
            let data = context["data"] as? [String: Any] ?? [:], metadata = context["metadata"] as? [String: Any] ?? [:]
            if (metadata["presentableLocales"] as? [String]) != [locale] { problems.append("\(path) presentableLocales") }
            if path.count == 1, data["type"] as? String != "app" || data["isAssignable"] as? Bool != false {
                problems.append("app context is not type app and unassignable")
            }
            if path.count > 1, data["type"] as? String == "app" { problems.append("\(path) has type app") }
        }
        if requestSizes.values.contains(where: { $0 > 200 }) { problems.append("a request has more than 200 contexts") }
        if contexts.count != manifest["contextCount"] as? Int { problems.append("contextCount does not match") }
        for locale in manifest["locales"] as? [String] ?? [] where !seen.contains(bundle + "|" + locale) {
            problems.append("the app is missing in \(locale)")
        }
        return problems
    }
}

/// Every file below a directory with its bytes, for comparing two outputs.
func directorySnapshot(_ root: URL) throws -> [String: Data] {
    var files: [String: Data] = [:]
    let enumerator = FileManager.default.enumerator(at: root, includingPropertiesForKeys: [.isRegularFileKey])
    while let url = enumerator?.nextObject() as? URL {
        guard try url.resourceValues(forKeys: [.isRegularFileKey]).isRegularFile == true else { continue }
        files[String(url.path.dropFirst(root.path.count))] = try Data(contentsOf: url)
    }
    return files
}

/// `JSONSerialization` as the tests read JSON, less its one loss: on Linux it drops a byte
/// order mark that begins a string (string 98 of the Big List of Naughty Strings is one
/// alone). Raw U+FEFF can only be inside a string in JSON, so it is escaped first.
enum TestJSON {
    static func object(_ data: Data) throws -> Any {
        let bom: [UInt8] = [0xEF, 0xBB, 0xBF]
        guard data.firstRange(of: bom) != nil else { return try JSONSerialization.jsonObject(with: data) }
        var escaped = Data()
        escaped.reserveCapacity(data.count)
        var index = data.startIndex
        while index < data.endIndex {
            if data[index...].starts(with: bom) {
                escaped.append(contentsOf: Array(#"\ufeff"#.utf8))
                index += 3
            } else {
                escaped.append(data[index])
                index += 1
            }
        }
        return try JSONSerialization.jsonObject(with: escaped)
    }
}
