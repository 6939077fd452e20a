"""The site's built-in labels in a real browser: a page in every built-in language, in each
right-to-left one, and in locales that fall back to another table, each with the right
lang and dir, its labels translated, and nothing serious for axe."""
import shutil
import subprocess
import tempfile
from pathlib import Path

import pytest
from selenium.webdriver.common.by import By
from selenium.webdriver.common.keys import Keys
from selenium.webdriver.support.ui import WebDriverWait

from conftest import REPO, Server, run_axe

# Each built-in table's "Skip to content" and its name of the quiz type, as the tables
# in Sources/Catalog/Site/InterfaceStrings+*.swift have them.
LABELS = {
    "ar": ("انتقل إلى المحتوى", "اختبار"),
    "bg": ("Към съдържанието", "Тест"),
    "bn": ("বিষয়বস্তুতে যান", "কুইজ"),
    "ca": ("Ves al contingut", "Qüestionari"),
    "cs": ("Přejít na obsah", "Kvíz"),
    "da": ("Gå til indhold", "Quiz"),
    "de": ("Zum Inhalt springen", "Quiz"),
    "el": ("Μετάβαση στο περιεχόμενο", "Κουίζ"),
    "en": ("Skip to content", "Quiz"),
    "en-gb": ("Skip to content", "Quiz"),
    "es": ("Saltar al contenido", "Prueba"),
    "fi": ("Siirry sisältöön", "Visa"),
    "fr": ("Aller au contenu", "Quiz"),
    "gu": ("સામગ્રી પર જાઓ", "ક્વિઝ"),
    "he": ("דילוג לתוכן", "בוחן"),
    "hi": ("सामग्री पर जाएँ", "क्विज़"),
    "hr": ("Prijeđi na sadržaj", "Kviz"),
    "hu": ("Ugrás a tartalomra", "Kvíz"),
    "id": ("Langsung ke konten", "Kuis"),
    "it": ("Vai al contenuto", "Quiz"),
    "ja": ("コンテンツへスキップ", "クイズ"),
    "kk": ("Мазмұнға өту", "Тест"),
    "kn": ("ವಿಷಯಕ್ಕೆ ಹೋಗಿ", "ರಸಪ್ರಶ್ನೆ"),
    "ko": ("본문으로 건너뛰기", "퀴즈"),
    "lt": ("Pereiti prie turinio", "Viktorina"),
    "ml": ("ഉള്ളടക്കത്തിലേക്ക് പോകുക", "ക്വിസ്"),
    "mr": ("मजकुराकडे जा", "प्रश्नमंजूषा"),
    "ms": ("Langkau ke kandungan", "Kuiz"),
    "nb": ("Gå til innholdet", "Quiz"),
    "nl": ("Naar inhoud", "Quiz"),
    "or": ("ବିଷୟବସ୍ତୁକୁ ଯାଆନ୍ତୁ", "କୁଇଜ"),
    "pa": ("ਸਮੱਗਰੀ 'ਤੇ ਜਾਓ", "ਕੁਇਜ਼"),
    "pl": ("Przejdź do treści", "Quiz"),
    "pt": ("Pular para o conteúdo", "Teste"),
    "pt-pt": ("Saltar para o conteúdo", "Questionário"),
    "ro": ("Salt la conținut", "Test"),
    "ru": ("Перейти к содержимому", "Тест"),
    "sk": ("Prejsť na obsah", "Kvíz"),
    "sl": ("Preskoči na vsebino", "Kviz"),
    "sv": ("Hoppa till innehållet", "Quiz"),
    "ta": ("உள்ளடக்கத்திற்குச் செல்", "வினாடி வினா"),
    "te": ("కంటెంట్‌కు వెళ్లండి", "క్విజ్"),
    "th": ("ข้ามไปยังเนื้อหา", "แบบทดสอบ"),
    "tr": ("İçeriğe geç", "Test"),
    "uk": ("Перейти до вмісту", "Тест"),
    "ur": ("مواد پر جائیں", "کوئز"),
    "vi": ("Chuyển đến nội dung", "Câu đố"),
    "zh-hans": ("跳到内容", "测验"),
    "zh-hant": ("跳至內容", "測驗"),
}
RIGHT_TO_LEFT = {"ar", "he", "ur"}
# Locales without a table of their own, and the table they read (InterfaceStrings+Locales.swift).
FALLBACKS = {"zh-tw": "zh-hant", "zh-hk": "zh-hant", "pt-br": "pt", "pt-ao": "pt-pt", "es-419": "es",
             "ar-eg": "ar", "he-il": "he", "nn": "nb", "en-au": "en-gb"}
LOCALES = sorted(LABELS) + sorted(FALLBACKS)

