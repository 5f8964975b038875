"""Stage 1 of the indexer: turn a path on disk into a decoded SourceFile.

Owns file-type detection (by extension), size limits, decoding (UTF-8/16
with BOMs for text and JSON; declared charset for HTML), refusing binary and
empty files, and loading the optional sidecar metadata NAME.meta.json that
sits next to an input NAME.EXT.  It also owns the mapping from metadata field
names (and their common aliases) to search.model.Metadata, which the JSON
parser reuses for records.
"""
from __future__ import annotations

import codecs
import json
from collections.abc import Mapping
from pathlib import Path
from typing import Any

from bs4.dammit import EncodingDetector

from indexer.errors import ReadError
from indexer.metadates import parse_date
from search.model import Metadata, SourceFile, SourceKind

KINDS: dict[str, SourceKind] = {
    ".txt": "txt",
    ".html": "html",
    ".htm": "html",
    ".json": "json",
    ".jsonl": "jsonl",
}
SIDECAR_SUFFIX = ".meta.json"
DEFAULT_MAX_BYTES = 50_000_000
# Checked longest first: the UTF-32-LE BOM begins with the UTF-16-LE one.
BOMS: tuple[tuple[bytes, str], ...] = (
    (codecs.BOM_UTF32_LE, "utf-32-le"),
    (codecs.BOM_UTF32_BE, "utf-32-be"),
    (codecs.BOM_UTF8, "utf-8"),
    (codecs.BOM_UTF16_LE, "utf-16-le"),
    (codecs.BOM_UTF16_BE, "utf-16-be"),
)
# WHATWG: pages declaring Latin-1 or ASCII are decoded as windows-1252.
HTML_CHARSET_ALIASES = {"iso-8859-1": "windows-1252", "latin-1": "windows-1252",
                        "latin1": "windows-1252", "ascii": "windows-1252",
                        "us-ascii": "windows-1252"}

# Metadata field -> accepted keys, canonical first.  Used for sidecars and
# JSON records alike.
META_ALIASES: dict[str, tuple[str, ...]] = {
    "title": ("title", "headline"),
    "outlet": ("outlet", "source", "site", "site_name", "publisher"),
    "author": ("author", "byline", "authors"),
    "url": ("url", "link", "canonical_url"),
    "published": ("published", "date", "published_at", "datePublished", "pubdate"),
}


def is_sidecar(path: Path) -> bool:
    """Return True if `path` is a NAME.meta.json sidecar rather than an article."""
    return Path(path).name.lower().endswith(SIDECAR_SUFFIX)


def sidecar_path(path: Path) -> Path:
    """Return where the sidecar of input NAME.EXT would be: NAME.meta.json."""
    path = Path(path)
    return path.with_name(path.stem + SIDECAR_SUFFIX)


def read_source(path: Path, max_bytes: int = DEFAULT_MAX_BYTES) -> SourceFile:
    """Return the decoded file at `path` with its sidecar metadata, if any.

    Raises ReadError (str() is the reason) for sidecars, unsupported
    extensions, missing/unreadable/oversized/binary/empty files, text that
    is not valid UTF-8 (or UTF-16 with a BOM) and malformed sidecars."""
    path = Path(path)
    if is_sidecar(path):
        raise ReadError("sidecar metadata file")
    kind = KINDS.get(path.suffix.lower())
    if kind is None:
        raise ReadError(f"unsupported file type {path.suffix.lower() or '(no extension)'}")
    data = _read_bytes(path, max_bytes)
    text = decode_html(data) if kind == "html" else decode_text(data)
    if not text.strip():
        raise ReadError("empty file")
    return SourceFile(path=str(path), kind=kind, text=text, sidecar=read_sidecar(path))


def _read_bytes(path: Path, max_bytes: int) -> bytes:
    """Return the file's bytes, refusing files over `max_bytes`."""
    try:
        size = path.stat().st_size
        if path.is_dir():
            raise ReadError("is a directory")
        if not path.is_file():  # a FIFO or device would block or never end
            raise ReadError("not a regular file")
        if size > max_bytes:
            raise ReadError(f"file too large ({_megabytes(size)} MB > {_megabytes(max_bytes)} MB)")
        with path.open("rb") as handle:
            data = handle.read(max_bytes + 1)
    except FileNotFoundError:
        raise ReadError("file not found") from None
    except PermissionError:
        raise ReadError("permission denied") from None
    except OSError as exc:
        raise ReadError(f"cannot read file: {exc.strerror or exc}") from None
    if len(data) > max_bytes:  # grew between stat() and read()
        raise ReadError(f"file too large (> {_megabytes(max_bytes)} MB)")
    return data


