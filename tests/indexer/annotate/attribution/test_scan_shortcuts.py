"""The attribution scan's shortcuts (#31 speed) answer what the plain way did:
string searches standing for regexes compiled per word, cut_name cached by
the run's own lowercase words, and quote spans kept for the last article.
Random texts (seeded) are checked against the regex each shortcut replaced."""
from __future__ import annotations

import random
import re

import pytest

from onrecord.indexer.annotate.attribution.names import runs, singles, surnames, things
from onrecord.indexer.annotate.attribution.names.names import OWNER_RE, cut_name, is_owner, lowercase_words
from onrecord.indexer.annotate.attribution.orgs import organisations, orgevidence
from onrecord.indexer.annotate.attribution.people import roles
from onrecord.indexer.annotate.attribution.people.roles import _description_re
from onrecord.indexer.annotate.attribution.phrases.cues.cuewords import CUE_RE, CUE_WORDS
from onrecord.indexer.annotate.attribution.spans.quotes import find_quote_spans
from onrecord.indexer.lexicon import words

_CAP_RUN_AFTER = r"(?:[ \u00a0]+(?:of[ \u00a0]+)?[A-Z][\w&'\u2019-]*){1,3}"
_TOKENS = ["Tufts", "University", "of", "Acme", "x", "Tufts's", "aTufts", "_", ",", ";", "Show", "\u00e9", "Tu"]
_SEPARATORS = [" ", "  ", "\u00a0", "", "\n", ", "]


def _random_texts(seed: int, count: int) -> list[str]:
    rng = random.Random(seed)
    return ["".join(rng.choice(_TOKENS) + rng.choice(_SEPARATORS) for _ in range(rng.randint(1, 10)))
            for _ in range(count)]


def test_written_mid_sentence_is_the_regex_it_replaced() -> None:
    for text in _random_texts(5, 3000):
        for word in ("Tufts", "Tu", "Acme"):
            assert singles._written_mid_sentence(text, word) == (
                re.search(rf"[\w,;] {re.escape(word)}\b", text) is not None), (text, word)


def test_word_then_run_is_the_regex_it_replaced() -> None:
    for text in _random_texts(6, 3000):
        for word in ("Tufts", "Tu", "\u00e9", "Acme"):
            want = [(m.start(), m.group(1)) for m in re.finditer(rf"\b{re.escape(word)}({_CAP_RUN_AFTER})", text)]
            assert list(singles._word_then_run(text, word)) == want, (text, word)


def test_a_lone_surname_leading_an_institution() -> None:
    text = "She studied at Tufts University. Later, Tufts said the fees would rise."
    assert singles.leads_institution(text, "Tufts")
    assert not singles.leads_institution("The Rachel Maddow Show aired. Maddow said so.", "Maddow")


def test_cut_name_reads_common_words_only_of_its_own_run() -> None:
    common = lowercase_words("the boss said the harbour was shut; a harbour boss left")
    for run in ("Boss Olek Tamm", "Harbour boss Olek Tamm", "Olek Tamm", "Boss Olek Tamm"):
        cached = cut_name(run.split(), common)
        again = cut_name(run.split(), common)
        assert (cached.role, cached.title, cached.name) == (again.role, again.title, again.name)
        cached.role.append("changed")  # a caller's copy: the cache keeps its own
        assert cut_name(run.split(), common).role == again.role
    assert cut_name(["Boss", "Olek", "Tamm"], common).role == ["Boss"]
    assert cut_name(["Boss", "Olek", "Tamm"], frozenset()).name == ["Olek", "Tamm"]


def test_quote_spans_asked_twice_are_fresh_lists() -> None:
    text = 'He said "one thing" and "another".\n\n"Third," she said.'
    first = find_quote_spans(text, 0, 34, "double")
    first.clear()
    assert len(find_quote_spans(text, 0, 34, "double")) == 2
    assert find_quote_spans(text[:], 0, 34, "double") == find_quote_spans(text, 0, 34, "double")


def test_every_cue_starts_with_a_letter() -> None:
    # CUE_RE's leading "(?<!\w)" is a word boundary only because a cue's first character is a letter
    assert all(w[:1].isalpha() for w in CUE_WORDS | words("cue_phrases"))
    assert CUE_RE.search("the spokesman said") and not CUE_RE.search("unsaid")


