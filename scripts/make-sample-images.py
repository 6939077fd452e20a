#!/usr/bin/env python3
"""Generates the images of the sample catalog in content/.

Run from the repository root:  python3 scripts/make-sample-images.py
Needs Pillow (pip install pillow). Output is deterministic (fixed random seed),
so running it again rewrites the same pictures. The generated files are committed;
nobody needs to run this to build the sample.
"""
import math
import os
import random

from PIL import Image, ImageDraw, ImageFilter, ImageFont

ROOT = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "content")
FONT = "/usr/share/fonts/truetype/dejavu/DejaVuSans-Bold.ttf"


def font(size):
    try:
        return ImageFont.truetype(FONT, size)
    except OSError:
        return ImageFont.load_default(size=size)


def path(*parts):
    p = os.path.join(ROOT, *parts)
    os.makedirs(os.path.dirname(p), exist_ok=True)
    return p


def gradient(w, h, top, bottom):
    img = Image.new("RGB", (w, h))
    d = ImageDraw.Draw(img)
    for y in range(h):
        t = y / (h - 1)
        d.line([(0, y), (w, y)], fill=tuple(int(a + (b - a) * t) for a, b in zip(top, bottom)))
    return img


def bokeh(img, n, colors, rmin, rmax, seed):
    """Soft out-of-focus circles: gives flat art a photographic feel."""
    rnd = random.Random(seed)
    layer = Image.new("RGBA", img.size, (0, 0, 0, 0))
    d = ImageDraw.Draw(layer)
    for _ in range(n):
        r = rnd.randint(rmin, rmax)
        x, y = rnd.randint(0, img.width), rnd.randint(0, img.height)
        c = rnd.choice(colors)
        d.ellipse([x - r, y - r, x + r, y + r], fill=c + (rnd.randint(30, 70),))
    layer = layer.filter(ImageFilter.GaussianBlur(12))
    return Image.alpha_composite(img.convert("RGBA"), layer)


def shadow(img, box, radius=30, offset=(14, 18), blur=18, alpha=90):
    layer = Image.new("RGBA", img.size, (0, 0, 0, 0))
    d = ImageDraw.Draw(layer)
    x0, y0, x1, y1 = box
    d.rounded_rectangle([x0 + offset[0], y0 + offset[1], x1 + offset[0], y1 + offset[1]],
                        radius, fill=(0, 0, 0, alpha))
    return Image.alpha_composite(img, layer.filter(ImageFilter.GaussianBlur(blur)))


def beaker(d, cx, base, w, h, liquid, glass=(235, 245, 255, 150), outline=(255, 255, 255, 255)):
    x0, x1 = cx - w // 2, cx + w // 2
    top = base - h
    lvl = base - int(h * 0.55)
    d.rectangle([x0, lvl, x1, base], fill=liquid)
    d.rectangle([x0, top, x1, lvl], fill=glass)
    d.line([(x0, top), (x0, base), (x1, base), (x1, top)], fill=outline, width=8)
    d.line([(x0 - 18, top), (x0, top + 12)], fill=outline, width=8)  # spout
    d.line([(x0, top), (x1, top)], fill=outline, width=5)
    for i in range(1, 5):  # graduation marks
        y = base - i * h // 5
        d.line([(x0 + 10, y), (x0 + 45, y)], fill=outline, width=4)


