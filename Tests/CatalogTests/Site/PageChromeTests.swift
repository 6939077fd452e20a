import Testing
@testable import Catalog

// The pieces of a page made once per build (SiteIndex's per-locale tables, PageLabels,
// StructuredData written by hand) must read as what they replace: those are rebuilt here
// from their definitions and compared for every page of the site fixture.

/// The fixture with a context whose identifier needs percent-encoding (its directory on
/// disk holds `%`, which links escape once more) and a locale the app does not have.
private func hostileIndex() -> SiteIndex {
    var model = SiteFixture.model()
    // The chapter renamed, in its own path and its descendants': a page's folder is its
    // parent's folder and its own name (`PageDirectories`).
    for index in model.contexts.indices where model.contexts[index].identifierPath.count > 2 {
        model.contexts[index].identifierPath[2] = "caf\u{E9} & <b>"
    }
    return SiteIndex(model: model, thumbnails: SiteFixture.thumbnails())
}

@Test func siteIndexTablesMatchThePathsTheyStandFor() {
    let index = hostileIndex()
    let other = LocaleID(rawValue: "fr-fr")
    for locale in index.locales + [other] {
        for context in [nil] + Array(index.model.contexts.indices) {
            let page = PageRef(locale: locale, context: context)
            let directory = context.map { index.model.contexts[$0].pathBelowApp.map(SitePaths.encodeIdentifier).joined(separator: "/") }
            let diskPath = locale.rawValue + (directory.map { "/" + $0 } ?? "") + "/index.html"
            #expect(index.diskPath(page) == diskPath)
            #expect(index.url(page) == index.absoluteURL(diskPath))
            #expect(index.href(page) == SitePaths.href(diskPath))
            if let context {
                #expect(index.isPresent(context, in: locale) == (index.model.contexts[context].versions[locale] != nil))
                #expect(index.depth(page) == 1 + index.model.contexts[context].depth)
            }
            for from in [PageRef(locale: locale, context: nil), PageRef(locale: locale, context: 2)] {
                #expect(index.link(from: page, to: from) == SitePaths.rootPrefix(depth: index.depth(page)) + SitePaths.href(index.diskPath(from)))
                let html = HTMLBuilder()
                index.writeLink(from: page, to: from, into: html)
                #expect(html.string == HTMLEscaping.escape(index.link(from: page, to: from)))
            }
        }
    }
    #expect(index.diskPath(PageRef(locale: SiteFixture.en, context: 2)).contains("caf%C3%A9%20%26%20%3Cb%3E"))
    #expect(index.href(PageRef(locale: SiteFixture.en, context: 2)).contains("caf%25C3%25A9%2520%2526%2520%253Cb%253E"))
}

@Test func pageLabelsAreTheLocalesInterfaceStrings() {
    for locale in [SiteFixture.en, SiteFixture.es, SiteFixture.ar, LocaleID(rawValue: "ja-jp")] {
        let strings = InterfaceStrings(locale: locale, settings: SiteFixture.model().app.site)
        let labels = PageLabels(strings)
        #expect(labels.locale == locale)
        #expect(labels.home == strings["home"] && labels.openInApp == strings["openInApp"])
        #expect(labels.assignableYes == strings["assignableYes"] && labels.assignableNo == strings["assignableNo"])
        #expect(labels.previous == strings["previous"] && labels.next == strings["next"] && labels.pager == strings["pager"])
        #expect(ContextType.allCases.allSatisfy { labels.typeName($0) == strings.typeName($0) })
        #expect(Topic.allCases.allSatisfy { labels.topicName($0) == strings.topicName($0) })
        #expect(ProgressKind.allCases.allSatisfy { labels.progressName($0) == strings.progressName($0) })
    }
    let branding = Branding(logoPath: nil, stylesheets: [], accentColor: Branding.defaultAccent, files: [])
    let renderer = PageRenderer(index: hostileIndex(), branding: branding)
    #expect(renderer.labels(SiteFixture.es).openInApp == "Abrir en Libros de Ciencia")
    #expect(renderer.labels(LocaleID(rawValue: "fr-fr")).home == "Accueil")
}

