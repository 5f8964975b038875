"""Bytes to text for the reader: BOMs, UTF-8, and files that are not UTF-8.

Owns the order in which encodings are tried and which reading counts as a
guess.  A file that is valid UTF-8 (or starts with a BOM, or is an HTML page
declaring its charset) says what it is.  Otherwise the reading is a guess,
tried in this order:
1. mostly UTF-8 with a few bad bytes (a damaged or truncated file): UTF-8
   with each bad byte replaced by U+FFFD, so the rest is not misread;
2. windows-1252, by far the most common non-UTF-8 encoding of news text,
   when charset-normalizer finds that reading free of mojibake;
3. charset-normalizer's detector (Cyrillic, Greek, CJK, Central European...).
Measured on the BBC corpus (its one cp1252 file and its 646 other accented
articles re-encoded as cp1252) and 12 short accented sentences: the detector
alone misread the real file (as cp932), 246/646 articles and 10/12 sentences
(mostly as cp1250); step 2 read all of them right and still refused Cyrillic,
Greek and Chinese text, which the detector then read right.  Known limit:
a short Polish or Turkish sentence in cp1250/cp1254 also reads cleanly as
cp1252 and is taken as such (its few special letters come out wrong).

Text encoded twice ("doesnâ€™t" for "doesn’t": a page or export that went
through UTF-8 -> windows-1252 -> UTF-8 before it was saved; 12 of the 711
htmleval pages keep such text) is repaired by ftfy (repair_mojibake), which
undoes only what it can prove is mojibake; a phrase search for "doesn’t"
then finds it.
"""
from __future__ import annotations

import codecs
import re
import unicodedata
from dataclasses import dataclass

import ftfy
from bs4.dammit import EncodingDetector
from charset_normalizer import from_bytes

from onrecord.indexer.errors import ReadError

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
FIRST_GUESS = "cp1252"
# Without a BOM a UTF-16/32 "detection" of 8-bit bytes is noise, not text.
NEVER_GUESSED = ("utf_16", "utf_32")
# Unicode categories that do not occur in text: controls (other than
# whitespace), unassigned, private use, surrogates.
NOT_TEXT_CATEGORIES = frozenset({"Cc", "Cn", "Co", "Cs"})
MAX_NOT_TEXT_SHARE = 0.01
PLAIN_ASCII = re.compile(r"[\t\n\r\x20-\x7e]+")
# What a UTF-8 lead byte then a continuation byte look like read as
# windows-1252 or Latin-1 ("Ã©", "â€™", "Â "): only text with one is handed to
# ftfy, which is far slower than this scan (tens of ms on a large page).
MOJIBAKE_HINT = re.compile("[\u00c2-\u00f4][\u0080-\u00bf\u0152\u0153\u0160\u0161\u0178\u017d"
                           "\u017e\u0192\u02c6\u02dc\u2013\u2014\u2018-\u201e\u2020-\u2022"
                           "\u2026\u2030\u2039\u203a\u20ac\u2122]")
MOJIBAKE_LABEL = "UTF-8 encoded twice, repaired"


@dataclass(frozen=True, slots=True)
class Decoded:
    """Text read from bytes; `guessed` names the encoding (e.g.
    "windows-1252") when the bytes did not say it themselves, else None."""

    text: str
    guessed: str | None = None


def split_bom(data: bytes) -> tuple[str | None, bytes]:
    """Return (encoding named by the BOM or None, data without the BOM)."""
    for bom, encoding in BOMS:
        if data.startswith(bom):
            return encoding, data[len(bom):]
    return None, data


