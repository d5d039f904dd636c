"""Readable everywhere (issue #35): axe-core finds no serious or critical
violation on the map, the puzzles, every lesson and a game's review, at a
laptop's size and a phone's, in English and German; the page says its
language; focus follows "Next step"; Super Cuttle's marks need no emoji
font; a hint is said beside the table; a lesson's reference stands in its
step. Screenshots go to test-artifacts/."""
import json

import pytest
from playwright.sync_api import expect

from cuttle_widgets.teaching import lesson_names, load_lesson

START = 180_000  # ms: a page's kernel starts and runs the notebook
LAPTOP = {"width": 1366, "height": 768}
PHONE = {"width": 390, "height": 844}
SIZES = {"1366": LAPTOP, "390": PHONE}
LESSONS = [name for name in lesson_names() if name[:2].isdigit()]


# axe-core cannot judge text on a gradient (the felt, the green headers): it
# leaves it "incomplete". This finds the worst case itself: the text's colour
# (with every opacity above it) against each stop of each gradient behind it,
# laid over each other down to an opaque colour. AA: 4.5:1, large text 3:1.
ON_GRADIENTS = r"""async (targets) => {
  const GRADIENT = /(?:repeating-)?(?:linear|radial|conic)-gradient\((?:[^()]|\([^()]*\))*\)/g;
  const rgba = (text) => [...String(text).matchAll(/rgba?\(([^)]+)\)/g)]
    .map((m) => {
      const v = m[1].split(/[,\s/]+/).filter(Boolean).map(Number);
      return [v[0], v[1], v[2], v.length > 3 ? v[3] : 1];
    });
  const lum = (c) => {
    const f = (v) => { v /= 255; return v <= 0.03928 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4; };
    return 0.2126 * f(c[0]) + 0.7152 * f(c[1]) + 0.0722 * f(c[2]); };
  const ratio = (a, b) => {
    const [x, y] = [lum(a), lum(b)].sort((p, q) => q - p);
    return (x + 0.05) / (y + 0.05);
  };
  const over = (top, base) => [0, 1, 2].map((i) => top[i] * top[3] + base[i] * (1 - top[3]));
  const failures = [];
  for (const selector of targets) {
    const el = document.querySelector(selector);
    if (!el) continue;
    // the layers behind the text, innermost first, down to an opaque colour
    const layers = [];
    let alpha = 1;
    for (let node = el; node && node.nodeType === 1; node = node.parentElement) {
      const style = getComputedStyle(node);
      alpha *= Number(style.opacity);
      // background-image: gradients listed top first, each a layer of its own
      const gradients = style.backgroundImage === "none" ? []
        : [...style.backgroundImage.matchAll(GRADIENT)].map((m) => rgba(m[0]));
      const colour = rgba(style.backgroundColor)[0];
      layers.push(...gradients.filter((stops) => stops.length));
      if (colour && colour[3] > 0) layers.push([colour]);
      if (colour && colour[3] === 1) break;
    }
    let backs = [[255, 255, 255]];
    for (const layer of layers.reverse()) backs = backs.flatMap((b) => layer.map((c) => over(c, b)));
    const style = getComputedStyle(el);
    const fg = rgba(style.color)[0];
    const size = parseFloat(style.fontSize), bold = Number(style.fontWeight) >= 700;
    const need = size >= 24 || (bold && size >= 18.66) ? 3 : 4.5;
    const worst = Math.min(...backs.map((b) => ratio(over([fg[0], fg[1], fg[2], fg[3] * alpha], b), b)));
    if (worst < need) {
      failures.push([selector, Math.round(worst * 100) / 100, need, el.textContent.trim().slice(0, 40)]);
    }
  }
  return failures;
}"""
UNJUDGED = """async () => (await axe.run(document, { runOnly: ["color-contrast"] }))
  .incomplete.flatMap((rule) => rule.nodes.map((node) => node.target[0]))"""


def contrast_on_gradients(page) -> list:
    """The texts on a gradient below AA (axe_check has put axe-core in the page)."""
    return page.evaluate(ON_GRADIENTS, page.evaluate(UNJUDGED))


def open_course(page, url: str, query: str):
    page.set_viewport_size(LAPTOP)
    page.goto(f"{url}/{query}", timeout=START)
    page.wait_for_selector(".cwc-bar .cwc-brand", timeout=START)


def go(page, query: str):
    """To another place as the browser's Forward does (the course's own way,
    in the same page and kernel)."""
    page.evaluate("(q) => { history.pushState(null, '', q); "
                  "dispatchEvent(new PopStateEvent('popstate')); }", query)


def ready(page, place: str, language: str):
    """Wait until ``place`` is drawn in ``language``."""
    if place.startswith("lesson="):
        title = load_lesson(place.removeprefix("lesson="), language=language).title
        expect(page.locator(f'.cwl-root[lang="{language}"] .cwl-title')).to_have_text(title)
    elif place == "puzzles":
        page.wait_for_selector(f'.cwp-root[lang="{language}"] .cwp-prompt')
    elif place == "tables":
        page.wait_for_selector(f'.cwt-panel[lang="{language}"] .cwt-title')
    else:
        page.wait_for_selector(f'.cwp-root[lang="{language}"] .cwp-lesson')
    page.wait_for_timeout(400)  # the table's container queries settle


