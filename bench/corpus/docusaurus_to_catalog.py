"""Turns a Docusaurus site's docs (MDX-flavoured Markdown: `import` lines, JSX components,
`:::tip` admonitions, front matter with `id`, `sidebar_label`, `description`) into a
catalog in our content format, to see what content moved from the most common docs
engine meets here. Tried on reduxjs/redux's docs (the Redux Essentials and Fundamentals
tutorials, MIT): read here, never committed or published.

    python3 bench/corpus/docusaurus_to_catalog.py REPOSITORY[@COMMIT] --out DIR [--docs docs]

REPOSITORY is a bare git directory (as `fetch github:reduxjs/redux` leaves it) or a
checkout; nothing is downloaded. The catalog is written to DIR/content.

Each folder directly under the docs folder is a book (`tutorials`, `api`…; its
`_category_.json` label or the folder's name its title), a folder below it a chapter, each
`.md`/`.mdx` file a section (an `index.md` or `README.md` of a folder is that folder's
page). Front matter: `title` (else the first `# heading`, else the file name) is kept as
the title and `description` as the summary; `id`, `sidebar_label`, `slug`, `hide_title`
and the like are left out. The file name's extension becomes `.md`, and links to `.mdx`
files are written `.md` (counted). Bodies are kept as written otherwise: `import` lines,
components, admonitions and all. Files at the docs folder's top are left out and counted
(our format has no section outside a book).
"""
import argparse, json, os, posixpath, re, sys
from collections import Counter

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from carpentries_to_catalog import quote, write  # noqa: E402
from lxiym_to_catalog import split  # noqa: E402
from odin_to_catalog import read_files  # noqa: E402

HEADING = re.compile(r"^#[ \t]+(.+?)[ \t#]*$", re.M)
MDX_LINK = re.compile(r"(\]\([^)\s]*?)\.mdx([#)\s])")


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("repository")
    parser.add_argument("--out", required=True)
    parser.add_argument("--docs", default="docs", help="the docs folder in the repository")
    args = parser.parse_args()
    source, _, commit = args.repository.partition("@")
    files, missing = read_files(source, commit)
    content = os.path.join(args.out, "content")
    counts = Counter()
    prefix = args.docs.rstrip("/") + "/"
    docs = {path[len(prefix):]: data for path, data in files.items() if path.startswith(prefix)}
    folders = set()
    for path, data in sorted(docs.items()):
        stem, ext = os.path.splitext(path)
        if ext not in (".md", ".mdx"):
            continue
        if "/" not in path:
            counts["pages at the docs folder's top, left out"] += 1
            continue
        front, body = split(data.decode("utf-8", "replace"))
        heading = HEADING.search(body)
        title = str(front.get("title") or (heading.group(1) if heading else os.path.basename(stem)))
        summary = f"summary: {quote(str(front['description']))}\n" if front.get("description") else ""
        body, changed = MDX_LINK.subn(r"\1.md\2", body)
        counts["links to .mdx files written .md"] += changed
        name = os.path.basename(stem)
        target = posixpath.join(posixpath.dirname(path), "index.md") if name in ("index", "README") else stem + ".md"
        kind = "" if name in ("index", "README") else "type: section\n"
        write(os.path.join(content, target), f"---\ntitle: {quote(title)}\n{kind}{summary}---\n\n{body}")
        counts["pages"] += 1
        parts = posixpath.dirname(path).split("/")
        folders.update("/".join(parts[:depth]) for depth in range(1, len(parts) + 1))
    for folder in sorted(folders):
        index = os.path.join(content, folder, "index.md")
        if os.path.exists(index):
            continue
        label = os.path.basename(folder)
        category = docs.get(folder + "/_category_.json")
        if category:
            label = json.loads(category).get("label", label)
        kind = "book" if "/" not in folder else "chapter"
        write(index, f"---\ntitle: {quote(label.replace('-', ' ').title() if label == os.path.basename(folder) else label)}\n"
                     f"type: {kind}\n---\n\n{label}.\n")
        counts["folder pages written"] += 1
    write(os.path.join(content, "catalog.yml"),
          "bundleIdentifier: org.example.docusaurus\ntitle: \"Docs\"\ndefaultLocale: en-us\nlocales: [en-us]\n")
    counts["blobs absent from the mirror, skipped"] = len(missing)
    for key, value in sorted(counts.items()):
        print(f"{value:7}  {key}", file=sys.stderr)


if __name__ == "__main__":
    main()
