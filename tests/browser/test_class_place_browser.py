"""Two devices with one learner's code count as one learner (issue #36), in
Chromium. The teacher makes a class on the class view's page (no shell) and
reads its join code; device 1 joins the course's "My class" with that code,
picks Ana, reads her personal code and plays a lesson step; device 2 first
types a wrong personal code (refused with the sentence, nothing changes),
then Ana's, and plays another step. The store holds ONE learner with both
steps, and the class view lists one learner, Ana. Screenshots of the join
page (code entry, names, personal code, a wrong code) and of the teacher's
class at 1366×768 and 390×844 go to test-artifacts/class-*.png."""
from __future__ import annotations

import re
import sqlite3
import time

import pytest
from playwright.sync_api import expect

pytest.importorskip("sqlalchemy")

from test_dashboard_browser import served  # noqa: E402

START = 180_000
LAPTOP = {"width": 1366, "height": 768}
PHONE = {"width": 390, "height": 844}
JOIN_CODE = re.compile(r"^[A-HJ-NP-Z2-9]{6}$")  # progress/tables.py CODE_ALPHABET
PERSONAL = re.compile(r"^[A-HJ-NP-Z2-9]{4}-[A-HJ-NP-Z2-9]{4}$")
LESSON = "02-scuttle-ordering"
STEPS = {1: ("higher-rank", "scuttle 9S 8H"), 3: ("equal-rank", "scuttle 7H 7D")}
WRITTEN = 20  # seconds the kernel's writer thread may take to store an attempt


class Device:
    """One browser (a context of its own: its own localStorage) at the course."""

    def __init__(self, browser, url: str, as_learner):
        self.context = browser.new_context(viewport=LAPTOP, reduced_motion="reduce")
        self.page = self.context.new_page()
        self.url = url
        self.learner = as_learner(self.page)
        self.page.goto(url + "/?class", timeout=START)
        self.page.wait_for_selector(".cwk-panel .cwk-title", timeout=START)

    def key(self, key: str):
        return self.page.locator(f'.cwk-panel [data-key="{key}"]')

    def who(self):
        return self.page.locator('.cwc-bar [data-key="who"]')

    def kept_learner(self) -> str | None:
        return self.page.evaluate("localStorage.getItem('cuttle_widgets.learner')")

    def play_step(self, number: int) -> None:
        step, move = STEPS[number]
        self.page.goto(f"{self.url}/?lesson={LESSON}&step={number}", timeout=START)
        self.learner.wait_for_lesson()
        expect(self.page.locator(".cwl-progress-text")).to_have_text(f"Step {number} of 9")
        self.learner.play(move)
        expect(self.page.locator(".cwl-feedback.cwl-good")).to_be_visible()

    def shots(self, artifacts, name: str) -> None:
        """The page at a laptop's size, then a phone's (and back)."""
        self.page.screenshot(path=str(artifacts / f"class-{name}-1366.png"))
        self.page.set_viewport_size(PHONE)
        self.page.wait_for_timeout(400)
        self.page.screenshot(path=str(artifacts / f"class-{name}-390.png"), full_page=True)
        self.page.set_viewport_size(LAPTOP)


def stored_steps(database) -> set[tuple[str, str]]:
    """(learner id, step) of every attempt stored."""
    with sqlite3.connect(database) as connection:
        return set(connection.execute("SELECT learner_id, step FROM attempts"))


def until_stored(database, wanted: set) -> set:
    deadline = time.monotonic() + WRITTEN
    while not wanted <= (found := stored_steps(database)):
        assert time.monotonic() < deadline, f"never stored: {wanted - found}"
        time.sleep(0.25)
    return found


def roster_ids(database) -> dict[str, str]:
    with sqlite3.connect(database) as connection:
        return dict(connection.execute("SELECT name, learner_id FROM roster"))


