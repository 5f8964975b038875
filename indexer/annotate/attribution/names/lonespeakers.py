"""People the article names by one word only ("Vole said", "Ann, who runs it,").

Owns finding a lone capitalised word that is the subject of a reporting verb
somewhere in the article ("Vole said", "Vole also revealed", "said Vole."),
or a known first name it writes alone as a subject ("Ann, who runs the
site, ..."), and every place the article writes that word alone: such a word is a
person from their first mention, so a "he" or "she" between that mention and
the cue that names them can reach them (before, the word became a person only
once a quote's own cue was resolved, and earlier pronouns went to someone
named in full).  indexer.annotate.attribution.people.speakers registers them.
"""
from __future__ import annotations

import re
from collections.abc import Callable, Container, Iterator

from onrecord.indexer.annotate.attribution.names import periodtitles, pronounleads, singles, things
from onrecord.indexer.annotate.attribution.names.names import ORG_NAME_WORDS, is_role_word, lexicon
from onrecord.indexer.annotate.attribution.names.placements import is_subject
from onrecord.indexer.annotate.attribution.names.surnames import surname_hits
from onrecord.indexer.annotate.attribution.orgs import orgevidence
from onrecord.indexer.annotate.attribution.phrases.cues.wordtrie import word_alternation
from onrecord.indexer.lexicon import words

# strong reporting verbs in the past or present tense: "Vole said", "Vole tells"
SPEAKING_VERBS = words("lone_speaker_verbs")
# words that may stand between the name and its verb: "Vole also said", "Vole later told"
_BETWEEN = "(?:(?:also|then|later|again|has|had|previously|recently)[ \u00a0]+)?"
# factored by shared prefixes ("a(?:d(?:d(?:ed|s)|mit(?:s|ted))|rgued)|..."): the scan tries a handful
# of branches at each space, not all 23 verbs; with "\b" after, it matches what the flat list matched
_VERBS = word_alternation(SPEAKING_VERBS)
_NAME = r"([A-Z][a-z][\w'\u2019-]*)"
# no name right after the verb: "turn to Acme said Ann Vole" is her cue, inverted, with no comma
# the space is matched, not looked behind at: a pattern opening with a character class lets the
# engine skip to its next space, where a lookbehind is tried at every position (a third of the scan)
_VERB_RE = re.compile(rf"[ \u00a0]((?:{_VERBS}))\b")
_NAME_AFTER_RE = re.compile(r"[ \u00a0]+[A-Z][a-z]")
_NAME_BEFORE_RE = re.compile(rf"(?<![\w'\u2019-]){_NAME}[ \u00a0]+{_BETWEEN}$")
_INVERTED_RE = re.compile(rf"[ \u00a0]+{_NAME}(?=[.,;:])")  # after a verb: "said Vole."
_WORD_CHAR_RE = re.compile(r"\w")
_WORD_BEFORE_RE = re.compile(r"([\w'\u2019-]+)[ \u00a0]*$")
_DETERMINERS = words("determiners")
_JOINS = ("and", "of", "&")
_NOT_NAME = words("pronouns", "leading_noise", "not_names", "not_first_names", "weekdays", "months",
                  "determiners", "clause_openers")


def speaking_words(text: str, common: frozenset[str], known: Container[str],
                   match_org: Callable[[str], str | None]) -> list[str]:
    """Return, in order met, the lone capitalised words the article makes the subject of a
    reporting verb and that can be a person's name: not written after another capitalised
    word ("Acme Vole said"), not a pronoun, role, common word or institution's word, and
    nobody's of `known` (the surnames and first names of people named in full)."""
    found: dict[str, None] = {}
    for m in _subjects(text):
        word = m.group(1)
        if word in found or word in known or not _alone_at(text, m.start(1)):
            continue
        if _may_be_person(text, common, word, match_org):
            found[word] = None
    for m in pronounleads.tied_subjects(text):  # "Vole admitted he was tired. '...,' he said": Vole
        word = m.group(1)
        if word not in found and word not in known and _alone_at(text, m.start(1)) \
                and _may_be_person(text, common, word, match_org, tied=True):
            found[word] = None
    return list(found) + [w for w in subject_first_names(text, common, known) if w not in found]


def _subjects(text: str) -> Iterator[re.Match[str]]:
    """Yield the match of a capitalised word right before each reporting verb ("Vole also said") or,
    closing a clause, right after it ("said Vole."): the verbs are rarer than capitals, so one scan
    finds them and looks around each."""
    for verb in _VERB_RE.finditer(text):
        if _NAME_AFTER_RE.match(text, verb.end()):
            # a name after the verb is its speaker, not one before; "said Mr. Vole.": Vole, not the title
            m = _INVERTED_RE.match(text, periodtitles.past_title(text, verb.end()))
        else:
            m = _NAME_BEFORE_RE.search(text, max(0, verb.start(1) - 48), verb.start(1))
        if m is not None:
            yield m


_FIRST_NAME_RE = re.compile(_NAME)


