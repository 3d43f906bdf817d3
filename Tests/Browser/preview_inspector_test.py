#!/usr/bin/python3
"""Issue 27, part 4 and acceptance 4: the inspector's order, names, steps, ranges, derived
defaults and font menu, the error box beside the picture, and a file changed on disk while
overrides are pending (both shown).

Usage: preview_inspector_test.py SCENEC_BINARY REPOSITORY_ROOT

Starts `scenec preview` on a scene written here (a ring with a percent label and a label in a
font of the scene's own `fonts:`, a DejaVu Serif renamed "Scenec Probe" the way
Tests/Support/FontFixtures.swift does). Accessible names are read from Chromium's own
accessibility tree through the DevTools protocol, not from attributes; steps and ranges are
checked by real key presses. Prints one line per check; exits 1 at the first failure.
"""
import os
import struct
import sys
import tempfile

from browser import fail, ok, start_browser, wait_until
from preview_test import Page, Preview
from selenium.webdriver.common.by import By
from selenium.webdriver.common.keys import Keys

SCENE = """canvas: {width: 400, height: 240, background: white}
fonts: [fonts/Probe.ttf]
views:
  # the ring the inspector is tried on
  - id: download
    type: ring
    frame: {x: 20, y: 20, width: 160, height: 160}
    progress: 0.725
    label: percent
  - id: caption
    type: label
    frame: {x: 200, y: 20, width: 180, height: 40}
    text: Downloading
    font: Scenec Probe
  # stacks whose alignment words depend on their axis
  - id: overlay
    type: stack
    axis: z
    alignment: topLeading
    frame: {x: 200, y: 70, width: 180, height: 100}
    children:
      - {type: ring, size: 40}
  - id: row
    type: stack
    axis: horizontal
    alignment: top
    frame: {x: 200, y: 180, width: 180, height: 50}
    children:
      - {type: ring, size: 20}
"""


def renamed_font(source, family, destination):
    """`source` (a fonts-dejavu-core file) with its 'name' table rebuilt for `family` and
    appended; the table directory points at it (FreeType does not check checksums)."""
    with open(source, "rb") as f:
        font = bytearray(f.read())
    u16 = lambda at: struct.unpack_from(">H", font, at)[0]
    u32 = lambda at: struct.unpack_from(">I", font, at)[0]
    record = next(12 + 16 * i for i in range(u16(4)) if font[12 + 16 * i:16 + 16 * i] == b"name")
    name = u32(record + 8)
    count, strings = u16(name + 2), name + u16(name + 4)
    header = struct.pack(">HHH", 0, count, 6 + 12 * count)
    storage = b""
    for i in range(count):
        r = name + 6 + 12 * i
        platform, name_id = u16(r), u16(r + 6)
        data = bytes(font[strings + u16(r + 10):strings + u16(r + 10) + u16(r + 8)])
        if name_id in (1, 4, 6, 16):
            text = family.replace(" ", "") if name_id == 6 else family
            data = text.encode("ascii") if platform == 1 else text.encode("utf-16-be")
        header += bytes(font[r:r + 8]) + struct.pack(">HH", len(data), len(storage))
        storage += data
    while len(font) % 4:
        font.append(0)
    table = header + storage
    struct.pack_into(">II", font, record + 8, len(font), len(table))
    with open(destination, "wb") as f:
        f.write(bytes(font) + table)


def select(driver, page, view_id):
    driver.find_element(By.CSS_SELECTOR, f'#tree button[data-id="{view_id}"]').click()
    wait_until(lambda: driver.find_elements(By.CSS_SELECTOR, "#inspector .row"), f"{view_id}'s rows")


def row(driver, name):
    return driver.find_element(By.CSS_SELECTOR, f'#inspector .row[data-name="{name}"]')


