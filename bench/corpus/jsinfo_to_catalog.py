#!/usr/bin/env python3
"""Turns The Modern JavaScript Tutorial (https://github.com/javascript-tutorial/en.javascript.info
and its translations, javascript-tutorial/LANG.javascript.info: a multilingual curriculum of
articles and exercises in Markdown, with code blocks and inline HTML, that nobody on this
project wrote) into a catalog in our content format. Figures: bench/corpus/README.md.

    python3 bench/corpus/jsinfo_to_catalog.py ENGLISH --out DIR
        [--translation LOCALE=PATH ...] [--missing fallback|omit]

ENGLISH and each translation are a checkout or a bare git directory (as the `fetch` tool
leaves them). Git directories are read with `git ls-tree` and `git cat-file --batch`; a
blob the mirror does not hold (its large design files) is skipped. Nothing is downloaded
and nothing but DIR is written.

- The tree is the tutorial's: each numbered top folder (`1-js`) is a book, each folder with
  an `index.md` a chapter, each folder with an `article.md` an article, each folder with a
  `task.md` an exercise (its `solution.md` follows the task in a `<details>` element, as the
  site shows it behind a button). An article with exercises is a folder (its text in
  `index.md`, its exercises inside); one without is a leaf. Folder names are kept, so the
  numeric prefixes order the siblings and the identifiers are the tutorial's slugs.
- Titles are each file's first `# ` heading (removed from the body); a summary is the first
  paragraph of prose, shortened to 300 characters. A task's `importance: N` line (the
  tutorial's own metadata, before a `---`) is left out.
- Links: `info:SLUG` (the tutorial's link to another article, with an optional `#anchor`;
  `info:task/SLUG` to an exercise)
  becomes a relative link to that context's file, and an empty link text `[](info:SLUG)` takes
  the target's title, as the tutorial's engine does (an autolink `<info:SLUG>` too, titled by
  the target); `mdn:/PATH` becomes MDN's address. A
  relative image or link to a file beside the Markdown is copied into a `_NAME/` folder
  beside the context (a name the content format does not read as a context), SVG figures
  too (the site publishes a copy without script); scripts and HTML, which the site does not
  publish, and the runnable examples (`NAME.view/`, served as `NAME/`) become absolute links
  to the tutorial's own copy. A relative link to no file
  becomes its text (`--broken keep` keeps it, to see the build's `link-broken`). Which links
  are links is decided by libcmark-gfm, the build's own parser (through `ctypes`), so that
  code, HTML comments and list items' fences are left as the build leaves them. Everything else,
  including the engine's own directives (`[iframe …]`, `[codetabs …]`, `[head]<script>…[/head]`)
  and fenced blocks (```` ```smart ````), is kept as written: the sanitizer and the
  diagnostics see what a writer of this tutorial writes.
- A translation's file is a locale version of the English file at the same path; a
  translated file with no English counterpart is left out (counted).
"""
import argparse, ctypes, ctypes.util, os, posixpath, re, shutil, subprocess, sys
from collections import Counter, defaultdict

BUNDLE = "info.javascript.catalog"
SITE = "https://javascript.info/"
MDN = "https://developer.mozilla.org/{}/docs/Web"
MDN_LOCALES = {"ru": "ru", "zh-hans": "zh-CN", "ja": "ja", "es": "es", "fr": "fr", "ko": "ko"}
SOLUTION = {"en-us": "Solution", "ru": "Решение", "zh-hans": "解决方案", "ja": "解答", "es": "Solución",
            "fr": "Solution", "ko": "해답", "uk": "Розв’язок", "ar": "الحل"}
PREFIX = re.compile(r"^(\d+)-")
LINK = re.compile(r"(!?)\[([^\]\n]*)\]\((<[^>\n]*>|(?:[^()\s]|\([^()\s]*\))+)((?:\s+\"[^\"]*\")?)\)")
AUTOLINK = re.compile(r"<((?:info|mdn):[^<>\s]*)>")
FENCE = re.compile(r"^( {0,3})(`{3,}|~{3,})")


