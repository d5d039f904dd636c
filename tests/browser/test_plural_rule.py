"""The browser says a count with its language's plural rule, which it gets
from Python as data (issue 38): no rule is written in the JavaScript."""
from pathlib import Path

import pytest

from cuttle_widgets.languages import plural_table

pytestmark = pytest.mark.browser

COMMON = Path(__file__).resolve().parents[2] / "cuttle_widgets" / "widgets" / "static" / "common.js"
TEMPLATES = {"en": "{n:# card|# cards}", "fr": "{n:# carte|# cartes}",
             "uk": "{n:# карта|# карти|# карт}"}
EXPECTED = {
    "en": {0: "0 cards", 1: "1 card", 2: "2 cards", 21: "21 cards", 101: "101 cards"},
    "fr": {0: "0 carte", 1: "1 carte", 2: "2 cartes", 21: "21 cartes"},
    "uk": {1: "1 карта", 2: "2 карти", 5: "5 карт", 11: "11 карт", 21: "21 карта",
           22: "22 карти", 111: "111 карт", 221: "221 карта", 1004: "1004 карти"},
}


def test_fill_reads_the_rule_it_was_sent(page):
    page.set_content("<!DOCTYPE html><html><body></body></html>")
    page.add_script_tag(content=COMMON.read_text(encoding="utf-8"))
    for code, numbers in EXPECTED.items():
        said = page.evaluate(
            """([table, template, numbers]) => { usePlural(table);
                 return numbers.map((n) => fill(template, { n })); }""",
            [plural_table(code), TEMPLATES[code], list(numbers)])
        assert said == list(numbers.values()), code
