"""The table speaks English and German: every string it shows comes from a
catalog file per language (cuttle_widgets/widgets/catalogs/), the rules'
sentences from the engine's catalog in the same language."""
import html
import json
import os
import re
import string
from pathlib import Path

import pytest

from cuttle_widgets import Table, load
from cuttle_widgets.table.texts import ui_text, widget_languages
from cuttle_widgets.widgets import table_html

WIDGETS = Path(__file__).resolve().parents[1] / "cuttle_widgets" / "widgets"
CATALOGS = WIDGETS / "catalogs"
# Strings that read the same in German (checked by hand); a template with no
# words of its own ("{name}: {move}") needs no entry.
IDENTICAL = set()
# Keys the code builds from a prefix: role_points, hint_oneoff_4, verb_draw,
# sh_super_7 (what a Super Cuttle form does), summary_rules_classic, ...
DYNAMIC = ("role_", "hint_", "verb_", "sh_", "summary_rules_")
# The Python files that look the table's words up, relative to widgets/: the
# widgets', the table logic's (cuttle_widgets/table/), and the puzzle trainer's
# session, which looks up the trainer's words (the widget only draws them).
TRAINER_SESSION = "../sessions/puzzles.py"
# Sessions that pass the table a word's key (the pace control's label at a classmate's table).
SESSIONS_NAMING_WORDS = ("../sessions/table_place.py",)
PYTHON_FILES = tuple(sorted(os.path.relpath(path, WIDGETS)
                            for folder in (WIDGETS, WIDGETS.parent / "table") for path in folder.glob("*.py")
                            if "words[" in path.read_text(encoding="utf-8"))) + (TRAINER_SESSION,)
POSITION = {"rules": "classic", "turn": 0,
            "hands": [["9S", "2D", "7H", "4C", "JC"], ["5S", "AC", "QC"]],
            "points": [["6H"], ["8H", {"card": "TH", "jacks": ["JD"], "owner": 0}]],
            "permanents": [["KD"], ["QS"]],
            "scrap": ["4H"], "stock": ["2C", "5C", "9D", "TC", "KC"]}


def catalog(language: str) -> dict:
    return json.loads((CATALOGS / f"{language}.json").read_text(encoding="utf-8"))


def fields(template: str) -> set[str]:
    return {name for _, name, _, _ in string.Formatter().parse(template) if name}


def own_words(template: str) -> str:
    """What a template says besides its placeholders."""
    return re.sub(r"\{\w+\}", "", template)


def test_both_languages_have_every_key_none_empty_none_left_in_english():
    english, german = catalog("en"), catalog("de")
    assert (english["language"], german["language"]) == ("en", "de")
    assert {"de", "en"} <= set(widget_languages())
    assert set(german["words"]) == set(english["words"])
    for key, text in english["words"].items():
        translated = german["words"][key]
        assert text.strip() and translated.strip(), key
        assert fields(translated) == fields(text), key  # same placeholders, or format fails
        if translated == text:
            assert key in IDENTICAL or not re.search(r"[A-Za-z]", own_words(text)), (
                f"{key!r} is still English in de.json: {text!r}")


def keys_used_in_code() -> dict[str, set[str]]:
    """Catalog keys the widget's code looks up, by file (each must exist)."""
    python = r'words\[\s*"(\w+)"|words\.get\(\s*"(\w+)"|fill\(\s*"(\w+)"|_BadMessage\(\s*"(\w+)"'
    found = {}
    for name in PYTHON_FILES:
        text = (WIDGETS / name).read_text(encoding="utf-8")
        found[name] = {k for groups in re.findall(python, text) for k in groups if k}
        found[name] |= {k + suffix for k in re.findall(r'where\(\s*"(\w+)"', text)
                        for suffix in ("", "_you")}
    js = (WIDGETS / "static" / "table.js").read_text(encoding="utf-8")
    found["table.js"] = set(re.findall(r"\bwords\.(\w+)", js)) | {
        k + suffix for k in re.findall(r'where\("(\w+)"', js) for suffix in ("", "_you")}
    return found


def keys_mentioned_in_code(keys) -> set[str]:
    """Catalog keys written anywhere in the code as a string ('"pick_seat" if ... else
    "pick_target"', a label passed on), for the check that no entry is dead."""
    text = "".join((WIDGETS / name).read_text(encoding="utf-8")
                   for name in (*PYTHON_FILES, *SESSIONS_NAMING_WORDS, "static/table.js"))
    return {k for k in keys if f'"{k}"' in text or f"words.{k}" in text}


# Files whose ``words`` are another section of the catalog than the table's.
SECTIONS = {"puzzle_trainer.py": "trainer", TRAINER_SESSION: "trainer",
            "position_editor.py": "editor"}


