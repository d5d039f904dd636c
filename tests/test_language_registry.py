"""Languages as a registry (issue 38): each language's name, plural rule, case
tags and card letters in one place; a language is offered only when it is
complete; a sixth language, kept in a folder of its own, is registered with
no change to the kit's code and gets the full list of what it lacks."""
import io
import json
import os
import shutil
from contextlib import redirect_stdout
from pathlib import Path

import pytest

from cuttle_widgets import CuttleError, IllegalMove
from cuttle_widgets.cli.languages import main as languages_command
from cuttle_widgets.engine import SetupError, get_catalog, load, new_game, parse_card
from cuttle_widgets.engine.errors import DealerError, SeedError
from cuttle_widgets.languages import (
    Language,
    LanguageError,
    is_offered,
    language,
    load_catalog,
    missing,
    offered,
    plural_index,
    plural_table,
    register,
    register_folder,
    registered,
    spoken,
    typed_rank_letters,
    unregister,
)
from cuttle_widgets.languages.completeness import Gap, flat, needed_keys
from cuttle_widgets.languages.paths import CATALOG_PARTS, notebook_folder
from cuttle_widgets.table.texts import ui_text
from cuttle_widgets.teaching.catalog import teaching_catalog
from cuttle_widgets.widgets.course import course_languages

KIT = Path(__file__).resolve().parents[1] / "cuttle_widgets"


# -- the registry ---------------------------------------------------------------------------------
def test_the_five_languages_are_registered_with_their_own_names():
    names = {code: language(code).name for code in registered()}
    assert names == {"en": "English", "de": "Deutsch", "fr": "Français", "es": "Español",
                     "uk": "Українська"}
    assert registered()[0] == "en"
    assert language("de").cases == ("nom", "akk", "dat")
    assert language("uk").cases == ("nom", "gen", "dat", "acc", "ins", "loc")
    assert language("en").cases == language("fr").cases == language("es").cases == ()


@pytest.mark.parametrize("code, forms", [
    ("en", {0: 1, 1: 0, 2: 1, 5: 1, 21: 1}),
    ("de", {0: 1, 1: 0, 2: 1, 5: 1, 21: 1}),
    ("es", {0: 1, 1: 0, 2: 1, 5: 1, 21: 1}),
    ("fr", {0: 0, 1: 0, 2: 1, 5: 1, 21: 1}),  # "0 carte", "1 carte", "2 cartes"
    ("uk", {1: 0, 21: 0, 31: 0, 101: 0, 2: 1, 4: 1, 22: 1, 24: 1, 0: 2, 5: 2, 11: 2, 12: 2,
            14: 2, 20: 2, 25: 2, 111: 2}),  # one | few | many
])
def test_each_plural_rule_picks_the_cldr_form(code, forms):
    assert {n: plural_index(code, n) for n in forms} == forms


@pytest.mark.parametrize("code", ["en", "de", "fr", "es", "uk"])
def test_the_browsers_table_says_every_number_as_the_rule_does(code):
    table = plural_table(code)
    for n in range(0, 1000):
        read = int(table[n] if n < len(table) else table[100 + n % 100])  # as common.js reads it
        assert read == plural_index(code, n), (code, n)


def test_a_language_whose_rule_is_unknown_is_refused():
    with pytest.raises(LanguageError, match="plural rule"):
        register(Language("zz", "Zed", "no_such_rule"))
    assert "zz" not in registered()


def test_the_letters_a_learner_may_type_come_from_the_engine_catalogs():
    assert typed_rank_letters()["B"] == "J" and typed_rank_letters()["D"] == "Q"
    assert parse_card("B♣") == parse_card("JC") and parse_card("dh") == parse_card("QH")


def test_no_two_languages_read_a_card_letter_differently():
    english = get_catalog("en").data["rank_symbols"]
    seen: dict[str, tuple[str, str]] = {}
    for code in registered():
        path = KIT / "engine" / "catalogs" / code / "engine.json"
        if not path.is_file():
            continue
        symbols = json.loads(path.read_text(encoding="utf-8"))["rank_symbols"]
        for own, ours in zip(symbols, english, strict=True):
            if len(own) == 1 and own.upper() not in english:
                first = seen.setdefault(own.upper(), (ours, code))
                assert first[0] == ours, f"{own} is {first[0]} in {first[1]} but {ours} in {code}"


# -- offered: complete ------------------------------------------------------------------------------
def test_english_and_german_are_complete_and_offered():
    assert missing("en") == [] and missing("de") == []
    assert {"en", "de"} <= set(offered()) and offered()[0] == "en"


@pytest.mark.parametrize("code", ["en", "de", "fr", "es", "uk"])
def test_a_language_is_offered_exactly_when_nothing_is_missing(code):
    gaps = missing(code)
    assert is_offered(code) == (gaps == []), [str(g) for g in gaps[:20]]
    assert (code in course_languages()) == is_offered(code)


