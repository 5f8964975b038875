"""Tests for search.storage.copies.fingerprints: the normalisation and fingerprint rule that
decides when two quotes or paragraphs are the same text."""
from __future__ import annotations

import hashlib
import zlib

import pytest

from onrecord.search.storage.copies.fingerprints import (
    MIN_WORDS,
    SAMPLED_KEYS,
    choose_cluster_key,
    fingerprint_keys,
    is_near_copy,
    normalise_text,
    paragraph_keys,
    quote_group_key,
    shingle_hashes,
    similarity,
)

LONG = ("The council said the budget would be balanced by cutting three "
        "libraries and closing the leisure centre next spring")


@pytest.mark.parametrize("raw, expected", [
    ("Sorry — it’s “FINE”", "sorry its fine"),
    ("face-to-face   talks", "face to face talks"),
    ("action – which…", "action which"),
    ("‘Quoted’ text.", "quoted text"),
    ("snake_case word", "snake case word"),
    ("Ｆｕｌｌ width", "full width"),
])
def test_normalise_text_unifies_quotes_dashes_and_punctuation(raw: str, expected: str) -> None:
    assert normalise_text(raw) == expected


@pytest.mark.parametrize("a, b", [
    ('"Sorry is something you say when you comprehend the wrong you do – which is not going to happen,"',
     "'Sorry is something you say when you comprehend the wrong you do - which is not going to happen.'"),
    ("“We’re not the only parties who suffered,” she said",
     "\"We're not the only parties who suffered\" she said"),
])
def test_punctuation_variants_share_every_key(a: str, b: str) -> None:
    assert fingerprint_keys(a) == fingerprint_keys(b)
    assert fingerprint_keys(a)


def test_keys_are_sampled_sorted_hex_and_bounded() -> None:
    keys = fingerprint_keys(LONG)
    assert len(keys) == SAMPLED_KEYS
    assert keys == sorted(keys)
    assert all(len(k) == 16 and int(k, 16) >= 0 for k in keys)


@pytest.mark.parametrize("words", [1, MIN_WORDS - 1])
def test_short_texts_get_no_keys(words: int) -> None:
    text = " ".join(["word"] * words)
    assert fingerprint_keys(text) == []
    assert shingle_hashes(text) == frozenset()


def test_small_wording_change_stays_similar_and_shares_a_key() -> None:
    a = ("While we know that very sadly they had been murdered in the early hours of "
         "Saturday, 6 June 2020, before they were reported missing, we may have saved pain.")
    b = ("While we know that very sadly they had been murdered in the early hours of "
         "Saturday June 6 2020, before they were reported missing, we may have saved pain.")
    assert is_near_copy(a, b)
    assert set(fingerprint_keys(a)) & set(fingerprint_keys(b))


@pytest.mark.parametrize("a, b", [
    (LONG, "Hospital managers warned that waiting lists would grow again this winter"),
    ("I am very sorry that the level of service we provided fell short",
     "I am very sorry that the level of service we provided fell short. We have contacted "
     "the family to ask if they will allow me or another senior officer to visit them."),
])
def test_different_or_much_longer_text_is_not_a_copy(a: str, b: str) -> None:
    assert not is_near_copy(a, b)


@pytest.mark.parametrize("a, b, expected", [
    (frozenset({1, 2, 3}), frozenset({1, 2, 3}), 1.0),
    (frozenset({1, 2}), frozenset({2, 3}), 1 / 3),
    (frozenset(), frozenset({1}), 0.0),
])
def test_similarity_is_jaccard(a: frozenset[int], b: frozenset[int], expected: float) -> None:
    assert similarity(a, b) == pytest.approx(expected)


def test_cluster_key_is_the_smallest_known_key() -> None:
    assert choose_cluster_key(["b1", "a9", "c0"]) == "a9"
    assert choose_cluster_key([]) is None


