"""The HTML catalog in a real browser: navigation, languages, search, accessibility."""
from urllib.parse import urljoin, urlparse

from selenium.common.exceptions import StaleElementReferenceException
from selenium.webdriver.common.by import By
from selenium.webdriver.common.keys import Keys
from selenium.webdriver.support.ui import Select, WebDriverWait

from conftest import make_driver, run_axe

CARD_LINKS = "ul.cards:not(.results) .card-title a"


def wait(driver, condition, timeout=10):
    """Polls `condition` until it holds. The search results are rebuilt as the page's script
    answers each query, so an element found in one poll may be gone when its text is read:
    that poll counts as not yet, and the next one looks again."""
    waiting = WebDriverWait(driver, timeout, ignored_exceptions=(StaleElementReferenceException,))
    return waiting.until(lambda d: condition(d))


def open_home(driver, server):
    """The site's root leads on to the default locale's home by itself."""
    driver.get(server.base + "index.html")
    wait(driver, lambda d: not d.current_url.endswith(server.base + "index.html"))
    wait(driver, lambda d: d.find_elements(By.CSS_SELECTOR, "input[type=search]"))


def descend_to_leaf(driver):
    """Clicks the first child card until a page has no children; returns the titles."""
    titles = []
    for _ in range(8):
        links = driver.find_elements(By.CSS_SELECTOR, CARD_LINKS)
        if not links:
            return titles
        titles.append(links[0].text)
        links[0].click()
        wait(driver, lambda d: d.find_element(By.TAG_NAME, "h1").text == titles[-1])
    return titles


def test_click_from_home_to_an_activity(driver, server):
    open_home(driver, server)
    titles = descend_to_leaf(driver)
    assert len(titles) >= 2, "home → book → … → activity"
    assert len(driver.find_elements(By.TAG_NAME, "h1")) == 1
    crumbs = [a.text for a in driver.find_elements(By.CSS_SELECTOR, "nav.breadcrumbs a")]
    assert crumbs[1:] == titles[:-1], "breadcrumbs lead back up the same way"
    facts = driver.find_element(By.CSS_SELECTOR, ".facts dl").text
    assert facts, "the activity shows its type, age, time"
    driver.find_elements(By.CSS_SELECTOR, "nav.breadcrumbs a")[-1].click()
    wait(driver, lambda d: d.find_element(By.TAG_NAME, "h1").text == titles[-2])


def test_language_switcher_keeps_the_context(driver, server):
    open_home(driver, server)
    descend_to_leaf(driver)
    page = driver.current_url
    locales = [a.get_attribute("hreflang") for a in driver.find_elements(By.CSS_SELECTOR, "nav.languages a[hreflang]")]
    assert len(locales) >= 2
    for locale in locales:
        driver.get(page)
        driver.find_element(By.CSS_SELECTOR, f'nav.languages a[hreflang="{locale}"]').click()
        wait(driver, lambda d: d.find_element(By.TAG_NAME, "html").get_attribute("lang") == locale)
        html = driver.find_element(By.TAG_NAME, "html")
        rtl = locale.split("-")[0] in ("ar", "he", "fa", "ur")
        assert html.get_attribute("dir") == ("rtl" if rtl else "ltr")
        assert f"/{locale}/" in driver.current_url
        assert len(driver.find_elements(By.TAG_NAME, "h1")) == 1


def search_results(driver):
    """The rendered text of each search result, read in one script call so that the list
    cannot be rebuilt between finding an item and reading it."""
    return driver.execute_script(
        "return Array.from(document.querySelectorAll('[data-search-results] li'), li => li.innerText);")


def test_search_and_filter(driver, server):
    open_home(driver, server)
    descend_to_leaf(driver)
    title = driver.find_element(By.TAG_NAME, "h1").text
    type_label = driver.find_element(By.CSS_SELECTOR, ".facts dd").text
    driver.find_element(By.CSS_SELECTOR, "nav.breadcrumbs a").click()
    box = wait(driver, lambda d: d.find_element(By.CSS_SELECTOR, "input[type=search]"))
    assert driver.find_element(By.CSS_SELECTOR, f'label[for="{box.get_attribute("id")}"]').text
    box.send_keys(title.split()[0])
    wait(driver, lambda d: any(title in r for r in search_results(d)))
    assert driver.find_element(By.CSS_SELECTOR, "[data-search-status]").text
    Select(driver.find_element(By.NAME, "type")).select_by_visible_text(type_label)
    wait(driver, lambda d: search_results(d) and all(type_label in r for r in search_results(d)))
    assert any(title in r for r in search_results(driver))
    box.clear()
    box.send_keys("zzqxnothingmatches")
    wait(driver, lambda d: search_results(d) == [])
    box.clear()
    box.send_keys(Keys.ENTER)
    wait(driver, lambda d: search_results(d) and all(type_label in r for r in search_results(d)))
    first = driver.find_element(By.CSS_SELECTOR, "[data-search-results] li a")
    first.click()
    wait(driver, lambda d: d.find_elements(By.CSS_SELECTOR, ".facts"))


