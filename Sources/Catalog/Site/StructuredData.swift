import Foundation

/// schema.org `LearningResource` JSON-LD for a context's page. JSON's writer escapes
/// `<`, `>` and `&`, so the text cannot close the `<script>` element it sits in.
enum StructuredData {
    /// `textLocale` is the language the text is in: the default locale for a fallback.
    /// Written straight into the page's bytes, as `JSON.object(…).serialized()` would
    /// write it: this runs for every page, and `JSON` boxes every value it holds. The keys
    /// and the fixed values need no escaping and are written as they are; only the
    /// context's values go through `JSON.escape`.
    /// - Parameter context: the node's index in `contexts`, read in place (a copy of a node
    ///   retains every field it holds).
    static func learningResource(_ contexts: [ContextNode], _ context: Int, _ version: ContextVersion, textLocale: LocaleID,
                                 typeName: String, url: String, into out: ByteBuffer) {
        out.raw("{\"@context\":\"https://schema.org\",\"@type\":\"LearningResource\",\"name\":")
        JSON.escape(version.title, into: out)
        field(",\"url\":", url, into: out)
        field(",\"inLanguage\":", textLocale.rawValue, into: out)
        field(",\"learningResourceType\":", typeName, into: out)
        if let summary = version.summary { field(",\"description\":", summary, into: out) }
        // Digits and letters only: `Formatting.typicalAgeRange` and `isoDuration`'s text,
        // written without a string in between.
        if let age = contexts[context].suggestedAge {
            out.raw(",\"typicalAgeRange\":\"")
            out.decimal(Int(age.lower))
            out.byte(UInt8(ascii: "-"))
            if !age.isUpperUnbounded { out.decimal(Int(age.upper)) }
            out.byte(UInt8(ascii: "\""))
        }
        if let time = contexts[context].suggestedCompletionTime {
            // A range has no single duration: the longer bound is what a teacher plans for.
            let minutes = time.isUpperUnbounded ? time.lower : time.upper
            out.raw(",\"timeRequired\":\"")
            isoDuration(minutes: minutes, into: out)
            out.byte(UInt8(ascii: "\""))
        }
        if !version.keywords.isEmpty { keywords(version.keywords, into: out) }
        let standards = contexts[context].standardsAlignments
        if !standards.isEmpty {
            out.raw(",\"educationalAlignment\":[")
            for (index, standard) in standards.enumerated() {
                if index > 0 { out.byte(UInt8(ascii: ",")) }
                field("{\"@type\":\"AlignmentObject\",\"alignmentType\":\"educationalStandard\",\"targetName\":", standard,
                      into: out)
                out.byte(UInt8(ascii: "}"))
            }
            out.byte(UInt8(ascii: "]"))
        }
        out.byte(UInt8(ascii: "}"))
    }

    /// `Formatting.isoDuration(minutes:)` written into `out`.
    private static func isoDuration(minutes: Int64, into out: ByteBuffer) {
        let hours = minutes / 60, rest = minutes % 60
        out.raw("PT")
        if hours != 0 {
            out.decimal(Int(hours))
            out.byte(UInt8(ascii: "H"))
            if rest == 0 { return }
        }
        out.decimal(Int(rest))
        out.byte(UInt8(ascii: "M"))
    }

    /// The keywords as one string, `, ` between them; joined into a string of their own
    /// only when one of them needs escaping (JSON escapes character by character, so the
    /// escaped parts joined are the joined text escaped).
    private static func keywords(_ keywords: [String], into out: ByteBuffer) {
        func isPlain(_ keyword: String) -> Bool {
            var keyword = keyword
            return keyword.withUTF8 { !$0.contains(where: JSON.needsEscape) }
        }
        guard keywords.allSatisfy(isPlain) else {
            field(",\"keywords\":", keywords.joined(separator: ", "), into: out)
            return
        }
        out.raw(",\"keywords\":\"")
        for (index, keyword) in keywords.enumerated() {
            if index > 0 { out.raw(", ") }
            out.raw(string: keyword)
        }
        out.byte(UInt8(ascii: "\""))
    }

    /// A key (with what comes before it), already JSON, then the value escaped.
    private static func field(_ key: StaticString, _ value: String, into out: ByteBuffer) {
        out.raw(key)
        JSON.escape(value, into: out)
    }
}
