#!/usr/bin/env python3
"""Turns mdBook books (The Rust Programming Language, https://github.com/rust-lang/book, and
its translations; any other mdBook such as rust-by-example or the Rustonomicon) into a
catalog in our content format: real Markdown with inline HTML that nobody on this project
wrote. Licences and figures: bench/corpus/README.md.

    python3 bench/corpus/rustbook_to_catalog.py BOOK --out DIR
        [--translation LOCALE=PATH ...] [--also PATH ...] [--listings figure|as-written]
        [--theme MDBOOK]

BOOK and every PATH is a checkout or a bare git directory (read with `git archive HEAD`).
Nothing is downloaded. BOOK becomes the book `rust-book`; each `--translation` (a translated
mdBook with the same file names, e.g. ja=book-ja, zh-hans=trpl-zh-cn) gives its pages as
`NAME.LOCALE.md` beside the English ones, titled from its own SUMMARY.md; each `--also` is
one more English book, named after its book.toml title.

- src/SUMMARY.md gives the order: a SUMMARY entry with nested entries becomes a chapter (a
  folder whose index.md is the entry's page), one without a section; names get an ordering
  prefix (`003-ch01-00-getting-started`), so identifiers are the source file names. Entries
  without a file (mdBook's drafts) are left out.
- `{{#include FILE[:ANCHOR|:N|:N:M]}}` and `{{#rustdoc_include …}}` are resolved as mdBook
  resolves them (anchors `ANCHOR: name`/`ANCHOR_END: name`, line ranges), reading the files
  of the same repository; rustdoc_include keeps only the part a reader sees (mdBook hides the
  rest behind `# `). A file the repository lacks becomes a line `(not in the repository: FILE)`.
- Inline HTML is kept exactly as written (`<span class="filename">`, `<img>`, `<ruby>`,
  comments): measuring what the sanitizer keeps and removes is the point. The book's
  `<Listing number=… file-name=… caption=…>` is not HTML but the input of its own mdBook
  preprocessor (mdbook-trpl), which turns it into a `<figure class="listing">` with a
  `<span class="file-name">` and a `<figcaption>`; `--listings figure` (the default) does the
  same, `--listings as-written` keeps `<Listing>` (whose caption, an attribute, no browser shows).
- Relative links are pointed at the new layout: `NAME.md` and mdBook's `NAME.html` at the
  page's new file, other files (images) copied under the book's `_files/`; a relative link to
  nothing in the repository (rustdoc pages such as `../std/…`) becomes an absolute link to
  the published book, as a reader of the book's site would follow it. SVG figures are copied
  as other images are (the site publishes a copy without script: `svg-content-removed`).
- SUMMARY titles are Markdown in mdBook; their backticks are left out (`match`), since
  titles are plain text here.
- `--theme MDBOOK` (a checkout or bare git directory of rust-lang/mdBook) gives the site
  mdBook's own look as `site.stylesheet`: `_theme/book.css` imports mdBook's web fonts
  (`fonts/fonts.css` and its eleven `.woff2` files), `css/variables.css` and
  `css/chrome.css`, then the BOOK's `additional-css` (book.toml), each copied as written but
  for the `{{ resource "fonts/NAME" }}` template expressions of mdBook's fonts.css, written
  as the path `NAME` they stand for (as mdBook's renderer writes them). A real style sheet
  that names fonts, imports sheets and holds a `data:` URL over several lines.
"""
import argparse, html, io, os, posixpath, re, subprocess, sys, tarfile, urllib.parse

BOOK_URLS = {"rust-book": "https://doc.rust-lang.org/book/", "rust-by-example": "https://doc.rust-lang.org/rust-by-example/",
             "the-rustonomicon": "https://doc.rust-lang.org/nomicon/"}


