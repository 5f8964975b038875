"""What the `onrecord` command prints for a person after an ingest: the
summary line and its details (updates, conflicts, duplicates, guessed
encodings, files left out), the problems and notes, and the rule that
everything printed passes through terminal_text (a file name or an
article's text may hold escape sequences); and the line per source run
of `onrecord watch`.  Pure functions over the library's IngestSummary
and indexer.watch's SourceRun: the commands in onrecord.cli call them."""
from __future__ import annotations

from pathlib import Path
from typing import Any

from onrecord.search import IngestSummary

LISTED_PATHS = 5  # files named per guessed encoding in the summary
LISTED_NOTES = 50  # metadata/record notes printed after an ingest


def format_summary(summary: IngestSummary, index_dir: Path) -> str:
    """Return the summary printed after an ingest: one line of counts, then
    lines on updated, unchanged and conflicting articles, duplicates and
    each guessed encoding, when there are any (terminal_text)."""
    return terminal_text("\n".join([
        f"Indexed {count_of(summary.articles, 'article')}, {count_of(summary.paragraphs, 'paragraph')}, "
        f"{count_of(summary.quotes, 'quote')} from {count_of(summary.files, 'file')} in {summary.seconds:.1f} s "
        f"into {index_dir}; skipped {count_of(len(summary.skipped), 'file')}.",
        *_summary_details(summary),
    ]))


def _summary_details(summary: IngestSummary) -> list[str]:
    """Return the article status line (unless every article was new), the
    duplicates line and one line per guessed encoding."""
    lines = []
    if summary.updated or summary.unchanged or summary.conflicts:
        lines.append(f"Articles: {summary.new:,} new, {summary.updated:,} updated (earlier versions "
                     f"kept), {summary.unchanged:,} unchanged, {len(summary.conflicts):,} "
                     "conflicting (kept apart, never merged).")
    if summary.duplicates:
        lines.append(f"{count_of(summary.duplicates, 'article')} repeated one already read in this run "
                     "(same URL or text): indexed once, the last copy kept.")
    if summary.left_out:
        lines.append(_left_out_line(summary.left_out))
    by_encoding: dict[str, list[str]] = {}
    for path, encoding in summary.guessed_encodings:
        by_encoding.setdefault(encoding, []).append(path)
    for encoding, paths in by_encoding.items():
        shown = ", ".join(paths[:LISTED_PATHS])
        more = f" and {len(paths) - LISTED_PATHS:,} more" if len(paths) > LISTED_PATHS else ""
        lines.append(f"Read {count_of(len(paths), 'file')} as {encoding} (not plain UTF-8; check it reads right): "
                     f"{shown}{more}")
    return lines


def _left_out_line(left_out: list[tuple[str, str]]) -> str:
    """Return the line naming the files a walk left out as not articles
    (up to LISTED_PATHS) and how to index them."""
    shown = ", ".join(f"{path} ({what})" for path, what in left_out[:LISTED_PATHS])
    more = f" and {len(left_out) - LISTED_PATHS:,} more" if len(left_out) > LISTED_PATHS else ""
    files = "1 file that is not an article" if len(left_out) == 1 else \
        f"{len(left_out):,} files that are not articles"
    return (f"Skipped {files}: {shown}{more}. To index such files add --include-all, or name "
            "each file on the command line.")


def format_problems(summary: IngestSummary) -> list[str]:
    """Return one line per skipped file and per note (notes capped at
    LISTED_NOTES, then a count of the rest), each through terminal_text."""
    lines = [f"  skipped {path}: {reason}" for path, reason in summary.skipped]
    lines += [f"  note {path}: {note}" for path, note in summary.notes[:LISTED_NOTES]]
    if len(summary.notes) > LISTED_NOTES:
        lines.append(f"  ... and {count_of(len(summary.notes) - LISTED_NOTES, 'more note')}")
    return [terminal_text(line) for line in lines]


def terminal_text(text: str) -> str:
    """Return `text` safe to print: every character that is not printable
    (ESC of an escape sequence, BEL, a carriage return, bidi controls, a
    file name's undecodable bytes) but a line break shown as its Python
    escape ("\\x1b"), so a file name or an article's text cannot retitle,
    recolour or rewrite the terminal."""
    if text.isprintable():
        return text
    return "".join(ch if ch.isprintable() or ch == "\n" else _escaped(ch) for ch in text)


def _escaped(char: str) -> str:
    """Return the Python escape of one character ("\\x1b", "\\u202e")."""
    return char.encode("unicode_escape").decode("ascii")


def count_of(count: int, noun: str) -> str:
    """Return "1 file", "2 files", "1,024 files"."""
    return f"{count:,} {noun}{'' if count == 1 else 's'}"


def format_source_run(run: Any) -> tuple[str, list[str]]:
    """Return the line of counts printed for one source run of `onrecord
    watch` (indexer.watch.watcher.SourceRun), and its problems (refused and
    failed URLs, files skipped), each through terminal_text."""
    done = run.summary
    line = (f"{run.name}: {run.listed} listed, {run.fetched} fetched, {run.not_modified} not modified, "
            f"{done.new} new, {done.updated} updated, {len(run.refused)} refused, {len(run.failed)} failed"
            + (f"; error: {run.error}" if run.error else ""))
    problems = [*run.refused, *run.failed, *(f"skipped {path}: {why}" for path, why in done.skipped)]
    return terminal_text(line), [terminal_text(f"  {problem}") for problem in problems]