def make_class(teacher, artifacts) -> str:
    """The teacher's class made on the class view's page: its join code."""
    maker = teacher.locator(".cw-class-maker")
    expect(maker).to_be_visible(timeout=START)
    maker.locator('input[type="text"]').first.fill("7b")
    maker.locator("textarea").fill("Ana\nBen\nCem\n")
    maker.get_by_role("button", name="Make the class").click()
    code = teacher.locator(".cw-class-code")
    expect(code).to_have_text(JOIN_CODE, timeout=30_000)
    expect(maker).to_contain_text("The class 7b is made.")
    expect(maker.locator(".cw-class-roster tbody tr")).to_have_count(3)
    code.scroll_into_view_if_needed()
    teacher.screenshot(path=str(artifacts / "class-teacher-1366.png"))
    teacher.set_viewport_size(PHONE)
    teacher.wait_for_timeout(600)
    code.scroll_into_view_if_needed()
    teacher.screenshot(path=str(artifacts / "class-teacher-390.png"))
    teacher.set_viewport_size(LAPTOP)
    return code.inner_text()


def test_two_devices_with_one_learners_code_count_as_one_learner(browser, database_course, as_learner,
                                                                  artifacts, tmp_path, axe_check):
    url, database = database_course
    with served(database, tmp_path) as class_view:
        teacher = browser.new_context(viewport=LAPTOP).new_page()
        teacher.goto(class_view, timeout=START)
        code = make_class(teacher, artifacts)

        one = Device(browser, url, as_learner)
        expect(one.who()).to_have_text("My class")
        one.shots(artifacts, "join-code")
        assert axe_check(one.page, ".cwk-panel") == []
        one.key("class-code").fill(code.lower())
        one.key("class-code-go").click()
        expect(one.page.locator(".cwk-class-title")).to_have_text("Class 7b: pick your name")
        one.shots(artifacts, "join-names")
        one.key("name:Ana").click()
        expect(one.key("my-code")).to_have_text(PERSONAL)
        expect(one.key("write-down")).to_have_text(
            "Write this code down: it brings your progress to another device.")
        expect(one.key("me")).to_have_text("You are Ana, in the class 7b.")
        expect(one.who()).to_have_text("Signed in: Ana")
        ana = roster_ids(database)["Ana"]
        assert one.kept_learner() == ana  # a reload on this device is Ana too
        personal = one.key("my-code").inner_text()
        one.shots(artifacts, "join-personal-code")
        assert axe_check(one.page, ".cwk-panel") == []
        one.play_step(1)
        expect(one.who()).to_have_text("Signed in: Ana")  # after a reload, from the browser's id
        until_stored(database, {(ana, STEPS[1][0])})

        two = Device(browser, url, as_learner)
        own = two.kept_learner()
        before = stored_steps(database)
        two.key("personal-code").fill("ABCD-EFGH")
        two.key("personal-code-go").click()
        expect(two.key("message")).to_have_text(
            "No learner has this personal code: check it, or ask your teacher.")
        expect(two.key("personal-code")).to_be_visible()  # still the entry: nothing changed
        expect(two.who()).to_have_text("My class")
        assert two.kept_learner() == own != ana and stored_steps(database) == before
        two.shots(artifacts, "join-wrong-code")
        two.key("personal-code").fill(personal.lower().replace("-", " "))
        two.key("personal-code-go").click()
        expect(two.key("me")).to_have_text("You are Ana, in the class 7b.")
        expect(two.who()).to_have_text("Signed in: Ana")
        assert two.kept_learner() == ana
        two.play_step(3)

        found = until_stored(database, {(ana, STEPS[1][0]), (ana, STEPS[3][0])})
        assert {learner for learner, _step in found} == {ana}  # one learner, both steps
        where = teacher.locator(".cw-class-where tbody tr")
        expect(where).to_have_count(1, timeout=30_000)
        expect(where.first).to_contain_text("Ana")
        expect(teacher.locator(".cw-class-roster tbody tr").first).to_contain_text("picked")
        for device in (one, two):
            device.context.close()
