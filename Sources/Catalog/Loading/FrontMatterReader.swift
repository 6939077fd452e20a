import Foundation

/// Reads a context file (or a translation file) into `ContextFields`.
struct FrontMatterReader {
    let root: ContentRoot
    let locales: [LocaleID]
    /// How each body is kept: its text, or only where it is (`MarkdownBody(streamed:)`), read
    /// again when its page is rendered.
    var bodies = Bodies.text
    /// Refuse a file that is a symbolic link (`serve`'s edits: a link is left to a whole
    /// build, whose listing follows only links that stay inside the content). The body
    /// is kept as a whole build keeps it, so that an unchanged file read again here gives
    /// an equal body (it is read again only from the file loaded, link or not).
    var noFollow = false

    enum Bodies: Sendable {
        case text
        /// Where each body is: a cold build.
        case streamed
        /// Where each body is and its digest (`BodyDigest`): `serve`, which compares bodies
        /// from one build to the next.
        case streamedWithDigest
    }

    enum Mode {
        /// A file that defines a context: every key of content-format.md §3.
        case context
        /// A translation: only localizable keys, each as plain text.
        case translation
        /// content/index.md and its translations: only `summary`.
        case home
    }

    func read(_ relativePath: String, mode: Mode, into bag: inout DiagnosticBag) -> ContextFields {
        let file = root.file(relativePath)
        var fields = ContextFields()
        guard let read = ContentFiles.readIdentifiedText(path: root.absolutePath(relativePath), file: file,
                                                              noFollow: noFollow, into: &bag) else {
            fields.isBroken = true
            return fields
        }
        return self.read(text: read.text, file: file, identity: read.identity, mode: mode, into: &bag)
    }

    /// Reads a file's text (already decoded); separate from `read(_:mode:into:)` so that the
    /// fuzz target (Fuzz/) can feed it text without files.
    /// - Parameter identity: the file the text was read from; a streamed body is read
    ///   again only from that file.
    func read(text: String, file: SourceFile, identity: ContentFile.Identity? = nil, mode: Mode,
              into bag: inout DiagnosticBag) -> ContextFields {
        var fields = ContextFields()
        let (parts, bodyBytes) = FrontMatter.split(text, copyingBody: bodies != .streamed)
        if bodyBytes > 0 || parts.yaml == nil {
            fields.body = bodies == .text
                ? MarkdownBody(text: parts.body, source: file, firstLine: parts.bodyFirstLine)
                : MarkdownBody(streamed: BodyLocation(rootPath: root.absolutePath(""), noFollow: false, identity: identity,
                                                      fileBytes: text.utf8.count, bodyStart: text.utf8.count - bodyBytes,
                                                      digest: bodies == .streamedWithDigest ? BodyDigest(parts.body) : nil),
                               source: file, firstLine: parts.bodyFirstLine)
        }
        if parts.isUnclosed {
            bag.error("front-matter-unclosed", at: file.location(),
                      "the front matter opened on line 1 is never closed; add a line '---' after its last key")
            fields.isBroken = true
            return fields
        }
        guard let yaml = parts.yaml else { return fields }
        var syntax = DiagnosticBag()
        let node = YAMLReader.parse(yaml, file: file, firstLine: parts.yamlFirstLine, into: &syntax)
        bag.append(contentsOf: syntax.items)
        guard let node else {
            fields.isBroken = syntax.hasErrors
            return fields
        }
        guard case .mapping(let pairs) = node.value else {
            bag.error("value-type", at: node.location, "front matter must be a map of keys such as title: and summary:")
            fields.isBroken = true
            return fields
        }
        var reader = FieldReader(locales: locales)
        // Every file may set its own rules, whatever else it may set.
        var others = pairs
        if let rules = pairs.last(where: { $0.key == "rules" }) {
            fields.rules = FileRuleLevels(file: file.location().file, levels: RuleConfigReader.read(rules.value, reader: &reader))
            others.removeAll { $0.key == "rules" }
        }
        switch mode {
        case .context:
            let keyed = KeyedFields(others, known: ContextFields.keys, holdingBack: ["title"], into: &reader.diagnostics)
            readDefault(keyed, into: &fields, reader: &reader)
        case .translation:
            readTranslation(others, into: &fields, reader: &reader)
        case .home:
            readHome(others, into: &fields, reader: &reader)
        }
        bag.append(contentsOf: reader.diagnostics.items)
        return fields
    }

