import Foundation

/// The whole catalog after loading: the app (main app context) and every context in
/// pre-order (each parent before its children, siblings in display order).
///
/// This is the typed value that payloads, the site and upload consume. It holds only
/// contexts that appear in output: drafts are already gone, and each context's
/// `versions` hold exactly the locales it is published in (content-format.md §5).
public struct CatalogModel: Sendable {
    public var app: AppContext
    /// Every context below the app, in pre-order. `contexts[i].parent` is an index into
    /// this array, or nil for a child of the app.
    public var contexts: [ContextNode]

    public init(app: AppContext, contexts: [ContextNode]) {
        self.app = app
        self.contexts = contexts
    }

    /// Indices of the app's direct children, in display order.
    public var rootChildren: [Int] { app.children }
}

/// The app itself, described by `catalog.yml`.
public struct AppContext: Sendable {
    public var bundleIdentifier: String
    public var defaultLocale: LocaleID
    /// The locales of `catalog.yml`, in its order (the default among them).
    public var locales: [LocaleID]
    /// The app's title in every locale (falling back to the default locale's).
    public var title: [LocaleID: String]
    /// The app's summary from `content/index.md` and its translations, if any.
    public var summary: [LocaleID: String]
    /// The home page body (Markdown) per locale, from `content/index.md`.
    public var body: [LocaleID: MarkdownBody]
    public var topic: Topic?
    public var minimumBundleVersion: String?
    public var universalLinkBase: String?
    public var missingTranslation: MissingTranslationPolicy
    public var site: SiteSettings
    public var children: [Int]
    /// `catalog.yml`, for diagnostics and for resolving paths in `site` settings.
    public var source: SourceFile

    public var identifierPath: [String] { [bundleIdentifier] }
    public var universalLinkURL: String? { universalLinkBase }
}

/// Settings of the HTML catalog (`site:` in `catalog.yml`).
public struct SiteSettings: Sendable {
    public var title: [LocaleID: String]
    public var baseURL: String
    /// A logo image, relative to the content directory, if any.
    public var logo: String?
    /// An accent colour as `#rrggbb`, if any.
    public var accentColor: String?
    /// An extra stylesheet, relative to the content directory, if any.
    public var stylesheet: String?
    /// Where `logo` and `stylesheet` are written in catalog.yml, for their diagnostics.
    public var logoLocation: SourceLocation?
    public var stylesheetLocation: SourceLocation?
    /// Interface strings that the author overrides, per locale: key → text.
    public var strings: [LocaleID: [String: String]]

    public init(title: [LocaleID: String] = [:], baseURL: String = "/", logo: String? = nil,
                accentColor: String? = nil, stylesheet: String? = nil, strings: [LocaleID: [String: String]] = [:]) {
        self.title = title
        self.baseURL = baseURL
        self.logo = logo
        self.accentColor = accentColor
        self.stylesheet = stylesheet
        self.strings = strings
    }
}

/// A file of the content tree as the user sees it and as the tool reads it.
public struct SourceFile: Hashable, Sendable {
    /// Path relative to the content directory, with `/` separators (`fun-with-science/index.md`).
    public var relativePath: String
    /// What comes before `relativePath` in `displayPath` (`content/`): a string that every
    /// file of the content root shares, so that a file's display path costs no memory of its
    /// own (48 MB at 250,000 versions when each was a string). The whole display path when
    /// it does not end with the relative path (`endsWithRelativePath` false).
    private var displayPrefix: String
    private var endsWithRelativePath: Bool

    /// The path to print in diagnostics (relative to the current directory, or as given).
    public var displayPath: String { endsWithRelativePath ? displayPrefix + relativePath : displayPrefix }

    public init(relativePath: String, displayPath: String) {
        self.relativePath = relativePath
        endsWithRelativePath = displayPath.utf8.count >= relativePath.utf8.count
            && displayPath.utf8.suffix(relativePath.utf8.count).elementsEqual(relativePath.utf8)
        displayPrefix = endsWithRelativePath
            ? String(decoding: displayPath.utf8.dropLast(relativePath.utf8.count), as: UTF8.self) : displayPath
    }

    /// Another file of the same content root (`relativePath` inside it), shown the same way.
    func sibling(_ relativePath: String) -> SourceFile {
        endsWithRelativePath ? SourceFile(relativePath: relativePath, displayPrefix: displayPrefix)
            : SourceFile(relativePath: relativePath, displayPath: relativePath)
    }

