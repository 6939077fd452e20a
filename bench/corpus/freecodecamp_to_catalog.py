#!/usr/bin/env python3
"""Turns freeCodeCamp's curriculum (https://github.com/freeCodeCamp/freeCodeCamp, English, and
https://github.com/freeCodeCamp/i18n-curriculum, its translations: a multilingual coding
curriculum in Markdown with front matter that nobody on this project wrote) into a catalog in
our content format. Figures: bench/corpus/README.md and bench/scale/README.md.

    python3 bench/corpus/freecodecamp_to_catalog.py ENGLISH --out DIR
        [--i18n PATH] [--locales all|es,de,...] [--missing omit|fallback]

ENGLISH is a checkout or a bare git directory of the freeCodeCamp repository (or a copy of it)
holding curriculum/challenges/english/blocks/, curriculum/structure/ and
client/i18n/locales/*/intro.json. --i18n is one of the i18n-curriculum repository (its
curriculum/challenges/LANGUAGE/…); without it, ENGLISH's own curriculum/i18n-curriculum/ is
used when it holds one (the submodule's files, in a copy that has them). Git directories are
read with `git archive HEAD`, the translations as a stream. Nothing is downloaded and nothing
but DIR is written.

- The tree follows curriculum/structure/: curriculum.json's superblocks, in its order, are
  books; a superblock's chapters and modules (the new certifications have them) are chapters;
  each block is a chapter whose sections are its challenges, in the block's challengeOrder.
  The identifiers are freeCodeCamp's dashed names with an ordering prefix (`012-basic-css`);
  a challenge whose dashed name would make the identifier path longer than 256 UTF-16 code
  units, or repeats a sibling's, takes its 24-digit id instead. A block that several
  superblocks list is placed in the first only (counted as `blocks listed again`).
- Titles and summaries: a superblock's, chapter's, module's and block's come from
  client/i18n/locales/LANGUAGE/intro.json (a locale map over the languages that have it;
  the `intro` paragraphs become the folder's body and, shortened, its summary); a challenge's
  title from its own front matter. Other front matter keys (id, challengeType, dashedName,
  videoUrl, forumTopicId…) are not ours and are left out.
- Bodies are kept as written: freeCodeCamp's `# --description--`, `# --hints--`,
  `# --seed--` sections, fenced code, inline HTML. Links and images that are absolute (the
  CDN) or site-absolute (`/learn/…`) are left as written; no file is copied, so a relative
  link or image outside code (Project Euler 96's `images/spacer.gif`, broken on
  freeCodeCamp's site as well) becomes the absolute address freeCodeCamp's page would
  resolve it to. Front matter is read with PyYAML (a few titles are folded, `>-`).
- Translations are matched to English challenges by their block (the folder they are in)
  and their front matter `id`, as one id may be in several blocks (so a translation in the
  submodule's older layout, SUPERBLOCK/BLOCK/NAME.md, finds its page just as the newer
  blocks/BLOCK/ID.md does) and written as NAME.LOCALE.md beside the English
  page. A translated challenge with no English page is left out (counted), as the content
  format requires a default-locale file.
"""
import argparse, json, os, posixpath, re, subprocess, sys, tarfile
from collections import Counter

import yaml

LOCALES = {"espanol": "es", "chinese": "zh-hans", "chinese-traditional": "zh-hant", "german": "de",
           "italian": "it", "japanese": "ja", "korean": "ko", "portuguese": "pt-br", "swahili": "sw",
           "ukrainian": "uk", "arabic": "ar"}
BUNDLE = "org.example.fcc"
LEARN = "https://www.freecodecamp.org/learn/"
FRONT_MATTER = re.compile(r"\A---\r?\n(.*?)\r?\n---[ \t]*(?:\r?\n|\Z)", re.S)


def is_git_dir(path):
    return os.path.isdir(os.path.join(path, "objects")) and os.path.exists(os.path.join(path, "HEAD"))


