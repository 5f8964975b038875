"""Text fingerprints for quote clusters and near-duplicate paragraphs.

Owns the rule that decides when two quotes (or two paragraphs) are "the
same text", as pure functions over strings (nothing here touches the index):

1. normalise_text(): Unicode NFKC, casefold, curly quotes/primes -> straight,
   every dash -> "-", apostrophes dropped ("Met's" == "Met’s" == "Mets"),
   every other character that is not a letter or digit separates words.  So
   "“Sorry … action – which”" and "'Sorry … action - which.'" normalise alike.
2. shingle_hashes(): the set of CRC-32 hashes of the text's overlapping
   SHINGLE_WORDS-word shingles (stable across processes, unlike hash()).
3. fingerprint_keys(): LSH-style sampling: the SAMPLED_KEYS shingles with
   the smallest hashes (a bottom-k MinHash sketch), each written as a
   16-hex-digit BLAKE2b key.  Two texts with Jaccard similarity J share a
   given sampled key with probability about J, so near copies almost always
   share at least one; those keys are kept in each segment's key table
   (search.storage.copies.keytables) and looked up there.
   Texts under MIN_WORDS words get no keys (too short to attribute a copy).
   Indexed keys use longer shingles than the comparison: quotes
   QUOTE_SHINGLE_WORDS words (quote_keys), paragraphs
   PARAGRAPH_SHINGLE_WORDS (paragraph_keys), so common phrases ("said it
   was") rarely make unrelated texts candidates.
4. A candidate found through a shared key is confirmed only if the Jaccard
   similarity of the full shingle sets reaches the threshold
   (QUOTE_SIMILARITY for quotes, PARAGRAPH_SIMILARITY for paragraphs):
   sharing every sampled key is not enough for short texts (a quote with
   two different attributions keeps the same bottom-k sketch).
5. A cluster's key (choose_cluster_key) is the smallest key among a quote's
   own keys and those of its confirmed copies, so every copy reports the
   same key without a global clustering pass.
6. quote_group_key(): copies of one quote in quotes mode are exact, not
   near: the same speaker (case and spacing ignored) and the same
   normalise_text() words (quote_words(): a direct or partial quote's
   verbatim pieces, reported speech's clause), as one signed 64-bit
   BLAKE2b key (0: no group); stored_quote_group() reads it back from a
   stored paragraph's quote dict (the exports' `group` column).
"""
from __future__ import annotations

import hashlib
import heapq
import re
import unicodedata
import zlib
from collections.abc import Iterable
from itertools import compress
from typing import Any

from onrecord.search.facetdefs import VERBATIM_KINDS
from onrecord.search.model import Paragraph, Quote

SHINGLE_WORDS = 3
# Keys use longer shingles: a 3-word shingle ("said it was") is often shared
# by unrelated texts, and each such match costs a comparison at query time.
# Confirmation still compares SHINGLE_WORDS-word shingles.
QUOTE_SHINGLE_WORDS = 4
PARAGRAPH_SHINGLE_WORDS = 5
SAMPLED_KEYS = 4
MIN_WORDS = 5
QUOTE_SIMILARITY = 0.6
PARAGRAPH_SIMILARITY = 0.8

_FOLD = str.maketrans({
    "‘": "'", "’": "'", "‚": "'", "‛": "'", "′": "'", "`": "'", "´": "'",
    # Letter-like apostrophes (Unicode letters, so they would join words):
    # modifier letter apostrophe, turned comma and prime.
    "ʼ": "'", "ʻ": "'", "ʹ": "'",
    "“": '"', "”": '"', "„": '"', "‟": '"', "″": '"', "«": '"', "»": '"',
    "‐": "-", "‑": "-", "‒": "-", "–": "-", "—": "-", "―": "-", "−": "-",
})
# str.translate walks every character in Python; a regex finds the few to fold.
_FOLDABLE = re.compile("[" + "".join(map(chr, _FOLD)) + "]")
_WORD = re.compile(r"[^\W_]+")
# _WORD's words in ASCII bytes: a letter lowercased, a digit kept, any other byte a space.
_ASCII_WORDS = bytes(c | 0x20 if chr(c).isalpha() else c if chr(c).isdigit() else 0x20 for c in range(128)) + b" " * 128


def normalise_text(text: str) -> str:
    """Return `text` casefolded, with quotes and dashes unified, punctuation
    removed and whitespace collapsed (the form fingerprints are taken of)."""
    return " ".join(_normal_words(text))


def _normal_words(text: str) -> list[str]:
    if not text.isascii():  # NFKC and the quote table only matter beyond ASCII
        text = _FOLDABLE.sub(lambda m: _FOLD[ord(m.group())], unicodedata.normalize("NFKC", text))
    # Every apostrophe goes (quote marks, "Met's" -> "mets"); any other
    # non-letter, non-digit separates words.
    return _WORD.findall(text.casefold().replace("'", ""))


def _word_bytes(text: str) -> list[bytes]:
    """Return _normal_words(text), each word UTF-8 encoded: the bytes its shingles are hashed as."""
    if text.isascii():
        # One C pass instead of casefold, replace and a Unicode regex: in ASCII a word is a run of
        # [A-Za-z0-9] (`_WORD`), casefold is lower, and the apostrophe goes (_ASCII_WORDS).
        return text.encode("ascii").translate(_ASCII_WORDS, b"'").split()
    return [word.encode() for word in _normal_words(text)]


