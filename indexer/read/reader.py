"""Stage 1 of the indexer: turn a path on disk into a decoded SourceFile.

Owns file-type detection (by extension), size limits (50 MB for an input,
64 KB for a sidecar), refusing binary and empty files, and loading the
optional sidecar metadata NAME.meta.json that sits next to an input NAME.EXT
(decoding itself is indexer.read.encodings').  It also owns the mapping from
metadata field names (and their common aliases) to search.model.Metadata,
which the JSON parser reuses for records.
"""
from __future__ import annotations

import errno
import json
import re
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from onrecord.indexer.errors import ReadError
from onrecord.indexer.read.encodings import decode_html, decode_text, repair_mojibake
from onrecord.indexer.read.metadates import parse_stated_date
from onrecord.indexer.read.warcs import read_warc
from onrecord.search import Metadata, SourceFile, SourceKind

KINDS: dict[str, SourceKind] = {
    ".txt": "txt",
    ".html": "html",
    ".htm": "html",
    ".json": "json",
    ".jsonl": "jsonl",
    ".warc": "warc",
    ".warc.gz": "warc",  # a two-part extension: source_kind matches the name's end
}
SIDECAR_SUFFIX = ".meta.json"
DEFAULT_MAX_BYTES = 50_000_000
# Metadata is a few hundred bytes; a bigger sidecar is a mistake or an attack.
SIDECAR_MAX_BYTES = 64_000
# Metadata field -> accepted keys, canonical first.  Used for sidecars and
# JSON records alike.
META_ALIASES: dict[str, tuple[str, ...]] = {
    "title": ("title", "headline"),
    "outlet": ("outlet", "source", "site", "site_name", "publisher"),
    "author": ("author", "byline", "authors"),
    "url": ("url", "link", "canonical_url"),
    "published": ("published", "date", "published_at", "datePublished", "pubdate"),
}


def source_kind(path: Path) -> SourceKind | None:
    """Return the kind of input `path` is by the end of its name (a WARC's
    may be .warc.gz), or None when it is not one onrecord reads."""
    name = Path(path).name.lower()
    return next((kind for ext, kind in KINDS.items() if name.endswith(ext)), None)


def is_sidecar(path: Path) -> bool:
    """Return True if `path` is a NAME.meta.json sidecar rather than an article."""
    return Path(path).name.lower().endswith(SIDECAR_SUFFIX)


def sidecar_path(path: Path) -> Path:
    """Return where the sidecar of input NAME.EXT would be: NAME.meta.json."""
    path = Path(path)
    return path.with_name(path.stem + SIDECAR_SUFFIX)


@dataclass(frozen=True, slots=True)
class InputFile:
    """An input's bytes and its sidecar's, read where the files are, for a
    worker (perhaps on another machine) to decode: read_source(path,
    loaded=...).  A read failure is kept as its reason (`error`,
    `sidecar_error`) and raised where read_source would raise it."""

    path: str
    data: bytes | None = None
    error: str | None = None
    sidecar: bytes | None = None  # None: no sidecar (or it failed: sidecar_error)
    sidecar_error: str | None = None
    # Where `data` starts in the file at `path`: a watch hands the one record
    # it appended to its capture file, and the pages' offsets are the file's.
    offset: int = 0

    @property
    def size(self) -> int:
        return len(self.data or b"") + len(self.sidecar or b"")


def load_input(path: Path, max_bytes: int = DEFAULT_MAX_BYTES) -> InputFile:
    """Return the bytes of `path` and of its sidecar (each within its size
    limit), or why they cannot be read; never raises."""
    path = Path(path)
    data, error = _attempt(lambda: _read_bytes(path, max_bytes))
    meta_path = sidecar_path(path)
    sidecar, sidecar_error = None, None
    try:
        is_link, is_file = meta_path.is_symlink(), meta_path.is_file()
    except OSError as exc:
        # A sidecar name too long for the file system (a 250-character
        # input name plus ".meta.json") is no sidecar; anything else is
        # the sidecar's reason.
        is_link = is_file = False
        if exc.errno != errno.ENAMETOOLONG:
            sidecar_error = f"sidecar {meta_path.name}: {exc.strerror or exc}"
    if is_link:  # the reader has no tree to check its target against
        sidecar_error = f"sidecar {meta_path.name}: is a symbolic link (not followed)"
    elif is_file:
        sidecar, sidecar_error = _attempt(lambda: _read_bytes(meta_path, SIDECAR_MAX_BYTES))
        if sidecar_error is not None:
            sidecar_error = f"sidecar {meta_path.name}: {sidecar_error}"
    return InputFile(str(path), data, error, sidecar, sidecar_error)


