import Foundation

/// schema.org `LearningResource` JSON-LD for a context's page. JSON's writer escapes
/// `<`, `>` and `&`, so the text cannot close the `<script>` element it sits in.
enum StructuredData {
    /// `textLocale` is the language the text is in: the default locale for a fallback.
    /// Written straight into the page's bytes, as `JSON.object(…).serialized()` would
    /// write it: this runs for every page, and `JSON` boxes every value it holds.
    static func learningResource(_ node: ContextNode, _ version: ContextVersion, textLocale: LocaleID,
                                 typeName: String, url: String, into out: ByteBuffer) {
        var json = JSONObjectWriter(into: out)
        json.field("@context", "https://schema.org")
        json.field("@type", "LearningResource")
        json.field("name", version.title)
        json.field("url", url)
        json.field("inLanguage", textLocale.rawValue)
        json.field("learningResourceType", typeName)
        if let summary = version.summary { json.field("description", summary) }
        if let age = node.suggestedAge { json.field("typicalAgeRange", Formatting.typicalAgeRange(age)) }
        if let time = node.suggestedCompletionTime {
            // A range has no single duration: the longer bound is what a teacher plans for.
            let minutes = time.isUpperUnbounded ? time.lower : time.upper
            json.field("timeRequired", Formatting.isoDuration(minutes: minutes))
        }
        if !version.keywords.isEmpty { json.field("keywords", version.keywords.joined(separator: ", ")) }
        if !node.standardsAlignments.isEmpty {
            json.array("educationalAlignment", node.standardsAlignments) { standard, item in
                item.field("@type", "AlignmentObject")
                item.field("alignmentType", "educationalStandard")
                item.field("targetName", standard)
            }
        }
        json.close()
    }
}

/// `sitemap.xml`: every page with its alternates in the other locales.
enum Sitemap {
    struct Entry {
        var url: String
        var alternates: [(locale: LocaleID, url: String)]
    }

    static func render(_ entries: [Entry]) -> Data {
        let out = HTMLBuilder(capacity: 256 * entries.count + 256)
        out.raw("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n")
        out.raw("<urlset xmlns=\"http://www.sitemaps.org/schemas/sitemap/0.9\" xmlns:xhtml=\"http://www.w3.org/1999/xhtml\">\n")
        for entry in entries.sorted(by: { $0.url < $1.url }) {
            out.raw("<url><loc>")
            out.text(entry.url)
            out.raw("</loc>")
            for alternate in entry.alternates {
                out.raw("<xhtml:link rel=\"alternate\" hreflang=\"")
                out.raw(string: alternate.locale.rawValue)
                out.raw("\" href=\"")
                out.text(alternate.url)
                out.raw("\"/>")
            }
            out.raw("</url>\n")
        }
        out.raw("</urlset>\n")
        return out.takeData()
    }
}
