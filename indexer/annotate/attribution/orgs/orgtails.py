"""An organisation's name that runs on past "on", "of the" or "for the".

The capitalised-run scan (organisations.py) joins words over a bare "of",
"for", "and" or "&" only, so "Joint Committee on Human Rights" was two
names, "Joint Committee" and "Human Rights", and "the committee" meant the
first; "International Federation of the Phonographic Industry" left
"Phonographic Industry" a name of its own.  A run whose last word is one
of indexer.lexicon's "connector_org_heads" ("committee", "federation",
"summit") takes the capitalised words after such a joint as the rest of its
name, unless they are a day or month ("the Commission on Monday"), run on
into more capitalised words or a number, or are a possessive owner.
"""
from __future__ import annotations

import re
from collections.abc import Iterable, Iterator

from onrecord.indexer.annotate.attribution.names.placements import inside
from onrecord.indexer.annotate.attribution.orgs.orgnames import with_list
from onrecord.indexer.lexicon import words

HEADS = words("connector_org_heads")
_NOT_TAIL = words("weekdays", "months")
_WORD = r"[A-Z][\w'\u2019&-]*"
_SP = r"[ \u00a0]+"
# " on Human Rights", " for the Welfare of Immigrants": one to five capitalised words that end the name
# (never a part of them: not "Red Cross" of "the Red Cross and Red Crescent Societies")
_POSSESSIVE_RE = re.compile(r"['\u2019]s?$")
_JOINT = rf"{_SP}(?:(?:of|for|and|&){_SP})?"
_TAIL_RE = re.compile(rf"{_SP}(?:on|(?:of|for|on){_SP}the){_SP}({_WORD}(?:{_JOINT}{_WORD}){{0,4}})"
                      rf"(?![\w'\u2019-]|{_JOINT}[A-Z0-9])")


def with_tail(text: str, end: int, run: str) -> str:
    """Return `run` (ending at `end` in text) with the rest of its name after
    "on", "of the" or "for the" when its last word is a connector head
    ("Joint Committee" -> "Joint Committee on Human Rights"); else `run`."""
    if run.rsplit(None, 1)[-1].lower() not in HEADS:
        return run
    m = _TAIL_RE.match(text, end)
    if m is None:
        return run
    tail = m.group(1).split()
    # "the Commission on Monday", "the Council on Acme's plans": a time, an owner, no rest of a name
    if any(w.lower() in _NOT_TAIL for w in tail) or _POSSESSIVE_RE.search(tail[-1]):
        return run
    return run + m.group()


def org_runs(text: str, run_re: re.Pattern[str], named: list[tuple[int, int]]) -> Iterator[tuple[int, str]]:
    """Yield (start, run) for each capitalised run of `run_re` in text outside
    the `named` spans, with its list (orgnames.with_list) and its tail
    (with_tail); a run inside a tail just taken is no name of its own."""
    covered = -1
    for m in run_re.finditer(text):
        if m.start() < covered or inside(named, m.start()):
            continue
        run = with_list(text, m)
        whole = with_tail(text, m.start() + len(run), run)
        if whole is not run:
            covered = m.start() + len(whole)
        yield m.start(), whole


_JOINT_IN_RE = re.compile(r" (?:on|(?:of|for|on) the) ")


def register_rests(full: dict[str, str], names: Iterable[str]) -> None:
    """Map in `full` the words after the joint of each registered joined name
    to that name, when two or more ("Red Cross and Red Crescent Societies" ->
    "International Federation of the Red Cross and Red Crescent Societies"):
    a sentence's subject read from the joint on is still the whole body."""
    for name in names:
        if name in full and (" on " in name or " the " in name):
            parts = _JOINT_IN_RE.split(name, 1)
            if len(parts) == 2 and parts[0].rsplit(None, 1)[-1].lower() in HEADS and " " in parts[1]:
                full.setdefault(parts[1], full[name])