class Source:
    """The files of one repository (a checkout or a bare git directory), by path."""

    def __init__(self, path):
        self.files = {}
        if os.path.isdir(os.path.join(path, "objects")) and os.path.exists(os.path.join(path, "HEAD")):
            # Only the paths a book needs: a snapshot may lack its largest files (built pages).
            top = subprocess.run(["git", "--git-dir", path, "ls-tree", "--name-only", "HEAD"],
                                 check=True, capture_output=True, text=True).stdout.split()
            wanted = [name for name in top if name in ("src", "listings", "book.toml", "theme") or name.endswith(".css")]
            archive = subprocess.run(["git", "--git-dir", path, "archive", "--format=tar", "HEAD"] + wanted,
                                     check=True, capture_output=True).stdout
            with tarfile.open(fileobj=io.BytesIO(archive)) as tar:
                for member in tar:
                    if member.isfile() and Source.wanted(member.name):
                        self.files[member.name] = tar.extractfile(member).read()
        else:
            for root, _, names in os.walk(path):
                for name in names:
                    full = os.path.join(root, name)
                    relative = os.path.relpath(full, path).replace(os.sep, "/")
                    if Source.wanted(relative):
                        with open(full, "rb") as handle:
                            self.files[relative] = handle.read()

    @staticmethod
    def wanted(path):
        """The sources, listings, book.toml and the style sheets book.toml may add."""
        return (path.startswith(("src/", "listings/", "theme/")) or path == "book.toml"
                or ("/" not in path and path.endswith(".css")))

    def additional_css(self):
        match = re.search(r'^additional-css\s*=\s*\[([^\]]*)\]', self.text("book.toml") or "", re.M)
        return re.findall(r'"([^"]+)"', match.group(1)) if match else []

    def text(self, path):
        data = self.files.get(path)
        return None if data is None else data.decode("utf-8", "replace").replace("\r\n", "\n")

    def title(self):
        match = re.search(r'^title\s*=\s*"([^"]*)"', self.text("book.toml") or "", re.M)
        return match.group(1) if match else "Untitled"


class Entry:
    def __init__(self, title, path):
        self.title, self.path, self.children = title, path, []


def plain_title(markdown):
    return re.sub(r"\\(.)", r"\1", markdown.replace("`", "")).strip()


def summary_entries(source):
    """The SUMMARY.md tree: [Entry] of the top level, and {path: title} of every entry."""
    text = re.sub(r"<!--.*?-->", "", source.text("src/SUMMARY.md") or "", flags=re.S)
    top, stack, titles = [], [], {}
    for line in text.splitlines():
        match = re.match(r"^(\s*)(?:[-*]\s+)?\[(.*)\]\(([^)]*)\)\s*$", line)
        if not match:
            continue
        indent, title, path = len(match.group(1).expandtabs(4)), plain_title(match.group(2)), match.group(3).strip()
        if not path:
            continue
        path = posixpath.normpath(posixpath.join("src", path.lstrip("./") if path.startswith("./") else path))
        titles[path] = title
        entry = Entry(title, path)
        while stack and stack[-1][0] >= indent:
            stack.pop()
        (stack[-1][1].children if stack else top).append(entry)
        stack.append((indent, entry))
    return top, titles


def lines_of(text, selector):
    """The part of an included file that mdBook includes for `selector` (after the path's ':')."""
    lines = text.split("\n")
    if text.endswith("\n"):
        lines.pop()
    if selector is None:
        picked = lines
    elif re.fullmatch(r"\d*:?\d*", selector):
        start, _, end = selector.partition(":")
        if ":" not in selector:
            picked = lines[int(start) - 1:int(start)]
        else:
            picked = lines[(int(start) - 1 if start else 0):(int(end) if end else None)]
    else:
        picked, inside = [], False
        for line in lines:
            if re.search(r"ANCHOR:\s*" + re.escape(selector) + r"\b", line):
                inside = True
            elif re.search(r"ANCHOR_END:\s*" + re.escape(selector) + r"\b", line):
                inside = False
            elif inside:
                picked.append(line)
    return "\n".join(line for line in picked if not re.search(r"ANCHOR(_END)?:", line))


