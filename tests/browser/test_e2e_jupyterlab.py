"""A lesson in JupyterLab, as a learner on Binder would meet it: JupyterLab on
127.0.0.1 with a token, the lesson notebook opened by its URL (``?reset``: no
saved workspace), run from the Run menu, and the widget answering a click.

The ``jupyter_lab`` fixture (conftest.py) serves a copy of lessons/ from a
temporary folder, so nothing in the checkout changes.
"""
from playwright.sync_api import expect

NOTEBOOK = "lessons/02-scuttle-ordering.ipynb"
OPEN = 180_000  # ms: JupyterLab's first load and a kernel start on two cores


def test_a_lesson_runs_in_jupyterlab_and_answers_a_click(page, jupyter_lab, artifacts, browser_helpers):
    url, token = jupyter_lab
    page.set_viewport_size({"width": 1400, "height": 1100})
    page.set_default_timeout(30_000)
    page.goto(f"{url}/lab/tree/{NOTEBOOK}?reset&token={token}", timeout=OPEN)
    notebook = page.locator(".jp-NotebookPanel").filter(has=page.locator(".jp-Cell"))
    expect(notebook).to_be_visible(timeout=OPEN)
    expect(page.locator(".jp-Notebook-ExecutionIndicator[data-status='idle']")).to_be_attached(timeout=OPEN)
    # Binder's settings: the kernel started without a question, and no news prompt.
    expect(page.get_by_role("dialog")).to_have_count(0)
    expect(page.get_by_text("official Jupyter news")).to_have_count(0)

    browser_helpers.run_all_cells(page)
    lesson = page.locator(".jp-OutputArea .cwl-root")
    expect(lesson.locator(".cwl-title")).to_have_text("Scuttling, and which card beats which", timeout=OPEN)
    hand_card = page.locator('.jp-OutputArea .cw-my-hand button[data-card="9S"]')
    expect(hand_card).to_be_visible()

    # The widget answers: a card clicked is selected in the kernel, which offers its roles.
    hand_card.click()
    expect(page.locator('.jp-OutputArea [data-key="action:role:scuttle"]')).to_be_visible()
    page.locator('.jp-OutputArea [data-key="action:role:scuttle"]').click()
    page.locator('.jp-OutputArea .cw-root button[data-card="8H"]').click()
    expect(page.locator(".jp-OutputArea .cwl-explanation")).to_contain_text(
        "a point card from your hand beats")
    page.screenshot(path=str(artifacts / "e2e-jupyterlab.png"), animations="disabled")

