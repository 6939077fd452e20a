/// For each book (each context right under the app), how many of its assignable
/// activities carry each piece of metadata Apple asks apps to give as fully as they can:
/// a thumbnail, a suggested age, a completion time and progress reporting. `validate`
/// prints it beside the translation coverage.
public struct MetadataCoverage: Sendable {
    public struct Entry: Sendable, Equatable {
        /// The book's identifier.
        public var book: String
        public var activities = 0
        public var thumbnail = 0
        public var suggestedAge = 0
        public var completionTime = 0
        public var progressReporting = 0
    }

    public var entries: [Entry]

    public init(model: CatalogModel) {
        var entries = model.rootChildren.map { Entry(book: model.contexts[$0].identifier) }
        var bookOf: [Int: Int] = [:]
        for (position, book) in model.rootChildren.enumerated() { bookOf[book] = position }
        // Pre-order: a context's parent comes first, so its book is already known.
        for (index, context) in model.contexts.enumerated() {
            guard let position = bookOf[index] ?? context.parent.flatMap({ bookOf[$0] }) else { continue }
            bookOf[index] = position
            guard context.isAssignable else { continue }
            entries[position].count(context, defaultLocale: model.app.defaultLocale)
        }
        self.entries = entries
    }

    public var json: JSON {
        .object(entries.map { entry in
            (entry.book, .fields([
                "activities": .int(Int64(entry.activities)),
                "thumbnail": .int(Int64(entry.thumbnail)),
                "suggestedAge": .int(Int64(entry.suggestedAge)),
                "suggestedCompletionTime": .int(Int64(entry.completionTime)),
                "progressReporting": .int(Int64(entry.progressReporting)),
            ]))
        })
    }
}

extension MetadataCoverage.Entry {
    init(book: String) { self.book = book }

    mutating func count(_ context: ContextNode, defaultLocale: LocaleID) {
        activities += 1
        if context.thumbnail != nil { thumbnail += 1 }
        if context.suggestedAge != nil { suggestedAge += 1 }
        if context.suggestedCompletionTime != nil { completionTime += 1 }
        if context.versions[defaultLocale]?.progressReporting.isEmpty == false { progressReporting += 1 }
    }
}
