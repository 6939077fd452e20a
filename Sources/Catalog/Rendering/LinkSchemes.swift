/// Schemes a reader's browser or device opens (`link-scheme-unknown`). A link such as
/// `info:strings` (an engine's own shorthand left unresolved), `doi:10.1000/1` or
/// `C:\Users\…` (a path on the writer's computer) is kept as written and leads nowhere.
enum LinkSchemes {
    /// Schemes written without `//` that browsers or Apple's systems open: the HTML
    /// standard's safelisted schemes for protocol handlers, and the ones iPadOS and macOS
    /// hand to an app. A scheme followed by `//` (an app's own `myapp://lesson/3`) is never
    /// reported: the catalog's own app may well open it.
    static let known: Set<String> = [
        "http", "https", "mailto", "tel", "sms", "smsto", "mms", "facetime", "facetime-audio", "maps", "geo",
        "webcal", "news", "nntp", "irc", "ircs", "xmpp", "im", "sip", "sips", "magnet", "bitcoin", "matrix",
        "openpgp4fpr", "urn", "wtai", "callto", "skype", "shortcuts", "itms-apps", "itms-services", "about", "blob",
        "cid", "mid",
    ]

    /// What is wrong with `url`'s scheme, if it has one no reader opens.
    static func problem(of url: String) -> String? {
        // Nearly every link: answered without parsing a scheme.
        if url.hasPrefix("https://") || url.hasPrefix("http://") || url.hasPrefix("mailto:") { return nil }
        let cleaned = LinkPolicy.cleaned(url)
        guard let scheme = LinkPolicy.scheme(of: cleaned), !known.contains(scheme) else { return nil }
        let rest = cleaned.dropFirst(scheme.utf8.count + 1)
        if scheme == "file" || (scheme.count == 1 && (rest.first == "\\" || rest.first == "/")) {
            let drive = scheme == "file" ? "" : " (drive \(scheme.uppercased()):)"
            return "is a path on a computer\(drive), which no reader of the site can open; copy the file into content/ and link to it relatively, or link to its address on the web"
        }
        guard !rest.hasPrefix("//") else { return nil }
        return "uses the scheme \(scheme):, which no browser opens, so the link leads nowhere; write the address it stands for (an https:// link, or a relative link to a page of the catalog)"
    }
}