QUIZ = """---
title: Fractions quiz
type: quiz
topic: math
suggestedAge: 9-11
suggestedCompletionTime: 15-20
progressReporting:
  - kind: score
---
Ten questions about fractions.
"""

# A page with code, and its Arabic translation: code reads left to right inside a
# right-to-left page (`const a = [` must not show as `] = const a`).
LOOPS = """---
title: Loops
---
A loop:

```js
const a = [1, 2];
```

Write `a = [1]` first.
"""
LOOPS_AR = """---
title: الحلقات
---
حلقة:

```js
const a = [1, 2];
```

اكتب `a = [1]` أولاً.
"""

WISDOM = """---
title: Wisdom
---
Wise words.
"""
WISDOM_EL = """---
title: Σοφία
---
Η ΛΕΞΗ ΣΟΦΟΣ ΓΡΑΜΜΕΝΗ ΜΕ ΚΕΦΑΛΑΙΑ.
"""


@pytest.fixture(scope="module")
def language_site():
    """A catalog in English with every locale above; its one quiz falls back to English."""
    binary = REPO / ".build" / "debug" / "catalog-build"
    if not binary.exists():
        pytest.skip("build catalog-build first (swift build)")
    work = Path(tempfile.mkdtemp(prefix="catalog-languages-"))
    content = work / "content"
    content.mkdir()
    others = ", ".join(locale for locale in LOCALES if locale != "en")
    (content / "catalog.yml").write_text(
        "bundleIdentifier: com.example.languages\ntitle: Languages\ndefaultLocale: en\n"
        f"locales: [en, {others}]\nmissingTranslation: fallback\n", encoding="utf-8")
    (content / "quiz.md").write_text(QUIZ, encoding="utf-8")
    (content / "loops.md").write_text(LOOPS, encoding="utf-8")
    (content / "loops.ar.md").write_text(LOOPS_AR, encoding="utf-8")
    (content / "wisdom.md").write_text(WISDOM, encoding="utf-8")
    (content / "wisdom.el.md").write_text(WISDOM_EL, encoding="utf-8")
    for name in ("Decimals", "Percentages"):
        (content / f"{name.lower()}.md").write_text(QUIZ.replace("Fractions", name), encoding="utf-8")
    subprocess.run([str(binary), "build", "--content", str(content), "--output", str(work / "site"),
                    "--cache", str(work / "cache")], check=True, stdout=subprocess.DEVNULL)
    server = Server(work / "site")
    yield server
    server.close()
    shutil.rmtree(work)


@pytest.fixture
def page(browser, language_site):
    """The shared browser, checked after each page for console errors and failed requests."""
    browser.get_log("browser")
    language_site.failures.clear()
    yield browser
    errors = [entry for entry in browser.get_log("browser") if entry["level"] == "SEVERE"]
    assert errors == [], f"console errors: {errors}"
    assert language_site.failures == [], f"failed requests: {language_site.failures}"


@pytest.mark.parametrize("locale", LOCALES)
def test_a_page_in_each_language(page, language_site, locale):
    table = FALLBACKS.get(locale, locale)
    skip, quiz = LABELS[table]
    page.get(f"{language_site.base}{locale}/quiz/index.html")
    html = page.find_element(By.TAG_NAME, "html")
    assert html.get_dom_attribute("lang") == locale
    assert html.get_dom_attribute("dir") == ("rtl" if table in RIGHT_TO_LEFT else "ltr")
    assert page.find_element(By.CSS_SELECTOR, "a.skip-link").get_attribute("textContent") == skip
    facts = [dd.get_attribute("textContent") for dd in page.find_elements(By.CSS_SELECTOR, ".facts dd")]
    assert facts[0] == quiz, "the type's name is the table's"
    if locale != "en":
        # The quiz is not translated: its English text is marked as English, and as
        # left to right inside a right-to-left page.
        title = page.find_element(By.CSS_SELECTOR, "h1")
        assert title.get_dom_attribute("lang") == "en"
        assert title.get_dom_attribute("dir") == ("ltr" if table in RIGHT_TO_LEFT else None)
    assert run_axe(page) == []


@pytest.mark.parametrize("locale", sorted(RIGHT_TO_LEFT))
def test_each_right_to_left_home_reads_right_to_left(page, language_site, locale):
    page.get(f"{language_site.base}{locale}/index.html")
    html = page.find_element(By.TAG_NAME, "html")
    assert (html.get_dom_attribute("lang"), html.get_dom_attribute("dir")) == (locale, "rtl")
    direction = page.execute_script("return getComputedStyle(document.querySelector('main')).direction")
    assert direction == "rtl"
    assert run_axe(page) == []