class Repository:
    """Files of a checkout or a bare git directory, read by path or streamed below a prefix."""

    def __init__(self, path):
        self.path, self.git = path, is_git_dir(path)

    def exists(self, prefix):
        if self.git:
            return bool(subprocess.run(["git", "--git-dir", self.path, "ls-tree", "HEAD", prefix.rstrip("/")],
                                       capture_output=True, text=True).stdout.strip())
        return os.path.exists(os.path.join(self.path, prefix))

    def read(self, path):
        if self.git:
            result = subprocess.run(["git", "--git-dir", self.path, "show", "HEAD:" + path], capture_output=True)
            return result.stdout if result.returncode == 0 else None
        full = os.path.join(self.path, path)
        if not os.path.isfile(full):
            return None
        with open(full, "rb") as handle:
            return handle.read()

    def walk(self, prefix):
        """(path, bytes) of every file below prefix, streamed."""
        if not self.git:
            for root, _, names in os.walk(os.path.join(self.path, prefix)):
                for name in sorted(names):
                    full = os.path.join(root, name)
                    with open(full, "rb") as handle:
                        yield os.path.relpath(full, self.path).replace(os.sep, "/"), handle.read()
            return
        process = subprocess.Popen(["git", "--git-dir", self.path, "archive", "--format=tar", "HEAD", prefix],
                                   stdout=subprocess.PIPE)
        with tarfile.open(fileobj=process.stdout, mode="r|") as tar:
            for member in tar:
                if member.isfile():
                    yield member.name, tar.extractfile(member).read()
        if process.wait() != 0:
            sys.exit(f"git archive failed for {self.path} {prefix}")

    def json(self, path):
        data = self.read(path)
        return None if data is None else json.loads(data)


def split_front_matter(text):
    """({key: text} of the front matter's scalar keys, body). Some titles are folded (`>-`)."""
    match = FRONT_MATTER.match(text)
    if not match:
        return {}, text
    try:
        data = yaml.load(match.group(1), Loader=yaml.CSafeLoader)
    except yaml.YAMLError:
        data = None
    fields = {key: str(value).strip() for key, value in (data or {}).items()
              if isinstance(key, str) and isinstance(value, (str, int, float))} if isinstance(data, dict) else {}
    return fields, text[match.end():]


FENCE = re.compile(r"^ {0,3}(`{3,}|~{3,})")
RELATIVE_LINKS = [re.compile(r"(\]\()([^)\s]+)"), re.compile(r"(\b(?:href|src)\s*=\s*\")([^\"]*)", re.I)]


def absolute_links(body, page_url, counts):
    """Relative links and images outside code, as freeCodeCamp's site resolves them from the
    page's address (no file is copied, so each would point at nothing in content/)."""
    def absolute(match):
        target = match.group(2)
        if not target or re.match(r"^[a-zA-Z][a-zA-Z0-9+.-]*:|^[#/]", target):
            return match.group(0)
        counts["relative links made absolute"] += 1
        return match.group(1) + LEARN + posixpath.normpath(posixpath.join(posixpath.dirname(page_url), target))
    lines, fence = body.split("\n"), None
    for index, line in enumerate(lines):
        opening = FENCE.match(line)
        if fence is None and opening:
            fence = opening.group(1)[0] * len(opening.group(1))
        elif fence is not None and line.strip().startswith(fence):
            fence = None
        elif fence is None and ("](" in line or "=" in line):
            parts = re.split(r"(`+[^`]*`+|<code>.*?</code>)", line)  # code spans stay as written
            lines[index] = "".join(part if part.startswith(("`", "<code>")) else
                                   _apply(RELATIVE_LINKS, absolute, part) for part in parts)
    return "\n".join(lines)


def _apply(patterns, replace, text):
    for pattern in patterns:
        text = pattern.sub(replace, text)
    return text


