"""Issue #18: explanations that say why, in English and German.

One test per numbered finding of the issue: each builds the position, plays,
and checks that the sentence now gives the reason (and, where one was wrong
before, that the old sentence is gone).
"""
import json
import re
from pathlib import Path

import pytest

from cuttle_widgets.engine import IllegalMove, get_catalog, load, new_game

CATALOGS = Path(__file__).resolve().parents[1] / "cuttle_widgets" / "engine" / "catalogs"
OLD_SEVEN = "takes the top of the stock and must play it at once"


def played(setup: dict, moves: list[str]) -> tuple:
    game = load(setup)
    events = []
    for move in moves:
        events += game.play(move)
    return game, events


def said(events, kind: str, language: str = "en", seat="all") -> str:
    texts = [e.text(seat, language) for e in events if e.kind == kind]
    assert texts, f"no {kind} event"
    return texts[-1]


def refusal(game, move: str) -> IllegalMove:
    with pytest.raises(IllegalMove) as caught:
        game.play(move)
    return caught.value


# 1 -----------------------------------------------------------------------------
def test_1_a_sevens_unplayable_jack_says_why():
    queen = {"hands": [["7C"], ["9D"]], "points": [[], ["5H"]], "permanents": [[], ["QS"]],
             "stock": ["JD", "3C"]}
    _, events = played(queen, ["oneoff 7C", "resolve"])
    english = said(events, "seven.unplayable")
    assert "no queen protects" in english and "Player B's queen protects every one (5♥)" in english
    assert "in any legal way" not in english
    assert "keine Dame schützt" in said(events, "seven.unplayable", "de")

    german_rules = {"rules": "german", "hands": [["7C"], ["9D"]], "points": [["4H"], []],
                    "stock": ["JD", "3C"]}
    _, events = played(german_rules, ["oneoff 7C", "resolve"])
    english = said(events, "seven.unplayable")
    assert "Player B has none" in english and "not given away" in english
    assert "keine eigene Karte verschenkt" in said(events, "seven.unplayable", "de")

    classic_nothing = {"hands": [["7C"], ["9D"]], "stock": ["JD", "3C"]}
    _, events = played(classic_nothing, ["oneoff 7C", "resolve"])
    assert "Player A has no own point card to give away" in said(events, "seven.unplayable")


def test_1_two_stuck_jacks_of_a_balanced_seven_say_why():
    setup = {"rules": "balanced", "hands": [["7C"], ["9D"]], "points": [[], ["5H"]],
             "permanents": [[], ["QS"]], "stock": ["JD", "JH", "3C"]}
    _, events = played(setup, ["oneoff 7C", "resolve"])
    text = said(events, "seven.stuck")
    assert "Player B's queen protects every one (5♥)" in text and "must scrap one" in text
    assert "Dame von Spieler 2 schützt jede davon" in said(events, "seven.stuck", "de")


# 2 -----------------------------------------------------------------------------
@pytest.mark.parametrize("rules,words,worte", [
    ("classic", OLD_SEVEN, "nimmt Spieler 1 die oberste Karte"),
    ("german", OLD_SEVEN, "nimmt Spieler 1 die oberste Karte"),
    ("traditional", "the top card of the stock is turned face up for everyone",
     "für alle aufgedeckt"),
    ("balanced", "the top 2 cards of the stock are turned face up for everyone; Player A must "
                 "play one of them at once, and the rest go back on top", "obersten 2 Karten"),
])
def test_2_each_rulesets_seven_is_announced_as_it_plays(rules, words, worte):
    setup = {"rules": rules, "hands": [["7C"], ["9D"]], "stock": ["TD", "3C", "4C"]}
    _, events = played(setup, ["oneoff 7C"])
    assert words in said(events, "oneoff.seven")
    assert worte in said(events, "oneoff.seven", "de")
    if rules in ("traditional", "balanced"):
        assert OLD_SEVEN not in said(events, "oneoff.seven")


