"""A surname value joined to the full name its person was introduced with (issue #31).

Owns widening, after attribution, a person's one-word speaker value ("McCall",
"Vole") to the full name the article wrote at that word's first mention when the
registry could not read it as one, because the first name there has a shape no
name run takes:

- right after a lowercase office word, a first name the cut reads as no name:
  a known first name written in lowercase ("club coach ann Vole"; any other
  lowercase word there is no name: "the coach said Vole") or a word that is also a
  nationality or other descriptor ("economy minister German Vole"): after an
  office word the next word before the surname is the person's first name;
- a quoted nickname between the first name and the surname ('Tam "the Rocket"
  Vole', with its spaces inside the marks as written): names.fullnames reads
  only a nickname of one capitalised word;
- a surname written with two letters swapped ("Mr Vloe" beside "Ann Vole"):
  the one full name whose surname that swap gives (people.speakers reads a
  typo of one letter dropped, not of two swapped).

Only the first mention is read (where an article introduces a person), and
values.whole_names' answer, when it has one, stands.
"""
from __future__ import annotations

import re

from onrecord.indexer.annotate.attribution.names.names import TITLES, first_name_gender, is_role_word, plain_word
from onrecord.indexer.lexicon import words
from onrecord.search import Quote

_SP = r"[ \u00a0]+"
# an office word, then one word, right before the surname: "coach ann ", "minister German "
_AFTER_OFFICE_RE = re.compile(rf"(?<![\w'\u2019-])([a-z][a-z-]+){_SP}([A-Za-z][a-z]+){_SP}$")
# a capitalised first name, then a quoted nickname, itself a name ('Tam "the Rocket " ', 'Ann "Mo" '):
# not a scare-quoted word ('Street "sexed up" ')
_NICKNAME_RE = re.compile(rf"(?<![\w'\u2019-])([A-Z][a-z]+){_SP}[\"\u201c\u2018'](?:the{_SP})?[A-Z]"
                          rf"[^\"\u201d\u2019'\n]{{0,25}}[\"\u201d\u2019']{_SP}$")
_NOT_FIRST = words("determiners", "weekdays", "months", "clause_openers", "leading_noise") | TITLES
_REACH = 60  # characters before the surname a first name and its nickname may take
_MIN_SWAPPED = 5  # letters of the shortest surname read for two swapped letters


def _first_mention(text: str, value: str) -> int:
    """Return where `value` is first written as a whole word in `text`, or -1.
    str.find, not a regex: a pattern per value compiled cost more than the rest of the stage."""
    at = text.find(value)
    while at >= 0:
        before = text[at - 1] if at else " "
        after = text[at + len(value):at + len(value) + 1]
        if not (before.isalnum() or before in "_'\u2019-") and not (after.isalnum() or after in ("_", "-")):
            return at
        at = text.find(value, at + 1)
    return -1


def _first_name_before(text: str, at: int) -> str | None:
    """Return the first name written right before the surname at text[at:]
    when an office word or a quoted nickname sets it apart (module docstring),
    else None."""
    window = text[max(0, at - _REACH):at]
    office = _AFTER_OFFICE_RE.search(window)
    if office and is_role_word(office.group(1)) and not is_role_word(office.group(2)) \
            and (office.group(2)[0].isupper() or first_name_gender(office.group(2)) is not None):
        first = office.group(2)  # a lowercase word only when it is a first name: "coach said Vole" is no name
    else:
        nickname = _NICKNAME_RE.search(window)
        first = nickname.group(1) if nickname and not is_role_word(nickname.group(1)) else ""
    return first if first and plain_word(first) not in _NOT_FIRST else None


def _swapped_full_name(text: str, value: str) -> str | None:
    """Return the one full name the article writes whose surname is `value`
    with two neighbouring letters swapped ("Ann Vole" for "Vloe"), else None."""
    if len(value) < _MIN_SWAPPED:
        return None  # short words swap into other words: "Lee", "Lea"
    found: set[str] = set()
    for k in range(1, len(value) - 1):  # the first letter stays: a capital is no typo
        swapped = value[:k] + value[k + 1] + value[k] + value[k + 2:]
        if swapped == value or swapped not in text:
            continue  # most swaps: not in the text (one string test)
        for m in re.finditer(rf"(?<![\w'\u2019-])([A-Z][a-z]+){_SP}{re.escape(swapped)}(?![\w-])", text):
            if plain_word(m.group(1)) not in _NOT_FIRST and not is_role_word(m.group(1)):
                found.add(f"{m.group(1)} {swapped}")
    return found.pop() if len(found) == 1 else None


def introduced_names(text: str, quotes: list[Quote]) -> dict[str, str]:
    """Return each person's one-word speaker value of `quotes` mapped to the
    full name written at its first mention (_first_name_before): the first
    name and the surname it introduces; else the one full name of the value
    with two letters swapped (_swapped_full_name)."""
    found: dict[str, str] = {}
    values = {q.speaker for q in quotes if q.speaker_type == "person" and q.speaker}
    for value in values:
        if " " in value or not value[:1].isupper() or value.isupper():
            continue  # most values: a full name already, or an acronym
        at = _first_mention(text, value)
        first = _first_name_before(text, at) if at > 0 else None
        whole = f"{first} {value}" if first is not None else _swapped_full_name(text, value)
        if whole is not None:
            found[value] = whole
    return found
