#!/usr/bin/env python3
"""Request latency of `catalog-build serve` while it rebuilds.

Copies a content folder (default: the generator's 10k corpus) to a scratch folder,
serves it, and while a writer changes one book's title in a loop (a front-matter edit:
each one a rebuild whose files are written to the output), measures p50/p99/max of:

  pages       N sequential GETs of pages (cycling over the site's pages), one connection
  large       N sequential GETs of the largest file of the output (about 1 MB at 10k)
  concurrent  N GETs of pages spread over C connections at once
  beside      N GETs of pages over C - 1 connections while one more reads the large file
              over and over (a slow read must not hold up the others)

    bench/serve/latency.py --tool .build/debug/catalog-build
    bench/serve/latency.py --tool X --content /dev/shm/g10k/content --work /dev/shm/serve-latency

Prints one line per kind (milliseconds) and the number of rebuilds logged meanwhile.
"""
import argparse
import http.client
import os
import random
import re
import shutil
import signal
import statistics
import subprocess
import threading
import time


def percentile(values, fraction):
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(round(fraction * (len(ordered) - 1))))]


def timed_gets(port, paths, count):
    connection = http.client.HTTPConnection("127.0.0.1", port, timeout=120)
    times = []
    for i in range(count):
        start = time.perf_counter()
        connection.request("GET", paths[i % len(paths)])
        response = connection.getresponse()
        response.read()
        times.append((time.perf_counter() - start) * 1000)
        if response.status != 200:
            raise SystemExit(f"{paths[i % len(paths)]}: {response.status}")
    connection.close()
    return times


def concurrent_gets(port, paths, count, connections):
    results = [[] for _ in range(connections)]

    def run(index):
        results[index] = timed_gets(port, paths[index::connections] or paths, count // connections)

    threads = [threading.Thread(target=run, args=(i,)) for i in range(connections)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    return [t for part in results for t in part]


def pages_beside_large(port, pages, large_path, count, connections):
    """Page GETs on `connections` - 1 connections while one more reads the large file in a loop."""
    stop = threading.Event()

    def pull():
        connection = http.client.HTTPConnection("127.0.0.1", port, timeout=120)
        while not stop.is_set():
            connection.request("GET", large_path)
            connection.getresponse().read()
        connection.close()

    puller = threading.Thread(target=pull)
    puller.start()
    try:
        return concurrent_gets(port, pages, count, connections - 1)
    finally:
        stop.set()
        puller.join()


def edit_titles(path, stop):
    original = open(path, encoding="utf-8").read()
    turn = 0
    while not stop.is_set():
        turn += 1
        text = re.sub(r'^title: "(.*)"$', f'title: "Edited {turn}"', original, count=1, flags=re.M)
        with open(path, "w", encoding="utf-8") as handle:
            handle.write(text)
        stop.wait(0.3)
    with open(path, "w", encoding="utf-8") as handle:
        handle.write(original)


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--tool", required=True)
    parser.add_argument("--content", default="/dev/shm/g10k/content")
    parser.add_argument("--work", default="/dev/shm/serve-latency")
    parser.add_argument("--count", type=int, default=200)
    parser.add_argument("--connections", type=int, default=4)
    parser.add_argument("--no-edits", action="store_true", help="measure an idle server")
    args = parser.parse_args()

    content = os.path.join(args.work, "content")
    shutil.rmtree(args.work, ignore_errors=True)
    shutil.copytree(args.content, content)
    output, log_path = os.path.join(args.work, "site"), os.path.join(args.work, "serve.log")
    port = 19000 + random.randrange(1000)
    log = open(log_path, "w")
    server = subprocess.Popen([args.tool, "serve", "--content", content, "--output", output,
                               "--cache", os.path.join(args.work, "cache"), "--port", str(port)],
                              stdout=log, stderr=log)
    try:
        while "Serving" not in open(log_path).read():
            if server.poll() is not None:
                raise SystemExit(open(log_path).read())
            time.sleep(0.5)
        pages = sorted("/" + os.path.relpath(os.path.join(d, f), output)
                       for d, _, files in os.walk(output) for f in files if f.endswith(".html"))
        random.Random(1).shuffle(pages)
        large = max((os.path.join(d, f) for d, _, files in os.walk(output) for f in files
                     if not f.startswith(".")), key=os.path.getsize)
        large_path = "/" + os.path.relpath(large, output)
        builds_before = open(log_path).read().count("Built in")
        stop = threading.Event()
        book = os.path.join(content, sorted(e for e in os.listdir(content) if e.startswith("bk"))[0], "index.md")
        writer = threading.Thread(target=edit_titles, args=(book, stop))
        if not args.no_edits:
            writer.start()
            time.sleep(2)
        figures = {
            "pages": timed_gets(port, pages, args.count),
            f"large ({os.path.getsize(large) // 1024} KB)": timed_gets(port, [large_path], args.count),
            f"concurrent ({args.connections} connections)": concurrent_gets(port, pages, args.count, args.connections),
            f"pages beside large ({args.connections - 1}+1)": pages_beside_large(port, pages, large_path, args.count,
                                                                       args.connections),
        }
        stop.set()
        if writer.is_alive():
            writer.join()
        rebuilds = open(log_path).read().count("Built in") - builds_before
        for name, times in figures.items():
            print(f"{name:32} n={len(times):4} p50={statistics.median(times):8.1f} ms "
                  f"p99={percentile(times, 0.99):8.1f} ms max={max(times):8.1f} ms")
        print(f"rebuilds logged meanwhile: {rebuilds}")
        for line in open(log_path).read().splitlines()[-rebuilds:] if rebuilds else []:
            print("  " + line)
    finally:
        server.send_signal(signal.SIGINT)
        try:
            server.wait(10)
        except subprocess.TimeoutExpired:
            server.kill()
        shutil.rmtree(args.work, ignore_errors=True)


if __name__ == "__main__":
    main()