def _shingles(text: str, size: int) -> list[bytes]:
    """Return the text's `size`-word shingles as UTF-8 bytes (hashed and keyed as bytes, so no
    shingle is encoded one by one); none when it has fewer than MIN_WORDS words."""
    words = _word_bytes(text)
    if len(words) < MIN_WORDS:
        return []
    # Each run of `size` words, joined: zip of the shifted word lists (in C).
    return list(map(b" ".join, zip(*[words[i:] for i in range(size)], strict=False)))


def shingle_hashes(text: str, size: int = SHINGLE_WORDS) -> frozenset[int]:
    """Return the CRC-32 hashes of the text's word shingles (empty when the
    text has fewer than MIN_WORDS words)."""
    return frozenset(map(zlib.crc32, _shingles(text, size)))  # in C: no generator step


def fingerprint_keys(text: str, count: int = SAMPLED_KEYS,
                     size: int = SHINGLE_WORDS) -> list[str]:
    """Return the text's sampled cluster keys, sorted (empty for short text).

    The shingles with the `count` smallest CRC-32 hashes are chosen (ties by
    shingle text) and each is keyed by a 64-bit BLAKE2b digest in hex."""
    shingles = _shingles(text, size)
    hashes = list(map(zlib.crc32, shingles))
    # Ties by shingle: UTF-8 bytes order as their str would (code point order).
    pairs: Iterable[tuple[int, bytes]] = zip(hashes, shingles, strict=True)
    if len(hashes) > count:
        # Only shingles hashed at most the count-th smallest distinct hash
        # can be among the count smallest (hash, shingle) pairs: the rest
        # are dropped in C before the pairs are made a set.
        cut = heapq.nsmallest(count, set(hashes))[-1]
        pairs = compress(pairs, map(cut.__ge__, hashes))
    chosen = heapq.nsmallest(count, set(pairs))
    return sorted(hashlib.blake2b(s, digest_size=8).hexdigest() for _, s in chosen)


def quote_keys(text: str) -> list[str]:
    """Return the sampled keys of a quote's text."""
    return fingerprint_keys(text, size=QUOTE_SHINGLE_WORDS)


def paragraph_keys(text: str) -> list[str]:
    """Return the sampled keys of a paragraph's text (longer shingles)."""
    return fingerprint_keys(text, size=PARAGRAPH_SHINGLE_WORDS)


def similarity(a: frozenset[int], b: frozenset[int]) -> float:
    """Return the Jaccard similarity of two shingle-hash sets (0.0 if either
    is empty)."""
    if not a or not b:
        return 0.0
    return len(a & b) / len(a | b)


def is_near_copy(a: str, b: str, threshold: float = QUOTE_SIMILARITY) -> bool:
    """Return True if texts `a` and `b` are copies of one another under the
    module's rule (shingle Jaccard similarity at least `threshold`)."""
    return similarity(shingle_hashes(a), shingle_hashes(b)) >= threshold


def quote_group_key(speaker: str | None, words: str) -> int:
    """Return the signed 64-bit key shared by every copy of a quote: its
    speaker and its normalised words; 0 (in no group) for a quote with no
    speaker or no words (an unattributed "No." is not known to be a copy)."""
    who = " ".join((speaker or "").split()).casefold()
    said = normalise_text(words)
    if not who or not said:
        return 0
    digest = hashlib.blake2b(f"{who}\x1f{said}".encode(), digest_size=8).digest()
    return int.from_bytes(digest, "big", signed=True) or 1


def choose_cluster_key(keys: Iterable[str]) -> str | None:
    """Return the cluster key for a quote given its own keys and those of
    its confirmed copies (the smallest), or None if there are none."""
    return min(keys, default=None)


def quote_words(para: Paragraph, quote: Quote) -> str:
    """Return the words a quote document indexes: a direct or partial
    quote's verbatim pieces (one per line), reported speech's clause."""
    return said_words(para.text, para.start, quote.kind, quote.pieces, quote.text)


def said_words(text: str, start: int, kind: str, pieces: Any, clause: str) -> str:
    """Return quote_words() of a quote of kind `kind` with `pieces` (absolute
    offsets) and span text `clause`, in a paragraph of `text` at `start`
    (what a stored quote dict holds too: the exports' group column)."""
    if kind in VERBATIM_KINDS and pieces:
        cut = [text[lo - start:hi - start] for lo, hi in pieces]
        if all(cut):
            return "\n".join(cut)
    return clause


def stored_quote_group(paragraph: dict[str, Any], quote: dict[str, Any]) -> int:
    """Return the copy group key (fingerprints.quote_group_key) of a quote
    dict of a stored paragraph: the key its quote document was written with."""
    words = said_words(paragraph.get("text", ""), int(paragraph.get("start", 0)),
                       str(quote.get("kind", "direct")), quote.get("pieces"),
                       str(quote.get("text", "")))
    return quote_group_key(quote.get("speaker"), words)
