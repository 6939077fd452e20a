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
- Bodies are kept exactly as written: freeCodeCamp's `# --description--`, `# --hints--`,
  `# --seed--` sections, fenced code, inline HTML. Links and images are absolute (the CDN) or
  site-absolute (`/learn/…`) and are left as written; no file is copied.
- Translations are matched to English challenges by their block (the folder they are in)
  and their front matter `id`, as one id may be in several blocks (so a translation in the
  submodule's older layout, SUPERBLOCK/BLOCK/NAME.md, finds its page just as the newer
  blocks/BLOCK/ID.md does) and written as NAME.LOCALE.md beside the English
  page. A translated challenge with no English page is left out (counted), as the content
  format requires a default-locale file.
"""
import argparse, io, json, os, re, subprocess, sys, tarfile
from collections import Counter

LOCALES = {"espanol": "es", "chinese": "zh-hans", "chinese-traditional": "zh-hant", "german": "de",
           "italian": "it", "japanese": "ja", "korean": "ko", "portuguese": "pt-br", "swahili": "sw",
           "ukrainian": "uk", "arabic": "ar"}
BUNDLE = "org.example.fcc"
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
    """({key: value} of the top-level scalar keys, body). freeCodeCamp's front matter is flat."""
    match = FRONT_MATTER.match(text)
    if not match:
        return {}, text
    fields = {}
    for line in match.group(1).splitlines():
        pair = re.match(r"^([A-Za-z][\w-]*):\s*(.*)$", line)
        if pair:
            fields[pair.group(1)] = unquote(pair.group(2).strip())
    return fields, text[match.end():]


def unquote(value):
    if len(value) >= 2 and value[0] == value[-1] == "'":
        return value[1:-1].replace("''", "'")
    if len(value) >= 2 and value[0] == value[-1] == '"':
        return json.loads(value) if "\\" in value else value[1:-1]
    return value


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
            except (KeyError, TypeError):
                value = None
            if isinstance(value, str) and value.strip():
                found[locale] = value.strip()
        return found


def title_map(values, fallback):
    """A title as the content format takes it: a locale map when another language has one (the
    same text too: a folder without its locale's title would be left out there, with its pages)."""
    english = values.get("en-us", fallback)
    others = {locale: value for locale, value in values.items() if locale != "en-us"}
    return {"en-us": english} | others if others else english


class Curriculum:
    def __init__(self, english, i18n, languages, out, counts):
        self.english, self.i18n, self.languages = english, i18n, languages
        self.content, self.counts = os.path.join(out, "content"), counts
        self.intros = Intros(english, i18n if i18n is not english else None, languages)
        self.pages = {}  # (block, challenge id) -> path of its page below content/, without ".md"
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

    def write_folder(self, folder, title, kind, intro_pick=None):
        summary = self.intros.localized(lambda d: shorten(intro_pick(d))) if intro_pick else {}
        bodies = self.intros.localized(lambda d: "\n\n".join(intro_pick(d))) if intro_pick else {}
        english_summary = summary.get("en-us")
        summary_field = title_map(summary, english_summary) if english_summary else None
        write_text(os.path.join(self.content, folder, "index.md"),
                   front_matter(title, kind, summary_field) + bodies.get("en-us", "") + "\n")
        self.counts["folders"] += 1
        self.counts["en-us"] += 1
        for locale, body in bodies.items():
            if locale != "en-us":
                write_text(os.path.join(self.content, folder, f"index.{locale}.md"), front_matter(
                    title.get(locale, title["en-us"]) if isinstance(title, dict) else title) + body + "\n")
                self.counts[locale] += 1

    def write_block(self, folder, superblock, block, challenges, depth):
        structure = self.english.json(f"curriculum/structure/blocks/{block}.json") or {}
        titles = self.intros.localized(lambda d: d[superblock]["blocks"][block]["title"])
        self.write_folder(folder, title_map(titles, structure.get("name", block)), "chapter",
                          lambda d: d[superblock]["blocks"][block]["intro"])
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
            write_text(os.path.join(self.content, name + ".md"),
                       front_matter(fields.get("title") or entry.get("title") or identifier, "exercise") + body)
            self.pages[(block, entry["id"])] = name
            self.counts["en-us"] += 1
            self.counts["challenges"] += 1

    def write_superblock(self, number, superblock, challenges):
        data = self.english.json(f"curriculum/structure/superblocks/{superblock}.json")
        if data is None:
            self.counts["superblocks without structure"] += 1
            return
        book = f"{number:02d}-{superblock}"
        titles = self.intros.localized(lambda d: d[superblock]["title"])
        self.write_folder(book, title_map(titles, superblock), "book", lambda d: d[superblock]["intro"])
        if "chapters" in data:
            for c, chapter in enumerate(data["chapters"], 1):
                chapter_folder = f"{book}/{c:02d}-{chapter['dashedName']}"
                self.write_folder(chapter_folder, title_map(self.intros.localized(
                    lambda d: d[superblock]["chapters"][chapter["dashedName"]]), chapter["dashedName"]), "chapter")
                for m, module in enumerate(chapter.get("modules", []), 1):
                    module_folder = f"{chapter_folder}/{m:02d}-{module['dashedName']}"
                    self.write_folder(module_folder, title_map(self.intros.localized(
                        lambda d: d[superblock]["modules"][module["dashedName"]]), module["dashedName"]), "chapter",
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
            page = self.pages.get((parts[-2], fields.get("id")))
            locale = LOCALES[parts[0]]
            if page is None:
                self.counts[f"translations without an English page ({locale})"] += 1
                continue
            target = os.path.join(self.content, f"{page}.{locale}.md")
            if os.path.exists(target):
                self.counts["translations given twice"] += 1
                continue
            title = fields.get("title")
            write_text(target, (front_matter(title) if title else "") + body)
            self.counts[locale] += 1


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
               f"locales: [{', '.join(locales)}]\nmissingTranslation: {args.missing}\n")
    challenges = curriculum.english_challenges()
    counts["English challenge files"] = len(challenges)
    order = (english.json("curriculum/structure/curriculum.json") or {}).get("superblocks", [])
    for number, superblock in enumerate(order, 1):
        curriculum.write_superblock(number, superblock, challenges)
    counts["English challenges in no block's order"] = len(set(challenges) - set(curriculum.pages))
    curriculum.write_translations()
    versions = sum(counts[locale] for locale in locales)
    print(f"{versions} page versions ({', '.join(f'{l} {counts[l]}' for l in locales)}); "
          + ", ".join(f"{k} {v}" for k, v in sorted(counts.items()) if k not in locales), file=sys.stderr)


main()
