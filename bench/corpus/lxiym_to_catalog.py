#!/usr/bin/env python3
"""Turns Learn X in Y minutes (https://github.com/adambard/learnxinyminutes-docs, CC BY-SA
3.0: a real, multilingual collection of one-page programming tutorials that nobody on this
project wrote, read here and never committed or published) into a catalog in our content
format.

    python3 bench/corpus/lxiym_to_catalog.py REPOSITORY[@COMMIT] --out DIR

REPOSITORY is a bare git directory (as `fetch github:adambard/learnxinyminutes-docs` leaves
it) or a checkout. Nothing is downloaded.

Each English article (`python.md` at the top) is a section; its front matter's `name` is its
title (the file name when it has none), its `category` (language, tool, "Algorithms & Data
Structures") picks its book. A translation is the same name in a language folder
(`es/python.md`, `zh-cn/python.md`): it becomes `python.es.md` beside the English page, with
the translation's own `name` as its title when it has one. The folders' names are the
locales (`pt-br`, `zh-cn`, and right-to-left `ar`, `fa`, `he`). An article written in
another language with no English page is left out and counted: our format has no context
without a page in the default locale. The articles' Markdown is copied as written: long
fenced code blocks (most of each article), inline HTML, links to the project's site
(`/python/`) and images in `/images/`, which are copied to `_images/` with the links that
name them pointed there.

Every context's keywords are the article's `filename` (`learnpython.py`) when it has one.

The articles link each other by their addresses on the project's site (`../javascript/`),
which name no file here: `link-broken` reports each, naming the page's file. Unless
`--as-written` is given, such a link whose name is an English article is written as that
file (`javascript.md`) and counted, so that the catalog builds.
"""
import argparse, os, posixpath, re, sys
from collections import Counter, defaultdict

import yaml

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from carpentries_to_catalog import quote, write  # noqa: E402
from odin_to_catalog import read_files  # noqa: E402

FRONT = re.compile(r"^---[ \t]*\n(.*?)\n---[ \t]*\n", re.S)
BOOKS = {"language": "Languages", "tool": "Tools", "algorithms & data structures": "Algorithms"}
IMAGE = re.compile(r"(\]\(\s*<?)/?images/")
SITE_LINK = re.compile(r"\]\(\s*\.\./([a-z0-9+#._-]+)/?([#)\s])")


def images(body):
    """The body with its links to the site's /images/ pointed at the copies in _images/."""
    return IMAGE.sub(r"\1../_images/", body)


def split(text):
    """(front matter as a dict, body) of an article; a front matter YAML cannot read is empty."""
    match = FRONT.match(text)
    if not match:
        return {}, text
    try:
        data = yaml.safe_load(match.group(1))
    except yaml.YAMLError:
        data = None
    return (data if isinstance(data, dict) else {}), text[match.end():]


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("repository")
    parser.add_argument("--out", required=True)
    parser.add_argument("--as-written", action="store_true", help="keep links to the site's addresses (../python/)")
    args = parser.parse_args()
    source, _, commit = args.repository.partition("@")
    files, missing = read_files(source, commit)
    content = os.path.join(args.out, "content")
    counts = Counter()
    english = {p[:-3]: split(files[p].decode("utf-8", "replace"))
               for p in files if "/" not in p and p.endswith(".md") and p not in ("README.md", "CONTRIBUTING.md")}
    translations = defaultdict(dict)
    for path in files:
        folder, _, name = path.partition("/")
        if "/" in name or not name.endswith(".md") or folder in ("images", "lint", ".github"):
            continue
        if name[:-3] in english:
            translations[name[:-3]][folder] = split(files[path].decode("utf-8", "replace"))
        else:
            counts["articles with no English page, left out"] += 1
    locales = sorted({locale for per in translations.values() for locale in per})
    write(os.path.join(content, "catalog.yml"),
          "bundleIdentifier: org.example.learnxinyminutes\ntitle: \"Learn X in Y minutes\"\n"
          f"defaultLocale: en-us\nlocales: [en-us, {', '.join(locales)}]\nmissingTranslation: fallback\n"
          "site: {baseURL: https://lxiym.example.com/}\n")
    books = set()

    def links(body):
        """The body with its links to an article's address written as the article's file."""
        def change(match):
            if args.as_written or match.group(1) not in english:
                return match.group(0)
            counts["links to an article's address written as its file"] += 1
            return f"]({match.group(1)}.md{match.group(2)}"
        return SITE_LINK.sub(change, images(body))

    for name, (front, body) in sorted(english.items()):
        book = BOOKS.get(str(front.get("category", "language")).lower(), "Languages")
        books.add(book)
        folder = os.path.join(content, book.lower())
        keywords = f"keywords: [{quote(front['filename'])}]\n" if front.get("filename") else ""
        title = str(front.get("name") or name)
        write(os.path.join(folder, name + ".md"),
              f"---\ntitle: {quote(title)}\ntype: section\n{keywords}---\n\n{links(body)}")
        counts["English articles"] += 1
        for locale, (tfront, tbody) in sorted(translations[name].items()):
            ttitle = str(tfront.get("name") or title)
            write(os.path.join(folder, f"{name}.{locale}.md"),
                  f"---\ntitle: {quote(ttitle)}\n---\n\n{links(tbody)}")
            counts["translations"] += 1
    for book in sorted(books):
        write(os.path.join(content, book.lower(), "index.md"),
              f"---\ntitle: {quote(book)}\ntype: book\n---\n\nLearn X in Y minutes: {book.lower()}.\n")
    for path, data in sorted(files.items()):
        if path.startswith("images/"):
            write(os.path.join(content, "_images", path[len("images/"):]), data)
            counts["images copied"] += 1
    counts["blobs absent from the mirror, skipped"] = len(missing)
    for key, value in sorted(counts.items()):
        print(f"{value:7}  {key}", file=sys.stderr)


if __name__ == "__main__":
    main()
