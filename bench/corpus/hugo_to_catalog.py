#!/usr/bin/env python3
"""Turns a multilingual Hugo documentation site (Kueue's, https://github.com/kubernetes-sigs/kueue,
`site/content/en` and `site/content/zh-CN`, Apache 2.0: real docs that nobody on this project
wrote, read here and never committed) into a catalog in our content format.

    python3 bench/corpus/hugo_to_catalog.py REPOSITORY --out DIR
        [--content site/content] [--section docs] [--language en=en-us --language zh-CN=zh-hans]

REPOSITORY is a bare git directory (as `fetch` leaves it) or a checkout, read at HEAD. Nothing
is downloaded and nothing but DIR is written.

- The first `--language` is the default locale. Each folder below `CONTENT/LANG/SECTION` is a
  book or chapter (its `_index.md` its page), each other `.md` file a section; a file of
  another language at the same path is a translation (`NAME.LOCALE.md`). Hugo's `weight`
  orders siblings, as an ordering prefix (`003-cluster_queue.md`), so identifiers stay the
  file names.
- Front matter: `title` and `description` (the summary, 300 characters at most) are kept,
  the rest (`date`, `weight`, `menu`…) left out. The body is copied as written: Hugo's
  shortcodes (`{{< feature-state >}}`) stay, as a writer moving these docs would first see
  them (`foreign-syntax`), and so do headings' own ids (`## 你开始之前 {#before-you-begin}`),
  which the translations give their headings so that links keep landing.
- Links: Hugo's site paths to pages of the section (`/docs/concepts/cluster_queue#x`, a
  translation's `/zh-cn/docs/…`, and paths relative to a page's own site path, `../kueuectl/`)
  become relative links to the page's file, with their
  `#fragment` (the site then links each locale's page to the same locale's), so that the
  build checks them; libcmark-gfm decides which links are links. Others are left as written.
"""
import argparse, os, posixpath, re, sys
from collections import Counter

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from jsinfo_to_catalog import CommonMark  # noqa: E402
from carpentries_to_catalog import SPANNING_LINK, quote, read_files, write  # noqa: E402

FRONT = re.compile(r"\A---\n(.*?)\n---\n", re.S)


def front_matter(text):
    """(fields, body): the YAML front matter's plain `key: value` lines (and folded `>`), and the rest."""
    match = FRONT.match(text)
    if not match:
        return {}, text
    fields, key = {}, None
    for line in match.group(1).split("\n"):
        top = re.match(r"^([A-Za-z_]+):\s*(.*)$", line)
        if top:
            key, value = top.group(1), top.group(2).strip()
            fields[key] = "" if value in (">", "|", ">-", "|-") else value.strip("\"'")
        elif key and line.startswith(" "):
            fields[key] = (fields[key] + " " + line.strip()).strip()
    return fields, text[match.end():]


def summary_of(fields, body):
    text = fields.get("description") or next((p for p in body.split("\n\n") if p.strip() and not p.lstrip().startswith(
        ("#", "{{", "<", "```", "-", "|"))), "")
    text = re.sub(r"\s+", " ", re.sub(r"[*_`]|\{\{[^}]*\}\}|\[([^\]]*)\]\([^)]*\)", r"\1", text)).strip()
    return text[:297] + "…" if len(text) > 300 else text


