#!/usr/bin/env bash
# Callgrind profiles of cold builds: instructions per stage, exact and repeatable where
# timings on a shared 2-core machine drift by ±10%. Before and after a change, give both
# binaries: each builds the same content in turn, and the table says what changed by how much.
#
#   bench/profile/callgrind.sh CONTENT                        # the checkout's release binary
#   bench/profile/callgrind.sh CONTENT base=/tmp/base/catalog-build new=.build/release/catalog-build
#
# CONTENT is a content folder (the one holding catalog.yml): a generated corpus
# (../shared/bench/gen_corpus.py), or real content such as a few books of the freeCodeCamp
# conversion (../corpus/freecodecamp_to_catalog.py). Under callgrind a build runs about 50
# times slower: a few thousand versions take minutes.
#
# Writes to $WORK (default /dev/shm/catalog-callgrind): NAME.callgrind (open it with
# kcachegrind or callgrind_annotate), NAME.inclusive.txt and NAME.self.txt (annotated and
# demangled), and prints the table of stages.py. Needs valgrind (Debian's, 3.19 or later;
# installed when missing, as the other benchmarks install their tools), cc and swift (for
# `swift demangle`).
#
# Two things stop Debian 12's valgrind 3.19 on a Swift binary, and both are handled here:
#   - the binary's DWARF 5 debug information ("unhandled dwarf2 abbrev form code 0x25", then
#     "Possibly corrupted debuginfo file"): each binary is profiled as a copy made by
#     `strip -g`, which keeps the symbol table, so functions keep their names;
#   - libdispatch's `dispatch_main` waiting in `sigsuspend` on a read-only mask, which
#     valgrind writes to (SIGSEGV, "the 'impossible' happened"): sigsuspend_copy.c, preloaded.
set -euo pipefail

here="$(cd "$(dirname "$0")" && pwd)"
repo="$(cd "$here/../.." && pwd)"
work="${WORK:-/dev/shm/catalog-callgrind}"
[ $# -ge 1 ] || { sed -n '2,12p' "$0" >&2; exit 2; }
[ -d "$1" ] || { echo "no folder $1: give a content folder (the one holding catalog.yml)" >&2; exit 2; }
content="$(cd "$1" && pwd)"; shift
[ -f "$content/catalog.yml" ] || { echo "no catalog.yml in $content" >&2; exit 2; }
command -v valgrind > /dev/null || "$repo/scripts/ensure-system-packages" valgrind
for tool in valgrind callgrind_annotate cc strip swift; do
    command -v "$tool" > /dev/null || { echo "needs $tool (apt-get install valgrind)" >&2; exit 2; }
done

binaries=("$@")
if [ ${#binaries[@]} = 0 ]; then
    (cd "$repo" && swift build -c release --product catalog-build >&2)
    binaries=("ours=$repo/.build/release/catalog-build")
fi

mkdir -p "$work"
cc -O2 -shared -fPIC -o "$work/sigsuspend_copy.so" "$here/sigsuspend_copy.c"

tables=()
for entry in "${binaries[@]}"; do
    name="${entry%%=*}"; binary="${entry#*=}"
    [ "$name" != "$entry" ] || { name="$(basename "$binary")"; binary="$entry"; }
    strip -g -o "$work/$name.bin" "$binary"
    out="$work/$name.out"
    rm -rf "$out" "$out.cache"
    echo "profiling $name ($binary) on $content" >&2
    LD_PRELOAD="$work/sigsuspend_copy.so" valgrind --tool=callgrind --callgrind-out-file="$work/$name.callgrind" \
        "$work/$name.bin" build "$content" --output "$out" --cache "$out.cache" --quiet > "$work/$name.log" 2>&1 \
        || { tail -20 "$work/$name.log" >&2; exit 1; }
    rm -rf "$out" "$out.cache" "$work/$name.bin"
    callgrind_annotate --inclusive=yes --threshold=100 "$work/$name.callgrind" 2> /dev/null \
        | swift demangle --simplified > "$work/$name.inclusive.txt"
    callgrind_annotate --threshold=99 "$work/$name.callgrind" 2> /dev/null \
        | swift demangle --simplified > "$work/$name.self.txt"
    tables+=("$name=$work/$name.inclusive.txt")
done

echo
echo "$(basename "$(dirname "$content")")/$(basename "$content") ($(find "$content" -name '*.md' | wc -l) Markdown files), valgrind $(valgrind --version | sed 's/valgrind-//'), $(date -u '+%Y-%m-%d %H:%M UTC'):"
echo
python3 "$here/stages.py" "${tables[@]}"