    /// A file of a content root whose display paths all begin with `displayPrefix`.
    init(relativePath: String, displayPrefix: String) {
        self.relativePath = relativePath
        self.displayPrefix = displayPrefix
        endsWithRelativePath = true
    }

    public func location(line: Int = 1, column: Int = 1) -> SourceLocation {
        SourceLocation(file: displayPath, line: line, column: column)
    }
}

/// Markdown text with the file it came from and the line its first character is on.
/// A cold build keeps only where the text is (`streamed`) and reads it again when it
/// renders the page (`read()`), so that memory does not grow with the bodies.
public struct MarkdownBody: Hashable, Sendable {
    public var source: SourceFile
    public var firstLine: Int
    private var storage: BodyStorage

    public init(text: String, source: SourceFile, firstLine: Int) {
        storage = .text(text)
        self.source = source
        self.firstLine = firstLine
    }

    /// A body that stays in its file: the text is read again from `location` when needed.
    init(streamed location: BodyLocation, source: SourceFile, firstLine: Int) {
        storage = .file(location)
        self.source = source
        self.firstLine = firstLine
    }

    /// The text; a streamed body is read again from its file, and is empty when the file
    /// can no longer be read as it was (`read()` says why).
    public var text: String {
        get { (try? read()) ?? "" }
        set { storage = .text(newValue) }
    }

    /// The text, read again from the file for a streamed body.
    public func read() throws(BodyChanged) -> String {
        switch storage {
        case .text(let text): text
        case .file(let location): try location.read(source)
        }
    }

    /// The same body with its text in memory (read once, then used by every reader).
    public func loaded() throws(BodyChanged) -> MarkdownBody {
        try loaded(hashingFrontMatter: nil).body
    }

    /// `loaded()`, and for a streamed body read with `hashingFrontMatter`, its front
    /// matter as read (nil for a body kept in memory).
    func loaded(hashingFrontMatter hash: ((Data) -> String)?) throws(BodyChanged)
        -> (body: MarkdownBody, frontMatter: ReadFrontMatter?) {
        var copy = self
        switch storage {
        case .text:
            return (self, nil)
        case .file(let location):
            let read = try location.read(source, hashingFrontMatter: hash)
            copy.storage = .text(read.body)
            return (copy, read.frontMatter)
        }
    }

    /// The text's length in UTF-8 bytes, without reading a streamed body.
    public var byteCount: Int {
        switch storage {
        case .text(let text): text.utf8.count
        case .file(let location): location.byteCount
        }
    }
}

/// One context below the app: a directory (`index.md`) or a leaf `.md` file.
public struct ContextNode: Sendable {
    public var identifier: String
    /// The bundle identifier first, then every identifier down to this context.
    public var identifierPath: [String]
    public var type: ContextType
    public var displayOrder: Int
    public var isAssignable: Bool
    /// `assessment: true` on an assignable context: the app runs it in assessment mode
    /// (the device locks to the app). Not a Catalog API field: only the site and the
    /// exports (`CatalogExport`) show it.
    public var isAssessment: Bool = false
    public var topic: Topic?
    public var suggestedAge: ClosedIntRange?
    public var suggestedCompletionTime: ClosedIntRange?
    public var thumbnail: ThumbnailSource?
    public var universalLinkURL: String?
    public var minimumBundleVersion: String?
    public var standardsAlignments: [String]
    /// The text of this context in every locale it is published in.
    public var versions: LocaleVersions
    public var parent: Int?
    public var children: [Int]
    /// The file that defines the context (`index.md` for a directory).
    public var source: SourceFile
    /// True for a directory context.
    public var isDirectory: Bool

    /// Depth below the app: 1 for a book directly under `content/`.
    public var depth: Int { identifierPath.count - 1 }
    /// Identifiers below the app (the path used for pages and universal links).
    public var pathBelowApp: ArraySlice<String> { identifierPath.dropFirst() }
}

/// The localizable part of a context in one locale.
///
/// Its values live in one shared immutable box (`SharedValues`), as `LoadedContext`'s do:
/// the site stage takes a context's version several times per page (the page, its search
/// document, its recorded state, every child's card), and copying eight fields retained
/// and released each of them, the most frequent retains of a 10,000-context build in `perf`.
public struct ContextVersion: Sendable, Hashable {
    struct Values: Sendable, Hashable {
        var locale: LocaleID
        var title: String
        var summary: String?
        var customTypeName: String?
        var keywords: [String]
        var progressReporting: [ProgressCapability]
        var body: MarkdownBody?
        var isFallback: Bool
    }

    private var box: SharedValues<Values>

