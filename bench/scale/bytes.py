#!/usr/bin/env python3
"""Bytes per context version of a built site, split by what they are for.

    bench/scale/bytes.py SITE                # the table, the file counts and the largest files
    bench/scale/bytes.py SITE --json         # the same figures as JSON
    bench/scale/bytes.py SITE --top 20       # more of the largest files
    bench/scale/bytes.py BEFORE AFTER        # two builds side by side (the after/before ratio)

Reads only the output folder that `catalog-build build` wrote. The parts:

- body: the rendered Markdown of a page (`<div class="body"…>` … its `</div>`);
- page shell: the rest of every HTML page (head, header, language switcher,
  breadcrumbs, facts, cards of children, footer), home and search pages included;
- payloads: `catalog/` (the Catalog API request files and their manifest);
- search: `search/` other than its HTML pages (the index files the browser loads);
- sitemap: `sitemap*.xml` and `robots.txt`;
- other: assets, thumbnails, media, marker files.

Files are counted per kind with the space the file system allocated for them (whole
blocks: what many small files cost beyond their bytes).

A version is a context in one locale: the payload manifest's `contextCount`.
"""
import argparse
import json
import os
import re
import sys

BODY_OPEN = b'<div class="body"'
DIV = re.compile(rb"<div[\s>]|</div>")


def body_bytes(page):
    """Bytes between `<div class="body">` and the `</div>` that closes it (0 without one).
    Body text is escaped, so every `<div` in it is an element."""
    start = page.find(BODY_OPEN)
    if start < 0:
        return 0
    depth, position = 1, page.index(b">", start) + 1
    for match in DIV.finditer(page, position):
        depth += -1 if match.group(0) == b"</div>" else 1
        if depth == 0:
            return match.start() - position
    return len(page) - position


def part_of(relative):
    top = relative.split("/", 1)[0]
    if relative.endswith(".html"):
        return "page"
    if top == "catalog":
        return "payloads"
    if top == "search":
        return "search"
    if re.fullmatch(r"sitemap[\w-]*\.xml|robots\.txt", relative):
        return "sitemap"
    return "other"


def walk(root):
    stack = [""]
    while stack:
        folder = stack.pop()
        with os.scandir(os.path.join(root, folder)) as entries:
            for entry in entries:
                relative = folder + entry.name if not folder else folder + "/" + entry.name
                if entry.is_dir(follow_symlinks=False):
                    stack.append(relative)
                elif entry.is_file(follow_symlinks=False):
                    yield relative, entry


def measure(root, top):
    parts = {name: 0 for name in ("body", "page shell", "payloads", "search", "sitemap", "other")}
    files = {name: 0 for name in ("page", "payloads", "search", "sitemap", "other")}
    allocated = dict.fromkeys(files, 0)
    sizes = {name: [] for name in ("page", "search")}
    largest = []
    for relative, entry in walk(root):
        status = entry.stat(follow_symlinks=False)
        size = status.st_size
        part = part_of(relative)
        files[part] += 1
        allocated[part] += status.st_blocks * 512
        largest.append((size, relative))
        if part == "page":
            with open(entry.path, "rb") as handle:
                body = body_bytes(handle.read())
            parts["body"] += body
            parts["page shell"] += size - body
            sizes["page"].append((size, relative))
        else:
            parts[part] += size
            if part == "search":
                sizes["search"].append((size, relative))
    versions = json.load(open(os.path.join(root, "catalog", "manifest.json")))["contextCount"]
    largest.sort(reverse=True)
    for name in sizes:
        sizes[name].sort(reverse=True)
    return {
        "versions": versions,
        "bytes": parts,
        "files": files,
        "allocated": allocated,
        "largest": largest[:top],
        "largest pages": sizes["page"][:top],
        "search files": summary(sizes["search"]),
        "pages": summary(sizes["page"]),
    }


def summary(sized):
    if not sized:
        return {"count": 0}
    values = sorted(size for size, _ in sized)
    return {"count": len(values), "median": values[len(values) // 2], "max": values[-1], "total": sum(values)}


def human(size):
    for unit in ("B", "kB", "MB", "GB"):
        if size < 1000 or unit == "GB":
            return f"{size:.0f} {unit}" if unit == "B" else f"{size:.1f} {unit}"
        size /= 1000


def print_report(figures):
    versions = figures["versions"]
    total = sum(figures["bytes"].values())
    print(f"{versions:,} context versions, {human(total)} in {sum(figures['files'].values()):,} files\n")
    print("| part | bytes | per version |")
    print("|---|---:|---:|")
    for name, size in figures["bytes"].items():
        print(f"| {name} | {human(size)} | {size / versions:,.0f} B |")
    print(f"| total | {human(total)} | {total / versions:,.0f} B |\n")
    print("| files | count | allocated |")
    print("|---|---:|---:|")
    for name, count in figures["files"].items():
        print(f"| {name} | {count:,} | {human(figures['allocated'][name])} |")
    for name in ("pages", "search files"):
        s = figures[name]
        if s["count"]:
            print(f"\n{name}: {s['count']:,}, median {human(s['median'])}, largest {human(s['max'])}")
    print("\nlargest pages:")
    for size, path in figures["largest pages"]:
        print(f"  {human(size):>9}  {path}")
    print("\nlargest files:")
    for size, path in figures["largest"]:
        print(f"  {human(size):>9}  {path}")


def print_comparison(before, after):
    print(f"| | before | after | after/before |")
    print("|---|---:|---:|---:|")
    def row(name, old, new, unit=""):
        ratio = f"{new / old:.2f}" if old else "–"
        print(f"| {name} | {old:,}{unit} | {new:,}{unit} | {ratio} |")
    row("versions", before["versions"], after["versions"])
    for name in before["bytes"]:
        row(f"{name}, bytes per version", round(before["bytes"][name] / before["versions"]),
            round(after["bytes"][name] / after["versions"]), " B")
    total = lambda f: sum(f["bytes"].values())
    row("total, bytes per version", round(total(before) / before["versions"]), round(total(after) / after["versions"]), " B")
    for name in before["files"]:
        row(f"{name} files", before["files"][name], after["files"][name])
    row("all files", sum(before["files"].values()), sum(after["files"].values()))
    row("allocated, MB", round(sum(before["allocated"].values()) / 1e6), round(sum(after["allocated"].values()) / 1e6))
    row("search files, median size", before["search files"].get("median", 0), after["search files"].get("median", 0), " B")
    row("search files, largest", before["search files"].get("max", 0), after["search files"].get("max", 0), " B")
    row("largest page", before["pages"].get("max", 0), after["pages"].get("max", 0), " B")
    biggest = lambda f, prefix: max((size for size, path in f["largest"] if path.startswith(prefix)), default=0)
    row("largest sitemap file", biggest(before, "sitemap"), biggest(after, "sitemap"), " B")


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("site", help="the output folder of a build")
    parser.add_argument("other", nargs="?", help="a second build's output folder, compared with the first")
    parser.add_argument("--top", type=int, default=8, help="how many of the largest files to list")
    parser.add_argument("--json", action="store_true", help="print JSON instead of tables")
    arguments = parser.parse_args()
    figures = measure(arguments.site, arguments.top)
    if arguments.other:
        print_comparison(figures, measure(arguments.other, max(arguments.top, 200)))
        return
    if arguments.json:
        json.dump(figures, sys.stdout, indent=1)
        print()
    else:
        print_report(figures)


if __name__ == "__main__":
    main()
