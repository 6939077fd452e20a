"""Linked SVG files, in a real browser: the site publishes the copy SVGSanitizer writes.

The drawings of Tests/Fixtures/svg/ (written as Graphviz, Inkscape, Illustrator, matplotlib
and draw.io write theirs, and a hostile one) are shown on a page as images. Each copy must
show, draw the same pixels as its original where nothing visible was removed, and, opened
as a document of the site, run no script and load nothing from elsewhere. The originals,
served beside the site as a control, prove that the hostile file's script does run there.
"""
import json
import shutil
import struct
import zlib
import subprocess
import tempfile
import time
from pathlib import Path

import pytest
from selenium.webdriver.common.action_chains import ActionChains
from selenium.webdriver.common.by import By

from conftest import REPO, Server, accept_alert, probing

FIXTURES = REPO / "Tests" / "Fixtures" / "svg"
NAMES = sorted(path.stem for path in FIXTURES.glob("*.svg"))
# Drawings whose copy must draw exactly the original's pixels: nothing visible was removed.
# (draw.io's labels are HTML in a <foreignObject>, which the copy replaces by their SVG text;
# the hostile drawing loses what it loaded from elsewhere.)
SAME_PIXELS = ["graphviz", "illustrator", "inkscape", "matplotlib"]

PROBE = """
for (const name of ['alert', 'confirm', 'prompt', 'print']) {
  window[name] = function () { (window.__hits = window.__hits || []).push(name); };
}
"""

# Shows the drawings at the given URLs one under the other, each in a 240×160 box, then a
# blank box; done once every image has loaded (or one failed).
SHOW = """
const [urls, done] = arguments;
document.body.innerHTML = '';
document.body.style.margin = '0';
document.body.style.background = '#fff';
let left = urls.length;
for (const [index, url] of urls.entries()) {
  const image = new Image(240, 160);
  image.id = 'drawing-' + index;
  image.style.display = 'block';
  image.onload = () => { if (--left === 0) done('loaded'); };
  image.onerror = () => done('failed to load ' + url);
  image.src = url;
  document.body.appendChild(image);
}
const blank = document.createElement('div');
blank.id = 'blank';
blank.style.cssText = 'width: 240px; height: 160px; background: #fff';
document.body.appendChild(blank);
"""


