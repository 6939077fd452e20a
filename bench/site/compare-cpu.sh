#!/usr/bin/env bash
# Compares the CPU time (user + system) of cold builds by two catalog-build binaries, runs
# interleaved (A B A B ...) so that a change of load hits both alike; prints every run and
# the median of each, and B's median over A's.
#
#   bench/site/compare-cpu.sh A-BINARY B-BINARY [CONTEXTS] [RUNS]   # default 10000 contexts, 5 runs
#
# The corpus is run.sh's (gen_corpus.py, 10 chapters of 10 sections per book, no images),
# made once in $BENCH_DIR (default /tmp/catalog-bench-cpu); every build starts with no
# output and no cache, the previous ones set aside (set-aside.sh), not deleted.
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
shared="$(cd "$here/../../.." && pwd)/shared/bench"
a="$1" b="$2" size="${3:-10000}" runs="${4:-5}"
work="${BENCH_DIR:-/tmp/catalog-bench-cpu}"
corpus="$work/catalog-$size"
trash="$work/trash"
trap 'rm -rf "$trash"' EXIT
[ -d "$corpus/content" ] || python3 "$shared/gen_corpus.py" --books $((size / 100)) --chapters 10 \
    --sections 10 --images 0 --out "$corpus" >&2

cpu() {  # binary label → prints "label user+sys wall"
    "$here/set-aside.sh" "$trash" "$work/out" "$work/cache"
    /usr/bin/time -f "%U %S %e" -o "$work/time" "$1" build --content "$corpus/content" \
        --output "$work/out" --cache "$work/cache" > /dev/null 2>&1
    read -r user system wall < "$work/time"
    echo "$2 $(echo "$user + $system" | bc) $wall"
}

cpu "$a" warmup-a > /dev/null; cpu "$b" warmup-b > /dev/null
for _ in $(seq "$runs"); do cpu "$a" A; cpu "$b" B; done | tee "$work/runs"
median() { grep "^$1 " "$work/runs" | cut -d' ' -f2 | sort -n | awk '{v[NR]=$1} END {print v[int((NR+1)/2)]}'; }
ma="$(median A)" mb="$(median B)"
echo "median CPU s: A $ma, B $mb, B/A $(echo "scale=3; $mb / $ma" | bc)"
