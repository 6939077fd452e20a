"""Content nobody here wrote, made to break software, in a real browser: the Big List of
Naughty Strings (Tests/Fixtures/naughty, MIT) as every section's title, summary, keyword
and body, and as identifiers, built as `bench/corpus/naughty_to_catalog.py` writes it.

The first build reports the strings that are no valid value (`NaughtyStringsTests` holds
the exact report); the catalog is written again with those sections plain, and built. Then,
with the probe of test_html_sanitizer.py installed before any script: every section's page
shows its title as the payload has it, as text, and runs nothing; each string typed into
the search page as a query comes back as the query, and runs nothing; every page of an
identifier is where its parent's link leads (a name too long for a file made short).
"""
import json
import re
import subprocess
import sys
import tempfile
from pathlib import Path
from urllib.parse import quote

import pytest

from conftest import REPO, Server, accept_alert, probing
from test_html_sanitizer import BODY_CHECK, PROBE

BLNS = REPO / "Tests" / "Fixtures" / "naughty" / "blns.json"
STRINGS = json.loads(BLNS.read_text(encoding="utf-8"))
CONVERTER = REPO / "bench" / "corpus" / "naughty_to_catalog.py"
BINARY = REPO / ".build" / "debug" / "catalog-build"


def build(out: Path, errors: Path = None) -> subprocess.CompletedProcess:
    convert = [sys.executable, str(CONVERTER), str(BLNS), "--out", str(out)]
    subprocess.run(convert + (["--errors", str(errors)] if errors else []), check=True, capture_output=True)
    return subprocess.run([str(BINARY), "build", "--content", str(out / "content"), "--output", str(out / "site"),
                           "--format", "json"], capture_output=True, text=True)


@pytest.fixture(scope="module")
def naughty():
    """The built site's server and each section's title and identifier in the payloads."""
    with tempfile.TemporaryDirectory(prefix="catalog-naughty-") as tmp:
        first = build(Path(tmp) / "first")
        assert first.returncode == 1, first.stderr[-2000:]
        report = Path(tmp) / "first.json"
        report.write_text(first.stdout, encoding="utf-8")
        second = build(Path(tmp) / "second", errors=report)
        assert second.returncode == 0, second.stderr[-2000:]
        site = Path(tmp) / "second" / "site"
        contexts = {}
        for request in sorted((site / "catalog").glob("contexts-*.json")):
            for context in json.loads(request.read_text(encoding="utf-8"))["contexts"]:
                path = context["data"]["identifierPath"]
                contexts[(tuple(path[1:]), context["metadata"]["locale"])] = context["data"]
        server = Server(site)
        yield server, contexts
        server.close()


@pytest.fixture(scope="module")
def probed(browser):
    with probing(browser, PROBE) as probed:
        yield probed


PAGE_STATE = """
return {h1: Array.from(document.querySelectorAll('h1'), h => h.textContent),
        title: document.title, hits: window.__xssHits || [], lang: document.documentElement.lang};
"""


def visit(browser, url):
    browser.get(url)
    alerted = accept_alert(browser)
    state = browser.execute_script(PAGE_STATE)
    return alerted, state, browser.execute_script(BODY_CHECK)


def ascii_collapsed(text):
    """What `document.title` makes of a title: ASCII white space stripped and collapsed."""
    return re.sub(r"[\t\n\f\r ]+", " ", text).strip("\t\n\f\r ")


def search_status(browser):
    """The search's status once its script has answered the query (at most 3 s); '' when
    it has none, or the page has no search."""
    return browser.execute_async_script(
        "const done = arguments[arguments.length - 1], started = Date.now();"
        "(function poll() {"
        "  const s = document.querySelector('[data-search-status]');"
        "  if (!s) return done('');"
        "  if (s.textContent) return done(s.textContent);"
        "  if (Date.now() - started > 3000) return done('');"
        "  setTimeout(poll, 20);"
        "})();")


def section(number):
    return f"s{number:03d}"


# Every section in English; in Arabic (right to left, its translation titled with the
# string) every fifth, and every string that holds a right-to-left letter or a direction mark.
RTL = re.compile("[\u0590-\u08ff\ufb1d-\ufdff\ufe70-\ufeff\u200e\u200f\u202a-\u202e\u2066-\u2069]")
SECTIONS = {"en-us": list(range(1, len(STRINGS) + 1)),
            "ar": [n for n in range(1, len(STRINGS) + 1) if n % 5 == 0 or RTL.search(STRINGS[n - 1])]}


@pytest.mark.parametrize("locale", ["en-us", "ar"])
def test_every_title_shows_as_text_and_nothing_runs(probed, naughty, locale):
    server, contexts = naughty
    shown = 0
    for number in SECTIONS[locale]:
        data = contexts[(("fields", section(number)), locale)]
        url = server.base + f"{locale}/fields/{section(number)}/index.html"
        alerted, state, found = visit(probed, url)
        assert not alerted and state["hits"] == [], f"script ran for string {number}: {state['hits']}"
        assert found == [], f"string {number} left {found}"
        assert state["h1"] == [data["title"]], f"string {number}"
        assert state["title"].startswith(ascii_collapsed(data["title"])), f"string {number}"
        shown += data["title"] == STRINGS[number - 1]
    assert shown > len(SECTIONS[locale]) // 2, "most strings are titles as written"
    assert server.failures == []


