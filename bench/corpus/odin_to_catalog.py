#!/usr/bin/env python3
"""Turns The Odin Project's curriculum (https://github.com/TheOdinProject/curriculum, CC BY-NC-SA
4.0: a real web-development curriculum that nobody on this project wrote, read here and never
committed or published) into a catalog in our content format.

    python3 bench/corpus/odin_to_catalog.py REPOSITORY[@COMMIT] --out DIR

REPOSITORY is a bare git directory (as `fetch github:TheOdinProject/curriculum` leaves it) or a
checkout; blobs the mirror left out (its largest images) are skipped and counted. Nothing is
downloaded.

The lessons have no front matter: a lesson's title is its file name (`fundamentals_part_1.md`
→ "Fundamentals part 1"), as the curriculum's own site titles them from its database. Their
Markdown is copied as written, with its dialect: `<div class="lesson-note" markdown="1">`
(kramdown's Markdown-inside-HTML attribute, which GitHub and cmark ignore: the Markdown inside
is read because blank lines surround it), `<details markdown="block">`, `<span id=…>` anchors
for the knowledge checks, links to the curriculum's own site (`/courses/…`).

The catalog: one book per top-level folder (`foundations`, `javascript`, `ruby` …; the
repository's tooling folders are left out), one chapter per folder that holds lessons below
it, one section per lesson. A folder with no lesson in it (`imgs/`, a lesson's own `imgs/`)
is copied with a `_` first, which the content format reads as media, not as contexts; a
relative link or image that names a file of the repository is pointed at its new place
(libcmark-gfm decides which links are links, as in `jsinfo_to_catalog.py`). What resolves to
nothing is left as written (the build reports it).
"""
import argparse, os, posixpath, re, subprocess, sys
from collections import Counter

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from jsinfo_to_catalog import CommonMark  # noqa: E402  (the same cmark-driven link finder)
from carpentries_to_catalog import SPANNING_LINK, quote, write  # noqa: E402

LEFT_OUT = {".github", "markdownlint", "templates", "shared"}
SCHEME = re.compile(r"^[a-zA-Z][a-zA-Z0-9+.-]*:|^/|^#")


def read_files(source, commit):
    """{path: bytes} of the repository at `commit` (or HEAD), and the paths whose blobs are absent."""
    bare = os.path.exists(os.path.join(source, "HEAD"))
    git = ["git", "--git-dir", source] if bare else ["git", "-C", source]
    listing = subprocess.run(git + ["ls-tree", "-r", "-z", commit or "HEAD"], check=True, capture_output=True).stdout
    entries = [line.split(b"\t", 1) for line in listing.split(b"\0") if line]
    blobs = [(meta.split()[2].decode(), path.decode()) for meta, path in entries if meta.split()[1] == b"blob"]
    batch = subprocess.run(git + ["cat-file", "--batch"], input="".join(f"{sha}\n" for sha, _ in blobs).encode(),
                           check=True, capture_output=True).stdout
    files, missing, at = {}, [], 0
    for sha, path in blobs:
        end = batch.index(b"\n", at)
        header = batch[at:end].split()
        if header[-1] == b"missing":
            missing.append(path)
            at = end + 1
            continue
        size = int(header[2])
        files[path] = batch[end + 1:end + 1 + size]
        at = end + 1 + size + 1
    return files, missing


def title_of(name):
    words = name.replace("_", " ").replace("-", " ").strip()
    return words[:1].upper() + words[1:]


class Curriculum:
    def __init__(self, files, content, counts):
        self.files, self.content, self.counts = files, content, counts
        self.commonmark = CommonMark()
        lessons = [p for p in files if p.endswith(".md") and p.split("/")[0] not in LEFT_OUT and "/" in p]
        # Folders that hold a lesson somewhere below them are contexts; the others are media.
        self.context_folders = {posixpath.dirname(p) for p in lessons}
        for folder in list(self.context_folders):
            while "/" in folder:
                folder = posixpath.dirname(folder)
                self.context_folders.add(folder)
        self.lessons = sorted(lessons)

    def place(self, path):
        """Where a file of the repository goes below content/, or None when it is not copied."""
        parts = path.split("/")
        if parts[0] in LEFT_OUT or len(parts) < 2 or any(p.startswith(".") for p in parts):
            return None
        out, folder = [], ""
        for index, part in enumerate(parts[:-1]):
            folder = posixpath.join(folder, part) if folder else part
            media = folder not in self.context_folders or any(o.startswith("_") for o in out)
            out.append("_" + part if media and not part.startswith("_") else part)
        if not path.endswith(".md") and posixpath.dirname(path) in self.context_folders:
            out.append("_files")  # a file beside the lessons (a project's starter `.js`)
        out.append(parts[-1])
        return "/".join(out)

    def rewrite(self, page, body):
        here, out_dir = posixpath.dirname(page), posixpath.dirname(self.place(page))

        def change(match, destinations):
            bang, text, target, title = match.groups()
            bare = target[1:-1] if target.startswith("<") else target
            if bare not in destinations or SCHEME.match(bare):
                return match.group(0)
            path, mark, anchor = bare.partition("#")
            found = posixpath.normpath(posixpath.join(here, path))
            if found not in self.files or self.place(found) is None:
                self.counts["relative links to nothing, kept"] += 1
                return match.group(0)
            new = posixpath.relpath(self.place(found), out_dir) + mark + anchor
            self.counts["relative links rewritten" if new != bare else "relative links as they were"] += 1
            return f"{bang}[{text}]({new}{title})"

        destinations = set().union(*self.commonmark.links(body).values()) if body else set()
        return SPANNING_LINK.sub(lambda m: change(m, destinations), body)

    def write_all(self):
        for folder in sorted(self.context_folders):
            depth = folder.count("/")
            kind = "book" if depth == 0 else "chapter"
            write(os.path.join(self.content, folder, "index.md"),
                  f"---\ntitle: {quote(title_of(posixpath.basename(folder)))}\ntype: {kind}\n---\n\n"
                  f"The Odin Project's {title_of(posixpath.basename(folder)).lower()}.\n")
        for path in self.lessons:
            body = self.files[path].decode("utf-8", "replace")
            name = posixpath.basename(path)[:-3]
            write(os.path.join(self.content, self.place(path)),
                  f"---\ntitle: {quote(title_of(name))}\ntype: section\n---\n\n{self.rewrite(path, body)}")
            self.counts["lessons"] += 1
        for path, data in sorted(self.files.items()):
            place = self.place(path)
            if place is None or path.endswith(".md"):
                continue
            write(os.path.join(self.content, place), data)
            self.counts["other files copied"] += 1


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("repository")
    parser.add_argument("--out", required=True)
    args = parser.parse_args()
    source, _, commit = args.repository.partition("@")
    files, missing = read_files(source, commit)
    content = os.path.join(args.out, "content")
    write(os.path.join(content, "catalog.yml"),
          "bundleIdentifier: org.example.odin\ntitle: \"The Odin Project\"\ndefaultLocale: en-us\n"
          "locales: [en-us]\nsite: {baseURL: https://odin.example.com/}\n")
    counts = Counter()
    Curriculum(files, content, counts).write_all()
    counts["blobs absent from the mirror, skipped"] = len(missing)
    for key, value in sorted(counts.items()):
        print(f"{value:7}  {key}", file=sys.stderr)


if __name__ == "__main__":
    main()
