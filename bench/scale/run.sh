#!/usr/bin/env bash
# Cold builds at full size, against a C floor measured in the same run, then the table
# "## Build time and memory" of bench/scale/README.md (the rest of the README is left as it is).
#
#   bench/scale/run.sh                          # 100,000 and 250,000 versions, tmpfs and disk, 3 runs
#   bench/scale/run.sh --sizes 250000 --runs 5 --places shm
#   bench/scale/run.sh --tldr /path/to/tldr     # also the tldr-pages corpus (a checkout or a bare repo)
#   bench/scale/run.sh --real fcc=/dev/shm/fcc   # also a converted corpus (DIR/content), e.g. by
#                                               # ../corpus/freecodecamp_to_catalog.py; repeatable
#   bench/scale/run.sh --tool /tmp/base/catalog-build --no-readme   # another binary (implies --no-build)
#   bench/scale/run.sh --growth-only            # only the 1x/4x body test (25,000 versions)
#   bench/scale/run.sh --clean                  # also each size with no warning (the body state recorded)
#
# Versions are context versions in 11 locales made by ../shared/bench/gen_corpus.py (20 books of
# 10 chapters of 113 sections is 251,031). Corpora live on tmpfs ($SHM_DIR, default
# /dev/shm/catalog-scale); outputs go to $SHM_DIR ("tmpfs") or $DISK_DIR (default
# /tmp/catalog-scale, "disk"). Each run is cold: a new output and a new cache folder, removed
# before the next run (not timed). Needs python3, cc with libcmark-gfm, GNU time.
set -euo pipefail

here="$(cd "$(dirname "$0")" && pwd)"
repo="$(cd "$here/../.." && pwd)"
shared="${SHARED_BENCH:-$(cd "$repo/.." && pwd)/shared/bench}"
shm="${SHM_DIR:-/dev/shm/catalog-scale}"
disk="${DISK_DIR:-/tmp/catalog-scale}"
sizes=(100000 250000)
places=(shm disk)
runs=3
readme=1
build=1
tool=""
tldr=""
declare -A real=()
growth=1
growth_only=0
clean=0
locales=en-us,es-us,fr-fr,de-de,ja-jp,zh-hans,ar-sa,ko-kr,pt-br,it-it,ru-ru

while [ $# -gt 0 ]; do
    case "$1" in
        --sizes) shift; IFS=' ' read -r -a sizes <<< "$1" ;;
        --places) shift; IFS=' ' read -r -a places <<< "$1" ;;
        --runs) shift; runs="$1" ;;
        --no-readme) readme=0 ;;
        --no-build) build=0 ;;
        --tool) shift; tool="$1"; build=0 ;;
        --tldr) shift; tldr="$1" ;;
        --real) shift; real["${1%%=*}"]="${1#*=}" ;;
        --no-growth) growth=0 ;;
        --growth-only) growth_only=1 ;;
        --clean) clean=1 ;;
        *) echo "unknown option $1" >&2; exit 2 ;;
    esac
    shift
done

mkdir -p "$shm" "$disk"
results="$shm/results"
rm -rf "$results"; mkdir -p "$results"
if [ "$build" = 1 ]; then (cd "$repo" && swift build -c release --product catalog-build >&2); fi
tool="${tool:-$repo/.build/release/catalog-build}"
cc -O2 -pthread -o "$shm/floor" "$here/floor.c" -lcmark-gfm -lcmark-gfm-extensions

content_of() {  # corpus name → its content folder
    if [ -n "${real[$1]:-}" ]; then echo "${real[$1]}/content"; else echo "$shm/corpus-$1/content"; fi
}

out_dir() { if [ "$1" = shm ]; then echo "$shm/out"; else echo "$disk/out"; fi; }

# name → $shm/corpus-name/content, generated once (books of 10 chapters × 113 sections, 11 locales).
generate() {  # name books
    [ -d "$shm/corpus-$1/content" ] && return
    python3 "$shared/gen_corpus.py" --books "$2" --chapters 10 --sections 113 --images 0 \
        --locales "$locales" --jobs 2 --out "$shm/corpus-$1" >&2
    # An absolute base URL, so that the build writes (and the table measures) its sitemap:
    # with a path base, or none, it writes no sitemap.
    echo 'site: {baseURL: https://books.example.com/}' >> "$shm/corpus-$1/content/catalog.yml"
}