class Source:
    """The files of one repository (a checkout or a bare git directory), by path."""

    def __init__(self, path):
        self.path = path
        self.git = os.path.isdir(os.path.join(path, "objects")) and os.path.exists(os.path.join(path, "HEAD"))
        if self.git:
            listing = subprocess.run(["git", "--git-dir", path, "ls-tree", "-r", "HEAD"],
                                     capture_output=True, text=True, check=True).stdout
            self.blobs = {}
            for line in listing.splitlines():
                meta, name = line.split("\t", 1)
                mode, kind, sha = meta.split()
                if kind == "blob" and mode != "120000":
                    self.blobs[name] = sha
            self.files = set(self.blobs)
            self.cache = {}
        else:
            self.files = {posixpath.relpath(posixpath.join(root, name), path)
                          for root, _, names in os.walk(path) for name in names}

    def read(self, name):
        if not self.git:
            with open(os.path.join(self.path, name), "rb") as handle:
                return handle.read()
        if name not in self.cache:
            result = subprocess.run(["git", "--git-dir", self.path, "cat-file", "blob", self.blobs[name]],
                                    capture_output=True)
            self.cache[name] = result.stdout if result.returncode == 0 else None
        return self.cache[name]

    def preload(self, names):
        """Reads many blobs in one `git cat-file --batch` (one process, not one a file)."""
        if not self.git:
            return
        wanted = [name for name in names if name in self.blobs and name not in self.cache]
        if not wanted:
            return
        batch = subprocess.run(["git", "--git-dir", self.path, "cat-file", "--batch"],
                               input="".join(self.blobs[n] + "\n" for n in wanted).encode(),
                               capture_output=True, check=True).stdout
        at = 0
        for name in wanted:
            end = batch.index(b"\n", at)
            header = batch[at:end].split()
            if len(header) < 3 or header[1] == b"missing":
                self.cache[name], at = None, end + 1
                continue
            size = int(header[2])
            self.cache[name] = batch[end + 1:end + 1 + size]
            at = end + 1 + size + 1

    def text(self, name):
        data = self.read(name) if name in self.files else None
        return None if data is None else data.decode("utf-8", "replace").replace("\r\n", "\n")


class CommonMark:
    """The links and images that libcmark-gfm (the build's own parser) finds in a body, by line:
    what is in code, an HTML comment or a list item's fence is not a link, as the build sees it."""

    def __init__(self):
        lib = ctypes.CDLL(ctypes.util.find_library("cmark-gfm") or "libcmark-gfm.so.0.29.0.gfm.6")
        pointer = ctypes.c_void_p
        for name, result, arguments in [
                ("cmark_parse_document", pointer, [ctypes.c_char_p, ctypes.c_size_t, ctypes.c_int]),
                ("cmark_iter_new", pointer, [pointer]), ("cmark_iter_next", ctypes.c_int, [pointer]),
                ("cmark_iter_get_node", pointer, [pointer]), ("cmark_iter_free", None, [pointer]),
                ("cmark_node_get_type_string", ctypes.c_char_p, [pointer]),
                ("cmark_node_get_url", ctypes.c_char_p, [pointer]),
                ("cmark_node_get_start_line", ctypes.c_int, [pointer]), ("cmark_node_free", None, [pointer])]:
            function = getattr(lib, name)
            function.restype, function.argtypes = result, arguments
        self.lib = lib

    def links(self, text):
        """{line (1-based): {destination, …}} of every link and image."""
        lib, data, found = self.lib, text.encode(), defaultdict(set)
        document = lib.cmark_parse_document(data, len(data), 0)
        walk = lib.cmark_iter_new(document)
        while True:
            event = lib.cmark_iter_next(walk)
            if event == 1:      # CMARK_EVENT_DONE
                break
            node = lib.cmark_iter_get_node(walk)
            if event == 2 and lib.cmark_node_get_type_string(node) in (b"link", b"image"):
                found[lib.cmark_node_get_start_line(node)].add(
                    lib.cmark_node_get_url(node).decode("utf-8", "replace"))
        lib.cmark_iter_free(walk)
        lib.cmark_node_free(document)
        return found


def natural(name):
    match = PREFIX.match(name)
    return (int(match.group(1)) if match else 1 << 30, name)


def slug(name):
    return PREFIX.sub("", name)


