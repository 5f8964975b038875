"""Speech sources: whether the speaker phrase of a reported clause can have said it.

Owns who of a subject with appositives speaks ("Ann Vole, director at Acme,
a port group, said": Ann Vole; "His wife, Ann, said": Ann), and the
precision filters on the subject of a reported-speech cue: what is
no one speaking (the golds' guidelines leave it out), so a clause it
introduces is no reported speech.  The reader ("you"), the writer ("I
recalled that", "we noted"), a finding ("a study by Acme reports that",
"according to Acme figures"), a share of a surveyed group ("36% of users
said", "a majority said"), generic speech ("people say", "every company
says", "As they say, ..."), an academic citation ("Vole (2017) suggests"),
an instruction ("Make notes ..."), hypothetical speech opening a sentence
("When SEO firms say ..."), the writer's question ("why does she point
out that"), a gerund ("Implementing stress ..."), a thing's relative clause ("the hormone that
signals ..."), a bare common noun used as one ("tax reports", "in bed,
say goodnight"), a cue word used as a noun after one thing or an adjective ("a short note
that", "The interesting claim", "behind-the-scenes notes") and a story ("an old story tells", "tells
the story of how ... that") are none.  The words are the lexicon's tables
(indexer.lexicon: "writer_pronouns", "share_nouns", "generic_subjects",
"generic_determiners", "saying_subjects", "imperative_verbs", "hypothetical_leads",
"question_words", "question_auxiliaries", "finding_nouns",
"weak_clause_cues", "singular_determiners", "narrative_nouns", "compound_links").
"""
from __future__ import annotations

import re

from onrecord.indexer.annotate.attribution.clauses.speakers.documentspeech import document_speaks
from onrecord.indexer.annotate.attribution.indirect.outlets import is_outlet_description
from onrecord.indexer.annotate.attribution.names.names import ORG_NAME_WORDS
from onrecord.indexer.annotate.attribution.phrases.cues.cues import Phrase, is_speaker_noun
from onrecord.indexer.annotate.attribution.phrases.subjects import phrase_at_sentence_start
from onrecord.indexer.lexicon import words

WEAK_CUES = words("weak_clause_cues")
_FINDINGS = words("finding_nouns")
_FIRM_FINDINGS = words("firm_finding_nouns")  # "according to Jupiter Research": a firm, not research
_WRITER = words("writer_pronouns")
_SHARES = words("share_nouns")
_GENERIC = words("generic_subjects")
_GENERIC_LEADS = words("generic_determiners")
_SAYINGS = words("saying_subjects")
_IMPERATIVES = words("imperative_verbs")
_SINGULAR = words("singular_determiners")
_NARRATIVES = words("narrative_nouns")
# a lowercase compound adjective: "behind-the-scenes", "up-to-date"
_COMPOUND_RE = re.compile(rf"[a-z]+(?:-[a-z]+)*-(?:{'|'.join(sorted(words('compound_links')))})-[a-z]+(?:-[a-z]+)*")
_PEOPLE = words("spokes", "roles")
_NOT_NOUNS = words("determiners") | frozenset("him her them it".split())
# a word, apostrophes inside it: one pattern for every module of this room
WORD_RE = re.compile(r"[\w'\u2019]+")
# what ends no speaker phrase: the reader, a determiner, a preposition, an example ("Say, for example, ...")
NOT_SPEAKERS = frozenset("you a an the this that with as by of for in on at to from what me example take so "
                         "such please".split())
_RELATIVE_TAIL_RE = re.compile(r"\s*,?\s*(?:who|which|that)$", re.I)
_THAT_END_RE = re.compile(r"\bthat$", re.I)
_OF_TAIL_RE = re.compile(r"\s+(?:for|of|at|from|with|in|on)\s.*$", re.S)
# what ties a finding noun to its owner or its date: "a study by Acme", "data released in May"
_IN_FINDING_RE = re.compile(r"\s+in\s+(?=(?:a|an|the|this|last|their)\b)")
_FINDING_TIE = frozenset("by from of in on published released conducted".split())
# a share before the group that answered: "72% of Rust users", "over half of the students"
_SHARE_OF_RE = re.compile(r"(?:%|\b(?:\d+\s+per\s*cent|[a-z]+\s+percent|majority|minority|half|third|quarter|"
                          r"proportion|share))\s+(?:\(\d+%\)\s+)?of\s+(?:[\w'\u2019-]+\s+){0,3}$", re.I)
