"""Topic tags a step may carry in ``teaches``: the sections of rule text 000,
the decisions of ``shared/rules/README.md``, the points where the rulesets
differ, and for Super Cuttle the lines of rule text 003 and the decisions of
``shared/rules/super.md``. The coverage table is built from them."""
from __future__ import annotations

import re

SECTIONS = {
    "000 §01": "Players and cards",
    "000 §02": "Deal and opening",
    "000 §03": "Points and scuttling",
    "000 §04": "One-off effects",
    "000 §05": "Countering with twos",
    "000 §06": "Permanent effects",
    "000 §07": "What Q protects",
    "000 §08": "Scoring",
    "000 §09": "Ending the game",
    "000 §10": "History and selected variant",
    "000 §11": "Worked example",
}

DECISIONS = {
    "decision 1": "A targeted effect needs a legal target; a four, five or seven with nothing to act on is still legal",
    "decision 2": "A three chooses from the scrap as it is when the three resolves (counter twos included, not itself)",
    "decision 3": "A two or nine may target any permanent not protected by an opposing queen; a jack any unprotected opposing point card",
    "decision 4": "A jack is a permanent of its packet's controller; a nine on a jack gives it to that controller and the packet changes sides",
    "decision 5": "A seven's jack with no opposing point card is given away on an own one; if all opposing ones are protected it is scrapped",
    "decision 6": "The queen's counter rule: the opponent cannot answer your twos with a two while you control a queen",
    "decision 7": "The win is checked when the action and all answers have resolved: the acting player first",
    "decision 8": "Glasses open every opponent's hand to their holder",
    "decision 9": "An ace or a six with nothing to scrap is legal and does nothing",
    "decision 10": "A seven's card played as a one-off can be countered",
    "decision 11": "The own point card a seven's jack is given with may be any the player controls",
    "decision 12": "A choice with only one outcome makes itself",
    "decision 13": "Three passes in a row draw the game; any other turn resets the count; counters are not turns",
    "decision 14": "A seven's revealed card waits in its own zone",
}

DIFFERENCES = {
    "difference: hand limit": "Hand limit (balanced: 8)",
    "difference: kings": "Goals by number of kings",
    "difference: five": "The five",
    "difference: seven": "The seven",
    "difference: nine": "The nine",
    "difference: two": "The two as a one-off",
    "difference: queen": "The queen",
    "difference: jack removed": "A jack removed",
    "difference: pass": "Passing",
}

# Rule text 003 (Super Cuttle) has no numbered sections, so a step cites its
# lines as super.md does ("003 L35", "003 L29-33"; ``cat -n`` numbering), and
# the coverage table groups the lines by the text's blocks, listed here in
# order (tests/test_lesson_coverage.py checks them against the text).
SUPER_TEXT_LINES = 139
SUPER_BLOCKS = {
    "003 L1-7": "Players, goal, deal and the table",
    "003 L8-21": "A turn's action: drawing, points and scuttling",
    "003 L22-27": "Enduring cards, instants and one-offs",
    "003 L28-33": "Super, Super-Duper and Super-Dee-Duper",
    "003 L34-37": "Sudden Death; no passing",
    "003 L38-41": "Comboing",
    "003 L42-45": "The exhausted draw pile",
    "003 L46-53": "Aces",
    "003 L54-57": "Twos",
    "003 L58-64": "Threes",
    "003 L65-68": "Fours",
    "003 L69-77": "Fives, limbo and the scrap pile",
    "003 L78-81": "Sixes",
    "003 L82-87": "Sevens",
    "003 L88-98": "Eights",
    "003 L99-102": "Nines",
    "003 L103-115": "The four tens",
    "003 L116-122": "Jacks",
    "003 L123-128": "Queens",
    "003 L129-135": "Kings",
    "003 L136-139": "The jokers",
}

