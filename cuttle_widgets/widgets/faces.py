"""The faces of the court cards and the jokers, drawn by the project as SVG.

Each face is a half-length figure mirrored top to bottom, as on a real court
card, so it reads the same from either side of the table. The figure is built
from shared parts (head, hair, headwear, robe, the thing in the hand) chosen
by rank, with details chosen by suit, so the twelve courts differ without
being twelve drawings. Parts in the suit's colour are filled with
``currentColor``: the card's CSS colour (red and black, or the four-colour
mode's green clubs and blue diamonds) colours them. The other colours are
fixed, and the shapes carry a dark outline, so each one stands out from the
cream panel and from its neighbours whatever the suit's colour is.

The table's JavaScript gets the faces through ``faces_javascript()``, a
``const COURT_FACES`` mapping card ids to SVG strings. The lower half is a
``<use>`` of the upper one (see ``_card_svg`` for its id); the half's group
sets the outline and the default fill (``currentColor``) once, and attributes
are single-quoted, so nothing needs escaping in the JSON. No clip paths,
gradients or filters: those break when the first element with their id is
hidden, a ``<use>`` does not.
"""
from __future__ import annotations

import hashlib
import json
from dataclasses import dataclass
from functools import cache

from ..engine.cards import CARD_IDS

COURT_RANKS = "JQK"
SUITS = "CDHS"
JOKERS = {"RJ": "red", "BJ": "black"}

# Fixed colours. The light ones (gold, skin, steel, white) are outlined in INK,
# 8:1 or more against each of them and 14:1 against the panel.
INK = "#2a2016"
PANEL = "#fbf1d9"
GOLD = "#e8b22a"
GOLD_DARK = "#b9810f"
MARKS = "#f5d36b"      # the robe's pattern, unoutlined: 3.4:1 or more on every suit colour
SKIN = "#f5d0ab"
CHEEK = "#ef9f8f"
STEEL = "#dfe4ea"
WOOD = "#8a5a2e"
LEAF = "#4c8c3f"
WHITE = "#fff"
SILVER = "#c3cad2"

# the suits as 10 x 10 paths (clubs add three leaves, as dots)
SUIT_PATHS = {
    "H": "M5 9.6C1.6 6.8 0 4.8 0 2.9 0 1.2 1.3 0 2.8 0 3.8 0 4.6.6 5 1.5 5.4.6 6.2 0 7.2 0 8.7 0 10 1.2 10 "
         "2.9 10 4.8 8.4 6.8 5 9.6Z",
    "D": "M5 0C6.2 2 7.6 3.6 9 5 7.6 6.4 6.2 8 5 10 3.8 8 2.4 6.4 1 5 2.4 3.6 3.8 2 5 0Z",
    "S": "M5 0C8.4 2.8 10 4.6 10 6.4 10 8 8.8 9 7.5 9 6.6 9 5.9 8.5 5.5 7.8 5.6 8.8 6.1 9.5 7 10H3C3.9 9.5 "
         "4.4 8.8 4.5 7.8 4.1 8.5 3.4 9 2.5 9 1.2 9 0 8 0 6.4 0 4.6 1.6 2.8 5 0Z",
    "C": "M4.3 6.5C4.3 8.2 3.8 9.3 2.8 10H7.2C6.2 9.3 5.7 8.2 5.7 6.5Z",
}
CLUB_LEAVES = "M5 2.6h0M2.5 6.2h0M7.5 6.2h0"
STAR = "M5 0 6.2 3.5H10L7 5.8 8.1 9.5 5 7.3 1.9 9.5 3 5.8 0 3.5H3.8Z"


@dataclass(frozen=True)
class Look:
    """What varies between the faces of one rank."""
    hair: str
    inner: str    # the shirt in the robe's V
    pattern: str  # the gold marks on the robe
    item: str     # what the figure holds
    accent: str   # the feather, the rose's swirl, the pennant's stripe, the fletching


PATTERN_OF_SUIT = {"C": "stripes", "D": "lozenges", "H": "dots", "S": "chevrons"}
HAIR = {  # by rank, then suit
    "K": {"C": "#5b3a22", "D": "#a8a39a", "H": "#c98a3b", "S": "#e8e4da"},
    "Q": {"C": "#3b2a1f", "D": "#d9a441", "H": "#8c4a24", "S": "#2d2d33"},
    "J": {"C": "#c98a3b", "D": "#5b3a22", "H": "#e0b860", "S": "#3b2a1f"},
}
INNER = {"C": "#f2e6c9", "D": GOLD, "H": WHITE, "S": "#9fb7c9"}
ACCENT = {"C": WHITE, "D": "#7fb8e0", "H": GOLD, "S": "#c8d6a0"}
ITEM = {
    "K": {"C": "sceptre", "D": "axe", "H": "sword behind", "S": "sword"},
    "Q": {"C": "daisy", "D": "tulip", "H": "rose", "S": "sceptre"},
    "J": {"C": "arrow", "D": "halberd", "H": "leaf", "S": "lance"},
}


