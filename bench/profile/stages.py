#!/usr/bin/env python3
"""Instructions per pipeline stage, from callgrind profiles of catalog-build.

Usage: stages.py NAME=INCLUSIVE.txt [NAME=INCLUSIVE.txt ...]

Each file is `callgrind_annotate --inclusive=yes --threshold=100 PROFILE` passed through
`swift demangle --simplified`. A row's figure is the largest inclusive count among the
functions whose demangled name contains its pattern (a function shows several times, as
itself, its specializations and the thunks and partial applications that call it; the
outermost is the largest; inner levels of a recursion are left out). Work handed to another thread is counted on that thread's
stack, not its caller's: the rows are functions, each with what it calls on its own
thread, and an indented row is part of the row above it. Prints a Markdown table: millions of instructions (Ir) per
stage and binary, each stage's share of its binary's total, and the last binary's count
over the first's.
"""
import re
import sys

# (label, pattern): in the order the data flows (docs/ARCHITECTURE.md).
STAGES = [
    ("whole build, every thread", "PROGRAM TOTALS"),
    ("front matter of every file: read, YAML, fields", "FrontMatterReader.read(_:mode:into:)"),
    ("content walked and stamped (the up-to-date check)", "IncrementalBuild.init(content:output:cacheDirectory:)"),
    # Since session 19 `build` walks the content once, in the up-to-date check, and the
    # loader scans that listing; before, the loader walked it again.
    ("loading's own thread: the tree (and the walk, before session 19)",
     ("ContentLoader.loadTree(into:cache:bodies:listing:progress:)", "ContentLoader.loadTree(into:cache:bodies:progress:)")),
    ("validation and the model", "TreeStages.run(_:)"),
    ("every page (the site stage's workers)", "SiteStage.renderPage(_:renderer:links:media:wrap:checks:recordsBody:)"),
    ("  body read again from its file", "BodyLocation.read(_:hashingFrontMatter:)"),
    ("  body parsed: cmark, then the Swift nodes", "SiteStage.parse(_:checks:)"),
    # The document as one array of nodes since session 18; before, a tree of arrays.
    ("    the nodes made from cmark's", ("MarkdownParser.convert(_:byteCount:)", "MarkdownParser.children(of:_:depth:)")),
    ("  page written: shell and body HTML", "SiteStage.contextPage(_:renderer:bodyCapacity:body:)"),
    ("    the body's HTML", "HTMLRenderer.render(_:into:)"),
    ("  page's search terms", "SearchDocuments.document(_:body:bodyBytes:renderer:)"),
    ("search shards", "SearchIndexCollector.finish()"),
    ("files written (the site's writer)", "IncrementalSink.write(_:_:)"),
    ("payloads (beside the site)", "PayloadWriter.write<A>(model:thumbnails:to:concurrently:)"),
    ("build state saved", "IncrementalBuild.save(_:isClean:)"),
    ("swift_release and the deinits it runs", "swift_release"),
]

LINE = re.compile(r"^\s*([\d,]+) \(\s*[\d.]+%\)\s+(.*)$")


def read(path):
    counts = []
    with open(path, encoding="utf-8", errors="replace") as file:
        for line in file:
            match = LINE.match(line)
            if match:
                counts.append((int(match.group(1).replace(",", "")), match.group(2)))
    return counts


RECURSION = re.compile(r"'\d+ ")


def stage(counts, patterns):
    """The largest count of a function matching one of `patterns` (one pattern, or a tuple
    of the names a stage had in different versions). A recursive function's inner levels
    (`name'2`, callgrind's separated recursions) are left out: their counts hold the
    levels below them again."""
    patterns = patterns if isinstance(patterns, tuple) else (patterns,)
    return max((count for count, name in counts
                if any(pattern in name for pattern in patterns) and not RECURSION.search(name)), default=0)


def main(arguments):
    if not arguments:
        sys.exit(__doc__)
    runs = [(name, read(path)) for name, path in (argument.split("=", 1) for argument in arguments)]
    header = "| stage | " + " | ".join(f"{name}: M Ir (share)" for name, _ in runs)
    header += " | last ÷ first |" if len(runs) > 1 else " |"
    print(header)
    print("|---|" + "---:|" * len(runs) + ("---:|" if len(runs) > 1 else ""))
    for label, pattern in STAGES:
        values = [stage(counts, pattern) for _, counts in runs]
        totals = [stage(counts, "PROGRAM TOTALS") or 1 for _, counts in runs]
        cells = [f"{value / 1e6:,.0f} ({100 * value / total:.1f}%)" for value, total in zip(values, totals)]
        row = f"| {label.replace('  ', '· ')} | " + " | ".join(cells) + " |"
        if len(runs) > 1:
            row += f" {values[-1] / values[0]:.3f} |" if values[0] else " |"
        print(row)


if __name__ == "__main__":
    main(sys.argv[1:])