def quote(text):
    return json.dumps(text, ensure_ascii=False)


def front_matter(title, kind=None, summary=None):
    lines = ["---"]
    if isinstance(title, dict):
        lines += ["title:"] + [f"  {locale}: {quote(value)}" for locale, value in title.items()]
    else:
        lines.append(f"title: {quote(title)}")
    if kind:
        lines.append(f"type: {kind}")
    if isinstance(summary, dict) and summary:
        lines += ["summary:"] + [f"  {locale}: {quote(value)}" for locale, value in summary.items()]
    elif isinstance(summary, str) and summary:
        lines.append(f"summary: {quote(summary)}")
    return "\n".join(lines + ["---", "", ""])


def write_text(path, text):
    os.makedirs(os.path.dirname(path), exist_ok=True)
    with open(path, "w", encoding="utf-8") as handle:
        handle.write(text)


def utf16_length(text):
    return len(text.encode("utf-16-le")) // 2


def slug(text):
    return re.sub(r"[^a-z0-9-]+", "-", text.lower()).strip("-") or "untitled"


def shorten(paragraphs, limit=400):
    text = " ".join(re.sub(r"<[^>]+>", "", p) for p in paragraphs or []).strip()
    return text if len(text) <= limit else text[:limit - 1].rsplit(" ", 1)[0] + "…"


class Intros:
    """intro.json of each language: titles and intros of superblocks, chapters, modules, blocks."""

    def __init__(self, english, i18n, languages):
        self.by_locale = {"en-us": english.json("client/i18n/locales/english/intro.json") or {}}
        for language in languages:
            data = None
            for repository, path in ((i18n, f"client/{language}/intro.json"),
                                     (i18n, f"client/i18n/locales/{language}/intro.json"),
                                     (english, f"client/i18n/locales/{language}/intro.json")):
                if repository is not None and data is None:
                    data = repository.json(path)
            if data:
                self.by_locale[LOCALES[language]] = data

    def localized(self, pick):
        """{locale: text} for what pick(intro) finds in each language; English first."""
        found = {}
        for locale, data in self.by_locale.items():
            try:
                value = pick(data)
            except (KeyError, TypeError, AttributeError, StopIteration):
                value = None
            if isinstance(value, str) and value.strip():
                found[locale] = value.strip()
        return found


def block_intro(data, superblock, block):
    """A block's {title, intro} in one language's intro.json: under its superblock, else under any
    superblock that lists it (the translations may be newer than the English structure)."""
    found = data.get(superblock, {}).get("blocks", {}).get(block)
    return found if found is not None else next(
        entry["blocks"][block] for entry in data.values() if isinstance(entry, dict) and block in entry.get("blocks", {}))


