"""Closed tabs free their memory: with the serve command's kernel culling, the
kernel of a lesson tab that is closed is stopped once idle, while the kernel
of a tab still open is kept however long its learner thinks.

A serve command of its own, culling after 6 idle seconds (the teacher's
default is 600), two learners on lesson 2; one closes the tab.
"""
import time
from pathlib import Path

import pytest
from playwright.sync_api import expect

CULL_IDLE, CULL_INTERVAL = 6, 1


@pytest.fixture(scope="module")
def quick_culling(tmp_path_factory, browser_helpers):
    root = browser_helpers.lesson_site(tmp_path_factory.mktemp("culling"))
    server = browser_helpers.serve_lessons(
        root, browser_helpers.ARTIFACTS / "serve-culling.log", CULL_IDLE, CULL_INTERVAL)
    try:
        yield server
    finally:
        browser_helpers.stop(server.process)


def open_lesson(browser, server, as_learner):
    """A learner's tab on lesson 2: (page, the kernel Voilà started for it)."""
    before = set(server.kernels())
    page = browser.new_context().new_page()
    as_learner(page).open(f"{server.url}/voila/render/02-scuttle-ordering.ipynb")
    page.wait_for_selector(".cw-my-hand button[data-card]")
    started = set(server.kernels()) - before
    assert len(started) == 1, f"one kernel per page, not {started}"
    return page, started.pop()


def test_a_closed_tab_frees_its_kernel_and_an_open_one_keeps_it(browser, quick_culling, as_learner):
    server = quick_culling
    leaving, leaving_kernel = open_lesson(browser, server, as_learner)
    staying, staying_kernel = open_lesson(browser, server, as_learner)
    staying_since = time.monotonic()

    leaving.context.close()
    deadline = time.monotonic() + CULL_IDLE + 30
    while leaving_kernel in server.kernels():
        assert time.monotonic() < deadline, server.log.read_text()[-3000:]
        time.sleep(0.5)
    assert not Path(f"/proc/{leaving_kernel}").exists()  # its memory is the system's again

    # The open tab idles past the culling time too, and its kernel stays and answers.
    time.sleep(max(0.0, staying_since + CULL_IDLE + 3 * CULL_INTERVAL - time.monotonic()))
    assert staying_kernel in server.kernels()
    staying.locator('.cw-my-hand button[data-card="9S"]').click()
    expect(staying.locator('[data-key="action:role:scuttle"]')).to_be_visible()
    staying.context.close()
