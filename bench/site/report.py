#!/usr/bin/env python3
"""Turns the results of run.sh (hyperfine JSON, peak RSS files) into the Markdown table
of bench/site/README.md, or splices such a table into the README between its markers."""
import argparse
import json
import os
import platform
import re
import subprocess
import sys

BEGIN, END = "<!-- results:begin -->", "<!-- results:end -->"


def median(results, name):
    path = os.path.join(results, name + ".json")
    if not os.path.exists(path):
        return None
    return json.load(open(path))["results"][0]["median"]


def cpu(results, name):
    """Mean user + system CPU seconds of a hyperfine result: less noisy than wall time on a
    shared machine, and what a tool costs whatever the number of cores."""
    path = os.path.join(results, name + ".json")
    if not os.path.exists(path):
        return None
    result = json.load(open(path))["results"][0]
    return result["user"] + result["system"]


def rss_mb(results, name):
    path = os.path.join(results, name + ".rss")
    if not os.path.exists(path):
        return None
    return int(open(path).read().split()[-1]) / 1024


def serve_median(results, size):
    path = os.path.join(results, f"serve-edit-{size}.txt")
    if not os.path.exists(path):
        return None
    values = sorted(float(line) / 1000 for line in open(path) if line.strip())
    return values[len(values) // 2] if values else None


def secs(value):
    if value is None:
        return "–"
    return f"{value * 1000:.0f} ms" if value < 1 else f"{value:.2f} s"


def mb(value):
    return "–" if value is None else f"{value:.0f} MB"


def ratio(a, b):
    return "–" if a is None or b is None else f"{a / b:.2f}"


def version(command):
    try:
        out = subprocess.run(command, capture_output=True, text=True, check=False)
        return (out.stdout or out.stderr).strip().splitlines()[0]
    except (OSError, IndexError):
        return "unavailable"


def machine():
    cpu = "unknown"
    for line in open("/proc/cpuinfo"):
        if line.startswith("model name"):
            cpu = line.split(":", 1)[1].strip()
            break
    return f"{os.cpu_count()} cores (nproc), {cpu}, {platform.system()} {platform.release()}"


def table(results, sizes, tool_version, place=""):
    rows = ["| contexts | catalog-build cold | Hugo cold | md_floor | catalog/Hugo | catalog/floor "
            "| cold CPU catalog / Hugo / floor | peak RSS catalog / Hugo / floor | no-op rebuild | no-op/cold | one-file edit (build) "
            "| one-file edit (serve) |",
            "|---:|---:|---:|---:|---:|---:|---|---|---:|---:|---:|---:|"]
    for size in sizes:
        cold = median(results, f"cold-catalog-{size}")
        hugo = median(results, f"cold-hugo-{size}")
        floor = median(results, f"cold-floor-{size}")
        noop = median(results, f"noop-catalog-{size}")
        edit = median(results, f"edit-catalog-{size}")
        cpus = " / ".join(secs(cpu(results, f"cold-{t}-{size}")) for t in ("catalog", "hugo", "floor"))
        memory = " / ".join(mb(rss_mb(results, f"rss-{t}-{size}")) for t in ("catalog", "hugo", "floor"))
        rows.append(f"| {int(size):,} | {secs(cold)} | {secs(hugo)} | {secs(floor)} | {ratio(cold, hugo)} "
                    f"| {ratio(cold, floor)} | {cpus} | {memory} | {secs(noop)} | {ratio(noop, cold)} | {secs(edit)} "
                    f"| {secs(serve_median(results, size))} |")
    swift = version(["swift", "--version"])
    hugo = version(["hugo", "version"])
    hyperfine = version(["hyperfine", "--version"])
    cmark = version(["sh", "-c", "dpkg-query -W -f='libcmark-gfm ${Version}' libcmark-gfm0.29.0.gfm.6 2>/dev/null || echo unknown"])
    notes = [
        "",
        f"Machine: {machine()}.",
        f"Tools: catalog-build {tool_version} (release), {swift}; {hugo}; {hyperfine}; {cmark}.",
    ] + ([f"Corpora and outputs on {place}."] if place else []) + [
        "Medians of hyperfine runs (one warm-up), each cold build into a fresh directory (the previous "
        "output set aside, not deleted: see `set-aside.sh`); CPU is the mean user + system time; peak RSS from `/usr/bin/time` (one run). "
        "One-file edit appends a line to one section's body before each run: `build` is a new "
        "process each time (loads everything again, rewrites only changed files); `serve` is the "
        "rebuild time it logs, with parsed files kept in memory (the watcher's 250 ms wait for the tree to settle not counted).",
    ]
    return "\n".join(rows + notes) + "\n"


def splice(readme):
    text = open(readme).read()
    block = BEGIN + "\n" + sys.stdin.read() + END
    text = re.sub(re.escape(BEGIN) + ".*?" + re.escape(END), lambda _: block, text, flags=re.S)
    open(readme, "w").write(text)


def main():
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--results")
    parser.add_argument("--sizes", nargs="*", default=[])
    parser.add_argument("--tool-version", default="")
    parser.add_argument("--place", default="", help="where corpora and outputs were: file system type and folder")
    parser.add_argument("--splice")
    args = parser.parse_args()
    if args.splice:
        splice(args.splice)
    else:
        sys.stdout.write(table(args.results, args.sizes, args.tool_version, args.place))


if __name__ == "__main__":
    main()
