"""Raw HTML in bodies, in a real browser: pages built from a hostile corpus (cases from the
well-known XSS filter-evasion cheat sheets) run no script, and keep no markup that could.

Each page holds one case, inline and as a block. Before any page script, every frame's
alert, confirm, prompt and print record a hit; the test then hovers, focuses and waits,
and reads the hits, the alert state, the URL (a meta refresh), and the body's DOM. A control
page served as written (not built) proves that the same cases are caught when they do run.
"""
import subprocess
import tempfile
import time
from pathlib import Path

import pytest
from selenium.webdriver.common.action_chains import ActionChains
from selenium.webdriver.common.by import By

from conftest import REPO, Server, accept_alert, probing

CASES = [
    "<script>alert(1)</script>",
    "<SCRIPT SRC=//xss.invalid/xss.js></SCRIPT>",
    "<IMG SRC=\"javascript:alert('XSS');\">",
    "<IMG SRC=JaVaScRiPt:alert('XSS')>",
    "<IMG SRC=`javascript:alert(\"RSnake says, 'XSS'\")`>",
    "<a onmouseover=\"alert(document.cookie)\">xxs link</a>",
    "<IMG \"\"\"><SCRIPT>alert(\"XSS\")</SCRIPT>\"\\>",
    "<IMG SRC=# onmouseover=\"alert('xxs')\">",
    "<IMG SRC=/ onerror=\"alert(String.fromCharCode(88,83,83))\"></img>",
    "<img src=x onerror=\"&#0000106&#0000097&#0000118&#0000097&#0000115&#0000099&#0000114&#0000105&#0000112&#0000116"
    "&#0000058&#0000097&#0000108&#0000101&#0000114&#0000116&#0000040&#0000039&#0000088&#0000083&#0000083&#0000039&#0000041\">",
    "<a href=\"&#106;&#97;&#118;&#97;&#115;&#99;&#114;&#105;&#112;&#116;&#58;&#97;&#108;&#101;&#114;&#116;&#40;&#49;&#41;\">dec</a>",
    "<a href=\"&#0000106&#0000097&#0000118&#0000097&#0000115&#0000099&#0000114&#0000105&#0000112&#0000116&#0000058alert(1)\">pad</a>",
    "<a href=\"&#x6A&#x61&#x76&#x61&#x73&#x63&#x72&#x69&#x70&#x74&#x3A&#x61&#x6C&#x65&#x72&#x74&#x28&#x31&#x29\">hex</a>",
    "<a href=\"jav\tascript:alert(1)\">tab</a>",
    "<a href=\"jav&#x09;ascript:alert(1)\">tab entity</a>",
    "<a href=\"jav&#x0A;ascript:alert(1)\">newline entity</a>",
    "<a href=\"jav&#x0D;ascript:alert(1)\">return entity</a>",
    "<a href=\" &#14;  javascript:alert(1)\">control</a>",
    "<a href=\"javascript&colon;alert(1)\">colon</a>",
    "<a href=\"JAVASCRIPT:alert(1)\">upper</a>",
    "<a href=\"vbscript:msgbox(1)\">vb</a>",
    "<a href=\"data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==\">data</a>",
    "<SCRIPT/XSS SRC=\"http://xss.invalid/xss.js\"></SCRIPT>",
    "<BODY onload!#$%&()*~+-_.,:;?@[/|\\]^`=alert(\"XSS\")>",
    "<<SCRIPT>alert(\"XSS\");//\\<</SCRIPT>",
    "<SCRIPT SRC=http://xss.invalid/xss.js?< B >",
    "<iframe src=http://xss.invalid/scriptlet.html <",
    "</TITLE><SCRIPT>alert(\"XSS\");</SCRIPT>",
    "<INPUT TYPE=\"IMAGE\" SRC=\"javascript:alert('XSS');\">",
    "<BODY BACKGROUND=\"javascript:alert('XSS')\">",
    "<STYLE>li {list-style-image: url(\"javascript:alert('XSS')\");}</STYLE><UL><LI>XSS</br>",
    "<svg/onload=alert('XSS')>",
    "<svg><script>alert(1)</script></svg>",
    "<svg><a xlink:href=\"javascript:alert(1)\"><text x=\"20\" y=\"20\">XSS</text></a></svg>",
    "<math><mtext><table><mglyph><style><img src=x onerror=alert(1)></style></mglyph></table></mtext></math>",
    "<math href=\"javascript:alert(1)\">CLICKME</math>",
    "<iframe srcdoc=\"<script>alert(1)</script>\"></iframe>",
    "<iframe src=\"data:text/html,<script>alert(1)</script>\"></iframe>",
    "<object data=\"data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==\"></object>",
    "<embed src=\"data:image/svg+xml;base64,PHN2ZyBvbmxvYWQ9YWxlcnQoMSk+\">",
    "<base href=\"javascript:alert(1)//\"><a href=\"x\">relative</a>",
    "<meta http-equiv=\"refresh\" content=\"0;url=javascript:alert(1)\">",
    "<META HTTP-EQUIV=\"refresh\" CONTENT=\"0; URL=data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pgo=\">",
    "<details open ontoggle=alert(1)>open</details>",
    "<div style=\"background-image: url(javascript:alert('XSS'))\">styled</div>",
    "<TABLE BACKGROUND=\"javascript:alert('XSS')\"><TR><TD BACKGROUND=\"javascript:alert('XSS')\">x</TD></TR></TABLE>",
    "<form><button formaction=javascript:alert(1)>X</button></form>",
    "<input autofocus onfocus=alert(1)>",
    "<video><source onerror=\"alert(1)\"></video>",
    "<audio src=x onerror=alert(1)>",
    "<noscript><p title=\"</noscript><img src=x onerror=alert(1)>\">",
    "<xmp><img src=x onerror=alert(1)></xmp>",
    "<a href=\"x\" onclick=\"alert(1)\">click</a>",
    "<LINK REL=\"stylesheet\" HREF=\"javascript:alert('XSS');\">",
    "<img src=x:alert(alt) onerror=eval(src) alt=0>",
    "<keygen autofocus onfocus=alert(1)>",
    "<marquee onstart=alert(1)>m</marquee>",
    "<template><script>alert(1)</script></template><img src=x onerror=alert(1)>",
    "<select autofocus onfocus=alert(1)><option>o</option></select>",
    "<div title=\"\n\n[x](<http://a onclick=alert(1)//>)",
    "<img alt=\n\n![a onerror=alert(1)//](x.png)",
    "[md link](javascript:alert(1)) ![md image](javascript:alert(1)) <javascript:alert(1)>",
]

