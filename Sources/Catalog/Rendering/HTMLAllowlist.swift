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
        "strike", "table", "tbody", "td", "tfoot", "th", "thead", "time", "tr", "tt", "u", "ul", "var", "wbr",
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

    /// Attributes every kept element may have: language and direction, a tooltip, and what
    /// assistive technology reads (GitHub keeps the same).
    private static let global: Set<String> = [
        "lang", "dir", "title", "role", "aria-label", "aria-labelledby", "aria-describedby", "aria-hidden",
    ]

    /// Table cells' presentation and the links between header and data cells.
    private static let cell: Set<String> = [
        "colspan", "rowspan", "align", "valign", "width", "height", "nowrap", "abbr", "axis", "headers", "char", "charoff",
    ]
    private static let rowGroup: Set<String> = ["align", "valign", "char", "charoff"]
    private static let column: Set<String> = ["span", "align", "valign", "width", "char", "charoff"]

    /// What each element keeps besides `global`: the attributes GitHub keeps there, less
    /// those that would reach outside the body (`name`, `tabindex`, `accesskey`, microdata)
    /// or hold URLs nobody sees (`cite`, `longdesc`). `target` is not kept: the site decides
    /// how its links open. `id` is kept apart (`isAnchor`).
    private static let byElement: [String: Set<String>] = [
        "a": ["href", "rel", "hreflang"], "img": ["src", "alt", "width", "height", "align", "border", "hspace"],
        "time": ["datetime"], "del": ["datetime"], "ins": ["datetime"], "details": ["open"],
        "ol": ["start", "reversed", "type", "compact"], "ul": ["type", "compact"], "dl": ["compact"], "li": ["value", "type"],
        "td": cell, "th": cell.union(["scope"]),
        "col": column, "colgroup": column,
        "table": ["align", "border", "cellpadding", "cellspacing", "frame", "rules", "summary", "width"],
        "thead": rowGroup, "tbody": rowGroup, "tfoot": rowGroup, "tr": rowGroup, "caption": ["align"],
        "hr": ["align", "noshade", "size", "width"], "br": ["clear"],
        "div": ["align"], "p": ["align"],
        "h1": ["align"], "h2": ["align"], "h3": ["align"], "h4": ["align"], "h5": ["align"], "h6": ["align"],
    ]

    static func allows(_ attribute: String, on tag: String) -> Bool {
        global.contains(attribute) || byElement[tag]?.contains(attribute) == true
    }

    /// A writer's `id`, kept on any kept element when it can be a link's target on the page
    /// (`idProblem`) and no element before it on the page has it: a heading's id, a
    /// footnote's or an earlier writer's (`HeadingIDs.claimIfFree`). Lessons mark the places
    /// their own links and `aria-labelledby` name this way (`<span id="knowledge-check">`).
    static func isAnchor(_ attribute: String) -> Bool { attribute == "id" }

    enum IDProblem: Equatable {
        /// Empty, or with white space: no link's fragment names it.
        case notOneWord
        /// One of the page's own ids around the body (`HeadingIDs.pageShell`).
        case usedByPage
    }

    /// Why a writer's id cannot be kept whatever else the page holds, nil when it can.
    static func idProblem(_ value: String) -> IDProblem? {
        if value.isEmpty || value.utf8.contains(where: \.isHTMLWhitespace) { return .notOneWord }
        return HeadingIDs.pageShell.contains(value) ? .usedByPage : nil
    }

    /// The attribute that holds a URL, checked by `urlVerdict` and resolved like Markdown's.
    static func isURL(_ attribute: String, on tag: String) -> Bool {
        (tag == "a" && attribute == "href") || (tag == "img" && attribute == "src")
    }

    /// The page an `<iframe>` shows, when it is an absolute http(s) URL: the frame is removed,
    /// but a link to that page takes its place (a CodePen or a video stays one click away),
    /// named by the frame's `title` or else by the URL.
    static func framedPage(_ node: HTMLNode) -> (url: String, name: String)? {
        guard node.tag == "iframe", node.namespace == .html,
              let url = node.attributes.first(where: { $0.name == "src" }).map({ LinkPolicy.cleaned($0.value) }),
              let scheme = LinkPolicy.scheme(of: url), scheme == "http" || scheme == "https" else {
            return nil
        }
        let title = node.attributes.first { $0.name == "title" }?.value.trimmingSpaces ?? ""
        return (url, title.isEmpty ? url : title)
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