class Curriculum:
    def __init__(self, english, i18n, languages, out, counts):
        self.english, self.i18n, self.languages = english, i18n, languages
        self.content, self.counts = os.path.join(out, "content"), counts
        self.intros = Intros(english, i18n if i18n is not english else None, languages)
        self.pages = {}  # (block, challenge id) -> (its page below content/ without ".md", its address on freeCodeCamp)
        self.folders = []  # (folder, {locale: title}, type, {locale: summary}, {locale: body})
        self.locales_below = {}  # folder -> locales of the translated pages below it
        self.placed = set()

    def english_challenges(self):
        """{(block, id): (fields, body)} of every English challenge (one id may be in several blocks)."""
        challenges = {}
        for path, data in self.english.walk("curriculum/challenges/english/blocks"):
            if path.endswith(".md"):
                fields, body = split_front_matter(data.decode("utf-8", "replace"))
                if "id" in fields:
                    challenges[(path.split("/")[-2], fields["id"])] = (fields, body)
        return challenges

    def add_folder(self, folder, titles, fallback, kind, intro_pick=None):
        """A folder, written by finish() once the translations below it are known."""
        summaries = self.intros.localized(lambda d: shorten(intro_pick(d))) if intro_pick else {}
        bodies = self.intros.localized(lambda d: "\n\n".join(intro_pick(d))) if intro_pick else {}
        self.folders.append((folder, {"en-us": fallback} | titles, kind, summaries, bodies))

    def finish(self):
        """Every folder's index.md, in each locale it has a title in or a translated page below it;
        a title intro.json does not give in such a locale stays English (counted)."""
        for folder, titles, kind, summaries, bodies in self.folders:
            for locale in sorted(self.locales_below.get(folder, set()) - set(titles)):
                titles[locale] = titles["en-us"]
                self.counts["folder titles left in English"] += 1
            title = titles if len(titles) > 1 else titles["en-us"]
            summary = summaries if len(summaries) > 1 else summaries.get("en-us")
            write_text(os.path.join(self.content, folder, "index.md"),
                       front_matter(title, kind, summary if "en-us" in summaries else None) + bodies.get("en-us", "") + "\n")
            for locale in titles:
                self.counts[locale] += 1
            for locale, body in bodies.items():
                if locale != "en-us" and locale in titles:
                    write_text(os.path.join(self.content, folder, f"index.{locale}.md"),
                               front_matter(titles[locale]) + body + "\n")
        self.counts["folders"] = len(self.folders)

    def write_block(self, folder, superblock, block, challenges, depth):
        structure = self.english.json(f"curriculum/structure/blocks/{block}.json") or {}
        self.add_folder(folder, self.intros.localized(lambda d: block_intro(d, superblock, block)["title"]),
                        structure.get("name", block), "chapter", lambda d: block_intro(d, superblock, block)["intro"])
        used = set()
        prefix_length = utf16_length(BUNDLE) + sum(utf16_length(re.sub(r"^\d+-", "", part)) for part in folder.split("/"))
        order = structure.get("challengeOrder", [])
        width = len(str(len(order)))
        for number, entry in enumerate(order, 1):
            found = challenges.get((block, entry["id"]))
            if found is None:
                self.counts["challenges in an order without a file"] += 1
                continue
            fields, body = found
            identifier = slug(fields.get("dashedName", entry["id"]))
            if identifier in used or prefix_length + depth + utf16_length(identifier) > 256:
                identifier = entry["id"]
                self.counts["identifiers from the id"] += 1
            used.add(identifier)
            name = f"{folder}/{number:0{width}d}-{identifier}"
            url = f"{superblock}/{block}/{fields.get('dashedName', entry['id'])}"
            write_text(os.path.join(self.content, name + ".md"),
                       front_matter(fields.get("title") or entry.get("title") or identifier, "exercise")
                       + absolute_links(body, url, self.counts))
            self.pages[(block, entry["id"])] = (name, url)
            self.counts["en-us"] += 1
            self.counts["challenges"] += 1

    def write_superblock(self, number, superblock, challenges):
        data = self.english.json(f"curriculum/structure/superblocks/{superblock}.json")
        if data is None:
            self.counts["superblocks without structure"] += 1
            return
        book = f"{number:02d}-{superblock}"
        self.add_folder(book, self.intros.localized(lambda d: d[superblock]["title"]), superblock, "book",
                        lambda d: d[superblock]["intro"])
        if "chapters" in data:
            for c, chapter in enumerate(data["chapters"], 1):
                chapter_folder = f"{book}/{c:02d}-{chapter['dashedName']}"
                self.add_folder(chapter_folder, self.intros.localized(
                    lambda d: d[superblock]["chapters"][chapter["dashedName"]]), chapter["dashedName"], "chapter")
                for m, module in enumerate(chapter.get("modules", []), 1):
                    module_folder = f"{chapter_folder}/{m:02d}-{module['dashedName']}"
                    self.add_folder(module_folder, self.intros.localized(
                        lambda d: d[superblock]["modules"][module["dashedName"]]), module["dashedName"], "chapter",
                        lambda d: d[superblock]["module-intros"][module["dashedName"]]["intro"])
                    self.write_blocks(module_folder, superblock, module.get("blocks", []), challenges, 5)
        else:
            self.write_blocks(book, superblock, data.get("blocks", []), challenges, 3)

    def write_blocks(self, folder, superblock, blocks, challenges, depth):
        for b, block in enumerate(blocks, 1):
            if block in self.placed:
                self.counts["blocks listed again"] += 1
                continue
            self.placed.add(block)
            self.write_block(f"{folder}/{b:03d}-{block}", superblock, block, challenges, depth)

    def write_translations(self):
        """Every translated challenge whose id has an English page, as NAME.LOCALE.md beside it."""
        prefix = "curriculum/challenges" if self.i18n is not self.english else "curriculum/i18n-curriculum/curriculum/challenges"
        for path, data in self.i18n.walk(prefix):
            parts = path[len(prefix) + 1:].split("/")
            if not path.endswith(".md") or parts[0] not in self.languages:
                continue
            fields, body = split_front_matter(data.decode("utf-8", "replace"))
            page, url = self.pages.get((parts[-2], fields.get("id")), (None, None))
            locale = LOCALES[parts[0]]
            if page is None:
                self.counts[f"translations without an English page ({locale})"] += 1
                continue
            target = os.path.join(self.content, f"{page}.{locale}.md")
            if os.path.exists(target):
                self.counts["translations given twice"] += 1
                continue
            title = fields.get("title")
            write_text(target, (front_matter(title) if title else "") + absolute_links(body, url, self.counts))
            self.counts[locale] += 1
            folder = posixpath.dirname(page)
            while folder:
                self.locales_below.setdefault(folder, set()).add(locale)
                folder = posixpath.dirname(folder)


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("english")
    parser.add_argument("--out", required=True)
    parser.add_argument("--i18n", help="the i18n-curriculum repository (default: ENGLISH's curriculum/i18n-curriculum)")
    parser.add_argument("--locales", default="all", help="all, or languages such as espanol,german")
    parser.add_argument("--missing", choices=["omit", "fallback"], default="omit",
                        help="missingTranslation in catalog.yml (omit: a context is in the locales it is translated into)")
    args = parser.parse_args()
    english = Repository(args.english)
    i18n = Repository(args.i18n) if args.i18n else english
    prefix = "curriculum/challenges" if args.i18n else "curriculum/i18n-curriculum/curriculum/challenges"
    present = [language for language in LOCALES if i18n.exists(f"{prefix}/{language}/")]
    languages = present if args.locales == "all" else [l for l in args.locales.split(",") if l in present]
    counts = Counter()
    curriculum = Curriculum(english, i18n, languages, args.out, counts)
    locales = ["en-us"] + [LOCALES[language] for language in languages]
    write_text(os.path.join(curriculum.content, "catalog.yml"),
               f"bundleIdentifier: {BUNDLE}\ntitle: \"freeCodeCamp curriculum\"\ndefaultLocale: en-us\n"
               f"locales: [{', '.join(locales)}]\nmissingTranslation: {args.missing}\n"
               "site: {baseURL: https://books.example.com/}\n")
    challenges = curriculum.english_challenges()
    counts["English challenge files"] = len(challenges)
    order = (english.json("curriculum/structure/curriculum.json") or {}).get("superblocks", [])
    for number, superblock in enumerate(order, 1):
        curriculum.write_superblock(number, superblock, challenges)
    counts["English challenges in no block's order"] = len(set(challenges) - set(curriculum.pages))
    curriculum.write_translations()
    curriculum.finish()
    versions = sum(counts[locale] for locale in locales)
    print(f"{versions} page versions ({', '.join(f'{l} {counts[l]}' for l in locales)}); "
          + ", ".join(f"{k} {v}" for k, v in sorted(counts.items()) if k not in locales), file=sys.stderr)


main()
