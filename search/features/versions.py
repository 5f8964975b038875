"""An article's versions: which one to show, and what changed since the first.

Owns read_versions() (every retrievable version of an article: the current
one -- whose paragraphs are in the index -- and each replaced one whose
paragraphs its record kept), pick_version() and diff_paragraphs(): a
paragraph-level difflib comparison of two versions, with the inserted and
removed words of each changed paragraph.  Only the current version is ever
searched: earlier ones live in search.storage.articledb.records, not in the index.
"""
from __future__ import annotations

import json
import re
from dataclasses import dataclass
from difflib import SequenceMatcher

from onrecord.search.errors import NotFoundError
from onrecord.search.model import Metadata, Paragraph, ParagraphChange, VersionInfo
from onrecord.search.storage.articledb.records import ArticleRecords, VersionRecord
from onrecord.search.storage.documents import paragraph_from_dict
from onrecord.search.storage.integrity.damage import records_missing_error

# Words (with inner apostrophes) and single punctuation marks: a comma
# after a changed word is not a change.
_WORD = re.compile(r"\w+(?:['\u2019]\w+)*|[^\w\s]")
# A paragraph replaced in place by one sharing less than this of its words
# (difflib ratio) is shown as removed and inserted, not as an edit.
EDIT_SIMILARITY = 0.5


@dataclass(slots=True)
class Versions:
    """The retrievable versions of one article, oldest first."""

    current: VersionRecord | None  # the record of the indexed version (None if lost)
    earlier: list[VersionRecord]  # replaced versions whose paragraphs were kept

    def infos(self, current_number: int) -> list[VersionInfo]:
        """Return a VersionInfo per retrievable version (empty if only one)."""
        if not self.earlier:
            return []
        infos = [VersionInfo(r.version or 0, r.indexed_at, False) for r in self.earlier]
        indexed_at = self.current.indexed_at if self.current else ""
        return infos + [VersionInfo(current_number, indexed_at, True)]


def read_versions(records: ArticleRecords, doc_id: str, rev: str) -> Versions:
    """Return the versions of `doc_id` whose current version is `rev`:
    earlier ones are archived records numbered below the current one (a
    record nothing points at, left by a crash before a commit, is never
    listed).  Raises IndexUnavailableError if the current version has no
    record (lost from the records: the page would show it untitled)."""
    rows = records.versions(doc_id)
    current = next((r for r in rows if r.rev == rev), None)
    if current is None:
        raise records_missing_error(records.label, [(doc_id, rev)])
    number = current.version if current and current.version else None
    earlier: dict[int, VersionRecord] = {}
    for row in rows:
        if row.archived and row.rev != rev and row.version and (number is None
                                                                or row.version < number):
            earlier[row.version] = row
    return Versions(current, [earlier[n] for n in sorted(earlier)])


def pick_version(records: ArticleRecords, versions: Versions, number: int,
                 doc_id: str) -> tuple[Metadata, list[Paragraph]]:
    """Return the metadata and paragraphs of earlier version `number`.
    Raises NotFoundError if the article has no such earlier version."""
    for row in versions.earlier:
        if row.version == number:
            data = json.loads(records.paragraphs_json(doc_id, row.rev) or "[]")
            paragraphs = [paragraph_from_dict(p) for p in data if isinstance(p, dict)]
            return row.meta, sorted(paragraphs, key=lambda p: p.n)
    raise NotFoundError(f"article {doc_id!r} has no version {number}")


def diff_paragraphs(old: list[Paragraph], new: list[Paragraph]) -> list[ParagraphChange]:
    """Return how `new` differs from `old`, paragraph by paragraph: inserted
    and removed paragraphs, and for paragraphs replaced in place the words
    inserted and removed (whitespace-only differences are not changes)."""
    matcher = SequenceMatcher(None, [_key(p) for p in old], [_key(p) for p in new],
                              autojunk=False)
    changes: list[ParagraphChange] = []
    for tag, i1, i2, j1, j2 in matcher.get_opcodes():
        if tag == "equal":
            continue
        paired = min(i2 - i1, j2 - j1) if tag == "replace" else 0
        for k in range(paired):
            after = new[j1 + k - 1].n if j1 + k > 0 else 0
            changes.extend(_changed(old[i1 + k], new[j1 + k], after))
        for paragraph in new[j1 + paired:j2]:
            changes.append(ParagraphChange("inserted", paragraph.n,
                                           inserted=[(0, len(paragraph.text))]))
        after = new[j1 + paired - 1].n if j1 + paired > 0 else 0
        for paragraph in old[i1 + paired:i2]:
            changes.append(ParagraphChange("removed", after, old_text=paragraph.text,
                                           removed=[(0, len(paragraph.text))]))
    return changes


def _key(paragraph: Paragraph) -> str:
    return " ".join(paragraph.text.split())


def _changed(old: Paragraph, new: Paragraph, after: int) -> list[ParagraphChange]:
    """Return the word-level change from `old` to `new` (one paragraph), or
    `old` removed (after shown paragraph `after`) and `new` inserted when
    they share too few words to be one paragraph edited."""
    old_words = list(_WORD.finditer(old.text))
    new_words = list(_WORD.finditer(new.text))
    matcher = SequenceMatcher(None, [m.group() for m in old_words],
                              [m.group() for m in new_words], autojunk=False)
    if matcher.ratio() < EDIT_SIMILARITY:
        return [ParagraphChange("removed", after, old_text=old.text,
                                removed=[(0, len(old.text))]),
                ParagraphChange("inserted", new.n, inserted=[(0, len(new.text))])]
    inserted: list[tuple[int, int]] = []
    removed: list[tuple[int, int]] = []
    for tag, i1, i2, j1, j2 in matcher.get_opcodes():
        if tag in ("replace", "insert") and j2 > j1:
            inserted.append((new_words[j1].start(), new_words[j2 - 1].end()))
        if tag in ("replace", "delete") and i2 > i1:
            removed.append((old_words[i1].start(), old_words[i2 - 1].end()))
    return [ParagraphChange("changed", new.n, inserted=inserted, old_text=old.text,
                            removed=removed)]
