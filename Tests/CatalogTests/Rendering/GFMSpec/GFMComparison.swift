import Foundation

/// Why a page's body differs from cmark-gfm's HTML for the same Markdown, by design.
/// Each reason but raw HTML is checked, not just named: `undo` takes exactly that change
/// back, and the body must then equal cmark-gfm's HTML.
enum GFMDifference: String, CaseIterable, Comparable, CustomStringConvertible {
    /// Body headings are one level down under the page's `<h1>` (the title), and each has
    /// an `id` for `page.md#heading` links.
    case heading
    /// A table scrolls inside its own focusable box; alignment is a `style`, not `align`.
    case table
    /// Images load lazily (`loading="lazy"`).
    case image
    /// A relative link or image goes to the file's copy under `media/` (relative to the
    /// page, each path component percent-encoded as the site's paths are).
    case media
    /// A task list item's checkbox is named by the item's text (`aria-label`).
    case taskList = "task list checkbox named"
    /// A fenced block in a language the site knows is coloured (`<span class="hl-…">`).
    case highlighted = "code coloured"
    /// Raw HTML: dropped today; s8-sanitizer's allowlist keeps what is safe.
    case rawHTML = "raw HTML: see sanitizer"
    /// Anything else: a real difference, which the test reports.
    case unexplained

    var description: String { rawValue }
    static func < (a: Self, b: Self) -> Bool { allCases.firstIndex(of: a)! < allCases.firstIndex(of: b)! }

    /// (cmark's HTML, the site's body) with this change taken back.
    func undo(_ expected: String, _ actual: String) -> (String, String) {
        switch self {
        case .heading:
            return (GFMComparison.headingsOneLevelDown(expected), actual.replacing(#/(<h[1-6]) id="[^"]*"/#) { $0.1 })
        case .table:
            let unwrapped = actual.replacingOccurrences(of: "<div class=\"table-scroll\" tabindex=\"0\"><table>", with: "<table>")
                .replacingOccurrences(of: "</table></div>", with: "</table>")
            return (expected, unwrapped.replacing(#/ style="text-align:(\w+)"/#) { " align=\"\($0.1)\"" })
        case .image:
            return (expected, actual.replacing(#/(<img [^>]*) loading="lazy">/#) { "\($0.1)>" })
        case .media:
            let local = actual.replacing(#/(href|src)="(?:\.\./)+media/spec/([^"]*)"/#) { "\($0.1)=\"\($0.2)\"" }
            return (GFMComparison.decodingURLs(expected), GFMComparison.decodingURLs(local))
        case .taskList:
            return (expected, actual.replacing(#/(<input type="checkbox"[^>]*) aria-label="[^"]*"/#) { $0.1 })
        case .highlighted:
            return (expected, actual.replacing(#/<span class="hl-[a-z]">([^<]*)</span>/#) { $0.1 })
        case .rawHTML, .unexplained:
            return (expected, actual)
        }
    }
}

enum GFMComparison {
    /// Differences of serialization only, which cmark-gfm's own spec tests also ignore
    /// (its `normalize.py`), taken out of both sides: void elements written `<br />` or
    /// `<br>`, `'` in text written as is or `&#39;`, and the line break cmark writes after
    /// `<li>` and before a block that starts inside a list item (`<li>\n<p>`, `foo\n<ul>`),
    /// which HTML ignores.
    static func normalized(_ html: String) -> String {
        html.replacingOccurrences(of: " />", with: ">")
            .replacingOccurrences(of: "&#39;", with: "'")
            .replacingOccurrences(of: "<li>\n", with: "<li>")
            .replacing(#/\n(<(?:ul|ol|blockquote|pre|h[1-6]|hr|p|table|div)[ >])/#) { $0.1 }
    }

    /// The reasons a body differs from cmark's HTML, each change taken back in turn; none
    /// when they are equal.
    static func differences(body: String, reference: String, hasRawHTML: Bool) -> Set<GFMDifference> {
        var expected = normalized(reference), actual = normalized(body)
        var found: Set<GFMDifference> = []
        for reason in [GFMDifference.heading, .table, .image, .media, .taskList, .highlighted] where expected != actual {
            let undone = reason.undo(expected, actual)
            if undone != (expected, actual) {
                found.insert(reason)
                (expected, actual) = undone
            }
        }
        if expected != actual { found.insert(hasRawHTML ? .rawHTML : .unexplained) }
        return found
    }

    /// `<hN>` as `<hN+1>` (at most `<h6>`), as the site places body headings.
    static func headingsOneLevelDown(_ html: String) -> String {
        html.replacing(#/<(/?)h([1-6])([ >])/#) { match in
            "<\(match.1)h\(min(Int(match.2)! + 1, 6))\(match.3)"
        }
    }

    /// Every `href` and `src` value percent-decoded.
    static func decodingURLs(_ html: String) -> String {
        html.replacing(#/(href|src)="([^"]*)"/#) { "\($0.1)=\"\(String($0.2).removingPercentEncoding ?? String($0.2))\"" }
    }

    /// The body of a context page: what `<div class="body">` holds.
    static func body(ofPage page: String) -> String? {
        guard let start = page.range(of: "<div class=\"body\">"),
              let end = page.range(of: "</div>\n<nav class=\"pager\"", options: .backwards), start.upperBound <= end.lowerBound
        else { return nil }
        return String(page[start.upperBound..<end.lowerBound])
    }
}
