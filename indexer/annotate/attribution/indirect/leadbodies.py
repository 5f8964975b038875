"""Which body a lead's indefinite body description is: the one the next sentences show speaking.

Owns the news habit "..., a charity has warned." then "Acme Aid condemned
the move": the lead describes a body and a later sentence of the lead's reach
opens on its name as the subject of a speaking verb (the lexicon's
"lead_body_verbs": "says", "condemned", "is concerned"), or of a spokesperson
who speaks ("An Acme Vote spokesman said").  The first body named after the
lead is often another, which the text only reports on ("The Trade Body is to
end its quotas"), and the speaking body is often not registered at all (its
name opens with a first name: "Christian"; its kind is written only beside it:
"consultancy Acme").  indexer.annotate.attribution.indirect.reports asks it
after the other readings of a description.
"""
from __future__ import annotations

import re
from typing import Any

from onrecord.indexer.annotate.attribution.descriptions.leads import LEAD_REACH, in_lead
from onrecord.indexer.annotate.attribution.indirect.described import BODY_NOUNS, SELF_NAMED
from onrecord.indexer.annotate.attribution.indirect.outlets import WORD_RE
from onrecord.indexer.annotate.attribution.indirect.written import credited
from onrecord.indexer.annotate.attribution.people.speakers import DocSpeakers
from onrecord.indexer.annotate.attribution.phrases.cues.cues import Phrase
from onrecord.indexer.annotate.attribution.phrases.cues.wordtrie import word_alternation
from onrecord.indexer.lexicon import words

_VERBS = words("lead_body_verbs")
_ROLES = words("roles")  # "Acme director Ann Vole said": the run after a role is a person
_NAME = r"[A-Z][\w&'\u2019.-]*"
# a sentence opening on at most two words ("But the", "Anti-fraud consultancy"), then the body's
# capitalised name, its acronym, a spokesperson, and a speaking verb
_SPEAKING_RE = re.compile(rf"((?:[\w-]+ )*?)((?:{_NAME} ){{0,5}}?{_NAME})(?: \([A-Z]{{2,}}\))?"
                          rf"(?: (?:{word_alternation(words('spokes'))}))? (?:{word_alternation(_VERBS)})\b")
_ARTICLE_RE = re.compile(r"^(?:An?|The) ")
_SENTENCE_RE = re.compile(r"(?<=[.!?])[\"'\u201d\u2019]?\s+(?=[A-Z])|\n\s*")


def speaking_body_after(text: str, end: int) -> str | None:
    """Return the capitalised name a sentence opening within LEAD_REACH after
    `end` shows speaking ("Acme Aid condemned ...", "But the Acme Forum (AF) is
    concerned", "An Acme Vote spokesman said"), the first such; else None."""
    window = text[end:end + LEAD_REACH]
    for start in (m.end() for m in _SENTENCE_RE.finditer(window)):
        m = _SPEAKING_RE.match(window, start)
        if m is None or len(m.group(1).split()) > 2:
            continue
        before = m.group(1).split()
        if before and before[-1].lower() in _ROLES:
            continue  # "Acme director Ann Vole said": a person, not the body
        return _ARTICLE_RE.sub("", m.group(2))  # "An Acme Vote spokesman": the article is no part of it
    return None


def lead_body(who: dict[str, Any], phrase: Phrase, end: int, base: int, people: DocSpeakers) -> dict[str, Any]:
    """Return `who` credited to the body a later sentence shows speaking
    (speaking_body_after `end`, where the clause and its phrase end) when the
    phrase is an indefinite body description in the lead ("a charity", "an
    anti-fraud agency", "a race group"); else `who`."""
    found = WORD_RE.findall(phrase.text.lower())
    if phrase.kind != "np" or len(found) < 2 or found[0] not in ("a", "an") \
            or found[-1] not in BODY_NOUNS or found[-1] in SELF_NAMED \
            or who.get("speaker_type") not in (None, "organisation") \
            or not in_lead(people.text, phrase.start + base):
        return who
    body = speaking_body_after(people.text, end)
    if body is None or body == who.get("speaker"):
        return who
    return credited(who, people.organisations.full_name(body) or body, "organisation")
