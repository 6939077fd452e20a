#!/usr/bin/env python3
"""Compares, in Chromium, each SVG of a folder with the copy a build published of it.

    .build/venv/bin/python bench/corpus/svg_copies.py ORIGINALS COPIES

ORIGINALS is a folder of SVG files (a converted corpus's content/, say), COPIES the folder
where the build wrote their copies (its site's media/, the same relative paths). Each
original and then its copy is shown as a 240×160 image in the same place of a page served
from 127.0.0.1 (the same drawing shown elsewhere is antialiased a little differently), the
two screenshots are decoded and compared; prints each drawing that differs (how many
channel values) and the count of identical ones. Uses the browser tests' helpers
(Tests/Browser: headless Chromium through Selenium, `scripts/python-env`).
"""
import shutil
import sys
import tempfile
from pathlib import Path

REPO = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(REPO / "Tests" / "Browser"))

from conftest import Server, make_driver  # noqa: E402
from selenium.webdriver.common.by import By  # noqa: E402
from test_svg_sanitizer import SHOW, pixels  # noqa: E402


def main(originals: Path, copies: Path) -> int:
    served = Path(tempfile.mkdtemp(prefix="svg-copies-"))
    (served / "blank.html").write_text("<!doctype html><title>drawings</title><body></body>")
    drawings = []
    for original in sorted(originals.rglob("*.svg")):
        relative = original.relative_to(originals)
        copy = copies / relative
        if not copy.exists():
            print("no copy:", relative)
            continue
        for side, source in (("o", original), ("c", copy)):
            (served / side / relative).parent.mkdir(parents=True, exist_ok=True)
            shutil.copy(source, served / side / relative)
        drawings.append(relative.as_posix())
    server, driver = Server(served), make_driver()
    try:
        driver.get(server.base + "blank.html")
        identical = 0
        for drawing in drawings:
            shots = []
            for side in ("o", "c"):
                shown = driver.execute_async_script(SHOW, [server.base + side + "/" + drawing])
                shots.append(pixels(driver.find_element(By.ID, "drawing-0").screenshot_as_png) if shown == "loaded" else shown)
            if shots[0] == shots[1]:
                identical += 1
            elif any(isinstance(shot, str) for shot in shots):
                print("DIFFERS", drawing, shots[0] if isinstance(shots[0], str) else "shown", "/",
                      shots[1] if isinstance(shots[1], str) else "shown")
            else:
                print("DIFFERS", drawing, sum(1 for a, b in zip(*shots) for x, y in zip(a, b) if x != y), "channel values")
        print(f"{identical} of {len(drawings)} identical")
        return 0 if identical == len(drawings) else 1
    finally:
        driver.quit()
        server.close()
        shutil.rmtree(served)


if __name__ == "__main__":
    if len(sys.argv) != 3:
        sys.exit(__doc__)
    sys.exit(main(Path(sys.argv[1]), Path(sys.argv[2])))
