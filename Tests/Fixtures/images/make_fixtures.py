#!/usr/bin/env python3
"""Regenerates the thumbnail test images and their manifest (expected.json).

Run from anywhere: python3 Tests/Fixtures/images/make_fixtures.py (needs Pillow).
PNGs are written by a small encoder here, so that every colour type, bit depth and
interlacing is covered exactly; JPEGs come from Pillow. Every image is small, and
expected.json lists sample pixels (as shown, after orientation) that the Swift tests
compare with a tolerance.
"""
import io, json, os, struct, zlib
from PIL import Image

HERE = os.path.dirname(os.path.abspath(__file__))
RED, GREEN, BLUE, WHITE = (255, 0, 0), (0, 255, 0), (0, 0, 255), (255, 255, 255)
manifest = {}


# ---------------------------------------------------------------- PNG encoder

def chunk(kind, data):
    body = kind + data
    return struct.pack(">I", len(data)) + body + struct.pack(">I", zlib.crc32(body) & 0xFFFFFFFF)


def pack_row(samples, bits):
    """samples: flat list of ints for one row; returns the packed bytes."""
    if bits == 16:
        return b"".join(struct.pack(">H", s) for s in samples)
    if bits == 8:
        return bytes(samples)
    out, acc, n = bytearray(), 0, 0
    for s in samples:
        acc = (acc << bits) | s
        n += bits
        if n == 8:
            out.append(acc); acc, n = 0, 0
    if n:
        out.append(acc << (8 - n))
    return bytes(out)


ADAM7 = [(0, 0, 8, 8), (4, 0, 8, 8), (0, 4, 4, 8), (2, 0, 4, 4), (0, 2, 2, 4), (1, 0, 2, 2), (0, 1, 1, 2)]


def png_bytes(rows, color_type, bits, palette=None, trns=None, interlace=False, exif=None):
    """rows: list of rows, each a list of pixels, each a tuple of samples."""
    h, w = len(rows), len(rows[0])
    raw = bytearray()
    passes = ADAM7 if interlace else [(0, 0, 1, 1)]
    for x0, y0, dx, dy in passes:
        for y in range(y0, h, dy):
            line = [s for x in range(x0, w, dx) for s in rows[y][x]]
            if line:
                raw += b"\0" + pack_row(line, bits)
    out = b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", struct.pack(">IIBBBBB", w, h, bits, color_type, 0, 0, int(interlace)))
    if exif:
        out += chunk(b"eXIf", exif)
    if palette:
        out += chunk(b"PLTE", b"".join(bytes(c) for c in palette))
    if trns is not None:
        out += chunk(b"tRNS", trns)
    return out + chunk(b"IDAT", zlib.compress(bytes(raw), 9)) + chunk(b"IEND", b"")


