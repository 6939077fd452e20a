#!/usr/bin/env bash
# Does the hand-written front-matter reader (YAMLSimpleMap) earn its keep? Times whole cold
# builds and validations of the generated 10,000-context corpus with it and without it
# (CATALOG_BUILD_YAML_READER=events: libyaml's events for every file), pair by pair in one run,
# output on tmpfs and on disk, and rewrites the table in bench/yaml/README.md.
#
#   bench/yaml/run.sh              # 7 pairs of each
#   bench/yaml/run.sh --runs 3 --no-readme
#   bench/yaml/run.sh --tool /tmp/catalog-build   # time that binary (no build)
#
# Corpora and outputs go to $BENCH_DIR (default /tmp/catalog-bench-yaml) and /dev/shm.
# Needs python3 and the release build (built here).
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
repo="$(cd "$here/../.." && pwd)"
shared="${SHARED_BENCH:-$(cd "$repo/.." && pwd)/shared/bench}"
work="${BENCH_DIR:-/tmp/catalog-bench-yaml}"
runs=7
readme=1
tool=""
while [ $# -gt 0 ]; do
    case "$1" in
        --runs) shift; runs="$1" ;;
        --no-readme) readme=0 ;;
        --tool) shift; tool="$1" ;;
        *) echo "unknown option $1" >&2; exit 2 ;;
    esac
    shift
done
mkdir -p "$work"
if [ -z "$tool" ]; then
    (cd "$repo" && swift build -c release --product catalog-build >&2)
    tool="$repo/.build/release/catalog-build"
fi
corpus="$work/catalog-10000"
if [ ! -f "$corpus/content/catalog.yml" ]; then
    python3 "$shared/gen_corpus.py" --books 100 --chapters 10 --sections 10 --images 0 --out "$corpus" >&2
fi
shm="/dev/shm/catalog-bench-yaml"
mkdir -p "$shm"
trap 'rm -rf "$shm"' EXIT
python3 "$here/pairs.py" --tool "$tool" --content "$corpus/content" --runs "$runs" \
    --disk "$work" --tmpfs "$shm" --readme "$([ "$readme" = 1 ] && echo "$here/README.md" || echo -)"
