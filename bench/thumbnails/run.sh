#!/usr/bin/env bash
# Thumbnail benchmark, all tools in one run on the same corpus and the same 2 cores:
#   ours       thumbnail-bench (the thumbnails stage, 2 workers), cold cache
#   ours-warm  the same again with the cache kept: nothing should be decoded
#   vips       vipsthumbnail --size 330x330 --smartcrop centre, 2 processes: the same
#              thumbnails as ours (the centred square, 330x330)
#   vips-fit   vipsthumbnail -s 330x330, 2 processes: fits inside 330x330 (330x220 for a photo)
#   magick     ImageMagick convert -thumbnail 330x330^ -gravity center -extent 330x330, 2 at a time
#   c-floor    /work/shared/bench/thumb_c.c, 2 processes
# and then, once, ours on a single 100-megapixel PNG with 1 worker: the peak memory of a
# worker whatever the image's size (400 MB if it were decoded whole).
# Each is run REPEAT times; the run with the median wall time is reported. Then the quality
# of ours: SSIM (ssim.py) of each distinct image's thumbnail against libvips' Lanczos3
# downscale of the same centred square (reference.sh), before encoding and as shipped.
# Generated data goes to $WORK (default /tmp/thumbs-bench), never into the repository.
# TOOLS (default: all of them) picks the tools to time; SKIP_BUILD=1 uses the release
# thumbnail-bench already built.
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
repo=$(cd "$here/../.." && pwd)
shared=${SHARED_BENCH:-$(cd "$(dirname "$0")/../../.." && pwd)/shared/bench}
WORK=${WORK:-/tmp/thumbs-bench}
BOOKS=${BOOKS:-4}      # 10 images per book: 8 JPEG 3000x2000, 2 RGBA PNG 2000x2000
COPIES=${COPIES:-6}    # each generated image is used this many times, as distinct files
REPEAT=${REPEAT:-3}
TOOLS=${TOOLS:-ours ours-warm vips vips-fit magick c-floor}
source_corpus=$WORK/corpus-src
content=$WORK/content
mkdir -p "$WORK"
command -v vipsthumbnail > /dev/null || "$repo/scripts/ensure-system-packages" libvips-tools
# The generator and the SSIM need numpy and Pillow: a venv of the benchmark's own.
python=$WORK/venv/bin/python
if ! "$python" -c 'import numpy, PIL' 2> /dev/null; then
  python3 -m venv "$WORK/venv"
  "$python" -m pip install -q --disable-pip-version-check numpy pillow
fi

# gen_corpus.py needs about 20 s of CPU per photo, so a few dozen are generated once and
# each is copied COPIES times with a few distinct bytes appended after its end marker
# (JPEG EOI, PNG IEND; every decoder stops there). Every copy is then a distinct file with
# distinct bytes and a distinct cache key, as in a real catalog.
if [ ! -d "$source_corpus/content/_media" ]; then
  "$python" "$shared/gen_corpus.py" --books "$BOOKS" --chapters 9 --sections 2 --png-every 5 --out "$source_corpus"
fi
rm -rf "$content"
python3 - "$source_corpus/content/_media" "$content" "$COPIES" <<'PY'
import os, sys
source, target, copies = sys.argv[1], sys.argv[2], int(sys.argv[3])
for book in sorted(os.listdir(source)):
    for name in sorted(os.listdir(os.path.join(source, book))):
        data = open(os.path.join(source, book, name), "rb").read()
        for k in range(copies):
            os.makedirs(os.path.join(target, "%s-%d" % (book, k)), exist_ok=True)
            with open(os.path.join(target, "%s-%d" % (book, k), name), "wb") as f:
                f.write(data + b"copy %d" % k)
PY
[ "${SKIP_BUILD:-0}" = 1 ] || (cd "$repo" && swift build -c release --product thumbnail-bench >&2)
bench=$repo/.build/release/thumbnail-bench
cc -O2 -o "$WORK/thumb_c" "$shared/thumb_c.c" -ljpeg -lpng -lm

