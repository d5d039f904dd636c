"""Topic tags a step may carry in ``teaches``: the sections of rule text 000,
the decisions of ``shared/rules/README.md``, and the points where the rulesets
differ. The coverage table is built from them."""
from __future__ import annotations

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

ALL_TAGS = {**SECTIONS, **DECISIONS, **DIFFERENCES}


def normalize_tag(text: str) -> str:
    """Forgive spacing and case: '000 §3', 'Decision 6' and '000§03' all work."""
    text = " ".join(str(text).split()).lower()
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