# Runs before any script of every page and frame: a call records a hit.
PROBE = """
for (const name of ['alert', 'confirm', 'prompt', 'print']) {
  window[name] = function () { (window.__xssHits = window.__xssHits || []).push(name); };
}
"""

# What must not be in a body: script, other documents, forms, foreign content, handlers.
BODY_CHECK = """
const body = document.querySelector('.body');
if (!body) return ['no body'];
const found = [];
for (const el of body.querySelectorAll('*')) {
  const tag = el.tagName.toLowerCase();
  if (['script', 'style', 'iframe', 'object', 'embed', 'base', 'meta', 'link', 'form', 'input', 'button',
       'select', 'textarea', 'svg', 'math', 'template', 'frame', 'frameset'].includes(tag)) found.push('<' + tag + '>');
  for (const attr of el.attributes) {
    if (attr.name.startsWith('on') || attr.name === 'style' || attr.name === 'srcdoc' || attr.name === 'formaction')
      found.push(tag + ' ' + attr.name);
  }
  for (const name of ['href', 'src']) {
    if (!el.hasAttribute(name)) continue;
    const protocol = new URL(el.getAttribute(name), location.href).protocol;
    if (!['http:', 'https:', 'mailto:', 'file:'].includes(protocol)) found.push(tag + ' ' + name + ' ' + protocol);
  }
}
if (document.querySelector('base, meta[http-equiv]')) found.push('base or meta refresh in the document');
return found;
"""


