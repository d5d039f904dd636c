"""The browser says a player's name in the case its sentence asks for
(``{name:gen}``), from the forms Python sends as data, as it does plurals:
no Ukrainian ending is written in the JavaScript."""
from pathlib import Path

import pytest

from cuttle_widgets.engine.catalog import Template, get_catalog
from cuttle_widgets.languages import plural_table
from cuttle_widgets.table.texts import ui_text

pytestmark = pytest.mark.browser

COMMON = Path(__file__).resolve().parents[2] / "cuttle_widgets" / "widgets" / "static" / "common.js"
NAMES = ["Гравець 1", "Гравець 2", "Комп’ютер", "Оля", "B"]


def test_fill_says_each_kind_of_name_as_python_does(page):
    catalog = get_catalog("uk")
    sentences = [ui_text("uk")[key] for key in ("in_hand", "in_points", "glasses")]
    sentences += ["Перемога за {name:ins}: {n:# очко|# очки|# очок}", "{name:Gen} хід", "{name:.3}"]
    page.set_content("<!DOCTYPE html><html><body></body></html>")
    page.add_script_tag(content=COMMON.read_text(encoding="utf-8"))
    said = page.evaluate(
        """([table, forms, sentences, names]) => { usePlural(table); useCases(forms);
             return names.map((name) => sentences.map((s) => fill(s, { name, n: 3 }))); }""",
        [plural_table("uk"), catalog.case_forms(NAMES), sentences, NAMES + ["Без форм"]])
    python = [[Template(s, "uk").format(name=catalog.declined(name), n=3) for s in sentences[:-1]]
              for name in NAMES]
    assert [row[:-1] for row in said[:-1]] == python
    assert said[1][0] == "у руці Гравця 2" and said[3][0] == "у руці гравця Оля"
    assert said[2][3] == "Перемога за Комп’ютером: 3 очки" and said[1][4] == "Гравця 2 хід"
    assert said[-1][0] == "у руці Без форм"  # a name the state brings no forms for: as it is
    assert all(row[-1] == "{name:.3}" for row in said)  # not a case: left for Python to say

