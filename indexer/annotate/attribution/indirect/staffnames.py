"""A body's staff or members named by their plural noun alone after the body's
written name, in a reported clause (issue #32): "Seattle officials said",
"... and Icann officials warned", "Committee members said".

The cue finder cut such a phrase to its noun ("officials"), and
orgs.staff.staff_owner, which reads the name before it, answers only for a
name the article or the registry shows to be an organisation's by itself,
opening a sentence or clause: "Seattle" (the article names the "City of
Seattle"), "Committee" (the "Public Accounts Committee") and a run after
"and" found no one.  Here the capitalised run right before the noun names
the organisation the article names in those words or, the one such, ending
in them; a run that is no organisation of the article (a sentence's
"Senior officials", "Chinese officials") names no one.  The nouns are
indexer.lexicon's `body_voice_nouns`: those who speak as a body, not a
field's experts ("Security experts say" is no word of RSA Security's).
"""
from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from onrecord.indexer.annotate.attribution.indirect.selfnamed import NOT_PLACES, RUN_RE
from onrecord.indexer.annotate.attribution.indirect.written import credited
from onrecord.indexer.annotate.attribution.people.speakers import DocSpeakers
from onrecord.indexer.annotate.attribution.phrases.cues.cues import Phrase
from onrecord.indexer.lexicon import words
from onrecord.search import Mention

_NOUNS = words("body_voice_nouns")  # "officials", "members"; not "experts": "Security experts say"


def staff_run_body(who: dict[str, Any], phrase: Phrase, base: int, people: DocSpeakers) -> dict[str, Any]:
    """Return `who` credited to the organisation the capitalised run right
    before a bare staff or member noun names (see the module docstring), its
    mention widened over the run; `who` unchanged when it has a speaker, the
    phrase is no such bare noun, or the run names no organisation of the article."""
    if who.get("speaker") or phrase.kind != "np" or phrase.text.lower() not in _NOUNS:
        return who
    pos = phrase.start + base
    found = RUN_RE.search(people.text, max(0, pos - 60), pos)
    if found is None:
        return who
    run, names = " ".join(found.group(1).split()), {m.name for m in people.organisations.mentions}
    body = None if run.split()[0].lower() in NOT_PLACES else named_body(run, names)
    if body is None:
        return who
    body = spelled_out(body, names, people.text) or people.organisations.full_name(body) or body
    start, end = found.start(1), phrase.end + base
    mention = Mention(people.text[start:end], start, end)
    return credited(who, body, "organisation", "name") | {"speaker_mention": mention}


def named_body(run: str, names: Iterable[str]) -> str | None:
    """Return the organisation of `names` (those the article names) written
    as `run`, else the one whose name ends in `run`'s words ("City of
    Seattle" for "Seattle"), else None (none, or several)."""
    found = set(names)
    if run in found:
        return run
    ending = {name for name in found if name.endswith(f" {run}")}
    return ending.pop() if len(ending) == 1 else None


def spelled_out(short: str, names: Iterable[str], text: str) -> str | None:
    """Return the name of `names` the text spells `short` out as, written
    right before it in brackets ("The Internet Corporation for Assigned
    Names and Numbers (Icann)"), else None."""
    return next((name for name in names if f"{name} ({short})" in text), None)