def page(number, case):
    return (f"---\ntitle: Case {number}\n---\n\nBefore the case, inline: {case} and after it.\n\n"
            f"{case}\n\nAfter the case.\n")


@pytest.fixture(scope="module")
def hostile_site():
    binary = REPO / ".build" / "debug" / "catalog-build"
    with tempfile.TemporaryDirectory(prefix="catalog-hostile-") as tmp:
        content = Path(tmp) / "content"
        (content / "cases").mkdir(parents=True)
        (content / "catalog.yml").write_text(
            "bundleIdentifier: com.example.hostile\ntitle: Hostile\ndefaultLocale: en-us\nlocales: [en-us]\n")
        (content / "cases" / "index.md").write_text("---\ntitle: Cases\n---\n")
        for name in ["x", "x.png"]:  # what the cases' relative URLs name, so that they are no broken links
            (content / "cases" / name).write_bytes(b"\x89PNG\r\n\x1a\n")
        for number, case in enumerate(CASES, 1):
            (content / "cases" / f"case-{number:03}.md").write_text(page(number, case))
        run = subprocess.run([str(binary), "build", "--content", str(content), "--output", str(Path(tmp) / "site"),
                              "--cache", str(Path(tmp) / "cache")], capture_output=True, text=True)
        assert run.returncode == 0, run.stderr
        site = Path(tmp) / "site"
        assert (site / "en-us" / "cases" / "case-001" / "index.html").exists(), run.stderr
        # The control: the same cases written into a page as they are, never sanitized.
        (site / "control.html").write_text("<!doctype html><title>control</title><div class=body>"
                                           + "\n".join(CASES) + "</div>")
        server = Server(site)
        yield server
        server.close()


@pytest.fixture(scope="module")
def probed(browser):
    """The shared browser with the probe installed for this module's pages only."""
    with probing(browser, PROBE) as probed:
        yield probed


def visit(browser, url):
    """Opens `url` (the probe installed); returns what ran and what the page holds."""
    browser.get(url)
    for element in browser.find_elements(By.CSS_SELECTOR, ".body *")[:400]:
        try:
            ActionChains(browser).move_to_element(element).perform()
        except Exception:
            pass  # not displayed: nothing to hover
    time.sleep(0.3)
    alerted = accept_alert(browser)
    hits = browser.execute_script("return window.__xssHits || []")
    return alerted, hits, browser.current_url, browser.execute_script(BODY_CHECK)


def test_the_control_page_catches_the_cases(probed, hostile_site):
    alerted, hits, _, found = visit(probed, hostile_site.base + "control.html")
    assert alerted or hits, "the probe saw no script run on the unsanitized control page"
    assert len(found) > 20


@pytest.mark.parametrize("number", range(1, len(CASES) + 1))
def test_no_script_runs_on_a_hostile_page(probed, hostile_site, number):
    url = hostile_site.base + f"en-us/cases/case-{number:03}/index.html"
    alerted, hits, current, found = visit(probed, url)
    assert not alerted and hits == [], f"script ran for {CASES[number - 1]!r}: {hits}"
    assert current == url, f"the page went elsewhere: {current}"
    assert found == [], f"{CASES[number - 1]!r} left {found}"
    # The page around the body keeps its structure: the body ends inside main, the footer follows.
    assert probed.execute_script(
        "const body = document.querySelector('main .body');"
        "return body !== null && document.querySelector('footer') !== null && !body.contains(document.querySelector('footer'))"
        " && document.querySelectorAll('h1').length === 1")