def test_search_page_reads_its_query_from_the_url(driver, server):
    open_home(driver, server)
    locale = driver.find_element(By.TAG_NAME, "html").get_attribute("lang")
    title = driver.find_element(By.CSS_SELECTOR, CARD_LINKS).text
    driver.get(server.base + f"search/{locale}/index.html?q={title.split()[0]}")
    wait(driver, lambda d: any(title in r for r in search_results(d)))
    assert driver.find_element(By.NAME, "q").get_attribute("value") == title.split()[0]


def crawl(driver, server, start, limit=40):
    """Every page reachable by links from `start` (at most `limit`), in visiting order."""
    seen, queue, pages = set(), [start], []
    while queue and len(pages) < limit:
        url = queue.pop(0).split("#")[0]
        if url in seen or not url.startswith(server.base) or not url.endswith(".html"):
            continue
        seen.add(url)
        driver.get(url)
        pages.append(url)
        for a in driver.find_elements(By.CSS_SELECTOR, "a[href]"):
            queue.append(urljoin(url, a.get_attribute("href")))
    return pages


def test_no_serious_accessibility_violations(driver, server):
    open_home(driver, server)
    pages = crawl(driver, server, driver.current_url)
    assert len(pages) > 5
    for url in pages:
        driver.get(url)
        assert run_axe(driver) == [], url


def test_search_results_are_accessible(driver, server):
    open_home(driver, server)
    title = driver.find_element(By.CSS_SELECTOR, CARD_LINKS).text
    driver.find_element(By.CSS_SELECTOR, "input[type=search]").send_keys(title.split()[0])
    wait(driver, lambda d: search_results(d))
    assert run_axe(driver) == []


FOCUS_STYLE = """
const el = document.activeElement;
const own = getComputedStyle(el), after = getComputedStyle(el, '::after');
const visible = s => s.outlineStyle !== 'none' && parseFloat(s.outlineWidth) >= 2;
const r = el.getBoundingClientRect();
return [el.tagName + '.' + el.className, visible(own) || visible(after), r.top >= 0 && r.bottom <= innerHeight + 1];
"""


def test_keyboard_focus_is_always_visible(driver, server):
    open_home(driver, server)
    descend_to_leaf(driver)
    body = driver.find_element(By.TAG_NAME, "body")
    body.click()
    driver.execute_script("window.scrollTo(0, 0); document.activeElement.blur()")
    for step in range(20):
        driver.switch_to.active_element.send_keys(Keys.TAB)
        name, visible, on_screen = driver.execute_script(FOCUS_STYLE)
        if name.startswith("BODY"):
            break
        assert visible, f"focus on {name} (tab {step + 1}) has no visible outline"
        assert on_screen, f"focused {name} (tab {step + 1}) is off screen"


def test_no_horizontal_scroll_on_a_phone_or_at_200_percent(driver, server):
    open_home(driver, server)
    pages = crawl(driver, server, driver.current_url, limit=12)
    for width in (375, 640):
        driver.set_window_size(width, 900)
        for url in pages:
            driver.get(url)
            inner, scroll = driver.execute_script(
                "return [window.innerWidth, document.documentElement.scrollWidth]")
            assert scroll <= inner, f"{url} scrolls sideways at {width} px ({scroll} > {inner})"


def test_browsable_without_javascript(server):
    driver = make_driver(javascript=False)
    try:
        open_home(driver, server)
        titles = descend_to_leaf(driver)
        assert len(titles) >= 2
        assert driver.find_element(By.TAG_NAME, "h1").text == titles[-1]
    finally:
        driver.quit()
    assert server.failures == []


def test_search_works_from_the_file_system(browser, site_dir):
    browser.get_log("browser")
    root = site_dir.resolve().as_uri() + "/"
    browser.get(root + "index.html")
    wait(browser, lambda d: d.find_elements(By.CSS_SELECTOR, "input[type=search]"))
    title = browser.find_element(By.CSS_SELECTOR, CARD_LINKS).text
    browser.find_element(By.CSS_SELECTOR, "input[type=search]").send_keys(title.split()[0])
    wait(browser, lambda d: any(title in r for r in search_results(d)))
    browser.find_element(By.CSS_SELECTOR, CARD_LINKS).click()
    wait(browser, lambda d: urlparse(d.current_url).path.endswith("/index.html") and d.find_elements(By.CSS_SELECTOR, "h1"))
    errors = [e for e in browser.get_log("browser") if e["level"] == "SEVERE"]
    assert errors == []


def test_a_writers_table_keeps_its_alignment_and_code_its_colours(driver, server):
    """The lab notebook's record table aligns its masses right (`align="right"`, which the
    site's own table style must not override), and its Python check is coloured."""
    driver.get(server.base + "en-us/lab-notebook/formulas-and-units/index.html")
    align = driver.execute_script(
        "return ['th:not([align])', 'th[align=right]', 'td[align=right]', 'td:not([align])'].map(s => "
        "getComputedStyle(document.querySelector('.body table ' + s)).textAlign)")
    # Chromium computes a header's `align="right"` as its own `-webkit-right`.
    assert [a.replace("-webkit-", "") for a in align] == ["start", "right", "right", "start"]
    colours = driver.execute_script(
        "return ['.hl-c', '.hl-s', '.hl-n'].map(s => getComputedStyle(document.querySelector('.body pre ' + s)).color)")
    assert colours == ["rgb(93, 108, 121)", "rgb(196, 26, 22)", "rgb(28, 0, 207)"]
    assert run_axe(driver) == []