_LEAD_TOKENS = ["the", "The", "tHe", "a", "An", "an", "x", "xthe", "-", "'", "\u2019", ".", "&", "_", "1",
                "spokesman", "spokeswoman", "for", "of", "Acme", "Vole", "firm", "minister", "Co", "Tt",
                "select committee", "health"]


@pytest.mark.parametrize(("pattern", "plain", "fast"), [
    (_description_re(), r"\b[Tt]he", r"[Tt](?<!\w[Tt])he"),
    (organisations._DESCRIPTION_RE, r"\b[Tt]he", r"[Tt](?<!\w[Tt])he"),
    (organisations._NAMED_RE, r"\b[Tt]he", r"[Tt](?<!\w[Tt])he"),
    (organisations._LOWER_NAMED_RE, r"\b[Tt]he", r"[Tt](?<!\w[Tt])he"),
    (organisations._RUN_RE, r"(?<![\w'\u2019&.-])[A-Z]", r"[A-Z](?<![\w'\u2019&.-][A-Z])"),
    (runs._SPOKES_RE, r"\b(?:[Aa]n?|[Tt]he)", r"[AaTt](?<!\w[AaTt])(?:(?<=[Aa])n?|(?<=[Tt])he)"),
    (runs._CAPITALISED_RE, r"\b[A-Z]", r"[A-Z](?<!\w[A-Z])"),
])
def test_a_leading_letter_scan_is_the_word_boundary_it_replaced(pattern: re.Pattern[str], plain: str,
                                                                fast: str) -> None:
    # the letter first lets the engine skip to it; the boundary after it must say what "\b" said
    assert pattern.pattern.startswith(fast)
    before = re.compile(plain + pattern.pattern[len(fast):], pattern.flags)
    rng = random.Random(7)
    for _ in range(3000):
        text = "".join(rng.choice(_LEAD_TOKENS) + rng.choice(_SEPARATORS) for _ in range(rng.randint(1, 8)))
        assert [(m.span(), m.groups()) for m in pattern.finditer(text)] == \
            [(m.span(), m.groups()) for m in before.finditer(text)], text


@pytest.mark.parametrize("run", ["However Acme", "Acme's", "The Leeds-based Acme Court", "However", "Ann Vole\u2019s"])
def test_clean_run_is_cut_once_and_as_before(run: str) -> None:
    # a name recurs all through an article: its run is cleaned once, to what the plain function gives
    organisations._clean.cache_clear()
    assert organisations._clean(run) == organisations._clean(run) == organisations._clean.__wrapped__(run)
    assert organisations._clean.cache_info().hits == 1


_BEFORE_NAME_TOKENS = ["former", "welfare", "minister", "the", "The", "Archbishop", "of", "Canterbury", ",", ", ",
                       "Ann Vole", "president", "Acme", ".", "\"", "\n", "1", "-", "\u017f", "\u212a", "\u0131",
                       "her", "lawyer", "\u00a0"]


def test_role_and_employer_scans_skipped_only_where_they_find_nothing() -> None:
    # roles_around and employer_before skip a scan when the text before the run cannot end as
    # the pattern must: the answers are the plain scans' over random texts
    rng = random.Random(11)
    for _ in range(4000):
        text = "".join(rng.choice(_BEFORE_NAME_TOKENS) + rng.choice(_SEPARATORS) for _ in range(rng.randint(0, 9)))
        start, text = len(text), text + "Ola Brandt, the health secretary, said"
        end = start + len("Ola Brandt")
        plain_before = roles._ROLE_BEFORE.findall(text, max(0, start - 40), start)[-3:]
        plain = {w.lower() for w in plain_before}
        for m in (roles._BEFORE_RE.search(text, max(0, start - roles._WINDOW), start),
                  roles._AFTER_RE.match(text, end, min(len(text), end + roles._WINDOW))):
            plain |= roles._role_words(m.group(1)) if m else set()
        assert roles.roles_around(text, start, end) == plain, text
        employer = things._EMPLOYER_AFTER_ROLE_RE.search(text, max(0, start - 60), start)
        found = things.employer_before(text, start)
        assert (found and found.group()) == (employer and employer.group()), text


