/// What one context file's front matter says, typed and with positions, before defaults
/// and inheritance are applied.
struct ContextFields: Equatable, Sendable {
    var identifier: Located<String>?
    var title: Localized<String>?
    var type: Located<ContextType>?
    var customTypeName: Localized<String>?
    var summary: Localized<String>?
    var topic: Topic?
    var suggestedAge: ClosedIntRange?
    var suggestedCompletionTime: ClosedIntRange?
    var assignable: Located<Bool>?
    /// `assessment: true`: the app runs the activity in assessment mode (not in the payloads).
    var assessment: Located<Bool>?
    var displayOrder: Int?
    var thumbnail: Located<String>?
    var thumbnailFit: ThumbnailFit?
    var progressReporting: Located<[ProgressField]>?
    var keywords: Localized<[String]>?
    var standardsAlignments: [String]?
    var universalLinkURL: String?
    var minimumBundleVersion: String?
    var draft = false
    /// `rules:`: each rule's level for this file alone (any file: a context's, a
    /// translation, the home page).
    var rules: FileRuleLevels?
    /// The body, unless the file is empty after its front matter.
    var body: MarkdownBody?
    /// True when the front matter could not be read: its absence of a title is not reported again.
    var isBroken = false
    /// Keys given with a value of the wrong type (already reported), so that rules do not
    /// report them again as missing.
    var unreadableKeys: Set<String> = []

    static let keys = ["identifier", "title", "type", "customTypeName", "summary", "topic", "suggestedAge",
                       "suggestedCompletionTime", "assignable", "assessment", "displayOrder", "thumbnail", "thumbnailFit",
                       "progressReporting", "keywords", "standardsAlignments", "universalLinkURL",
                       "minimumBundleVersion", "draft", "rules"]
    /// The only keys a translation file may set (besides its body).
    static let localizableKeys = ["title", "summary", "customTypeName", "keywords", "progressReporting"]
}

struct ProgressField: Equatable, Sendable {
    var kind: ProgressKind
    var details: Localized<String>?
    var location: SourceLocation
}