def split_title(text):
    """The first `# ` heading and the body without it (a task's metadata before `---` dropped)."""
    lines = text.split("\n")
    if lines and re.match(r"^[a-z]+:", lines[0]):
        for index, line in enumerate(lines[:6]):
            if line.strip() == "---":
                lines = lines[index + 1:]
                break
    for index, line in enumerate(lines):
        if line.startswith("# "):
            return line[2:].strip(), "\n".join(lines[:index] + lines[index + 1:]).strip("\n") + "\n"
        if line.strip():
            break
    return None, "\n".join(lines).strip("\n") + "\n"


def summary(body):
    """The first paragraph of prose, as plain text, at most 300 characters."""
    fenced = False
    paragraph = []
    for line in body.split("\n"):
        if FENCE.match(line):
            fenced = not fenced
            continue
        if fenced:
            continue
        stripped = line.strip()
        if not stripped:
            if paragraph:
                break
            continue
        if stripped[0] in "#[<|>!-*`" or re.match(r"^\d+\.", stripped):
            if paragraph:
                break
            continue
        paragraph.append(stripped)
    text = " ".join(paragraph)
    text = LINK.sub(lambda m: m.group(2), text)
    text = re.sub(r"[*_`]", "", text)
    return text if len(text) <= 300 else text[:297].rsplit(" ", 1)[0] + "…"


def yaml_string(value):
    """A double-quoted YAML scalar; control characters (a few translations hold a stray
    backspace) are written as escapes, which the build reports (`text-control-character`)."""
    escaped = value.replace("\\", "\\\\").replace('"', '\\"')
    return '"' + re.sub(r"[\x00-\x08\x0b-\x1f\x7f]", lambda m: "\\x%02X" % ord(m.group(0)), escaped) + '"'


