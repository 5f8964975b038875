"""The speakers file: a newsroom's corrections to quote attribution.

Owns reading speakers files and the annotation stage that applies them
after attribution (indexer.annotate.annotator): an alias becomes its speaker's
canonical name ("Anthony Blair" -> "Tony Blair"), a blocked value is no
speaker at all ("Ulster", "Game").  Each quote it changes records
speaker_source "user" (search.model.USER_SOURCE), so a correction is
visible and survives re-indexing: the files are read on every index run,
and an article whose speakers change is re-written as an update.

A file is JSON:

    {"speakers": [{"name": "Tony Blair", "type": "person",
                   "aliases": ["Anthony Blair", "Tony Blair's"]}],
     "block": ["Ulster", "Game"]}

Files are the speakers setting's ($ONRECORD_SPEAKERS or `--setting
speakers=`, os.pathsep-separated), read once per run before the first input
file (indexer.annotate.annotator.load_annotation_files, never at import) as
indexer.annotate.operatorfiles reads them (regular files of bounded size).
Names are cleaned of hidden characters like the names annotation finds
(indexer.parse.invisibles) and compare with collapsed spaces and ignoring
case.  A bad file raises CorrectionsError naming it.
"""
from __future__ import annotations

import difflib
import functools
from collections.abc import Mapping
from dataclasses import dataclass, replace
from pathlib import Path

from onrecord.indexer.annotate.operatorfiles import read_json_file
from onrecord.indexer.budget import check
from onrecord.indexer.parse.invisibles import clean_name, clean_value
from onrecord.search import SPEAKER_TYPES, USER_SOURCE, Article, Deadline, OnrecordError, Paragraph, Quote, SpeakerType


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
    """Return `name` as corrections compare it: hidden characters removed
    (indexer.parse.invisibles), spaces collapsed, casefolded."""
    return clean_value(name).casefold()


def load_corrections(*paths: Path | str) -> Corrections:
    """Return the corrections of the speakers files `paths`, later files
    winning; none without a file.  Cached per file list.  Raises
    CorrectionsError if a file is missing or malformed."""
    return _load_files(tuple(Path(path) for path in paths))


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
    """Return one file's aliases and blocked names (names cleaned of hidden
    characters); raises CorrectionsError (indexer.annotate.operatorfiles: a regular
    file of bounded size, one line per fault)."""
    data = read_json_file(path, "speakers file", CorrectionsError)
    try:
        _refuse_unknown_keys(data, FILE_KEYS, "")
        aliases: dict[str, tuple[str, SpeakerType | None]] = {}
        for entry in data.get("speakers", []):
            _refuse_unknown_keys(entry, ENTRY_KEYS, "a speaker entry: ")
            name = clean_name(_text(entry["name"]))
            kind = entry.get("type")
            if not name or (kind is not None and kind not in SPEAKER_TYPES):
                raise ValueError(f"bad speaker entry {_text(entry['name'])!r}")
            for alias in (name, *map(_text, entry.get("aliases", []))):
                if fold_name(alias):
                    aliases[fold_name(alias)] = (name, kind)
        return aliases, {fold_name(b) for b in map(_text, data.get("block", [])) if clean_name(b)}
    except (ValueError, KeyError, TypeError, AttributeError) as exc:
        raise CorrectionsError(f"malformed speakers file {path}: {exc}") from exc


# What a speakers file and each of its "speakers" entries may hold: a
# misspelt key ("blocks") was accepted silently and corrected nothing.
FILE_KEYS = ("speakers", "block")
ENTRY_KEYS = ("name", "type", "aliases")


def _refuse_unknown_keys(data: object, known: tuple[str, ...], where: str) -> None:
    """Raise ValueError naming a key of the object `data` that is not one
    of `known` (with the closest known one), or TypeError for a non-object."""
    if not isinstance(data, dict):
        raise TypeError(f"{where}expected a JSON object, not {type(data).__name__}")
    for key in data:
        if key not in known:
            close = difflib.get_close_matches(str(key), known, n=1)
            hint = f" (did you mean {close[0]!r}?)" if close else ""
            raise ValueError(f"{where}unknown key {key!r}{hint}; a speakers file holds "
                             f"{', '.join(repr(k) for k in known)}")


def _text(value: object) -> str:
    """Return `value` if it is a string; raises TypeError naming its type
    (a list or object where a name belongs is a mistake, not a name)."""
    if not isinstance(value, str):
        raise TypeError(f"a name must be a string, not {type(value).__name__}")
    return value


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
    return para.with_quotes(quotes)


def apply_corrections(article: Article, *, deadline: Deadline | None = None,
                      corrections: Corrections | None = None) -> Article:
    """Return `article` with `corrections` (the speakers files', read by
    load_corrections; None: none) applied to its quotes (the annotation
    stage after attribution).  Raises DeadlineExceeded past `deadline`."""
    if not corrections:
        return article
    paragraphs = []
    for para in article.paragraphs:
        check(deadline)
        paragraphs.append(correct_paragraph(para, corrections))
    return article.with_paragraphs(paragraphs)
