"""A body's written name that runs on into the person speaking for it.

Owns reading the capitalised run clausecredits._org_credit takes as a body's name
as written ("The Association of British insurers") when the run goes on
past the name into its speaker:

- a spokesperson noun (indexer.lexicon's "spokes") closes it: "A Norland
  Police spokeswoman said" is the body's words, and the body is the words
  before the noun without their article ("Norland Police"), never the
  whole description;
- a title or office word and the person the direct path found close it:
  "Norland Office Minister Ann Vole said", "Acme Council Professor Ann Vole
  said" are Ann Vole's words, not the body's.
"""
from __future__ import annotations

from onrecord.indexer.annotate.attribution.names.names import TITLES, is_role_word, plain_word
from onrecord.indexer.annotate.attribution.names.runs import ARTICLE_RE
from onrecord.indexer.lexicon import words

SPOKES = words("spokes")


def run_body(org: str | None, speaker: str | None) -> str | None:
    """Return the body a written run `org` names: the words before a
    spokesperson noun closing it ("A Norland Police spokeswoman" -> "Norland
    Police"); None when the person `speaker` closes it after a title or
    office word (person_closes); else `org` itself (None stays None)."""
    if org is None or person_closes(org, speaker):
        return None
    head, _, last = org.rpartition(" ")
    if not head or last.lower() not in SPOKES:
        return org
    body = ARTICLE_RE.sub("", head)
    return body if body[:1].isupper() else org


def person_closes(org: str, speaker: str | None) -> bool:
    """True when the run `org` ends in the name `speaker` right after a title
    or office word ("Norland Office Minister Ann Vole" with "Ann Vole"): the
    person speaks; not a body whose name holds a person's ("Ann Vole Trust")."""
    if not speaker or not org.endswith(f" {speaker}"):
        return False
    before = org[:-len(speaker)].split()
    return bool(before) and (is_role_word(before[-1]) or plain_word(before[-1]) in TITLES)
