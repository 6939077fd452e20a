/// How a programming language's text is cut into the few kinds of token a code block is
/// coloured by (`CodeHighlighter`): its comments, strings, keywords and literals. Not a
/// grammar: what Hugo's Chroma and highlight.js colour first, read in one pass.
struct CodeLanguage: Sendable {
    /// A string's form: what opens and closes it, and how it may be read.
    struct StringForm: Sendable {
        var open: [UInt8]
        var close: [UInt8]
        /// Whether a newline may stand inside (a triple-quoted or backquoted string);
        /// otherwise the string ends, unclosed, at the end of its line.
        var multiline = false
        /// Whether a backslash escapes the byte after it.
        var escapes = true
        /// A character literal (`'a'`, `'\n'`): at most this many bytes to its close, and
        /// never right after a word (Haskell's `x'`, Rust's lifetimes `'a`).
        var shortest: Int? = nil

        init(_ open: String, _ close: String? = nil, multiline: Bool = false, escapes: Bool = true, short: Int? = nil) {
            self.open = Array(open.utf8)
            self.close = Array((close ?? open).utf8)
            self.multiline = multiline
            self.escapes = escapes
            shortest = short
        }
    }

    var lineComments: [[UInt8]] = []
    var blockComments: [(open: [UInt8], close: [UInt8])] = []
    /// A line comment starts only at a line's start or after a space (`#` in a shell, where
    /// `$#` and `${#x}` are no comments; in YAML).
    var commentAfterSpace = false
    var strings: [StringForm] = []
    var keywords: Set<String> = []
    var literals: Set<String> = []
    /// Bytes a word may hold besides ASCII letters, digits, `_` and any byte beyond ASCII.
    var wordBytes: [UInt8] = []
    /// Bytes a word may start with besides letters and `_` (`@` of CSS's `@media`).
    var wordStarts: [UInt8] = []
    /// Whether keywords are found whatever their case (SQL's `select`, a Dockerfile's `from`).
    var anyCase = false
    /// `#include` at a line's start is a keyword (C's preprocessor).
    var preprocessor = false
    /// `name:` at a line's start (after its indent and a list's `- `) is a key (YAML).
    var keysBeforeColon = false
    /// HTML and XML: tags, attributes, comments, and the script and style inside.
    var markup = false
    /// A language read line by line rather than token by token.
    enum Lines: Sendable {
        /// A shell session: a `$ ` prompt, the command after it coloured as shell, the output plain.
        case console
        /// A diff: added and removed lines, hunk headers, file headers.
        case diff
    }

    var lines: Lines? = nil

    /// JavaScript's regular expression literals (`/\d+/g`), where a `/` cannot divide.
    var regexLiterals = false

    /// `$name`, `${name}`, `$1`, `$?` are variables (a shell's, PHP's).
    var dollarVariables = false
    /// What `@name` is: an attribute or decorator (Python, Java, Swift …) or a variable
    /// (Ruby's `@name` and `@@name`); nil where `@` marks nothing.
    var atNames: CodeHighlighter.Token? = nil
    /// Rust's attributes, `#[…]` and `#![…]`.
    var rustAttributes = false

    init(lineComments: [String] = [], blockComments: [(String, String)] = [], strings: [StringForm] = [],
         keywords: String = "", literals: String = "") {
        self.lineComments = lineComments.map { Array($0.utf8) }
        self.blockComments = blockComments.map { (Array($0.0.utf8), Array($0.1.utf8)) }
        self.strings = strings
        self.keywords = Set(keywords.split(separator: " ").map(String.init))
        self.literals = Set(literals.split(separator: " ").map(String.init))
    }

    /// The lengths (bit n for n bytes) and first bytes of the keywords and literals, so
    /// that a word that cannot be one is never looked up (`finished()` sets them).
    private var listedLengths: UInt64 = 0
    private var listedFirstBytes = [Bool](repeating: false, count: 256)

    /// The bytes that may begin a comment, a string, a name after a sigil, a regular expression or a directive:
    /// at any other byte, none is looked for.
    private(set) var tokenStarts = [Bool](repeating: false, count: 256)

    /// Whether a word of `length` bytes starting with `first` may be a keyword or a literal.
    func mayList(first: UInt8, length: Int) -> Bool {
        length < 64 && listedLengths & (1 << UInt64(length)) != 0 && listedFirstBytes[Int(first)]
    }

    /// The language with its lookup filters made from its comments, strings, keywords and literals.
    func finished() -> CodeLanguage {
        var language = self
        let opens = lineComments + blockComments.map(\.open) + strings.map(\.open)
        for first in opens.compactMap(\.first) { language.tokenStarts[Int(first)] = true }
        if regexLiterals { language.tokenStarts[Int(UInt8(ascii: "/"))] = true }
        if preprocessor || rustAttributes { language.tokenStarts[Int(UInt8(ascii: "#"))] = true }
        if dollarVariables { language.tokenStarts[Int(UInt8(ascii: "$"))] = true }
        if atNames != nil { language.tokenStarts[Int(UInt8(ascii: "@"))] = true }
        for word in keywords.union(literals) {
            let utf8 = Array(word.utf8)
            guard let first = utf8.first, utf8.count < 64 else { continue }
            language.listedLengths |= 1 << UInt64(utf8.count)
            language.listedFirstBytes[Int(first)] = true
            if anyCase, CodeHighlighter.isLetter(first) {
                language.listedFirstBytes[Int(first ^ 0x20)] = true
            }
        }
        return language
    }

    /// The language a fenced code block's info string names (its first word, up to a
    /// comma or `{`, in any case: `Python`, `rust,ignore`, `js{1,3}`), or nil when it
    /// names none this module knows: the block is then shown as plain text.
    static func named(byInfo info: String) -> CodeLanguage? {
        let word = info.prefix { $0 != " " && $0 != "\t" && $0 != "," && $0 != "{" }
        guard !word.isEmpty, word.utf8.count <= 20 else { return nil }
        return byName[word.lowercased()]
    }

    /// Each name a fence may give and its language.
    private static let byName: [String: CodeLanguage] = {
        var table: [String: CodeLanguage] = [:]
        for (names, language) in definitions {
            for name in names.split(separator: " ") { table[String(name)] = language }
        }
        return table
    }()
}
