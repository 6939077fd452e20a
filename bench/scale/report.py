#!/usr/bin/env python3
"""Turns run.sh's raw results into the "Build time and memory" table, printed and (with
--readme) spliced into README.md between its scale-time markers."""
import argparse, os, platform, re, statistics, subprocess

BEGIN, END = "<!-- scale-time:begin -->", "<!-- scale-time:end -->"
HEADING = "## Build time and memory"


def runs(results, name):
    """[(wall, cpu, rss_mb, system)] of every run of NAME."""
    path = os.path.join(results, name + ".tsv")
    if not os.path.exists(path):
        return []
    rows = []
    for line in open(path):
        wall, user, system, rss = line.split()
        rows.append((float(wall), float(user) + float(system), int(rss) / 1024, float(system)))
    return rows


def median(rows, column):
    return statistics.median(row[column] for row in rows)


def versions(results, name):
    recorded = os.path.join(results, name + ".versions")
    if os.path.exists(recorded):  # contextCount of the build's catalog/manifest.json
        return int(open(recorded).read())
    text = open(os.path.join(results, name + ".out")).read() + open(os.path.join(results, name + ".timings")).read()
    match = re.search(r"Built ([\d,]+) context versions", text)
    if match:
        return int(match.group(1).replace(",", ""))
    # `build` now says "Built OUTPUT in T s: N pages, …": a version is a Markdown file of
    # the corpus (run.sh lists them for the floor, beside the results folder).
    listing = os.path.join(os.path.dirname(os.path.abspath(results)), "files-" + name.split("-")[1] + ".txt")
    return sum(1 for _ in open(listing)) if os.path.exists(listing) else 0


def stage_cpu(results, name):
    """{stage: cpu seconds} from the last run's --timings table."""
    stages = {}
    for line in open(os.path.join(results, name + ".timings")):
        match = re.match(r"^(\S.*?)\s{2,}([\d.]+)\s+([\d.]+)\s+([\d.]+)$", line.rstrip())
        if match:
            stages[match.group(1).strip()] = float(match.group(4)) / 1000
    return stages


def seconds(value):
    return f"{value:.1f} s" if value >= 10 else f"{value:.2f} s"


def table(args):
    lines = []
    place_names = {"shm": "tmpfs", "disk": "disk"}
    lines.append("| corpus | versions | output on | ours wall | ours CPU (of it system) | ours peak RSS | floor wall | floor CPU (system) "
                 "| ours/floor wall | ours/floor CPU | files written | load / validate+model / site CPU |")
    lines.append("|---|---:|---|---:|---:|---:|---:|---:|---:|---:|---:|---|")
    for corpus in args.corpora.split():
        for place in args.places.split():
            ours, floor = runs(args.results, f"ours-{corpus}-{place}"), runs(args.results, f"floor-{corpus}-{place}")
            if not ours or not floor:
                continue
            name = f"ours-{corpus}-{place}"
            stages = stage_cpu(args.results, name)
            files = open(os.path.join(args.results, name + ".files")).read().split()
            label = ("tldr-pages" if corpus == "tldr" else "generated, no warning" if corpus.endswith("-clean")
                     else "generated" if corpus[0].isdigit() else corpus)
            lines.append(
                f"| {label} | {versions(args.results, name):,} | {place_names[place]} "
                f"| {seconds(median(ours, 0))} | {seconds(median(ours, 1))} ({seconds(median(ours, 3))}) | {median(ours, 2):,.0f} MB "
                f"| {seconds(median(floor, 0))} | {seconds(median(floor, 1))} ({seconds(median(floor, 3))}) "
                f"| {median(ours, 0) / median(floor, 0):.2f}× | {median(ours, 1) / median(floor, 1):.2f}× "
                f"| {int(files[0]):,} ({int(files[1]) / 1e9:.2f} GB) "
                f"| {stages.get('load', 0):.1f} / {stages.get('validate and model', 0):.1f} / {stages.get('site', 0):.1f} s |")
    return lines


def growth(args):
    one, four = runs(args.results, "ours-25000-shm"), runs(args.results, "ours-25000x4-shm")
    if not one or not four:
        return []
    bytes_one = int(open(os.path.join(args.results, "bytes-25000.txt")).read()) / 1048576
    bytes_four = int(open(os.path.join(args.results, "bytes-25000x4.txt")).read()) / 1048576
    rss_one, rss_four = median(one, 2), median(four, 2)
    return [
        "| bodies | Markdown read | peak RSS (median) | CPU (median) |",
        "|---|---:|---:|---:|",
        f"| 1× | {bytes_one:,.0f} MB | {rss_one:,.0f} MB | {seconds(median(one, 1))} |",
        f"| 4× | {bytes_four:,.0f} MB | {rss_four:,.0f} MB | {seconds(median(four, 1))} |",
        "",
        f"Peak memory grew by {rss_four - rss_one:,.0f} MB for {bytes_four - bytes_one:,.0f} MB more Markdown "
        f"({(rss_four - rss_one) / (bytes_four - bytes_one):.2f} MB per MB of bodies).",
    ]


def machine(args):
    cpu = next((line.split(":", 1)[1].strip() for line in open("/proc/cpuinfo") if line.startswith("model name")), "?")
    version = subprocess.run([args.tool, "--version"], capture_output=True, text=True).stdout.strip()
    load = open("/proc/loadavg").read().split()[:3]
    return (f"Machine: {os.cpu_count()} cores, {cpu}, Linux {platform.release()}; load average at the end "
            f"{' '.join(load)}. Tool: catalog-build {version} (release), {args.commit}. Medians of "
            f"{len(runs(args.results, 'ours-25000-shm')) or 'the'} runs, ours and the floor interleaved; CPU is user + "
            f"system; peak RSS is GNU time's maximum resident set size.")


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("results")
    parser.add_argument("--commit", default="built from ?")
    parser.add_argument("--tool", default="catalog-build")
    parser.add_argument("--places", default="shm disk")
    parser.add_argument("--corpora", default="")
    parser.add_argument("--growth", default="1")
    parser.add_argument("--readme", default="")
    args = parser.parse_args()
    body = table(args) + [""] + (growth(args) + [""] if args.growth == "1" else []) + [machine(args)]
    text = "\n".join(body)
    print(text)
    if not args.readme:
        return
    readme = open(args.readme).read() if os.path.exists(args.readme) else "# Benchmarks at full size\n"
    block = f"{BEGIN}\n{text}\n{END}"
    if BEGIN in readme:
        readme = re.sub(re.escape(BEGIN) + ".*?" + re.escape(END), lambda _: block, readme, flags=re.S)
    elif HEADING in readme:
        readme = readme.replace(HEADING, HEADING + "\n\n" + block, 1)
    else:
        readme = readme.rstrip("\n") + f"\n\n{HEADING}\n\n{block}\n"
    open(args.readme, "w").write(readme)


if __name__ == "__main__":
    main()
