#!/usr/bin/python3
"""`scenec preview scenes/`: the scene browser, the live page per scene and the styles panel
(issue 28, acceptance 2).

Usage: preview_folder_test.py SCENEC_BINARY REPOSITORY_ROOT

A project of its own in a temporary folder (its root, so writes stay inside it) holds four scenes
under scenes/: two import theme.yaml, whose style `brand` two views of a.scene.yaml use; one
has an error; one sits in a subfolder with a style of its own; one has a name like markup. In Debian's headless Chromium:
the browser lists every scene with its picture, the broken one marked with its first error; a
card opens the live page (`?scene=`), which has a menu of the scenes and a way back; the styles
panel lists `brand` as defined in scenes/theme.yaml; changing its colour there redraws both views
(pixel probes); its Write writes theme.yaml, not the scene, every other byte unchanged; after an
outside change to theme.yaml the next Write is refused (409) and the file keeps the outside
change. The panel shows what the file says (a number, a system colour by name, a {light, dark}
pair), and editing one side of the pair keeps the other; its Write shows the diff as the toolbar's
does; Undo after writing the scene's own style puts the file back, and after writing an imported
file says it cannot (nothing changes). Prints one line per check; exits 1 at the first failure.
"""
import os
import sys
import tempfile

from browser import fail, ok, start_browser, wait_until
from preview_test import Page, Preview, expect_color
from selenium.webdriver.common.by import By

THEME = """# The brand every scene here uses.
styles:
  brand: {fillColor: "#1e88e5", borderColor: "#1e88e5"}   # blue
  accent: {opacity: 0.5, borderWidth: 3, fillColor: systemBlue, borderColor: {light: "#e5e5ea", dark: "#3a3a3c"}}
"""
A = """imports: [theme.yaml]
canvas: {width: 100, height: 50, background: white}
views:
  - {type: pie, id: left, style: brand, frame: {x: 0, y: 0, width: 50, height: 50}, progress: 1}
  - {type: pie, id: right, style: brand, frame: {x: 50, y: 0, width: 50, height: 50}, progress: 1}
"""
C = """imports: [theme.yaml]
canvas: {width: 40, height: 40, background: white}
views:
  - {type: pie, style: brand, frame: {x: 0, y: 0, width: 40, height: 40}, progress: 0.5}
"""
B = """canvas: {width: 40, height: 40, background: white}
styles:
  own: {fillColor: "#43a047"}
views:
  - {type: pie, style: own, frame: {x: 0, y: 0, width: 40, height: 40}, progress: 1}
"""
BROKEN = """canvas: {width: 40, height: 40}
views:
  - {type: pie, frame: {x: 0, y: 0, width: 40, height: 40}, progress: 7}
"""
BLUE, RED, GREEN = (30, 136, 229), (229, 57, 53), (67, 160, 71)
# A name that would be markup if the page ever wrote it as HTML.
HOSTILE = 'x"<b id=injected>bold</b>&amp;.scene.yaml'
LONG = "sub/ring-01-with-a-rather-long-descriptive-name-that-goes-on.scene.yaml"
NAMES = sorted(["a.scene.yaml", "broken.scene.yaml", "c.scene.yaml", "sub/b.scene.yaml", HOSTILE, LONG])


def write(path, text):
    os.makedirs(os.path.dirname(path), exist_ok=True)
    with open(path, "w") as f:
        f.write(text)


def read(path):
    with open(path) as f:
        return f.read()


class FolderPreview(Preview):
    """`scenec preview scenes --root WORK`, run in WORK: the project is the temporary folder."""

    def __init__(self, binary, work):
        self.start([binary, "preview", "scenes", "--root", work], os.path.join(work, "preview.log"), cwd=work)


def set_brand_color(page, hex_color):
    page.js("""const input = document.querySelector('#styles-panel [data-style="brand"] [data-name="fillColor"] input[type="color"]');
               input.value = arguments[0]; input.dispatchEvent(new Event('input', {bubbles: true}));""", hex_color)
    wait_until(lambda: page.js("return window.scenecPreview.state.overrides.get('styles.brand.fillColor')") == hex_color,
               f"the override styles.brand.fillColor={hex_color}")
    page.settle(f"brand's colour {hex_color}")