find "$content" -name '*.jpg' | sort > "$WORK/jpg.txt"
find "$content" -name '*.png' | sort > "$WORK/png.txt"
cat "$WORK/jpg.txt" "$WORK/png.txt" > "$WORK/all.txt"
images=$(wc -l < "$WORK/all.txt")
half=$(( (images + 1) / 2 ))
# ImageMagick takes one output per call: pair every input with a numbered output.
awk -v out="$WORK/out/magick" '{ ext = ($0 ~ /\.png$/) ? "png" : "jpg"; print $0, out "/" NR "." ext }' "$WORK/all.txt" > "$WORK/magick-pairs.txt"

run_ours()   { "$bench" "$content" "$WORK/out/ours" --cache "$WORK/cache" --workers 2 > "$WORK/ours.json"; }
# vips_both OPTIONS...: JPEGs to JPEG and PNGs to PNG, each list split between 2 processes.
vips_both() {
  xargs -a "$WORK/jpg.txt" -P 2 -n $(( ($(wc -l < "$WORK/jpg.txt") + 1) / 2 )) vipsthumbnail "$@" -o "$WORK/out/vips/%s.jpg"
  xargs -a "$WORK/png.txt" -P 2 -n $(( ($(wc -l < "$WORK/png.txt") + 1) / 2 )) vipsthumbnail "$@" -o "$WORK/out/vips/%s.png"
}
run_vips()     { vips_both --size 330x330 --smartcrop centre; }
run_vips_fit() { vips_both -s 330x330; }
run_magick() { xargs -a "$WORK/magick-pairs.txt" -P 2 -L 1 sh -c 'convert "$0" -thumbnail 330x330^ -gravity center -extent 330x330 "$1"'; }
run_floor()  { xargs -a "$WORK/all.txt" -P 2 -n "$half" "$WORK/thumb_c" "$WORK/out/c"; }
export -f vips_both run_ours run_vips run_vips_fit run_magick run_floor
export bench content WORK half

# measure NAME KEEP_CACHE FUNCTION: appends "name wall cpu rss_kb" per repetition.
measure() {
  local name=$1 keep=$2 fn=$3
  case " $TOOLS " in *" $name "*) ;; *) return 0 ;; esac
  for i in $(seq "$REPEAT"); do
    rm -rf "$WORK/out"; mkdir -p "$WORK/out/ours" "$WORK/out/vips" "$WORK/out/magick" "$WORK/out/c"
    [ "$keep" = keep ] || rm -rf "$WORK/cache"
    /usr/bin/time -v -o "$WORK/time.txt" bash -c "$fn"
    awk -v name="$name" '
      /Elapsed \(wall clock\)/ { n = split($NF, t, ":"); wall = (n == 3) ? t[1] * 3600 + t[2] * 60 + t[3] : t[1] * 60 + t[2] }
      /User time/ { cpu += $NF } /System time/ { cpu += $NF }
      /Maximum resident set size/ { rss = $NF }
      END { print name, wall, cpu, rss }' "$WORK/time.txt" >> "$WORK/results.txt"
    [ "$name" != ours ] && [ "$name" != ours-warm ] || cat "$WORK/ours.json" >> "$WORK/ours-runs.json"
  done
}

: > "$WORK/results.txt"; : > "$WORK/ours-runs.json"
measure ours cold run_ours
measure ours-warm keep run_ours
measure vips cold run_vips
measure vips-fit cold run_vips_fit
measure magick cold run_magick
measure c-floor cold run_floor

python3 - "$WORK/results.txt" "$images" "$WORK/ours-runs.json" "$TOOLS" <<'PY'
import json, statistics, sys
rows, images = {}, int(sys.argv[2])
for line in open(sys.argv[1]):
    name, wall, cpu, rss = line.split()
    rows.setdefault(name, []).append((float(wall), float(cpu), int(rss)))