_PERCENT_RE = re.compile(r"\d\s*%$|\bper\s*cent$|\bpercent$", re.I)
# the owner before a bare noun ("Mr Sands' book", "his book"): a phrase cut after its possessive
_POSSESSIVE_BEFORE_RE = re.compile(r"(?:['\u2019]s?|\b(?:his|her|its|their|our|my|your))\s+$", re.I)
# a subject right before the word: the word is an adverb after it ("Ann Vole now says", "he has since said")
_SUBJECT_BEFORE_RE = re.compile(
    rf"(?:\b[A-Z][\w.'\u2019-]*|\b(?:he|she|they|it|who|{'|'.join(sorted(words('skip_before_cue')))}))\s+$")
# a name between commas right before the cue, after a description: "His wife, Ann, said",
# "The bosses' group, the CBI, said"
_NAMED_APPOSITIVE_RE = re.compile(r",\s+(?:the\s+)?((?:[A-Z][\w.'\u2019-]*\s+){0,3}[A-Z][\w.'\u2019-]*),\s*")
# the name may follow its own description there: "One of the bidders, Leeds-based group Acme, said",
# "The star witness, former Acme finance chief Ann Vole, has said" (no relative, preposition or verb before it)
_DESCRIBED_APPOSITIVE_RE = re.compile(
    r",\s+(?:(?!(?:who|whose|which|that|where|when|in|at|from|to|of|for|with|on|by|and|or|but|is|was|are|were"
    r"|has|had|have|said|says)\b)[\w.'\u2019-]+\s+){1,5}?((?:[A-Z][\w.'\u2019-]*\s+){0,3}[A-Z][\w.'\u2019-]*),\s*")
# a year cited after an author is a reference to a paper, not speech: "Vole (2017) suggests", "Vole et al. (2019) found"
_CITATION_RE = re.compile(r"\s*(?:et\s+al\.?\s*)?\((?:[^()]{0,30}\D)?(?:1[89]|20)\d\d[a-z]?\)\s*$")
_AS_BEFORE_RE = re.compile(r"\bas\s+$", re.I)
# the lead may stand before the subject's modifiers: "When SEO companies say"
_HYPOTHETICAL_RE = re.compile(rf"\s*(?:{'|'.join(sorted(words('hypothetical_leads')))})\s+(?:[\w'\u2019-]+\s+){{0,3}}$",
                              re.I)
_QUESTION_RE = re.compile(rf"\b(?:{'|'.join(sorted(words('question_words')))})\s+"
                          rf"(?:{'|'.join(sorted(words('question_auxiliaries')))})\s+$", re.I)
_PAST_CUE_ENDS = ("ed", "said", "told", "wrote")
# what is told right after "tell(s)": "tells the story of how ... that" tells a story, no listener
_TOLD_STORY_RE = re.compile(rf"\s+(?:the|a|an|this|that|its|their|his|her|our)\s+(?:[\w'\u2019-]+\s+){{0,2}}?"
                            rf"(?:{'|'.join(sorted(_NARRATIVES))})\b", re.I)
_LOWER_WORD_RE = re.compile(r"\b[a-z]{3,}\b")
# after "according to X": the finding X issued ("Labor Department figures", "Amex's recent report")
_FINDING_AFTER_RE = re.compile(r"(?:['\u2019]s)?\s+(?:(?:[A-Z0-9][\w.'\u2019-]*|recent|latest|new|annual|own|"
                               r"monthly|quarterly|official)\s+){0,3}([a-z]+)\b")


def is_finding(phrase: Phrase, after_cue: bool = True) -> bool:
    """True for a study, a poll, data or a report as the source ("the study",
    "a report by Acme", "data released in May"): a finding, not speech;
    never a person of it ("the head of research") nor people who answered
    one ("voters in a recent poll": the head comes first), nor "the paper"
    (a newspaper: indirect.reports drops it when no masthead was named).
    A firm named with a finding noun ("Jupiter Research") is a source only
    `after_cue` ("according to Jupiter Research", "said Jupiter Research"):
    before one the phrase may be a finding's issuer whose "by" the phrase
    reader cut off ("A study by Jupiter Research suggested": the study's)."""
    if is_outlet_description(phrase.text):
        return False
    written = WORD_RE.findall(_IN_FINDING_RE.split(phrase.text, maxsplit=1)[0])
    found = [w.lower() for w in written]
    for i, word in enumerate(found):
        if word in _FINDINGS and (i == 0 or found[i - 1] != "of") \
                and (i == len(found) - 1 or found[i + 1] in _FINDING_TIE) and not _in_org_name(written, i, after_cue):
            return True
    return False


