#!/usr/bin/env python3
"""Turns a catalog in our content format (as the other scripts here write it) into a Hugo
site with the same Markdown, to time Hugo on the same pages (bench/corpus/README.md).

    python3 bench/corpus/catalog_to_hugo.py CONTENT --out DIR

CONTENT is the folder holding catalog.yml. DIR gets hugo.toml and layouts/ from
bench/site/hugo-layout (one page per file, one list page per section, no taxonomies,
RSS or sitemap) with catalog.yml's locales as Hugo's languages, and content/:

- `index.md` becomes Hugo's section page `_index.md`, `index.LOCALE.md` `_index.LOCALE.md`;
  `NAME.LOCALE.md` stays as it is (Hugo's translation by file name). Bodies are the same bytes.
- front matter: `title` only, as a string (a locale map's entry for each language; a folder
  whose title map has a locale with no translation file gets `_index.LOCALE.md` with that
  title, as our build gives it a page there), plus `weight` from the ordering prefix. Our
  other keys (type, summary, …) mean other things to Hugo or nothing, and are left out.
"""
import argparse, json, os, re, shutil, sys

import yaml

FRONT_MATTER = re.compile(r"\A---\r?\n(.*?)\r?\n---[ \t]*(?:\r?\n|\Z)", re.S)
LAYOUT = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "site", "hugo-layout")


def split(text):
    match = FRONT_MATTER.match(text)
    if not match:
        return {}, text
    return yaml.load(match.group(1), Loader=yaml.CSafeLoader) or {}, text[match.end():]


def head(title, weight):
    return f"---\ntitle: {json.dumps(title, ensure_ascii=False)}\nweight: {weight}\n---\n"


def convert(content, out, default, locales):
    """Writes every page; returns the number of files written."""
    written = 0
    for root, dirs, files in os.walk(content):
        dirs[:] = sorted(d for d in dirs if not d.startswith((".", "_")))
        relative = os.path.relpath(root, content)
        target = os.path.normpath(os.path.join(out, "content", relative))
        os.makedirs(target, exist_ok=True)
        prefix = re.match(r"^(\d+)[-_]", os.path.basename(root))
        folder_weight = int(prefix.group(1)) if prefix else 0
        for name in sorted(f for f in files if f.endswith(".md") and not f.startswith((".", "_"))):
            with open(os.path.join(root, name), encoding="utf-8") as handle:
                fields, body = split(handle.read())
            stem, dot, locale = name[:-3].rpartition(".")
            if not dot or locale not in locales:
                stem, locale = name[:-3], default
            is_index = stem == "index"
            prefix = re.match(r"^(\d+)[-_]", stem)
            weight = folder_weight if is_index else (int(prefix.group(1)) if prefix else 0)
            title = fields.get("title", "")
            titles = title if isinstance(title, dict) else {locale: title}
            base = "_index" if is_index else stem
            if relative == "." and is_index:
                continue  # the home page's body (our content/index.md): Hugo's home is its own
            suffix = "" if locale == default else "." + locale
            with open(os.path.join(target, base + suffix + ".md"), "w", encoding="utf-8") as handle:
                handle.write(head(str(titles.get(locale, next(iter(titles.values()), ""))), weight) + body)
            written += 1
            if isinstance(title, dict) and locale == default:
                for other, value in title.items():
                    if other != default and other in locales and not os.path.exists(os.path.join(root, f"{stem}.{other}.md")):
                        with open(os.path.join(target, f"{base}.{other}.md"), "w", encoding="utf-8") as handle:
                            handle.write(head(str(value), weight))
                        written += 1
    return written


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("content")
    parser.add_argument("--out", required=True)
    args = parser.parse_args()
    with open(os.path.join(args.content, "catalog.yml"), encoding="utf-8") as handle:
        catalog = yaml.safe_load(handle)
    default, locales = catalog["defaultLocale"].lower(), [l.lower().replace("_", "-") for l in catalog["locales"]]
    os.makedirs(args.out, exist_ok=True)
    shutil.copytree(os.path.join(LAYOUT, "layouts"), os.path.join(args.out, "layouts"), dirs_exist_ok=True)
    with open(os.path.join(LAYOUT, "hugo.toml"), encoding="utf-8") as handle:
        config = handle.read()
    config = f'defaultContentLanguage = "{default}"\n' + config + "".join(
        f'\n[languages.{locale}]\n  languageCode = "{locale}"\n  weight = {number}\n' for number, locale in enumerate(locales, 1))
    with open(os.path.join(args.out, "hugo.toml"), "w", encoding="utf-8") as handle:
        handle.write(config)
    written = convert(args.content, args.out, default, locales)
    print(f"{written} Markdown files for Hugo in {len(locales)} languages", file=sys.stderr)


main()