_ORG_BEFORE_TOKENS = ["shares", "Shares", "in", "the", "chief", "executive", "of", "at", "firm", "insurer", "start-up",
                      "Mr", "Dr.", "Sir", "Lady", "said", ",", ".", "\n", "\u00a0", "Acme", "x"]


def test_org_and_title_scans_skipped_only_where_they_find_nothing() -> None:
    # ends_before and _title_may_end say False only where the scans they spare find nothing
    rng = random.Random(12)
    for _ in range(6000):
        text = "".join(rng.choice(_ORG_BEFORE_TOKENS) + rng.choice(_SEPARATORS) for _ in range(rng.randint(0, 9)))
        start, text = len(text), text + "Acme"
        for pattern, ends in ((orgevidence._BEFORE_RE, orgevidence._BEFORE_ENDS),
                              (orgevidence._WEAK_BEFORE_RE, orgevidence._ORG_NOUN_ENDS)):
            if not orgevidence.ends_before(text, start, ends):
                assert pattern.search(text, max(0, start - 40), start) is None, text
        if not surnames._title_may_end(text[max(0, start - 12):start]):
            assert surnames._TITLE_BEFORE_RE.search(text, max(0, start - 12), start) is None, text


def test_org_and_title_shortcuts_still_find_what_the_scans_find() -> None:
    assert orgevidence.strong_evidence("Rising shares in Acme fell", 17, 21)
    assert orgevidence.strong_evidence("The chief executive of the Acme", 27, 31)
    assert orgevidence.org_by_context("The insurer\u00a0Acme grew", 12, "Acme", False) == "Acme"
    assert list(surnames.surname_hits("Later Dr.\nVole spoke.", {"Vole"})) == [(6, "Vole", "Dr")]


_PEER_TOKENS = ["Lord", "Lady", "Baroness", "Baron", "Dubs", "Vole", "Lord's", "xLord", "_", "of", "Chief", "Ann",
                "Vole's", "\u00e9", "-", "1"]


def test_peer_names_found_where_the_word_boundary_scan_found_them() -> None:
    # the pattern as it was: "\b" before the title alternation
    before = re.compile(rf"\b({singles._PEER_ALT})[ \u00a0]+([A-Z][a-z][\w-]*)(?:['\u2019]s?)?"
                        r"(?![\w'\u2019-]|[ \u00a0]+[A-Z])")
    rng = random.Random(13)
    for _ in range(3000):
        text = "".join(rng.choice(_PEER_TOKENS) + rng.choice(_SEPARATORS) for _ in range(rng.randint(1, 8)))
        assert [(m.span(), m.groups()) for m in singles._PEER_NAME_RE.finditer(text)] == \
            [(m.span(), m.groups()) for m in before.finditer(text)], text


@pytest.mark.parametrize("tok", ["Acme's", "Acme\u2019S", "News'", "NEWS\u2019", "s's", "'s", "x's\n", "Acme's\n\n",
                                 "Acme", "Jones's.", "_s'", "\u00e9's", "1's", " 's", "-s'", "Acmes", ""])
def test_is_owner_is_the_search_it_replaced(tok: str) -> None:
    assert is_owner(tok) == (OWNER_RE.search(tok) is not None)


_MERGE_TEXT = ("Acme Holdings said profits rose. The firm's parent Vole Group agreed. "
               "The Acme Daily newspaper reported it. The company said so.")


@pytest.mark.parametrize("first", ["mentions", "publications", "owners", "_positions"])
def test_org_mentions_are_merged_once_on_first_use(first: str) -> None:
    # full_name, all many articles ask of the scan, needs no mentions: they are merged on first use,
    # the same whichever look-up asks first
    orgs = organisations.Organisations(_MERGE_TEXT, lambda _phrase: None, [], {})
    assert orgs.full_name("Acme") == "Acme Holdings"
    assert "_merged" not in orgs.__dict__
    getattr(orgs, first)
    assert orgs.__dict__["_merged"] == (orgs.mentions, orgs.publications, orgs.owners)
    eager = organisations.Organisations(_MERGE_TEXT, lambda _phrase: None, [], {})
    assert [m.name for m in orgs.mentions] == [m.name for m in eager.mentions] != []
    assert (orgs.publications, orgs.owners, orgs._positions) == (eager.publications, eager.owners, eager._positions)
