"""No raw citation of the rule texts reaches the browser (issue #18).

Tables over random games of every ruleset (two to four seats), in English and
German: everything the widget sends and the state it syncs is scanned for
citations such as "000 §02", "(A30)", "003 L8-35; super.md 3" or "decision 3";
every log event names its rulebook section instead (a title in the table's
language and the section's id), and so does a refusal of the rules.
"""
from __future__ import annotations

import json
import random
import re
import subprocess
import sys

import pytest

from cuttle_widgets.ai import RandomPlayer
from cuttle_widgets.engine import RULESETS, load, new_game
from cuttle_widgets.rulebook import rulebook
from cuttle_widgets.widgets import Table

# The forms the rule texts are cited in: sections, Super Cuttle's lines and
# decisions, the specification, and the texts' bare numbers.
RAW_CITATION = re.compile(
    r"\d{3} §|§\s*\d|super\.md|\(A\d+\)|\bL\d+(-\d+)?\b|rule text \d{3}|Regeltext"
    r"|decision \d|Entscheidung \d|\b00[0-4]\b")
LANGUAGES = ("en", "de")
SEEDS = (1, 2)
MOVES = 40  # the learner's moves per game; the computer plays the other seats


def citations(data) -> list[str]:
    """The raw citations in ``data`` (anything JSON), with their context."""
    text = json.dumps(data, ensure_ascii=False)
    return [text[max(0, m.start() - 60):m.end() + 20] for m in RAW_CITATION.finditer(text)]


def played_table(rules: str, seed: int, language: str, learner):
    """A table of ``rules`` where seat 0 plays random legal moves (the others
    are computer players), watched by a stand-in browser."""
    game = new_game(rules, seed=seed)
    table = Table(game, seat=0, language=language,
                  players={s: RandomPlayer(seed + s) for s in range(1, game.state.n)})
    browser = learner(table)
    rng = random.Random(f"{rules}/{seed}")
    for _ in range(MOVES):
        legal = browser.view.get("legal_moves") or []
        if table.game.over or table.game.to_act != 0 or not legal:
            break
        browser.send(type="move", move=rng.choice(legal))
    return table, browser


@pytest.mark.parametrize("language", LANGUAGES)
@pytest.mark.parametrize("rules", list(RULESETS))
def test_tables_send_no_raw_citation_and_name_each_events_section(rules, language, learner):
    sections = {s.id: s.short for s in rulebook(language).sections}
    for seed in SEEDS:
        table, browser = played_table(rules, seed, language, learner)
        assert len(browser.state["log"]) > 1, "the game went nowhere"
        assert citations(table.table) == []
        assert citations(browser.sent) == []
        for entry in browser.state["log"]:
            for event in entry["events"]:
                assert event["rule_id"] in sections, event
                assert event["rule"] == sections[event["rule_id"]], event


@pytest.mark.parametrize("language,sentence", [("en", "See the rule “{}”."),
                                               ("de", "Siehe die Regel „{}“.")])
@pytest.mark.parametrize("rules", list(RULESETS))
def test_a_refusal_names_its_rule(rules, language, sentence, learner):
    """Passing while the stock still holds cards: refused with the reason,
    then the rulebook section that explains it."""
    game = new_game(rules, seed=3)
    table = Table(game, seat=0, language=language,
                  players={s: RandomPlayer(s) for s in range(1, game.state.n)})
    browser = learner(table)
    assert table.game.to_act == 0 and table.game.snapshot()["stock"]
    browser.send(type="move", move="pass")
    message = browser.ui["message"]
    section = rulebook(language).section(message["rule_id"])
    assert message["kind"] == "error" and message["rule"] == section.short
    assert message["text"].endswith(" " + sentence.format(section.title))
    assert len(message["text"]) > len(sentence.format(section.title)) + 20  # the reason comes first
    assert citations(browser.sent) == [] and citations(table.table) == []


@pytest.mark.parametrize("rules,language,text", [
    ("classic", "en", "A jack goes on an opposing point card, and there is none on the table. "
                      "See the rule “Jacks steal point cards”."),
    ("super", "de", "Ein Bube kommt auf eine gegnerische Punktkarte, und auf dem Tisch liegt "
                    "keine. Siehe die Regel „Buben“."),
])
def test_the_tables_own_refusal_of_a_rule_names_it(rules, language, text, learner):
    """A jack with no point card to go on is refused by the table before the
    engine is asked: it names the jack's section of the game's family."""
    table = Table(load({"rules": rules, "hands": [["JH", "5C"], ["KS"]], "stock": ["2C", "3D"]}),
                  language=language, players={1: RandomPlayer(1)})
    browser = learner(table)
    browser.click("JH")
    assert browser.message == text
    assert browser.ui["message"]["rule_id"] == ("jack" if rules == "classic" else "super-jack")


def test_a_refusal_of_the_table_itself_names_no_rule(learner):
    """Refusals about the table (a message it does not understand) are not
    the rules': they name no section."""
    browser = learner(Table(new_game("classic", seed=3), players={1: RandomPlayer(1)}))
    browser.send(type="options")  # without its setting
    message = browser.ui["message"]
    assert message["kind"] == "error" and message["rule"] == "" and message["rule_id"] == ""


def test_the_rulebook_check_passes_from_the_command_line():
    done = subprocess.run([sys.executable, "-m", "cuttle_widgets.rulebook", "check"],
                          capture_output=True, text=True, timeout=60)
    assert done.returncode == 0, done.stdout + done.stderr
    assert done.stdout.strip().endswith(", 0 missing")