def _attempt(read: Callable[[], bytes]) -> tuple[bytes | None, str | None]:
    try:
        return read(), None
    except ReadError as exc:
        return None, str(exc)


def read_source(path: Path, max_bytes: int = DEFAULT_MAX_BYTES,
                loaded: InputFile | None = None) -> SourceFile:
    """Return the decoded file at `path` with its sidecar metadata, if any;
    `guessed_encoding` names the encoding when it had to be guessed (for
    the file, else for its sidecar).  `loaded` (load_input's, perhaps on
    another machine) gives the bytes instead of the disk.

    Raises ReadError (str() is the reason) for sidecars, unsupported
    extensions, missing/unreadable/oversized/binary/empty files, bytes that
    no encoding reads as text, and malformed, oversized or symlinked sidecars."""
    path = Path(path)
    if is_sidecar(path):
        raise ReadError("sidecar metadata file")
    kind = source_kind(path)
    if kind is None:
        raise ReadError(f"unsupported file type {path.suffix.lower() or '(no extension)'}")
    loaded = loaded if loaded is not None else load_input(path, max_bytes)
    if loaded.data is None:
        raise ReadError(loaded.error or "file not found")
    data = loaded.data
    if kind == "warc":
        return _read_archive(path, data, loaded)
    decoded = repair_mojibake(decode_html(data) if kind == "html" else decode_text(data))
    if not decoded.text.strip():
        raise ReadError("empty file")
    sidecar, sidecar_guess = _decode_sidecar(path, loaded)
    guessed = decoded.guessed
    if guessed is None and sidecar_guess is not None:
        guessed = f"{sidecar_guess} (its sidecar)"
    return SourceFile(path=str(path), kind=kind, text=decoded.text, sidecar=sidecar,
                      guessed_encoding=guessed)


def _read_archive(path: Path, data: bytes, loaded: InputFile) -> SourceFile:
    """Return a WARC file as a SourceFile of its HTML pages (indexer.read.warcs),
    each decoded as a saved page is.  Raises ReadError when it holds no record."""
    reading = read_warc(data, loaded.offset)
    sidecar, _guess = _decode_sidecar(path, loaded)
    guessed = None
    if reading.guessed:  # one line for the file, as for any other input
        more = len(reading.guessed) - 1
        guessed = reading.guessed[0] + (f" (and {more} more page(s))" if more else "")
    return SourceFile(path=str(path), kind="warc", text="", sidecar=sidecar,
                      guessed_encoding=guessed, captures=tuple(reading.pages),
                      notes=tuple(reading.notes()))


def _read_bytes(path: Path, max_bytes: int) -> bytes:
    """Return the file's bytes, refusing files over `max_bytes`."""
    try:
        size = path.stat().st_size
        if path.is_dir():
            raise ReadError("is a directory")
        if not path.is_file():  # a FIFO or device would block or never end
            raise ReadError("not a regular file")
        if size > max_bytes:
            raise ReadError(f"file too large ({format_size(size)} > {format_size(max_bytes)})")
        with path.open("rb") as handle:
            data = handle.read(max_bytes + 1)
    except FileNotFoundError:
        raise ReadError("file not found") from None
    except PermissionError:
        raise ReadError("permission denied") from None
    except OSError as exc:
        raise ReadError(f"cannot read file: {exc.strerror or exc}") from None
    if len(data) > max_bytes:  # grew between stat() and read()
        raise ReadError(f"file too large (> {format_size(max_bytes)})")
    return data


def format_size(n: int) -> str:
    """Return n bytes in short decimal units: "50 MB", "1.5 MB", "64 KB", "900 bytes"."""
    for unit, scale in (("MB", 1_000_000), ("KB", 1_000)):
        if n >= scale:
            return f"{n / scale:.1f}".removesuffix(".0") + f" {unit}"
    return f"{n} bytes"


def read_sidecar(path: Path) -> Metadata | None:
    """Return the metadata in the sidecar of `path`, or None if there is none.

    Values of the wrong type or unparseable dates are ignored (the rest is
    kept); a sidecar that is not a JSON object, is over SIDECAR_MAX_BYTES,
    is a symbolic link or cannot be decoded raises ReadError."""
    return _decode_sidecar(path, load_input(path))[0]


