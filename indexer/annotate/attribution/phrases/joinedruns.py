"""A speaker's capitalised run after a cue that "and" joins to the rest of its name or office.

Owns the rule phrases.cues.inversions' phrase_after asks before it ends the run a cue
reads at "and" (issue #31): "said Economic and Fiscal Policy Minister Ann
Vole" is Ann Vole's office and name, not "Economic"; "added Acme and Young's
Ann Vole" is her employer and name; "according to the World Travel and Quill
Council" is one institution.  The joined words belong to the run only when
the whole run cuts (names.names.cut_name) to an office word or an
employer's possessive and then a person's full name, or, after "the", ends
in an institution's head word ("Council"): two people ("Mr Vole and Mr
Pike"), two bodies ("Acme and Quill Post") or a list ("French, Dutch and
Irish nationals") stay cut, as phrase_before's run ("the Finance and Economy
Ministry") already reads the same words walking back from a cue.
"""
from __future__ import annotations

from onrecord.indexer.annotate.attribution.names.names import (
    cut_name,
    is_full_name,
    is_owner,
    is_role_word,
    lexicon,
    plain_word,
)
from onrecord.indexer.annotate.attribution.phrases.shapes import is_cap

Tokens = list[tuple[str, int, int]]

# tokens that join two capitalised parts of one office or name: "Trade and Industry", "Culture, Media and Sport"
_JOINERS = frozenset(("and", ","))


def _joined_end(toks: Tokens, k: int) -> int:
    """Return the last index of the capitalised parts that "and" or a list's commas join to the run
    ending at k, when an "and" is among the joiners; else k."""
    m, joined = k, False
    while m + 2 < len(toks) and toks[m + 1][0].lower() in _JOINERS and is_cap(toks[m + 2][0]):
        joined = joined or toks[m + 1][0].lower() == "and"
        m += 2
        while m + 1 < len(toks) and is_cap(toks[m + 1][0]):
            m += 1
    return m if joined else k


def joined_run(toks: Tokens, j: int, k: int, definite: bool) -> tuple[int, int] | None:
    """Return (first, last) token indexes of the speaker run when "and" joins the capitalised run
    toks[j..k] after a cue to the rest of its office and name ("Economic and Fiscal Policy Minister
    Ann Vole": her name's indexes) or, with `definite` (a "the" before it), of an institution's name
    ("the World Travel and Quill Council": the whole run); None when nothing joins it so."""
    m = _joined_end(toks, k)
    if m == k:
        return None
    words = [t[0] for t in toks[j:m + 1]]
    if definite and plain_word(words[-1]) in lexicon().org_heads:
        return j, m
    parts = cut_name(words)
    role = [w.rstrip(",") for w in parts.role]
    if "and" not in role or not is_full_name(parts.name) or parts.title is not None \
            or not (is_role_word(role[-1]) or is_owner(role[-1])):
        return None  # "Mr Vole and Mr Pike": two people; "Acme and Quill": two bodies
    return m - len(parts.name) - len(parts.suffix) + 1, m