class Site:
    def __init__(self, files, content, section, languages, out, counts):
        self.out, self.counts, self.languages = out, counts, languages
        self.commonmark = CommonMark()
        self.pages = {}   # (language, path below the section) -> text
        for path, data in files.items():
            for language in languages:
                prefix = posixpath.join(content, language, section) + "/"
                if path.startswith(prefix) and path.endswith(".md"):
                    self.pages[(language, path[len(prefix):])] = data.decode("utf-8", "replace")
        self.default = next(iter(languages))
        self.english = sorted(p for (language, p) in self.pages if language == self.default)
        self.places = {p: self.place(p) for p in self.english}

    def weight(self, language, path):
        fields, _ = front_matter(self.pages.get((language, path), ""))
        return int(fields["weight"]) if re.fullmatch(r"-?\d+", fields.get("weight", "")) else 999

    def place(self, path):
        """The output path of an English page: each folder and file with its weight as a prefix."""
        parts, placed = path.split("/"), []
        for depth in range(len(parts)):
            name = parts[depth]
            here = "/".join(parts[:depth + 1])
            if depth < len(parts) - 1:      # a folder: its weight is its _index.md's
                weight = self.weight(self.default, here + "/_index.md")
                placed.append(f"{max(weight, 0):03d}-{name}")
            elif name == "_index.md":
                placed.append("index.md")
            else:
                placed.append(f"{max(self.weight(self.default, here), 0):03d}-{name}")
        return "/".join(placed)

    def page_for(self, url_path):
        """The English page a site path names (`concepts/cluster_queue`), or None."""
        url_path = url_path.strip("/")
        for candidate in (url_path + ".md", url_path + "/_index.md", url_path + "/index.md"):
            if candidate in self.places:
                return candidate
        return None

    @staticmethod
    def url_of(path):
        """The site path of a page below the section: Hugo serves each page as a folder."""
        stem = path[:-len("_index.md")] if path.endswith("_index.md") else path[:-3] + "/"
        return "/docs/" + stem.lstrip("/")

    def rewrite(self, body, here, language, source):
        destinations = self.commonmark.links(body)
        known = set().union(*destinations.values()) if destinations else set()
        lower = language.lower()

        def change(match):
            bang, text, target, title = match.groups()
            bare = target[1:-1] if target.startswith("<") else target
            if bare not in known:
                return match.group(0)
            absolute = bare
            if not re.match(r"^[a-zA-Z][a-zA-Z0-9+.-]*:|^/|^#", bare):
                # Relative to the page's own site path (`../kueuectl/`, `docs/tasks/run/jobs`).
                path, _, rest = re.match(r"^([^#?]*)(.*)$", bare).group(1, 0, 2)
                absolute = posixpath.normpath(posixpath.join(self.url_of(source), path)) + ("/" if path.endswith("/") else "") + rest
            found = re.match(rf"^(?:/{re.escape(lower)})?/docs(/[^#?]*)?([?#].*)?$", absolute)
            page = found and self.page_for(found.group(1) or "")
            if not page:
                self.counts["site paths left as written" if bare.startswith("/") else "other links"] += 1
                return match.group(0)
            self.counts["site paths made relative"] += 1
            relative = posixpath.relpath(self.places[page], posixpath.dirname(here))
            return f"{bang}[{text}]({relative}{found.group(2) or ''}{title})"
        return SPANNING_LINK.sub(change, body)

    def run(self, bundle, title):
        locales = [locale for _, locale in self.languages.items()]
        write(os.path.join(self.out, "content", "catalog.yml"),
              f"bundleIdentifier: {bundle}\ntitle: {quote(title)}\ndefaultLocale: {locales[0]}\n"
              f"locales: [{', '.join(locales)}]\nmissingTranslation: fallback\n")
        for path in self.english:
            placed = self.places[path]
            for number, (language, locale) in enumerate(self.languages.items()):
                text = self.pages.get((language, path))
                if text is None:
                    self.counts[f"pages without a {locale} version"] += 1
                    continue
                fields, body = front_matter(text)
                target = placed if number == 0 else placed[:-3] + f".{locale}.md"
                head = f"title: {quote(fields.get('title') or posixpath.basename(path)[:-3])}\n"
                summary = summary_of(fields, body)
                if summary:
                    head += f"summary: {quote(summary)}\n"
                write(os.path.join(self.out, "content", target), f"---\n{head}---\n" + self.rewrite(body, placed, language, path))
                self.counts[f"{locale} pages"] += 1
        # Folders without an _index.md of their own still need one.
        folders = {posixpath.dirname(self.places[p]) for p in self.english} - {""}
        for folder in sorted(folders):
            index = os.path.join(self.out, "content", folder, "index.md")
            if not os.path.exists(index):
                name = re.sub(r"^\d+-", "", posixpath.basename(folder))
                write(index, f"---\ntitle: {quote(name.replace('-', ' ').replace('_', ' ').capitalize())}\n---\n")
                self.counts["folders given a page"] += 1


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("repository")
    parser.add_argument("--out", required=True)
    parser.add_argument("--content", default="site/content")
    parser.add_argument("--section", default="docs")
    parser.add_argument("--language", action="append", default=[],
                        help="DIR=LOCALE, the first the default (default: en=en-us and zh-CN=zh-hans)")
    parser.add_argument("--bundle", default="io.k8s.kueue.catalog")
    parser.add_argument("--title", default="Kueue")
    args = parser.parse_args()
    languages = dict(pair.split("=", 1) for pair in (args.language or ["en=en-us", "zh-CN=zh-hans"]))
    counts = Counter()
    site = Site(read_files(args.repository, None), args.content, args.section, languages, args.out, counts)
    site.run(args.bundle, args.title)
    for key, value in sorted(counts.items()):
        print(f"{key}: {value}")


if __name__ == "__main__":
    main()