def _decode_sidecar(path: Path, loaded: InputFile) -> tuple[Metadata | None, str | None]:
    """Return (sidecar metadata or None, the encoding guessed for it or None)."""
    meta_path = sidecar_path(path)
    if loaded.sidecar_error is not None:
        raise ReadError(loaded.sidecar_error)
    if loaded.sidecar is None:
        return None, None
    try:
        decoded = decode_text(loaded.sidecar)
        obj = json.loads(decoded.text)
    except json.JSONDecodeError as exc:
        raise ReadError(
            f"sidecar {meta_path.name}: invalid JSON at line {exc.lineno} column {exc.colno}: {exc.msg}"
        ) from None
    except RecursionError:
        raise ReadError(f"sidecar {meta_path.name}: invalid JSON: nested too deeply") from None
    except ReadError as exc:
        raise ReadError(f"sidecar {meta_path.name}: {exc}") from None
    if not isinstance(obj, dict):
        raise ReadError(f"sidecar {meta_path.name}: expected a JSON object")
    meta, _problems, _notes = metadata_from_mapping(obj)
    return meta, decoded.guessed


def metadata_from_mapping(obj: Mapping[str, Any]) -> tuple[Metadata, list[str], list[str]]:
    """Return (Metadata, problems, notes) from a JSON object's fields.

    Accepted keys per field are META_ALIASES (first non-null wins).  Strings
    are stripped; `author` may also be a list of names (joined with ", ");
    `outlet`/`author` may be objects with a "name".  Values of the wrong type
    are left None and described in `problems` (a record with one is skipped);
    a publication date that is not one (a number, "soon", year 1 or 9999)
    is left None and described in `notes`: the record is kept undated."""
    values: dict[str, Any] = {}
    problems: list[str] = []
    notes: list[str] = []
    for field_name, keys in META_ALIASES.items():
        key, raw = _first_present(obj, keys)
        if key is None:
            continue
        surrogate = find_lone_surrogate(raw)
        if surrogate is not None:
            problems.append(f"{key} {surrogate}")
            continue
        value = _coerce_text(raw, allow_list=field_name == "author")
        wrong = None if value is not None else f"{key} is {describe_json_type(raw)}, expected a string"
        if wrong and field_name == "published":  # a date is dropped, the record kept
            notes.append(f"{wrong}: dropped, the record kept")
        elif wrong:  # any other field of the wrong type skips the record
            problems.append(wrong)
        elif field_name == "published" and value:
            values["published"] = parse_stated_date(value)
            if values["published"] is None:
                notes.append(f"{key} {value[:40]!r} is not a date: dropped, the record kept")
        elif value:  # "" means unknown, not a problem
            values[field_name] = value
    return Metadata(**values), problems, notes


# A UTF-16 surrogate left alone in a decoded string: JSON's "\\ud800" escape
# decodes to one (a valid pair decodes to one character), and no UTF-8
# encoder, SQLite or Whoosh included, can write it.
_LONE_SURROGATE = re.compile("[\ud800-\udfff]")


def find_lone_surrogate(value: Any) -> str | None:
    """Return where a JSON value (a string, or the strings in its lists and
    objects) holds a lone surrogate, as "holds a lone surrogate (U+D800) at
    character 4", or None when it holds none."""
    pending = [value]
    while pending:
        item = pending.pop()
        if isinstance(item, str):
            found = _LONE_SURROGATE.search(item)
            if found:
                return (f"holds a lone surrogate (U+{ord(found.group()):04X}) at character "
                        f"{found.start() + 1}, which is not text")
        elif isinstance(item, dict):
            pending.extend(item.keys())
            pending.extend(item.values())
        elif isinstance(item, list):
            pending.extend(item)
    return None


def _first_present(obj: Mapping[str, Any], keys: tuple[str, ...]) -> tuple[str | None, Any]:
    """Return the first (key, value) among `keys` whose value is not null."""
    for key in keys:
        if obj.get(key) is not None:
            return key, obj[key]
    return None, None


def _coerce_text(raw: Any, allow_list: bool) -> str | None:
    """Return a metadata string from a JSON value, or None if the type is wrong."""
    if isinstance(raw, str):
        return " ".join(raw.split())
    if isinstance(raw, dict) and isinstance(raw.get("name"), str):
        return " ".join(raw["name"].split())
    if allow_list and isinstance(raw, list) and raw:
        names = [_coerce_text(item, allow_list=False) for item in raw]
        if all(names):
            return ", ".join(n for n in names if n)
    return None


def describe_json_type(value: Any) -> str:
    """Return a short human description of a JSON value's type."""
    names = {bool: "a boolean", int: "a number", float: "a number", list: "a list", dict: "an object",
             str: "a string", type(None): "null"}
    return names.get(type(value), type(value).__name__)
