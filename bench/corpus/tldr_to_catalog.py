#!/usr/bin/env python3
"""Turns a checkout of tldr-pages (https://github.com/tldr-pages/tldr, CC BY 4.0: real,
multilingual Markdown that nobody on this project wrote) into a catalog in our content format.

    python3 bench/corpus/tldr_to_catalog.py TLDR --out DIR [--locales all|en,de,ko,...] [--limit N]

TLDR is a checkout, or a bare git directory (read with `git archive HEAD`). Nothing is
downloaded. The catalog: one book per platform folder (common, linux, osx…), one chapter per
first character of the command (a…z, 0-9, symbols), one section per page. A page's title is
its `# command` heading, its summary the first `>` line, its body the rest; every
pages.LOCALE/PLATFORM/NAME.md becomes NAME.LOCALE.md beside the English page (pages in a
locale with no English page are left out, as the content format requires). File names are
kept as tldr spells them (`[.md`, `c++.md`, `7z.md`), except a leading `.` or `_`, which the
content format reads as hidden: those get a `dot-`/`underscore-` prefix.
"""
import argparse, io, os, re, subprocess, sys, tarfile
from collections import defaultdict

LOCALE_NAMES = {"pt_BR": "pt-br", "pt_PT": "pt-pt", "zh": "zh-hans", "zh_TW": "zh-hant"}

def read_pages(source):
    """{(folder, platform, name): text} for pages/ and pages.LOCALE/."""
    pages = {}
    if os.path.isdir(os.path.join(source, "objects")) and os.path.exists(os.path.join(source, "HEAD")):
        archive = subprocess.run(["git", "--git-dir", source, "archive", "--format=tar", "HEAD"],
                                 check=True, capture_output=True).stdout
        with tarfile.open(fileobj=io.BytesIO(archive)) as tar:
            for member in tar:
                parts = member.name.split("/")
                if member.isfile() and len(parts) == 3 and parts[0].startswith("pages") and parts[2].endswith(".md"):
                    pages[(parts[0], parts[1], parts[2][:-3])] = tar.extractfile(member).read().decode("utf-8", "replace")
        return pages
    for folder in sorted(os.listdir(source)):
        if not folder.startswith("pages"):
            continue
        for platform in sorted(os.listdir(os.path.join(source, folder))):
            directory = os.path.join(source, folder, platform)
            for file in sorted(os.listdir(directory)) if os.path.isdir(directory) else []:
                if file.endswith(".md"):
                    with open(os.path.join(directory, file), encoding="utf-8", errors="replace") as handle:
                        pages[(folder, platform, file[:-3])] = handle.read()
    return pages

def locale_of(folder):
    if folder == "pages":
        return "en-us"
    code = folder.split(".", 1)[1]
    return LOCALE_NAMES.get(code, code.lower().replace("_", "-"))

def quote(text):
    return '"' + text.replace("\\", "\\\\").replace('"', '\\"') + '"'

def split_page(text):
    """(title, summary, body) of one tldr page."""
    lines = text.splitlines()
    title = next((l[2:].strip() for l in lines if l.startswith("# ")), "untitled")
    quoted = [l[1:].strip() for l in lines if l.startswith(">")]
    summary = re.sub(r"[`<>]", "", quoted[0]) if quoted else ""
    body = "\n".join(l for l in lines if not l.startswith("# ") and not l.startswith(">")).strip()
    return title, summary, body + "\n"

def file_name(name):
    if name.startswith("."):
        return "dot-" + name[1:]
    if name.startswith("_"):
        return "underscore-" + name[1:]
    return name

def chapter_of(name):
    first = name[0].lower()
    return first if "a" <= first <= "z" else ("0-9" if first.isdigit() else "symbols")

def write(path, text):
    os.makedirs(os.path.dirname(path), exist_ok=True)
    with open(path, "w", encoding="utf-8") as handle:
        handle.write(text)

def page_file(title, summary, body, kind=None, locales=None):
    """A context file; with `locales`, its title is a locale map, so that the context has
    every locale (under `missingTranslation: omit`, a page shows in a locale only when its
    book and chapter have it too)."""
    if locales:
        lines = ["---", "title:"] + [f"  {locale}: {quote(title)}" for locale in locales]
    else:
        lines = ["---", f"title: {quote(title)}"]
    if kind:
        lines.append(f"type: {kind}")
    if summary:
        lines.append(f"summary: {quote(summary)}")
    return "\n".join(lines + ["---", "", body])

def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("tldr")
    parser.add_argument("--out", required=True)
    parser.add_argument("--locales", default="all", help="all, or a comma-separated list of tldr codes (en first)")
    parser.add_argument("--limit", type=int, default=0, help="at most N English pages (0: all)")
    args = parser.parse_args()
    pages = read_pages(args.tldr)
    english = sorted((platform, name) for (folder, platform, name) in pages if folder == "pages")
    if args.limit:
        english = english[:args.limit]
    wanted = None if args.locales == "all" else {("pages" if c == "en" else "pages." + c) for c in args.locales.split(",")}
    folders = sorted({f for (f, _, _) in pages if f != "pages" and (wanted is None or f in wanted)})
    locales = ["en-us"] + [locale_of(f) for f in folders]
    content = os.path.join(args.out, "content")
    write(os.path.join(content, "catalog.yml"),
          "bundleIdentifier: org.example.tldr\ntitle: \"tldr pages\"\ndefaultLocale: en-us\n"
          f"locales: [{', '.join(locales)}]\nmissingTranslation: omit\n"
          "site: {baseURL: https://books.example.com/}\n")
    # The home page may set only a summary: catalog.yml describes the app itself.
    write(os.path.join(content, "index.md"), "---\nsummary: \"Simplified help pages for command-line tools.\"\n---\n\n"
          "Collaborative cheatsheets for console commands.\n")
    counts = defaultdict(int)
    books, chapters = set(), set()
    for platform, name in english:
        chapter = chapter_of(name)
        if platform not in books:
            books.add(platform)
            write(os.path.join(content, platform, "index.md"), page_file(platform, f"Commands for {platform}.", f"Pages for {platform}.\n", "book", locales))
        if (platform, chapter) not in chapters:
            chapters.add((platform, chapter))
            write(os.path.join(content, platform, chapter, "index.md"), page_file(chapter, f"Commands that begin with {chapter}.", f"Commands: {chapter}.\n", "chapter", locales))
        base = os.path.join(content, platform, chapter, file_name(name))
        title, summary, body = split_page(pages[("pages", platform, name)])
        write(base + ".md", page_file(title, summary, body, "section"))
        counts["en-us"] += 1
        for folder in folders:
            translated = pages.get((folder, platform, name))
            if translated is not None:
                title, summary, body = split_page(translated)
                write(f"{base}.{locale_of(folder)}.md", page_file(title, summary, body))
                counts[locale_of(folder)] += 1
    versions = sum(counts.values())
    print(f"{len(english)} pages, {len(books)} books, {len(chapters)} chapters, {len(locales)} locales, "
          f"{versions} page versions ({', '.join(f'{k} {v}' for k, v in sorted(counts.items()))})", file=sys.stderr)

main()
