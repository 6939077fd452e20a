#!/usr/bin/env bash
# Benchmark catalog-build against Hugo and the C Markdown floor on the same content,
# then regenerate the results table in bench/site/README.md.
#
#   bench/site/run.sh                 # 1,000 and 10,000 contexts, 5 runs each
#   bench/site/run.sh --with-100k     # also 100,000 (about 10 minutes of Hugo alone)
#   bench/site/run.sh --sizes 1000 --runs 3 --no-readme   # quick check while developing
#   bench/site/run.sh --sizes 10000 --serve-only          # only the one-file edits under `serve`
#   bench/site/run.sh --sizes 10000 --serve-only --edit frontmatter   # edit titles and summaries instead
#   bench/site/run.sh ... --tool /tmp/base/catalog-build  # time another binary (implies --no-build)
#
# Generated corpora and outputs go to $BENCH_DIR, never into the repository: by default
# /dev/shm/catalog-bench (tmpfs, where issue #19's targets are measured: on this VM's disk,
# creating files costs both tools seconds of kernel time) or /tmp/catalog-bench where there
# is no /dev/shm; BENCH_DIR=/tmp/catalog-bench measures on disk. Needs: python3, hyperfine, hugo, cc with libcmark-gfm, /usr/bin/time.
set -euo pipefail

here="$(cd "$(dirname "$0")" && pwd)"
repo="$(cd "$here/../.." && pwd)"
shared="${SHARED_BENCH:-$(cd "$(dirname "$0")/../../.." && pwd)/shared/bench}"
default_work=/tmp/catalog-bench
[ -d /dev/shm ] && [ -w /dev/shm ] && default_work=/dev/shm/catalog-bench
work="${BENCH_DIR:-$default_work}"
sizes=(1000 10000)
runs=5
readme=1
build=1
serve_only=0
edit=body
tool=""

while [ $# -gt 0 ]; do
    case "$1" in
        --with-100k) sizes+=(100000) ;;
        --sizes) shift; IFS=' ' read -r -a sizes <<< "$1" ;;
        --runs) shift; runs="$1" ;;
        --no-readme) readme=0 ;;
        --no-build) build=0 ;;
        --serve-only) serve_only=1; readme=0 ;;
        --edit) shift; edit="$1"; case "$edit" in body|frontmatter) ;; *) echo "--edit body|frontmatter" >&2; exit 2 ;; esac ;;
        --tool) shift; tool="$1"; build=0 ;;
        *) echo "unknown option $1" >&2; exit 2 ;;
    esac
    shift
done

