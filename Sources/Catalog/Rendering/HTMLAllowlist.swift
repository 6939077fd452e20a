/// What raw HTML in a body may keep (docs/HTML-ALLOWLIST.md): the elements and attributes
/// writers use and GitHub keeps. The sanitizer and the checker both decide here, so what
/// is removed is what is reported.
enum HTMLAllowlist {
    enum Decision: Equatable {
        /// Kept, with its allowed attributes.
        case keep
        /// Left out, its content kept (text of `<font>`, `<center>`, `<math>`…).
        case unwrap
        /// Left out with everything inside it.
        case drop
    }

    static func decision(_ tag: String, _ namespace: HTMLNode.Namespace) -> Decision {
        if dropped.contains(tag) { return .drop }
        return namespace == .html && elements.contains(tag) ? .keep : .unwrap
    }

    static let elements: Set<String> = [
        "a", "abbr", "b", "bdi", "bdo", "blockquote", "br", "caption", "cite", "code", "col", "colgroup",
        "dd", "del", "details", "dfn", "div", "dl", "dt", "em", "figcaption", "figure",
        "h1", "h2", "h3", "h4", "h5", "h6", "hr", "i", "img", "ins", "kbd", "li", "mark", "ol", "p", "pre", "q",
        "rp", "rt", "ruby", "s", "samp", "small", "span", "strong", "sub", "summary", "sup",
        "table", "tbody", "td", "tfoot", "th", "thead", "time", "tr", "u", "ul", "var", "wbr",
    ]

    /// Elements that run script, load other documents, take input or hold no text for a
    /// reader: removed with their content.
    static let dropped: Set<String> = [
        "script", "style", "iframe", "frame", "frameset", "object", "embed", "applet", "param", "template",
        "form", "input", "button", "select", "option", "optgroup", "textarea", "datalist", "output", "keygen",
        "meta", "link", "base", "source", "track", "svg", "noembed", "noframes",
    ]

    /// Elements that have no end tag.
    static let void: Set<String> = ["br", "col", "hr", "img", "input", "wbr"]

    /// Elements whose end ends a word in the text a reader sees (search text).
    static let separatesWords: Set<String> = [
        "blockquote", "br", "caption", "dd", "details", "div", "dt", "figcaption", "h1", "h2", "h3", "h4", "h5", "h6",
        "hr", "li", "p", "pre", "summary", "td", "th", "tr",
    ]

    /// Attributes every kept element may have.
    private static let global: Set<String> = ["lang", "dir"]

    private static let byElement: [String: Set<String>] = [
        "a": ["href", "title"], "img": ["src", "alt", "width", "height", "title", "align"],
        "abbr": ["title"], "dfn": ["title"], "time": ["datetime"], "details": ["open"],
        "ol": ["start", "reversed", "type"], "li": ["value"],
        "td": ["colspan", "rowspan", "align"], "th": ["colspan", "rowspan", "align", "scope"],
        "col": ["span"], "colgroup": ["span"],
        "table": ["align"], "thead": ["align"], "tbody": ["align"], "tfoot": ["align"], "tr": ["align"],
        "div": ["align"], "p": ["align"],
        "h1": ["align"], "h2": ["align"], "h3": ["align"], "h4": ["align"], "h5": ["align"], "h6": ["align"],
    ]

    static func allows(_ attribute: String, on tag: String) -> Bool {
        global.contains(attribute) || byElement[tag]?.contains(attribute) == true
    }

    /// The attribute that holds a URL, checked by `urlVerdict` and resolved like Markdown's.
    static func isURL(_ attribute: String, on tag: String) -> Bool {
        (tag == "a" && attribute == "href") || (tag == "img" && attribute == "src")
    }

    enum URLVerdict: Equatable {
        case allowed
        /// The scheme (lowercased) that is not http, https or mailto.
        case refused(scheme: String)
    }

    /// Decided on the parsed value (entities decoded), judged as a browser reads it:
    /// tabs and newlines anywhere, and spaces and controls around it, do not count.
    static func urlVerdict(_ value: String) -> URLVerdict {
        guard let scheme = LinkPolicy.scheme(of: LinkPolicy.cleaned(value)) else { return .allowed }
        return ["http", "https", "mailto"].contains(scheme) ? .allowed : .refused(scheme: scheme)
    }
}
