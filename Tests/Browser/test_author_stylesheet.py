"""The author's style sheet (`site.stylesheet`), in a real browser.

The site publishes the sheet at assets/custom.css, away from its folder in content/, so
every file it names (a web font, pictures, an SVG icon, a second sheet it imports) is
published under media/ and named there. The sheet of Tests/Fixtures/css/ (with a font of
the machine's and pictures made here) must load all of them on a page and draw with them;
the same sheet copied as written, as builds did before session 25, is the control: there
each of those files is a request that fails. An SVG the sheet names runs no script when it
is opened as a document of the site.
"""
import json
import shutil
import struct
import subprocess
import tempfile
import time
import zlib
from pathlib import Path

import pytest

from conftest import REPO, Server, accept_alert, probing

FIXTURES = REPO / "Tests" / "Fixtures" / "css"
# What the sheet and the sheet it imports name, as the site publishes them.
NAMED = ["fonts/serif.ttf", "paper.png", "icons/star.svg", "badge.png", "stripe.png", "parts/colours.css"]

PROBE = """
for (const name of ['alert', 'confirm', 'prompt', 'print']) {
  window[name] = function () { (window.__hits = window.__hits || []).push(name); };
}
"""

# Puts on the page the elements the sheet styles, then waits for the font and for every
# resource to settle; answers the resources the page loaded and whether the font is in use.
STYLED = """
const done = arguments[arguments.length - 1];
document.body.insertAdjacentHTML('beforeend',
  '<header><span class="brand">Brand</span></header><div class="badge">B</div><div class="card">C</div>');
const report = faces => setTimeout(() => done({
  faces,
  used: document.fonts.check('16px "Catalog Serif"'),
  family: getComputedStyle(document.querySelector('h1')).fontFamily,
  loaded: performance.getEntriesByType('resource').map(entry => new URL(entry.name).pathname),
}), 500);
document.fonts.load('16px "Catalog Serif"').then(faces => report(faces.map(face => face.status)), () => report(['failed']));
"""


def png(width, height, rgb):
    """A PNG of one colour."""
    def chunk(name, data):
        return struct.pack(">I", len(data)) + name + data + struct.pack(">I", zlib.crc32(name + data))
    rows = b"".join(b"\x00" + bytes(rgb) * width for _ in range(height))
    return (b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", struct.pack(">IIBBBBB", width, height, 8, 2, 0, 0, 0))
            + chunk(b"IDAT", zlib.compress(rows)) + chunk(b"IEND", b""))


def a_font():
    """A TrueType font of the machine's (fontconfig always has one: Chromium depends on it)."""
    found = sorted(Path("/usr/share/fonts").rglob("*.ttf"))
    assert found, "no TrueType font under /usr/share/fonts"
    return found[0]


@pytest.fixture(scope="module")
def styled_site():
    binary = REPO / ".build" / "debug" / "catalog-build"
    with tempfile.TemporaryDirectory(prefix="catalog-css-") as tmp:
        content = Path(tmp) / "content"
        theme = content / "_theme"
        shutil.copytree(FIXTURES, theme, ignore=shutil.ignore_patterns("hostile.css"))
        (theme / "fonts").mkdir(exist_ok=True)
        shutil.copy(a_font(), theme / "fonts" / "serif.ttf")
        for name, colour in [("paper.png", (250, 245, 230)), ("badge.png", (200, 30, 30)),
                             ("badge@2x.png", (30, 30, 200)), ("stripe.png", (30, 160, 60))]:
            (theme / name).write_bytes(png(8, 8, colour))
        (content / "catalog.yml").write_text(
            "bundleIdentifier: com.example.css\ntitle: Styled\ndefaultLocale: en-us\nlocales: [en-us]\n"
            "site:\n  stylesheet: _theme/theme.css\n")
        (content / "lesson.md").write_text("---\ntitle: Lesson\nsummary: A styled lesson.\n---\n\nText.\n")
        site = Path(tmp) / "site"
        run = subprocess.run([str(binary), "build", "--content", str(content), "--output", str(site),
                              "--cache", str(Path(tmp) / "cache"), "--format", "json"], capture_output=True, text=True)
        assert run.returncode == 0, run.stdout + run.stderr
        # The control: the same site with the sheet as written, as earlier builds copied it.
        control = Path(tmp) / "control"
        shutil.copytree(site, control)
        shutil.copy(theme / "theme.css", control / "assets" / "custom.css")
        servers = Server(site), Server(control)
        yield servers, json.loads(run.stdout)["diagnostics"]
        for server in servers:
            server.close()


@pytest.fixture(scope="module")
def probed(browser):
    with probing(browser, PROBE) as probed:
        yield probed


def styled(browser, server):
    server.failures.clear()
    browser.get(server.base + "en-us/lesson/index.html")
    return browser.execute_async_script(STYLED)


def test_the_build_reports_only_the_icons_script(styled_site):
    _, diagnostics = styled_site
    assert [(Path(d["file"]).name, d["line"], d["column"], d["rule"]) for d in diagnostics] == [
        ("star.svg", 1, 61, "svg-content-removed")]


def test_every_file_the_sheet_names_loads_and_the_font_draws(browser, styled_site):
    (server, _), _ = styled_site
    result = styled(browser, server)
    assert server.failures == []
    for name in NAMED:
        assert "/media/_theme/" + name in result["loaded"], f"{name} was not loaded: {result['loaded']}"
    assert result["faces"] == ["loaded"] and result["used"]
    assert result["family"].startswith('"Catalog Serif"')


def test_the_sheet_copied_as_written_loads_none_of_them(browser, styled_site):
    """The control: without the rewriting, the same page's requests for the files fail."""
    (_, control), _ = styled_site
    result = styled(browser, control)
    assert result["faces"] != ["loaded"] and not result["used"]
    failed = sorted(failure.split(" ")[1] for failure in control.failures)
    assert "/assets/fonts/serif.ttf" in failed and "/assets/paper.png" in failed and "/assets/parts/colours.css" in failed


def test_the_icon_the_sheet_names_runs_no_script_when_opened(probed, styled_site):
    (server, _), _ = styled_site
    probed.get(server.base + "media/_theme/icons/star.svg")
    time.sleep(0.3)
    assert not accept_alert(probed)
    assert probed.execute_script("return window.__hits || []") == []
    assert probed.execute_script("return document.querySelector('path') !== null && !document.documentElement.hasAttribute('onload')")