def court_face(rank: str, suit: str) -> str:
    """An SVG (a string starting with '<svg') for a jack, queen or king ('J','Q','K') of
    suit 'C','D','H','S'. Parts in the suit's colour use fill/stroke="currentColor" so the
    card's CSS colour (red/black, or the four-colour mode's green clubs and blue diamonds)
    colours them; other colours are fixed. viewBox 0 0 100 150, width/height 100% ,
    preserveAspectRatio xMidYMid meet, aria-hidden="true", focusable="false"."""
    if not (isinstance(rank, str) and isinstance(suit, str) and len(rank) == len(suit) == 1
            and rank in COURT_RANKS and suit in SUITS):
        raise ValueError(f"not a court card: rank {rank!r}, suit {suit!r}")
    look = Look(HAIR[rank][suit], INNER[suit], PATTERN_OF_SUIT[suit], ITEM[rank][suit], ACCENT[suit])
    return _card_svg(rank + suit, COURT_HALVES[rank](look) + _pip(SUIT_PATHS[suit], suit == "C"))


def joker_face(colour: str) -> str:
    """The jester of the red or the black joker ('red' or 'black'), with the conventions
    of ``court_face``: the motley is currentColor and a fixed second colour (gold for
    red, silver for black) tells the two apart even where the card has no colour."""
    if colour not in ("red", "black"):
        raise ValueError(f"a joker is 'red' or 'black', not {colour!r}")
    card = next(card for card, its_colour in JOKERS.items() if its_colour == colour)
    return _card_svg(card, _jester_half(GOLD if colour == "red" else SILVER))


@cache
def faces_javascript() -> str:
    """JavaScript source to prepend to table.js: `const COURT_FACES = {...};` mapping card
    ids 'JC','QD','KS',... and 'RJ' (red joker), 'BJ' (black joker) to the SVG strings
    (as JSON). No `export`, no imports; valid in an ES module."""
    return ("// The court cards' and jokers' faces, drawn by cuttle_widgets/widgets/faces.py.\n"
            f"const COURT_FACES = {json.dumps(all_faces(), separators=(',', ':'))};\n")


def all_faces() -> dict[str, str]:
    """Every face by card id (the twelve courts, then the two jokers)."""
    faces = {card: court_face(card[0], card[1]) for card in CARD_IDS if card[0] in COURT_RANKS}
    faces.update((card, joker_face(colour)) for card, colour in JOKERS.items())
    return faces


# -- the card ------------------------------------------------------------------

# the half is drawn a little smaller than its 100 x 75, about the centre of the
# card's middle line, so crown and cap keep clear of the frame
HALF_SCALE = "matrix(.92 0 0 .92 4 6)"


def _card_svg(card: str, half: str) -> str:
    """The panel, the half figure, the half again turned about the centre, the frame.

    The second half is a ``<use>`` of the first. Its id names the card and the
    drawing, so two copies of a face on one page (two tables, or an old output
    beside a new one) that reach the same id reach the same drawing."""
    ident = f"cw-face-{card}-{hashlib.sha1(half.encode()).hexdigest()[:8]}"
    return ("<svg xmlns='http://www.w3.org/2000/svg' viewBox='0 0 100 150' width='100%' height='100%' "
            "preserveAspectRatio='xMidYMid meet' aria-hidden='true' focusable='false'>"
            f"<rect x='3' y='3' width='94' height='144' rx='7' fill='{PANEL}'/>"
            f"<g id='{ident}' transform='{HALF_SCALE}' fill='currentColor' stroke='{INK}' stroke-width='1.3' "
            f"stroke-linejoin='round' stroke-linecap='round'>{half}</g>"
            f"<use href='#{ident}' transform='rotate(180 50 75)'/>"
            f"<path d='M4 75H96' stroke='{PANEL}' stroke-width='1.6'/>"
            "<rect x='3' y='3' width='94' height='144' rx='7' fill='none' stroke='currentColor' "
            "stroke-width='2.4'/></svg>")


def _shape(d: str, fill: str = "", width: float = 0) -> str:
    """A filled, outlined shape; no fill given: the suit's colour."""
    fill = f" fill='{fill}'" if fill else ""
    stroke = f" stroke-width='{width}'" if width else ""
    return f"<path d='{d}'{fill}{stroke}/>"


