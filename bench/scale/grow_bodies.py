#!/usr/bin/env python3
"""Copies a generated catalog with every body FACTOR times as long, front matter unchanged:
a body is followed by the bodies of the next FACTOR-1 files of the same folder and locale (in
sorted order), so the text grows with new words, not one paragraph repeated, and its relative
links still resolve.

    python3 bench/scale/grow_bodies.py SOURCE DEST --factor 4

SOURCE and DEST are content folders (catalog.yml at their top). Used by run.sh to check that
a build's peak memory does not grow with the size of the bodies.
"""
import argparse, os, re, shutil
from collections import defaultdict

FRONT = re.compile(r"\A(---\n.*?\n---\n)(.*)\Z", re.S)
LOCALE = re.compile(r"\.([a-z]{2}(?:-[a-z0-9]+)?)\.md\Z")


def split(text):
    match = FRONT.match(text)
    return (match.group(1), match.group(2)) if match else ("", text)


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("source")
    parser.add_argument("dest")
    parser.add_argument("--factor", type=int, default=4)
    args = parser.parse_args()
    if os.path.exists(args.dest):
        shutil.rmtree(args.dest)
    shutil.copytree(args.source, args.dest)
    groups = defaultdict(list)
    for folder, _, files in os.walk(args.dest):
        for name in files:
            if name.endswith(".md"):
                match = LOCALE.search(name)
                groups[(folder, match.group(1) if match else "")].append(os.path.join(folder, name))
    for paths in groups.values():
        paths.sort()
        texts = []
        for path in paths:
            with open(path, encoding="utf-8") as handle:
                texts.append(split(handle.read()))
        for index, path in enumerate(paths):
            front, body = texts[index]
            if not body.strip():
                continue
            extra = [texts[(index + k) % len(paths)][1] for k in range(1, args.factor)]
            with open(path, "w", encoding="utf-8") as handle:
                handle.write(front + "\n\n".join([body.rstrip("\n")] + [e.rstrip("\n") for e in extra]) + "\n")


if __name__ == "__main__":
    main()