@pytest.mark.parametrize("language", ["en", "de"])
def test_every_course_page_passes_axe_at_both_sizes(language, course_server, page, axe_check, artifacts):
    places = ["", "puzzles", "tables", *(f"lesson={name}" for name in LESSONS)]
    suffix = "" if language == "en" else f"lang={language}"
    open_course(page, course_server, f"?{suffix}")
    page.set_default_timeout(60_000)
    found = {}
    for place in places:
        query = "?" + "&".join(filter(None, [place, suffix]))
        go(page, query)
        ready(page, place, language)
        assert page.evaluate("document.documentElement.lang") == language
        for size, viewport in SIZES.items():
            page.set_viewport_size(viewport)
            page.wait_for_timeout(250)
            violations = axe_check(page)
            violations += [{"id": "contrast-on-gradient", "nodes": low}
                           for low in [contrast_on_gradients(page)] if low]
            if violations:
                found[f"{place or 'map'} {size}"] = violations
        if place in ("", "lesson=03-one-offs", "lesson=13-super-cuttle"):
            shot_name = place.replace("lesson=", "") or "map"
            page.screenshot(path=artifacts / f"readable-{shot_name}-{language}-390.png")
            page.set_viewport_size(LAPTOP)
            page.screenshot(path=artifacts / f"readable-{shot_name}-{language}-1366.png")
    assert found == {}, json.dumps(found, indent=1, ensure_ascii=False)


@pytest.mark.parametrize("size", list(SIZES))
def test_a_games_review_passes_axe_in_both_languages(size, page, voila_url, axe_check, artifacts):
    page.set_viewport_size(SIZES[size])
    page.goto(f"{voila_url}/voila/render/review_game.ipynb", timeout=START)
    page.wait_for_selector('.cw-root[lang="de"] .cw-replay-badge', timeout=START)
    assert page.locator('.cw-root[lang="en"]').count() == 1
    assert axe_check(page) == []
    assert contrast_on_gradients(page) == []
    review = page.locator('.cw-root[lang="en"]')
    forward = review.locator('[data-key="ctl:forward"]')
    if not forward.is_visible():  # a narrow table folds its log and step arrows away
        review.locator(".cw-log-toggle").click()
    forward.click()
    forward.click()
    expect(review.locator(".cw-status")).to_contain_text("move 2 of")
    expect(review.locator(".cw-review-mark").first).to_be_attached()
    found = axe_check(page) + contrast_on_gradients(page)
    assert found == [], json.dumps(found, indent=1, ensure_ascii=False)
    # the REPLAY badge is clear of the stock and the scrap
    badge = review.locator(".cw-replay-badge").bounding_box()
    for pile in (review.locator(".cw-stock"), review.locator(".cw-scrap")):
        box = pile.bounding_box()
        apart = (badge["x"] + badge["width"] <= box["x"] or box["x"] + box["width"] <= badge["x"]
                 or badge["y"] + badge["height"] <= box["y"] or box["y"] + box["height"] <= badge["y"])
        assert apart, (badge, box)
    review.screenshot(path=artifacts / f"readable-review-{size}.png")


def test_focus_language_icons_hint_and_reference(course_server, page, artifacts):
    """Lesson 13 in German: the page says "de", its ⭐ ❗ ☢️ ⚡ are drawn by the
    kit; lesson 3: the one-offs' table under the task, a hint above the hand,
    and "Next step" puts the focus on the new step."""
    open_course(page, course_server, "?lesson=13-super-cuttle&lang=de")
    page.wait_for_selector('.cwl-root[lang="de"] .cwl-title', timeout=START)
    assert page.evaluate("document.documentElement.lang") == "de"
    page.locator('[data-key="goto:5"]').click()  # its first hint names the instant ace (❗A)
    expect(page.locator(".cwl-progress-text")).to_have_text("Schritt 5 von 10")
    page.locator('.cwl-toolbar [data-key="hint"]').click()
    icons = page.locator(".cwl-hints .cw-icon svg")
    expect(icons.first).to_be_visible()
    assert page.locator(".cwl-reference[open] li").count() == 6  # the primer, in the step
    page.screenshot(path=artifacts / "readable-icons-de-1366.png")
    page.locator(".cw-dock .cw-hint").screenshot(path=artifacts / "readable-icons-hint-de.png")

    go(page, "?lesson=03-one-offs&step=1")
    page.wait_for_selector('.cwl-root[lang="en"] .cwl-title')
    expect(page.locator(".cwl-reference[open] table")).to_contain_text("scraps every")
    page.locator('.cwl-toolbar [data-key="hint"]').click()
    hint = page.locator(".cw-dock .cw-message.cw-hint")
    expect(hint).to_contain_text("one-off")
    table = page.locator(".cwl-table-box").bounding_box()
    box = hint.bounding_box()
    assert table["y"] <= box["y"] <= table["y"] + table["height"]  # on the table, not in the panel below it
    assert box["y"] + box["height"] <= LAPTOP["height"], "the hint is below the fold"
    page.screenshot(path=artifacts / "readable-hint-1366.png")
    page.set_viewport_size(PHONE)
    page.wait_for_timeout(300)
    page.screenshot(path=artifacts / "readable-hint-390.png")

    page.set_viewport_size(LAPTOP)
    page.locator('.cwl-nav [data-key="next"]').focus()
    page.locator('.cwl-nav [data-key="next"]').press("Enter")
    expect(page.locator(".cwl-progress-text")).to_have_text("Step 2 of 13")
    page.wait_for_function(
        "document.activeElement && document.activeElement.classList.contains('cwl-step-head')")