def flask(d, cx, base, w, h, liquid, outline=(255, 255, 255, 255)):
    neck_w, neck_h = w // 4, h // 3
    body = [(cx - neck_w // 2, base - h), (cx - neck_w // 2, base - h + neck_h),
            (cx - w // 2, base), (cx + w // 2, base),
            (cx + neck_w // 2, base - h + neck_h), (cx + neck_w // 2, base - h)]
    d.polygon(body, fill=(235, 245, 255, 140))
    lvl = base - int(h * 0.38)
    frac = (base - lvl) / (h - neck_h)
    half = int(w / 2 - (w / 2 - neck_w / 2) * frac)
    d.polygon([(cx - half, lvl), (cx + half, lvl), (cx + w // 2, base), (cx - w // 2, base)], fill=liquid)
    d.line(body + [body[0]], fill=outline, width=8)


def bubbles(d, cx, top, seed, color=(255, 255, 255, 200)):
    rnd = random.Random(seed)
    for i in range(7):
        r = rnd.randint(6, 16)
        x = cx + rnd.randint(-30, 30)
        y = top - i * 34 - rnd.randint(0, 12)
        d.ellipse([x - r, y - r, x + r, y + r], outline=color, width=4)


def save_jpeg(img, p, quality=80):
    img.convert("RGB").save(p, "JPEG", quality=quality, optimize=True, progressive=True)


def save_png(img, p, colors=None):
    if colors:  # palette PNGs stay small; alpha survives quantization with FASTOCTREE
        img = img.quantize(colors=colors, method=Image.Quantize.FASTOCTREE)
    img.save(p, "PNG", optimize=True)


# 1. Book cover: Fun with Science (photo-like lab bench with beaker and flask)
def cover_science():
    img = gradient(1200, 800, (18, 64, 120), (70, 170, 200))
    img = bokeh(img, 40, [(255, 255, 255), (120, 220, 255), (255, 220, 120)], 20, 90, 1)
    d = ImageDraw.Draw(img)
    d.rectangle([0, 620, 1200, 800], fill=(112, 78, 52, 255))  # bench
    d.rectangle([0, 620, 1200, 636], fill=(150, 110, 76, 255))
    img = shadow(img, (300, 330, 560, 640))
    img = shadow(img, (640, 260, 940, 640))
    d = ImageDraw.Draw(img)
    beaker(d, 430, 630, 240, 300, (90, 220, 140, 220))
    bubbles(d, 430, 440, 2)
    flask(d, 790, 630, 300, 380, (250, 120, 170, 220))
    bubbles(d, 790, 300, 3)
    d.text((70, 70), "Fun with Science", font=font(84), fill=(255, 255, 255, 255))
    d.text((74, 170), "Investigate · Measure · Discover", font=font(34), fill=(210, 240, 255, 255))
    save_jpeg(img.filter(ImageFilter.SMOOTH), path("fun-with-science", "cover.jpg"))


# 2. Chapter cover: Inquiry (magnifying glass over a leaf), opaque PNG
def cover_inquiry():
    img = gradient(800, 800, (250, 244, 222), (236, 214, 170)).convert("RGBA")
    d = ImageDraw.Draw(img)
    d.ellipse([170, 250, 560, 560], fill=(70, 150, 80, 255))
    d.polygon([(170, 560), (250, 470), (300, 520)], fill=(70, 150, 80, 255))
    d.line([(200, 540), (520, 290)], fill=(200, 235, 190, 255), width=8)
    for i in range(4):
        x = 260 + i * 65
        y = 470 - i * 50
        d.line([(x, y), (x + 40, y + 70)], fill=(200, 235, 190, 255), width=5)
        d.line([(x, y), (x - 60, y - 30)], fill=(200, 235, 190, 255), width=5)
    img = shadow(img, (380, 180, 700, 500), radius=160, alpha=70)
    d = ImageDraw.Draw(img)
    d.ellipse([390, 190, 690, 490], fill=(220, 240, 255, 90), outline=(60, 60, 70, 255), width=26)
    d.line([(650, 450), (760, 560)], fill=(60, 60, 70, 255), width=44)
    d.line([(690, 490), (770, 570)], fill=(150, 90, 40, 255), width=50)
    d.arc([430, 230, 650, 450], 200, 250, fill=(255, 255, 255, 220), width=10)
    save_png(img.convert("RGB"), path("fun-with-science", "01-inquiry", "cover.png"), colors=64)


# 3. Chapter cover: Matter and Energy (ice, water, steam), JPEG
def cover_matter():
    img = gradient(1200, 800, (255, 170, 90), (240, 90, 70))
    img = bokeh(img, 30, [(255, 240, 200), (255, 200, 120)], 20, 80, 4)
    d = ImageDraw.Draw(img)
    # ice cube
    d.polygon([(140, 520), (320, 470), (420, 560), (240, 620)], fill=(210, 240, 255, 255))
    d.polygon([(140, 520), (240, 620), (240, 760), (140, 660)], fill=(170, 215, 245, 255))
    d.polygon([(240, 620), (420, 560), (420, 700), (240, 760)], fill=(140, 195, 235, 255))
    # water drop
    d.polygon([(600, 420), (520, 600), (680, 600)], fill=(40, 130, 230, 255))
    d.ellipse([515, 530, 685, 700], fill=(40, 130, 230, 255))
    d.ellipse([555, 570, 590, 620], fill=(150, 200, 255, 255))
    # steam
    for i in range(3):
        x = 880 + i * 90
        pts = [(x + 30 * math.sin(y / 40), y) for y in range(300, 720, 6)]
        d.line(pts, fill=(255, 255, 255, 220), width=22, joint="curve")
    d.text((70, 70), "Matter and Energy", font=font(72), fill=(255, 255, 255, 255))
    save_jpeg(img.filter(ImageFilter.SMOOTH), path("fun-with-science", "02-matter-and-energy", "cover.jpg"))


# 4. Book cover: Quizzler (floating numbers and operators)
def cover_quizzler():
    img = gradient(1200, 800, (60, 40, 140), (140, 70, 200))
    img = bokeh(img, 45, [(255, 255, 255), (255, 200, 80), (120, 255, 220)], 15, 70, 5)
    d = ImageDraw.Draw(img)
    rnd = random.Random(6)
    glyphs = list("0123456789+−×÷=") + ["½", "¾"]
    for _ in range(26):
        g = rnd.choice(glyphs)
        s = rnd.randint(50, 130)
        x, y = rnd.randint(0, 1120), rnd.randint(230, 760)
        d.text((x, y), g, font=font(s), fill=(255, 255, 255, rnd.randint(60, 140)), anchor="mm")
    img = shadow(img, (330, 300, 870, 560), radius=40)
    d = ImageDraw.Draw(img)
    d.rounded_rectangle([330, 300, 870, 560], 40, fill=(255, 206, 60, 255))
    d.text((600, 430), "7 × 8 = ?", font=font(110), fill=(50, 30, 110, 255), anchor="mm")
    d.text((70, 70), "Quizzler", font=font(96), fill=(255, 255, 255, 255))
    save_jpeg(img.filter(ImageFilter.SMOOTH), path("quizzler", "cover.jpg"))


# 5. Logo: 256×256 with transparent background
def logo():
    img = Image.new("RGBA", (256, 256), (0, 0, 0, 0))
    d = ImageDraw.Draw(img)
    d.ellipse([8, 8, 248, 248], fill=(10, 90, 212, 255))
    # open book
    d.polygon([(52, 92), (126, 104), (126, 196), (52, 184)], fill=(255, 255, 255, 255))
    d.polygon([(204, 92), (130, 104), (130, 196), (204, 184)], fill=(230, 240, 255, 255))
    # flask rising from the book
    d.polygon([(116, 40), (140, 40), (140, 66), (168, 104), (88, 104), (116, 66)], fill=(255, 206, 60, 255))
    d.ellipse([120, 24, 134, 38], fill=(255, 255, 255, 255))
    for y in (124, 144, 164):
        d.line([(66, y - 6), (114, y + 2)], fill=(10, 90, 212, 255), width=4)
        d.line([(142, y + 2), (190, y - 6)], fill=(10, 90, 212, 255), width=4)
    save_png(img, path("_media", "logo.png"))


# 6. Water-cycle diagram: 600×400, transparent background (the `contain` thumbnail)
def water_cycle():
    img = Image.new("RGBA", (600, 400), (0, 0, 0, 0))
    d = ImageDraw.Draw(img)
    d.ellipse([470, 20, 570, 120], fill=(255, 200, 40, 255))  # sun
    for a in range(0, 360, 30):
        r = math.radians(a)
        d.line([(520 + 60 * math.cos(r), 70 + 60 * math.sin(r)), (520 + 80 * math.cos(r), 70 + 80 * math.sin(r))],
               fill=(255, 200, 40, 255), width=6)
    for cx, cy, r in [(190, 80, 42), (240, 60, 52), (295, 82, 40), (240, 100, 40)]:  # cloud
        d.ellipse([cx - r, cy - r, cx + r, cy + r], fill=(190, 200, 215, 255))
    d.polygon([(0, 400), (0, 250), (90, 150), (180, 260), (180, 400)], fill=(90, 150, 90, 255))  # mountain
    d.polygon([(60, 185), (90, 150), (120, 185)], fill=(250, 250, 250, 255))
    d.rectangle([180, 330, 600, 400], fill=(40, 120, 220, 255))  # sea
    for x in range(200, 600, 50):
        d.arc([x, 318, x + 50, 342], 20, 160, fill=(160, 210, 255, 255), width=4)
    for x in range(170, 300, 26):  # rain
        d.line([(x, 145), (x - 10, 175)], fill=(40, 120, 220, 255), width=5)
    arrow = (30, 30, 40, 255)

    def arr(p0, p1):
        d.line([p0, p1], fill=arrow, width=6)
        ang = math.atan2(p1[1] - p0[1], p1[0] - p0[0])
        for s in (2.6, -2.6):
            d.line([p1, (p1[0] + 18 * math.cos(ang + s), p1[1] + 18 * math.sin(ang + s))], fill=arrow, width=6)

    arr((430, 315), (340, 130))  # evaporation
    arr((120, 290), (300, 318))  # runoff / collection
    f = font(20)
    d.text((395, 200), "evaporation", font=f, fill=arrow)
    d.text((300, 20), "condensation", font=f, fill=arrow)
    d.text((40, 120), "precipitation", font=f, fill=arrow)
    d.text((190, 270), "collection", font=f, fill=arrow)
    save_png(img, path("_media", "water-cycle.png"))


# 7. Body image: the steps of a science investigation (flow diagram)
def investigation_steps():
    img = Image.new("RGB", (960, 300), (255, 255, 255))
    d = ImageDraw.Draw(img)
    steps = [("Ask", (255, 206, 60)), ("Predict", (255, 150, 90)), ("Test", (90, 200, 140)),
             ("Observe", (80, 160, 230)), ("Share", (160, 110, 220))]
    f = font(26)
    for i, (label, c) in enumerate(steps):
        x = 30 + i * 186
        d.rounded_rectangle([x, 100, x + 150, 200], 22, fill=c)
        d.text((x + 75, 150), label, font=f, fill=(20, 20, 30), anchor="mm")
        if i < len(steps) - 1:
            d.polygon([(x + 156, 140), (x + 176, 150), (x + 156, 160)], fill=(60, 60, 70))
    d.text((480, 50), "A science investigation, step by step", font=font(28), fill=(20, 20, 30), anchor="mm")
    d.text((480, 250), "Share what you found, then ask a new question.", font=font(20), fill=(90, 90, 100), anchor="mm")
    save_png(img, path("_media", "investigation-steps.png"), colors=32)


# 8. Body image: a ruler measuring a pencil (photo-like JPEG)
def ruler():
    img = gradient(900, 420, (235, 228, 214), (205, 196, 180))
    img = bokeh(img, 15, [(255, 255, 255)], 30, 90, 8)
    img = shadow(img, (60, 230, 840, 330), radius=6, blur=10)
    d = ImageDraw.Draw(img)
    d.rectangle([60, 230, 840, 330], fill=(250, 214, 90, 255))
    f = font(18)
    for mm in range(0, 261):
        x = 80 + mm * 2.8
        if x > 820:
            break
        h = 40 if mm % 10 == 0 else (26 if mm % 5 == 0 else 14)
        d.line([(x, 230), (x, 230 + h)], fill=(40, 30, 20, 255), width=2)
        if mm % 10 == 0:
            d.text((x, 290), str(mm // 10), font=f, fill=(40, 30, 20, 255), anchor="mm")
    d.text((815, 310), "cm", font=f, fill=(40, 30, 20, 255), anchor="rm")
    img = shadow(img, (80, 140, 598, 190), radius=20, blur=8)
    d = ImageDraw.Draw(img)
    d.rectangle([80, 140, 540, 190], fill=(60, 140, 90, 255))  # pencil: 18.5 cm long
    d.rectangle([80, 140, 112, 190], fill=(240, 150, 160, 255))
    d.rectangle([112, 140, 126, 190], fill=(190, 190, 200, 255))
    d.polygon([(540, 140), (598, 165), (540, 190)], fill=(235, 200, 150, 255))
    d.polygon([(580, 158), (598, 165), (580, 172)], fill=(50, 50, 50, 255))
    save_jpeg(img, path("_media", "ruler.jpg"))


# 9. Shared quiz thumbnail (like Apple's math.png): square, opaque
def math_badge():
    img = gradient(400, 400, (255, 206, 60), (255, 150, 60)).convert("RGBA")
    d = ImageDraw.Draw(img)
    d.rounded_rectangle([40, 40, 360, 360], 60, fill=(255, 255, 255, 235))
    f = font(120)
    d.text((130, 135), "+", font=f, fill=(60, 40, 140), anchor="mm")
    d.text((270, 135), "−", font=f, fill=(230, 80, 80), anchor="mm")
    d.text((130, 275), "×", font=f, fill=(40, 150, 110), anchor="mm")
    d.text((270, 275), "÷", font=f, fill=(40, 110, 220), anchor="mm")
    save_png(img.convert("RGB"), path("_media", "math.png"), colors=48)


if __name__ == "__main__":
    for make in (cover_science, cover_inquiry, cover_matter, cover_quizzler, logo, water_cycle,
                 investigation_steps, ruler, math_badge):
        make()
    total = 0
    for dirpath, _, files in os.walk(ROOT):
        for name in sorted(files):
            if name.endswith((".png", ".jpg")):
                p = os.path.join(dirpath, name)
                size = os.path.getsize(p)
                total += size
                print(f"{os.path.relpath(p, ROOT):55} {Image.open(p).size} {size // 1024} KB")
    print(f"total {total // 1024} KB")
