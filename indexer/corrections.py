"""The speakers file: a newsroom's corrections to quote attribution.

Owns reading speakers files and the annotation stage that applies them
after attribution (indexer.annotator): an alias becomes its speaker's
canonical name ("Anthony Blair" -> "Tony Blair"), a blocked value is no
speaker at all ("Ulster", "Game").  Each quote it changes records
speaker_source "user" (search.model.USER_SOURCE), so a correction is
visible and survives re-indexing: the files are read on every index run,
and an article whose speakers change is re-written as an update.

A file is JSON:

    {"speakers": [{"name": "Tony Blair", "type": "person",
                   "aliases": ["Anthony Blair", "Tony Blair's"]}],
     "block": ["Ulster", "Game"]}

Files come from $ONRECORD_SPEAKERS (os.pathsep-separated), read when the
stage runs (never at import).  Names compare with collapsed spaces and
ignoring case.  A bad file raises CorrectionsError naming it.
"""
from __future__ import annotations

import functools
import json
import os
from collections.abc import Mapping
from dataclasses import dataclass, replace
from pathlib import Path

from onrecord.indexer.budget import Deadline, check
from onrecord.search.errors import OnrecordError
from onrecord.search.model import SPEAKER_TYPES, USER_SOURCE, Article, Paragraph, Quote, SpeakerType

ENV_VAR = "ONRECORD_SPEAKERS"


class CorrectionsError(OnrecordError):
    """A speakers file is missing, unreadable or malformed."""


@dataclass(frozen=True, slots=True)
class Corrections:
    """Folded alias -> (canonical name, type); folded blocked names."""

    aliases: Mapping[str, tuple[str, SpeakerType | None]]
    blocked: frozenset[str]

    def __bool__(self) -> bool:
        return bool(self.aliases or self.blocked)


def fold_name(name: str) -> str:
    """Return `name` as corrections compare it: spaces collapsed, casefolded."""
    return " ".join(name.split()).casefold()


def load_corrections(env: Mapping[str, str] | None = None) -> Corrections:
    """Return the corrections of every file in $ONRECORD_SPEAKERS (of `env`,
    default os.environ), later files winning; none when it is unset.
    Raises CorrectionsError if a file is missing or malformed."""
    raw = (os.environ if env is None else env).get(ENV_VAR, "")
    return _load_files(tuple(Path(p) for p in raw.split(os.pathsep) if p.strip()))


@functools.lru_cache(maxsize=8)
def _load_files(paths: tuple[Path, ...]) -> Corrections:
    aliases: dict[str, tuple[str, SpeakerType | None]] = {}
    blocked: set[str] = set()
    for path in paths:
        file_aliases, file_blocked = _read_file(path)
        aliases.update(file_aliases)
        blocked |= file_blocked
    return Corrections(aliases, frozenset(blocked))


def _read_file(path: Path) -> tuple[dict[str, tuple[str, SpeakerType | None]], set[str]]:
    """Return one file's aliases and blocked names; raises CorrectionsError."""
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
        aliases: dict[str, tuple[str, SpeakerType | None]] = {}
        for entry in data.get("speakers", []):
            name = " ".join(str(entry["name"]).split())
            kind = entry.get("type")
            if not name or (kind is not None and kind not in SPEAKER_TYPES):
                raise ValueError(f"bad speaker entry {entry!r}")
            for alias in (name, *entry.get("aliases", [])):
                aliases[fold_name(str(alias))] = (name, kind)
        return aliases, {fold_name(str(b)) for b in data.get("block", []) if str(b).strip()}
    except (OSError, UnicodeDecodeError) as exc:
        raise CorrectionsError(f"cannot read speakers file {path}: {exc}") from exc
    except (ValueError, KeyError, TypeError, AttributeError) as exc:
        raise CorrectionsError(f"malformed speakers file {path}: {exc}") from exc


def correct_quote(quote: Quote, corrections: Corrections) -> Quote:
    """Return `quote` with its speaker corrected (blocked: no speaker;
    an alias: the canonical name), marked USER_SOURCE; else `quote`."""
    if quote.speaker is None:
        return quote
    key = fold_name(quote.speaker)
    if key in corrections.blocked:
        return replace(quote, speaker=None, speaker_mention=None, evidence=None,
                       confidence=None, speaker_type=None, speaker_source=USER_SOURCE)
    found = corrections.aliases.get(key)
    if found is None:
        return quote
    name, kind = found
    return replace(quote, speaker=name, speaker_type=kind or quote.speaker_type,
                   speaker_source=USER_SOURCE)


def correct_paragraph(para: Paragraph, corrections: Corrections) -> Paragraph:
    """Return `para` with its quotes corrected and its speakers list
    rebuilt from them (sorted, unique); `para` itself if nothing changed."""
    quotes = [correct_quote(q, corrections) for q in para.quotes]
    if all(new is old for new, old in zip(quotes, para.quotes, strict=True)):
        return para
    return replace(para, quotes=quotes, speakers=sorted({q.speaker for q in quotes if q.speaker}))


def apply_corrections(article: Article, *, deadline: Deadline | None = None,
                      corrections: Corrections | None = None) -> Article:
    """Return `article` with the speakers files' corrections applied to its
    quotes (the annotation stage after attribution).  Raises
    CorrectionsError for a bad file, BudgetError past `deadline`."""
    corrections = load_corrections() if corrections is None else corrections
    if not corrections:
        return article
    paragraphs = []
    for para in article.paragraphs:
        check(deadline)
        paragraphs.append(correct_paragraph(para, corrections))
    return replace(article, paragraphs=paragraphs)
