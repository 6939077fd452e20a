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
of those folders (figures, data) and of `fig/` is copied beside them, so that images resolve.
"""
import argparse, io, os, re, subprocess, sys, tarfile

CHAPTERS = {"episodes": "episodes", "_episodes": "episodes", "learners": "learners", "instructors": "instructors",
            "_extras": "extras", "fig": "fig"}

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

def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("lessons", nargs="+")
    parser.add_argument("--out", required=True)
    args = parser.parse_args()
    content = os.path.join(args.out, "content")
    write(os.path.join(content, "catalog.yml"),
          "bundleIdentifier: org.example.carpentries\ntitle: \"Software Carpentry\"\ndefaultLocale: en-us\n"
          "locales: [en-us]\nsite: {baseURL: https://lessons.example.com/}\n")
    pages = 0
    for lesson in args.lessons:
        source, _, commit = lesson.partition("@")
        name = os.path.basename(os.path.dirname(source.rstrip("/")) if source.rstrip("/").endswith("repo") else source.rstrip("/"))
        files = read_files(source, commit)
        name = name.split("+")[-1] + (f"-{commit[:7]}" if commit else "")
        book = os.path.join(content, name)
        write(os.path.join(book, "index.md"), f"---\ntitle: {quote(name)}\ntype: book\n---\n\nA Software Carpentry lesson.\n")
        seen = set()
        for path, data in sorted(files.items()):
            folder, _, rest = path.partition("/")
            if folder not in CHAPTERS or not rest or any(p.startswith((".", "_")) for p in rest.split("/")):
                continue
            chapter = CHAPTERS[folder]
            target = os.path.join(book, chapter, rest)
            if not path.endswith(".md") or chapter == "fig":
                write(target, data)
                continue
            if chapter not in seen:
                seen.add(chapter)
                write(os.path.join(book, chapter, "index.md"), f"---\ntitle: {quote(chapter.capitalize())}\ntype: chapter\n---\n\nThe lesson's {chapter}.\n")
            if rest == "index.md":
                continue
            title, body = split_front_matter(data.decode("utf-8", "replace"))
            write(target, f"---\ntitle: {quote(title or rest[:-3])}\ntype: section\n---\n\n{body}")
            pages += 1
    print(f"{len(args.lessons)} lessons, {pages} pages", file=sys.stderr)

main()
