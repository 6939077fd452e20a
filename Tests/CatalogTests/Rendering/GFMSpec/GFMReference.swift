import CCmark
import Foundation
@testable import Catalog

/// cmark-gfm's own HTML for a Markdown text, from the library the site links (Debian's
/// libcmark-gfm 0.29.0.gfm.6), with what GitHub enables: the table, strikethrough,
/// autolink, tagfilter and tasklist extensions, footnotes, and raw HTML passed through
/// (GitHub sanitizes it afterwards; the site's sanitizer is its own part of the build).
enum GFMReference {
    static let extensions = ["table", "strikethrough", "autolink", "tagfilter", "tasklist"]

    static func html(_ markdown: String) -> String {
        // The library's special-character table is pinned by the first parse (see
        // `MarkdownParser.parsesConcurrently`); this parser attaches no extension that
        // adds a character (tagfilter has none), so it never changes the table.
        _ = MarkdownParser.parse("")
        let options = CMARK_OPT_UNSAFE | CMARK_OPT_FOOTNOTES
        guard let parser = cmark_parser_new(options) else { return "" }
        defer { cmark_parser_free(parser) }
        for name in extensions {
            if let syntax = cmark_find_syntax_extension(name) { cmark_parser_attach_syntax_extension(parser, syntax) }
        }
        var text = markdown
        text.withUTF8 { bytes in
            bytes.withMemoryRebound(to: CChar.self) { cmark_parser_feed(parser, $0.baseAddress, $0.count) }
        }
        guard let document = cmark_parser_finish(parser) else { return "" }
        defer { cmark_node_free(document) }
        guard let html = cmark_render_html(document, options, cmark_parser_get_syntax_extensions(parser)) else { return "" }
        defer { free(html) }
        return String(cString: html)
    }
}
