"""Whose words "it says" are right after a document or publication spoke.

Owns one fact of news prose: "it" as the subject of a cue, in the sentence
right after one whose speaker phrase was a document ("The report said: ...
It also points out that ...") or a publication ("..., according to the
Daily Bugle. It says ..."), is that document or publication, so its words
are the same issuer's.  "It" is never a person, and the registry's last
organisation named (often the body the report is about) is the wrong
referent there.  A document is a phrase headed by a noun of the lexicon's
"document_nouns", "publication_nouns", "newspaper_nouns" or "org_voices",
or a masthead (indirect.outlets.is_masthead).
"""
from __future__ import annotations

import dataclasses

from onrecord.indexer.annotate.attribution.indirect.outlets import WORD_RE, is_masthead
from onrecord.indexer.lexicon import words
from onrecord.search import Paragraph, Quote

_DOCUMENTS = words("document_nouns", "publication_nouns", "newspaper_nouns", "org_voices")
# characters between the document's quote or clause and "it": the next sentence, not a later one
IT_REACH = 300
_SOURCE = "rule:it_document"


def it_after_documents(paragraphs: list[Paragraph]) -> list[Paragraph]:
    """Return `paragraphs` with each quote whose speaker phrase is "it" right
    after a document's quote credited to that document's speaker (module
    docstring); the others unchanged."""
    last: Quote | None = None  # the last quote with a speaker phrase
    issuer = False  # whether `last` is a document's, or an "it" that followed one
    out = []
    for para in paragraphs:
        quotes, changed = [], False
        for q in para.quotes:
            follows = issuer and last is not None and _follows(q, last)
            issued = _credited(q, last) if follows and last is not None else q
            changed |= issued is not q
            quotes.append(issued)
            if q.speaker_mention is not None:
                last, issuer = issued, follows or is_document(q.speaker_mention.text) and q.speaker is not None
        out.append(para.with_quotes(quotes) if changed else para)
    return out


def _follows(q: Quote, last: Quote) -> bool:
    """True when q's speaker phrase is "it" within IT_REACH after `last` and its speaker phrase."""
    mention, before = q.speaker_mention, last.speaker_mention
    if mention is None or before is None or mention.text.lower() != "it":
        return False
    return 0 <= mention.start - max(last.end, before.end) <= IT_REACH


def _credited(q: Quote, last: Quote) -> Quote:
    """Return `q` credited to `last`'s speaker, its tie a pronoun's (q itself when already so)."""
    if q.speaker == last.speaker or last.speaker is None:
        return q  # the same speaker already: its evidence stands
    return dataclasses.replace(q, speaker=last.speaker, speaker_type=last.speaker_type, evidence="pronoun",
                               confidence=q.confidence or last.confidence, speaker_source=_SOURCE)


def is_document(phrase: str) -> bool:
    """True for a speaker phrase that names a document or publication: "the
    report", "The paper", "the club website", "The Mail" (a masthead)."""
    found = WORD_RE.findall(phrase)
    if not found:
        return False
    head = found[-1].lower().removesuffix("'s").removesuffix("\u2019s")
    name = " ".join(w for w in found if w.lower() != "the")
    return head in _DOCUMENTS or bool(name) and name[:1].isupper() and is_masthead(name, True)