def press_style_write(driver, page, style, file=None):
    """The style's Write: the diff dialog (naming `file` when given) confirmed, or a refusal."""
    count = len(page.js("return window.scenecPreview.stats.writes"))
    driver.find_element(By.CSS_SELECTOR, f'#styles-panel [data-style="{style}"] .style-write').click()
    wait_until(lambda: page.js("return document.getElementById('write-dialog').open")
               or len(page.js("return window.scenecPreview.stats.writes")) > count, "the write's diff or answer")
    if page.js("return document.getElementById('write-dialog').open"):
        named = page.js("return document.getElementById('write-file').textContent")
        if file is not None and named != file:
            fail(f"the style's write diff should name {file}, not {named!r}")
        diff = page.js("return document.getElementById('write-diff').textContent")
        if "+++ b/" not in diff:
            fail(f"the style's Write should show the diff first: {diff!r}")
        driver.find_element(By.ID, "write-confirm").click()
    wait_until(lambda: len(page.js("return window.scenecPreview.stats.writes")) > count, "the write's answer")
    wait_until(lambda: not page.js("return window.scenecPreview.styles.busy"), "the write's end")
    page.settle("the page after the write")
    return page.js("return window.scenecPreview.stats.writes")[-1]


def browser_checks(driver, page, preview, work):
    driver.get(preview.url)
    wait_until(lambda: page.js("return window.scenecScenes?.ready === true"), "the scene browser")
    cards = page.js("""return [...document.querySelectorAll('.scene-card')].map((c) => ({
        name: c.dataset.scene, errors: c.classList.contains('has-errors'),
        first: c.querySelector('.scene-first-error')?.textContent ?? '', href: c.getAttribute('href')}));""")
    if sorted(c["name"] for c in cards) != NAMES:
        fail(f"the browser should list every scene: {cards}")
    marked = [c for c in cards if c["errors"]]
    # Named as the command line prints it: the path from where scenec runs.
    if [c["name"] for c in marked] != ["broken.scene.yaml"] or not marked[0]["first"].startswith("scenes/broken.scene.yaml:3:") \
            or "progress" not in marked[0]["first"]:
        fail(f"only broken.scene.yaml should be marked, with its first error: {marked}")
    ok(f"the browser lists {len(cards)} scenes; broken.scene.yaml marked: {marked[0]['first']}")
    wait_until(lambda: page.js("return [...document.querySelectorAll('.scene-card:not(.has-errors)')]"
                               ".every((c) => c.dataset.loaded === 'true' && c.querySelector('img').naturalWidth > 0)"),
               "every good scene's picture")
    if page.js("return getComputedStyle(document.querySelector('main')).display") != "none":
        fail("the live page's parts should be hidden under the browser")
    ok("every good scene has its picture; the live page is hidden")
    if page.js("return document.getElementById('injected') !== null"):
        fail("a scene's name became markup")
    hostile = page.js("return [...document.querySelectorAll('.scene-name')].map((n) => n.textContent)"
                      ".filter((t) => t.startsWith('x'))")
    if hostile != [HOSTILE]:
        fail(f"the hostile name should be shown as text: {hostile}")
    ok(f"a name like markup is shown as text: {hostile[0]}")

    # Fixed on disk while the browser shows: its card follows (the browser's event stream).
    broken_path = os.path.join(work, "scenes", "broken.scene.yaml")
    write(broken_path, BROKEN.replace("progress: 7", "progress: 0.5"))
    wait_until(lambda: page.js("""const c = document.querySelector('.scene-card[data-scene="broken.scene.yaml"]');
        return !c.classList.contains('has-errors') && c.dataset.loaded === 'true';"""), "the fixed scene's card")
    ok("broken.scene.yaml fixed on disk: its card shows its picture, unmarked")
    write(broken_path, BROKEN)
    wait_until(lambda: page.js("""return document.querySelector('.scene-card[data-scene="broken.scene.yaml"]')
        .classList.contains('has-errors')"""), "the broken scene's card marked again")

    driver.find_element(By.CSS_SELECTOR, '.scene-card[data-scene="a.scene.yaml"]').click()
    page.settle("a.scene.yaml's live page")
    if not driver.current_url.endswith("/?scene=a.scene.yaml"):
        fail(f"the card should open ?scene=a.scene.yaml: {driver.current_url}")
    menu = page.js("""const m = document.getElementById('scene-menu');
        return {shown: !document.getElementById('scene-nav').hidden, value: m.value, options: [...m.options].map((o) => o.value)};""")
    if not menu["shown"] or menu["value"] != "a.scene.yaml" or sorted(menu["options"]) != NAMES:
        fail(f"the live page should have the scene menu on a.scene.yaml: {menu}")
    ok(f"the card opened {driver.current_url.split('/', 3)[3]}, with the scene menu")

    wait_until(lambda: page.js("return !!document.querySelector('#styles-panel [data-style=\"brand\"]')"), "the styles panel")
    brand = page.js("""const s = document.querySelector('#styles-panel [data-style="brand"]');
        return {file: s.querySelector('.style-file').textContent, uses: s.querySelector('.style-uses').textContent,
                rows: [...s.querySelectorAll('.style-row')].map((r) => r.dataset.name)};""")
    if brand["file"] != "scenes/theme.yaml" or brand["uses"] != "2 views" or brand["rows"] != ["fillColor", "borderColor"]:
        fail(f"brand should be listed as scenes/theme.yaml's, used by 2 views: {brand}")
    labels = page.js("""return [...document.querySelectorAll('#styles-panel [data-style="brand"] input[type="color"]')]
        .map((i) => i.getAttribute('aria-label'));""")
    if labels != ["brand fillColor", "brand borderColor"]:
        fail(f"each colour control should be named by its style and attribute: {labels}")
    ok(f"the styles panel: brand from {brand['file']}, {brand['uses']}, {brand['rows']}, controls named {labels}")

    # The file's values, as the file says them: a number, a system colour by name, a pair.
    accent = page.js("""const s = document.querySelector('#styles-panel [data-style="accent"]');
        const row = (n) => s.querySelector(`[data-name="${n}"]`);
        return {width: row('borderWidth').querySelector('input[type="number"]').value,
                opacity: row('opacity').querySelector('input[type="number"]').value,
                fill: row('fillColor').querySelector('select.color-name').value,
                pair: row('borderColor').querySelector('input.color-pair').checked,
                pairText: row('borderColor').querySelector('.value').textContent};""")
    if accent["width"] != "3" or accent["opacity"] != "0.5" or accent["fill"] != "systemBlue" or not accent["pair"] \
            or "#3a3a3c" not in accent["pairText"]:
        fail(f"accent's controls should show the file's values (3, 0.5, systemBlue, the light/dark pair): {accent}")
    # One side of the pair edited: the other stays (the light page edits the light side).
    page.js("""const input = document.querySelector('#styles-panel [data-style="accent"] [data-name="borderColor"] input[type="color"]');
               input.value = '#ff0000'; input.dispatchEvent(new Event('input', {bubbles: true}));""")
    pair = page.js("return window.scenecPreview.state.overrides.get('styles.accent.borderColor')")
    if not pair or "#ff0000" not in pair or "#3a3a3c" not in pair or "dark" not in pair:
        fail(f"editing the light side of accent's pair should keep its dark side: {pair!r}")
    page.js("window.scenecPreview.state.overrides.delete('styles.accent.borderColor')")
    page.settle("accent's pair override dropped")
    ok(f"the panel shows the file's values {accent}; one side of a pair edited keeps the other ({pair})")

    expect_color(page.probe(25, 25), BLUE, "the left view, brand blue")
    expect_color(page.probe(75, 25), BLUE, "the right view, brand blue")
    set_brand_color(page, "#e53935")
    expect_color(page.probe(25, 25), RED, "the left view follows brand's new colour")
    expect_color(page.probe(75, 25), RED, "the right view follows brand's new colour")

    theme_path, scene_path = os.path.join(work, "scenes", "theme.yaml"), os.path.join(work, "scenes", "a.scene.yaml")
    status = press_style_write(driver, page, "brand", file="scenes/theme.yaml")
    if status != 200:
        said = page.js("return document.getElementById('status').textContent")
        fail(f"writing brand should answer 200, not {status}: {said}")
    want = THEME.replace('fillColor: "#1e88e5"', 'fillColor: "#e53935"')
    if read(theme_path) != want:
        fail(f"theme.yaml should have the new colour and every other byte as it was:\n{read(theme_path)}")
    if read(scene_path) != A:
        fail("a.scene.yaml should be unchanged: the style is defined in theme.yaml")
    if page.js("return window.scenecPreview.state.overrides.size") != 0:
        fail("the written override should be used up")
    expect_color(page.probe(25, 25), RED, "after the write the file's own colour")
    ok("Write wrote brand's colour into scenes/theme.yaml only, every other byte unchanged")

    # Undo cannot put back an imported file: it says so, and nothing changes.
    driver.find_element(By.ID, "undo").click()
    wait_until(lambda: "cannot undo" in page.js("return document.getElementById('status').textContent"),
               "Undo saying it cannot put back theme.yaml")
    page.settle("the page after the refused undo")
    if read(theme_path) != want or page.js("return window.scenecPreview.state.overrides.size") != 0:
        fail("Undo after writing an imported file should change nothing")
    expect_color(page.probe(25, 25), RED, "after the refused undo, still the written colour")
    said = page.js("return document.getElementById('status').textContent")
    ok(f"Undo after an imported write: {said!r}")

    # A page that missed an outside change (its event stream closed) writes over a stale hash: 409.
    page.js("window.scenecPreview.events.close()")
    set_brand_color(page, "#43a047")
    outside = read(theme_path).replace("# The brand", "# Changed outside: the brand")
    write(theme_path, outside)
    status = press_style_write(driver, page, "brand")
    if status != 409:
        fail(f"a write after an outside change should be refused with 409, not {status}")
    if read(theme_path) != outside:
        fail("the refused write should leave theme.yaml with the outside change")
    status_text = page.js("return document.getElementById('status').textContent")
    if "changed on disk" not in status_text:
        fail(f"the status should say the file changed: {status_text!r}")
    ok(f"after an outside change: 409, theme.yaml keeps it ({status_text!r})")

    # The toolbar's "Write to file" sends the kept value to the same file, and its diff names it.
    count = len(page.js("return window.scenecPreview.stats.writes"))
    driver.find_element(By.ID, "write").click()
    wait_until(lambda: page.js("return document.getElementById('write-dialog').open"), "the write's diff")
    named = page.js("return document.getElementById('write-file').textContent")
    if named != "scenes/theme.yaml":
        fail(f"the diff should name the file written, scenes/theme.yaml, not {named!r}")
    driver.find_element(By.ID, "write-confirm").click()
    wait_until(lambda: len(page.js("return window.scenecPreview.stats.writes")) > count, "the write's answer")
    page.settle("the page after Write to file")
    if page.js("return window.scenecPreview.stats.writes")[-1] != 200 \
            or read(theme_path) != outside.replace('fillColor: "#e53935"', 'fillColor: "#43a047"'):
        fail(f"Write to file should write the green into theme.yaml:\n{read(theme_path)}")
    expect_color(page.probe(75, 25), GREEN, "the right view in the written green")
    ok("Write to file: the diff names scenes/theme.yaml, which gets the green, the outside change kept")

    # The menu opens another scene, whose own style says it is the scene's.
    page.js("const m = document.getElementById('scene-menu'); m.value = 'sub/b.scene.yaml';"
            "m.dispatchEvent(new Event('change'));")
    wait_until(lambda: driver.current_url.endswith("/?scene=sub%2Fb.scene.yaml"), "the menu's scene")
    page.settle("sub/b.scene.yaml's live page")
    wait_until(lambda: page.js("return !!document.querySelector('#styles-panel [data-style=\"own\"]')"), "b's styles")
    own = page.js("return document.querySelector('#styles-panel [data-style=\"own\"] .style-file').textContent")
    if own != "b.scene.yaml (this scene)":
        fail(f"b's own style should name the scene: {own!r}")
    expect_color(page.probe(20, 20), GREEN, "sub/b.scene.yaml drawn")
    ok(f"the scene menu opened sub/b.scene.yaml; its style: {own}")

    # The scene's own style written from the panel, then undone: the file is back as it was.
    b_path = os.path.join(work, "scenes", "sub", "b.scene.yaml")
    page.js("""const input = document.querySelector('#styles-panel [data-style="own"] [data-name="fillColor"] input[type="color"]');
               input.value = '#e53935'; input.dispatchEvent(new Event('input', {bubbles: true}));""")
    page.settle("own's new colour")
    title = page.js("return document.getElementById('undo').title")
    if "own fillColor" not in title:
        fail(f"the undo step should name the style and attribute: {title!r}")
    if press_style_write(driver, page, "own", file="b.scene.yaml") != 200 or '"#e53935"' not in read(b_path):
        fail(f"writing own should write b.scene.yaml:\n{read(b_path)}")
    expect_color(page.probe(20, 20), RED, "sub/b.scene.yaml written red")
    driver.find_element(By.ID, "undo").click()
    wait_until(lambda: read(b_path) == B, "Undo putting b.scene.yaml back")
    page.settle("the page after undoing the write")
    if page.js("return window.scenecPreview.state.overrides.get('styles.own.fillColor')") != "#e53935":
        fail("undoing the write should bring its override back")
    ok(f"own written into b.scene.yaml and undone: the file back as it was ({title!r})")

    # The undo brought the override back: leaving asks first (folder_navigation_checks tests
    # the question itself); this leaves.
    driver.find_element(By.ID, "all-scenes").click()
    wait_until(lambda: "unwritten change" in driver.switch_to.alert.text, "the question about the unwritten change")
    driver.switch_to.alert.accept()
    wait_until(lambda: page.js("return window.scenecScenes?.ready === true"), "the browser again")
    ok("All scenes goes back to the browser")


