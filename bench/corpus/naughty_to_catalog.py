#!/usr/bin/env python3
"""Turns the Big List of Naughty Strings (https://github.com/minimaxir/big-list-of-naughty-strings,
MIT: 515 strings that have broken real software, collected by strangers: script and SQL
injection, Unicode that reorders, combines or vanishes, emoji, right-to-left text, control
characters, format strings, huge numbers) into a catalog in our content format, to see what
content nobody here wrote does to every field it can reach.

    python3 bench/corpus/naughty_to_catalog.py BLNS --out DIR [--only title,summary,keywords,body,identifier]

BLNS is the repository (a checkout or a bare git directory, read with `git show HEAD:blns.json`)
or its blns.json. Nothing is downloaded. The catalog, in two locales (en-us and ar):

- `fields/`: one section a string (`s001.md`…), the string as its title, summary, keyword
  and Markdown body (as written, in a code span, as a link's text and as an image's
  description), and an Arabic translation with the string as its title;
- `identifiers/`: one section a string, the string as its `identifier:`.

A string that is no valid value of a field is an error there (an empty title, an identifier
with a slash, raw HTML that links to a file that is not there): the build reports it and
writes nothing, as it should. `--only` writes only the fields named, so that the others can
be seen built, and `--errors REPORT` (the first build's `--format json` report) gives each
section that had an error the title `String N` and its string in a fenced code block
instead: a second build with `--errors REPORT` writes the site with every other string in
every field.
"""
import argparse, json, os, subprocess, sys

FIELDS = ["title", "summary", "keywords", "body", "identifier"]

def read_strings(source):
    if os.path.isfile(source):
        with open(source, encoding="utf-8") as handle:
            return json.load(handle)
    if os.path.isdir(os.path.join(source, ".git")):
        source = os.path.join(source, ".git")
    text = subprocess.run(["git", "--git-dir", source, "show", "HEAD:blns.json"], check=True,
                          capture_output=True).stdout.decode("utf-8")
    return json.loads(text)

def yaml_string(value):
    """A YAML double-quoted scalar (JSON's escapes are YAML's)."""
    return json.dumps(value, ensure_ascii=False)

def front_matter(fields):
    lines = ["---"]
    for key, value in fields:
        lines.append(f"{key}: {value}")
    return "\n".join(lines + ["---", ""])

def body(value):
    longest = 0
    run = 0
    for character in value:
        run = run + 1 if character == "`" else 0
        longest = max(longest, run)
    fence = "`" * (longest + 1)
    one_line = " ".join(value.splitlines())
    return (f"{value}\n\n"
            f"Code: {fence} {one_line} {fence}\n\n"
            f"A link: [{one_line}](#top)\n\n"
            f"An image: ![{one_line}](missing-on-purpose.png)\n").replace("missing-on-purpose.png", "../_media/dot.png")

def write(path, text):
    os.makedirs(os.path.dirname(path), exist_ok=True)
    with open(path, "w", encoding="utf-8") as handle:
        handle.write(text)

# A 1×1 PNG for the images bodies show.
DOT = bytes.fromhex("89504e470d0a1a0a0000000d4948445200000001000000010806000000"
                    "1f15c4890000000d49444154789c6360f8cfc0f01f0005000201a4e2"
                    "b1d20000000049454e44ae426082")

def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("source")
    parser.add_argument("--out", required=True)
    parser.add_argument("--only", default=",".join(FIELDS))
    parser.add_argument("--errors", help="a `build --format json` report of this catalog: a section whose file "
                        "has an error gets its string in a fenced code block instead, so that the rest builds")
    args = parser.parse_args()
    only = [field for field in args.only.split(",") if field]
    unknown = [field for field in only if field not in FIELDS]
    if unknown:
        sys.exit(f"unknown field {unknown[0]}; the fields are {', '.join(FIELDS)}")
    strings = read_strings(args.source)
    failed, failed_paths = set(), set()
    if args.errors:
        with open(args.errors, encoding="utf-8") as handle:
            report = json.load(handle)
        errors = [d["file"] for d in report["diagnostics"] if d["severity"] == "error"]
        failed = {os.path.basename(file) for file in errors if "/fields/" in file}
        # An identifier's error is reported at it or at its twin's (`identifier-duplicate`).
        failed_paths = {os.path.join(*file.split("/")[-2:]) for file in errors if "/identifiers/" in file}
    content = os.path.join(args.out, "content")
    write(os.path.join(content, "catalog.yml"), "\n".join([
        "bundleIdentifier: org.example.naughty",
        "title: Naughty Strings",
        "defaultLocale: en-us",
        "locales: [en-us, ar]",
        "missingTranslation: fallback",
        "site:",
        "  baseURL: https://example.org/naughty/",
        "rules:",
        "  assignable-summary: off",
        "",
    ]))
    os.makedirs(os.path.join(content, "_media"), exist_ok=True)
    with open(os.path.join(content, "_media", "dot.png"), "wb") as handle:
        handle.write(DOT)
    field_keys = [field for field in only if field in ("title", "summary", "keywords")]
    if field_keys or "body" in only:
        write(os.path.join(content, "fields", "index.md"),
              front_matter([("title", "Every string in every field")]))
        for number, value in enumerate(strings, 1):
            name = f"s{number:03d}.md"
            safe = name in failed or name.replace(".md", ".ar.md") in failed
            in_fields = value if not safe else f"String {number}"
            fields = [("title", yaml_string(in_fields) if "title" in only else yaml_string(f"String {number}"))]
            if "summary" in only:
                fields.append(("summary", yaml_string(in_fields)))
            if "keywords" in only:
                fields.append(("keywords", "[" + yaml_string(in_fields) + "]"))
            fields.append(("type", "section"))
            if "body" not in only:
                text = front_matter(fields) + f"String {number}.\n"
            elif safe:
                fence = "~" * (max([len(line) - len(line.lstrip("~")) for line in value.splitlines()] + [2]) + 1)
                text = front_matter(fields) + f"{fence}\n{value}\n{fence}\n"
            else:
                text = front_matter(fields) + body(value)
            write(os.path.join(content, "fields", f"s{number:03d}.md"), text)
            if "title" in only:
                write(os.path.join(content, "fields", f"s{number:03d}.ar.md"),
                      front_matter([("title", yaml_string(in_fields))]) + "نص.\n")
    if "identifier" in only:
        write(os.path.join(content, "identifiers", "index.md"),
              front_matter([("title", "Every string as an identifier")]))
        for number, value in enumerate(strings, 1):
            name = f"s{number:03d}.md"
            identifier = value if os.path.join("identifiers", name) not in failed_paths else f"s{number:03d}"
            write(os.path.join(content, "identifiers", name),
                  front_matter([("title", yaml_string(f"Identifier {number}")), ("identifier", yaml_string(identifier))])
                  + f"String {number}.\n")
    print(f"{len(strings)} strings into {content} ({', '.join(only)})")

if __name__ == "__main__":
    main()