def pixels(png):
    """The rows of an 8-bit RGB or RGBA PNG as Chromium's screenshots are (not interlaced)."""
    width, height, depth, kind = struct.unpack(">IIBB", png[16:26])
    assert depth == 8 and kind in (2, 6), (depth, kind)
    data, offset = b"", 8
    while offset < len(png):
        length, name = struct.unpack(">I4s", png[offset:offset + 8])
        if name == b"IDAT":
            data += png[offset + 8:offset + 8 + length]
        offset += 12 + length
    raw, size = zlib.decompress(data), 4 if kind == 6 else 3
    stride, rows, previous = width * size, [], bytearray(width * size)
    for row in range(height):
        kind_of_filter, line = raw[row * (stride + 1)], bytearray(raw[row * (stride + 1) + 1:(row + 1) * (stride + 1)])
        for i in range(stride):
            a = line[i - size] if i >= size else 0
            b, c = previous[i], previous[i - size] if i >= size else 0
            if kind_of_filter == 1: line[i] = (line[i] + a) & 255
            elif kind_of_filter == 2: line[i] = (line[i] + b) & 255
            elif kind_of_filter == 3: line[i] = (line[i] + (a + b) // 2) & 255
            elif kind_of_filter == 4:
                p = a + b - c
                pa, pb, pc = abs(p - a), abs(p - b), abs(p - c)
                line[i] = (line[i] + (a if pa <= pb and pa <= pc else b if pb <= pc else c)) & 255
        rows.append(bytes(line))
        previous = line
    return rows


@pytest.fixture(scope="module")
def svg_site():
    binary = REPO / ".build" / "debug" / "catalog-build"
    with tempfile.TemporaryDirectory(prefix="catalog-svg-") as tmp:
        content = Path(tmp) / "content"
        shutil.copytree(FIXTURES, content / "_figures")
        (content / "catalog.yml").write_text(
            "bundleIdentifier: com.example.svg\ntitle: Drawings\ndefaultLocale: en-us\nlocales: [en-us]\n")
        lines = [f"![The {name} drawing](_figures/{name}.svg)\n\n[Open the {name} drawing](_figures/{name}.svg)\n"
                 for name in NAMES]
        (content / "drawings.md").write_text("---\ntitle: Drawings\nsummary: Every drawing.\n---\n\n" + "\n".join(lines))
        site = Path(tmp) / "site"
        run = subprocess.run([str(binary), "build", "--content", str(content), "--output", str(site),
                              "--cache", str(Path(tmp) / "cache"), "--format", "json"], capture_output=True, text=True)
        assert run.returncode == 0, run.stdout + run.stderr
        # The control: the originals, served as written from the same origin.
        shutil.copytree(FIXTURES, site / "originals")
        server = Server(site)
        yield server, run.stdout
        server.close()


@pytest.fixture(scope="module")
def probed(browser):
    with probing(browser, PROBE) as probed:
        yield probed


def test_the_build_reports_what_it_removed(svg_site):
    _, report = svg_site
    removed = [(Path(d["file"]).name, d["line"], d["column"]) for d in json.loads(report)["diagnostics"]]
    # draw.io's HTML labels, and the hostile drawing's every trick; Illustrator's editing data
    # (a <foreignObject> no browser draws) goes silently.
    assert removed == [("drawio.svg", 10, 9)] + [("hostile.svg", line, column) for line, column in [
        (2, 1), (4, 148), (5, 3), (6, 3), (7, 49), (8, 6), (9, 6), (10, 3), (11, 10), (12, 6)]]


def test_every_drawing_shows_on_the_page(probed, svg_site):
    server, _ = svg_site
    probed.get(server.base + "en-us/drawings/index.html")
    images = probed.find_elements(By.CSS_SELECTOR, "main .body img")
    assert len(images) == len(NAMES)
    for image in images:
        loaded = probed.execute_script("return arguments[0].complete && arguments[0].naturalWidth > 0", image)
        assert loaded, f"{image.get_attribute('src')} does not show"
    assert server.failures == []


@pytest.mark.parametrize("name", SAME_PIXELS)
def test_the_copy_draws_what_the_original_draws(probed, svg_site, name):
    """Screenshots of the original and of the copy, shown as images, are the same pixels
    (the same PNG bytes: one encoder, one input), and not those of an empty box."""
    server, _ = svg_site
    probed.get(server.base + "index.html")
    # One at a time, in the same place: the same drawing shown elsewhere on the page is
    # rasterized a little differently (its antialiasing follows its position).
    shots = []
    for url in [f"originals/{name}.svg", f"media/_figures/{name}.svg"]:
        assert probed.execute_async_script(SHOW, [server.base + url]) == "loaded"
        shots.append(probed.find_element(By.ID, "drawing-0").screenshot_as_png)
    original, copy = shots
    blank = probed.find_element(By.ID, "blank").screenshot_as_png
    original, copy, blank = pixels(original), pixels(copy), pixels(blank)
    assert original != blank, "the original draws nothing: the comparison would prove nothing"
    different = sum(1 for a, b in zip(original, copy) for x, y in zip(a, b) if x != y)
    assert different == 0, f"{different} channel values differ"


def test_the_drawio_copy_shows_its_labels_as_svg_text(probed, svg_site):
    server, _ = svg_site
    probed.get(server.base + "media/_figures/drawio.svg")
    labels = probed.execute_script("return Array.from(document.querySelectorAll('text')).map(t => t.textContent)")
    assert "Evaporation" in labels
    assert probed.execute_script("return document.querySelector('foreignObject') === null")


def opened(browser, url):
    """Opens `url` as a document, hovers and clicks what it draws; what ran."""
    browser.get(url)
    for element in browser.find_elements(By.CSS_SELECTOR, "rect, circle, a")[:50]:
        try:
            ActionChains(browser).move_to_element(element).click().perform()
        except Exception:
            pass  # not displayed or not clickable
    time.sleep(0.3)
    alerted = accept_alert(browser)
    hits = browser.execute_script("return window.__hits || []")
    return alerted, hits, browser.title, browser.current_url


def test_the_original_hostile_drawing_runs_script_in_the_control(probed, svg_site):
    server, _ = svg_site
    _, _, title, _ = opened(probed, server.base + "originals/hostile.svg")
    assert title == "svg-script-ran", "the control saw no script run: the test below would prove nothing"


def test_the_published_hostile_drawing_runs_no_script_and_loads_nothing(probed, svg_site):
    server, _ = svg_site
    url = server.base + "media/_figures/hostile.svg"
    alerted, hits, title, current = opened(probed, url)
    assert not alerted and hits == [] and title != "svg-script-ran"
    assert current == url, f"the drawing went elsewhere: {current}"
    foreign = probed.execute_script(
        "return performance.getEntriesByType('resource').map(e => e.name).filter(n => !n.startsWith(location.origin))")
    assert foreign == []
    assert probed.execute_script(
        "return document.querySelectorAll('script, foreignObject, set, iframe').length === 0"
        " && Array.from(document.querySelectorAll('*')).every(e => Array.from(e.attributes).every(a => !a.name.startsWith('on')))")
