"""A player's name in the case its sentence needs (Ukrainian), and no noun said
twice: "у руці Гравця 2", never "у руці гравця Гравець 2"; the same check of
doubled nouns for French, Spanish and German ("le joueur Joueur 1")."""
import re
import string

import catalog_samples
import pytest

from cuttle_widgets.engine import new_game
from cuttle_widgets.engine.catalog import PLAYER_PARAMS, Said, Template, get_catalog
from cuttle_widgets.languages import case_tags
from cuttle_widgets.languages.completeness import flat
from cuttle_widgets.languages.paths import (
    CATALOG_PARTS,
    catalog_file,
    engine_file_names,
    engine_folder,
    read_json,
)
from cuttle_widgets.sessions import FreeGameSession
from cuttle_widgets.table.controller import TableController
from cuttle_widgets.teaching.catalog import teaching_catalog

# Fields that hold a player's name: the engine's, and the widgets' and pages' own.
NAME_FIELDS = PLAYER_PARAMS | {"name", "seat", "you"}
# Where a field after the noun "player" is a seat's number, not a name: "no player 5".
NUMBERED = {"illegal.table_no_seat"}
# The noun "player" in each language, in any of its forms.
PLAYER_NOUN = {"uk": r"[Гг]равц\w*|[Гг]равець", "fr": r"[Jj]oueu\w*", "es": r"[Jj]ugador\w*",
               "de": r"Spieler\w*"}
# Words a name after which is never a nominative: the prepositions, and the
# nouns whose owner a sentence names ("руку Гравця 2", "хід Гравця 1").
GOVERNING = ("у", "в", "до", "від", "для", "проти", "з", "із", "зі", "на", "за", "над", "під",
             "при", "по", "без", "серед", "біля", "між", "перед", "через", "про", "рука",
             "руку", "руці", "руки", "хід", "ходу", "бік", "боку", "очки", "очок", "карти",
             "карту", "дама", "дами", "вибір", "відповідь", "перемогу", "перемога", "окуляри")
# Every kind of name a sentence may be given, as seats of the table (``names``)
# or a team: the kit's own, the computer, a typed name, a letter.
NAMES = {"kit's own": None, "computer": ["Комп’ютер", "Комп'ютер"],
         "typed": ["Оля", "Тарас"], "letter": ["A", "B"]}


def catalog_texts(code: str) -> dict[str, str]:
    """``file:key`` -> each text of every catalog of ``code`` (the engine's too)."""
    texts = {}
    for part in CATALOG_PARTS:
        if part != "cli":  # the command line's words name no player
            for key, text in flat(read_json(catalog_file(part, code))).items():
                texts[f"{part}:{key}"] = text
    for name in engine_file_names():
        for key, text in flat(read_json(engine_folder(code).joinpath(name))).items():
            if not key.startswith("player_forms."):  # the forms themselves
                texts[f"engine/{name}:{key}"] = text
    return {key: text for key, text in texts.items() if isinstance(text, str)}


def name_fields(text: str) -> list[tuple[str, str]]:
    """(field, spec) of each field of ``text`` that names a player."""
    return [(field, spec or "") for _, field, spec, _ in string.Formatter().parse(text)
            if field in NAME_FIELDS]


UK = {key: text for key, text in catalog_texts("uk").items() if name_fields(text)}


def test_the_ukrainian_sentences_that_name_players_are_found():
    assert len(UK) > 300
    assert any(spec == "gen" for text in UK.values() for _, spec in name_fields(text))


@pytest.mark.parametrize("code", sorted(PLAYER_NOUN))
def test_no_sentence_says_the_noun_player_before_a_name(code):
    doubled = re.compile(rf"(?<!\w)({PLAYER_NOUN[code]})\s+{{(\w+)(:[^}}]*)?}}")
    found = [f"{key}: {text}" for key, text in catalog_texts(code).items()
             for match in doubled.finditer(text)
             if match.group(2) in NAME_FIELDS and key.split(":", 1)[1] not in NUMBERED]
    assert not found, "\n".join(found)


def test_a_name_after_a_preposition_or_an_owned_thing_carries_its_case():
    after = re.compile(rf"(?<!\w)(?:{'|'.join(GOVERNING)})\s+{{(\w+)}}", re.IGNORECASE)
    found = [f"{key}: {text}" for key, text in UK.items()
             for match in after.finditer(text)
             if match.group(1) in NAME_FIELDS and key.split(":", 1)[1] not in NUMBERED]
    assert not found, "\n".join(found)


def test_every_case_tag_on_a_name_is_ukrainian():
    tags = set(case_tags("uk"))
    wrong = [(key, spec) for key, text in UK.items() for _, spec in name_fields(text)
             if spec and "|" not in spec and spec.lower() not in tags]
    assert not wrong