def _in_org_name(written: list[str], i: int, firms: bool) -> bool:
    """True when the word at i is a capitalised word of an institution's name, after
    its capitalised org word ("the Office for National Statistics", "Institute for Fiscal Studies"),
    or with `firms` a firm's name ending right after another capitalised word ("Jupiter Research":
    `_FIRM_FINDINGS`)."""
    if not written[i][:1].isupper():
        return False
    firm = firms and i > 0 and written[i].lower() in _FIRM_FINDINGS and written[i - 1][:1].isupper()
    return firm or any(w[:1].isupper() and w.lower() in ORG_NAME_WORDS for w in written[:i])


def finding_follows(s: str, pos: int, hi: int) -> bool:
    """True when the name ending at `pos` owns a finding right after it
    ("according to Labor Department figures", "according to Amex's report")."""
    after = _FINDING_AFTER_RE.match(s, pos, hi)
    return after is not None and after.group(1) in _FINDINGS


def may_speak(phrase: Phrase, cue: re.Match[str]) -> bool:
    """False for "you" (the reader, told what to do), for a phrase that ends
    in a function word ("with", "the": no subject found), and for a thing
    as the subject of a weak cue ("the information suggested") or of a
    relative "which" ("the blood pact, which stated"): no one who speaks."""
    found = WORD_RE.findall(phrase.text.lower())
    if not found or found[-1] in NOT_SPEAKERS:
        return False
    if phrase.kind != "np" or is_speaker_noun(_RELATIVE_TAIL_RE.sub("", phrase.text)):
        return True
    return cue.group().lower() not in WEAK_CUES and not phrase.text.lower().endswith("which")


def is_source(s: str, lo: int, phrase: Phrase, cue: re.Match[str]) -> bool:
    """Return whether the phrase before a cue can be who said the clause:
    not the writer, a finding, a surveyed share, generic speech ("people
    say", "every company says"), a saying ("As they say"), a cited paper,
    an instruction ("Make notes"), a thing's relative clause
    ("the hormone that signals") or a bare common noun."""
    found = [w.replace("\u2019", "'") for w in WORD_RE.findall(phrase.text.lower())]
    start = phrase.lead if phrase.lead >= 0 else phrase.start
    whole = s[start:phrase.end]
    # "a representative for the platform tells": the head before its preposition speaks
    spoken = may_speak(phrase, cue) or found[-1] not in NOT_SPEAKERS and _speaks(_OF_TAIL_RE.sub("", whole))
    # "The report said that": its issuer's words, no finding
    finding = is_finding(phrase, phrase.start > cue.start()) and not document_speaks(WORD_RE.findall(phrase.text), cue)
    if not found or " ".join(found) in _WRITER or finding or not spoken:
        return False
    if _THAT_END_RE.search(whole) and not is_speaker_noun(_RELATIVE_TAIL_RE.sub("", whole)):
        return False
    before = s[max(lo, start - 40):start]
    if found[-1] in _SHARES or _PERCENT_RE.search(phrase.text) or _SHARE_OF_RE.search(before) \
            or any(w in _SHARES and nxt == "of" for w, nxt in zip(found, found[1:], strict=False)):
        return False  # "36% of users said", "the majority of students said": a survey's finding
    present = not cue.group().lower().split()[0].endswith(_PAST_CUE_ENDS)  # "pointed out" is past
    if present and (" ".join(found) in _GENERIC or found[0] in _GENERIC_LEADS and len(found) > 1):
        return False  # "people say", "every company says": generic speech ("some said" reports who spoke)
    if " ".join(found) in _SAYINGS and _AS_BEFORE_RE.search(before) or _CITATION_RE.match(s, phrase.end, cue.start()):
        return False  # "As they say, ...": a saying; "Vole (2017) suggests": a paper cited
    if phrase.kind == "name" and found == [found[0]] and found[0] in _IMPERATIVES and not s[lo:start].strip() \
            and present:
        return False  # "Make notes where you can": an instruction, no one named Make (a name says in the past)
    if present and _HYPOTHETICAL_RE.match(s, lo, start) or _QUESTION_RE.search(before):
        return False  # "When SEO firms say ...", "why does she point out that ..."
    compound = _COMPOUND_RE.fullmatch(phrase.text.split()[-1]) is not None  # "behind-the-scenes notes"
    if phrase.kind == "np" and (_noun_cue(found, cue) or compound) or _tells_story(s, found, cue):
        return False  # "a short note that", "The interesting claim": a noun; "an old story tells": no one
    if found == [found[0]] and found[0].endswith("ing") and phrase.start != cue.start() and present \
            and not re.search(r"[^s]s$", cue.group().lower()):
        return False  # "Implementing stress reduction ...": a gerund before a noun ("Ebeling says" speaks)
    return not _bare_noun(phrase, found, before)