def subject_first_names(text: str, common: frozenset[str], known: Container[str] = ()) -> list[str]:
    """Return the known first names the article writes alone as a sentence's or clause's
    subject somewhere ("Jane, who runs the site, ...", "said his wife, Ann."): a person
    the article calls by first name only, whose gender a later "she" or "he" can follow.
    A word the article also writes in lowercase ("will", "may") is left out, and so is a word
    of `known` (the names of people named in full: speaking_words drops them anyway)."""
    first_names = lexicon().first_names
    # `known` left out before the subject scan, not after it: each word is judged on its own
    # mentions alone (_subject_names), and most first names met are those of people named in full
    names = [word for word in dict.fromkeys(_FIRST_NAME_RE.findall(text))  # each word once, in order met
             if (low := word.lower()) in first_names and low not in common and low not in _NOT_NAME
             and word not in known]
    if not names:
        return []
    subjects = _subject_names(text, set(names))
    return [w for w in names if w in subjects]


def _subject_names(text: str, names: set[str]) -> set[str]:
    """Return the words of `names` that some untitled mention alone makes a subject (is_subject):
    one surname_hits scan for all of them, where one scan per word cost a pass over the text each.
    Each hit is the one a scan for its word alone finds, as no first name of the lexicon ends
    in "'s" (surname_hits would credit "Ann's" to such a name, not to "Ann")."""
    found: set[str] = set()
    for at, word, title in surname_hits(text, names):
        if title is None and word not in found and is_subject(text, at):
            found.add(word)
    return found


def _alone_at(text: str, start: int) -> bool:
    """True when no capitalised word that could lead a name stands right before `start`."""
    before = _WORD_BEFORE_RE.search(text, max(0, start - 30), start)
    if before is None:
        return True  # a sentence or clause opens here
    word = before.group(1)
    if word.isdigit() or word.lower() in _DETERMINERS:
        return False  # "50 Cent", "The Game": a name glued to its lead; "the Scot": a description
    if word in _JOINS:  # "Culture, Media and Sport said": the end of a body's name, not a person
        ahead = _WORD_BEFORE_RE.search(text, max(0, before.start() - 30), before.start())
        return ahead is None or not ahead.group(1)[0].isupper()
    return not word[0].isupper() or word.lower() in _NOT_NAME


def _may_be_person(text: str, common: frozenset[str], word: str, match_org: Callable[[str], str | None],
                   *, tied: bool = False) -> bool:
    """True when `word` passes the tests a lone word said where a speaker goes must pass
    (names.singles) and names no institution or role.  A `tied` word (pronounleads: a "he
    said" quote follows its sentence) needs no mid-sentence mention nor personal pronoun
    after it: that quote's "he" is one."""
    low = word.lower()
    lex = lexicon()
    if low in _NOT_NAME or low in ORG_NAME_WORDS or low in lex.roles or low in lex.descriptors or is_role_word(word):
        return False
    if periodtitles.is_period_title(word):  # "said Mr. Vole": the title, not a name
        return False
    # plain_name first: may_be_name may scan the whole text for a mid-sentence mention
    if match_org(word) or not (tied and singles.plain_name(common, word)
                               or singles.may_be_name(text, common, word, None)):
        return False
    return not singles.leads_institution(text, word, common) and not _shown_org(text, word) \
        and (tied or _personal_after(text, word))


# the first pronoun after a mention tells a person ("Vole ... his future. He told") from a
# body or a product ("Acme says ..., it still has to"): only a person is one from their first mention
_PRONOUN_RE = re.compile(r"\b(?:(he|she|his|her|him)|it|its|they|their|them)\b", re.IGNORECASE)
_PRONOUN_REACH = 200


def _personal_after(text: str, word: str) -> bool:
    """True when, after some mention of `word` alone that names no one else ("Acme chief Ann
    Vole ... He said" is hers), the next pronoun within reach is a person's."""
    for start, _word, _title in surname_hits(text, {word}):
        end = start + len(word)
        if things.modifies_noun(text, end):
            continue
        m = _PRONOUN_RE.search(text, end, end + _PRONOUN_REACH)
        if m is not None and m.group(1):
            return True
    return False


def _shown_org(text: str, word: str) -> bool:
    """True when the words around some mention of `word` make it an organisation's, even weakly
    ("Acme is confident of its case", "a statement from Acme"): "Acme has said" is a body's words."""
    at = text.find(word)
    while at >= 0:
        if not _WORD_CHAR_RE.match(text, at + len(word)) and orgevidence.org_by_context(text, at, word, False):
            return True
        at = text.find(word, at + len(word))
    return False


def lone_mentions(text: str, speakers: list[str]) -> Iterator[tuple[int, str]]:
    """Yield (start, word) for each place the text writes one of `speakers` alone or titled."""
    for start, word, _title in surname_hits(text, set(speakers)):
        yield start, word


def mentions(text: str, common: frozenset[str], known: tuple[Container[str], ...],
             match_org: Callable[[str], str | None]) -> Iterator[tuple[int, None, str]]:
    """Yield (start, None, word) for each mention of a lone word the article makes speak (speaking_words),
    shaped as names.singles.peer_mentions' (no title): a word in one of `known` is somebody's already."""
    lone = speaking_words(text, common, _AnyOf(known), match_org)
    for start, word in lone_mentions(text, lone) if lone else ():
        yield start, None, word


class _AnyOf:
    """A container holding what any of its containers holds."""

    def __init__(self, parts: tuple[Container[str], ...]) -> None:
        self.parts = parts

    def __contains__(self, item: object) -> bool:
        return any(item in part for part in self.parts)
