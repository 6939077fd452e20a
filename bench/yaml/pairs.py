#!/usr/bin/env python3
"""Runs each command with the YAML shortcut (A) and without it (B) in turn, A B A B …, and
reports medians of wall and CPU time (user + system, the child's own rusage), peak memory and
the median of the pairwise ratios B/A (how much longer a build takes without the shortcut).
On a shared, loaded machine wall time swings with the neighbours; CPU time much less, so the
decision is read from the CPU ratio. Cold builds: output and cache are moved aside first."""
import argparse, os, platform, resource, shutil, statistics, subprocess, sys, time

def run(cmd, env):
    """Wall seconds, CPU seconds and peak RSS (KB) of one run, measured around the child alone."""
    start = time.monotonic()
    proc = subprocess.Popen(cmd, env=env, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    _, status, usage = os.wait4(proc.pid, 0)
    wall = time.monotonic() - start
    code = os.waitstatus_to_exitcode(status)
    if code not in (0, 1):  # validate exits 1 only if the corpus had errors; a build must not
        sys.exit(f"{' '.join(cmd)} exited {code}")
    return wall, usage.ru_utime + usage.ru_stime, usage.ru_maxrss

def aside(trash, *paths):
    """Moves old output into trash (a rename) instead of deleting it: see bench/site/set-aside.sh."""
    os.makedirs(trash, exist_ok=True)
    for path in paths:
        if os.path.exists(path):
            os.rename(path, os.path.join(trash, f"{os.path.basename(path)}.{time.monotonic_ns()}"))

def measure(label, make_cmd, place, runs, tool):
    variants = {"shortcut": dict(os.environ), "events": dict(os.environ, CATALOG_BUILD_YAML_READER="events")}
    times = {k: [] for k in variants}
    cpus = {k: [] for k in variants}
    peaks = {k: [] for k in variants}
    trash = os.path.join(place, "trash")
    out, cache = os.path.join(place, "out"), os.path.join(place, "cache")
    for i in range(runs + 1):  # the first pair warms the page cache and is not counted
        for name, env in variants.items():
            aside(trash, out, cache)
            wall, cpu, peak = run(make_cmd(out, cache), env)
            if i > 0:
                times[name].append(wall)
                cpus[name].append(cpu)
                peaks[name].append(peak)
    shutil.rmtree(trash, ignore_errors=True)
    ratios = [b / a for a, b in zip(times["shortcut"], times["events"])]
    cpu_ratios = [b / a for a, b in zip(cpus["shortcut"], cpus["events"])]
    return dict(label=label,
                a=statistics.median(times["shortcut"]), b=statistics.median(times["events"]),
                ca=statistics.median(cpus["shortcut"]), cb=statistics.median(cpus["events"]),
                cratio=statistics.median(cpu_ratios), clo=min(cpu_ratios), chi=max(cpu_ratios),
                pa=max(peaks["shortcut"]) // 1024, pb=max(peaks["events"]) // 1024,
                ratio=statistics.median(ratios), lo=min(ratios), hi=max(ratios))

def main():
    p = argparse.ArgumentParser()
    p.add_argument("--tool"); p.add_argument("--content"); p.add_argument("--runs", type=int)
    p.add_argument("--disk"); p.add_argument("--tmpfs"); p.add_argument("--readme")
    a = p.parse_args()
    build = lambda out, cache: [a.tool, "build", "--content", a.content, "--output", out, "--cache", cache]
    validate = lambda out, cache: [a.tool, "validate", "--content", a.content, "--format", "json"]
    rows = [measure("cold build, output on tmpfs", build, a.tmpfs, a.runs, a.tool),
            measure("cold build, output on disk", build, a.disk, a.runs, a.tool),
            measure("validate", validate, a.tmpfs, a.runs, a.tool)]
    version = subprocess.run([a.tool, "--version"], capture_output=True, text=True).stdout.strip()
    lines = [f"Measured {time.strftime('%Y-%m-%d')} on {os.cpu_count()} cores, {platform.machine()}, "
             f"catalog-build {version}, 10,000 generated contexts, {a.runs} pairs (medians).", "",
             "| run | wall: with YAMLSimpleMap / events only | without ÷ with, wall (median of pairs, min–max) "
             "| CPU: with / without | without ÷ with, CPU (median of pairs, min–max) | peak memory (with / without) |",
             "|---|---|---|---|---|---|"]
    for r in rows:
        lines.append(f"| {r['label']} | {r['a']:.2f} / {r['b']:.2f} s | {r['ratio']:.3f} ({r['lo']:.3f}–{r['hi']:.3f}) "
                     f"| {r['ca']:.2f} / {r['cb']:.2f} s | {r['cratio']:.3f} ({r['clo']:.3f}–{r['chi']:.3f}) "
                     f"| {r['pa']} / {r['pb']} MB |")
    table = "\n".join(lines)
    print(table)
    if a.readme != "-":
        text = open(a.readme).read()
        start, end = "<!-- table -->", "<!-- /table -->"
        head, rest = text.split(start, 1)
        _, tail = rest.split(end, 1)
        open(a.readme, "w").write(f"{head}{start}\n{table}\n{end}{tail}")

main()
