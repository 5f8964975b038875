"""Who made the work a reported clause's description names, when the sentence names them right after it.

Owns crediting a reported clause whose speaker phrase is a description of a work ("according to a report
earlier this week from the British Retail Consortium", "according to a round-up of gizmos compiled by Acme
Magazine", "according to a table drawn up by Norland's Daily Post newspaper") to its maker.  The phrase finder
ends a description after "according to" at six words, or before an -ed word, so it stops before the maker,
and the direct path credits no one.  News credits what a work reports to whoever made it: here, for a
description "according to" leads (a subject before a cue may run on past its verb: "The duo withdrew from
the"), the first link of the lexicon's `work_source_links` ("from", "by") inside the phrase or right after
it (no stop or comma between), then a capitalised run (after "the" or an owner's "'s"), names the speaker
as the registry resolves that run.  A person's description ("a spokesman from Acme") is left to the
direct path.
"""
from __future__ import annotations

import re
from typing import Any

from onrecord.indexer.annotate.attribution.descriptions.persons.personheads import is_person_noun
from onrecord.indexer.annotate.attribution.indirect.outlets import WORD_RE
from onrecord.indexer.annotate.attribution.indirect.written import credited
from onrecord.indexer.annotate.attribution.names.names import lexicon
from onrecord.indexer.annotate.attribution.people.speakers import DocSpeakers
from onrecord.indexer.annotate.attribution.phrases.cues.cues import Phrase
from onrecord.indexer.lexicon import words

_LINKS = words("work_source_links")  # "from", "by" (a participle before "by" is within LINK_REACH)
_DETERMINERS = ("a", "an", "the")
_SPOKES = words("spokes")  # "a spokesman from Acme": a person's description, the direct path's
_LINK_ALT = "|".join(re.escape(link).replace(r"\ ", r"[ \u00a0]+") for link in sorted(_LINKS, key=len, reverse=True))
_WORD = r"[A-Z][\w&'\u2019-]*"
# a link, maybe "the" or an owner ("Norland's"), then the maker's capitalised run ("British Retail Consortium")
_SOURCE_RE = re.compile(rf"\b(?:{_LINK_ALT})[ \u00a0]+(?:the[ \u00a0]+)?(?:{_WORD}['\u2019]s[ \u00a0]+)?"
                        rf"({_WORD}(?:[ \u00a0]+(?:(?:of|for|and|&)[ \u00a0]+)?{_WORD})*)")
# the phrase is a source "according to" names: a subject before a cue is no work ("The duo withdrew from the")
_ACCORDING_RE = re.compile(r"\b[Aa]ccording[ \u00a0]+to[ \u00a0]+$")
LINK_REACH = 30  # characters after the phrase a link may open at: "a round-up of gizmos compiled by"


def work_maker(who: dict[str, Any], phrase: Phrase, base: int, people: DocSpeakers) -> dict[str, Any]:
    """Return `who` credited to the maker the sentence names after the work its phrase describes (see
    the module docstring); `who` unchanged when it has a speaker, its phrase is no description of a
    thing, or no link and capitalised run follow it."""
    found = WORD_RE.findall(phrase.text.lower())
    if who.get("speaker") or phrase.kind != "np" or not found or found[0] not in _DETERMINERS \
            or any(is_person_noun(w) or w in _SPOKES or w in lexicon().roles for w in found[1:]):
        return who
    start, end = phrase.start + base, phrase.end + base
    text = people.text
    if _ACCORDING_RE.search(text, max(0, start - 20), start) is None:
        return who
    m = _SOURCE_RE.search(text, start, end + LINK_REACH)
    if m is None or m.start() > end and re.search(r"[,.;:!?\"\u201c\u201d]", text[end:m.start()]):
        return who
    run = m.group(1)
    name = people.resolve_run(run, m.start(1))[0] or run
    person = any(p.name == name for p in people.by_order) and not people.organisations.is_org_name(name)
    return credited(who, name, "person" if person else "organisation", "name")