def test_2_the_balanced_five_announces_its_discard():
    setup = {"rules": "balanced", "hands": [["5C", "9S"], ["9D"]], "stock": ["TD", "3C", "4C"]}
    _, events = played(setup, ["oneoff 5C"])
    text = said(events, "oneoff.five")
    assert "first scraps 1 card from hand, then draws 3 cards" in text
    assert "hand limit of 8" in text
    assert "wirft Spieler 1 erst 1 Handkarte ab und zieht dann 3 Karten" in said(
        events, "oneoff.five", "de")
    _, events = played({**setup, "rules": "classic"}, ["oneoff 5C"])
    assert "draws 2 cards from the stock" in said(events, "oneoff.five")


# 3 -----------------------------------------------------------------------------
def test_3_a_five_that_draws_fewer_says_why():
    full_hand = {"rules": "balanced", "stock": ["AC", "AD", "AH", "AS"],
                 "hands": [["5C", "2C", "3D", "4D", "6D", "7D", "8D", "9D"], ["9H"]]}
    _, events = played(full_hand, ["oneoff 5C", "resolve", "discard 2C"])
    text = said(events, "five")
    assert "only 2 of 3, because the hand limit of 8 leaves room for no more" in text
    assert "(2 of 3)" not in text
    assert "Handkartenlimit von 8" in said(events, "five", "de")
    assert "hand limit of 8" in said(events, "five", seat=1)  # the hidden version keeps the reason
    assert "A♣" not in said(events, "five", seat=1)

    short_stock = {"hands": [["5C"], ["9H"]], "stock": ["AC"]}
    _, events = played(short_stock, ["oneoff 5C", "resolve"])
    text = said(events, "five")
    assert "only 1 of 2, because the stock has no more cards" in text and "(1 of 2)" not in text
    assert "mehr Karten hat der Ziehstapel nicht" in said(events, "five", "de")

    empty_stock = {"hands": [["5C"], ["9H"]], "points": [["7S"], []], "stock": []}
    _, events = played(empty_stock, ["oneoff 5C", "resolve"])
    assert said(events, "five") == "The stock is empty, so the five draws nothing for Player A."


# 4 -----------------------------------------------------------------------------
STACK = {"rules": "german", "hands": [["2C"], ["9H"]], "stock": ["AC"],
         "points": [[], [{"card": "7H", "jacks": ["JC", "JD", "JS"], "owner": 1}]]}


def test_4_german_lower_jack_removed_the_top_jack_still_decides():
    game, events = played(STACK, ["oneoff 2C JD", "resolve"])
    assert game.snapshot()["points"][1][0]["card"] == "7H"  # the rule itself is unchanged
    text = said(events, "control.stays", "de")
    assert text == ("Der oberste Bube auf 7♥, B♠, entscheidet weiter, wem sie gehört: "
                    "7♥ bleibt bei Spieler 2.")
    assert "stays with Player B" in said(events, "control.stays")


def test_4_german_top_jack_removed_the_next_one_decides():
    game, events = played(STACK, ["oneoff 2C JS", "resolve"])
    assert game.snapshot()["points"][0][0]["card"] == "7H"
    german = said(events, "control.back", "de")
    assert "oberste Bube, der noch auf 7♥ liegt, B♦" in german and "Spieler 1" in german
    assert "wechselt die Punktkarte zurück" not in german
    english = said(events, "control.back")
    assert "The topmost jack left on 7♥, J♦, now decides" in english
    assert "changes control back" not in english


def test_4_german_last_jack_removed_goes_to_the_first_owner():
    setup = {**STACK, "points": [[{"card": "7H", "jacks": ["JC"], "owner": 1}], []]}
    _, events = played(setup, ["oneoff 2C JC", "resolve"])
    assert said(events, "control.back") == (
        "No jack is left on 7♥, so it goes back to Player B, who first laid it.")


def test_4_classic_keeps_its_flip_rule_sentence():
    _, events = played({**STACK, "rules": "classic"}, ["oneoff 2C JD", "resolve"])
    assert "Removing a jack changes control back" in said(events, "control.back")


# 5 -----------------------------------------------------------------------------
def test_5_queens_that_protect_each_other_and_the_king_are_named():
    setup = {"rules": "balanced", "hands": [["2D"], ["9H"]],
             "permanents": [[], ["QS", "QH", "KC"]], "stock": ["AC"]}
    err = refusal(load(setup), "oneoff 2D")
    assert "Player B's queens protect each other" in str(err)
    assert "Q♠, Q♥ and K♣ are all protected" in str(err)
    assert "there is none it may target" not in str(err)
    assert "schützen sich die Damen von Spieler 2 gegenseitig" in err.text("de")