    public var locale: LocaleID {
        _read { yield box.values.locale }
        set { box = box.changed { $0.locale = newValue } }
    }
    public var title: String {
        _read { yield box.values.title }
        set { box = box.changed { $0.title = newValue } }
    }
    public var summary: String? {
        _read { yield box.values.summary }
        set { box = box.changed { $0.summary = newValue } }
    }
    public var customTypeName: String? {
        _read { yield box.values.customTypeName }
        set { box = box.changed { $0.customTypeName = newValue } }
    }
    public var keywords: [String] {
        _read { yield box.values.keywords }
        set { box = box.changed { $0.keywords = newValue } }
    }
    public var progressReporting: [ProgressCapability] {
        _read { yield box.values.progressReporting }
        set { box = box.changed { $0.progressReporting = newValue } }
    }
    public var body: MarkdownBody? {
        _read { yield box.values.body }
        set { box = box.changed { $0.body = newValue } }
    }
    /// True when this locale had no translation and shows the default locale's text.
    public var isFallback: Bool {
        get { box.values.isFallback }
        set { box = box.changed { $0.isFallback = newValue } }
    }

    public init(locale: LocaleID, title: String, summary: String? = nil, customTypeName: String? = nil,
                keywords: [String] = [], progressReporting: [ProgressCapability] = [],
                body: MarkdownBody? = nil, isFallback: Bool = false) {
        box = SharedValues(Values(locale: locale, title: title, summary: summary, customTypeName: customTypeName,
                                       keywords: keywords, progressReporting: progressReporting, body: body,
                                       isFallback: isFallback))
    }

    public static func == (left: ContextVersion, right: ContextVersion) -> Bool {
        left.box === right.box || left.box.values == right.box.values
    }

    public func hash(into hasher: inout Hasher) { hasher.combine(box.values) }
}

/// An image that a context uses as its thumbnail, before it is processed.
public struct ThumbnailSource: Hashable, Sendable {
    /// Path relative to the content directory.
    public var relativePath: String
    public var fit: ThumbnailFit
    /// Where the author named it (or the context's file for a default `cover.*`).
    public var location: SourceLocation

    public init(relativePath: String, fit: ThumbnailFit, location: SourceLocation) {
        self.relativePath = relativePath
        self.fit = fit
        self.location = location
    }
}

extension ContextNode {
    public init(identifier: String, identifierPath: [String], type: ContextType, source: SourceFile,
                isDirectory: Bool, displayOrder: Int = 0, isAssignable: Bool = true, topic: Topic? = nil,
                suggestedAge: ClosedIntRange? = nil, suggestedCompletionTime: ClosedIntRange? = nil,
                thumbnail: ThumbnailSource? = nil, universalLinkURL: String? = nil,
                minimumBundleVersion: String? = nil, standardsAlignments: [String] = [],
                versions: LocaleVersions = [:], parent: Int? = nil, children: [Int] = [],
                isAssessment: Bool = false) {
        self.identifier = identifier
        self.isAssessment = isAssessment
        self.identifierPath = identifierPath
        self.type = type
        self.displayOrder = displayOrder
        self.isAssignable = isAssignable
        self.topic = topic
        self.suggestedAge = suggestedAge
        self.suggestedCompletionTime = suggestedCompletionTime
        self.thumbnail = thumbnail
        self.universalLinkURL = universalLinkURL
        self.minimumBundleVersion = minimumBundleVersion
        self.standardsAlignments = standardsAlignments
        self.versions = versions
        self.parent = parent
        self.children = children
        self.source = source
        self.isDirectory = isDirectory
    }
}

extension AppContext {
    public init(bundleIdentifier: String, defaultLocale: LocaleID, locales: [LocaleID],
                title: [LocaleID: String], source: SourceFile, summary: [LocaleID: String] = [:],
                body: [LocaleID: MarkdownBody] = [:], topic: Topic? = nil, minimumBundleVersion: String? = nil,
                universalLinkBase: String? = nil, missingTranslation: MissingTranslationPolicy = .fallback,
                site: SiteSettings = SiteSettings(), children: [Int] = []) {
        self.bundleIdentifier = bundleIdentifier
        self.defaultLocale = defaultLocale
        self.locales = locales
        self.title = title
        self.summary = summary
        self.body = body
        self.topic = topic
        self.minimumBundleVersion = minimumBundleVersion
        self.universalLinkBase = universalLinkBase
        self.missingTranslation = missingTranslation
        self.site = site
        self.children = children
        self.source = source
    }
}
