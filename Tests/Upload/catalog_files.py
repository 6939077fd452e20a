"""Writes catalogs the way `catalog-build build` does (content-format.md §6), so the
upload tests do not depend on `build`: OUTPUT/catalog/manifest.json, contexts-NNNN.json
and OUTPUT/thumbnails/ID."""

import hashlib
import json
import struct
import zlib
from pathlib import Path

BUNDLE = "com.example.sciencebooks"
LOCALES = ["en-us", "es-us"]


def png(red, green, blue, size=2):
    """A tiny valid PNG of one colour."""
    def chunk(kind, data):
        return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data))
    rows = b"".join(b"\x00" + bytes([red, green, blue]) * size for _ in range(size))
    header = struct.pack(">IIBBBBB", size, size, 8, 2, 0, 0, 0)
    return b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", header) + chunk(b"IDAT", zlib.compress(rows)) + chunk(b"IEND", b"")


def thumbnail_id(data):
    return hashlib.sha256(data).hexdigest()[:16] + ".png"


def context(path, locale, kind, title, thumbnail=None):
    data = {"identifierPath": path, "title": title, "type": kind}
    if kind == "app":
        data["isAssignable"] = False
    if thumbnail:
        data["thumbnailId"] = thumbnail
    return {"data": data, "metadata": {"locale": locale, "presentableLocales": [locale]}}


def tree(sections, leaves, thumbnails=()):
    """(path, type, thumbnail) entries, parents first: the app, sections, leaves under each."""
    entries = [([BUNDLE], "app", None)]
    for s in range(sections):
        section = [BUNDLE, f"section-{s:02d}"]
        entries.append((section, "section", thumbnails[s % len(thumbnails)] if thumbnails else None))
        entries += [(section + [f"quiz {s:02d}/{n:03d} \"ñ\""], "quiz", None) for n in range(leaves)]
    return entries


def write_catalog(output, entries, images, locales=LOCALES, per_request=200):
    """Writes entries (path, type, thumbnailId) in every locale; images maps id -> bytes."""
    output = Path(output)
    catalog, thumbnails = output / "catalog", output / "thumbnails"
    catalog.mkdir(parents=True, exist_ok=True)
    thumbnails.mkdir(parents=True, exist_ok=True)
    contexts = [context(path, locale, kind, f"{path[-1]} ({locale})", thumb)
                for path, kind, thumb in entries for locale in locales]
    names = []
    for start in range(0, len(contexts), per_request):
        names.append(f"contexts-{len(names) + 1:04d}.json")
        body = {"contexts": contexts[start:start + per_request]}
        (catalog / names[-1]).write_text(json.dumps(body, indent=2, ensure_ascii=False))
    listed = []
    for image_id, data in sorted(images.items()):
        (thumbnails / image_id).write_bytes(data)
        listed.append({"thumbnailId": image_id, "path": f"../thumbnails/{image_id}",
                       "contentType": "image/png", "bytes": len(data)})
    manifest = {"bundleIdentifier": BUNDLE, "defaultLocale": locales[0], "locales": locales,
                "contextCount": len(contexts), "contextRequests": names, "thumbnails": listed}
    (catalog / "manifest.json").write_text(json.dumps(manifest, indent=2))
    return contexts


def expected_state(contexts, images):
    """What the server should hold after uploading: sorted (path, locale, context) and thumbnails."""
    stored = sorted((tuple(c["data"]["identifierPath"]), c["metadata"]["locale"], json.dumps(c, sort_keys=True))
                    for c in contexts)
    return stored, sorted((i, hashlib.sha256(d).hexdigest()) for i, d in images.items())


def server_state(snapshot):
    stored = sorted((tuple(c["identifierPath"]), c["locale"], json.dumps(c["context"], sort_keys=True))
                    for c in snapshot["contexts"])
    return stored, sorted((t["thumbnailId"], t["sha256"]) for t in snapshot["thumbnails"])
