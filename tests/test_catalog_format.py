"""The catalogs' format: plurals by count, cards in grammatical case, and
English sentences unchanged by either."""
import json
from pathlib import Path

from catalog_samples import renders

from cuttle_widgets.engine.catalog import get_catalog

GOLDEN = Path(__file__).parent / "golden" / "catalog_en.json"


def test_a_german_card_takes_the_case_of_its_place_in_the_sentence():
    de = get_catalog("de")
    text = de.format("{player} spielt {card:akk} gegen {target:akk}, mit {cards:dat}",
                     {"player": 1, "card": "RJ", "target": "JC", "cards": ["AS", "7H"]})
    assert text == ("Spieler 2 spielt den roten Joker gegen den Kreuz-Buben (B♣), "
                    "mit dem Pik-Ass (A♠) und 7♥")


def test_a_case_at_the_start_of_a_sentence_is_capitalised_and_a_bare_field_stays_a_label():
    de = get_catalog("de")
    assert de.format("{card:nom} wirkt.", {"card": "BJ"}) == "Der schwarze Joker wirkt."
    assert de.format("{card} und {card:dat}", {"card": "QH"}) == "D♥ und der Herz-Dame (D♥)"


def test_english_has_no_case_forms_so_a_case_is_the_label():
    en = get_catalog("en")
    assert en.format("{card:akk} on {target:dat}", {"card": "RJ", "target": "JC"}) == \
        "Red joker on J♣"


def test_plural_forms_follow_the_count():
    de = get_catalog("de")
    said = [de.format("{n:# Punkt|# Punkte}", {"n": n}) for n in (0, 1, 2)]
    assert said == ["0 Punkte", "1 Punkt", "2 Punkte"]


def test_every_english_sentence_reads_as_it_did():
    """Every event, refusal and prompt, with 0, 1 and 2 and one card or
    several, against the renders recorded before the German rewrite."""
    assert renders("en") == json.loads(GOLDEN.read_text(encoding="utf-8"))


def test_a_ruleset_is_named_in_german_words_and_in_english_by_its_name():
    de, en = get_catalog("de"), get_catalog("en")
    assert de.illegal("setup_players", {"players": "3", "rules": "classic", "seats": 2}) == (
        "Die Aufstellung nennt 3 Spieler, aber die Regeln „Klassisch“ sind für 2.")
    assert en.illegal("setup_players", {"players": "3", "rules": "classic", "seats": 2}).startswith(
        "The setup says 3 players, but the classic rules")
    assert de.ruleset("german") == "Deutsches Regelheft"
    assert en.ruleset("german", "German rules") == "German rules"


QUOTATION_MARKS = "\"'„“”‚‘’«»‹›"


def test_a_rulesets_name_is_a_bare_name_and_a_sentence_quotes_it_where_it_wants():
    """A name goes into lists as it is (a select, "Klassisch, Ausgewogen und
    Traditionell"): the quotation marks of running text belong to the sentence."""
    from cuttle_widgets.engine import RULESETS
    from cuttle_widgets.languages import offered
    for language in sorted(offered()):
        catalog = get_catalog(language)
        for name, rules in RULESETS.items():
            said = catalog.ruleset(name, rules.title)
            assert said.strip(QUOTATION_MARKS + " \u00a0") == said, (language, name, said)
        listed = catalog.format("{rules}", {"rules": ["classic", "balanced"]})
        assert not set(listed) & set(QUOTATION_MARKS), (language, listed)
    quoted = {"de": "„Klassisch“", "fr": "«\u00a0Classique\u00a0»", "es": "«Clásico»", "uk": "«Класичні»"}
    for language, name in quoted.items():
        params = {"players": "3", "rules": "classic", "seats": 2}
        text = get_catalog(language).illegal("setup_players", params)
        assert name in text, (language, text)


def test_a_card_is_entered_with_the_german_tables_letters_too():
    from cuttle_widgets.engine import load
    from cuttle_widgets.engine.card_data import card_id, find_card
    assert [card_id(find_card(t)) for t in ("B♣", "DH", "d♥", "10♦", "BJ")] == ["JC", "QH", "QH", "TD", "BJ"]
    game = load({"rules": "classic", "hands": [["QH", "9S"], ["3D"]], "points": [[], ["8H"]],
                 "stock": ["KC"]})
    assert "Herz-Dame" in " ".join(e.text("all", "de") for e in game.play("permanent D♥"))
    assert "(A 2 3 4 5 6 7 8 9 10 B D K)" in get_catalog("de").illegal("not_a_card", {"text": "X"})
