#!/usr/bin/env python3
"""Turns the React documentation (https://github.com/reactjs/react.dev, CC BY 4.0 for the
text, MIT for the code, and its Japanese and Simplified Chinese translations
reactjs/ja.react.dev and reactjs/zh-hans.react.dev) into a catalog in our content format:
MDX-flavoured Markdown that nobody on this project wrote, read here and never committed or
published.

    python3 bench/corpus/reactdev_to_catalog.py REACT_DEV --out DIR
        [--translation LOCALE=PATH ...] [--reference] [--as-written]

REACT_DEV and every PATH is a checkout or a bare git directory (as `fetch
github:reactjs/react.dev` leaves it), read at HEAD. Nothing is downloaded. The catalog is
written to DIR/content.

- src/sidebarLearn.json is the book `learn` (its "title"); with `--reference`,
  src/sidebarReference.json is a second book `reference`. Each of the sidebar's section
  headers ("GET STARTED", "react@{{version}}") is a chapter whose index.md the script writes
  (`{{version}}` is written as src/siteConfig.js's version, as the site shows it); the
  routes below it are its children: a route with routes of its own is a folder whose
  index.md is the route's page, one without is a leaf. Routes before the first header go
  directly in the book. Names get an ordering prefix in the sidebar's order
  (`03-conditional-rendering.md`); the identifier is the last part of the route's path (its
  slug: `/learn` gives `learn`, `/reference/react/useState` gives `useState`; a header's is
  its text in lowercase with other characters as `-`); a slug a sibling already has gets
  `-2` and is counted. A route's page is src/content/PATH.md or src/content/PATH/index.md;
  a route without one gets a page with the sidebar's title and a sentence (counted).
  Pages in src/content/learn or reference that no sidebar names (rsc-sandbox-test.md) are
  left out and counted.
- Each page's front matter is replaced by ours: its `title` (the sidebar's when it has
  none), and as `summary` the first paragraph of its first `<Intro>` that has text (one only
  of tags such as `<Canary>` is skipped, as is a fenced code block) as plain text (code
  spans' backticks, emphasis, links' targets, HTML/JSX tags and backslash escapes left out,
  entities decoded, white space collapsed), clipped at a word to 4000 UTF-16 code units
  with `…` (counted). Its other keys (`translators`, `version`, `canary`…) are dropped.
- Each `--translation LOCALE=PATH` (ja=…ja.react.dev, zh-hans=…zh-hans.react.dev): the
  page at the same path becomes `NAME.LOCALE.md` (`index.LOCALE.md` for a folder) with its
  own title, summary and body; the section headers' and books' titles come from its own
  sidebar JSON (a header is matched by the path of the first route after it). A translated
  page that is byte for byte the English one is still written, and counted.
- The BODY is kept exactly as written: MDX components (`<Intro>`, `<Sandpack>`,
  `<Pitfall>`, `<DeepDive>`, `<Recipes>`, `<Challenges>`, `<Solution>`, `<LearnMore
  path=…>`, `<Diagram>`, `<Illustration>`), heading ids written `{/*some-id*/}`, JSX
  comments, `<img src="/images/…">`, images and links by absolute site paths. The only
  rewrites, all counted and none with `--as-written`, are of the targets of Markdown links
  and images (`[text](target)`, `![alt](target)`, `[label]: target`) outside fenced code
  and code spans, where our format needs a file path:
  - a site address of a page of the catalog (`/learn/state-a-components-memory#anchor`) is
    written as the relative path to that page's file
    (`../02-adding-interactivity/02-state-a-components-memory.md#anchor`), fragment kept;
  - a relative target is read as a browser reads it on react.dev, against the page's address
    (`../images/tutorial/x.png` on /learn/tutorial-tic-tac-toe is /images/tutorial/x.png):
    a page is written as its file, as above; a file of the repository's public/ (the
    English one's, else the translation's) is copied to `_site/`
    (`_site/images/tutorial/x.png`) and linked there; a relative target that names
    no page that way but would with a `/` first (`learn/keeping-components-pure` on a
    /reference page: broken on react.dev too) is written as that page's file; any other is
    written as the absolute address a browser would request (a link to nothing on
    react.dev, kept as a `/` link our format does not check).
  Site addresses that name no page of the catalog (reference pages without `--reference`,
  /blog, /community, /images) are kept as written (our format keeps links that start with
  `/`) and counted, as are the MDX `path="/learn/…"` props, which are no links, and
  `<img src="/…">`.
- Titles are kept as written (`<link>`, `<form>`, `<Suspense>`): our format reads a
  form control or metadata element named in a title (`<input>`, `<link>`, `<meta>`) as text.
"""
import argparse, html, json, os, posixpath, re, subprocess, sys
from collections import Counter

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from carpentries_to_catalog import quote, write  # noqa: E402
from odin_to_catalog import read_files  # noqa: E402

