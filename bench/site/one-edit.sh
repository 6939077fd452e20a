#!/usr/bin/env bash
# A new `build` process after one edit: one line appended to one section's body, then
# `build` (output and cache kept from the run before), timed with /usr/bin/time; the
# binaries given take turns, each edit applied before each binary's run, so that both
# see the same machine. Prints, per binary, the median of the runs' wall time and CPU
# time (user + sys) and the route the last run took (`--timings`).
#
#   bench/site/one-edit.sh CORPUS RUNS BINARY...
#   python3 ../shared/bench/gen_corpus.py --books 100 --chapters 10 --sections 10 --images 0 --out /dev/shm/one-edit-10k
#   bench/site/one-edit.sh /dev/shm/one-edit-10k 5 /tmp/base/catalog-build .build/release/catalog-build
#
# Each binary builds into its own output and cache beside the corpus ($corpus-out-N,
# $corpus-cache-N), removed at the end; the corpus's edited file keeps the lines added.
set -euo pipefail
corpus="$1"; runs="$2"; shift 2
content="$corpus/content"
edited="$(find "$content" -name '*-s00.md' | sort | sed -n 50p)"
[ -n "$edited" ] || { echo "no section file in $content" >&2; exit 2; }
n=0
for tool in "$@"; do
    n=$((n + 1))
    rm -rf "$corpus-out-$n" "$corpus-cache-$n"
    "$tool" build --content "$content" --output "$corpus-out-$n" --cache "$corpus-cache-$n" >/dev/null 2>&1
done
declare -A walls cpus routes
for run in $(seq "$runs"); do
    n=0
    for tool in "$@"; do
        n=$((n + 1))
        printf '\nEdited %s in run %s.\n' "$RANDOM" "$run" >> "$edited"
        log="$corpus-time-$n.log"
        /usr/bin/time -f '%e %U %S' -o "$log.time" "$tool" build --content "$content" --output "$corpus-out-$n" \
            --cache "$corpus-cache-$n" --timings > "$log" 2>&1
        read -r wall user sys < "$log.time"
        walls[$n]+="$wall "
        cpus[$n]+="$(awk -v u="$user" -v s="$sys" 'BEGIN { print u + s }') "
        routes[$n]="$(grep -E '^(body edit: [0-9]|full build: )' "$log" || echo 'full build')"
    done
done
median() { tr ' ' '\n' | grep . | sort -g | awk '{ a[NR] = $1 } END { print a[int((NR + 1) / 2)] }'; }
n=0
for tool in "$@"; do
    n=$((n + 1))
    echo "$tool: wall $(echo "${walls[$n]}" | median) s (runs: ${walls[$n]}), cpu $(echo "${cpus[$n]}" | median) s (runs: ${cpus[$n]})"
    echo "  route: ${routes[$n]}"
    rm -rf "$corpus-out-$n" "$corpus-cache-$n" "$corpus-time-$n.log" "$corpus-time-$n.log.time"
done