# name → $shm/corpus-name-clean/content: the same files (hard links) but catalog.yml, which
# turns off the one rule the generator's translations break (`progress-details-untranslated`,
# a warning per version), so that the build reports nothing and records the body state, as
# the build of a clean catalog does.
clean_copy() {  # name
    [ -d "$shm/corpus-$1-clean/content" ] && return
    mkdir -p "$shm/corpus-$1-clean"
    cp -al "$shm/corpus-$1/content" "$shm/corpus-$1-clean/content"
    rm "$shm/corpus-$1-clean/content/catalog.yml"
    { cat "$shm/corpus-$1/content/catalog.yml"; echo 'rules: {progress-details-untranslated: off}'; } \
        > "$shm/corpus-$1-clean/content/catalog.yml"
}

listing() {  # corpus folder → the Markdown files, relative, for the floor
    (cd "$1" && find . -name '*.md' | sed 's|^\./||' | sort)
}

# One cold run: "wall user sys maxrss_kb" appended to $results/NAME.tsv.
timed() {  # name command...
    local name="$1"; shift
    /usr/bin/time -f "%e %U %S %M" -o "$results/$name.time" "$@" > "$results/$name.out" 2> "$results/$name.err" \
        || { echo "failed: $*" >&2; tail -5 "$results/$name.err" >&2; exit 1; }
    cat "$results/$name.time" >> "$results/$name.tsv"
}

ours() {  # corpus place
    local out; out="$(out_dir "$2")"
    rm -rf "$out" "$out.cache"
    timed "ours-$1-$2" "$tool" build --content "$(content_of "$1")" --output "$out" --cache "$out.cache" --timings
    cp "$results/ours-$1-$2.err" "$results/ours-$1-$2.timings"
    echo "$(find "$out" -type f | wc -l) $(du -sb "$out" | cut -f1)" > "$results/ours-$1-$2.files"
    python3 -c 'import json, sys; print(json.load(open(sys.argv[1]))["contextCount"])' \
        "$out/catalog/manifest.json" > "$results/ours-$1-$2.versions"
    rm -rf "$out" "$out.cache"
}

floor() {  # corpus place
    local out; out="$(out_dir "$2")"
    rm -rf "$out"
    timed "floor-$1-$2" "$shm/floor" "$(content_of "$1")" "$out" 2 < "$shm/files-$1.txt"
    rm -rf "$out"
}

corpora=()
if [ "$growth_only" = 0 ]; then
    for size in "${sizes[@]}"; do
        books=$(( (size + 6275) / 12551 ))  # 1,141 contexts a book × 11 locales
        generate "$size" "$books"
        corpora+=("$size")
        if [ "$clean" = 1 ]; then clean_copy "$size"; corpora+=("$size-clean"); fi
    done
    if [ -n "$tldr" ]; then
        [ -d "$shm/corpus-tldr/content" ] || python3 "$repo/bench/corpus/tldr_to_catalog.py" "$tldr" --out "$shm/corpus-tldr" >&2
        corpora+=(tldr)
    fi
    for name in "${!real[@]}"; do corpora+=("$name"); done
fi
for corpus in "${corpora[@]}"; do
    listing "$(content_of "$corpus")" > "$shm/files-$corpus.txt"
    for place in "${places[@]}"; do
        for run in $(seq "$runs"); do
            echo "$corpus $place run $run" >&2
            ours "$corpus" "$place"
            floor "$corpus" "$place"
        done
    done
done

# Memory against body size: the same 25,000 versions with bodies 1x and 4x as long.
if [ "$growth" = 1 ]; then
    generate 25000 2
    [ -d "$shm/corpus-25000x4/content" ] || python3 "$here/grow_bodies.py" "$shm/corpus-25000/content" "$shm/corpus-25000x4/content" --factor 4
    for run in $(seq "$runs"); do
        for corpus in 25000 25000x4; do ours "$corpus" shm; done
    done
    for corpus in 25000 25000x4; do
        (cd "$shm/corpus-$corpus/content" && find . -name '*.md' -print0 | du -cb --files0-from=- | tail -1 | cut -f1) \
            > "$results/bytes-$corpus.txt"
    done
fi

# "unknown" where git is missing or the folder is no repository (as under a sandbox).
revision="$( (cd "$repo" && git rev-parse --short HEAD) 2>/dev/null || echo unknown)"
commit="built at $revision"
[ "$build" = 1 ] || commit="binary $tool (repository at $revision)"
python3 "$here/report.py" "$results" --commit "$commit" --tool "$tool" --places "${places[*]}" \
    --corpora "${corpora[*]}" --growth "$growth" --readme "$([ "$readme" = 1 ] && echo "$here/README.md")"