def test_paragraph_keys_use_longer_shingles_so_common_phrases_do_not_collide() -> None:
    a = "He said it was time to act on the housing crisis in the north"
    b = "She said it was clear that the strike would end before summer"
    assert set(paragraph_keys(a)) == set(paragraph_keys(a.replace("crisis", "crisis,")))
    assert not set(paragraph_keys(a)) & set(paragraph_keys(b))
    assert set(paragraph_keys(LONG)) != set(fingerprint_keys(LONG))


@pytest.mark.parametrize("a,b", [
    (("Tony Blair", "We will not go."), ("tony  BLAIR", "“We will NOT go”")),
    (("Ann Smallman", "It's the budget – cuts"), ("Ann Smallman", "its the budget - cuts")),
])
def test_copies_of_a_quote_share_a_group_key(a: tuple[str, str], b: tuple[str, str]) -> None:
    assert quote_group_key(*a) == quote_group_key(*b) != 0


@pytest.mark.parametrize("a,b", [
    (("Tony Blair", "We will not go"), ("Ian Blair", "We will not go")),
    (("Tony Blair", "We will not go"), ("Tony Blair", "We will go")),
])
def test_another_speaker_or_other_words_is_another_group(a: tuple[str, str],
                                                         b: tuple[str, str]) -> None:
    assert quote_group_key(*a) != quote_group_key(*b)


@pytest.mark.parametrize("speaker,words", [(None, "We will not go"), ("  ", "No."),
                                           ("Tony Blair", " ... ")])
def test_a_quote_without_speaker_or_words_is_in_no_group(speaker: str | None, words: str) -> None:
    assert quote_group_key(speaker, words) == 0


def test_shingle_hashes_are_the_crc32_of_each_run_of_words() -> None:
    text = "The Heron’s budget tumbles, again: over the weir"
    words = ["the", "herons", "budget", "tumbles", "again", "over", "the", "weir"]
    runs = {" ".join(words[i:i + 3]) for i in range(len(words) - 2)}
    assert shingle_hashes(text) == frozenset(zlib.crc32(run.encode()) for run in runs)


def _keys_from_words(text: str, size: int) -> list[str]:
    """The keys as the rule states them, over normalise_text's words as str (the reference the
    bytes path must equal): the SAMPLED_KEYS smallest (CRC-32, shingle) pairs, BLAKE2b keyed, sorted."""
    words = normalise_text(text).split()
    if len(words) < MIN_WORDS:
        return []
    shingles = {" ".join(words[i:i + size]) for i in range(len(words) - size + 1)}
    chosen = sorted((zlib.crc32(s.encode()), s) for s in shingles)[:SAMPLED_KEYS]
    return sorted(hashlib.blake2b(s.encode(), digest_size=8).hexdigest() for _, s in chosen)


@pytest.mark.parametrize("text", [
    LONG,
    "Mr O'Neill's snake_case words: A1 b2, C3 (d4) e5; F6 g7 - H8 i9 J10 k11 L12 m13 n14.",
    "Tab\tand\x0bvertical\x0cfeed\x00null\x1fcontrol words stay words between them all",
    "ALL CAPS TEXT IS LOWERED AS CASEFOLD DOES IT HERE @#$%^&*+=~|<>?/\\ [brackets] {braces}",
    "Café owners said the naïve plan – “Ｆｕｌｌ width” – was ‘wrong’ Straße ĲSSEL one two",
    "one two three four five six seven eight nine ten eleven twelve one two three four five",
])
@pytest.mark.parametrize("size", [3, 4, 5])
def test_keys_and_hashes_equal_the_rule_over_str_words(text: str, size: int) -> None:
    """The shingles are built and hashed as bytes (ASCII texts by one translate): the keys and
    hashes are those of normalise_text's words joined as str and UTF-8 encoded."""
    assert fingerprint_keys(text, size=size) == _keys_from_words(text, size)
    words = normalise_text(text).split()
    assert shingle_hashes(text, size) == frozenset(
        zlib.crc32(" ".join(words[i:i + size]).encode()) for i in range(len(words) - size + 1))