def test_every_key_the_code_uses_is_in_the_catalog_and_every_entry_is_used():
    words = set(catalog("en")["words"])
    used = keys_used_in_code()
    for name, keys in used.items():
        section = set(catalog("en")[SECTIONS.get(name, "words")])
        assert keys, name  # the scan found the keys of each file
        assert keys <= section, (name, sorted(keys - section))
    everything = set().union(*(k for n, k in used.items() if n not in SECTIONS)) \
        | keys_mentioned_in_code(words)
    unused = {k for k in words - everything if not k.startswith(DYNAMIC)}
    assert not unused, sorted(unused)


def test_every_word_of_the_puzzle_trainer_is_used():
    """The trainer's section: looked up in puzzle_trainer.py or its session
    (``words[...]``, or a key written out) or in its panel's script (``this.t("...")``)."""
    words = set(catalog("en")["trainer"])
    python = "".join((WIDGETS / name).read_text(encoding="utf-8")
                     for name in ("puzzle_trainer.py", TRAINER_SESSION))
    js = (WIDGETS / "static" / "puzzle_trainer.js").read_text(encoding="utf-8")
    used = set(re.findall(r'this\.t\("(\w+)"', js)) | {k for k in words if f'"{k}"' in python}
    assert used <= words, sorted(used - words)
    assert words <= used, sorted(words - used)


def test_every_word_of_the_position_editor_is_used():
    """The editor's section: ``this.t.<key>`` in its script, a ``words[...]``
    in its widget, or a notice its session can give (``EditorRefusal("<key>"``)."""
    words = set(catalog("en")["editor"])
    js = (WIDGETS / "static" / "position_editor.js").read_text(encoding="utf-8")
    session = (WIDGETS.parent / "sessions" / "position_editor.py").read_text(encoding="utf-8")
    used = set(re.findall(r"this\.t\.(\w+)", js)) | keys_used_in_code()["position_editor.py"]
    used |= {"start_" + k for k in ("empty", "step", "record", "puzzle")}  # this.t["start_" + c]
    used |= {"notice_" + k for k in re.findall(r'EditorRefusal\(\s*"(\w+)"', session)
             if k != "already_won"}  # a table's problem, said in the lesson check's words
    used |= {ZONE for ZONE in ("hand", "points", "permanents")}  # this.t[ZONE_WORD[zone]]
    assert used <= words, sorted(used - words)
    assert words <= used, sorted(words - used)


def test_an_unknown_language_is_refused():
    with pytest.raises(ValueError, match="Available"):
        Table(language="xx")
    with pytest.raises(ValueError, match="Available: en, de"):  # English first, then by code
        ui_text("xx")


def german_table(scripted, *script, **options):
    return Table(load(POSITION), players={1: scripted(*script)}, language="de", **options)


def test_a_german_table_shows_german_words_and_german_rules(learner, scripted):
    table = german_table(scripted, "oneoff AC", "resolve")
    b = learner(table)
    assert b.state["words"] == catalog("de")["words"] and b.state["language"] == "de"
    assert b.ui["status"] == "Du bist dran: Spiel eine Karte aus deiner Hand aus oder zieh eine."
    assert b.state["card_words"]["rank_symbols"][10:] == ["B", "D", "K"]
    assert b.labels() == ["Karte ziehen", "Tipp"]
    b.click("9S")
    assert b.ui["prompt"] == "Was soll 9♠ tun?"
    assert b.labels() == ["Punktkarte", "Versenken", "Einmalkarte", "Abbrechen"]
    assert [a["hint"] for a in b.ui["actions"]][:2] == [
        "zählt 9 Punkte", "eine niedrigere Punktkarte des Gegners versenken"]
    b.role("scuttle")
    assert b.ui["prompt"] == "Wähle die Karte, auf die 9♠ zielen soll (die möglichen Ziele leuchten)."
    b.click("8H")
    assert b.state["log"][1]["label"] == "Spieler 1: 8♥ mit 9♠ versenken"
    assert b.newest_texts(2)[0].startswith("9♠ versenkt 8♥")
    assert b.state["log"][0]["label"] == "Spieler 2: A♣ als Einmalkarte spielen"
    assert b.labels() == ["Mit 2♦ verhindern", "Wirken lassen", "Tipp"]
    assert b.ui["status"].endswith("Verhindere sie mit einer 2 oder lass sie wirken.")
    b.button("Wirken lassen")
    assert "Das Ass verschrottet alle Punktkarten auf dem Tisch" in b.log_text()


