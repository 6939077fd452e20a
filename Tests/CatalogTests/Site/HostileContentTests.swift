import Foundation
import Testing
@testable import Catalog

/// Titles, summaries, keywords, details and bodies written to break out of their place.
private let attacks = [
    "<script>alert(1)</script>", "\"><img src=x onerror=alert(1)>", "'><svg onload=alert(1)>",
    "</title><script>alert(1)</script>", "</script><script>alert(1)</script>",
]

private let hostileBody = """
    <script>alert(1)</script>

    <div onclick="alert(1)">block</div>

    Inline <img src=x onerror=alert(1)> and <a href="javascript:alert(1)">a</a>.

    [click](javascript:alert(1)) [v](vbscript:msgbox(1)) ![d](data:image/svg+xml,<svg/onload=alert(1)>)
    [e](&#106;avascript:alert(1)) <javascript:alert(1)> [t](https://x.example "\\"><script>alert(1)</script>")

    ```"><script>alert(1)</script>
    code
    ```
    """

private func hostileModel() -> CatalogModel {
    var model = SiteFixture.model()
    let attack = attacks.joined(separator: " ")
    model.app.title[SiteFixture.en] = attack
    model.app.site.title[SiteFixture.en] = attack
    model.app.summary[SiteFixture.en] = attack
    model.app.body[SiteFixture.en] = SiteFixture.body(hostileBody, "index.md")
    for index in model.contexts.indices {
        let source = model.contexts[index].source.relativePath
        for locale in Array(model.contexts[index].versions.keys) {
            model.contexts[index].versions[locale]?.title = attack
            model.contexts[index].versions[locale]?.summary = attack
            model.contexts[index].versions[locale]?.customTypeName = attack
            model.contexts[index].versions[locale]?.keywords = attacks
            model.contexts[index].versions[locale]?.progressReporting = [ProgressCapability(kind: .score, details: attack)]
            model.contexts[index].versions[locale]?.body = SiteFixture.body(hostileBody, source)
        }
        model.contexts[index].standardsAlignments = attacks
    }
    return model
}

/// Every start tag in a document, as (name, [attribute name: value]).
private func tags(_ html: String) -> [(String, [String: String])] {
    let tag = try! Regex(#"<([a-zA-Z][a-zA-Z0-9]*)((?:\s+[^\s=>]+(?:="[^"]*")?)*)\s*/?>"#)
    let attribute = try! Regex(#"([^\s=>]+)(?:="([^"]*)")?"#)
    return html.matches(of: tag).map { match in
        let name = String(match.output[1].substring ?? "").lowercased()
        var attributes: [String: String] = [:]
        for found in String(match.output[2].substring ?? "").matches(of: attribute) {
            attributes[String(found.output[1].substring ?? "").lowercased()] = String(found.output[2].substring ?? "")
        }
        return (name, attributes)
    }
}

@Test func hostileContentComesOutInert() throws {
    let (sink, _) = try SiteFixture.build(hostileModel())
    let pages = sink.files.filter { $0.key.hasSuffix(".html") || $0.key.hasSuffix(".xml") }
    #expect(pages.count > 10)
    for (path, data) in pages {
        let html = String(decoding: data, as: UTF8.self)
        // A raw "<" starting a tag never comes from content: every tag is one the site writes.
        for (name, attributes) in tags(html) {
            #expect(!["svg", "iframe", "object", "embed"].contains(name), "\(path): <\(name)>")
            #expect(!attributes.keys.contains { $0.hasPrefix("on") }, "\(path): event handler on <\(name)>")
            for key in ["href", "src"] {
                guard let value = attributes[key]?.lowercased() else { continue }
                let unsafe = ["javascript:", "vbscript:", "data:"].contains { value.hasPrefix($0) } && value != "data:,"
                #expect(!unsafe, "\(path): \(key)=\(value)")
            }
            if name == "script" {
                #expect(attributes["type"] == "application/ld+json" || attributes["src"]?.hasSuffix("assets/search.js") == true,
                        "\(path): unexpected script")
            }
            if name == "img" { #expect(attributes["src"]?.contains("x") != true || attributes["src"]?.hasPrefix("../") == true) }
        }
        #expect(!html.contains("<script>alert"), "\(path)")
        #expect(!html.contains("<div onclick"), "\(path)")
        if path.hasPrefix("en-us/") {
            #expect(html.contains("&lt;script&gt;alert(1)&lt;/script&gt;"), "\(path) shows the title as text")
        }
    }
}

@Test func hostileTextStaysInsideJSONLD() throws {
    let (sink, _) = try SiteFixture.build(hostileModel())
    let html = try #require(sink.text("en-us/fun-with-science/inquiry/science-investigation/index.html"))
    let start = try #require(html.range(of: "<script type=\"application/ld+json\">"))
    let end = try #require(html.range(of: "</script>", range: start.upperBound..<html.endIndex))
    let json = String(html[start.upperBound..<end.lowerBound])
    #expect(!json.contains("<"))
    let object = try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: Any]
    #expect((object?["name"] as? String)?.hasPrefix("<script>") == true)
}

@Test func hostileSearchDocumentsAreDataNotCode() throws {
    let (sink, _) = try SiteFixture.build(hostileModel())
    for (path, data) in sink.files where path.hasPrefix("search/") && path.hasSuffix(".js") {
        let text = String(decoding: data, as: UTF8.self)
        #expect(text.hasPrefix("catalogSearch.load(\"\(path)\","), "\(path)")
        #expect(text.hasSuffix(");\n"))
        // JSON escapes < and >, so no text can close a script element or open a tag.
        #expect(!text.contains("<"), "\(path)")
        // The payload is one JSON value: parsing it proves no content escaped the string.
        let payload = text.dropFirst("catalogSearch.load(\"\(path)\",".count).dropLast(3)
        #expect((try? JSONSerialization.jsonObject(with: Data(payload.utf8), options: .fragmentsAllowed)) != nil, "\(path)")
    }
}