def quadrants(w, h, tl, tr, bl, br):
    return [[(tl if x < w // 2 else tr) if y < h // 2 else (bl if x < w // 2 else br) for x in range(w)] for y in range(h)]


def centres(w, h):
    return [(w // 4, h // 4), (3 * w // 4, h // 4), (w // 4, 3 * h // 4), (3 * w // 4, 3 * h // 4)]


def write(name, data, width, height, samples, **extra):
    with open(os.path.join(HERE, name), "wb") as f:
        f.write(data)
    manifest[name] = dict(width=width, height=height, samples=[[x, y, list(c)] for (x, y), c in samples], **extra)


def scale(v, bits):  # an 8-bit value as the nearest sample of `bits`, and back to 8 bits
    top = (1 << bits) - 1
    s = round(v * top / 255)
    return s, round(s * 255 / top)


def png_fixtures():
    w = h = 96
    # Grey at every bit depth: four levels, as the decoder should give them back in 8 bits.
    for bits in (1, 2, 4, 8, 16):
        levels = [scale(v, bits) for v in (0, 85, 170, 255)]
        rows = quadrants(w, h, *[(s,) for s, _ in levels])
        write(f"png-gray{bits}.png", png_bytes(rows, 0, bits), w, h,
              zip(centres(w, h), [(e, e, e, 255) for _, e in levels]))
    # Grey + alpha, RGB, RGBA, each at 8 and 16 bits (16-bit samples are v * 257).
    for bits in (8, 16):
        m = 257 if bits == 16 else 1
        ga = [(0, 255), (128, 255), (255, 128), (255, 0)]
        write(f"png-graya{bits}.png", png_bytes(quadrants(w, h, *[(g * m, a * m) for g, a in ga]), 4, bits), w, h,
              zip(centres(w, h), [(g, g, g, a) for g, a in ga][:3]))
        cols = [RED, GREEN, BLUE, (128, 128, 128)]
        write(f"png-rgb{bits}.png", png_bytes(quadrants(w, h, *[tuple(c * m for c in col) for col in cols]), 2, bits), w, h,
              zip(centres(w, h), [col + (255,) for col in cols]))
        alphas = [255, 200, 128, 0]
        write(f"png-rgba{bits}.png", png_bytes(quadrants(w, h, *[tuple(c * m for c in col + (a,)) for col, a in zip(cols, alphas)]), 6, bits),
              w, h, zip(centres(w, h)[:3], [col + (a,) for col, a in zip(cols, alphas)][:3]))
    # Palettes at 1, 2, 4 and 8 bits, and one with transparency (tRNS).
    pal = [RED, GREEN, BLUE, WHITE]
    for bits in (1, 2, 4, 8):
        n = 2 if bits == 1 else 4
        idx = [0, 1 % n, 2 % n, 3 % n]
        write(f"png-palette{bits}.png", png_bytes(quadrants(w, h, *[(i,) for i in idx]), 3, bits, palette=pal[:n]), w, h,
              zip(centres(w, h), [pal[i] + (255,) for i in idx]))
    write("png-palette8-trns.png", png_bytes(quadrants(w, h, (0,), (1,), (2,), (3,)), 3, 8, palette=pal, trns=bytes([255, 128, 255, 0])),
          w, h, zip(centres(w, h)[:3], [RED + (255,), GREEN + (128,), BLUE + (255,)]), alpha=True)
    write("png-gray8-trns.png", png_bytes(quadrants(w, h, (0,), (100,), (200,), (255,)), 0, 8, trns=struct.pack(">H", 255)),
          w, h, zip(centres(w, h), [(0, 0, 0, 255), (100, 100, 100, 255), (200, 200, 200, 255), (255, 255, 255, 0)]), alpha=True)
    write("png-rgb8-trns.png", png_bytes(quadrants(w, h, RED, GREEN, BLUE, WHITE), 2, 8, trns=struct.pack(">HHH", 255, 255, 255)),
          w, h, zip(centres(w, h), [RED + (255,), GREEN + (255,), BLUE + (255,), WHITE + (0,)]), alpha=True)
    # Adam7 interlacing, opaque and with alpha.
    write("png-rgb8-interlaced.png", png_bytes(quadrants(w, h, RED, GREEN, BLUE, WHITE), 2, 8, interlace=True), w, h,
          zip(centres(w, h), [c + (255,) for c in (RED, GREEN, BLUE, WHITE)]))
    write("png-rgba8-interlaced.png", png_bytes(quadrants(w, h, RED + (255,), GREEN + (0,), BLUE + (255,), WHITE + (255,)), 6, 8, interlace=True),
          w, h, zip(centres(w, h), [RED + (255,), (0, 0, 0, 0), BLUE + (255,), WHITE + (255,)]), alphaOnly=[1])


# ---------------------------------------------------------------- orientation

# How to store an upright picture so that EXIF orientation N shows it upright again:
# the inverse of the transform that the orientation asks for.
STORE = {1: None, 2: Image.Transpose.FLIP_LEFT_RIGHT, 3: Image.Transpose.ROTATE_180, 4: Image.Transpose.FLIP_TOP_BOTTOM,
         5: Image.Transpose.TRANSPOSE, 6: Image.Transpose.ROTATE_90, 7: Image.Transpose.TRANSVERSE, 8: Image.Transpose.ROTATE_270}


def upright(w, h):
    img = Image.new("RGB", (w, h), WHITE)
    img.paste(RED, (0, 0, w // 2, h // 2)); img.paste(GREEN, (w // 2, 0, w, h // 2)); img.paste(BLUE, (0, h // 2, w // 2, h))
    return img


def stored(img, orientation):
    return img if STORE[orientation] is None else img.transpose(STORE[orientation])


def orientation_fixtures():
    from PIL import ImageOps
    w, h = 160, 120
    for o in range(1, 9):
        exif = Image.Exif(); exif[0x0112] = o
        buf = io.BytesIO()
        stored(upright(w, h), o).save(buf, "JPEG", quality=95, exif=exif.tobytes())
        check = ImageOps.exif_transpose(Image.open(io.BytesIO(buf.getvalue())))
        assert check.size == (w, h) and check.getpixel((5, 5))[0] > 200, o
        write(f"orient-{o}.jpg", buf.getvalue(), w, h, zip(centres(w, h), [c + (255,) for c in (RED, GREEN, BLUE, WHITE)]), orientation=o)
    # PNG carries EXIF in an eXIf chunk (a bare TIFF structure).
    exif = Image.Exif(); exif[0x0112] = 6
    tiff = exif.tobytes()[6:] if exif.tobytes().startswith(b"Exif") else exif.tobytes()
    img = stored(upright(w, h), 6)
    rows = [[img.getpixel((x, y)) for x in range(img.width)] for y in range(img.height)]
    write("png-exif6.png", png_bytes(rows, 2, 8, exif=tiff), w, h, zip(centres(w, h), [c + (255,) for c in (RED, GREEN, BLUE, WHITE)]), orientation=6)


# ---------------------------------------------------------------- JPEG variants and stage cases

def jpeg(img, **options):
    buf = io.BytesIO(); img.save(buf, "JPEG", **options); return buf.getvalue()


def jpeg_fixtures():
    w, h = 160, 120
    c4 = [c + (255,) for c in (RED, GREEN, BLUE, WHITE)]
    write("jpeg-gray.jpg", jpeg(upright(w, h).convert("L"), quality=95), w, h,
          zip(centres(w, h), [(v, v, v, 255) for v in (76, 150, 29, 255)]))
    # Pillow writes CMYK the Adobe way: inverted, with an APP14 "Adobe" marker.
    write("jpeg-cmyk-adobe.jpg", jpeg(upright(w, h).convert("CMYK"), quality=95), w, h, zip(centres(w, h), c4))
    write("jpeg-progressive.jpg", jpeg(upright(w, h), quality=95, progressive=True), w, h, zip(centres(w, h), c4))
    big = upright(1600, 1200)
    write("large-1600x1200.jpg", jpeg(big, quality=90), 1600, 1200, zip(centres(1600, 1200), c4))
    write("small-200x150.jpg", jpeg(upright(200, 150), quality=90), 200, 150, zip(centres(200, 150), c4))
    write("tiny-40x40.png", png_bytes(quadrants(40, 40, RED, GREEN, BLUE, WHITE), 2, 8), 40, 40, [])
    # A cut-out: an opaque disc on a transparent square (so the thumbnail must be a PNG).
    n = 400
    disc = [[(200, 40, 40, 255) if (x - n / 2) ** 2 + (y - n / 2) ** 2 < (n / 3) ** 2 else (0, 0, 0, 0) for x in range(n)] for y in range(n)]
    write("transparent-400.png", png_bytes(disc, 6, 8), n, n, [((200, 200), (200, 40, 40, 255)), ((5, 5), (0, 0, 0, 0))], alphaOnly=[1])
    # An RGBA file whose every pixel is opaque: the thumbnail may be a JPEG.
    write("opaque-rgba-400.png", png_bytes(quadrants(n, n, RED + (255,), GREEN + (255,), BLUE + (255,), WHITE + (255,)), 6, 8),
          n, n, zip(centres(n, n), c4))
    write("wide-600x200.jpg", jpeg(upright(600, 200), quality=90), 600, 200, zip(centres(600, 200), c4))


def broken_fixtures():
    good_jpeg = open(os.path.join(HERE, "large-1600x1200.jpg"), "rb").read()
    good_png = open(os.path.join(HERE, "png-rgb8.png"), "rb").read()
    with open(os.path.join(HERE, "truncated.jpg"), "wb") as f: f.write(good_jpeg[: len(good_jpeg) // 2])
    with open(os.path.join(HERE, "truncated.png"), "wb") as f: f.write(good_png[: len(good_png) - 40])
    # Damaged scan data: the IDAT chunk's CRC no longer matches its bytes.
    idat = good_png.index(b"IDAT")
    with open(os.path.join(HERE, "corrupt.png"), "wb") as f: f.write(good_png[: idat + 10] + b"\xde\xad\xbe\xef" + good_png[idat + 14:])
    # A JPEG whose header is fine and whose Huffman table is garbage.
    dht = good_jpeg.index(b"\xff\xc4")
    with open(os.path.join(HERE, "corrupt.jpg"), "wb") as f: f.write(good_jpeg[: dht + 4] + b"\xff" * 40 + good_jpeg[dht + 44:])
    with open(os.path.join(HERE, "not-an-image.png"), "wb") as f: f.write(b"GIF89a, or rather, plain text that is not an image\n")
    # Headers that claim 60000x60000 pixels: refused before a buffer is allocated.
    huge = b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", struct.pack(">IIBBBBB", 60000, 60000, 8, 2, 0, 0, 0)) + \
        chunk(b"IDAT", zlib.compress(b"\0" * 64)) + chunk(b"IEND", b"")
    with open(os.path.join(HERE, "huge-60000.png"), "wb") as f: f.write(huge)
    small = bytearray(jpeg(Image.new("RGB", (8, 8), RED)))
    sof = small.index(b"\xff\xc0")
    small[sof + 5: sof + 9] = struct.pack(">HH", 60000, 60000)
    with open(os.path.join(HERE, "huge-60000.jpg"), "wb") as f: f.write(bytes(small))


if __name__ == "__main__":
    png_fixtures()
    orientation_fixtures()
    jpeg_fixtures()
    broken_fixtures()
    with open(os.path.join(HERE, "expected.json"), "w") as f:
        json.dump(dict(sorted(manifest.items())), f, indent=1)
        f.write("\n")
