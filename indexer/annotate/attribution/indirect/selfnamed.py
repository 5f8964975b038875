"""A body named only by its own noun ("Police said", "police say", "West
Yorkshire police confirmed") credited in a reported clause (issue #32).

The lexicon's `self_named_bodies` ("government", "police") are nouns that
name a body by themselves: "the police said" is a police force, never the
last other body that spoke (clausecredits' `_spoken_org`, for "the" + the noun).
Without "the" the phrase found no one (nor with it where the noun is also
a role's and no person was introduced as one: "the police"): a capitalised
"Police" at a sentence's start is a common noun to the name path, and a
lowercase "police" has no article for the description path.  Such a phrase names, in order:
the force a capitalised run right before it writes ("West Yorkshire police",
"Dunmore police": the cue finder cut the phrase to its last word), the latest
body whose name ends in the noun that spoke before it, the one such body the
article names, else the noun itself, in lowercase as "the government" is
credited ("Police said" at a sentence's start is no name of its own).
"""
from __future__ import annotations

import re
from collections.abc import Iterable
from typing import Any

from onrecord.indexer.annotate.attribution.descriptions.nominals import INSTITUTION_REACH
from onrecord.indexer.annotate.attribution.indirect.described import SELF_NAMED
from onrecord.indexer.annotate.attribution.indirect.written import credited, note_spoken
from onrecord.indexer.annotate.attribution.people.speakers import DocSpeakers
from onrecord.indexer.annotate.attribution.phrases.cues.cues import Phrase
from onrecord.indexer.lexicon import words
from onrecord.search import Mention

# a run of capitalised words ending right before the phrase, on the same line: "West Yorkshire "
RUN_RE = re.compile(r"(?<![\w.'\u2019-])((?:[A-Z][\w'\u2019-]*[ \t]+)+)$")  # no "Sunday. "
_SENTENCE_ENDS = ".!?:;\"\u201d\n"  # what a sentence's first word follows
_THE_RE = re.compile(r"^the\s+")  # "the police said": a role to the direct path, which found no one
NOT_PLACES = words("weekdays", "months", "time_leads", "determiners", "clause_openers")


def self_named_body(who: dict[str, Any], phrase: Phrase, base: int, people: DocSpeakers,
                    spoken: list[tuple[int, str]]) -> dict[str, Any]:
    """Return `who` credited to the body a bare self-named noun names ("Police
    said"; see the module docstring), its mention widened over a place run
    before it; `who` unchanged when it has a speaker or the phrase is no
    such bare noun."""
    noun = _THE_RE.sub("", phrase.text.lower())
    if who.get("speaker") or noun not in SELF_NAMED:
        return who
    pos = phrase.start + base
    run = place_run(people.text, pos) if noun == phrase.text.lower() else None
    if run is not None:
        name, start = f"{run[0]} {noun}", run[1]
        note_spoken(people, spoken, pos, name)
        mention = Mention(people.text[start:phrase.end + base], start, phrase.end + base)
        return credited(who, name, "organisation", "name") | {"speaker_mention": mention}
    body = _spoken_body(noun, pos, spoken) \
        or one_named_body(noun, (m.name for m in people.organisations.mentions)) or noun
    note_spoken(people, spoken, pos, body)
    return credited(who, body, "organisation", "np")


def place_run(text: str, pos: int) -> tuple[str, int] | None:
    """Return the capitalised run right before pos ("West Yorkshire" of
    "West Yorkshire police", its words joined by single spaces) and where it
    starts, or None: no run, a run opening with a time or linking word
    ("Thursday", "But"), or one capitalised word opening a sentence ("Local
    police said": a capital for the sentence, not a place)."""
    found = RUN_RE.search(text, max(0, pos - 60), pos)
    if found is None:
        return None
    run = found.group(1).split()
    before = text[max(0, found.start() - 20):found.start()].rstrip(" \t")
    opens = not before or before[-1] in _SENTENCE_ENDS
    return None if run[0].lower() in NOT_PLACES or opens and len(run) == 1 else (" ".join(run), found.start(1))


def _spoken_body(noun: str, pos: int, spoken: list[tuple[int, str]]) -> str | None:
    """Return the latest body whose name ends in `noun` that spoke within
    INSTITUTION_REACH before pos ("Acme Police said ... Police say"), or None."""
    same = [(at, org) for at, org in spoken if pos - INSTITUTION_REACH <= at < pos
            and org.lower().rsplit(" ", 1)[-1] == noun]
    return max(same)[1] if same else None


def one_named_body(noun: str, names: Iterable[str]) -> str | None:
    """Return the one name of `names` (the organisations an article names,
    before or after the clause) of two words or more ending in `noun`
    ("Strathclyde Police"), or None for none or several."""
    found = {name for name in names if len(name.split()) > 1 and name.lower().rsplit(" ", 1)[-1] == noun}
    return found.pop() if len(found) == 1 else None