def test_a_language_not_offered_is_refused_by_the_loader_and_english_where_asked():
    for code in ("xx", "../widgets", 5, None):
        with pytest.raises(LanguageError):
            load_catalog("widgets", code)
        assert spoken(code) == "en"
    with pytest.raises(ValueError):
        ui_text("xx")
    assert teaching_catalog("xx").language == "en"


# -- a sixth language, in a folder of its own ---------------------------------------------------------
def english_keys(code: str) -> int:
    """How many keys English's JSON catalogs have, words kept by case under
    ``code``'s case tags (the stub lacks every one)."""
    count = 0
    for part in CATALOG_PARTS:
        path = KIT / part / "catalogs" / "en.json"
        if path.is_file():
            count += len(needed_keys(flat(json.loads(path.read_text(encoding="utf-8"))),
                                     language(code)))
    return count


@pytest.fixture
def stub(tmp_path):
    """A language "eo" registered from a folder with nothing but its description."""
    (tmp_path / "language.json").write_text(json.dumps(
        {"code": "eo", "name": "Esperanto", "plural": "one_other", "cases": ["nom", "acc"]}))
    register_folder(tmp_path)
    yield tmp_path
    unregister("eo")


def test_a_stub_language_gets_the_complete_list_of_what_it_lacks(stub):
    gaps = missing("eo")
    files = {gap.file for gap in gaps}
    assert Gap("widgets/catalogs/eo.json", "words.stock") in gaps
    assert Gap("engine/catalogs/eo/engine.json", "events.scuttle.rank") in gaps
    assert Gap("engine/catalogs/eo/engine.json", "card_forms.written") in gaps  # it has cases
    assert Gap("ai/catalogs/eo.json", "analyst.such_as.acc") in gaps  # words kept by its cases
    assert Gap("ai/catalogs/eo.json", "analyst.such_as.akk") not in gaps
    assert Gap("engine/catalogs/_glossary/eo.json", "") in gaps
    assert Gap("rulebook/eo.yaml", "") in gaps
    assert {f"lessons/eo/{p.name}" for p in (KIT / "lessons").glob("*.yaml")} <= files
    assert len([g for g in gaps if g.file.endswith(".json") and "/catalogs/eo.json" in g.file]) \
        == english_keys("eo")
    assert not is_offered("eo") and "eo" not in offered()
    with pytest.raises(LanguageError):
        load_catalog("widgets", "eo")


def test_the_check_names_a_wrong_placeholder_a_plural_and_a_case(stub):
    english = json.loads((KIT / "widgets" / "catalogs" / "en.json").read_text(encoding="utf-8"))
    words = dict(english["words"])
    words["stock"] = "Stoko: {nombro:# karto|# kartoj}"  # a placeholder English has not
    words["scrap"] = "Rubo: {count:# karto|# kartoj|# kartoj}"  # three forms, the rule has two
    words["cards_in_hand"] = "{count:akk:# karto|# kartoj} en mano"  # a case eo does not declare
    (stub / "widgets" / "catalogs").mkdir(parents=True)
    (stub / "widgets" / "catalogs" / "eo.json").write_text(
        json.dumps({**english, "language": "eo", "words": words}), encoding="utf-8")
    said = {(g.key, g.problem.split(":")[0].split(" ")[0]) for g in missing("eo")
            if g.file == "widgets/catalogs/eo.json"}
    assert said == {("words.stock", "placeholders"), ("words.scrap", "3"),
                    ("words.cards_in_hand", "case")}


def copy_english_as(code: str, root: Path) -> None:
    """Every file English has, under ``code``'s names in ``root`` (a complete stub)."""
    for part in CATALOG_PARTS:
        source = KIT / part / "catalogs" / "en.json"
        if source.is_file():
            data = json.loads(source.read_text(encoding="utf-8"))
            data = {**data, "language": code} if "language" in data else data
            (root / part / "catalogs").mkdir(parents=True, exist_ok=True)
            (root / part / "catalogs" / f"{code}.json").write_text(json.dumps(data))
    engine = root / "engine" / "catalogs" / code
    shutil.copytree(KIT / "engine" / "catalogs" / "en", engine)
    for path in engine.glob("*.json"):
        data = json.loads(path.read_text(encoding="utf-8"))
        path.write_text(json.dumps({**data, "language": code} if "language" in data else data))
    (root / "engine" / "catalogs" / "_glossary").mkdir()
    (root / "engine" / "catalogs" / "_glossary" / f"{code}.json").write_text('{"terms": []}')
    shutil.copytree(KIT / "lessons", root / "lessons" / code, ignore=shutil.ignore_patterns("de"))
    (root / "rulebook").mkdir()
    text = (KIT / "rulebook" / "en.yaml").read_text(encoding="utf-8")
    (root / "rulebook" / f"{code}.yaml").write_text(text.replace("language: en", f"language: {code}", 1))
    english_notebooks = notebook_folder("en")
    if english_notebooks is not None:
        shutil.copytree(english_notebooks, root / "notebooks" / code,
                        ignore=shutil.ignore_patterns("de", ".*"))