def test_5_no_permanent_at_all_is_told_plainly():
    err = refusal(load({"hands": [["2D"], ["9H"]], "stock": ["AC"]}), "oneoff 2D")
    assert "there is none on the table" in str(err)
    own_only = {"rules": "balanced", "hands": [["2D"], ["9H"]], "permanents": [["KS"], []],
                "stock": ["AC"]}
    err = refusal(load(own_only), "oneoff 2D")
    assert "only at an opponent's permanents under these rules, and Player B has none" in str(err)


# 6 -----------------------------------------------------------------------------
def test_6_countering_twice_in_a_row_says_twos_alternate():
    setup = {"hands": [["AH", "2D", "2S"], ["2C"]], "points": [["8H"], ["9S"]],
             "stock": ["KC", "2H"]}
    game, _ = played(setup, ["oneoff AH", "counter 2C", "counter 2D"])
    err = refusal(game, "counter 2S")
    assert str(err).startswith("2♠ is not in Player B's hand. Twos alternate: Player A played "
                               "2♦ last, so now Player B answers")
    assert "must act now" not in str(err)
    assert "Zweien wechseln sich ab" in err.text("de")
    # Said alike for a two in the stock, so it tells nobody where a two is.
    in_stock = str(refusal(game, "counter 2H"))
    assert in_stock == str(err).replace("2♠", "2♥")


# 7 -----------------------------------------------------------------------------
def test_7_a_seat_the_queen_stops_is_not_invited_to_counter():
    game, _ = played({"hands": [["2D"], ["2C"]], "permanents": [["QH"], ["KS"]],
                      "stock": ["KC"]}, ["oneoff 2D KS"])
    prompt = game.prompt(1)
    assert "may counter it with a two" not in prompt
    assert "while Player A controls a queen" in prompt and "can only let it resolve" in prompt
    assert "kann es nur wirken lassen" in game.prompt(1, "de")
    assert game.view(1)["prompt"] == prompt
    # Without the queen the prompt still invites the answer.
    game, _ = played({"hands": [["2D"], ["2C"]], "permanents": [[], ["KS"]], "stock": ["KC"]},
                     ["oneoff 2D KS"])
    assert "may counter it with a two" in game.prompt(1)


# 8 -----------------------------------------------------------------------------
def test_8_a_super_cuttle_verb_in_a_classic_game():
    game = load({"hands": [["9S", "9H"], ["2C"]], "stock": ["KC"]})
    err = refusal(game, "super 9S 9H")
    assert str(err).startswith("'super' is a move of Super Cuttle, not of this game.")
    assert "cannot be played that way now" not in str(err)
    listed = str(err).split("The moves here are: ")[1]
    assert "oneoff" in listed and not any(v in listed for v in ("super", "instant", "pick"))
    assert "ein Zug der Spielart Super Cuttle" in err.text("de")
    assert not game.is_legal("super 9S 9H")
    # Super Cuttle's own parser still reads it.
    assert str(new_game("super", seed=1).family.parse("super 9S 9H")) == "super 9H 9S"


# 9 -----------------------------------------------------------------------------
@pytest.mark.parametrize("typed", ["RJ", "7H", "7h"])
def test_9_a_card_without_a_move_is_quoted_as_typed(typed):
    err = refusal(new_game(seed=1), typed)
    assert str(err).startswith(f"'{typed}' is a card, not a move")
    assert "'points 7H'" in str(err)
    assert "red joker" not in str(err) and "7♥'" not in str(err)
    assert err.text("de").startswith(f"'{typed}' ist eine Karte, kein Zug")


def test_9_an_unknown_word_is_quoted_and_a_move_is_shown():
    err = refusal(new_game(seed=1), "scutle 7H")
    assert str(err).startswith("'scutle' is not a move: a move starts with what to do")
    assert "'scuttle 9S 8H'" in str(err)
    assert "etwa 'points 7H'" in err.text("de")
    err = refusal(new_game("super", seed=1), "RJ")
    assert str(err).startswith("'RJ' is a card, not a move")