def test_code_reads_left_to_right_in_a_right_to_left_page(page, language_site):
    page.get(f"{language_site.base}ar/loops/index.html")
    html = page.find_element(By.TAG_NAME, "html")
    assert (html.get_dom_attribute("lang"), html.get_dom_attribute("dir")) == ("ar", "rtl")
    styles = page.execute_script(
        "return ['.body p', '.body pre', '.body pre code', '.body p code'].map(s => "
        "getComputedStyle(document.querySelector(s)).direction)")
    assert styles == ["rtl", "ltr", "ltr", "ltr"]
    # The code is coloured: `const` is a keyword, the numbers are numbers.
    spans = page.execute_script(
        "return [...document.querySelectorAll('.body pre code span')].map(s => s.className + ' ' + s.textContent)")
    assert spans == ["hl-k const", "hl-n 1", "hl-n 2"]
    # In display order the opening bracket comes after `const`, as written (each found in
    # the text node that holds it: the colouring splits the code into several).
    order = page.execute_script("""
        const code = document.querySelector('.body pre code');
        const at = target => {
            let offset = code.textContent.indexOf(target);
            const walker = document.createTreeWalker(code, NodeFilter.SHOW_TEXT);
            for (let node = walker.nextNode(); node; node = walker.nextNode()) {
                if (offset < node.length) {
                    const r = document.createRange(); r.setStart(node, offset); r.setEnd(node, offset + 1);
                    return r.getBoundingClientRect().left;
                }
                offset -= node.length;
            }
            return null;
        };
        return [at('const'), at('[')];""")
    assert None not in order and order[0] < order[1]
    assert run_axe(page) == []


@pytest.mark.parametrize("locale, status", [
    ("en", "3 results"), ("ru", "3 результата"), ("uk", "3 результати"), ("pl", "3 wyniki"),
    ("cs", "3 výsledky"), ("sl", "3 zadetki"), ("lt", "3 rezultatai"), ("ro", "3 rezultate"),
    ("ar", "3 نتائج"), ("ja", "3 件"),
])
def test_the_result_count_takes_its_plural_form(page, language_site, locale, status):
    page.get(f"{language_site.base}{locale}/index.html")
    page.find_element(By.CSS_SELECTOR, "input[type=search]").send_keys("quiz")
    selector = "[data-search-status]"
    WebDriverWait(page, 10).until(lambda d: d.find_element(By.CSS_SELECTOR, selector).text == status)


@pytest.mark.parametrize("query", ["σοφος", "σοφός", "ΣΟΦΟΣ", "Σοφος"])
def test_a_greek_word_is_found_however_its_final_sigma_is_written(page, language_site, query):
    """The page writes ΣΟΦΟΣ in capitals; the browser lowercases a word-final Σ to ς, the
    index's tokenizer to σ: both fold ς to σ, so every spelling of the query finds it."""
    page.get(f"{language_site.base}el/index.html")
    page.find_element(By.CSS_SELECTOR, "input[type=search]").send_keys(query)
    results = "[data-search-results] li a"
    WebDriverWait(page, 10).until(
        lambda d: [a.text for a in d.find_elements(By.CSS_SELECTOR, results)] == ["Σοφία"])


def test_a_long_language_list_folds_behind_the_page_language(page, language_site):
    """More than six languages fold into a disclosure named by the page's own language:
    closed, the header keeps one line; opened from the keyboard, it lies over the page and
    each language links to the same page."""
    page.get(f"{language_site.base}fr/quiz/index.html")
    header = page.find_element(By.CSS_SELECTOR, ".site-header")
    closed = header.size["height"]
    summary = page.find_element(By.CSS_SELECTOR, "nav.languages details > summary")
    assert (summary.get_dom_attribute("lang"), summary.text) == ("fr", "Français")
    links = page.find_elements(By.CSS_SELECTOR, "nav.languages a[hreflang]")
    assert len(links) == len(LOCALES)
    assert not any(link.is_displayed() for link in links)
    assert closed < 80, "the title and one button"
    summary.send_keys(Keys.ENTER)
    german = page.find_element(By.CSS_SELECTOR, 'nav.languages a[hreflang="de"]')
    WebDriverWait(page, 5).until(lambda d: german.is_displayed())
    current = page.find_element(By.CSS_SELECTOR, "nav.languages a[aria-current=page]")
    assert (current.get_dom_attribute("hreflang"), current.text) == ("fr", "Français")
    assert header.size["height"] == closed, "the open list lies over the page"
    assert run_axe(page) == []
    german.click()
    WebDriverWait(page, 5).until(lambda d: d.find_element(By.TAG_NAME, "html").get_dom_attribute("lang") == "de")
    assert page.current_url.endswith("/de/quiz/index.html")