# Queries that reach the search's tokenizer with a term (a letter or digit among them) and
# hold what markup, a URL or a template is made of.
QUERIES = [number for number, text in enumerate(STRINGS, 1)
           if re.search(r"\w", text) and re.search(r"[<>\"'&%{}\\]", text) and len(text) <= 300]


def test_every_string_as_a_query_comes_back_as_text(probed, naughty):
    server, _ = naughty
    for number in QUERIES:
        text = STRINGS[number - 1]
        probed.get(server.base + "search/en-us/index.html?q=" + quote(text, safe=""))
        status = search_status(probed)
        alerted = accept_alert(probed)
        hits = probed.execute_script("return window.__xssHits || []")
        assert not alerted and hits == [], f"script ran for query {number}: {hits}"
        error = probed.execute_script(
            "return document.querySelector('[data-search]').getAttribute('data-error')")
        assert status != error, f"the search failed for query {number}"
        value = probed.execute_script("return document.querySelector('input[type=search]').value")
        # A query keeps what a text field keeps: line breaks become nothing, as any input's.
        assert value == re.sub(r"[\r\n]", "", text), f"query {number}"
    assert server.failures == []


def test_every_identifier_page_is_where_its_link_leads(probed, naughty):
    server, contexts = naughty
    probed.get(server.base + "en-us/identifiers/index.html")
    links = probed.execute_script(
        "return Array.from(document.querySelectorAll('main a[href]'), a => [a.textContent.trim(), a.href])")
    pages = {text: href for text, href in links if text.startswith("Identifier ")}
    assert len(pages) == len(STRINGS)
    short = [href for href in pages.values() if "%2B" in href]
    assert len(short) > 10, "names too long for a file were made short"
    # The pages whose names were made short, and every tenth of the others.
    for number in range(1, len(STRINGS) + 1):
        title = f"Identifier {number}"
        if "%2B" not in pages[title] and number % 10:
            continue
        probed.get(pages[title])
        assert probed.execute_script("return document.querySelector('h1').textContent") == title
    assert server.failures == [], "every link led to a page"


# The interface's labels that `site.strings` can replace, as the English table has them.
LABEL_SOURCE = REPO / "Sources" / "Catalog" / "Site" / "InterfaceStrings+Latin.swift"


def label_keys():
    source = LABEL_SOURCE.read_text(encoding="utf-8")
    start = source.index("static let english")
    return re.findall(r'"([A-Za-z.]+)":', source[start:source.index("]\n", start)])


@pytest.fixture(scope="module")
def labelled():
    """The sample catalog with the app's and the site's titles and every interface label
    in English replaced by a string of the list that holds markup, a quote or a brace."""
    hostile = [text for text in STRINGS if re.search(r'<|javascript|"|\{', text) and "\n" not in text and len(text) < 200]
    quoted = lambda text: json.dumps(text, ensure_ascii=False)
    with tempfile.TemporaryDirectory(prefix="catalog-labels-") as tmp:
        content = Path(tmp) / "content"
        subprocess.run(["cp", "-r", str(REPO / "content"), str(content)], check=True)
        catalog = (content / "catalog.yml").read_text(encoding="utf-8")
        labels = ["  strings:", "    en-us:"] + [f"      {quoted(key)}: {quoted(hostile[n % len(hostile)] + ' {count}')}"
                                                 for n, key in enumerate(label_keys())]
        catalog = catalog.replace("  en-us: Science Books\n", "  en-us: " + quoted("<script>alert(8)</script>") + "\n", 1)
        catalog = catalog.replace("    en-us: Science Books for Teachers", "    en-us: " + quoted('"><svg/onload=alert(7)>'))
        catalog = catalog.replace("  accentColor", "\n".join(labels) + "\n  accentColor")
        (content / "catalog.yml").write_text(catalog, encoding="utf-8")
        run = subprocess.run([str(BINARY), "build", "--content", str(content), "--output", str(Path(tmp) / "site")],
                             capture_output=True, text=True)
        assert run.returncode == 0, run.stderr[-2000:]
        server = Server(Path(tmp) / "site")
        yield server
        server.close()


@pytest.mark.parametrize("page", [
    "en-us/index.html", "en-us/fun-with-science/index.html",
    "en-us/fun-with-science/inquiry/measurements-quiz/index.html",
    "search/en-us/index.html?q=science", "search/en-us/index.html?q=zzqx", "search/en-us/index.html?q=quiz&age=9",
])
def test_labels_and_titles_from_catalog_yml_stay_text(probed, labelled, page):
    probed.get(labelled.base + page)
    search_status(probed)
    alerted = accept_alert(probed)
    hits = probed.execute_script("return window.__xssHits || []")
    assert not alerted and hits == [], f"script ran on {page}: {hits}"
    handlers = probed.execute_script(
        "return Array.from(document.querySelectorAll('*')).flatMap("
        "  el => Array.from(el.attributes).filter(a => a.name.startsWith('on')).map(a => el.tagName + ' ' + a.name))")
    assert handlers == []
    scripts = probed.execute_script(
        "return Array.from(document.scripts, s => s.src ? new URL(s.src).pathname : s.type)")
    assert all(s == "application/ld+json" or s.startswith("/assets/") or s.startswith("/search/") for s in scripts), scripts
    assert probed.execute_script("return document.querySelectorAll('svg').length") == 0
    assert labelled.failures == []
