#!/usr/bin/env python3
"""Writes a 10000x10000 RGBA PNG (100 megapixels, the pixel budget's limit) for run.sh's
memory check: decoded whole it would be 400 MB. Rows are streamed through zlib, so this
script needs a few MB and about 10 s. Usage: make_big_png.py OUT.png [SIDE]"""
import struct
import sys
import zlib


def chunk(kind, data):
    return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data) & 0xFFFFFFFF)


def main():
    out, side = sys.argv[1], int(sys.argv[2]) if len(sys.argv) > 2 else 10000
    # A diagonal colour ramp with a soft alpha gradient: every row differs, nothing is flat.
    ramp = bytes((x * 7 + c * 60) & 0xFF for x in range(side + 256) for c in range(4))
    compressor = zlib.compressobj(1)
    with open(out, "wb") as f:
        f.write(b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", struct.pack(">IIBBBBB", side, side, 8, 6, 0, 0, 0)))
        pending = b""
        for y in range(side):
            start = (y % 256) * 4
            pending += compressor.compress(b"\x00" + ramp[start:start + side * 4])
            if len(pending) > 1 << 20:
                f.write(chunk(b"IDAT", pending))
                pending = b""
        f.write(chunk(b"IDAT", pending + compressor.flush()) + chunk(b"IEND", b""))


main()
