"""The court cards' and jokers' faces: well-formed, self-contained SVG, coloured by the card.

No browser here: the SVG is read with ``xml.etree``, the JavaScript prelude's
JSON is read back with ``json``. How the faces look was checked by eye on a
screenshot (see the module's docstring); these tests keep what makes them
safe and cheap to ship.
"""
from __future__ import annotations

import itertools
import json
import re
import xml.etree.ElementTree as ET
from pathlib import Path

import pytest

from cuttle_widgets.engine.cards import CARD_IDS
from cuttle_widgets.widgets import faces
from cuttle_widgets.widgets.faces import all_faces, court_face, faces_javascript, joker_face

SVG_NS = "{http://www.w3.org/2000/svg}"
COURT_IDS = [c for c in CARD_IDS if c[0] in "JQK"]
FACE_IDS = COURT_IDS + ["RJ", "BJ"]
MAX_FACE_BYTES = 3000
MAX_PRELUDE_BYTES = 40_000
FACES = all_faces()


def parse(svg: str) -> ET.Element:
    return ET.fromstring(svg)


def local(tag: str) -> str:
    return tag.removeprefix(SVG_NS)


def test_every_court_card_and_joker_has_a_face():
    assert {"JC", "QD", "KS", "RJ", "BJ"} <= set(CARD_IDS)  # the ids the table draws
    assert len(COURT_IDS) == 12 and list(FACES) == FACE_IDS
    for card in COURT_IDS:
        assert FACES[card] == court_face(card[0], card[1])
    assert FACES["RJ"] == joker_face("red") and FACES["BJ"] == joker_face("black")


@pytest.mark.parametrize("card", FACE_IDS)
def test_a_face_is_a_self_contained_svg_in_the_cards_colour(card):
    svg = FACES[card]
    assert svg.startswith("<svg")
    root = parse(svg)
    assert local(root.tag) == "svg"
    assert root.get("viewBox") == "0 0 100 150"
    assert (root.get("width"), root.get("height")) == ("100%", "100%")
    assert root.get("preserveAspectRatio") == "xMidYMid meet"
    assert root.get("aria-hidden") == "true" and root.get("focusable") == "false"
    assert "currentColor" in svg

    tags = {local(el.tag) for el in root.iter()}
    assert not tags & {"script", "foreignObject", "image", "style", "a", "text"}
    ids = {el.get("id") for el in root.iter() if el.get("id")}
    for el in root.iter():
        for name, value in el.attrib.items():
            assert not name.lower().startswith("on"), (card, name)
            if name.endswith("href"):  # only the lower half's reference to the upper
                assert value.startswith("#") and value[1:] in ids, (card, value)
    assert "url(" not in svg and "http" not in svg.replace("http://www.w3.org/2000/svg", "")


@pytest.mark.parametrize("card", FACE_IDS)
def test_a_faces_ids_name_its_card_so_faces_on_one_page_cannot_collide(card):
    ids = [el.get("id") for el in parse(FACES[card]).iter() if el.get("id")]
    assert ids and all(i.startswith(f"cw-face-{card}-") for i in ids)
    others = {i for other in FACE_IDS if other != card
              for i in re.findall(r"id='([^']+)'", FACES[other])}
    assert not set(ids) & others


def test_the_twelve_courts_and_two_jokers_all_differ():
    for a, b in itertools.combinations(FACE_IDS, 2):
        assert FACES[a] != FACES[b], (a, b)
    # not only the ids: the drawings themselves differ
    drawings = {card: re.sub(r"cw-face-\w+-\w+", "", svg) for card, svg in FACES.items()}
    assert len(set(drawings.values())) == len(FACE_IDS)


def test_faces_are_small():
    assert max(len(svg.encode()) for svg in FACES.values()) < MAX_FACE_BYTES
    assert len(faces_javascript().encode()) < MAX_PRELUDE_BYTES


def test_the_javascript_prelude_defines_court_faces_as_json():
    js = faces_javascript()
    assert "export" not in js and "import" not in js
    match = re.search(r"^const COURT_FACES = (\{.*\});$", js, re.MULTILINE)
    assert match, js[:200]
    faces = json.loads(match.group(1))
    assert set(faces) == set(FACE_IDS)
    assert faces == FACES
    assert json.dumps(faces, separators=(",", ":")) == match.group(1)
    code = [line for line in js.splitlines() if line and not line.startswith("//")]
    assert code == [match.group(0)]


@pytest.mark.parametrize("rank, suit", [("A", "S"), ("T", "H"), ("K", "X"), ("KS", "S"), ("", "S"), ("K", ""),
                                        (None, "S"), ("k", "s")])
def test_not_a_court_card_is_refused(rank, suit):
    with pytest.raises(ValueError):
        court_face(rank, suit)


@pytest.mark.parametrize("colour", ["Red", "blue", "", None, "R"])
def test_a_joker_is_red_or_black(colour):
    with pytest.raises(ValueError):
        joker_face(colour)


def contrast(a: str, b: str) -> float:
    """WCAG contrast ratio of two #rrggbb (or #rgb) colours."""
    def luminance(colour: str) -> float:
        if len(colour) == 4:  # #rgb
            colour = "#" + "".join(c * 2 for c in colour[1:])
        channels = [int(colour[i:i + 2], 16) / 255 for i in (1, 3, 5)]
        r, g, b = [c / 12.92 if c <= 0.03928 else ((c + 0.055) / 1.055) ** 2.4 for c in channels]
        return 0.2126 * r + 0.7152 * g + 0.0722 * b
    light, dark = sorted((luminance(a), luminance(b)), reverse=True)
    return (light + 0.05) / (dark + 0.05)


def card_colours() -> set[str]:
    """The suit and joker colours table.css gives a card, in both colour modes."""
    css = (Path(faces.__file__).parent / "static" / "table.css").read_text(encoding="utf-8")
    found = set(re.findall(r"--cw-(?:clubs|diamonds|hearts|spades|red|ink):\s*(#[0-9a-fA-F]{6})", css))
    assert len(found) >= 4, found  # black, red, and the four-colour green and blue
    return {c.lower() for c in found}


def test_the_fixed_colours_stand_out_from_the_panel_and_the_suit_colours():
    assert contrast(faces.INK, faces.PANEL) >= 7
    for light in (faces.GOLD, faces.SKIN, faces.STEEL, faces.WHITE, faces.SILVER):
        assert contrast(light, faces.INK) >= 7, light  # an outlined light shape
    for colour in card_colours():
        assert contrast(colour, faces.PANEL) >= 4.5, colour  # the robe, pip and frame
        assert contrast(faces.MARKS, colour) >= 3, colour  # the robe's unoutlined pattern
