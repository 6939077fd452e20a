"""Takes the screenshots in docs/screenshots/: the home page and an activity page,
desktop (1280 px) and phone (390 px) wide, full length.

    .build/venv/bin/python Tests/Browser/screenshots.py
"""
import base64
import sys
import tempfile
from pathlib import Path

sys.path.insert(0, str(Path(__file__).parent))
from selenium.webdriver.common.by import By  # noqa: E402

from conftest import REPO, Server, build_site, make_driver  # noqa: E402
from test_site import descend_to_leaf, open_home  # noqa: E402

OUT = REPO / "docs" / "screenshots"


def shoot(driver, url, name, width):
    """A full-length screenshot: Chromium captures beyond the viewport through CDP."""
    driver.set_window_size(width, 900)
    driver.get(url)
    size = driver.execute_script("return [document.documentElement.clientWidth, document.documentElement.scrollHeight]")
    shot = driver.execute_cdp_cmd("Page.captureScreenshot", {
        "format": "png", "captureBeyondViewport": True,
        "clip": {"x": 0, "y": 0, "width": size[0], "height": size[1], "scale": 1}})
    (OUT / f"{name}-{'desktop' if width > 600 else 'phone'}.png").write_bytes(base64.b64decode(shot["data"]))


def main():
    OUT.mkdir(parents=True, exist_ok=True)
    with tempfile.TemporaryDirectory() as tmp:
        server = Server(build_site(Path(tmp) / "site"))
        driver = make_driver(scrollbars=False)
        try:
            open_home(driver, server)
            home = driver.current_url
            descend_to_leaf(driver)
            activity = driver.current_url
            for width in (1280, 390):
                shoot(driver, home, "home", width)
                shoot(driver, activity, "activity", width)
            print(f"home: {home}\nactivity: {activity}")
            assert driver.find_element(By.TAG_NAME, "h1")
        finally:
            driver.quit()
            server.close()


if __name__ == "__main__":
    main()