mkdir -p "$work/results"
results="$work/results"
# Cold builds start from output set aside here (see set-aside.sh), deleted when run.sh ends.
trash="$work/trash"
aside="$here/set-aside.sh $trash"
trap 'rm -rf "$trash"' EXIT
rm -f "$results"/*.json "$results"/*.txt

if [ "$build" = 1 ]; then (cd "$repo" && swift build -c release >&2); fi
tool="${tool:-$repo/.build/release/catalog-build}"

# The C floor: libcmark-gfm with the GFM extensions, as our renderer uses.
cc -O2 -DGFM -o "$work/md_floor" "$shared/md_floor.c" -lcmark-gfm -lcmark-gfm-extensions

# Contexts = books × 10 chapters × 10 sections (plus one index per book and chapter).
corpus() {  # size → generates $work/catalog-$size and $work/hugo-$size once
    local size="$1" books=$(( $1 / 100 ))
    if [ ! -d "$work/catalog-$size/content" ]; then
        python3 "$shared/gen_corpus.py" --books "$books" --chapters 10 --sections 10 --images 0 \
            --out "$work/catalog-$size" >&2
        # Hugo's baseURL, so that the build writes its sitemap as before (none for a path base).
        echo 'site: {baseURL: https://books.example.com/}' >> "$work/catalog-$size/content/catalog.yml"
    fi
    if [ "$serve_only" = 0 ]; then
        if [ ! -d "$work/hugo-$size/content" ]; then
            python3 "$shared/gen_corpus.py" --format hugo --books "$books" --chapters 10 --sections 10 \
                --images 0 --out "$work/hugo-$size" >&2
        fi
        cp -r "$here/hugo-layout/hugo.toml" "$here/hugo-layout/layouts" "$work/hugo-$size/"
    fi
    (cd "$work/catalog-$size/content" && find "$PWD" -name '*.md' | sort) > "$work/files-$size.txt"
}

# Peak memory in KB of one run of a command (after its preparation).
peak() {  # name command...
    local name="$1"; shift
    /usr/bin/time -f "%M" -o "$results/$name.rss" "$@" > /dev/null 2>&1
}

measure() {
    local size="$1" c="$work/catalog-$size" h="$work/hugo-$size"
    local out="$work/out-$size" cache="$work/cache-$size" hout="$work/hugo-out-$size" fout="$work/floor-$size"
    local build="$tool build --content $c/content --output $out --cache $cache"
    local n="$runs"; [ "$size" -ge 100000 ] && n=3

    hyperfine --runs "$n" --warmup 1 --export-json "$results/cold-catalog-$size.json" \
        --prepare "$aside $out $cache" "$build"
    hyperfine --runs "$n" --warmup 1 --export-json "$results/cold-hugo-$size.json" \
        --prepare "$aside $hout" "hugo --quiet -s $h -d $hout"
    hyperfine --runs "$n" --warmup 1 --export-json "$results/cold-floor-$size.json" \
        --prepare "$aside $fout && mkdir -p $fout" "$work/md_floor $fout < $work/files-$size.txt"

    $aside "$out" "$cache"; peak "rss-catalog-$size" $build
    $aside "$hout"; peak "rss-hugo-$size" hugo --quiet -s "$h" -d "$hout"
    $aside "$fout"; mkdir -p "$fout"; peak "rss-floor-$size" sh -c "$work/md_floor $fout < $work/files-$size.txt"

    # Rebuilds start from a complete build and cache.
    $build > /dev/null 2>&1
    hyperfine --runs "$n" --warmup 1 --export-json "$results/noop-catalog-$size.json" "$build"
    # One line appended to one body: a body edit applied from the cache's body-state.bin
    # (no catalog loaded); one more edit and build records that route in $results/edit-route-$size.txt.
    local edited
    edited="$(sed -n '500p;$p' "$work/files-$size.txt" | head -1)"
    hyperfine --runs "$n" --warmup 1 --export-json "$results/edit-catalog-$size.json" \
        --prepare "printf '\nEdited %s.\n' \$RANDOM >> $edited" "$build"
    printf '\nEdited %s.\n' "$RANDOM" >> "$edited"
    $build --timings 2>&1 | grep -E '^(body edit: [0-9]|full build: )' > "$results/edit-route-$size.txt" || true
}

# One-file edits under `serve`, which keeps parsed files in memory: the rebuild time it
# logs ("Built in N ms"), without the watcher's 250 ms wait for the tree to settle after a change.
serve_edits() {
    local size="$1" c="$work/catalog-$size" port=$(( 18000 + RANDOM % 1000 ))
    local log="$results/serve-$size.log" edited
    edited="$(sed -n '500p;$p' "$work/files-$size.txt" | head -1)"
    "$tool" serve --content "$c/content" --output "$work/serve-out-$size" --cache "$work/serve-cache-$size" \
        --port "$port" 2> "$log" &
    local pid=$!
    until grep -q "Serving" "$log" 2>/dev/null || ! kill -0 "$pid" 2>/dev/null; do sleep 0.5; done
    for i in $(seq "$runs"); do
        if [ "$edit" = frontmatter ]; then
            # A one-line field, title and summary in turn (the file's shape stays the same).
            if [ $(( i % 2 )) = 1 ]; then sed -i "s/^title: .*/title: \"Serve edit $i $RANDOM\"/" "$edited"
            else sed -i "s/^summary: .*/summary: \"Edited summary $i $RANDOM.\"/" "$edited"; fi
        else
            printf '\nServe edit %s.\n' "$i" >> "$edited"
        fi
        sleep 2
    done
    kill -INT "$pid"; wait "$pid" || true
    grep "Built in" "$log" | tail -n "$runs" | sed 's/.*Built in \([0-9.]*\) ms.*/\1/' > "$results/serve-edit-$size.txt"
}

for size in "${sizes[@]}"; do
    corpus "$size"
    if [ "$serve_only" = 1 ]; then
        serve_edits "$size"
        echo "one-file edits under serve at $size contexts (ms, then each rebuild's log line):"
        cat "$results/serve-edit-$size.txt"
        grep "Built in" "$results/serve-$size.log" | tail -n "$runs"
        continue
    fi
    measure "$size"
    serve_edits "$size"
done
[ "$serve_only" = 1 ] && exit 0

python3 "$here/report.py" --results "$results" --sizes "${sizes[@]}" \
    --tool-version "$(git -C "$repo" rev-parse --short HEAD)" \
    --place "$(stat -f -c %T "$work") ($work)" > "$results/table.md"
cat "$results/table.md"
if [ "$readme" = 1 ]; then
    python3 "$here/report.py" --splice "$here/README.md" < "$results/table.md"
fi