    private func readDefault(_ keyed: KeyedFields, into fields: inout ContextFields, reader: inout FieldReader) {
        fields.identifier = keyed["identifier"].flatMap { reader.text("identifier", $0) }
        fields.title = keyed["title"].flatMap { reader.localizedPlainText("title", $0) }
        fields.type = keyed["type"].flatMap { reader.choice("type", $0, rule: "context-type", as: ContextType.self) }
        fields.customTypeName = keyed["customTypeName"].flatMap { reader.localizedPlainText("customTypeName", $0) }
        fields.summary = keyed["summary"].flatMap { reader.localizedPlainText("summary", $0) }
        fields.topic = keyed["topic"].flatMap { reader.choice("topic", $0, rule: "topic", as: Topic.self)?.value }
        fields.suggestedAge = keyed["suggestedAge"].flatMap { RangeFields.age($0, reader: &reader) }
        fields.suggestedCompletionTime = keyed["suggestedCompletionTime"].flatMap { RangeFields.time($0, reader: &reader) }
        fields.assignable = keyed["assignable"].flatMap { reader.bool("assignable", $0) }
        fields.assessment = keyed["assessment"].flatMap { reader.bool("assessment", $0) }
        fields.displayOrder = keyed["displayOrder"].flatMap { reader.integer("displayOrder", $0)?.value }
        fields.thumbnail = keyed["thumbnail"].flatMap { reader.text("thumbnail", $0) }
        fields.thumbnailFit = keyed["thumbnailFit"].flatMap {
            reader.choice("thumbnailFit", $0, rule: "thumbnail-fit", as: ThumbnailFit.self)?.value
        }
        fields.progressReporting = keyed["progressReporting"].flatMap { ProgressFields.read($0, localized: true, reader: &reader) }
        fields.keywords = keyed["keywords"].flatMap { reader.localizedPlainList("keywords", $0) }
        fields.standardsAlignments = keyed["standardsAlignments"].flatMap { reader.textList("standardsAlignments", $0)?.value }
        fields.universalLinkURL = keyed["universalLinkURL"].flatMap { SharedFields.absoluteURL("universalLinkURL", $0, reader: &reader) }
        fields.minimumBundleVersion = keyed["minimumBundleVersion"].flatMap { SharedFields.bundleVersion($0, reader: &reader) }
        fields.draft = keyed["draft"].flatMap { reader.bool("draft", $0)?.value } ?? false
        if keyed["title"] != nil, fields.title?.isEmpty ?? true { fields.unreadableKeys.insert("title") }
        if keyed["summary"] != nil, fields.summary?.isEmpty ?? true { fields.unreadableKeys.insert("summary") }
        if let typo = keyed.misspelt["title"] { reportMisspeltTitle(typo, in: &fields, reader: &reader) }
    }

    /// `titel:` without `title:` is one problem, reported once at the misspelt key: the
    /// missing title (title-required, an error) with the did-you-mean, where the title
    /// rule would otherwise report a missing title at 1:1 and loading an unknown key. A
    /// draft, which the title rule does not check, keeps the unknown-key warning.
    private func reportMisspeltTitle(_ typo: Located<String>, in fields: inout ContextFields, reader: inout FieldReader) {
        guard !fields.draft else {
            reader.diagnostics.warning("unknown-key", at: typo.location, "unknown key '\(typo.value)' is ignored; did you mean 'title'?")
            return
        }
        reader.diagnostics.error("title-required", at: typo.location,
                                 "unknown key '\(typo.value)' is ignored, so the context has no title; did you mean 'title'? rename the key to title")
        fields.unreadableKeys.insert("title")
    }

    private func readTranslation(_ pairs: [YAMLPair], into fields: inout ContextFields, reader: inout FieldReader) {
        let shared = ContextFields.keys.filter { !ContextFields.localizableKeys.contains($0) }
        var localizable: [YAMLPair] = []
        for pair in pairs {
            if shared.contains(pair.key) {
                reader.diagnostics.error("translation-field", at: pair.keyLocation,
                                         "a translation may not set '\(pair.key)'; it is shared by every locale, so set it in the original file")
            } else {
                localizable.append(pair)
            }
        }
        let keyed = KeyedFields(localizable, known: ContextFields.localizableKeys, into: &reader.diagnostics)
        func plain(_ value: Located<String>?) -> Localized<String>? {
            value.map { Localized(plain: $0.value, byLocale: [:], location: $0.location) }
        }
        fields.title = plain(keyed["title"].flatMap { reader.plainText("title", $0) })
        fields.summary = plain(keyed["summary"].flatMap { reader.plainText("summary", $0) })
        fields.customTypeName = plain(keyed["customTypeName"].flatMap { reader.plainText("customTypeName", $0) })
        fields.keywords = keyed["keywords"].flatMap { node in
            reader.plainTextList("keywords", node).map { Localized(plain: $0.value, byLocale: [:], location: $0.location) }
        }
        fields.progressReporting = keyed["progressReporting"].flatMap { ProgressFields.read($0, localized: false, reader: &reader) }
    }

    private func readHome(_ pairs: [YAMLPair], into fields: inout ContextFields, reader: inout FieldReader) {
        for pair in pairs where pair.key != "summary" {
            reader.diagnostics.error("home-front-matter", at: pair.keyLocation,
                                     "content/index.md may set only summary, not '\(pair.key)'; the app itself is described by catalog.yml")
        }
        if let summary = pairs.first(where: { $0.key == "summary" }) {
            fields.summary = reader.localizedPlainText("summary", summary.value)
        }
    }
}
