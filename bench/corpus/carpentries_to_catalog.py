#!/usr/bin/env python3
"""Turns Software Carpentry lessons (https://github.com/swcarpentry, CC BY 4.0: real
curricula that nobody on this project wrote, in the dialects of two site engines) into a
catalog in our content format.

    python3 bench/corpus/carpentries_to_catalog.py LESSON[@COMMIT] ... --out DIR

Each LESSON is a bare git directory (as `fetch github:swcarpentry/NAME` leaves it, read with
`git archive`) or a checkout; `@COMMIT` reads the lesson as it was at that commit. Nothing is
downloaded. Lessons written for the Carpentries Workbench (2023 on) use Pandoc's fenced divs
(`::: challenge`) and attribute lists after images (`{alt='…'}`); older ones were Jekyll
sites, with kramdown attribute lists (`{: .language-python}`) and Liquid (`{{ page.root }}`,
`{% include links.md %}`). The Markdown is copied as written, so that the build reports what
such a lesson needs to be changed (`foreign-syntax`).

The catalog: one book per lesson (named after its folder, and the commit when one is given), one chapter per folder of pages (`episodes`, `learners`,
`instructors`; Jekyll's `_episodes` and `_extras` lose the underscore, which the content
format reads as hidden), one section per page, titled by its front matter. Every other file
of those folders (figures, data) and of `fig/` is copied beside them, in folders whose
names start with `_` (`episodes/_fig/`, `_fig/`), which the content format reads as media,
not as contexts.

Links and images are pointed at the new layout, as the lessons' engines resolve them: a
link to `NAME.html` goes to the page made of `NAME.md`; a page of `learners/` or
`instructors/` that names `fig/…`, `data/…` or a page reads it from `episodes/`, as the
Workbench does; any other file of the repository that a page links to (`code/…`) is copied
into the book's `_files/`. Which links are links is decided by libcmark-gfm, as in
`jsinfo_to_catalog.py`. What resolves to nothing is left as written (the build reports it).
"""
import argparse, io, os, posixpath, re, subprocess, sys, tarfile
from collections import Counter

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from jsinfo_to_catalog import CommonMark  # noqa: E402  (the same cmark-driven link finder)

CHAPTERS = {"episodes": "episodes", "_episodes": "episodes", "learners": "learners", "instructors": "instructors",
            "_extras": "extras", "fig": "_fig"}
SCHEME = re.compile(r"^[a-zA-Z][a-zA-Z0-9+.-]*:|^/|^#")
# `LINK` of jsinfo_to_catalog.py, with a text that may run over lines and hold `[…]`.
SPANNING_LINK = re.compile(r"(!?)\[((?:[^\[\]]|\[[^\[\]]*\])*)\]\(\s*(<[^>\n]*>|(?:[^()\s]|\([^()\s]*\))+)((?:\s+\"[^\"]*\")?)\)")

def read_files(source, commit):
    """{path: bytes} of the lesson at `commit` (a checkout is read as it is when no commit)."""
    if commit or os.path.exists(os.path.join(source, "HEAD")):
        git = ["git", "--git-dir", source] if os.path.exists(os.path.join(source, "HEAD")) else ["git", "-C", source]
        archive = subprocess.run(git + ["archive", "--format=tar", commit or "HEAD"], check=True, capture_output=True).stdout
        with tarfile.open(fileobj=io.BytesIO(archive)) as tar:
            return {m.name: tar.extractfile(m).read() for m in tar if m.isfile()}
    files = {}
    for root, _, names in os.walk(source):
        for name in names:
            path = os.path.join(root, name)
            with open(path, "rb") as handle:
                files[os.path.relpath(path, source)] = handle.read()
    return files

def quote(text):
    return '"' + text.replace("\\", "\\\\").replace('"', '\\"') + '"'

def split_front_matter(text):
    """(title, body) of a lesson page; its own front matter is dropped, its title kept."""
    match = re.match(r"---\n(.*?)\n---\n", text, re.S)
    if not match:
        return None, text
    title = re.search(r"^title:\s*[\"']?(.*?)[\"']?\s*$", match.group(1), re.M)
    return (title.group(1) if title else None), text[match.end():]

def write(path, data):
    os.makedirs(os.path.dirname(path), exist_ok=True)
    with open(path, "wb") as handle:
        handle.write(data if isinstance(data, bytes) else data.encode("utf-8"))