def accessible_names(driver, page, within="#inspector"):
    """(element description, the name Chromium's accessibility tree gives it) for every control
    in `within` a person can reach: shown inputs, selects and buttons (a reset button is
    hidden until its row is overridden)."""
    count = page.js("""let n = 0;
        for (const e of document.querySelectorAll('[data-ax-probe]')) e.removeAttribute('data-ax-probe');
        const within = document.querySelector(arguments[0]);
        for (const e of within.querySelectorAll('input, select, button, textarea')) {
          if (e.getClientRects().length === 0 || e.disabled || getComputedStyle(e).visibility === 'hidden') continue;
          e.setAttribute('data-ax-probe', `${e.closest('.row')?.dataset.name ?? 'panel'} ${e.tagName.toLowerCase()}[${e.type}] #${n}`);
          n += 1;
        }
        return n;""", within)
    tree = driver.execute_cdp_cmd("Accessibility.getFullAXTree", {})["nodes"]
    by_backend = {n.get("backendDOMNodeId"): n for n in tree if "backendDOMNodeId" in n}
    root = driver.execute_cdp_cmd("DOM.getDocument", {"depth": 0})["root"]["nodeId"]
    ids = driver.execute_cdp_cmd("DOM.querySelectorAll", {"nodeId": root, "selector": "[data-ax-probe]"})["nodeIds"]
    if len(ids) != count:
        fail(f"DevTools found {len(ids)} probed controls, the page {count}")
    found = []
    for node_id in ids:
        described = driver.execute_cdp_cmd("DOM.describeNode", {"nodeId": node_id})["node"]
        attributes = described.get("attributes", [])
        what = attributes[attributes.index("data-ax-probe") + 1]
        ax = by_backend.get(described["backendNodeId"])
        if ax is None or ax.get("ignored"):
            fail(f"{what} is not in the accessibility tree")
        found.append((what, (ax.get("name") or {}).get("value", "").strip()))
    return found


def check_names(driver, page, view_id):
    select(driver, page, view_id)
    page.settle(f"{view_id} selected")
    names = accessible_names(driver, page)
    unnamed = [what for what, name in names if not name]
    if unnamed:
        fail(f"{view_id}: controls without an accessible name: {unnamed}")
    if len(names) < 10:
        fail(f"{view_id}: only {len(names)} controls probed: {names}")
    ok(f"{view_id}: all {len(names)} inspector controls have an accessible name (DevTools accessibility tree)")
    return dict((name, what) for what, name in names)