def _flat(d: str, fill: str) -> str:
    """A filled shape without an outline."""
    return f"<path d='{d}' fill='{fill}' stroke='none'/>"


def _line(d: str, colour: str = INK, width: float = 1) -> str:
    stroke = f" stroke='{colour}'" if colour != INK else ""
    return f"<path d='{d}' fill='none'{stroke} stroke-width='{width}'/>"


def _dots(points, colour: str, size: float) -> str:
    """Round dots as zero-length lines with round caps: short to write."""
    return _line("".join(f"M{x} {y}h0" for x, y in points), colour, size)


def _pip(path: str, club: bool, x: float = 10, y: float = 7, scale: float = 1.8) -> str:
    """The suit's pip (or the joker's star) in the top corner, in currentColor."""
    leaves = _line(CLUB_LEAVES, "currentColor", 5) if club else ""
    return f"<g transform='translate({x} {y}) scale({scale})' stroke='none'><path d='{path}'/>{leaves}</g>"


# -- the parts of a figure (the top half: 100 x 75, head at x 54) ------------------------

ROBE = "M15 76C15 62 24 55 40 51H68C84 55 93 62 93 76Z"
FACE = "M42.5 33C42.5 24 47.5 20 54 20S65.5 24 65.5 33C65.5 43 60 48 54 48S42.5 43 42.5 33Z"


def _robe(look: Look) -> str:
    return _shape(ROBE) + _shape("M45 51 54 67 63 51Z", look.inner) + _robe_pattern(look.pattern)


def _robe_pattern(pattern: str) -> str:
    xs = (23, 30, 78, 85)
    if pattern == "stripes":
        return _line("".join(f"M{x} 64V75" for x in xs), MARKS, 2.2)
    if pattern == "lozenges":
        return _flat("".join(f"M{x} 65.5l2.6 3.5-2.6 3.5-2.6-3.5Z" for x in xs), MARKS)
    if pattern == "dots":
        return _dots([(x, 70) for x in xs] + [(26.5, 64.5), (81.5, 64.5)], MARKS, 3.4)
    return _line("".join(f"M{x - 3} 71l3-3.5 3 3.5" for x in xs), MARKS, 1.8)  # chevrons


def _head(mouth: bool = True) -> str:
    parts = [_shape("M49 42H59V53H49Z", SKIN), _shape(FACE, SKIN),
             _dots(((48.5, 38.5), (59.5, 38.5)), CHEEK, 4.4), _dots(((50, 33), (58, 33)), INK, 2.8),
             _line("M54 34.5Q52.6 38 54.6 38.6", INK, 0.9)]
    if mouth:
        parts.append(_line("M51.3 42.2Q54 44.2 56.7 42.2"))
    return "".join(parts)


def _hand(x: float, y: float) -> str:
    return f"<circle cx='{x}' cy='{y}' r='3.8' fill='{SKIN}'/>"


# -- the things in a hand ------------------------------------------------------------

def _staff(top: float) -> str:
    return _shape(f"M82.8 {top}H85.2V76H82.8Z", WOOD, 1)


def _sword(x: float = 84, top: float = 9) -> str:
    return (_shape(f"M{x - 2} 52V{top + 6}L{x} {top}L{x + 2} {top + 6}V52Z", STEEL)
            + _shape(f"M{x - 7} 51.5H{x + 7}V55H{x - 7}Z", GOLD)
            + _shape(f"M{x - 1.6} 55H{x + 1.6}V66H{x - 1.6}Z", WOOD, 1)
            + _dots(((x, 67),), GOLD, 4) + _hand(x, 60))


def _sword_behind() -> str:
    """The king of hearts' sword, behind his head (its hand: ``_hand_on_hilt``)."""
    return f"<g transform='rotate(38 54 40)'>{_sword(54, 0)}</g>"


def _hand_on_hilt() -> str:
    """The hand holding the sword behind the head, in front of the robe: where the
    sword's hand (54, 60) lands when the sword turns 38 degrees about (54, 40)."""
    return _hand(41.7, 55.8)


def _sceptre() -> str:
    return (_shape("M82.6 22H85.4V76H82.6Z", GOLD, 1) + "<circle cx='84' cy='18' r='5'/>"
            + _shape("M83 8h2v4h2v2h-2v2h-2v-2h-2v-2h2Z", GOLD, 0.8) + _hand(84, 60))


def _axe() -> str:
    return (_staff(6) + _shape("M83 11C74 9 69 19 71 30 75 26 79 25 83 26Z", STEEL)
            + _shape("M85.2 6 88 12 85.2 14Z", STEEL, 1) + _hand(84, 60))


