/// `catalog-build export --format swift`: one Swift file an app adds to its target
/// (docs/EXPORT.md). It holds the tree as static values (Foundation only), and, where the
/// frameworks exist, the code that makes each `CLSContext`, a `CLSDataStoreDelegate` and
/// the assessment-mode helper (`SwiftExportTemplates`).
///
/// The output depends on the tree alone (and the tool's version in the header): the same
/// content gives the same bytes. The contexts are appended one statement at a time rather
/// than written as one array literal, so the compiler type-checks a large catalog in
/// linear time.
public enum SwiftExport {
    /// The name of the generated namespace (an enum), and the delegate's prefix.
    public static let namespace = "ClassKitCatalog"

    public static func source(_ tree: ExportTree) -> String {
        var out = SwiftExportTemplates.header(tree)
        out += "public enum \(namespace) {\n"
        out += "    public static let schemaVersion = \(ExportTree.schemaVersion)\n"
        out += "    public static let bundleIdentifier = \(literal(tree.bundleIdentifier))\n"
        out += "    public static let defaultLocale = \(literal(tree.defaultLocale))\n"
        out += "    public static let locales: [String] = \(literal(tree.locales))\n"
        out += SwiftExportTemplates.lookup
        out += "\n    private static func makeContexts() -> [Context] {\n"
        out += "        var contexts: [Context] = []\n"
        out += "        contexts.reserveCapacity(\(tree.contexts.count))\n"
        for context in tree.contexts { append(context, locales: tree.locales, to: &out) }
        out += "        return contexts\n    }\n}\n"
        out += SwiftExportTemplates.types
        out += SwiftExportTemplates.classKit
        out += SwiftExportTemplates.assessment
        return out
    }

    private static func append(_ context: ExportedContext, locales: [String], to out: inout String) {
        let map = { (text: [String: String]) in literal(text, order: locales) }
        let type = context.type == .none ? "ContextType.none" : "." + context.type.rawValue
        let capabilities = context.progressReportingCapabilities.map {
            "Capability(kind: .\($0.kind.rawValue), details: \(map($0.details)))"
        }
        let fields = [
            "identifierPath: \(literal(context.identifierPath))",
            "type: \(type)",
            "title: \(map(context.title))",
            "summary: \(map(context.summary))",
            "customTypeName: \(map(context.customTypeName))",
            "locales: \(literal(context.locales))",
            "topic: \(context.topic.map { "." + $0.rawValue } ?? "nil")",
            "isAssignable: \(context.isAssignable)",
            "isAssessment: \(context.isAssessment)",
            "suggestedAge: \(bounds(context.suggestedAge))",
            "suggestedCompletionTime: \(bounds(context.suggestedCompletionTime))",
            "progressReportingCapabilities: [\(capabilities.joined(separator: ", "))]",
            "displayOrder: \(context.displayOrder)",
            "thumbnail: \(context.thumbnail.map(literal) ?? "nil")",
            "universalLinkURL: \(context.universalLinkURL.map(literal) ?? "nil")",
            "children: \(literal(context.children))",
        ]
        out += "        contexts.append(Context(\n            "
        out += fields.joined(separator: ",\n            ")
        out += "))\n"
    }

    private static func bounds(_ range: ClosedIntRange?) -> String {
        guard let range else { return "nil" }
        return "Bounds(lower: \(range.lower), upper: \(range.upper))"
    }

    /// A locale map in catalog.yml's order, typed so that an empty one needs no context.
    static func literal(_ text: [String: String], order: [String]) -> String {
        let pairs = order.compactMap { locale in text[locale].map { "\(literal(locale)): \(literal($0))" } }
        return pairs.isEmpty ? "[:]" : "[" + pairs.joined(separator: ", ") + "]"
    }

    static func literal(_ strings: [String]) -> String {
        "[" + strings.map(literal).joined(separator: ", ") + "]"
    }

    /// A Swift string literal: quotes, backslashes and every control character escaped,
    /// so no text of the content can end the literal or add code.
    static func literal(_ text: String) -> String {
        var out = "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case "\n": out += "\\n"
            case "\r": out += "\\r"
            case "\t": out += "\\t"
            default:
                if escapes(scalar) {
                    out += "\\u{\(String(scalar.value, radix: 16))}"
                } else {
                    out.unicodeScalars.append(scalar)
                }
            }
        }
        return out + "\""
    }

    /// Controls, invisible format characters (bidirectional overrides among them) and
    /// line or paragraph separators: written as `\u{…}`, so the source shows what it holds.
    private static func escapes(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.properties.generalCategory {
        case .control, .format, .lineSeparator, .paragraphSeparator: return true
        default: return false
        }
    }
}