class Converter:
    def __init__(self, english, translations, out, missing, broken="text"):
        self.english, self.translations, self.out, self.missing = english, translations, out, missing
        self.broken = broken
        self.commonmark = CommonMark()
        self.counts = Counter()
        self.places = {}   # slug -> output path of the context's Markdown (relative to content/)
        self.titles = {}   # (slug, locale) -> title

    # The tree

    def plan(self):
        """[(source folder, kind, output path)] in the English tree, parents first."""
        files = self.english.files
        folders = sorted({posixpath.dirname(name) for name in files if name.endswith(".md")})
        tops = sorted({name.split("/")[0] for name in files
                       if PREFIX.match(name.split("/")[0]) and "/" in name}, key=natural)
        plan = []

        def has(folder, name):
            return posixpath.join(folder, name) in files

        def visit(folder, output):
            children = sorted({name[len(folder) + 1:].split("/")[0] for name in folders
                               if name.startswith(folder + "/")}, key=natural)
            for child in children:
                source = posixpath.join(folder, child)
                if has(source, "index.md"):
                    plan.append((source, "chapter", posixpath.join(output, child, "index.md")))
                    visit(source, posixpath.join(output, child))
                elif has(source, "article.md"):
                    tasks = [c for c in children_of(source) if has(posixpath.join(source, c), "task.md")]
                    if tasks:
                        plan.append((source, "article", posixpath.join(output, child, "index.md")))
                        for task in tasks:
                            plan.append((posixpath.join(source, task), "task",
                                         posixpath.join(output, child, task + ".md")))
                    else:
                        plan.append((source, "article", posixpath.join(output, child + ".md")))
                elif has(source, "task.md"):
                    plan.append((source, "task", posixpath.join(output, child + ".md")))

        def children_of(folder):
            return sorted({name[len(folder) + 1:].split("/")[0] for name in folders
                           if name.startswith(folder + "/")}, key=natural)

        for top in tops:
            if has(top, "index.md"):
                plan.append((top, "book", posixpath.join(top, "index.md")))
                visit(top, top)
        return plan

    def main_file(self, kind):
        return {"book": "index.md", "chapter": "index.md", "article": "article.md", "task": "task.md"}[kind]

    # Bodies

    def rewrite(self, body, source, repo, output, locale):
        """Rewrites the links cmark sees: info:, mdn:, and files beside the Markdown."""
        here = posixpath.dirname(output)
        assets = posixpath.join(here, "_" + posixpath.basename(output)[:-3]) if not output.endswith(
            "/index.md") else here

        def replace(match):
            bang, text, target, title = match.groups()
            if target.startswith("<"):
                target = target[1:-1]
                if re.match(r"^[a-zA-Z][a-zA-Z0-9+.-]*:", target):
                    return match.group(0)
            if target.startswith("info:"):
                name, _, anchor = target[5:].lstrip("/").partition("#")
                # `info:task/SLUG` names an exercise, by its slug as articles are named.
                place = self.places.get(name[5:] if name.startswith("task/") else name)
                if place is None:
                    self.counts["info: links to no article, kept"] += 1
                    return match.group(0)
                self.counts["info: links rewritten"] += 1
                if not text:
                    text = self.titles.get((name, locale)) or self.titles.get((name, "en-us"), name)
                    self.counts["empty link texts given the title"] += 1
                relative = posixpath.relpath(place, here) + ("#" + anchor if anchor else "")
                return f"{bang}[{text}]({relative}{title})"
            if target.startswith("mdn:"):
                self.counts["mdn: links rewritten"] += 1
                return f"{bang}[{text}]({MDN.format(MDN_LOCALES.get(locale, 'en-US'))}{target[4:]}{title})"
            if re.match(r"^[a-zA-Z][a-zA-Z0-9+.-]*:|^/|^#", target):
                return match.group(0)
            path, _, anchor = target.partition("#")
            path, _, query = path.partition("?")
            file = posixpath.normpath(posixpath.join(source, path))
            if file.endswith(".md"):
                return match.group(0)
            head, _, rest = path.partition("/")
            if file not in repo.files and file not in self.english.files and \
                    any(n.startswith(posixpath.join(source, head + ".view") + "/") for n in self.english.files):
                # The tutorial's runnable examples: NAME.view/ is served as NAME/.
                self.counts["links to examples (NAME.view) made absolute"] += 1
                return f"{bang}[{text}]({SITE}article/{slug(posixpath.basename(source))}/{target}{title})"
            if file not in repo.files:
                if file not in self.english.files:
                    self.counts[f"links to no file, {'kept' if self.broken == 'keep' else 'made text'}"] += 1
                    return match.group(0) if self.broken == "keep" else text
                self.counts["files a translation lacks, taken from English"] += 1
            holder = repo if file in repo.files else self.english   # a translation may not copy an image
            if not re.search(r"\.(png|jpe?g|gif|webp|svg|txt|pdf|zip)$", file, re.I):
                self.counts["script and HTML files made absolute links"] += 1
                return f"{bang}[{text}]({SITE}article/{slug(posixpath.basename(source))}/{target}{title})"
            data = holder.read(file)
            if data is None:
                self.counts["files the mirror does not hold, kept as written"] += 1
                return match.group(0)
            destination = posixpath.join(assets, posixpath.basename(file))
            full = os.path.join(self.out, "content", destination)
            os.makedirs(os.path.dirname(full), exist_ok=True)
            with open(full, "wb") as handle:
                handle.write(data)
            self.counts["files copied"] += 1
            relative = posixpath.relpath(destination, here)
            return f"{bang}[{text}]({relative}{'?' + query if query else ''}{'#' + anchor if anchor else ''}{title})"

        links = self.commonmark.links(body)

        def replace_link(line_links):
            def change(match):
                target = match.group(3)
                return replace(match) if (target[1:-1] if target.startswith("<") else target) in line_links \
                    else match.group(0)
            return change

        def replace_autolink(line_links):
            # `<info:slug>` is a link to the article, titled by it; `<mdn:/path>` MDN's address.
            def change(match):
                target = match.group(1)
                if target not in line_links:
                    return match.group(0)
                if target.startswith("mdn:"):
                    self.counts["mdn: links rewritten"] += 1
                    return f"<{MDN.format(MDN_LOCALES.get(locale, 'en-US'))}{target[4:]}>"
                self.counts["info: autolinks"] += 1
                return replace(LINK.match(f"[]({target})"))
            return change

        out = []
        for number, line in enumerate(body.split("\n"), start=1):
            if number in links:
                line = AUTOLINK.sub(replace_autolink(links[number]), LINK.sub(replace_link(links[number]), line))
            out.append(line)
        return "\n".join(out)

    def page(self, repo, source, kind, locale):
        """(title, body) of one context in one locale, or None when the repository has no file."""
        text = repo.text(posixpath.join(source, self.main_file(kind)))
        if text is None:
            return None
        title, body = split_title(text)
        if kind == "task":
            solution = repo.text(posixpath.join(source, "solution.md"))
            if solution is not None:
                _, solution = split_title(solution)
                body += (f"\n<details>\n<summary>{SOLUTION.get(locale, 'Solution')}</summary>\n\n"
                         f"{solution}\n</details>\n")
        return title or slug(posixpath.basename(source)), body

    def front_matter(self, title, body, kind, default):
        lines = ["---", "title: " + yaml_string(title)]
        text = summary(body)
        if text:
            lines.append("summary: " + yaml_string(text))
        if default and kind == "task":
            lines.append("type: exercise")
        elif default and kind == "article":
            lines.append("type: lesson")
        lines.append("---")
        return "\n".join(lines) + "\n"

    def run(self):
        plan = self.plan()
        repos = [("en-us", self.english)] + self.translations
        for locale, repo in repos:
            repo.preload([posixpath.join(s, n) for s, k, _ in plan for n in (self.main_file(k), "solution.md")])
            for source, kind, output in plan:
                page = self.page(repo, source, kind, locale)
                if page:
                    self.titles[(slug(posixpath.basename(source)), locale)] = page[0]
        for source, kind, output in plan:
            self.places.setdefault(slug(posixpath.basename(source)), output)
        for locale, repo in repos:
            for source, kind, output in plan:
                page = self.page(repo, source, kind, locale)
                if page is None:
                    self.counts[f"{locale}: pages without this translation"] += 1
                    continue
                title, body = page
                body = self.rewrite(body, source, repo, output, locale)
                name = output if locale == "en-us" else output[:-3] + "." + locale + ".md"
                full = os.path.join(self.out, "content", name)
                os.makedirs(os.path.dirname(full), exist_ok=True)
                with open(full, "w", encoding="utf-8") as handle:
                    handle.write(self.front_matter(title, body, kind, locale == "en-us") + "\n" + body)
                self.counts[f"{locale}: versions written"] += 1
            known = {posixpath.join(s, self.main_file(k)) for s, k, _ in plan} | \
                    {posixpath.join(s, "solution.md") for s, k, _ in plan if k == "task"}
            extra = [n for n in repo.files if n.endswith(".md") and PREFIX.match(n) and n not in known]
            self.counts[f"{locale}: Markdown files with no English page, left out"] += len(extra)
        locales = [locale for locale, _ in repos]
        with open(os.path.join(self.out, "content", "catalog.yml"), "w", encoding="utf-8") as handle:
            handle.write(f"bundleIdentifier: {BUNDLE}\n"
                         "title: \"The Modern JavaScript Tutorial\"\n"
                         "defaultLocale: en-us\n"
                         f"locales: [{', '.join(locales)}]\n"
                         f"missingTranslation: {self.missing}\n"
                         "topic: computerScienceAndEngineering\n"
                         "site: {baseURL: https://books.example.com/}\n")
        return self.counts


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("english")
    parser.add_argument("--out", required=True)
    parser.add_argument("--translation", action="append", default=[], metavar="LOCALE=PATH")
    parser.add_argument("--missing", choices=["fallback", "omit"], default="fallback")
    parser.add_argument("--broken", choices=["text", "keep"], default="text",
                        help="a relative link or image to no file (a few translations have them): "
                             "its text only (the default, so the catalog builds) or kept as written "
                             "(to see the build's link-broken errors)")
    args = parser.parse_args()
    if os.path.exists(os.path.join(args.out, "content")):
        shutil.rmtree(os.path.join(args.out, "content"))
    translations = []
    for item in args.translation:
        locale, _, path = item.partition("=")
        translations.append((locale, Source(path)))
    counts = Converter(Source(args.english), translations, args.out, args.missing, args.broken).run()
    for key, value in sorted(counts.items()):
        print(f"{value:7d}  {key}")


if __name__ == "__main__":
    sys.exit(main())
