#!/usr/bin/env bash
# Resident memory of `catalog-build serve` on a generated catalog: after its first build,
# and after body edits, with the time each edit's rebuild took ("Built in N ms").
#
#   bench/serve/rss.sh                                   # release build, 10,000 contexts, 5 edits
#   bench/serve/rss.sh --tool /tmp/base/catalog-build    # another binary (no swift build)
#   bench/serve/rss.sh --books 10 --edits 3              # 1,000 contexts
#
# The corpus, output and cache go to $BENCH_DIR (default /dev/shm/catalog-serve-rss: tmpfs,
# so that the disk does not slow the first build). Prints one line of figures:
#   first-build-ms first-build-cpu-s rss-after-build-MB peak-MB rss-after-edits-MB
#   anonymous-rss-after-edits-MB edit-ms...
# (the anonymous part leaves out the pages of the executable and libraries: a debug
# binary's are tens of MB more than a release one's).
# The peak (VmHWM) is the first build's: it holds every output file in memory at once.
set -euo pipefail

here="$(cd "$(dirname "$0")" && pwd)"
repo="$(cd "$here/../.." && pwd)"
# ../shared/bench beside the repository, or beside its main checkout when this is a git worktree.
shared="${SHARED_BENCH:-}"
if [ -z "$shared" ]; then
    common="$(git -C "$repo" rev-parse --path-format=absolute --git-common-dir 2>/dev/null || true)"
    for candidate in "$repo/../shared/bench" ${common:+"$common/../../shared/bench"}; do
        if [ -f "$candidate/gen_corpus.py" ]; then shared="$(cd "$candidate" && pwd)"; break; fi
    done
fi
if [ ! -f "${shared:-.}/gen_corpus.py" ]; then
    echo "rss.sh: gen_corpus.py is not in ${shared:-../shared/bench beside the repository or its main checkout};" \
        "set SHARED_BENCH to the folder that holds it" >&2
    exit 2
fi
work="${BENCH_DIR:-/dev/shm/catalog-serve-rss}"
books=100
edits=5
tool=""

while [ $# -gt 0 ]; do
    case "$1" in
        --books) shift; books="$1" ;;
        --edits) shift; edits="$1" ;;
        --tool) shift; tool="$1" ;;
        *) echo "unknown option $1" >&2; exit 2 ;;
    esac
    shift
done

if [ -z "$tool" ]; then
    (cd "$repo" && swift build -c release --product catalog-build >&2)
    tool="$repo/.build/release/catalog-build"
fi

corpus="$work/corpus-$books"
if [ ! -d "$corpus/content" ]; then
    python3 "$shared/gen_corpus.py" --books "$books" --chapters 10 --sections 10 --images 0 --out "$corpus" >&2
fi
rm -rf "$work/out" "$work/cache"
edited="$(cd "$corpus/content" && find "$PWD" -name '*.md' | sort | sed -n '500p;$p' | head -1)"
cp "$edited" "$work/edited.orig"
log="$work/serve.log"
port=$(( 18000 + RANDOM % 1000 ))

"$tool" serve --content "$corpus/content" --output "$work/out" --cache "$work/cache" --port "$port" 2> "$log" &
pid=$!
restore() { kill -INT "$pid" 2>/dev/null || true; wait "$pid" 2>/dev/null || true; cp "$work/edited.orig" "$edited"; }
trap restore EXIT
until grep -q "Serving" "$log" 2>/dev/null; do
    kill -0 "$pid" 2>/dev/null || { cat "$log" >&2; exit 1; }
    sleep 0.5
done
kb() { awk -v key="$1:" '$1 == key { print $2 }' "/proc/$pid/status"; }
ticks() { awk '{ print $14 + $15 }' "/proc/$pid/stat"; }
first_cpu=$(( $(ticks) ))
after_build=$(kb VmRSS)
for i in $(seq "$edits"); do
    printf '\nServe edit %s.\n' "$i" >> "$edited"
    sleep 2
done
after_edits=$(kb VmRSS)
anonymous=$(kb RssAnon)
peak=$(kb VmHWM)
first_ms="$(grep -m1 "Built in" "$log" | sed 's/.*Built in \([0-9.]*\) ms.*/\1/')"
edit_ms="$(grep "Built in" "$log" | tail -n +2 | sed 's/.*Built in \([0-9.]*\) ms.*/\1/' | tr '\n' ' ')"
hz="$(getconf CLK_TCK)"
echo "$first_ms $(awk -v t="$first_cpu" -v hz="$hz" 'BEGIN { printf "%.2f", t / hz }') $(( after_build / 1024 )) $(( peak / 1024 )) $(( after_edits / 1024 )) $(( anonymous / 1024 )) $edit_ms"