FRONT = re.compile(r"^---[ \t]*\n(.*?)\n---[ \t]*\n", re.S)
FENCE = re.compile(r"^ {0,3}(`{3,}|~{3,})")
LINKS = [
    re.compile(r"(\]\(\s*<?)([^)\s<>]+)"),                         # [text](target
    re.compile(r"^( {0,3}\[[^\]]+\]:\s*<?)([^\s<>]+)", re.M),        # [label]: target
]
CODE_SPAN = re.compile(r"(?<!`)(`+)(?!`).*?(?<!`)\1(?!`)", re.S)
SCHEME = re.compile(r"^[A-Za-z][A-Za-z0-9+.-]*:|^#|^//")
SUMMARY_LIMIT = 4000


class Site:
    """One react.dev repository: its files under src/ (text), by path."""

    def __init__(self, path):
        files, missing = read_files(path, None)
        self.missing = missing
        self.files = {name: data.decode("utf-8", "replace").replace("\r\n", "\n")
                      for name, data in files.items() if name.startswith("src/") and name.endswith((".md", ".json", ".js"))}
        self.public = {name[len("public"):]: data for name, data in files.items() if name.startswith("public/")}
        match = re.search(r"version:\s*['\"]([^'\"]+)['\"]", self.files.get("src/siteConfig.js", ""))
        self.version = match.group(1) if match else ""

    def sidebar(self, name):
        text = self.files.get(f"src/sidebar{name}.json")
        return json.loads(text) if text else None

    def page(self, route):
        """(path, text) of the page at a site address, or (None, None)."""
        for path in (f"src/content{route}.md", f"src/content{route}/index.md"):
            if path in self.files:
                return path, self.files[path]
        return None, None


def split(text):
    """(title or None, body) of a page: the body is everything after the front matter, as written."""
    match = FRONT.match(text)
    if not match:
        return None, text
    title = None
    for line in match.group(1).splitlines():
        found = re.match(r"^title:\s*(.*?)\s*$", line)
        if found:
            value = found.group(1)
            if len(value) >= 2 and value[0] == value[-1] and value[0] in "'\"":
                value = value[1:-1].replace("''", "'") if value[0] == "'" else value[1:-1].replace('\\"', '"')
            title = value
    return title, text[match.end():]


def plain(markdown):
    """A paragraph of Markdown/MDX as plain text (see the docstring)."""
    spans = []

    def keep(match):
        spans.append(match.group(2).strip())
        return f"\0{len(spans) - 1}\0"
    text = re.sub(r"(`+)(.+?)\1", keep, markdown, flags=re.S)
    text = re.sub(r"!?\[([^\]]*)\]\([^)]*\)", r"\1", text)
    text = re.sub(r"\{/\*.*?\*/\}", "", text)
    text = re.sub(r"</?[A-Za-z][^<>]*>", "", text)
    text = re.sub(r"(\*\*|__)(.+?)\1", r"\2", text)
    text = re.sub(r"(?<![\w*])[*_](\S(?:.*?\S)?)[*_](?![\w*])", r"\1", text)
    text = html.unescape(re.sub(r"\\([!-/:-@\[-`{-~])", r"\1", text))
    text = re.sub(r"\0(\d+)\0", lambda m: spans[int(m.group(1))], text)
    return re.sub(r"\s+", " ", text).strip()


def utf16(text):
    return len(text.encode("utf-16-le")) // 2