def _noun_cue(found: list[str], cue: re.Match[str]) -> bool:
    """True when a bare-form cue word follows one thing ("a short note that",
    "every note") or an article and an -ing adjective ("The interesting
    claim"): one thing takes "notes", so the word is a noun ("a few
    analysts say", "a group of voters say" and "people familiar with her
    thinking say" speak)."""
    word = cue.group().lower()
    if " " in word or word.endswith(("s", "ed", "ing", "said", "told", "wrote")) and not word.endswith("ss"):
        return False
    last = found[-1]
    one = found[0] in _SINGULAR and "of" not in found and not (last.endswith("s") and not last.endswith("ss"))
    return one or len(found) == 2 and (found[0] == "the" or found[0] in _SINGULAR) and last.endswith("ing")


def _tells_story(s: str, found: list[str], cue: re.Match[str]) -> bool:
    """True for a story as the subject of a weak cue ("an old story tells
    that") or what "tell(s)" tells ("tells the story of how ... that"):
    what is told, not who reports it."""
    word = cue.group().lower()
    return word in WEAK_CUES and found[-1] in _NARRATIVES \
        or word.startswith("tell") and _TOLD_STORY_RE.match(s, cue.end()) is not None


def is_told_story(s: str, pos: int) -> bool:
    """True when what is told right after `pos` is a story or a joke ("told a
    joke."): what was told, no listener."""
    return _TOLD_STORY_RE.match(s, pos) is not None


def _speaks(head: str) -> bool:
    """True for a noun phrase headed by a speaker noun, a spokesperson or a role ("a representative")."""
    found = WORD_RE.findall(head.lower())
    return bool(found) and (found[-1] in _PEOPLE or is_speaker_noun(head))


def _bare_noun(phrase: Phrase, found: list[str], before: str) -> bool:
    """True for one lowercase singular word with no owner before it ("tax
    reports", "in bed, say goodnight", "rest assured"): a noun or a verb
    beside the cue word, no speaker ("analysts say" and "his book says"
    speak; after a subject, "Ann Vole now says", the word is an adverb)."""
    word = found[0]
    return phrase.kind == "np" and len(found) == 1 and phrase.text[:1].islower() and word not in _NOT_NOUNS \
        and not (word.endswith("s") and not word.endswith("ss")) and not is_speaker_noun(word) \
        and _POSSESSIVE_BEFORE_RE.search(before) is None and _SUBJECT_BEFORE_RE.search(before) is None


def appositive_subject(s: str, lo: int, end: int, phrase: Phrase) -> Phrase:
    """Return who speaks of a subject with appositives before a cue ending at
    `end`: the name a description's appositive gives ("His wife, Ann, said":
    Ann), the named subject before appositives that hold another name ("Ann
    Vole, director at Acme, a port group, said": Ann Vole), else `phrase`."""
    if phrase.kind == "np":
        named = _NAMED_APPOSITIVE_RE.fullmatch(s, phrase.end, end) \
            or _DESCRIBED_APPOSITIVE_RE.fullmatch(s, phrase.end, end)
        return phrase if named is None else Phrase(named.group(1), named.start(1), named.end(1), "name")
    if phrase.kind != "name" or not s[lo:end].rstrip().endswith(","):
        return phrase
    head = phrase_at_sentence_start(s, lo, phrase.start)
    # "Director of Public Prosecutions, Ann Vole, said": the name is the head's appositive, not in a description
    if head is not None and head.kind == "name" and head.end < phrase.start and s[head.end:head.end + 1] == "," \
            and _LOWER_WORD_RE.search(s, head.end, phrase.start):
        return head
    return phrase
