/// Everything a context page reads from the model, as plain values: two pages with equal
/// inputs (and equal `SiteInputs`, and links that resolve the same) render to the same
/// bytes, the same search document and the same sitemap entry. Indices into the model
/// never appear here, only what they lead to, so that a context added elsewhere (which
/// shifts every index after it) leaves other pages' inputs equal.
///
/// Deliberately a superset of what the renderers use (whole versions, whole cards):
/// a missed dependency would be a wrong page, an extra one only a needless render.
struct PageInputs: Equatable {
    var path: String
    var node: NodeFacts
    /// The page's own text, body included (the body's links are checked apart: `LinkRecord`).
    var version: ContextVersion
    /// Per locale of the catalog, the page the language switcher, `hreflang` and the
    /// sitemap point at (the context itself or its nearest present ancestor or home).
    var alternates: [String]
    /// The ancestors, outermost first, as the breadcrumbs show them (nil: not in this locale).
    var crumbs: [CardFacts?]
    /// The children present in this locale, as their cards show them.
    var children: [CardFacts]
    var previous: CardFacts?
    var next: CardFacts?

    init?(_ page: PageRef, renderer: PageRenderer) {
        let index = renderer.index
        guard let context = page.context, let version = renderer.version(context, page.locale) else { return nil }
        path = index.diskPath(page)
        node = NodeFacts(index.model.contexts[context], thumbnail: index.thumbnailPath(context))
        self.version = version
        alternates = index.locales.map { index.diskPath(index.nearestPage(context, in: $0)) }
        crumbs = index.ancestors(of: context).map { CardFacts(PageRef(locale: page.locale, context: $0), index: index) }
        children = index.children(of: page).compactMap { CardFacts(PageRef(locale: page.locale, context: $0), index: index) }
        let (before, after) = index.neighbours(of: page)
        previous = before.flatMap { CardFacts(PageRef(locale: page.locale, context: $0), index: index) }
        next = after.flatMap { CardFacts(PageRef(locale: page.locale, context: $0), index: index) }
    }
}

/// The locale-independent fields of a context that its own page shows.
struct NodeFacts: Equatable {
    var identifierPath: [String]
    var type: ContextType
    var topic: Topic?
    var suggestedAge: ClosedIntRange?
    var suggestedCompletionTime: ClosedIntRange?
    var isAssignable: Bool
    var isAssessment: Bool
    var universalLinkURL: String?
    var standardsAlignments: [String]
    var thumbnail: String?

    init(_ node: ContextNode, thumbnail: String?) {
        identifierPath = node.identifierPath
        type = node.type
        topic = node.topic
        suggestedAge = node.suggestedAge
        suggestedCompletionTime = node.suggestedCompletionTime
        isAssignable = node.isAssignable
        isAssessment = node.isAssessment
        universalLinkURL = node.universalLinkURL
        standardsAlignments = node.standardsAlignments
        self.thumbnail = thumbnail
    }
}

/// Another context as a page shows it: a card, a breadcrumb or a previous/next link.
struct CardFacts: Equatable {
    var directory: String
    var title: String
    var summary: String?
    var customTypeName: String?
    var isFallback: Bool
    var type: ContextType
    var suggestedAge: ClosedIntRange?
    var suggestedCompletionTime: ClosedIntRange?
    var thumbnail: String?

    init?(_ page: PageRef, index: SiteIndex) {
        guard let context = page.context, let version = index.model.contexts[context].versions[page.locale] else { return nil }
        let node = index.model.contexts[context]
        directory = index.directories[context]
        title = version.title
        summary = version.summary
        customTypeName = version.customTypeName
        isFallback = version.isFallback
        type = node.type
        suggestedAge = node.suggestedAge
        suggestedCompletionTime = node.suggestedCompletionTime
        thumbnail = index.thumbnailPath(context)
    }
}

/// What every page shares: the app's names, locales and site settings, and the branding.
/// When these change, every page is rendered again.
struct SiteInputs: Equatable {
    var bundleIdentifier: String
    var defaultLocale: LocaleID
    var locales: [LocaleID]
    var title: [LocaleID: String]
    var siteTitle: [LocaleID: String]
    var baseURL: String
    var strings: [LocaleID: [String: String]]
    var logoPath: String?
    var stylesheets: [String]
    var accentColor: String

    init(_ app: AppContext, branding: Branding) {
        bundleIdentifier = app.bundleIdentifier
        defaultLocale = app.defaultLocale
        locales = app.locales
        title = app.title
        siteTitle = app.site.title
        baseURL = app.site.baseURL
        strings = app.site.strings
        logoPath = branding.logoPath
        stylesheets = branding.stylesheets
        accentColor = branding.accentColor
    }
}
