/// schema.org `LearningResource` JSON-LD for a context's page. JSON's writer escapes
/// `<`, `>` and `&`, so the text cannot close the `<script>` element it sits in.
enum StructuredData {
    /// `textLocale` is the language the text is in: the default locale for a fallback.
    static func learningResource(_ node: ContextNode, _ version: ContextVersion, textLocale: LocaleID,
                                 typeName: String, url: String) -> String {
        var fields: [(String, JSON)] = [
            ("@context", .string("https://schema.org")),
            ("@type", .string("LearningResource")),
            ("name", .string(version.title)),
            ("url", .string(url)),
            ("inLanguage", .string(textLocale.rawValue)),
            ("learningResourceType", .string(typeName)),
        ]
        if let summary = version.summary { fields.append(("description", .string(summary))) }
        if let age = node.suggestedAge { fields.append(("typicalAgeRange", .string(Formatting.typicalAgeRange(age)))) }
        if let time = node.suggestedCompletionTime {
            // A range has no single duration: the longer bound is what a teacher plans for.
            let minutes = time.isUpperUnbounded ? time.lower : time.upper
            fields.append(("timeRequired", .string(Formatting.isoDuration(minutes: minutes))))
        }
        if !version.keywords.isEmpty { fields.append(("keywords", .string(version.keywords.joined(separator: ", ")))) }
        if !node.standardsAlignments.isEmpty {
            fields.append(("educationalAlignment", .array(node.standardsAlignments.map { standard in
                .object([("@type", .string("AlignmentObject")), ("alignmentType", .string("educationalStandard")),
                         ("targetName", .string(standard))])
            })))
        }
        return JSON.object(fields).serialized()
    }
}

/// `sitemap.xml`: every page with its alternates in the other locales.
enum Sitemap {
    struct Entry {
        var url: String
        var alternates: [(locale: LocaleID, url: String)]
    }

    static func render(_ entries: [Entry]) -> String {
        var out = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
        out += "<urlset xmlns=\"http://www.sitemaps.org/schemas/sitemap/0.9\" xmlns:xhtml=\"http://www.w3.org/1999/xhtml\">\n"
        for entry in entries.sorted(by: { $0.url < $1.url }) {
            out += "<url><loc>"
            HTMLEscaping.escape(entry.url, into: &out)
            out += "</loc>"
            for alternate in entry.alternates {
                out += "<xhtml:link rel=\"alternate\" hreflang=\"\(alternate.locale.rawValue)\" href=\""
                HTMLEscaping.escape(alternate.url, into: &out)
                out += "\"/>"
            }
            out += "</url>\n"
        }
        out += "</urlset>\n"
        return out
    }
}