def summary(body, counts):
    """The first paragraph of the page's first <Intro>, as plain text, clipped; or None."""
    match = re.search(r"<Intro>(.*?)</Intro>", body, re.S)
    if not match:
        counts["pages without <Intro> (no summary)"] += 1
        return None
    paragraphs = [plain(p) for p in re.split(r"\n[ \t]*\n", match.group(1)) if not FENCE.match(p.strip("\n"))]
    text = next((p for p in paragraphs if p), "")
    if not text:
        counts["pages whose <Intro> has no text (no summary)"] += 1
        return None
    if utf16(text) > SUMMARY_LIMIT:
        counts["summaries clipped to 4000 UTF-16 units"] += 1
        while utf16(text) > SUMMARY_LIMIT - 1:
            text = text[:text.rstrip().rfind(" ")] if " " in text.strip() else text[:-1]
        text = text.rstrip() + "…"
    counts["summaries from <Intro>"] += 1
    return text


def slugify(text):
    return re.sub(r"[^a-z0-9]+", "-", text.lower()).strip("-") or "part"


class Node:
    """One context: a sidebar header or route."""

    def __init__(self, title, route=None, header=None):
        self.title, self.route, self.header, self.children = title, route, header, []
        self.output = None  # path below content/ of its .md file (index.md for a folder)


def tree(sidebar):
    """[Node] of a sidebar: headers with the routes below them, routes with theirs."""
    def route(entry):
        node = Node(entry.get("title", ""), entry.get("path"))
        node.children = [route(child) for child in entry.get("routes", []) if not child.get("hasSectionHeader")]
        return node
    top, current = [], None
    for entry in sidebar.get("routes", []):
        if entry.get("hasSectionHeader"):
            current = Node(entry["sectionHeader"], header=entry["sectionHeader"])
            top.append(current)
        else:
            (current.children if current else top).append(route(entry))
    return top


def header_titles(sidebar, version):
    """{path of the first route after a header: the header's text} of one sidebar."""
    titles, pending = {}, None
    for entry in sidebar.get("routes", []):
        if entry.get("hasSectionHeader"):
            pending = entry["sectionHeader"].replace("{{version}}", version)
        elif pending is not None:
            titles[entry.get("path")] = pending
            pending = None
    return titles


