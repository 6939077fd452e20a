#!/usr/bin/env bash
# Times `catalog-build validate` (release build) on 10,000 generated contexts
# (100 books × 10 chapters × 10 sections, no images) with hyperfine.
# Usage: bench/validate/run.sh [RUNS]   (default 10). Needs python3 and hyperfine.
set -euo pipefail
cd "$(dirname "$0")/../.."
runs="${1:-10}"
corpus="${TMPDIR:-/tmp}/catalog-bench-validate-10k"
if [[ ! -f "$corpus/content/catalog.yml" ]]; then
  rm -rf "$corpus"
  python3 ../shared/bench/gen_corpus.py --books 100 --chapters 10 --sections 10 --images 0 --out "$corpus" >/dev/null
fi
swift build -c release --product catalog-build
binary="$(swift build -c release --show-bin-path)/catalog-build"
contexts=$(find "$corpus/content" -name '*.md' | wc -l)
echo "corpus: $corpus ($contexts files)"
# validate exits 1 when the corpus has errors; the figure is the time either way.
mkdir -p bench-out
hyperfine --warmup 1 --runs "$runs" -i --export-markdown bench-out/validate.md \
  "$binary validate --content $corpus/content --format json > /dev/null"