def resolve_includes(text, directory, source, counts):
    def replace(match):
        target, _, selector = match.group(2).strip().partition(":")
        path = posixpath.normpath(posixpath.join(directory, target))
        included = source.text(path)
        counts["includes"] += 1
        if included is None:
            counts["missing includes"] += 1
            return f"(not in the repository: {target})"
        return lines_of(included, selector or None)
    return re.sub(r"\{\{\s*#(include|rustdoc_include)\s+([^}]*)\}\}", replace, text)


LINK_PATTERNS = [
    re.compile(r"(\]\()([^)\s]+)"),                               # [text](target
    re.compile(r"^(\s{0,3}\[[^\]]+\]:\s*)(\S+)", re.M),           # [label]: target
    re.compile(r"(\b(?:href|src)\s*=\s*\")([^\"]*)", re.I),       # href="target"
]


class Book:
    def __init__(self, identifier, source, content, translations=()):
        self.identifier, self.source, self.content = identifier, source, content
        self.translations = translations  # [(locale, Source)]
        self.entries, self.titles = summary_entries(source)
        self.outputs = {}  # src path -> path of its page below content/
        self.copied = set()
        self.figures = True

    def layout(self, entries, folder, width=3):
        for number, entry in enumerate(entries, 1):
            name = f"{number:0{width}d}-{posixpath.splitext(posixpath.basename(entry.path))[0]}"
            if entry.children:
                self.outputs[entry.path] = posixpath.join(folder, name, "index.md")
                self.layout(entry.children, posixpath.join(folder, name))
            else:
                self.outputs[entry.path] = posixpath.join(folder, name + ".md")

    def link(self, source_path, target, counts):
        if re.match(r"^[a-zA-Z][a-zA-Z0-9+.-]*:|^#|^/|^\{\{", target) or not target:
            return target
        path_part, hash_mark, fragment = target.partition("#")
        resolved = posixpath.normpath(posixpath.join(posixpath.dirname(source_path), path_part))
        if resolved.endswith(".html") and resolved[:-5] + ".md" in self.outputs:
            resolved = resolved[:-5] + ".md"
        here = posixpath.dirname(self.outputs[source_path])
        if resolved in self.outputs:
            counts["links to pages"] += 1
            return posixpath.relpath(self.outputs[resolved], here) + hash_mark + fragment
        if resolved in self.source.files and not resolved.endswith(".md"):
            copy = posixpath.join(self.identifier, "_files", posixpath.relpath(resolved, "src"))
            if copy not in self.copied:
                self.copied.add(copy)
                write_bytes(os.path.join(self.content, copy), self.source.files[resolved])
            counts["links to files"] += 1
            return posixpath.relpath(copy, here) + hash_mark + fragment
        counts["links made absolute"] += 1
        base = BOOK_URLS.get(self.identifier)
        if base is None:
            return target
        page = posixpath.relpath(source_path, "src")[:-3] + ".html"
        path_part = path_part[:-3] + ".html" if path_part.endswith(".md") else path_part
        return urllib.parse.urljoin(base + page, path_part) + hash_mark + fragment

    def body(self, source, source_path, counts):
        text = source.text(source_path)
        if text is None:
            return None
        for pattern in LINK_PATTERNS:
            text = pattern.sub(lambda m: m.group(1) + self.link(source_path, m.group(2), counts), text)
        text = resolve_includes(text, posixpath.dirname(source_path), source, counts)
        return listing_figures(text, counts) if self.figures else text

    def write(self, locales, counts):
        self.layout(self.entries, self.identifier)
        locale_titles = {locale: summary_entries(source)[1] for locale, source in self.translations}
        title = re.sub(r"^#\s*", "", next((l for l in (self.source.text("src/SUMMARY.md") or "").splitlines()
                                             if l.startswith("# ")), "# " + self.source.title()))
        book_titles = {"en-us": title} | {locale: plain_title(re.sub(r"^#\s*", "", next(
            (l for l in re.sub(r"<!--.*?-->", "", source.text("src/SUMMARY.md") or "", flags=re.S).splitlines()
             if l.startswith("# ")), "# " + title))) for locale, source in self.translations}
        write_text(os.path.join(self.content, self.identifier, "index.md"),
                   front_matter(book_titles if self.translations else title, "book")
                   + f"The book *{title}*, built from its mdBook sources.\n")
        for path, output in self.outputs.items():
            body = self.body(self.source, path, counts)
            if body is None:
                counts["missing pages"] += 1
                continue
            kind = "chapter" if output.endswith("/index.md") else "section"
            write_text(os.path.join(self.content, output), front_matter(self.titles[path], kind) + body)
            counts["en-us"] += 1
            for locale, source in self.translations:
                translated = self.body(source, path, counts)
                if translated is None:
                    continue
                name = output[:-3] + "." + locale + ".md"
                title = locale_titles[locale].get(path, self.titles[path])
                write_text(os.path.join(self.content, name), front_matter(title) + translated)
                counts[locale] += 1