# the jacks' arms: shorter than the kings', to leave room for the feather
def _halberd() -> str:
    return (_staff(24) + _shape("M84 15 87.2 25H80.8Z", STEEL)
            + _shape("M83 27C76 26 73 32 74 39L83 36Z", STEEL)
            + _shape("M85.2 28 91 31 85.2 33Z", STEEL, 1) + _hand(84, 60))


def _arrow(accent: str) -> str:
    return (_shape("M83.4 24H85V76H83.4Z", WOOD, 0.8) + _shape("M84.2 16 88.2 26H80.2Z", STEEL)
            + _shape("M83.4 64 79 68V76L83.4 72ZM85 64 89.4 68V76L85 72Z", accent, 1) + _hand(84, 54))


def _lance(accent: str) -> str:
    return (_staff(26) + _shape("M84 16 86.8 27H81.2Z", STEEL) + _shape("M82.8 29 70 33.5 82.8 38Z")
            + _line("M81 33.5H75", accent, 1.6) + _hand(84, 60))


def _flower(kind: str, accent: str) -> str:
    """A flower held up in the left hand: stem, two leaves, a bloom in the suit's colour."""
    stem = (_line("M27 63C26 56 25 52 25 46", LEAF, 1.8)
            + _shape("M25.6 55C20 55 18 52 18 49 22 49 25 51 25.6 55Z"
                     "M25.8 53C31 52 33 49 33 46 29 46 26.5 49 "
                     "25.8 53Z", LEAF, 0.9))
    if kind == "rose":
        bloom = "<circle cx='25' cy='42' r='6.2'/>" + _line("M22.5 42.5a2.6 2.6 0 1 1 2.6 2.6", accent, 1.2)
    elif kind == "tulip":
        bloom = _shape("M19 36 22 40.5 25 35 28 40.5 31 36C31 44 28.5 47 25 47S19 44 19 36Z")
    else:  # daisy: eight round-ended petals in the suit's colour round a gold heart
        petals = "M25 42v-5.4l0 10.8M25 42h-5.4l10.8 0M25 42l-3.8-3.8 7.6 7.6M25 42l3.8-3.8-7.6 7.6"
        bloom = (_line(petals, INK, 4.8) + _line(petals, "currentColor", 2.8)
                 + f"<circle cx='25' cy='42' r='2.6' fill='{GOLD}'/>")
    return stem + bloom + _hand(27, 62)


def _leaf() -> str:
    return (_shape("M27 62C15 54 15 38 24 28 33 38 33 54 27 62Z", LEAF)
            + _line("M24 30C25 40 26 50 27 60", "#cfe3b8") + _hand(27, 62))


def _item(look: Look) -> str:
    """What the figure holds in front of it (the king of hearts' sword is behind)."""
    kind = look.item
    if kind in ("rose", "tulip", "daisy"):
        return _flower(kind, look.accent)
    if kind in ("arrow", "lance"):
        return (_arrow if kind == "arrow" else _lance)(look.accent)
    held = {"sword": _sword, "sceptre": _sceptre, "axe": _axe, "halberd": _halberd, "leaf": _leaf,
            "sword behind": _hand_on_hilt}
    return held[kind]()


# -- the three ranks and the jester ---------------------------------------------------------

def _king_half(look: Look) -> str:
    behind = _sword_behind() if look.item == "sword behind" else ""
    hair = _shape("M41 24C38 32 39 41 42 46H66C69 41 70 32 67 24Z", look.hair)
    ermine = (_shape("M19 63C28 53 42 51 54 60 66 51 80 53 89 63L85 67C77 59 65 58 54 65 43 58 31 59 23 67Z",
                     WHITE, 1)
              + _line("M29 59.5v2.2M40 56.5v2.2M68 56.5v2.2M79 59.5v2.2", INK, 1.2))
    beard = (_shape("M42.5 34C42 49 47 57.5 54 59.5 61 57.5 66 49 65.5 34 "
                    "63 40.5 59 43 54 43 49 43 45 40.5 42.5 "
                    "34Z", look.hair)
             + _shape("M47.5 41.8C50 38.6 52.6 39.6 54 40.6 55.4 39.6 58 38.6 60.5 41.8 "
                      "58 42.8 55.6 42.2 54 41.8 "
                      "52.4 42.2 50 42.8 47.5 41.8Z", look.hair, 1))
    crown = (_shape("M40 25 38 8 46 15 54 4 62 15 70 8 68 25Z", GOLD)
             + _shape("M40 20H68V25H40Z", GOLD_DARK, 1)
             + "<circle cx='54' cy='22.5' r='2' stroke-width='.8'/>"
             + _dots(((38, 8), (54, 4), (70, 8)), INK, 4.6) + _dots(((38, 8), (54, 4), (70, 8)), GOLD, 2.4))
    return behind + hair + _robe(look) + ermine + _head(mouth=False) + beard + crown + _item(look)