def _megabytes(n: int) -> str:
    """Return n bytes as a short decimal megabyte count ("50", "1.5")."""
    return f"{n / 1_000_000:.1f}".removesuffix(".0")


def _split_bom(data: bytes) -> tuple[str | None, bytes]:
    """Return (encoding named by the BOM or None, data without the BOM)."""
    for bom, encoding in BOMS:
        if data.startswith(bom):
            return encoding, data[len(bom):]
    return None, data


def decode_text(data: bytes) -> str:
    """Return `data` decoded as UTF-8, or as UTF-16/32 when a BOM says so.

    Raises ReadError for binary data (NUL bytes) and invalid UTF-8."""
    encoding, body = _split_bom(data)
    if encoding is None or encoding == "utf-8":
        if b"\x00" in body:
            raise ReadError("binary file")
        try:
            return body.decode("utf-8")
        except UnicodeDecodeError as exc:
            offset = exc.start + len(data) - len(body)
            raise ReadError(
                f"not valid UTF-8 at byte {offset} (try converting the file to UTF-8)"
            ) from None
    try:
        text = body.decode(encoding)
    except UnicodeDecodeError as exc:
        raise ReadError(f"not valid {encoding.upper()} at byte {exc.start}") from None
    if "\x00" in text:
        raise ReadError("binary file")
    return text


def decode_html(data: bytes) -> str:
    """Return an HTML page decoded by its BOM, else its declared charset
    (<meta charset> / http-equiv), else UTF-8 with U+FFFD for bad bytes.

    Raises ReadError for binary data (NUL bytes outside UTF-16/32)."""
    encoding, body = _split_bom(data)
    if encoding is not None and encoding != "utf-8":
        return decode_text(data)
    if b"\x00" in body:
        raise ReadError("binary file")
    declared = EncodingDetector.find_declared_encoding(body, is_html=True, search_entire_document=False)
    declared = HTML_CHARSET_ALIASES.get((declared or "").lower(), declared)
    if declared and not declared.lower().startswith(("utf-16", "utf-32")):
        try:
            return body.decode(codecs.lookup(declared).name, errors="replace")
        except LookupError:  # unknown charset name: fall through to UTF-8
            pass
    return body.decode("utf-8", errors="replace")


def read_sidecar(path: Path) -> Metadata | None:
    """Return the metadata in the sidecar of `path`, or None if there is none.

    Values of the wrong type or unparseable dates are ignored (the rest is
    kept); a sidecar that is not a JSON object raises ReadError."""
    meta_path = sidecar_path(path)
    if not meta_path.is_file():
        return None
    try:
        obj = json.loads(decode_text(meta_path.read_bytes()))
    except json.JSONDecodeError as exc:
        raise ReadError(
            f"sidecar {meta_path.name}: invalid JSON at line {exc.lineno} column {exc.colno}: {exc.msg}"
        ) from None
    except ReadError as exc:
        raise ReadError(f"sidecar {meta_path.name}: {exc}") from None
    except OSError as exc:
        raise ReadError(f"sidecar {meta_path.name}: cannot read: {exc.strerror or exc}") from None
    if not isinstance(obj, dict):
        raise ReadError(f"sidecar {meta_path.name}: expected a JSON object")
    meta, _problems = metadata_from_mapping(obj)
    return meta


def metadata_from_mapping(obj: Mapping[str, Any]) -> tuple[Metadata, list[str]]:
    """Return (Metadata, problems) from a JSON object's fields.

    Accepted keys per field are META_ALIASES (first non-null wins).  Strings
    are stripped; `author` may also be a list of names (joined with ", ");
    `outlet`/`author` may be objects with a "name".  Values of the wrong type
    or dates that do not parse are left None and described in `problems`."""
    values: dict[str, Any] = {}
    problems: list[str] = []
    for field_name, keys in META_ALIASES.items():
        key, raw = _first_present(obj, keys)
        if key is None:
            continue
        value = _coerce_text(raw, allow_list=field_name == "author")
        if value is None:
            problems.append(f"{key} is {describe_json_type(raw)}, expected a string")
        elif not value:
            continue  # "" means unknown, not a problem
        elif field_name == "published":
            values["published"] = parse_date(value)
            if values["published"] is None:
                problems.append(f"{key} {value[:40]!r} is not a date")
        else:
            values[field_name] = value
    return Metadata(**values), problems


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