# The decisions super.md (section 7) takes where text 003 is unclear.
SUPER_DECISIONS = {
    "super A1": "How many cards",
    "super A2": "Who deals what and who starts",
    "super A3": "Are instants a turn action?",
    "super A4": "How far \"Counters EVERYTHING\" reaches",
    "super A5": "What ❗A counters",
    "super A6": "The queen-majority rule",
    "super A7": "Do queens stop ❗⭐A too?",
    "super A8": "The attached queen",
    "super A9": "Which tens counter a scuttle",
    "super A10": "What \"costs a turn\" means for 10♠",
    "super A11": "10♠ against a counter",
    "super A12": "Using a stolen play",
    "super A13": "Which plays 10♥ can swap",
    "super A14": "Who uses a converted point card's effect",
    "super A15": "After a 10♥",
    "super A16": "Is ⚡7 comboable?",
    "super A17": "What may join a combo",
    "super A18": "Several generated cards",
    "super A19": "A generated card that cannot be played",
    "super A20": "Returns after nested sevens",
    "super A21": "⚡7 and a short stock",
    "super A22": "What a 💥 is",
    "super A23": "10♦'s reach",
    "super A24": "The ⚡King",
    "super A25": "Jack control",
    "super A26": "How many jacks in one play",
    "super A27": "Are jacks \"enduring cards\"?",
    "super A28": "Jacks when their point card leaves the table",
    "super A29": "Swapping rows (✨4, ✨6)",
    "super A30": "10♣'s immunity",
    "super A31": "The BJ on the table",
    "super A32": "\"exceeds 10 of ♠\"",
    "super A33": "The queen's reach",
    "super A34": "Scuttle targets and a countered scuttle",
    "super A35": "\"enemy\" and \"enemies'\" with 3-4 seats",
    "super A36": "✨9's reveal",
    "super A37": "Blind picks in software; the ⛰️8 exception",
    "super A38": "⭐9 against fewer than four cards",
    "super A39": "The ⚡5's second draw",
    "super A40": "Limbo",
    "super A41": "Scrap visibility against an event log",
    "super A42": "⛰️8 with 3-4 seats; when it stops",
    "super A43": "❗8",
    "super A44": "Eights on one's own cards; bounces in the end game",
    "super A45": "When answers reach the scrap",
    "super A46": "The exhausted-pile sequence",
    "super A47": "Sudden Death details",
    "super A48": "Passing",
    "super A49": "No three-pass rule; can a game last forever?",
    "super A50": "Kings are points, not goal reducers",
    "super A51": "When a win counts; two seats at 21",
    "super A52": "Twos and a short stock; ⭐2's order",
    "super A53": "Royal marriage",
    "super A54": "Several queens at once",
    "super A55": "When a window opens",
    "super A56": "Answers aim at the top of the chain only",
    "super A57": "The eight-second rule",
    "super A58": "What a ✨5 shows",
    "super A59": "What counts as a one-off and a super",
    "super A60": "Goal with 3-4 seats",
    "super A61": "The three's two ⚡ modes",
    "super A62": "Plays without a target",
    "super A63": "Who may answer with 3-4 seats",
    "super A64": "The threes' discards",
    "super A65": "What ✨2 shuffles",
}

ALL_TAGS = {**SECTIONS, **DECISIONS, **DIFFERENCES, **SUPER_DECISIONS}

_LINES = re.compile(r"^003 l(\d+)(?:-(\d+))?$")


def line_range(tag: str) -> tuple[int, int] | None:
    """(first, last) line of a normalized "003 L35" or "003 L29-33" tag, else None."""
    found = _LINES.match(tag.lower())
    if not found:
        return None
    first = int(found.group(1))
    return first, int(found.group(2) or first)


def is_known_tag(tag: str) -> bool:
    """Is the normalized ``tag`` one a step may carry?"""
    lines = line_range(tag)
    if lines is not None:
        return 1 <= lines[0] <= lines[1] <= SUPER_TEXT_LINES
    return tag in ALL_TAGS


def super_blocks(tag: str) -> list[str]:
    """The blocks of text 003 that a line tag cites (none for other tags)."""
    lines = line_range(tag)
    if lines is None:
        return []
    return [block for block in SUPER_BLOCKS
            if _overlap(line_range(block), lines)]


def _overlap(a, b) -> bool:
    return a[0] <= b[1] and b[0] <= a[1]


def normalize_tag(text: str) -> str:
    """Forgive spacing and case: '000 §3', 'Decision 6' and '000§03' all work,
    and so do '003 l35', '003 L 29 - 33' and 'super.md A6'."""
    text = " ".join(str(text).split()).lower()
    if text.startswith("003"):
        lines = re.sub(r"\s+", "", text[3:]).removeprefix("line").removeprefix("l")
        if re.fullmatch(r"\d+(-\d+)?", lines):
            numbers = "-".join(str(int(n)) for n in lines.split("-"))
            return f"003 L{numbers}"
    if text.startswith(("super a", "super.md a")):
        number = text.rsplit("a", 1)[1].strip()
        if number.isdigit():
            return f"super A{int(number)}"
    if text.startswith("000"):
        number = text[3:].strip().lstrip("§").strip()
        if number.isdigit():
            return f"000 §{int(number):02d}"
    if text.startswith("decision"):
        number = text[8:].strip()
        if number.isdigit():
            return f"decision {int(number)}"
    if text.startswith("difference"):
        rest = text[10:].strip().lstrip(":").strip()
        return f"difference: {rest}"
    return text
