#!/usr/bin/env python3
"""Counts what a build kept and removed of a corpus's inline HTML (tables for README.md).

    catalog-build build --content DIR/content --output DIR/site --format json > DIR/diag.json
    python3 bench/corpus/html_report.py DIR

Prints Markdown tables: pages and versions; diagnostics by rule; `raw-html-removed` by what
was removed (element, or attribute of element), from the json diagnostics; and, for each
element name, the start tags written as raw HTML in the sources against the elements in the
output pages' bodies (`<div class="body">`). Source tags are counted outside fenced code
blocks and code spans, in tags whose name is followed by a space, `/` or `>`; the output
count includes what Markdown itself makes (`a`, `img`, `code`, `p`…), so the two are
compared only for elements Markdown never makes.
"""
import collections, json, os, re, sys
from html.parser import HTMLParser

MARKDOWN_MAKES = {"a", "img", "code", "p", "pre", "em", "strong", "br", "hr", "ul", "ol", "li", "blockquote",
                  "h2", "h3", "h4", "h5", "h6", "h7", "table", "thead", "tbody", "tr", "th", "td", "del", "input",
                  "div", "section", "sup"}


HTML_ELEMENTS = set("""a abbr address area article aside audio b base bdi bdo blockquote body br button canvas caption
cite code col colgroup data datalist dd del details dfn dialog div dl dt em embed fieldset figcaption figure font footer
form h1 h2 h3 h4 h5 h6 head header hgroup hr html i iframe img input ins kbd label legend li link listing main map mark
math menu meta meter nav noscript object ol optgroup option output p param picture pre progress q rp rt ruby s samp
script search section select slot small source span strong style sub summary sup svg table tbody td template textarea
tfoot th thead time title tr track u ul var video wbr center""".split())


def source_tags(text):
    text = re.sub(r"^(```+|~~~+).*?^\1\s*$", "", text, flags=re.S | re.M)
    text = re.sub(r"(`+).+?\1", "", text, flags=re.S)
    text = re.sub(r"<!--.*?-->", "", text, flags=re.S)
    names = (name.lower() for name in re.findall(r"<([A-Za-z][A-Za-z0-9-]*)(?=[\s/>])", text))
    return [name for name in names if name in HTML_ELEMENTS]


class BodyElements(HTMLParser):
    def __init__(self):
        super().__init__()
        self.depth, self.counts = 0, collections.Counter()

    def handle_starttag(self, tag, attrs):
        if self.depth:
            self.counts[tag] += 1
            if tag not in ("br", "hr", "img", "wbr", "input", "col"):
                self.depth += 1
        elif tag == "div" and ("class", "body") in attrs:
            self.depth = 1

    def handle_startendtag(self, tag, attrs):
        if self.depth:
            self.counts[tag] += 1

    def handle_endtag(self, tag):
        if self.depth and tag not in ("br", "hr", "img", "wbr", "input", "col"):
            self.depth -= 1


def main():
    folder = sys.argv[1]
    diagnostics = json.load(open(os.path.join(folder, "diag.json")))["diagnostics"]
    sources, pages = collections.Counter(), collections.Counter()
    files = 0
    for root, _, names in os.walk(os.path.join(folder, "content")):
        for name in names:
            if name.endswith(".md"):
                files += 1
                sources.update(source_tags(open(os.path.join(root, name), encoding="utf-8").read()))
    html_pages = 0
    for root, _, names in os.walk(os.path.join(folder, "site")):
        for name in names:
            if name == "index.html" and os.sep + "catalog" not in root:
                parser = BodyElements()
                parser.feed(open(os.path.join(root, name), encoding="utf-8").read())
                pages.update(parser.counts)
                html_pages += 1
    manifest = json.load(open(os.path.join(folder, "site", "catalog", "manifest.json")))
    print(f"{files} Markdown files, {manifest['contextCount']} contexts, {html_pages} HTML pages\n")
    print("| rule | severity | count |\n|---|---|---:|")
    for (rule, severity), count in collections.Counter((d["rule"], d["severity"]) for d in diagnostics).most_common():
        print(f"| `{rule}` | {severity} | {count} |")
    removed = collections.Counter()
    for d in diagnostics:
        if d["rule"] == "raw-html-removed":
            attribute = re.match(r"attribute `([^`]*)` of `<([^>]*)>`", d["message"])
            element = re.match(r"raw HTML `<([^>]*)>`", d["message"])
            removed[f"`{attribute.group(1)}` on `<{attribute.group(2)}>`" if attribute
                    else f"`<{element.group(1)}>`" if element else d["message"].split(":")[0]] += 1
    print("\n| removed (`raw-html-removed`) | count |\n|---|---:|")
    for kind, count in removed.most_common():
        print(f"| {kind} | {count} |")
    print(f"| total | {sum(removed.values())} |")
    print("\n| element | raw tags in the sources | elements in the pages' bodies |\n|---|---:|---:|")
    for name in sorted(set(sources) | {n for n in pages if n not in MARKDOWN_MAKES}):
        made = " (with Markdown's)" if name in MARKDOWN_MAKES else ""
        print(f"| `{name}` | {sources[name]} | {pages[name]}{made} |")


main()