@Test func linkTextIsTheVersionsTitleAndLanguage() {
    let index = hostileIndex()
    let branding = Branding(logoPath: nil, stylesheets: [], accentColor: Branding.defaultAccent, files: [])
    let renderers = [PageRenderer(index: index, branding: branding),
                     PageRenderer(index: index, branding: branding, labelsEveryRange: false)]
    var fallbacks = 0
    for locale in index.locales + [LocaleID(rawValue: "fr-fr")] {
        for context in index.model.contexts.indices {
            let version = index.model.contexts[context].versions[locale]
            let language = version.map { TextLanguage.of($0, page: locale, defaultLocale: index.defaultLocale) }
            if language?.lang != nil { fallbacks += 1 }
            for renderer in renderers {
                let link = renderer.linkText(context, locale)
                #expect(link?.title == version?.title)
                #expect(link?.language.lang == language?.lang && link?.language.dir == language?.dir)
            }
        }
    }
    #expect(fallbacks > 0)
}

@Test func learningResourceIsTheJSONObjectItStandsFor() {
    let open = ClosedIntRange.unboundedUpper
    let node = SiteFixture.model().contexts[2]
    var version = node.versions[SiteFixture.en]!
    version.summary = "Line\nbreak & \u{2028} separator"
    let facts: [(ClosedIntRange?, ClosedIntRange, [String])] = [
        (ClosedIntRange(lower: 9, upper: 11), ClosedIntRange(lower: 15, upper: 90), ["CCSS.1", "NGSS <2>"]),
        (ClosedIntRange(lower: 7, upper: open), ClosedIntRange(lower: 120, upper: open), []),
        (nil, ClosedIntRange(lower: 30, upper: 30), ["one"]),
    ]
    for keywords in [["a \"quoted\" word", "<script>", "plain"], ["plain", "caf\u{E9}", "two words"]] {
        for (age, time, standards) in facts {
            var changed = node
            changed.suggestedAge = age
            changed.suggestedCompletionTime = time
            changed.standardsAlignments = standards
            version.keywords = keywords
            #expect(learningResource(changed, version) == expectedResource(changed, version))
        }
    }
}

private func learningResource(_ node: ContextNode, _ version: ContextVersion) -> String {
    let out = ByteBuffer()
    StructuredData.learningResource([node], 0, version, textLocale: SiteFixture.en, typeName: "Lab & more",
                                    url: "https://x/?a=1&b", into: out)
    return out.string
}

/// What the JSON-LD was before it was written by hand: a `JSON` object, serialized.
private func expectedResource(_ node: ContextNode, _ version: ContextVersion) -> String {
    let time = node.suggestedCompletionTime
    let minutes = time.map { $0.isUpperUnbounded ? $0.lower : $0.upper }
    let standards = node.standardsAlignments
    return JSON.fields([
        "@context": .string("https://schema.org"), "@type": .string("LearningResource"), "name": .string(version.title),
        "url": .string("https://x/?a=1&b"), "inLanguage": .string("en-us"), "learningResourceType": .string("Lab & more"),
        "description": version.summary.map(JSON.string),
        "typicalAgeRange": node.suggestedAge.map { .string(Formatting.typicalAgeRange($0)) },
        "timeRequired": minutes.map { .string(Formatting.isoDuration(minutes: $0)) },
        "keywords": version.keywords.isEmpty ? nil : .string(version.keywords.joined(separator: ", ")),
        "educationalAlignment": standards.isEmpty ? nil : .array(standards.map {
            JSON.fields(["@type": .string("AlignmentObject"), "alignmentType": .string("educationalStandard"),
                         "targetName": .string($0)])
        }),
    ]).serialized()
}