def folder_navigation_checks(driver, page, preview, work):
    """Designer findings D4 and D7: the toolbar at 1400x900 with a long scene name, the cards'
    canvas edges, an unknown ?scene=, and leaving a scene with unwritten overrides."""
    driver.set_window_size(1400, 900)
    driver.get(f"{preview.base}/")
    wait_until(lambda: page.js("return window.scenecScenes?.ready === true"), "the scene browser")
    wait_until(lambda: page.js("return document.querySelector('.scene-card[data-scene=\"a.scene.yaml\"]').dataset.loaded === 'true'"),
               "a's picture")
    # a.scene.yaml is 100x50: its picture has that shape and an outline (its canvas's edge),
    # on the checkerboard, not letterboxed on a white box.
    thumb = page.js("""const i = document.querySelector('.scene-card[data-scene="a.scene.yaml"] img');
        const r = i.getBoundingClientRect(), s = getComputedStyle(i);
        return {w: r.width, h: r.height, outline: s.outlineStyle, image: s.backgroundImage};""")
    if abs(thumb["w"] / thumb["h"] - 2) > 0.05 or thumb["outline"] != "solid" or "conic-gradient" not in thumb["image"]:
        fail(f"a's card picture should be 2:1 like its canvas, outlined, on the checkerboard: {thumb}")
    note = page.js("return document.querySelector('.scene-note')?.textContent ?? ''")
    if "starts again" not in note:
        fail(f"the browser should say when added or removed scenes are seen: {note!r}")
    ok(f"a card's picture has its canvas's shape ({thumb['w']:.0f}x{thumb['h']:.0f}), outlined; the browser says {note!r}")

    # A scene file removed while the browser shows: its card says it cannot be read; back, its picture.
    c_path = os.path.join(work, "scenes", "c.scene.yaml")
    c_text = read(c_path)
    os.remove(c_path)
    wait_until(lambda: page.js("""const c = document.querySelector('.scene-card[data-scene="c.scene.yaml"]');
        return c.classList.contains('has-errors') && c.textContent.includes('cannot be read');"""), "the removed scene's card marked")
    gone = page.js("return document.querySelector('.scene-card[data-scene=\"c.scene.yaml\"] .scene-first-error').textContent")
    write(c_path, c_text)
    wait_until(lambda: page.js("""const c = document.querySelector('.scene-card[data-scene="c.scene.yaml"]');
        return !c.classList.contains('has-errors') && c.dataset.loaded === 'true';"""), "the scene back")
    ok(f"c.scene.yaml removed: its card says so ({gone!r}); put back, its picture again")

    driver.get(f"{preview.base}/?scene=" + LONG.replace("/", "%2F"))
    page.settle("the long-named scene")
    bar = page.js("""const inside = [...document.querySelectorAll('#toolbar > *')].filter((e) => e.offsetParent !== null)
            .every((e) => e.getBoundingClientRect().right <= innerWidth + 0.5);
        const s = document.getElementById('status').getBoundingClientRect();
        return {inside, scroll: document.documentElement.scrollWidth, width: innerWidth, status: s.width,
                nameShown: document.getElementById('file-name').offsetParent !== null};""")
    if not bar["inside"] or bar["scroll"] > bar["width"] or bar["status"] < 250 or bar["nameShown"]:
        fail(f"at 1400x900 the toolbar should fit, the status be readable and the name shown once (the menu): {bar}")
    # Its height is the same with no status and with a long one: the picture never moves for it.
    heights = page.js("""const t = document.getElementById('toolbar'), s = document.getElementById('status'), was = s.textContent;
        s.textContent = ''; const empty = t.offsetHeight;
        s.textContent = 'not written: ' + 'scenes/theme.yaml changed on disk '.repeat(8); const long = t.offsetHeight;
        s.textContent = was; return [empty, long];""")
    if heights[0] != heights[1]:
        fail(f"the toolbar's height should not depend on the status: {heights}")
    ok(f"1400x900, a long name: the toolbar fits ({bar['scroll']} <= {bar['width']}), status {bar['status']:.0f}px, name once")

    driver.get(f"{preview.base}/?scene=nope.scene.yaml")
    wait_until(lambda: page.js("return window.scenecScenes?.unknown === 'nope.scene.yaml'"), "the unknown scene's page")
    said = page.js("""return {text: document.getElementById('scene-browser').textContent,
        back: document.getElementById('back-to-scenes')?.getAttribute('href'), status: document.getElementById('status').textContent};""")
    if "nope.scene.yaml" not in said["text"] or "{" in said["text"] + said["status"] or said["back"] != "/":
        fail(f"an unknown ?scene= should say so, with a link back, no raw JSON: {said}")
    ok(f"?scene=nope.scene.yaml: {said['text']!r}, a link back")

    # Unwritten overrides: leaving asks; Cancel stays with them, OK leaves.
    driver.get(f"{preview.base}/?scene=c.scene.yaml")
    page.settle("c.scene.yaml's live page")
    wait_until(lambda: page.js("return !!document.querySelector('#styles-panel [data-style=\"brand\"]')"), "the styles panel")
    set_brand_color(page, "#e53935")
    page.js("const m = document.getElementById('scene-menu'); m.value = 'a.scene.yaml'; m.dispatchEvent(new Event('change'));")
    alert = driver.switch_to.alert
    if "1 unwritten change" not in alert.text:
        fail(f"the question should count the unwritten changes: {alert.text!r}")
    asked = alert.text
    alert.dismiss()
    kept = page.js("return {url: location.search, menu: document.getElementById('scene-menu').value,"
                   " n: window.scenecPreview.state.overrides.size}")
    if kept != {"url": "?scene=c.scene.yaml", "menu": "c.scene.yaml", "n": 1}:
        fail(f"Cancel should stay on c with its override: {kept}")
    driver.find_element(By.ID, "all-scenes").click()
    driver.switch_to.alert.accept()
    wait_until(lambda: page.js("return window.scenecScenes?.ready === true && !!window.scenecScenes.list"), "the browser after OK")
    ok(f"leaving with an unwritten change asks ({asked!r}); Cancel keeps it, OK leaves")


def main():
    binary, root = sys.argv[1], sys.argv[2]
    sys.path.insert(0, os.path.join(root, "Tests", "Browser"))
    with tempfile.TemporaryDirectory() as work:
        work = os.path.realpath(work)
        write(os.path.join(work, "scenes", "theme.yaml"), THEME)
        write(os.path.join(work, "scenes", "a.scene.yaml"), A)
        write(os.path.join(work, "scenes", "c.scene.yaml"), C)
        write(os.path.join(work, "scenes", "sub", "b.scene.yaml"), B)
        write(os.path.join(work, "scenes", "broken.scene.yaml"), BROKEN)
        write(os.path.join(work, "scenes", HOSTILE), B)
        write(os.path.join(work, "scenes", LONG), B)
        preview = FolderPreview(binary, work)
        driver = start_browser()
        try:
            browser_checks(driver, Page(driver), preview, work)
            folder_navigation_checks(driver, Page(driver), preview, work)
        finally:
            driver.quit()
            preview.stop()
    print("all folder checks passed")


if __name__ == "__main__":
    main()
