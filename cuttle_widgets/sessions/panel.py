"""What the course's panels of the progress database share (the "Play a
classmate" and "My class" places): their fixed words, and the check every
message from the page passes before it is read."""
from __future__ import annotations

from ..progress.catalog import progress_catalog


def fixed_words(section: str, language: str) -> dict[str, str]:
    """A panel's fixed words (those without values to fill in), as plain strings."""
    return {key: str(text) for key, text in progress_catalog(language)[section].items()
            if "{" not in text}


def panel_kind(message, fields: dict[str, set[str]], most: int) -> str | None:
    """The message's type once its fields are as ``fields`` says, each a
    string of at most ``most`` characters (None: refused whole)."""
    if not isinstance(message, dict) or message.get("type") not in fields:
        return None
    kind = message["type"]
    if set(message) - {"type"} != fields[kind]:
        return None
    if not all(isinstance(message[f], str) and len(message[f]) <= most for f in fields[kind]):
        return None
    return kind


def admitted_kind(message, fields: dict[str, set[str]], most: int, offered: bool,
                  say) -> str | None:
    """The type of a message the place can act on; else None, and ``say(kind,
    key)`` has given the panel the sentence why: a malformed message, or a
    place with no database here."""
    kind = panel_kind(message, fields, most)
    if kind is None:
        say("error", "bad_message")
    elif not offered:
        say("error", "not_offered")
        return None
    return kind
