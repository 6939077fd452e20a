/// The text of the files `Scaffold` writes. A translation's text names its locale, so
/// that no title or detail reads the same in two locales (`title-untranslated`).
enum ScaffoldText {
    static let gitignore = """
        # catalog-build's output and its cache of thumbnails and build state
        /site/
        /.catalog-cache/

        """

    struct Page: Sendable {
        var path: String
        /// The localizable keys, the only ones a translation sets.
        var localized: @Sendable (_ mark: String) -> String
        /// The keys every locale shares, in the default file only.
        var shared = ""
        var body: String

        /// The file in the default locale (nil) or a translation into `locale`.
        func text(_ locale: LocaleID?) -> String {
            let mark = locale.map { " (\($0.rawValue))" } ?? ""
            let note = locale.map { "\n_Translate this page into \($0.rawValue)._\n" } ?? ""
            return "---\n" + localized(mark) + (locale == nil ? shared : "") + "---\n" + body + note
        }
    }

    static let pages: [Page] = [
        Page(path: "index", localized: { mark in
            "summary: Books and activities for the classroom\(mark).\n"
        }, body: """
            Welcome! This is the home page of the catalog's teacher site. Every folder under
            `content/` is a context, and every Markdown file inside a folder is an activity.

            """),
        Page(path: "my-first-book/index", localized: { mark in
            "title: My First Book\(mark)\nsummary: A short book to start from\(mark).\n"
        }, body: """
            A book is a folder with an `index.md`. Its `cover.png` is the book's thumbnail.

            """),
        Page(path: "my-first-book/01-getting-started/index", localized: { mark in
            "title: Getting Started\(mark)\nsummary: The first chapter\(mark).\n"
        }, body: """
            A folder inside a book is a chapter. The `01-` prefix sets the display order.

            """),
        Page(path: "my-first-book/01-getting-started/01-welcome", localized: { mark in
            """
            title: Welcome\(mark)
            summary: Students read a short introduction and try the first exercise\(mark).

            """
        }, shared: "suggestedAge: 9-11\nsuggestedCompletionTime: 10 min\n", body: """
            A Markdown file is an activity (a section, unless `type` says otherwise). Its body
            is what teachers read about it on the site.

            """),
        Page(path: "my-first-book/01-getting-started/02-quiz", localized: { mark in
            """
            title: Check Your Understanding\(mark)
            summary: Five questions on the chapter, with feedback after each answer\(mark).
            progressReporting:
              - kind: score
                details: The number of correct answers out of five\(mark).

            """
        }, shared: "type: quiz\nsuggestedAge: 9-11\nsuggestedCompletionTime: 5-10 min\nassessment: true\n", body: """
            `assessment: true` makes the app run this quiz in assessment mode: the device locks
            to the app until the student finishes.

            """),
    ]

    /// A YAML double-quoted scalar.
    static func yamlString(_ text: String) -> String {
        var out = "\""
        for character in text {
            switch character {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case "\n", "\r": out += " "
            default: out.append(character)
            }
        }
        return out + "\""
    }
}
