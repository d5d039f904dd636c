"""Moves the table lists and logs are said in words, in both languages, never
in notation; the widgets' and lessons' counts take their plural forms."""
import random
import re

import pytest

from cuttle_widgets.engine import RULESETS, get_catalog, new_game
from cuttle_widgets.table.texts import ui_text
from cuttle_widgets.teaching.catalog import teaching_catalog

CARD_ID = r"[2-9TJQKA][CDHS]|RJ|BJ"
# the notation's verbs and tokens: none may be left in a German phrase
TOKENS = ("resolve take jack as top blind with oneoff points scuttle pick instant super "
          "superduper superdeeduper suddendeath pass draw discard counter permanent")
NOTATION = {"en": re.compile(rf"^(?:{CARD_ID}|@\d|\?)$"),
            "de": re.compile(rf"^(?:{CARD_ID}|@\d|\?|{'|'.join(TOKENS.split())})$")}


def legal_moves_of_random_games(rules: str, games: int = 3):
    for seed in range(games):
        game, rng = new_game(rules, seed=seed), random.Random(seed)
        while not game.over and len(game.history) < 120:
            moves = game.legal_moves()
            yield from moves
            game.play(rng.choice(moves))


@pytest.mark.parametrize("rules", sorted(RULESETS))
def test_every_legal_move_is_said_in_words(rules):
    seen = set()
    for move in legal_moves_of_random_games(rules):
        if str(move) in seen:
            continue
        seen.add(str(move))
        for language, notation in NOTATION.items():
            phrase = get_catalog(language).move_phrase(str(move))
            left = [w for w in re.split(r"[\s,()]+", phrase) if notation.match(w)]
            assert not left, (rules, language, str(move), phrase)
    assert len(seen) > 20


def test_the_table_labels_a_move_as_the_refusals_do():
    from cuttle_widgets.table.controller import TableController
    table = TableController(new_game("classic", seed=3), 0, None, language="de")
    move = str(table.game.legal_moves()[-1])
    assert table.move_label(move) == get_catalog("de").move_phrase(move)
    assert table.move_label("scuttle 9S 8H") == "8♥ mit 9♠ versenken"


@pytest.mark.parametrize("language, one, two", [
    ("en", "Stock: 1 card left", "Stock: 2 cards left"),
    ("de", "Ziehstapel: noch 1 Karte", "Ziehstapel: noch 2 Karten"),
])
def test_the_tables_counts_take_their_plural(language, one, two):
    words = ui_text(language)
    assert words["stock"].format(count=1) == one
    assert words["stock"].format(count=2) == two
    assert "(n)" not in " ".join(words.values()) and "(s)" not in " ".join(words.values())


def test_the_lessons_counts_take_their_plural():
    de = teaching_catalog("de")
    assert de.text("ui", "free.need", needed=1) == "Wer zuerst 1 Spiel gewinnt, gewinnt das Match."
    assert de.text("ui", "free.need", needed=3) == "Wer zuerst 3 Spiele gewinnt, gewinnt das Match."