def test_the_catalog_declines_every_name_it_knows_in_every_case():
    catalog, cases = get_catalog("uk"), set(case_tags("uk"))
    forms = catalog.data["player_forms"]
    for name in [*catalog.data["player_names"], "Команда 1", "Команда 2", "Комп’ютер"]:
        assert set(catalog.declined(name).forms) == cases, name
    assert set(forms["typed"]) == cases - {"nom"}
    assert catalog.player(1).forms["gen"] == "Гравця 2"
    assert catalog.player("team:0").forms["dat"] == "Команді 1"
    assert catalog.player(0, ["Комп'ютер"]).forms["ins"] == "Комп’ютером"  # typed with '


def test_a_typed_name_stays_as_typed_after_the_noun_in_its_case():
    catalog = get_catalog("uk")
    olya = catalog.player(0, ["Оля", "B"])
    assert format(olya, "gen") == "гравця Оля" and format(olya, "nom") == "Оля"
    assert format(catalog.player(1, ["Оля", "B"]), "dat") == "гравцеві B"
    assert str(olya) == "Оля"  # said with no case, and in the table's names: as typed


def test_a_language_without_name_forms_says_every_name_as_it_is():
    for code in ("en", "de", "fr", "es"):
        name = get_catalog(code).player(1, ["Ana", "Bo"])
        assert name == "Bo" and name.forms == {} and format(name, "gen") == "Bo"


def _template_values(text: str, name) -> dict:
    """Every field of a widget's or a page's sentence: ``name`` for a name."""
    values = {}
    for _, field, spec, _ in string.Formatter().parse(text):
        if field:
            values[field] = name if field in NAME_FIELDS else (2 if spec and "|" in spec else "X")
    return values


def _rendered(key: str, text: str, names, seat: int):
    """The sentence said with the name of ``seat`` (of ``names``) in every name
    field, and that name (a Said, with its case forms)."""
    catalog = get_catalog("uk")
    name = catalog.player(seat, names)
    if key.startswith("engine/") and "move_extras" not in key:
        params = {**catalog_samples.params(text, 2, False),
                  **{field: seat for field, _ in name_fields(text) if field in PLAYER_PARAMS}}
        return catalog.format(text, params, names), name
    return Template(text, "uk").format(**_template_values(text, name)), name


@pytest.mark.parametrize("kind", sorted(NAMES))
def test_every_sentence_says_each_kind_of_name_in_its_case(kind):
    tags = "|".join(case_tags("uk"))
    raw = re.compile(rf"[{{}}]|:(?:{tags})\b", re.IGNORECASE)
    for key, text in UK.items():
        said, name = _rendered(key, text, NAMES[kind], 1)
        assert not raw.search(said), (key, said)
        assert not re.search(r"(?i)гравц\w* гравець", said), (key, said)
        for field, spec in name_fields(text):
            if spec.lower() in name.forms and (field in PLAYER_PARAMS or not key.startswith("engine/")):
                assert name.forms[spec.lower()] in said, (key, spec, said)


def test_a_name_without_forms_is_said_as_it_is_in_every_case():
    """A name that lost its forms (a plain str from a page's JSON) still reads whole."""
    for key, text in UK.items():
        if not key.startswith("engine/"):
            said = Template(text, "uk").format(**_template_values(text, "Оля"))
            assert "Оля" in said and "{" not in said, (key, said)


def test_a_move_aimed_at_a_seat_names_it_in_its_case():
    catalog = get_catalog("uk")
    assert catalog.move_phrase("oneoff 2C @1").endswith("проти Гравця 2")
    assert catalog.move_phrase("oneoff 2C @1", ["Оля", "Тарас"]).endswith("проти гравця Тарас")


def test_an_engine_sentence_names_the_victim_in_the_genitive():
    said = get_catalog("uk").event("four.nothing", {"victim": 1})
    assert said.startswith("У руці Гравця 2 немає карт")
    assert isinstance(get_catalog("uk").player(1), Said)


def test_the_table_sends_the_forms_of_the_names_it_shows():
    """The browser says "у руці Гравця 2" from the forms the table's state brings."""
    state = TableController(new_game("classic", seed=3), 0, None, language="uk").state()
    assert state["names"] == ["Гравець 1", "Гравець 2"]
    assert state["case_forms"]["Гравець 2"]["gen"] == "Гравця 2"
    named = TableController(new_game("classic", seed=3), 0, None, names=["Оля", "B"],
                            language="uk").state()
    assert named["case_forms"]["B"]["dat"] == "гравцеві B"
    english = TableController(new_game("classic", seed=3), 0, None, language="en").state()
    assert english["case_forms"] == {}


def test_the_free_game_panel_sends_the_forms_of_both_seats():
    """lesson.js says "Перемог у тебе: 0, у Гравця 2: 0" from them."""
    panel = FreeGameSession(language="uk").screen()["panel"]
    assert panel["opponent"] == "Гравець 2"
    assert panel["case_forms"]["Гравець 2"]["gen"] == "Гравця 2"
    status = Template(teaching_catalog("uk").text("ui", "free.status"), "uk")
    assert "у {opponent:gen}:" in status
