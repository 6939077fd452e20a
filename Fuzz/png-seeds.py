#!/usr/bin/env python3
"""Writes small PNG seeds for the image fuzz target (scripts/fuzz image) into a folder.

Seeds that reach the fast path (png_fast.c: 8-bit RGB or RGBA, not interlaced) with each
row filter, several IDAT chunks and sRGB's gamma, and seeds beside it that must go to
libpng: every other colour type and bit depth, palettes with tRNS, Adam7, bad CRCs,
truncated or short image data, trailing data after the zlib stream, huge dimensions.
Usage: Fuzz/png-seeds.py FOLDER
"""
import os
import struct
import sys
import zlib

SIGNATURE = b"\x89PNG\r\n\x1a\n"
CHANNELS = {0: 1, 2: 3, 3: 1, 4: 2, 6: 4}


def chunk(kind, body, crc=None):
    value = zlib.crc32(kind + body) if crc is None else crc
    return struct.pack(">I", len(body)) + kind + body + struct.pack(">I", value & 0xFFFFFFFF)


def ihdr(width, height, depth, colour, interlace=0):
    return chunk(b"IHDR", struct.pack(">IIBBBBB", width, height, depth, colour, 0, 0, interlace))


def rows(width, height, depth, colour, filters, seed=7):
    """Raw scanlines (filter byte + bytes) with pseudo-random content."""
    row_bytes = (width * CHANNELS[colour] * depth + 7) // 8
    out, state = bytearray(), seed
    for y in range(height):
        out.append(filters[y % len(filters)])
        for _ in range(row_bytes):
            state = (state * 1103515245 + 12345) & 0x7FFFFFFF
            out.append(state >> 16 & 0xFF)
    return bytes(out)


ADAM7 = ((0, 0, 8, 8), (4, 0, 8, 8), (0, 4, 4, 8), (2, 0, 4, 4), (0, 2, 2, 4), (1, 0, 2, 2), (0, 1, 1, 2))


def interlaced_rows(width, height, depth, colour, filters):
    """Adam7's seven passes, each a small image of its own rows."""
    out = b""
    for number, (x0, y0, dx, dy) in enumerate(ADAM7):
        columns, lines = max(0, -(-(width - x0) // dx)), max(0, -(-(height - y0) // dy))
        if columns and lines:
            out += rows(columns, lines, depth, colour, filters, seed=number + 1)
    return out


def png(width, height, depth=8, colour=6, filters=(0,), interlace=0, extra=b"", idat_parts=1,
        data=None, level=6):
    raw = rows(width, height, depth, colour, filters) if data is None else data
    packed = zlib.compress(raw, level)
    step = max(1, -(-len(packed) // idat_parts))
    idats = b"".join(chunk(b"IDAT", packed[i:i + step]) for i in range(0, len(packed), step))
    return SIGNATURE + ihdr(width, height, depth, colour, interlace) + extra + idats + chunk(b"IEND", b"")


def seeds():
    for colour in (2, 6):  # the fast path's colour types
        for f in range(5):
            yield f"fast-c{colour}-filter{f}", png(5, 4, colour=colour, filters=(f,))
        yield f"fast-c{colour}-mixed", png(17, 9, colour=colour, filters=(0, 1, 2, 3, 4))
        yield f"fast-c{colour}-split-idat", png(8, 8, colour=colour, filters=(4, 3), idat_parts=5)
        yield f"fast-c{colour}-one-pixel", png(1, 1, colour=colour, filters=(4,))
        yield f"fast-c{colour}-srgb-gamma", png(6, 3, colour=colour, extra=chunk(b"gAMA", struct.pack(">I", 45455)))
        yield f"fast-c{colour}-other-gamma", png(6, 3, colour=colour, extra=chunk(b"gAMA", struct.pack(">I", 100000)))
        yield f"fast-c{colour}-text", png(6, 3, colour=colour, extra=chunk(b"tEXt", b"Comment\0fuzz"))
        yield f"fast-c{colour}-stored", png(7, 5, colour=colour, filters=(1, 4), level=0)
    for colour, depths in {0: (1, 2, 4, 8, 16), 2: (16,), 3: (1, 2, 4, 8), 4: (8, 16), 6: (16,)}.items():
        for depth in depths:
            extra = chunk(b"PLTE", bytes(range(48))) if colour == 3 else b""
            yield f"libpng-c{colour}-d{depth}", png(9, 5, depth, colour, filters=(0, 1, 2, 3, 4), extra=extra)
    yield "libpng-palette-trns", png(4, 4, 8, 3, extra=chunk(b"PLTE", bytes(range(48))) + chunk(b"tRNS", b"\x00\x80"))
    yield "libpng-rgb-trns", png(4, 4, 8, 2, extra=chunk(b"tRNS", b"\x00\x01\x00\x02\x00\x03"))
    yield "libpng-rgb-plte", png(4, 4, 8, 2, extra=chunk(b"PLTE", bytes(range(48))))
    for colour in (2, 6):
        yield f"interlaced-c{colour}", png(11, 9, colour=colour, interlace=1,
                                           data=interlaced_rows(11, 9, 8, colour, (1, 4)))
    good = png(8, 6, colour=6, filters=(4, 2))
    body = good[:-12]
    yield "bad-crc-idat", body[:-4] + bytes([body[-4] ^ 1]) + body[-3:] + chunk(b"IEND", b"")
    yield "bad-crc-ihdr", SIGNATURE + chunk(b"IHDR", struct.pack(">IIBBBBB", 8, 6, 8, 6, 0, 0, 0), crc=1) + good[33:]
    yield "truncated-file", good[:len(good) // 2]
    yield "truncated-idat", png(8, 6, colour=6, data=rows(8, 6, 8, 6, (1,))[:30])
    yield "bad-filter-type", png(8, 6, colour=6, filters=(5,))
    yield "extra-rows", png(8, 3, colour=2, data=rows(8, 6, 8, 2, (2,)))
    packed = zlib.compress(rows(8, 4, 8, 6, (3,)))
    yield "trailing-after-zlib", SIGNATURE + ihdr(8, 4, 8, 6) + chunk(b"IDAT", packed + b"\0\0garbage") + chunk(b"IEND", b"")
    yield "no-iend", SIGNATURE + ihdr(8, 4, 8, 6) + chunk(b"IDAT", packed)
    yield "idat-split-by-text", (SIGNATURE + ihdr(8, 4, 8, 6) + chunk(b"IDAT", packed[:10])
                                 + chunk(b"tEXt", b"a\0b") + chunk(b"IDAT", packed[10:]) + chunk(b"IEND", b""))
    yield "empty-idat", SIGNATURE + ihdr(8, 4, 8, 6) + chunk(b"IDAT", b"") + chunk(b"IDAT", packed) + chunk(b"IEND", b"")
    for name, (w, h) in {"huge-side": (30001, 1), "huge-area": (20000, 20000), "at-limit": (30000, 1),
                         "zero-width": (0, 4), "max-u32": (0xFFFFFFFF, 0xFFFFFFFF)}.items():
        yield name, SIGNATURE + ihdr(w, h, 8, 6) + chunk(b"IDAT", zlib.compress(b"\0" * 64)) + chunk(b"IEND", b"")


def main():
    folder = sys.argv[1]
    os.makedirs(folder, exist_ok=True)
    for name, data in seeds():
        with open(os.path.join(folder, f"png-{name}.png"), "wb") as out:
            out.write(data)


if __name__ == "__main__":
    main()
