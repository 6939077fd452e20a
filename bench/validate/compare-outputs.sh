#!/usr/bin/env bash
# Checks that two catalog-build binaries give byte-identical results: `validate` in every
# format (stdout, stderr, exit status) and `build`'s output directory, on every fixture
# under Tests/Fixtures, the repository's content/ and the 10k benchmark corpus (made by
# run.sh). Run it before committing a performance change.
# Usage: bench/validate/compare-outputs.sh OLD_BINARY NEW_BINARY [--quick]
#   --quick: no `build` of the 10k corpus (the slowest part).
set -u
old="$(realpath "$1")"; new="$(realpath "$2")"; quick="${3:-}"
cd "$(dirname "$0")/../.."
repo="$PWD"
corpus="${TMPDIR:-/tmp}/catalog-bench-validate-10k/content"
out="$(mktemp -d)"
dirs=$(find "$repo/Tests/Fixtures" -name catalog.yml -printf '%h\n' | sort)
dirs="$dirs $repo/content"
[[ -d "$corpus" ]] && dirs="$dirs $corpus"
failed=0; count=0
for dir in $dirs; do
  count=$((count + 1))
  for side in old new; do
    binary=$old; [[ $side == new ]] && binary=$new
    work="$out/$side/$count"; mkdir -p "$work"
    (cd "$work"
     for format in text json github; do
       "$binary" validate --content "$dir" --format $format --cache cache >v-$format.out 2>v-$format.err
       echo $? >v-$format.rc
     done
     if [[ "$quick" != --quick || "$dir" != "$corpus" ]]; then
       "$binary" build --content "$dir" --output site --cache cache >b.out 2>b.err; echo $? >b.rc
     fi
     rm -rf cache)
  done
  if ! diff -r "$out/old/$count" "$out/new/$count" >/dev/null; then
    echo "DIFFERENT: $dir"; diff -r "$out/old/$count" "$out/new/$count" | head -10; failed=1
  fi
done
rm -rf "$out"
echo "compared $count content directories: $([[ $failed == 0 ]] && echo identical || echo DIFFERENT)"
exit $failed
