import Foundation

/// One line per context, the same whether read from the JSON export or printed by the
/// generated Swift file (`SwiftExportTests.dumpProgram`): the two exports hold the same
/// tree exactly when their dumps are equal.
enum ExportDump {
    /// The dump of a JSON export document, its contexts in pre-order.
    static func of(json data: Data) throws -> String {
        let document = try TestJSON.object(data) as? [String: Any] ?? [:]
        var lines = ["\(document["bundleIdentifier"] ?? "")|\(document["defaultLocale"] ?? "")|\((document["locales"] as? [String] ?? []).joined(separator: ","))"]
        func walk(_ context: [String: Any]) {
            lines.append(line(context))
            for child in context["children"] as? [[String: Any]] ?? [] { walk(child) }
        }
        walk(document["app"] as? [String: Any] ?? [:])
        return lines.joined(separator: "\n") + "\n"
    }

    private static func line(_ c: [String: Any]) -> String {
        let capabilities = (c["progressReportingCapabilities"] as? [[String: Any]] ?? []).map {
            "\($0["kind"] as? String ?? "")\(map($0["details"]))"
        }
        let fields: [String] = [
            (c["identifierPath"] as? [String] ?? []).map(escape).joined(separator: "/"),
            c["type"] as? String ?? "", map(c["title"]), map(c["summary"]), map(c["customTypeName"]),
            (c["locales"] as? [String] ?? []).joined(separator: ","), c["topic"] as? String ?? "-",
            "\(c["isAssignable"] as? Bool ?? false)", "\(c["assessment"] as? Bool ?? false)",
            bounds(c["suggestedAge"]), bounds(c["suggestedCompletionTime"]), capabilities.joined(separator: ","),
            "\(c["displayOrder"] as? Int ?? 0)", escape(c["thumbnail"] as? String ?? "-"),
            escape(c["universalLinkURL"] as? String ?? "-"),
            (c["children"] as? [[String: Any]] ?? []).map { escape(($0["identifierPath"] as? [String])?.last ?? "") }
                .joined(separator: ","),
        ]
        return fields.joined(separator: "|")
    }

    private static func map(_ value: Any?) -> String {
        let text = value as? [String: String] ?? [:]
        return "{" + text.keys.sorted().map { "\($0):\(escape(text[$0]!))" }.joined(separator: ";") + "}"
    }

    private static func bounds(_ value: Any?) -> String {
        guard let pair = value as? [Int], pair.count == 2 else { return "-" }
        return "\(pair[0])...\(pair[1])"
    }

    /// The same escaping as `dumpProgram`'s.
    static func escape(_ text: String) -> String {
        var out = ""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\\", "|", ";", ":", ",", "{", "}", "/": out += "\\" + String(scalar)
            default:
                if scalar.value < 0x20 || scalar.value > 0x7E { out += "\\u\(scalar.value)." } else { out.unicodeScalars.append(scalar) }
            }
        }
        return out
    }

    /// A main.swift that, compiled with the generated file, prints its dump.
    static let dumpProgram = #"""
        func escape(_ text: String) -> String {
            var out = ""
            for scalar in text.unicodeScalars {
                switch scalar {
                case "\\", "|", ";", ":", ",", "{", "}", "/": out += "\\" + String(scalar)
                default:
                    if scalar.value < 0x20 || scalar.value > 0x7E { out += "\\u\(scalar.value)." } else { out.unicodeScalars.append(scalar) }
                }
            }
            return out
        }
        func map(_ text: [String: String]) -> String {
            "{" + text.keys.sorted().map { "\($0):\(escape(text[$0]!))" }.joined(separator: ";") + "}"
        }
        func bounds(_ value: ClassKitCatalog.Bounds?) -> String {
            value.map { "\($0.lower)...\($0.upper)" } ?? "-"
        }
        var lines = ["\(ClassKitCatalog.bundleIdentifier)|\(ClassKitCatalog.defaultLocale)|\(ClassKitCatalog.locales.joined(separator: ","))"]
        for c in ClassKitCatalog.contexts {
            let fields: [String] = [
                c.identifierPath.map(escape).joined(separator: "/"), c.type.rawValue, map(c.title), map(c.summary),
                map(c.customTypeName), c.locales.joined(separator: ","), c.topic?.rawValue ?? "-",
                "\(c.isAssignable)", "\(c.isAssessment)", bounds(c.suggestedAge), bounds(c.suggestedCompletionTime),
                c.progressReportingCapabilities.map { "\($0.kind.rawValue)\(map($0.details))" }.joined(separator: ","),
                "\(c.displayOrder)", escape(c.thumbnail ?? "-"), escape(c.universalLinkURL ?? "-"),
                c.children.map(escape).joined(separator: ","),
            ]
            lines.append(fields.joined(separator: "|"))
            precondition(ClassKitCatalog.context(at: c.identifierPath) == c)
        }
        print(lines.joined(separator: "\n"))
        """#
}