def decode_text(data: bytes) -> Decoded:
    """Return `data` as text: by its BOM, as UTF-8, else by guess (see the
    module docstring).

    Raises ReadError for binary data (NUL bytes) and for bytes that no
    encoding reads as text."""
    encoding, body = split_bom(data)
    if encoding is None or encoding == "utf-8":
        if b"\x00" in body:
            raise ReadError("binary file")
        try:
            return Decoded(body.decode("utf-8"))
        except UnicodeDecodeError as exc:
            return guess_encoding(body, first_bad=exc.start + len(data) - len(body))
    try:
        text = body.decode(encoding)
    except UnicodeDecodeError as exc:
        raise ReadError(f"not valid {encoding.upper()} at byte {exc.start}") from None
    if "\x00" in text or not looks_like_text(text):  # e.g. bytes FF FE by chance
        raise ReadError("binary file")
    return Decoded(text)


def decode_html(data: bytes) -> Decoded:
    """Return a page decoded by its BOM, else its declared charset
    (<meta charset> / http-equiv), else as UTF-8, else by guess.

    Raises ReadError for binary data (NUL bytes outside UTF-16/32) and for
    undeclared bytes that no encoding reads as text."""
    encoding, body = split_bom(data)
    if encoding is not None and encoding != "utf-8":
        return decode_text(data)
    if b"\x00" in body:
        raise ReadError("binary file")
    declared = EncodingDetector.find_declared_encoding(body, is_html=True, search_entire_document=False)
    declared = HTML_CHARSET_ALIASES.get((declared or "").lower(), declared)
    if declared and not declared.lower().startswith(("utf-16", "utf-32")):
        try:
            return Decoded(body.decode(codecs.lookup(declared).name, errors="replace"))
        except LookupError:  # unknown charset name: read it as undeclared
            pass
    return decode_text(body)


def repair_mojibake(decoded: Decoded) -> Decoded:
    """Return `decoded` with text encoded twice repaired (ftfy.fix_encoding:
    mojibake only; quotes, dashes and spacing as written), labelled
    MOJIBAKE_LABEL unless its encoding was guessed already; else `decoded`."""
    if MOJIBAKE_HINT.search(decoded.text) is None:
        return decoded
    fixed = ftfy.fix_encoding(decoded.text)
    if fixed == decoded.text:
        return decoded
    return Decoded(fixed, decoded.guessed or MOJIBAKE_LABEL)


def guess_encoding(body: bytes, first_bad: int = 0) -> Decoded:
    """Return `body` (not valid UTF-8, no NUL bytes) read in the first
    encoding of the module docstring's order that fits.

    Raises ReadError naming the first bad UTF-8 byte when none fits."""
    lenient = body.decode("utf-8", errors="replace")
    bad = lenient.count("\ufffd")
    non_ascii = len(lenient) - len(lenient.encode("ascii", errors="ignore"))
    if non_ascii - bad > bad:  # more good multi-byte characters than bad bytes
        return Decoded(lenient, f"utf-8 with {bad:,} bad byte{'s' if bad != 1 else ''} replaced")
    for isolation in ([FIRST_GUESS], None):
        match = from_bytes(body, cp_isolation=isolation).best()
        if match is None or match.encoding.startswith(NEVER_GUESSED):
            continue
        text = str(match)
        if looks_like_text(text):
            return Decoded(text, encoding_label(match.encoding))
    raise ReadError(f"not valid UTF-8 at byte {first_bad}, and no other text encoding fits "
                    "(binary or damaged file?)")


def looks_like_text(text: str) -> bool:
    """Return True unless more than 1% of `text` is characters that text
    does not hold (controls other than whitespace, unassigned, private use)."""
    rare = PLAIN_ASCII.sub("", text)  # only these few need a category look-up
    odd = sum(1 for ch in rare if not ch.isspace() and unicodedata.category(ch) in NOT_TEXT_CATEGORIES)
    return odd <= MAX_NOT_TEXT_SHARE * len(text)


def encoding_label(python_name: str) -> str:
    """Return the usual (IANA/WHATWG) name of a Python codec: "cp1252" ->
    "windows-1252", "koi8_r" -> "koi8-r"."""
    name = codecs.lookup(python_name).name
    if name.startswith("cp125"):
        return "windows-" + name[2:]
    return name.replace("_", "-")
