#!/usr/bin/env python3
"""What the browser downloads for a first search query, measured in headless Chromium.

    .build/venv/bin/python bench/scale/first_query.py SITE                 # 40 queries in en-us
    .build/venv/bin/python bench/scale/first_query.py SITE --locale ja-jp --queries 20
    .build/venv/bin/python bench/scale/first_query.py SITE --query water --query "light energy"

Serves SITE on 127.0.0.1, opens `search/LOCALE/index.html?q=QUERY` in a fresh page for
each query (the site's own script runs the query from the address, as a shared link
does) and sums, from the browser's resource timing, the bytes of the index files it
loaded (`search/` scripts: manifest, term packs, document chunks) until the result count
shows. The page, its stylesheet and the search script are reported apart: they are the
same for every query and cached after the first page.

Queries: one word per query drawn (with a fixed seed) from the locale's own index, plus
two-letter prefixes and three-word queries, unless --query is given. Needs selenium and
chromedriver (scripts/python-env installs them for the browser tests).
"""
import argparse
import functools
import glob
import http.server
import json
import os
import random
import statistics
import sys
import threading
import time
import urllib.parse

from selenium import webdriver
from selenium.webdriver.chrome.service import Service


def serve(root):
    class Quiet(http.server.SimpleHTTPRequestHandler):
        def log_message(self, *args):
            pass

    httpd = http.server.ThreadingHTTPServer(("127.0.0.1", 0), functools.partial(Quiet, directory=root))
    threading.Thread(target=httpd.serve_forever, daemon=True).start()
    return httpd, f"http://127.0.0.1:{httpd.server_address[1]}/"


def index_terms(site, locale):
    """Every term of the locale's index, read from its term files."""
    terms = []
    for path in sorted(glob.glob(os.path.join(site, "search", locale, "t-*.js"))):
        text = open(path, encoding="utf-8").read()
        payload = text[text.index(",") + 1:text.rindex(");")]
        terms += json.loads(payload).keys()
    return sorted(set(terms))


def default_queries(site, locale, count):
    terms = index_terms(site, locale)
    rng = random.Random(19)
    words = rng.sample(terms, min(count, len(terms)))
    prefixes = sorted({w[:2] for w in rng.sample(terms, min(count // 4 + 1, len(terms))) if len(w) >= 2})
    triples = [" ".join(rng.sample(terms, 3)) for _ in range(count // 8 + 1)]
    return words + prefixes[: count // 4 + 1] + triples


def measure(driver, base, locale, query):
    driver.get(base + f"search/{locale}/index.html?" + urllib.parse.urlencode({"q": query}))
    deadline = time.time() + 60
    while time.time() < deadline:
        status = driver.execute_script("var s = document.querySelector('[data-search-status]'); return s && s.textContent;")
        if status:
            break
        time.sleep(0.05)
    else:
        raise SystemExit(f"no result count for {query!r} after 60 s")
    time.sleep(0.2)  # the chunks of the first results load after the count shows
    entries = driver.execute_script(
        "return performance.getEntriesByType('resource').map(e => [e.name, e.encodedBodySize || e.transferSize]);")
    page = driver.execute_script(
        "var n = performance.getEntriesByType('navigation')[0]; return n ? n.encodedBodySize : 0;")
    search = sum(size for name, size in entries if f"/search/{locale}/" in name)
    shell = page + sum(size for name, size in entries if f"/search/{locale}/" not in name)
    files = sum(1 for name, _ in entries if f"/search/{locale}/" in name)
    return {"query": query, "status": status, "search bytes": search, "search files": files, "page bytes": shell}


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("site")
    parser.add_argument("--locale", default="en-us")
    parser.add_argument("--queries", type=int, default=40, help="how many one-word queries to draw")
    parser.add_argument("--query", action="append", help="a query to measure (repeatable); replaces the drawn ones")
    parser.add_argument("--json", action="store_true")
    arguments = parser.parse_args()
    site = os.path.abspath(arguments.site)
    queries = arguments.query or default_queries(site, arguments.locale, arguments.queries)
    httpd, base = serve(site)
    options = webdriver.ChromeOptions()
    for option in ["--headless=new", "--no-sandbox", "--disable-dev-shm-usage", "--disk-cache-size=1"]:
        options.add_argument(option)
    driver = webdriver.Chrome(service=Service("/usr/bin/chromedriver"), options=options)
    try:
        results = []
        for query in queries:
            driver.delete_all_cookies()
            driver.execute_cdp_cmd("Network.clearBrowserCache", {})
            results.append(measure(driver, base, arguments.locale, query))
    finally:
        driver.quit()
        httpd.shutdown()
    if arguments.json:
        json.dump(results, sys.stdout, indent=1)
        print()
        return
    sizes = [r["search bytes"] for r in results]
    for r in sorted(results, key=lambda r: -r["search bytes"])[:10]:
        print(f"{r['search bytes']:>9,} B in {r['search files']:>2} files  {r['query']!r}  ({r['status']})")
    print(f"\n{len(results)} first queries in {arguments.locale}: index bytes median {statistics.median(sizes):,.0f}, "
          f"max {max(sizes):,}; page, stylesheet and script {results[0]['page bytes']:,} B")


if __name__ == "__main__":
    main()
