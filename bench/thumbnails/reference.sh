#!/usr/bin/env bash
# reference.sh SOURCE OUTPUT.png SCRATCH_DIR: the quality reference for one image, made by
# libvips alone: the centred square that ours keeps (fit cover), resized to 330x330 with
# `vips resize --kernel lanczos3 --gap 0` (Lanczos3 all the way, from the full-size
# decode: no shrink-on-load and no box pre-shrink). An image with alpha is premultiplied
# before and unpremultiplied after, as vipsthumbnail does, then rounded to 8 bits.
set -euo pipefail
source=$1 output=$2 scratch=$3
mkdir -p "$scratch" "$(dirname "$output")"
width=$(vipsheader -f width "$source"); height=$(vipsheader -f height "$source")
side=$(( width < height ? width : height ))
scale=$(python3 -c "print(330 / $side)")
vips extract_area "$source" "$scratch/square.v" $(( (width - side) / 2 )) $(( (height - side) / 2 )) "$side" "$side"
if [ "$(vipsheader -f bands "$source")" = 4 ]; then
  vips premultiply "$scratch/square.v" "$scratch/premultiplied.v"
  vips resize "$scratch/premultiplied.v" "$scratch/resized.v" "$scale" --kernel lanczos3 --gap 0
  vips unpremultiply "$scratch/resized.v" "$scratch/straight.v"
  vips round "$scratch/straight.v" "$scratch/rounded.v" rint
  vips cast "$scratch/rounded.v" "$output" uchar
else
  vips resize "$scratch/square.v" "$output" "$scale" --kernel lanczos3 --gap 0
fi
rm -f "$scratch"/*.v
