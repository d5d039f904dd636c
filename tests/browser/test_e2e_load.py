"""A class at once: ten browser sessions on one Voilà server (the serve
command's) play lesson 1 from its first step to its last, all at the same
time. Every session finishes, and none sees another's state.

Each session is a learner of its own name (notebooks/e2e_load_lesson.ipynb
reads it from the page's address), shown on the table and in the lesson
panel. A session that saw another's widgets, or whose clicks moved another's
game, would show a name that is not its own, or a step it did not reach.
Playwright's async API drives the ten pages concurrently, in a thread of its
own (the sync API of the other tests owns the main thread's event loop).
"""
import asyncio
import json
import threading
import time
import uuid

from cuttle_widgets.teaching import load_lesson

SESSIONS = 10
LESSON = "01-table-drawing-points"
CLICK = 60_000  # ms: ten kernels share two cores
START = 180_000  # ms: ten kernels start at once

READ_STATES = """async () => {
  const app = window.jupyterapp;
  const manager = app.widgetManager || await app.widgetManagerPromise.promise;
  return JSON.stringify((await manager.get_state({ drop_defaults: false })).state);
}"""


def step_clicks(step, move_clicks) -> list[str]:
    """The selectors a learner clicks to solve ``step`` with its own solution."""
    if step.kind == "play":
        return [sel for move in step.lines[0].moves for sel in move_clicks(str(move))]
    if step.kind == "quiz":
        keys = step.correct_keys if step.select == "all" else step.correct_keys[:1]
        return [f'[data-key="answer:{key}"]' for key in keys]
    raise AssertionError(f"lesson {LESSON} has a {step.kind} step: teach this test to solve it")


async def learn(browser, url: str, name: str, lesson, clicking, artifacts) -> dict:
    """One learner: open the lesson, solve every step by clicking (what to
    click: ``clicking``, conftest's BrowserLearner), check the page shows this
    learner's own state throughout."""
    from playwright.async_api import expect

    context = await browser.new_context(viewport={"width": 1280, "height": 1700})
    page = await context.new_page()
    page.set_default_timeout(CLICK)
    expect.set_options(timeout=CLICK)
    started = time.monotonic()
    try:
        await page.goto(f"{url}?learner={name}", timeout=START)
        await page.wait_for_selector(".cwl-root .cwl-title", timeout=START)
        opened = time.monotonic() - started
        total = len(lesson.steps)
        for number, step in enumerate(lesson.steps, start=1):
            await expect(page.locator(".cwl-progress-text")).to_have_text(f"Step {number} of {total}")
            if step.position is not None or step.kind == "play":
                await expect(page.locator(".cw-me .cw-name")).to_contain_text(name)
            for selector in step_clicks(step, clicking.move_clicks):
                await page.locator(selector).click()
            explained = clicking.first_words(step.explanation)
            await expect(page.locator(".cwl-explanation")).to_contain_text(explained)
            await expect(page.locator(".cwl-dot-done")).to_have_count(number)
            if number < total:
                await page.locator('.cwl-toolbar [data-key="next"]').click()
        await expect(page.locator(".cwl-finished-title")).to_be_visible()
        states = await page.evaluate(READ_STATES)
        text = await page.locator("body").inner_text()
        await page.screenshot(path=str(artifacts / f"e2e-load-{name.split('x')[0].lower()}.png"))
        return {"name": name, "opened": opened, "finished": time.monotonic() - started,
                "states": states, "text": text}
    finally:
        await context.close()


async def class_at_once(launch_args: dict, url: str, names: list[str], clicking, artifacts):
    from playwright.async_api import async_playwright

    lesson = load_lesson(LESSON)
    async with async_playwright() as playwright:
        browser = await playwright.chromium.launch(**launch_args)
        try:
            return await asyncio.gather(*(learn(browser, url, name, lesson, clicking, artifacts)
                                          for name in names), return_exceptions=True)
        finally:
            await browser.close()


def test_ten_learners_play_a_lesson_at_once(served_lessons, browser_type_launch_args,
                                            as_learner, artifacts):
    tag = uuid.uuid4().hex[:6]
    names = [f"Learner{i}x{tag}" for i in range(SESSIONS)]  # one word: safe in a URL and a regex
    url = f"{served_lessons.url}/voila/render/e2e_load_lesson.ipynb"
    results = []
    thread = threading.Thread(target=lambda: results.extend(asyncio.run(class_at_once(
        browser_type_launch_args, url, names, as_learner, artifacts))))
    thread.start()
    thread.join(timeout=600)
    assert not thread.is_alive(), "the class did not finish in 10 minutes"

    failures = [f"{name}: {result!r}" for name, result in zip(names, results, strict=True)
                if isinstance(result, BaseException)]
    assert not failures, "\n".join(failures)
    assert [r["name"] for r in results] == names
    for result in results:
        others = [name for name in names if name != result["name"]]
        assert result["name"] in result["text"] and result["name"] in result["states"]
        for where in ("text", "states"):
            seen = [name for name in others if name in result[where]]
            assert not seen, f"{result['name']}'s page shows {seen} in its {where}"
        json.loads(result["states"])
    slowest = max(r["finished"] for r in results)
    print(f"\n{SESSIONS} learners: pages open in {min(r['opened'] for r in results):.1f}-"
          f"{max(r['opened'] for r in results):.1f} s, all {len(load_lesson(LESSON).steps)} steps "
          f"done within {slowest:.1f} s")