med = {n: sorted(r)[len(r) // 2] for n, r in rows.items()}
runs = [json.loads(l) for l in open(sys.argv[3])]
print("%d images; median of %d runs; 2 workers / 2 processes; ours decoded %d images cold and %d warm"
      % (images, len(rows["ours"]), runs[0]["decoded"], runs[-1]["decoded"]))
print("ours ÷ tool: images/s is by wall time; the CPU column compares CPU time per image (user + system), "
      "which is what wall time tends to on 2 idle cores when both tools keep both busy")
print("| tool | images/s | CPU ms/image | peak RSS MB | ours ÷ tool: images/s | tool ÷ ours: CPU/image |")
print("|---|---|---|---|---|---|")
o = med["ours"]
for name in [n for n in sys.argv[4].split() if n in med]:
    wall, cpu, rss = med[name]
    print("| %s | %.1f | %.1f | %.1f | %.2f× | %.2f× |" % (name, images / wall, 1000 * cpu / images, rss / 1024,
          (images / o[0]) / (images / wall), (cpu / images) / (o[1] / images)))
PY

# Memory check: one 100-megapixel RGBA PNG (400 MB if decoded whole), one worker, no cache.
big=$WORK/big
if [ ! -f "$big/content/big.png" ]; then
  mkdir -p "$big/content"
  python3 "$here/make_big_png.py" "$big/content/big.png"
fi
rm -rf "$big/out"
/usr/bin/time -v -o "$WORK/time-big.txt" "$bench" "$big/content" "$big/out" --workers 1 > "$WORK/big.json"
awk '/Maximum resident set size/ { rss = $NF } /User time|System time/ { cpu += $NF }
     END { printf "one 100-megapixel PNG, 1 worker: peak RSS %.1f MB, CPU %.2f s\n", rss / 1024, cpu }' "$WORK/time-big.txt"

# Quality: every distinct source image once (the copies make the same thumbnails).
quality=$WORK/quality
rm -rf "$quality"; mkdir -p "$quality"
"$bench" "$source_corpus/content/_media" "$quality/ours" --workers 2 --map "$quality/map.tsv" --pixels "$quality/pixels" > /dev/null
while IFS=$'\t' read -r source thumbnail; do
  "$here/reference.sh" "$source_corpus/content/_media/$source" "$quality/reference/$source.png" "$quality/scratch"
  printf '%s\t%s\t%s\n' "$quality/pixels/$source.png" "$quality/reference/$source.png" "$source" >> "$quality/before-encoding.tsv"
  printf '%s\t%s\t%s\n' "$quality/ours/$thumbnail" "$quality/reference/$source.png" "$source" >> "$quality/shipped.tsv"
done < "$quality/map.tsv"
echo "SSIM of ours against libvips' Lanczos3 (reference.sh), before encoding:"
"$python" "$here/ssim.py" "$quality/before-encoding.tsv" | tail -1
echo "...and as shipped (JPEG quality 85 for opaque images, PNG otherwise):"
"$python" "$here/ssim.py" "$quality/shipped.tsv" | tail -1
# What JPEG quality 85 alone costs: the reference itself through the same encoder settings.
"$python" - "$quality/shipped.tsv" "$quality/encoded-reference.tsv" <<'PY'
import sys
from PIL import Image
with open(sys.argv[2], "w") as out:
    for line in open(sys.argv[1]):
        ours, reference, label = line.rstrip("\n").split("\t")
        if not ours.endswith(".jpg"): continue
        encoded = reference[:-4] + ".q85.jpg"
        Image.open(reference).convert("RGB").save(encoded, quality=85, subsampling=2)
        out.write("%s\t%s\t%s\n" % (encoded, reference, label))
PY
echo "...and the reference itself saved as JPEG quality 85 (4:2:0), the most a JPEG thumbnail can score:"
"$python" "$here/ssim.py" "$quality/encoded-reference.tsv" | tail -1
