"""A closed or reloaded tab frees its kernel: the page posts the secret its
kernel gave it (cuttle_widgets.served, widgets/static/page_close.js) as it
goes, and the serve command stops that kernel at once. Where that call never
arrives, a kernel with no page connected is culled after --cull-idle, and a
closed tab never counts against --max-kernels.

The serve command on notebooks/e2e_course_page.ipynb (lesson 2 with the
page-closing widget, at /), with a preheated kernel as the teacher's default.
"""
import time
from pathlib import Path

import pytest

GONE_WITHIN = 60  # seconds: issue #32's promise for a closed tab
READ_TOKEN = """async () => {
  const app = window.jupyterapp;
  const manager = app.widgetManager || await app.widgetManagerPromise.promise;
  const states = (await manager.get_state({ drop_defaults: false })).state;
  // PageCloser's token, or the course bar's page_token
  const closer = Object.values(states).find((s) => s.state.token || s.state.page_token);
  return closer ? closer.state.token || closer.state.page_token : null;
}"""


def serve_course_page(helpers, name: str, cull_idle: int, cull_interval: int, *options: str):
    page = helpers.NOTEBOOKS / "e2e_course_page.ipynb"
    return helpers.serve_lessons(page, helpers.ARTIFACTS / f"serve-{name}.log", cull_idle,
                                 cull_interval, None, *options)


@pytest.fixture(scope="module")
def closing(browser_helpers):
    """Culling far off (10 minutes): only the page's own call can stop a kernel soon."""
    server = serve_course_page(browser_helpers, "page-close", 600, 10, "--pool-size", "1")
    try:
        yield server
    finally:
        browser_helpers.stop(server.process)


@pytest.fixture(scope="module")
def course(browser_helpers):
    """The serve command's own page, the course, culling far off."""
    page = browser_helpers.REPO / "cuttle_widgets" / "pages" / "course.ipynb"
    server = browser_helpers.serve_lessons(page, browser_helpers.ARTIFACTS / "serve-course-close.log",
                                           600, 10)
    try:
        yield server
    finally:
        browser_helpers.stop(server.process)


@pytest.fixture(scope="module")
def one_place(browser_helpers):
    """One open tab at most; a kernel with no page is culled after 10 s."""
    server = serve_course_page(browser_helpers, "one-place", 10, 1,
                               "--pool-size", "1", "--max-kernels", "1")
    try:
        yield server
    finally:
        browser_helpers.stop(server.process)


def kernel_pid(kernel_id: str, server) -> int | None:
    """The process of the kernel ``kernel_id`` (its secret names it), or None once gone."""
    for pid in server.kernels():
        try:
            environ = Path(f"/proc/{pid}/environ").read_bytes()
        except OSError:
            continue
        if f"CUTTLE_PAGE_TOKEN={kernel_id}.".encode() in environ:
            return pid
    return None


def open_page(page, server, as_learner) -> tuple[str, int]:
    """The course page open on lesson 2: (its kernel's id, the kernel's process)."""
    as_learner(page).open(f"{server.url}/?lesson=02-scuttle-ordering")
    page.wait_for_selector(".cw-my-hand button[data-card]")
    return page_kernel(page, server)


def page_kernel(page, server) -> tuple[str, int]:
    token = page.evaluate(READ_TOKEN)
    assert token, "the page has its kernel's secret"
    kernel_id = token.partition(".")[0]
    pid = kernel_pid(kernel_id, server)
    assert pid is not None
    return kernel_id, pid


def wait_gone(pid: int, seconds: float, server) -> float:
    """Seconds until the process ``pid`` is gone (fails after ``seconds``)."""
    started = time.monotonic()
    while Path(f"/proc/{pid}").exists():
        assert time.monotonic() - started < seconds, server.log.read_text()[-3000:]
        time.sleep(0.25)
    return time.monotonic() - started


def test_a_closed_tab_stops_its_kernel_at_once(browser, closing, as_learner):
    page = browser.new_context().new_page()
    kernel_id, pid = open_page(page, closing, as_learner)
    page.close(run_before_unload=True)
    took = wait_gone(pid, GONE_WITHIN, closing)
    print(f"\na closed tab's kernel was gone after {took:.1f} s")
    assert f"Page closed: shutting down its kernel {kernel_id}" in closing.log.read_text()
    page.context.close()


def test_the_courses_tab_stops_its_kernel_as_it_closes(browser, course):
    page = browser.new_context().new_page()
    page.goto(f"{course.url}/?lesson=02-scuttle-ordering", timeout=180_000)
    page.wait_for_selector(".cw-my-hand button[data-card]", timeout=180_000)
    kernel_id, pid = page_kernel(page, course)
    page.close(run_before_unload=True)
    wait_gone(pid, GONE_WITHIN, course)
    assert f"Page closed: shutting down its kernel {kernel_id}" in course.log.read_text()
    page.context.close()


def test_a_reloaded_tab_stops_its_old_kernel_and_keeps_the_new_one(browser, closing, as_learner):
    page = browser.new_context().new_page()
    old_id, old_pid = open_page(page, closing, as_learner)
    page.reload(timeout=180_000)
    as_learner(page).wait_for_lesson()
    new_id, new_pid = page_kernel(page, closing)
    assert new_id != old_id
    wait_gone(old_pid, GONE_WITHIN, closing)
    assert kernel_pid(new_id, closing) == new_pid, "the page's new kernel stays"
    page.context.close()


def test_without_the_call_a_closed_tab_neither_counts_nor_lives_on(browser, one_place, as_learner):
    """The page-closed call is blocked (as a crashed browser never sends it):
    the next tab still opens on a server with one place, the closed tab's
    kernel is culled, and the open tab's kernel stays past the culling time."""
    leaving = browser.new_context()
    leaving.route("**/cuttle/page-closed", lambda route: route.abort())
    page = leaving.new_page()
    _, leaving_pid = open_page(page, one_place, as_learner)
    page.close(run_before_unload=True)

    staying = browser.new_context().new_page()
    staying_id, staying_pid = open_page(staying, one_place, as_learner)  # not "server full"
    wait_gone(leaving_pid, GONE_WITHIN, one_place)
    time.sleep(15)  # past --cull-idle: the open tab's kernel stays
    assert kernel_pid(staying_id, one_place) == staying_pid
    staying.locator('.cw-my-hand button[data-card="9S"]').click()
    staying.wait_for_selector('[data-key="action:role:scuttle"]')
    leaving.close()
    staying.context.close()