def main():
    binary, root = sys.argv[1], sys.argv[2]
    os.chdir(root)
    work = tempfile.mkdtemp(prefix="scenec-inspector-")
    os.makedirs(os.path.join(work, "fonts"))
    renamed_font("/usr/share/fonts/truetype/dejavu/DejaVuSerif.ttf", "Scenec Probe", os.path.join(work, "fonts", "Probe.ttf"))
    scene = os.path.join(work, "inspector.scene.yaml")
    with open(scene, "w") as f:
        f.write(SCENE)
    driver = start_browser()
    preview = Preview(binary, scene, work)
    page = Page(driver)
    try:
        driver.get(preview.url)
        page.settle("the scene to load")

        # Names, through the accessibility tree: the tree, the toolbar, then both kinds' rows.
        page_names = accessible_names(driver, page, "body")
        unnamed = [what for what, name in page_names if not name]
        if unnamed or len(page_names) < 10:
            fail(f"the page's controls without an accessible name: {unnamed} (of {len(page_names)})")
        ok(f"all {len(page_names)} controls of the tree and toolbar have an accessible name")
        # A stack's alignment menu offers its axis's words (the registry's choicesBy), not all twelve.
        menus = {}
        for view_id, axis, chosen in [("overlay", "z", "topLeading"), ("row", "horizontal", "top")]:
            select(driver, page, view_id)
            menu = row(driver, "alignment").find_element(By.CSS_SELECTOR, "select")
            offered = [o.get_attribute("value") for o in menu.find_elements(By.TAG_NAME, "option")]
            wanted = page.js(f"return window.scenecPreview.state.doc.registry.kinds.stack.attributes"
                             f".find((a) => a.name === 'alignment').choicesBy.words['{axis}']")
            if offered != wanted or menu.get_attribute("value") != chosen:
                fail(f"{view_id}'s alignment menu should offer {wanted} with {chosen} chosen: {offered}, {menu.get_attribute('value')}")
            menus[view_id] = offered
        if "topLeading" in offered or "leading" in offered or "start" in menus["overlay"]:
            fail(f"a row's alignment menu offers a z stack's or a column's word: {offered}")
        ok(f"alignment menus by axis: the z stack's {menus['overlay']}, the row's {menus['row']}")
        names = check_names(driver, page, "caption")
        font_menu = row(driver, "font").find_element(By.CSS_SELECTOR, "select")
        families = [o.text for o in font_menu.find_elements(By.TAG_NAME, "option")]
        if "DejaVu Sans" not in families or "Scenec Probe" not in families or font_menu.get_attribute("value") != "Scenec Probe":
            fail(f"the label's font should be a menu of the scene's families with Scenec Probe chosen: {families}")
        ok(f"font is a menu of the scene's font set: {families}")
        names = check_names(driver, page, "download")
        for wanted in ["progress", "progress slider", "progressColor alpha", "rotation slider", "labelFont"]:
            if wanted not in names:
                fail(f"no control is named {wanted!r}: {sorted(names)}")
        ok("named: progress, progress slider, progressColor alpha, rotation slider, labelFont")

        # Order: the kind's own rows first, then the "Layer" heading and the layer rows.
        order = page.js("""return [...document.querySelectorAll('#inspector .row, #inspector h3.group')]
                             .map((e) => e.matches('h3') ? '#' + e.textContent : e.dataset.name);""")
        registry = page.js("return window.scenecPreview.state.doc.registry.kinds.ring.attributes.map((a) => [a.name, a.group])")
        own = [n for n, g in registry if g == "own"]
        layer = [n for n, g in registry if g == "layer"]
        if order[0] != "progress" or order != own + ["#Layer"] + layer or "opacity" not in layer:
            fail(f"the ring's rows should be its own (progress first), then Layer: {order}")
        ok(f"rows: {', '.join(order[:3])} … then Layer: {', '.join(layer[:3])} …")

        # The number controls' lines (and the geometry fields) are laid out on their own, kept at
        # the height they were built with (a slider dragged lays out its line alone): the
        # inspector looks exactly as it does without that. The colour lines, wider than the
        # inspector, are not kept (what overflows a contained line cannot be scrolled to).
        kept = page.js("""const layout = () => [...document.querySelectorAll('#inspector *')].map((e) => {
                const r = e.getBoundingClientRect(); return [r.x, r.y, r.width, r.height].map(Math.round).join(','); });
            const lines = [...document.querySelectorAll('#inspector .kept')];
            const heights = lines.map((l) => l.style.height);
            const names = lines.map((l) => l.closest('.row')?.dataset.name ?? 'geometry');
            const colors = [...document.querySelectorAll('#inspector .row')].filter((r) => r.querySelector('input[type=color]'))
              .filter((r) => r.querySelector('.control.kept')).map((r) => r.dataset.name);
            const before = layout();
            for (const l of lines) { l.classList.remove('kept'); l.style.height = ''; }
            const after = layout();
            const moved = before.filter((b, i) => b !== after[i]).length;
            lines.forEach((l, i) => { l.style.height = heights[i]; l.classList.add('kept'); });
            return {names, colors, moved};""")
        if "progress" not in kept["names"] or "geometry" not in kept["names"] or kept["colors"] or kept["moved"]:
            fail(f"kept lines: {kept}")
        ok(f"{len(kept['names'])} number lines laid out on their own, the inspector unchanged by it; colour lines not kept")

        # The number field steps by 0.01 (ArrowUp on 0.725 gives 0.73, never 1).
        progress = row(driver, "progress")
        field = progress.find_element(By.CSS_SELECTOR, 'input[type="number"]')
        if field.get_attribute("value") != "0.725":
            fail(f"progress should show 0.725, not {field.get_attribute('value')}")
        field.click()
        field.send_keys(Keys.ARROW_UP)
        override = "return window.scenecPreview.state.overrides.get('download.progress')"
        wait_until(lambda: page.js(override) is not None, "the arrow key's override")
        stepped = float(page.js(override))
        if not (0.729 < stepped < 0.7351):
            fail(f"ArrowUp on 0.725 should give 0.73 or 0.735, not {stepped}")
        ok(f"progress field: ArrowUp 0.725 → {page.js(override)}")
        page.settle("the stepped progress")

        # The slider moves by 1% of the range on ArrowRight, 10% on PageUp.
        slider = progress.find_element(By.CSS_SELECTOR, 'input[type="range"]')
        slider.send_keys(Keys.ARROW_RIGHT)
        wait_until(lambda: abs(float(page.js(override)) - (stepped + 0.01)) < 1e-9, "ArrowRight on the slider")
        slider.send_keys(Keys.PAGE_UP)
        wait_until(lambda: abs(float(page.js(override)) - (stepped + 0.11)) < 1e-9, "PageUp on the slider")
        if abs(float(field.get_attribute("value")) - (stepped + 0.11)) > 1e-9:
            fail(f"the field should follow the slider: {field.get_attribute('value')}")
        ok(f"progress slider: ArrowRight +0.01, PageUp +0.1 → {page.js(override)}")
        page.settle("the slid progress")

        # The rotation slider spans −180…180.
        rotation = row(driver, "rotation").find_element(By.CSS_SELECTOR, 'input[type="range"]')
        span = (rotation.get_attribute("min"), rotation.get_attribute("max"))
        if span != ("-180", "180"):
            fail(f"the rotation slider should run −180…180, not {span}")
        ok("rotation slider: −180…180")

        # labelSize: the rule, and the measured size, never 0.
        size = row(driver, "labelSize")
        size_field = size.find_element(By.CSS_SELECTOR, 'input[type="number"]')
        shown = size.find_element(By.CSS_SELECTOR, ".derived").text
        if size_field.get_attribute("value") != "" or "largest that fits" not in size_field.get_attribute("placeholder"):
            fail(f"labelSize should be empty with the rule as placeholder: {size_field.get_attribute('value')!r}, "
                 f"{size_field.get_attribute('placeholder')!r}")
        if not shown.startswith("≈ ") or float(shown[2:].split()[0]) <= 0 or "largest that fits" not in shown:
            fail(f"labelSize should show the measured size: {shown!r}")
        ok(f"labelSize: placeholder {size_field.get_attribute('placeholder')!r}, shows {shown!r}")

        # Kept lines are measured once the values are shown, so each keeps the height it has
        # without containment, the file's value beside an override included; checked with
        # labelSize overridden, and again after selecting another view and coming back (the
        # rows built anew with the overrides already there).
        page.js("arguments[0].value = '20'; arguments[0].dispatchEvent(new Event('input', {bubbles: true}));", size_field)
        wait_until(lambda: page.js("return !document.querySelector('#inspector .row[data-name=\"labelSize\"] .file-value').hidden"),
                   "labelSize's file value")
        page.settle("labelSize's override")
        for moment in ["with labelSize overridden", "built anew with the overrides"]:
            if moment.startswith("built"):
                shown = page.js("return window.scenecPreview.state.selected")
                select(driver, page, "caption")
                wait_until(lambda: page.js("return window.scenecPreview.state.selected") != shown, "caption selected")
                page.settle("caption's inspector")
                select(driver, page, "download")
                wait_until(lambda: page.js("return window.scenecPreview.state.selected") == shown, "download selected again")
                wait_until(lambda: driver.find_elements(By.CSS_SELECTOR, '#inspector .row[data-name="labelSize"]'), "download's rows")
                page.settle("download's inspector")
            drift = page.js("""const out = [];
                for (const line of document.querySelectorAll('#inspector .kept')) {
                  const kept = line.getBoundingClientRect().height, height = line.style.height;
                  line.classList.remove('kept'); line.style.height = '';
                  const natural = line.getBoundingClientRect().height;
                  line.style.height = height; line.classList.add('kept');
                  if (Math.abs(kept - natural) > 0.5) out.push(`${line.closest('.row')?.dataset.name ?? 'geometry'}: ${kept} kept, ${natural} without`);
                }
                const shown = document.querySelector('#inspector .row[data-name="labelSize"] .file-value');
                return {drift: out, fileValue: shown.hidden ? null : shown.textContent,
                        kept: document.querySelectorAll('#inspector .kept').length};""")
            if drift["drift"] or not drift["fileValue"] or drift["kept"] < 5:
                fail(f"kept lines {moment}: {drift}")
            ok(f"{drift['kept']} kept lines {moment} ({drift['fileValue']!r} shown): each its own height")
        page.js("document.querySelector('#inspector .row[data-name=\"labelSize\"] button.reset').click()")
        wait_until(lambda: page.js("return !window.scenecPreview.state.overrides.has('download.labelSize')"), "labelSize reset")
        page.settle("labelSize reset")

        # labelFont is a menu of the families the scene can use.
        label_font = row(driver, "labelFont").find_element(By.CSS_SELECTOR, "select")
        options = [o.text for o in label_font.find_elements(By.TAG_NAME, "option")]
        if "DejaVu Sans" not in options or "Scenec Probe" not in options or label_font.get_attribute("value") != "DejaVu Sans":
            fail(f"labelFont should be a menu with DejaVu Sans chosen and Scenec Probe offered: {options}")
        ok("labelFont: a menu with DejaVu Sans and Scenec Probe")

        # The file changes on disk with an override pending: both are shown.
        before = page.js("return window.scenecPreview.state.doc.hash")
        with open(scene) as f:
            text = f.read()
        with open(scene, "w") as f:
            f.write(text.replace("progress: 0.725", "progress: 0.5"))
        wait_until(lambda: page.js("return window.scenecPreview.state.doc.hash") != before, "the page to read the changed file")
        page.settle("the changed file")
        if page.js(override) is None:
            fail("the override was lost when the file changed")
        file_value = row(driver, "progress").find_element(By.CSS_SELECTOR, ".file-value")   # the rows were built anew above
        if not file_value.is_displayed() or file_value.text != "file: 0.5":
            fail(f"the progress row should show the file's value: {file_value.text!r}")
        if "overridden" not in row(driver, "progress").get_attribute("class"):
            fail("the row should still be marked overridden")
        status = driver.find_element(By.ID, "status").text
        if "changed on disk" not in status or "1 override" not in status:
            fail(f"the status should say the file changed and the override is kept: {status!r}")
        ok(f"changed on disk: override {page.js(override)} kept, row shows {file_value.text!r}; status {status!r}")

        # A broken file with a long line: the box is below the picture, its lines wrapped.
        with open(scene, "w") as f:
            f.write(text.replace("font: Scenec Probe", 'font: Scenec Probe\n    fontSize: "' + "nope " * 80 + '"'))
        wait_until(lambda: driver.find_element(By.ID, "errors").is_displayed(), "the error box")
        box = page.js("""const a = document.getElementById('errors').getBoundingClientRect();
                        const b = document.getElementById('picture').getBoundingClientRect();
                        const pre = document.getElementById('errors-text');
                        return {overlap: a.left < b.right && b.left < a.right && a.top < b.bottom && b.top < a.bottom,
                                below: a.top >= b.bottom, wraps: pre.scrollWidth <= pre.clientWidth,
                                lines: pre.textContent.split('\\n').reduce((m, l) => Math.max(m, l.length), 0),
                                rows: Math.round(pre.getBoundingClientRect().height / parseFloat(getComputedStyle(pre).lineHeight)),
                                text: pre.textContent.split('\\n').length};""")
        if box["overlap"] or not box["below"]:
            fail(f"the error box should be below the picture, not over it: {box}")
        if not box["wraps"] or box["lines"] < 300 or box["rows"] <= box["text"]:
            fail(f"the error box's long line should wrap: {box}")
        ok(f"error box below the picture; its {box['lines']}-character line wraps ({box['text']} lines in {box['rows']} rows)")
    finally:
        preview.stop()
        driver.quit()
    print("all inspector checks passed")


if __name__ == "__main__":
    main()