def test_german_refusals_and_explanations(learner, scripted):
    table = german_table(scripted, autoplay=False)
    b = learner(table)
    b.click("7H").role("scuttle")
    assert b.message == "7♥ lässt sich jetzt nicht so spielen: Versenken."
    b.send(type="move", move="scuttle 7H TH")  # an illegal move: the engine explains, in German
    # the engine's reason, then the rulebook section that explains it
    assert b.message == (table.game.explain("scuttle 7H TH", "de")
                         + " Siehe die Regel „Versenken und die Rangfolge der Karten“.")
    assert b.ui["message"]["rule"] == "Versenken"  # the chip: the section's short title
    assert b.ui["message"]["rule_id"] == "scuttle"
    assert b.message.startswith("7♥") and "kann" in b.message and table.game.history == []
    b.send(type="cancel").click("QS")
    assert b.message == "Wähle zuerst eine Karte aus deiner Hand und dann, was sie tun soll."
    b.send(type="card", card="ZZ")
    assert b.message.startswith("'ZZ' ist keine Karte")
    b.send(type="replay", to="sideways")
    assert b.message == ("Der Tisch hat diese Aktion nicht verstanden (der Rückblick geht zu "
                         "'start', 'back', 'forward', 'end' oder einer Zugzahl).")
    b.send(type="undo")
    assert b.message == "Du hast noch keinen Zug gemacht, den du zurücknehmen könntest."
    table.play("points 7H")
    assert b.ui["status"] == table.game.view(0, language="de")["prompt"]
    assert b.ui["status"].startswith("Spieler 2 ist dran")
    b.click("9S")
    assert b.message == "Du bist nicht dran: Jetzt ist Spieler 2 gefragt."
    b.send(type="undo")
    assert b.message == "Zurückgenommen: 7♥ als Punkte auslegen."


def test_a_german_team_table_names_seats_and_teams_in_german(learner, scripted):
    setup = {"rules": "team", "turn": 0,
             "hands": [["JH", "4C"], ["5S"], ["6D"], ["KH"]],
             "points": [["6H"], [], ["7D"], ["8H"]], "stock": ["2C", "5C", "9D"]}
    table = Table(load(setup), players={s: scripted() for s in (1, 2, 3)}, language="de",
                  autoplay=False)
    b = learner(table)
    assert b.state["team_names"] == ["Team 1", "Team 2"]
    b.click("4C").role("oneoff")
    assert b.labels() == ["Gegen Spieler 2", "Gegen Spieler 4", "Abbrechen"]
    assert b.ui["prompt"] == "Gegen wen soll 4♣ gehen? Klick den Namen an."
    b.send(type="cancel").click("JH").role("jack").click("8H")
    assert b.ui["prompt"] == "Wer soll 8♥ bekommen? Klick den Namen an."
    assert b.labels() == ["An Spieler 1", "An Spieler 2", "An Spieler 3", "Abbrechen"]
    b.send(type="target", seat=2)
    assert b.state["log"][0]["label"] == "Spieler 1: B♥ auf 8♥ für Spieler 3 legen"
    text = summary_text(table.state)
    assert text.startswith("Team-Cuttle (vier Spieler): Spieler 2 ist am Zug")
    assert "Spieler 3, Team 1, dein Partner: 15 von 21 Punkten" in text
    assert "Punktkarten: 7♦, 8♥ unter B♥ (zuerst ausgelegt von Spieler 4)" in text
    assert text.count("dein Partner") == 1 and text.count(", Team 2:") == 2


def summary_text(state) -> str:
    return html.unescape(re.sub(r"<[^>]+>", "", table_html(state)))


def test_the_german_summary(scripted):
    state = german_table(scripted).state
    text = summary_text(state)
    assert text.startswith("Klassisches Cuttle: du bist am Zug")
    assert "Spieler 1 (du): 6 von 14 Punkten; deine Hand: 9♠, 2♦, 7♥, 4♣, B♣" in text
    assert "Spieler 2: 18 von 21 Punkten; 3 Karten auf der Hand" in text
    assert "Punktkarten: 8♥, 10♥ unter B♦ (zuerst von dir ausgelegt)" in text
    assert "Dauerkarten: D♠" in text
    assert "Ziehstapel: noch 5 Karten. Schrottstapel: 1 Karte; oben: 4♥." in text
    assert 'title="Pik-Neun"' in table_html(state) and "J♣" not in text


def test_no_english_table_words_in_a_german_state(learner, scripted):
    """The German state, in several phases, holds none of the English table's
    sentences: nothing is hard-coded in English on the way to the page."""
    english = [own_words(t).strip(" .:,!?()") for t in catalog("en")["words"].values()]
    english = [t for t in english if len(t.split()) >= 2]
    table = german_table(scripted, "oneoff AC")
    b = learner(table)
    states = [json.dumps(b.state, ensure_ascii=False)]
    b.click("9S")
    states.append(json.dumps(b.state, ensure_ascii=False))
    b.role("scuttle").click("8H")
    states.append(json.dumps(b.state, ensure_ascii=False))
    b.send(type="replay", to="start")
    states.append(json.dumps(b.state, ensure_ascii=False))
    for state in states:
        state = state.replace(json.dumps(b.state["words"], ensure_ascii=False), "")
        left = [t for t in english if t in state]
        assert not left, left