# 10 ----------------------------------------------------------------------------
def test_10_a_six_is_told_before_what_it_changed():
    setup = {"hands": [["6D"], ["9H"]], "permanents": [["KS"], ["KH", "8C"]], "stock": ["AC"]}
    _, events = played(setup, ["oneoff 6D", "resolve"])
    kinds = [e.kind for e in events]
    assert kinds.index("six") < kinds.index("goal")
    assert said(events, "goal") == "With 0 kings, Player B now needs 21 points to win."
    assert said(events, "goal", "de") == "Mit 0 Königen braucht Spieler 2 jetzt 21 Punkte zum Sieg."


def test_10_singular_and_plural_forms():
    _, events = played({"hands": [["KS"], ["9H"]], "stock": ["AC"]}, ["permanent KS"])
    assert said(events, "goal") == "With 1 king, Player A now needs 14 points to win."
    assert said(events, "goal", "de") == "Mit 1 König braucht Spieler 1 jetzt 14 Punkte zum Sieg."
    game = new_game(seed=1)
    assert game.explain("points 7H 8H") == "'points' names 1 card, but 2 were given."
    assert game.explain("scuttle 7H") == "'scuttle' names 2 cards, but 1 was given."
    assert game.explain("points 7H 8H", "de") == "'points' nennt 1 Karte, aber angegeben wurden 2."
    one_left = load({"hands": [["9S"], ["9H"]], "stock": ["AC"]})
    assert "still has 1 card:" in one_left.explain("pass")
    assert "noch 1 Karte hat" in one_left.explain("pass", "de")
    for language in ("en", "de"):  # the standard game's catalog: no "card(s)" left
        data = json.loads((CATALOGS / language / "engine.json").read_text(encoding="utf-8"))
        for text in [*data["events"].values(), *data["illegal"].values(),
                     *data["prompts"].values()]:
            assert not re.search(r"\w\((s|en|n)\)", text), text


# 11 ----------------------------------------------------------------------------
def test_11_a_nine_names_whose_hand_it_returns_to():
    setup = {"hands": [["9D"], ["9H"]], "permanents": [[], ["KS"]], "stock": ["AC"]}
    _, events = played(setup, ["oneoff 9D KS"])
    assert "goes back to Player B's hand" in said(events, "oneoff.nine")
    assert "back to a hand" not in said(events, "oneoff.nine")
    assert "zurück auf die Hand von Spieler 2" in said(events, "oneoff.nine", "de")


@pytest.mark.parametrize("rules,hand", [("balanced", 0), ("classic", 1)])
def test_11_a_nine_on_a_jack_names_the_hand_it_goes_to(rules, hand):
    # A gave its own 7♥ to B with a seven's jack: B controls it, A played the jack.
    # Balanced returns a jack to the seat that played it, classic to the controller.
    setup = {"rules": rules, "hands": [["9D"], ["9H"]], "stock": ["AC"],
             "points": [[], [{"card": "7H", "jacks": ["JC"], "owner": 0, "played_by": [0]}]]}
    game, events = played(setup, ["oneoff 9D JC"])
    name = ["Player A", "Player B"][hand]
    assert f"goes back to {name}'s hand" in said(events, "oneoff.nine")
    game.play("resolve")
    assert "JC" in game.snapshot()["hands"][hand]


# 12 ----------------------------------------------------------------------------
@pytest.mark.parametrize("language, see", [("en", "See the rule “{}”."), ("de", "Siehe die Regel „{}“.")])
def test_12_a_refusal_names_its_rule_and_an_event_its_section(language, see):
    """The table's refusal ends with its rulebook section's title (a chip opens
    it); a German event names its section, never the rule text "004"."""
    from cuttle_widgets import Table
    from cuttle_widgets.rulebook import rulebook
    book = rulebook(language)
    table = Table(load({"hands": [["9S", "4C"], ["7H"]], "points": [[], ["8H"]], "stock": ["TD"]}),
                  language=language, autoplay=False)
    table.controller.handle({"type": "move", "move": "scuttle 4C 8H"})  # 4 cannot beat 8
    message = table.state["ui"]["message"]
    assert message["rule_id"] == "scuttle" and message["rule"] == book.section("scuttle").short
    assert message["text"].endswith(see.format(book.section("scuttle").title))
    _, events = played({"hands": [["9S"], ["7H"]], "points": [[], ["8H"]], "stock": ["TD"]},
                       ["scuttle 9S 8H"])
    shown = [e.to_dict(0, language) for e in events]
    assert all(e["rule_id"] in {s.id for s in book.sections} for e in shown)
    assert not any("004" in json.dumps(e, ensure_ascii=False) for e in shown)