def output_path(path):
    """Where a file of the lesson goes in its book (relative), or None when it is not copied:
    a chapter's subfolders (figures, data) get a `_` first, and so do files in `fig/`."""
    folder, _, rest = path.partition("/")
    if folder not in CHAPTERS or not rest or any(p.startswith((".", "_")) for p in rest.split("/")):
        return None
    parts = rest.split("/")
    if len(parts) > 1:
        parts[0] = "_" + parts[0]
    return posixpath.join(CHAPTERS[folder], *parts)


class Lesson:
    def __init__(self, files, book, counts):
        self.files, self.book, self.counts = files, book, counts
        self.commonmark = CommonMark()

    def target(self, page, path):
        """The lesson file a relative link of `page` names, as its engine resolves it."""
        here = posixpath.dirname(page)
        bases = [here] + (["episodes", "_episodes"] if here.split("/")[0] in ("learners", "instructors") else [])
        for base in bases:
            resolved = posixpath.normpath(posixpath.join(base, path))
            for candidate in [resolved] + ([resolved[:-5] + ".md"] if resolved.endswith(".html") else []):
                if candidate in self.files:
                    return candidate
        return None

    def rewrite(self, page, body):
        out_dir = posixpath.dirname(output_path(page))

        def change(match, line_links):
            bang, text, target, title = match.groups()
            bare = target[1:-1] if target.startswith("<") else target
            if bare not in line_links or SCHEME.match(bare):
                return match.group(0)
            path, mark, anchor = bare.partition("#")
            found = self.target(page, path)
            if found is None:
                self.counts["links to nothing, kept"] += 1
                return match.group(0)
            place = output_path(found)
            if place is None or (found.endswith(".md") and place.split("/")[-2].startswith("_")):
                place = posixpath.join("_files", found)
                write(os.path.join(self.book, place), self.files[found])
                self.counts["files outside the chapters copied"] += 1
            new = posixpath.relpath(place, out_dir) + mark + anchor
            self.counts["links rewritten" if new != bare else "links as they were"] += 1
            return f"{bang}[{text}]({new}{title})"

        # The lessons' alt texts run over several lines, so the body is matched whole (the
        # text may hold line breaks); only destinations cmark saw as links are changed.
        destinations = set().union(*self.commonmark.links(body).values()) if body else set()
        return SPANNING_LINK.sub(lambda m: change(m, destinations), body)


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("lessons", nargs="+")
    parser.add_argument("--out", required=True)
    args = parser.parse_args()
    content = os.path.join(args.out, "content")
    write(os.path.join(content, "catalog.yml"),
          "bundleIdentifier: org.example.carpentries\ntitle: \"Software Carpentry\"\ndefaultLocale: en-us\n"
          "locales: [en-us]\nsite: {baseURL: https://lessons.example.com/}\n")
    pages, counts = 0, Counter()
    for lesson in args.lessons:
        source, _, commit = lesson.partition("@")
        name = os.path.basename(os.path.dirname(source.rstrip("/")) if source.rstrip("/").endswith("repo") else source.rstrip("/"))
        files = read_files(source, commit)
        name = name.split("+")[-1] + (f"-{commit[:7]}" if commit else "")
        book = os.path.join(content, name)
        write(os.path.join(book, "index.md"), f"---\ntitle: {quote(name)}\ntype: book\n---\n\nA Software Carpentry lesson.\n")
        converter = Lesson(files, book, counts)
        seen = set()
        for path, data in sorted(files.items()):
            place = output_path(path)
            if place is None:
                continue
            chapter, target = place.split("/")[0], os.path.join(book, place)
            media = len(place.split("/")) > 2 or chapter.startswith("_")
            if not path.endswith(".md") or media:
                if not path.endswith(".md"):
                    write(target, data)
                continue
            if chapter not in seen:
                seen.add(chapter)
                write(os.path.join(book, chapter, "index.md"), f"---\ntitle: {quote(chapter.capitalize())}\ntype: chapter\n---\n\nThe lesson's {chapter}.\n")
            if place.endswith("/index.md"):
                continue
            title, body = split_front_matter(data.decode("utf-8", "replace"))
            write(target, f"---\ntitle: {quote(title or posixpath.basename(place)[:-3])}\ntype: section\n---\n\n{converter.rewrite(path, body)}")
            pages += 1
    print(f"{len(args.lessons)} lessons, {pages} pages", file=sys.stderr)
    for key, value in sorted(counts.items()):
        print(f"{value:7}  {key}", file=sys.stderr)

if __name__ == "__main__":
    main()