def route_titles(sidebar):
    titles = {}
    def walk(entries):
        for entry in entries:
            if entry.get("path") and entry.get("title"):
                titles.setdefault(entry["path"], entry["title"])
            walk(entry.get("routes", []))
    walk(sidebar.get("routes", []))
    return titles


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("repository")
    parser.add_argument("--out", required=True)
    parser.add_argument("--translation", action="append", default=[], metavar="LOCALE=PATH")
    parser.add_argument("--reference", action="store_true", help="also the API Reference sidebar, as a second book")
    parser.add_argument("--as-written", action="store_true", help="no rewrites: links, images and titles as written (see above)")
    args = parser.parse_args()
    english = Site(args.repository)
    translations = [(locale.lower(), Site(path)) for locale, path in (t.split("=", 1) for t in args.translation)]
    locales = ["en-us"] + [locale for locale, _ in translations]
    content = os.path.join(args.out, "content")
    counts = Counter()
    write(os.path.join(content, "catalog.yml"),
          "bundleIdentifier: org.example.reactdev\ntitle: \"React documentation\"\ndefaultLocale: en-us\n"
          f"locales: [{', '.join(locales)}]\nmissingTranslation: fallback\n"
          "site: {baseURL: https://reactdev.example.com/}\n")

    books = [("learn", "Learn")] + ([("reference", "Reference")] if args.reference else [])
    pages = {}        # site address -> output path below content/
    layout = []       # (book identifier, Node of the book, sidebar name)
    for number, (identifier, name) in enumerate(books, 1):
        sidebar = english.sidebar(name)
        book = Node(sidebar.get("title", name), header=name)
        book.children = tree(sidebar)
        book.output = f"{number:02d}-{identifier}/index.md"
        layout.append((identifier, book, name))

        def place(node, folder, depth):
            used = set()
            width = max(2, len(str(len(node.children))))
            for index, child in enumerate(node.children, 1):
                slug = slugify(child.header.replace("{{version}}", "")) if child.header else child.route.rstrip("/").rsplit("/", 1)[-1]
                base, n = slug, 1
                while slug.lower() in used:
                    n += 1
                    slug = f"{base}-{n}"
                if n > 1:
                    counts["identifiers given -N (a sibling has the slug)"] += 1
                used.add(slug.lower())
                stem = f"{index:0{width}d}-{slug}"
                if child.children or child.header:
                    child.output = posixpath.join(folder, stem, "index.md")
                    if depth + 1 > 7:
                        sys.exit(f"{child.route or child.header}: deeper than 7 levels below the app")
                    place(child, posixpath.join(folder, stem), depth + 1)
                else:
                    child.output = posixpath.join(folder, stem + ".md")
                if child.route:
                    if child.route in pages:
                        counts["routes the sidebar names twice (the first kept for links)"] += 1
                    pages.setdefault(child.route, child.output)
        place(book, posixpath.dirname(book.output), 1)

    copied = set()

    def rewrite(body, output, route, site):
        """The body with its links rewritten as the docstring says (outside fenced code)."""
        here = posixpath.dirname(output)

        def target(match):
            written = match.group(2)
            if SCHEME.match(written) or args.as_written:
                return match.group(0)
            path, hash_mark, fragment = written.partition("#")
            path, question, query = path.partition("?")
            relative = not path.startswith("/")
            address = posixpath.normpath(posixpath.join(posixpath.dirname(route), path)) if relative else path
            address = address.rstrip("/") or "/"
            if relative and address not in pages and "/" + path.rstrip("/") in pages:
                counts["relative links without their leading / (broken on react.dev too), written as the page meant"] += 1
                address = "/" + path.rstrip("/")
            elif relative and address in pages:
                counts["relative links to pages, as a browser resolves them on react.dev"] += 1
            if address in pages:
                if not relative:
                    counts["links to pages' site addresses rewritten as relative .md paths"] += 1
                return match.group(1) + posixpath.relpath(pages[address], here) + hash_mark + fragment
            data = english.public.get(address, site.public.get(address))
            if relative and data is not None:
                copy = "_site" + address
                if copy not in copied:
                    copied.add(copy)
                    write(os.path.join(content, copy), data)
                    counts["files of react.dev's public/ copied to _site/"] += 1
                counts["relative links to react.dev's public/ files (images), pointed at the copies"] += 1
                return match.group(1) + posixpath.relpath(copy, here) + question + query + hash_mark + fragment
            if relative:
                counts["relative links to nothing on react.dev, made absolute as a browser resolves them"] += 1
                return match.group(1) + address + question + query + hash_mark + fragment
            if address.startswith("/images/"):
                counts["links to images by absolute path (/images/…), kept"] += 1
            else:
                counts["links by site address kept as written (no page of the catalog)"] += 1
            return match.group(0)

        lines, out, chunk, fence = body.split("\n"), [], [], None
        def flush():
            if chunk:
                text, parts, at = "\n".join(chunk), [], 0
                for code in CODE_SPAN.finditer(text):  # code spans are left alone
                    parts += [text[at:code.start()], code.group(0)]
                    at = code.end()
                parts.append(text[at:])
                for index in range(0, len(parts), 2):
                    for pattern in LINKS:
                        parts[index] = pattern.sub(target, parts[index])
                out.append("".join(parts))
                chunk.clear()
        for line in lines:
            opened = FENCE.match(line)
            if fence is None:
                if opened:
                    flush()
                    fence = opened.group(1)
                    out.append(line)
                else:
                    chunk.append(line)
            else:
                out.append(line)
                if opened and opened.group(1)[0] == fence[0] and len(opened.group(1)) >= len(fence) \
                        and not line.strip()[len(opened.group(1)):].strip():
                    fence = None
        flush()
        result = "\n".join(out)
        counts["MDX path=\"/…\" props (no links), kept"] += len(re.findall(r'\bpath="/', result))
        counts["<img src=\"/…\"> by absolute path, kept"] += len(re.findall(r'<img\b[^>]*\bsrc="/', result))
        return result

    def front(title, text=None):
        """Our front matter: the title (one or one per locale) and the summary, if any."""
        lines = ["---"]
        if isinstance(title, dict):
            lines += ["title:"] + [f"  {locale}: {quote(value)}" for locale, value in title.items()]
        else:
            lines.append(f"title: {quote(title)}")
        if text:
            lines.append(f"summary: {quote(text)}")
        return "\n".join(lines + ["---", ""])

    for identifier, book, name in layout:
        others = [(locale, site, site.sidebar(name) or {}) for locale, site in translations]
        headers = {locale: header_titles(sidebar, site.version) for locale, site, sidebar in others}
        routes = {locale: route_titles(sidebar) for locale, site, sidebar in others}
        book_title = {"en-us": book.title} | {locale: sidebar.get("title", book.title) for locale, _, sidebar in others}
        write(os.path.join(content, book.output),
              front(book_title if translations else book.title) + f"\nThe React documentation's {name} sidebar.\n")
        counts["generated index pages (books, headers, routes without a page)"] += 1

        def emit(node, first_route=None):
            if node.header is not None and node is not book:
                first = next((c.route for c in node.children if c.route), None)
                title = {"en-us": node.title.replace("{{version}}", english.version)}
                for locale, _, _ in others:
                    title[locale] = headers[locale].get(first, title["en-us"])
                    if first not in headers[locale]:
                        counts[f"{locale}: header titles not found in its sidebar (English kept)"] += 1
                write(os.path.join(content, node.output),
                      front(title if translations else title["en-us"])
                      + f"\nThe pages under the sidebar's header \u201c{title['en-us']}\u201d.\n")
                counts["generated index pages (books, headers, routes without a page)"] += 1
                if "{{version}}" in node.title:
                    counts["header titles with {{version}} written as the version"] += 1
            elif node.route:
                path, text = english.page(node.route)
                if path is None:
                    title = {"en-us": node.title} | {l: routes[l].get(node.route, node.title) for l, _, _ in others}
                    write(os.path.join(content, node.output), front(title if translations else node.title)
                          + f"\n(react.dev has no page at {node.route}.)\n")
                    counts["generated index pages (books, headers, routes without a page)"] += 1
                    counts["routes without a page"] += 1
                else:
                    title, body = split(text)
                    if title is None:
                        counts["pages without a front matter title (the sidebar's used)"] += 1
                    title = title or node.title
                    write(os.path.join(content, node.output), front(title, summary(body, counts)) + rewrite(body, node.output, node.route, english))
                    counts["en-us"] += 1
                    used.add(path)
                    for locale, site, _ in others:
                        tpath, ttext = site.page(node.route)
                        if tpath is None:
                            counts[f"{locale}: pages without a translation"] += 1
                            continue
                        ttitle, tbody = split(ttext)
                        if ttitle is None:
                            counts[f"{locale}: translations without a title (the English one used)"] += 1
                        if ttext == text:
                            counts[f"{locale}: translations identical to the English page, written"] += 1
                        stem = node.output[:-3]
                        write(os.path.join(content, f"{stem}.{locale}.md"),
                              front(ttitle or title, summary(tbody, counts))
                              + rewrite(tbody, node.output, node.route, site))
                        counts[locale] += 1
            for child in node.children:
                emit(child)

        used = set()
        emit(book)
        prefix = f"src/content/{identifier}/"
        counts[f"{identifier}: pages no sidebar names, left out"] += sum(
            1 for p in english.files if p.startswith(prefix) and p.endswith(".md") and p not in used)

    counts["blobs absent from the mirrors, skipped"] = len(english.missing) + sum(len(s.missing) for _, s in translations)
    total = sum(1 for _ in pages)
    print(f"{len(layout)} books, {total} sidebar routes, "
          + ", ".join(f"{locale} {counts.pop(locale, 0)}" for locale in locales) + " page versions", file=sys.stderr)
    for key, value in sorted(counts.items()):
        print(f"{value:7}  {key}", file=sys.stderr)


if __name__ == "__main__":
    main()
