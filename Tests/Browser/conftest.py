"""Fixtures for the browser tests: a built site, a local HTTP server, and headless Chromium.

The site comes from, in order: $CATALOG_SITE (an already built site); the real sample
content (`catalog-build build --content content`) when content/catalog.yml and the
debug binary exist; else the Swift fixture catalog written by the `writeBrowserSite`
test. Every test fails if the browser logged an error or a request failed.
"""
import contextlib
import functools
import http.server
import os
import subprocess
import tempfile
import threading
from pathlib import Path

import pytest
from selenium import webdriver
from selenium.common.exceptions import NoAlertPresentException
from selenium.webdriver.chrome.service import Service

REPO = Path(__file__).resolve().parents[2]
AXE = REPO / ".build" / "venv" / "axe.min.js"


def build_site(out: Path) -> Path:
    if os.environ.get("CATALOG_SITE"):
        return Path(os.environ["CATALOG_SITE"])
    binary = REPO / ".build" / "debug" / "catalog-build"
    if (REPO / "content" / "catalog.yml").exists() and binary.exists():
        subprocess.run([str(binary), "build", "--content", "content", "--output", str(out)], cwd=REPO, check=True)
        return out
    env = dict(os.environ, CATALOG_BROWSER_SITE=str(out))
    subprocess.run(["swift", "test", "--filter", "writeBrowserSite"], cwd=REPO, env=env, check=True,
                   stdout=subprocess.DEVNULL)
    return out


@pytest.fixture(scope="session")
def site_dir():
    with tempfile.TemporaryDirectory(prefix="catalog-site-") as tmp:
        site = build_site(Path(tmp) / "site")
        assert (site / "index.html").exists(), "the site has no index.html"
        yield site


class Server:
    """A static server on 127.0.0.1 that remembers every request it could not answer."""

    def __init__(self, root: Path):
        self.failures = []
        failures = self.failures

        class Handler(http.server.SimpleHTTPRequestHandler):
            def log_message(self, *args):
                pass

            def send_error(self, code, message=None, explain=None):
                failures.append(f"{code} {self.path}")
                super().send_error(code, message, explain)

        self.httpd = http.server.ThreadingHTTPServer(("127.0.0.1", 0), functools.partial(Handler, directory=str(root)))
        self.base = f"http://127.0.0.1:{self.httpd.server_address[1]}/"
        threading.Thread(target=self.httpd.serve_forever, daemon=True).start()

    def close(self):
        self.httpd.shutdown()
        self.httpd.server_close()


@pytest.fixture(scope="session")
def server(site_dir):
    server = Server(site_dir)
    yield server
    server.close()


def make_driver(javascript=True, width=1280, height=900, scrollbars=True):
    options = webdriver.ChromeOptions()
    arguments = ["--headless=new", "--no-sandbox", "--disable-dev-shm-usage", f"--window-size={width},{height}"]
    if not scrollbars:
        arguments.append("--hide-scrollbars")
    for argument in arguments:
        options.add_argument(argument)
    options.set_capability("goog:loggingPrefs", {"browser": "ALL"})
    if not javascript:
        options.add_experimental_option("prefs", {"profile.managed_default_content_settings.javascript": 2})
    return webdriver.Chrome(service=Service("/usr/bin/chromedriver"), options=options)


@pytest.fixture(scope="session")
def browser():
    driver = make_driver()
    yield driver
    driver.quit()


@pytest.fixture
def driver(browser, server):
    """The shared browser, checked after each test for console errors and failed requests."""
    browser.set_window_size(1280, 900)
    browser.get_log("browser")
    server.failures.clear()
    yield browser
    errors = [entry for entry in browser.get_log("browser") if entry["level"] == "SEVERE"]
    assert errors == [], f"console errors: {errors}"
    assert server.failures == [], f"failed requests: {server.failures}"
    foreign = browser.execute_script(
        "return performance.getEntriesByType('resource').map(e => e.name)"
        ".filter(n => !n.startsWith(location.origin) && !n.startsWith('data:'))")
    assert foreign == [], f"requests to other hosts: {foreign}"


def run_axe(driver):
    """axe-core's violations of serious or critical impact on the current page."""
    driver.execute_script(AXE.read_text())
    result = driver.execute_async_script(
        "const done = arguments[arguments.length - 1];"
        "axe.run(document, {resultTypes: ['violations']}).then(r => done(r.violations), e => done(String(e)));")
    assert not isinstance(result, str), result
    return [(v["id"], v["impact"], [n["target"] for n in v["nodes"]][:3]) for v in result
            if v["impact"] in ("serious", "critical")]


@contextlib.contextmanager
def probing(browser, source):
    """The browser with `source` run before any script of every page and frame it opens
    (a probe that records what a hostile page calls), for the duration of a test module."""
    script = browser.execute_cdp_cmd("Page.addScriptToEvaluateOnNewDocument", {"source": source})
    try:
        yield browser
    finally:
        browser.execute_cdp_cmd("Page.removeScriptToEvaluateOnNewDocument", {"identifier": script["identifier"]})


def accept_alert(browser):
    """Whether an alert was open (accepted, so that the browser goes on)."""
    try:
        browser.switch_to.alert.accept()
        return True
    except NoAlertPresentException:
        return False
