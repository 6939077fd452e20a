/// The page served instead of the (stale) site while the content has errors: every
/// diagnostic with its position, message and rule, escaped, and the live-reload script
/// so that the browser returns to the site as soon as the content is fixed.
enum ErrorPage {
    static func html(failure message: String, script: String) -> String {
        notice(title: "Build failed", heading: "The build failed", message: message, script: script)
    }

    /// In place of every page while there is no build yet: the live-reload script loads
    /// the page again once a change to the content is built.
    static func html(waiting message: String, script: String) -> String {
        notice(title: "Not built yet", heading: "The catalog is not built yet", message: message, script: script)
    }

    /// A bare page of one heading and one escaped message, with the live-reload script.
    private static func notice(title: String, heading: String, message: String, script: String) -> String {
        "<!doctype html><html lang=\"en\"><head><meta charset=\"utf-8\"><title>\(title)</title></head>"
            + "<body><h1>\(heading)</h1><p>\(escape(message))</p>\(script)</body></html>\n"
    }

    /// The 404 page, in the site's style: its stylesheets (the author's too, when the
    /// site has one) and its header, linking back to the start page.
    static func notFound(_ target: String, authorStylesheet: Bool, script: String) -> String {
        let stylesheets = [SiteAssets.stylesheetPath] + (authorStylesheet ? [SiteAssets.authorStylesheetPath] : [])
        let links = stylesheets.map { "<link rel=\"stylesheet\" href=\"/\($0)\">" }.joined()
        return """
            <!DOCTYPE html>
            <html lang="en"><head><meta charset="utf-8">
            <meta name="viewport" content="width=device-width, initial-scale=1"><title>Not found</title>
            <link rel="icon" href="data:,">\(links)</head>
            <body><header class="site-header"><a class="brand" href="/">Home</a></header>
            <main id="main"><h1>Not found</h1><p>There is no page at <code>\(escape(target))</code>.</p>
            <p><a href="/">Back to the start page</a></p></main>\(script)</body></html>

            """
    }

    static func html(_ diagnostics: [Diagnostic], script: String) -> String {
        let items = diagnostics.map { d in
            "<li class=\"\(d.severity.rawValue)\"><code>\(escape(d.location.file)):\(d.location.line):\(d.location.column)</code> "
                + "<strong>\(d.severity.rawValue)</strong>: \(escape(d.message)) <code>[\(escape(d.rule.rawValue))]</code></li>"
        }
        let count = diagnostics.count { $0.severity == .error }
        return """
            <!doctype html>
            <html lang="en"><head><meta charset="utf-8"><title>Build failed</title>
            <style>body{font:15px/1.5 system-ui,sans-serif;margin:2rem;max-width:60rem}
            li{margin:.4rem 0}.error strong{color:#b00020}.warning strong{color:#8a5a00}code{font-size:13px}</style>
            </head><body><h1>The content has \(count) error\(count == 1 ? "" : "s")</h1>
            <p>The site is rebuilt and this page reloads as soon as the files are fixed.</p>
            <ul>
            \(items.joined(separator: "\n"))
            </ul>
            \(script)</body></html>

            """
    }

    /// Escapes text for HTML element content and attribute values.
    static func escape(_ text: String) -> String {
        var result = ""
        result.reserveCapacity(text.utf8.count)
        for character in text {
            switch character {
            case "&": result += "&amp;"
            case "<": result += "&lt;"
            case ">": result += "&gt;"
            case "\"": result += "&quot;"
            case "'": result += "&#39;"
            default: result.append(character)
            }
        }
        return result
    }
}