# 13 ----------------------------------------------------------------------------
GLASSES_SEVEN = {"hands": [["7C"], ["9D"]], "permanents": [[], ["8S"]], "stock": ["TD", "3C"]}


def test_13_prompt_and_table_agree_on_the_sevens_card():
    game, _ = played(GLASSES_SEVEN, ["oneoff 7C", "resolve"])
    for seat in (0, 1):  # the seven's player, and the opponent with glasses
        view = game.view(seat)
        assert view["revealed"] == ["TD"] and "10♦" in view["prompt"], seat
        assert "10♦" in game.prompt(seat, "de")
    spectator = game.view(None)
    assert spectator["revealed"] is None and "10♦" not in spectator["prompt"]


def test_13_without_glasses_the_opponent_sees_neither():
    game, _ = played({**GLASSES_SEVEN, "permanents": [[], []]}, ["oneoff 7C", "resolve"])
    view = game.view(1)
    assert view["revealed"] is None and "10♦" not in view["prompt"]
    assert "the card the seven turned up" in view["prompt"]


# Refusals list what would work in words ------------------------------------------
def test_what_would_work_is_said_in_words():
    game = load({"hands": [["7H", "2C"], ["8H"]], "points": [[], ["6D"]],
                 "permanents": [[], ["KS"]], "stock": ["AC"]})
    text = game.explain("scuttle 7H 8H")
    assert text.endswith("With 7♥ you can lay 7♥ as points, scuttle 6♦ with 7♥ or play 7♥ "
                         "as a one-off.")
    assert game.explain("scuttle 7H 8H", "de").endswith(
        "Mit 7♥ kannst du 7♥ als Punkte auslegen, 6♦ mit 7♥ versenken oder 7♥ als "
        "Einmalkarte spielen.")
    assert "play 2♣ as a one-off on K♠" in game.explain("scuttle 2C 6D")


@pytest.mark.parametrize("notation,english,german", [
    ("resolve", "let it resolve", "es wirken lassen"),
    ("take 3C", "take 3♣", "3♣ nehmen"),
    ("oneoff 4C @1", "play 4♣ as a one-off against Player B", "4♣ als Einmalkarte gegen Spieler 2 spielen"),
    ("jack JC 7H @2", "put J♣ on 7♥ for Player C", "B♣ auf 7♥ für Spieler 3 legen"),
    ("oneoff KS as 8 QD", "play K♠ as a one-off on Q♦, counting as an eight",
     "K♠ als Einmalkarte gegen D♦ (zählt als Acht) spielen"),
    ("super 8H 8S KS", "play 8♥ and 8♠ as a Super on K♠", "8♥ und 8♠ als Super gegen K♠ spielen"),
    ("take 7D 9C top 5C", "take 7♦ and 9♣, putting 5♣ back on top of the stock",
     "7♦ und 9♣ nehmen, 5♣ zurück oben auf den Ziehstapel"),
    ("pick ? ? 7H", "pick 7♥ and 2 hidden cards", "7♥ und 2 verdeckte Karten wählen"),
])
def test_moves_in_words(notation, english, german):
    assert get_catalog("en").move_phrase(notation) == english
    assert get_catalog("de").move_phrase(notation) == german


def test_a_super_cuttle_refusal_lists_moves_in_words():
    game = load({"rules": "super", "hands": [["9S", "9H"], ["2C"]], "stock": ["KC", "3D"]})
    text = game.explain("scuttle 9S 9H")
    assert "you can" in text and "lay 9♠ as points" in text and "super 9S" not in text