def caption_html(markdown):
    """A caption's Markdown as mdbook-trpl renders it, for what captions use: code spans and emphasis."""
    parts = re.split(r"(`[^`]*`)", markdown)
    out = []
    for part in parts:
        if part.startswith("`") and part.endswith("`") and len(part) > 1:
            out.append("<code>" + html.escape(part[1:-1], quote=False) + "</code>")
        else:
            out.append(re.sub(r"\*([^*]+)\*", r"<em>\1</em>", html.escape(part, quote=False)))
    return "".join(out)


def listing_figures(text, counts):
    """mdbook-trpl's rendering of `<Listing …>…</Listing>` (its default output mode)."""
    def opening(match):
        attributes = {name: double or single for name, double, single
                      in re.findall(r"""([\w-]+)=(?:"([^"]*)"|'([^']*)')""", match.group(1))}
        counts["listings"] += 1
        number, caption = attributes.get("number"), attributes.get("caption")
        identifier = f' id="listing-{number}"' if number else ""
        head = f'<figure class="listing"{identifier}>\n'
        if "file-name" in attributes:
            head += f'<span class="file-name">Filename: {attributes["file-name"]}</span>\n'
        if number:
            tail = f'<figcaption><a href="#listing-{number}">Listing {number}</a>{": " + caption_html(caption) if caption else ""}</figcaption>\n</figure>'
        elif caption:
            tail = f"<figcaption>{caption_html(caption)}</figcaption>\n</figure>"
        else:
            tail = "</figure>"
        return head + match.group(2) + tail
    return re.sub(r"""<Listing((?:\s+[\w-]+=(?:"[^"]*"|'[^']*'))*)\s*>(.*?)</Listing>""", opening, text, flags=re.S)


def quote(text):
    return '"' + text.replace("\\", "\\\\").replace('"', '\\"') + '"'


def front_matter(title, kind=None):
    if isinstance(title, dict):
        lines = ["---", "title:"] + [f"  {locale}: {quote(value)}" for locale, value in title.items()]
    else:
        lines = ["---", f"title: {quote(title)}"]
    if kind:
        lines.append(f"type: {kind}")
    return "\n".join(lines + ["---", "", ""])


def write_bytes(path, data):
    os.makedirs(os.path.dirname(path), exist_ok=True)
    with open(path, "wb") as handle:
        handle.write(data)


def write_text(path, text):
    write_bytes(path, text.encode("utf-8"))