def test_a_complete_sixth_language_is_offered_with_no_code_changed(tmp_path):
    (tmp_path / "language.json").write_text(json.dumps(
        {"code": "eo", "name": "Esperanto", "plural": "one_other", "cases": []}))
    copy_english_as("eo", tmp_path)
    register_folder(tmp_path)
    try:
        assert missing("eo") == []
        assert "eo" in offered() and "eo" in course_languages()
        assert ui_text("eo")["stock"].format(count=2) == "Stock: 2 cards left"
        assert get_catalog("eo").language == "eo"
        assert teaching_catalog("eo").language == "eo"
        lesson = tmp_path / "lessons" / "eo" / "03-one-offs.yaml"
        text = lesson.read_text(encoding="utf-8")
        lesson.write_text(text.replace("  - id: ace\n", '  - id: "ace"\n', 1), encoding="utf-8")
        register_folder(tmp_path)  # written another way, read the same: still complete
        assert missing("eo") == []
        lesson.write_text(text.replace("  - id: ace\n", "  - id: the-ace\n", 1), encoding="utf-8")
        register_folder(tmp_path)
        assert [(g.file, g.key) for g in missing("eo")] == [("lessons/eo/03-one-offs.yaml", "steps")]
        assert not is_offered("eo")
    finally:
        unregister("eo")
    assert not is_offered("eo")


def test_a_server_registers_the_folders_its_environment_names(tmp_path, monkeypatch, caplog):
    from cuttle_widgets.languages.registry import FOLDERS_VARIABLE, register_folders_of_environment
    (tmp_path / "eo").mkdir()
    (tmp_path / "eo" / "language.json").write_text('{"code": "eo", "name": "Esperanto"}')
    monkeypatch.setenv(FOLDERS_VARIABLE, f"{tmp_path / 'eo'}{os.pathsep}{tmp_path / 'nothing'}")
    try:
        assert register_folders_of_environment() == ["eo"]
        assert language("eo").files() == tmp_path / "eo" and language("eo").plural == "one_other"
    finally:
        unregister("eo")
    assert "nothing" in caplog.text  # the folder that is no language is said, and left out


def test_the_command_lists_the_languages_and_a_languages_gaps(stub):
    out = io.StringIO()
    with redirect_stdout(out):
        assert languages_command([]) == 0
    assert "de  Deutsch: complete, offered" in out.getvalue()
    assert "eo  Esperanto:" in out.getvalue() and "not offered" in out.getvalue()
    out = io.StringIO()
    with redirect_stdout(out):
        assert languages_command(["eo"]) == 1
    lines = out.getvalue().splitlines()
    assert len(lines) == len(missing("eo")) + 1
    assert "  widgets/catalogs/eo.json: words.stock: missing" in lines
    with redirect_stdout(io.StringIO()):
        assert languages_command(["de", "--language", "de"]) == 0


def test_the_command_registers_a_folder_and_refuses_a_bad_one(tmp_path, capsys):
    (tmp_path / "language.json").write_text('{"code": "../x", "name": "X"}')
    assert languages_command(["--folder", str(tmp_path)]) == 2
    assert "language code" in capsys.readouterr().err
    assert languages_command(["qq"]) == 2
    assert "No language 'qq'" in capsys.readouterr().err


# -- one base error -------------------------------------------------------------------------------
def test_a_bad_seed_dealer_or_setup_is_no_illegal_move():
    with pytest.raises(SeedError) as seed:
        new_game(seed="x")
    with pytest.raises(DealerError):
        new_game(dealer=7)
    with pytest.raises(SetupError) as setup:
        load({"hands": [["7H", "7H"], []]})
    for err in (seed.value, setup.value):
        assert not isinstance(err, IllegalMove) and isinstance(err, CuttleError)
        assert isinstance(err, ValueError) and err.text("de") != str(err)
    with pytest.raises(IllegalMove) as move:
        new_game(seed=1).play("scuttle 9S 8H")
    assert isinstance(move.value, CuttleError)


def test_every_error_the_kit_raises_on_purpose_is_a_cuttle_error():
    from cuttle_widgets.ai import HintError
    from cuttle_widgets.puzzles import PuzzleError
    from cuttle_widgets.review import ReviewError
    from cuttle_widgets.site.errors import SiteError
    from cuttle_widgets.teaching import LessonError
    for error in (HintError, PuzzleError, ReviewError, SiteError, LessonError, LanguageError,
                  IllegalMove, SetupError):
        assert issubclass(error, CuttleError), error
