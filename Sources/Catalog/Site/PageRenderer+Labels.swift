/// The interface strings a context page shows, looked up once per locale rather than once
/// per page: each lookup of `InterfaceStrings` hashes its key (and a type's, topic's or
/// progress kind's name builds its key first).
final class PageLabels: Sendable {
    let strings: InterfaceStrings
    let home: String
    let details: String
    let type: String
    let topic: String
    let suggestedAge: String
    let completionTime: String
    let assignable: String
    let assignableYes: String
    let assignableNo: String
    let assessment: String
    let assessmentYes: String
    let progress: String
    let keywords: String
    let standards: String
    let contents: String
    let pager: String
    let previous: String
    let next: String
    let openInApp: String
    private let typeNames: [ContextType: String]
    private let topicNames: [Topic: String]
    private let progressNames: [ProgressKind: String]

    init(_ strings: InterfaceStrings) {
        self.strings = strings
        home = strings["home"]
        details = strings["details"]
        type = strings["type"]
        topic = strings["topic"]
        suggestedAge = strings["suggestedAge"]
        completionTime = strings["completionTime"]
        assignable = strings["assignable"]
        assignableYes = strings["assignableYes"]
        assignableNo = strings["assignableNo"]
        assessment = strings["assessment"]
        assessmentYes = strings["assessmentYes"]
        progress = strings["progress"]
        keywords = strings["keywords"]
        standards = strings["standards"]
        contents = strings["contents"]
        pager = strings["pager"]
        previous = strings["previous"]
        next = strings["next"]
        openInApp = strings["openInApp"]
        typeNames = Dictionary(uniqueKeysWithValues: ContextType.allCases.map { ($0, strings.typeName($0)) })
        topicNames = Dictionary(uniqueKeysWithValues: Topic.allCases.map { ($0, strings.topicName($0)) })
        progressNames = Dictionary(uniqueKeysWithValues: ProgressKind.allCases.map { ($0, strings.progressName($0)) })
    }

    var locale: LocaleID { strings.locale }

    /// `InterfaceStrings.typeName(_:)`, `topicName(_:)` and `progressName(_:)`.
    func typeName(_ type: ContextType) -> String { typeNames[type] ?? strings.typeName(type) }
    func topicName(_ topic: Topic) -> String { topicNames[topic] ?? strings.topicName(topic) }
    func progressName(_ kind: ProgressKind) -> String { progressNames[kind] ?? strings.progressName(kind) }
}

extension PageRenderer {
    /// The labels of `locale`'s pages: the app's locales have theirs made up front.
    func labels(_ locale: LocaleID) -> PageLabels {
        for labels in pageLabels where labels.locale == locale { return labels }
        return PageLabels(strings(locale))
    }
}

/// Every context's title in one locale and the language it is written in, for the links
/// to it that other pages show (breadcrumbs, the pager): read once per build rather than
/// looking its version up, and copying it whole, for every page that links to it.
final class LocaleTitles: Sendable {
    let locale: LocaleID
    private let titles: [String?]
    private let isFallback: [Bool]
    /// `TextLanguage.of` a fallback version in this locale (a translation's is `.inherit`).
    private let fallbackLanguage: TextLanguage

    init(locale: LocaleID, contexts: [ContextNode], defaultLocale: LocaleID) {
        self.locale = locale
        var titles: [String?] = [], isFallback: [Bool] = []
        titles.reserveCapacity(contexts.count)
        isFallback.reserveCapacity(contexts.count)
        for context in contexts.indices {
            let versions = contexts[context].versions
            let found = versions.index(forKey: locale)
            titles.append(found.map { versions.values[$0].title })
            isFallback.append(found.map { versions.values[$0].isFallback } ?? false)
        }
        self.titles = titles
        self.isFallback = isFallback
        fallbackLanguage = TextLanguage.of(ContextVersion(locale: locale, title: "", isFallback: true), page: locale,
                                           defaultLocale: defaultLocale)
    }

    /// The context's title and language; nil where it is not in this locale.
    func link(_ context: Int) -> (title: String, language: TextLanguage)? {
        titles[context].map { ($0, isFallback[context] ? fallbackLanguage : .inherit) }
    }
}