def mdbook_front_end(path):
    """mdBook's theme files (fonts/ and css/ of its front end), by path under it."""
    if os.path.isdir(os.path.join(path, "objects")) and os.path.exists(os.path.join(path, "HEAD")):
        archive = subprocess.run(["git", "--git-dir", path, "archive", "--format=tar", "HEAD"],
                                 check=True, capture_output=True).stdout
        with tarfile.open(fileobj=io.BytesIO(archive)) as tar:
            files = {member.name: tar.extractfile(member).read() for member in tar if member.isfile()}
    else:
        files = {}
        for root, _, names in os.walk(path):
            for name in names:
                full = os.path.join(root, name)
                with open(full, "rb") as handle:
                    files[os.path.relpath(full, path).replace(os.sep, "/")] = handle.read()
    for base in ("crates/mdbook-html/front-end/", "src/front-end/", "src/theme/"):
        found = {name[len(base):]: data for name, data in files.items()
                 if name.startswith(base) and name[len(base):].split("/")[0] in ("fonts", "css")}
        if found:
            return found
    sys.exit(f"{path}: no mdBook front end (fonts/ and css/) found")


def write_theme(content, front_end, book):
    """`_theme/` from mdBook's front end and the book's additional CSS (see the docstring)."""
    theme = os.path.join(content, "_theme")
    for name, data in front_end.items():
        if name.startswith("fonts/") or name in ("css/variables.css", "css/chrome.css"):
            if name == "fonts/fonts.css":
                data = re.sub(rb'\{\{\s*resource\s+"fonts/([^"]+)"\s*\}\}', rb"\1", data)
            write_bytes(os.path.join(theme, name), data)
    imports = ["fonts/fonts.css", "css/variables.css", "css/chrome.css"]
    for name in book.additional_css():
        if name in book.files:
            write_bytes(os.path.join(theme, "book", name), book.files[name])
            imports.append("book/" + name)
    write_text(os.path.join(theme, "book.css"), "".join(f'@import "{name}";\n' for name in imports)
               + 'body { font-family: "Open Sans", sans-serif; }\ncode, pre { font-family: "Source Code Pro", monospace; }\n')


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("book")
    parser.add_argument("--out", required=True)
    parser.add_argument("--translation", action="append", default=[], metavar="LOCALE=PATH")
    parser.add_argument("--also", action="append", default=[], metavar="PATH")
    parser.add_argument("--listings", choices=["figure", "as-written"], default="figure",
                        help="<Listing> as mdbook-trpl renders it (figure), or as written")
    parser.add_argument("--theme", metavar="MDBOOK", help="mdBook's look as site.stylesheet (see above)")
    args = parser.parse_args()
    translations = [(locale, Source(path)) for locale, path in (t.split("=", 1) for t in args.translation)]
    locales = ["en-us"] + [locale for locale, _ in translations]
    content = os.path.join(args.out, "content")
    write_text(os.path.join(content, "catalog.yml"),
               "bundleIdentifier: org.example.rustbooks\ntitle: \"Rust books\"\ndefaultLocale: en-us\n"
               f"locales: [{', '.join(locales)}]\nmissingTranslation: omit\n"
               "site: {baseURL: https://books.example.com/"
               + (", stylesheet: _theme/book.css" if args.theme else "") + "}\n")
    counts = {key: 0 for key in ["includes", "missing includes", "links to pages", "links to files",
                                 "links made absolute", "missing pages", "listings"] + locales}
    books = [Book("rust-book", Source(args.book), content, translations)]
    if args.theme:
        write_theme(content, mdbook_front_end(args.theme), books[0].source)
    for path in args.also:
        source = Source(path)
        identifier = re.sub(r"[^a-z0-9]+", "-", source.title().lower()).strip("-")
        books.append(Book(identifier, source, content))
    for book in books:
        book.figures = args.listings == "figure"
        book.write(locales, counts)
    pages = sum(len(book.outputs) for book in books)
    print(f"{len(books)} books, {pages} pages, {sum(counts[l] for l in locales)} page versions "
          f"({', '.join(f'{l} {counts[l]}' for l in locales)}); "
          + ", ".join(f"{k} {v}" for k, v in counts.items() if k not in locales), file=sys.stderr)


main()