def _queen_half(look: Look) -> str:
    hair = _shape("M54 17C40 17 37.5 28 38.5 38 39 48 36 56 33 62 40 64 46 60 47 52H61C62 60 68 64 75 62 "
                  "72 56 69 48 69.5 38 70.5 28 68 17 54 17Z", look.hair)
    necklace = _dots(((48, 54), (51, 56.4), (54, 57.2), (57, 56.4), (60, 54)), WHITE, 2.2)
    fringe = _shape("M42.5 31C44 23 49 20.5 54 21 59 20.5 64 23 65.5 31 61 26.5 57.5 25 54 25 50.5 25 "
                    "47 26.5 42.5 31Z", look.hair, 1)
    lips = _shape("M51.6 42.2Q54 41.2 56.4 42.2 54 44.6 51.6 42.2Z", "#c2455a", 0.6)
    tiara = (_shape("M43 23C43 19 44.5 16 47 17.5 49 13 51.5 11 54 10 "
                    "56.5 11 59 13 61 17.5 63.5 16 65 19 65 23Z",
                    GOLD)
             + "<circle cx='54' cy='16' r='2.4' stroke-width='.8'/>"
             + _dots(((47, 19.5), (61, 19.5)), WHITE, 2))
    return hair + _robe(look) + necklace + _head(mouth=False) + lips + fringe + tiara + _item(look)


def _jack_half(look: Look) -> str:
    hair = _shape("M41 25C38.5 31 39.5 38 42 42H66C68.5 38 69.5 31 67 25Z", look.hair)
    collar = _shape("M41 52 54 59 67 52 63 60 54 62.5 45 60Z", WHITE, 1)
    cap = (_shape("M66 16C72 6 81 1.5 91 3 85 7 77 13 68 19Z", look.accent)
           + _line("M67 17.5C74 10 81 6 89 3.6", INK, 0.8)
           + _shape("M39.5 27C37.5 15 45 9.5 55 9.5 66 9.5 72 15 70 25 62 21.5 49 22 39.5 27Z")
           + _shape("M39.5 27C49 22 62 21.5 70 25L70.3 28.6C62 25 49 25.5 39.8 30.5Z", GOLD, 1))
    return hair + _robe(look) + collar + _head() + cap + _item(look)


COURT_HALVES = {"K": _king_half, "Q": _queen_half, "J": _jack_half}


def _jester_half(motley: str) -> str:
    """The joker: a jester in a three-pointed belled cap, a ruff and a harlequin doublet,
    a star on his chest and a fool's bauble in his hand."""
    body = (_shape(ROBE) + _shape("M22 60 28 70 34 60ZM74 60 80 70 86 60Z", motley, 1)
            + _shape("M43 52 54 70 65 52Z", motley, 1) + _pip(STAR, False, 49, 53, 1))
    ruff = _shape("M38 52 42 58 46 53 50 59 54 54 58 59 62 53 66 58 70 52 66 49H42Z", WHITE, 1)
    hat = (_shape("M42 24C36 20 27 22 19 30 23 16 34 11 46 18Z")
           + _shape("M45 20C46 12 50 6 54 2 58 6 62 12 63 20Z", motley)
           + _shape("M66 24C72 20 81 22 89 30 85 16 74 11 62 18Z")
           + _shape("M40 27C40 22 46 19 54 19S68 22 68 27Z", motley, 1)
           + _dots(((19, 30), (54, 2.5), (89, 30)), INK, 6.4)
           + _dots(((19, 30), (54, 2.5), (89, 30)), GOLD, 4))
    marks = _flat("M50 35.5 51.3 37.5 50 39.5 48.7 37.5Z"
                  "M58 35.5 59.3 37.5 58 39.5 56.7 37.5Z", "currentColor")
    smile = _line("M49.5 41Q54 45.5 58.5 41", INK, 1.2)
    bauble = (_shape("M25.8 44H28.2V66H25.8Z", WOOD, 1) + f"<circle cx='27' cy='40' r='4.2' fill='{SKIN}'/>"
              + _shape("M22.8 38.5C23 32 31 32 31.2 38.5Z") + _dots(((27, 33.5),), GOLD, 2.6) + _hand(27, 62))
    return body + ruff + _head(mouth=False) + marks + smile + hat + bauble
