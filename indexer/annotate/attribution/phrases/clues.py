"""Speaker clues: where the phrase naming a quote's speaker is found.

Owns the places indexer.annotate.attribution.attribution looks, in the quote's own frame: a cue
right after it ('...," she said'; '," said Mr X'; ', according to X'; '," said Acme physio Ann
Vole': the name past a body's role words), a
cue before it in the same sentence ('X told the BBC: "..."'), a
clause-final ', X said' past the rest of the quoted clause, a claim's owner
('X's claim that "..."'), a dash byline ('"..." - Ann Vole') and the
sentence before it ('X delivered a retort: "..."').  Each returns the
speaker phrase and its cue; which clue wins is indexer.annotate.attribution.attribution's order.
"""
from __future__ import annotations

import re
from dataclasses import replace
from typing import Literal

from onrecord.indexer.annotate.attribution.descriptions.claims import claim_owner, outer_report
from onrecord.indexer.annotate.attribution.descriptions.persons.rolesafter import name_before_unclosed
from onrecord.indexer.annotate.attribution.phrases.cues.cues import Phrase, is_speaker_noun, phrase_before
from onrecord.indexer.annotate.attribution.phrases.cues.cuewords import PARTICIPLE_CUES, SOFT_CUE_RE, find_cues, is_weak
from onrecord.indexer.annotate.attribution.phrases.cues.inversions import phrase_after
from onrecord.indexer.annotate.attribution.phrases.cues.invertedcloses import inverted_close
from onrecord.indexer.annotate.attribution.phrases.cues.passives import AGENT_AFTER_QUOTE_RE, passive_agent
from onrecord.indexer.annotate.attribution.phrases.cues.quotedas import quoted_as
from onrecord.indexer.annotate.attribution.phrases.descriptions import AGE_WORD_RE
from onrecord.indexer.annotate.attribution.phrases.subjects import phrase_at_sentence_start
from onrecord.indexer.annotate.attribution.spans.frames import Frame
from onrecord.indexer.annotate.attribution.spans.nextleads import leads_next_quote
from onrecord.indexer.annotate.attribution.spans.quotes import QuoteSpan
from onrecord.indexer.lexicon import words

_MAIN_CUES = words("main_cues")
# the phrase after these is the listener ("told the BBC"), never the speaker
_LISTENER_CUES = words("listener_cues")
# the last word of a description naming a person who speaks ("the Tory source", "a spokesman")
_PERSON_HEADS = words("roles", "spokes", "person_nouns", "person_source_nouns")
_ROLE_WORDS = words("roles", "spokes")
_PREPOSITION_RE = re.compile(r"(?:about|on|in|for|with|to|of|at|from|over|into|by|than|as)\b", re.I)
_PARTICIPLE_LEAD_RE = re.compile(
    r"(?:,|\b(?:after|before|while|when|by|without|for|about|in|on|of|since|being))\s*$", re.I)
_PERIOD_END_RE = re.compile(r"\.[ \u00a0]?['\"\u2019\u201d]+$")
# words before a name that make it a participle's subject, not an object: "with Ann Vole saying",
# "including Acme calling", "as Ann Vole said"; "and", "or", "but" join it to the sentence's subject
_SUBJECT_MAKERS = frozenset({"with", "including", "as", "and", "or", "but"})
_OBJECT_REACH = 4  # lowercase words looked back over for a role or a subject maker
# a body's kind before its name ("hedge fund Acme"): a description of the name, not a verb
_BODY_KINDS = words("org_heads", "org_nouns", "org_words")
# "X issued a statement saying": the issuer, not the document, is the speaker
_ISSUED_RE = re.compile(
    r"(?:a|an)\s+(?:\w+\s+)?(?:statement|release|memo|letter|email|e-mail|tweet|post|video|ad)$", re.I)
_INFINITIVE_RE = re.compile(r"\bto\s+$")
# "Critics say (that) he ..." : the pronoun opens the clause an earlier cue reports
_REPORTED_OPEN_RE = re.compile(r"\s*(?:that\s+)?$")
_CLAUSE_GOES_ON_RE = re.compile(r"\s+[a-z]")
_NAME_THEN_COMMA_RE = re.compile(r"(?:[A-Z][\w.'\u2019-]*[ \u00a0]){1,3}[A-Z][\w.'\u2019-]*,")
_AFTER_GAP_RE = re.compile(r"[\s,\u2014\u2013-]*")
# after a quote ending in , ? ! an unknown verb still reports it: '"Go," Trump barked'
_LOOSE_VERB_RE = re.compile(r"\b[a-z]{3,}(?:ed|s)\b")
# lowercase words that may open a speaker NP before its capitalized name
_NP_LEAD_RE = re.compile(rf"(?:(?:[A-Za-z][\w.'\u2019-]*|{AGE_WORD_RE.pattern})\s+){{1,6}}")  # "19-year-old Vole said"
# what may follow '," Ann Vole shares': the sentence ends or another clause opens
_SOFT_CLOSE_RE = re.compile(r"\s*(?:[,.;:!?\u2014]|$)")
_OPEN_ENDING_RE = re.compile(r"[,?!\u2014-]['\"\u2019\u201d]+$")


def _cue_after(frame: Frame, qs: int, qe: int) -> tuple[Phrase, re.Match[str]] | None:
    """Find '...," she said' / '," said Mr X' / ', according to X' after a quote."""
    s = frame.s
    hi = frame.sentence(qe)[1]
    gap_match = _AFTER_GAP_RE.match(s, qe)
    assert gap_match is not None  # the pattern matches the empty string too
    gap = gap_match.end()
    if leads_next_quote(frame.text, frame.base + qs, frame.base + qe, s, gap):
        return None  # '"... a great year." Ann Vole said: "...': the next quote's lead
    if _PERIOD_END_RE.search(frame.text, frame.base + qs, frame.base + qe) and s[gap:gap + 1].isupper():
        # '"... done." Ann Vole said later that ...' starts a new sentence; '"... done." Ann Vole said.' tags it
        return _closing_tag(s, gap, frame.sentence(gap)[1])
    reach = 220 if _NAME_THEN_COMMA_RE.match(s, gap) else 90  # '," Ann Vole, <long appositive>, said'
    cues = [c for c in find_cues(s, gap, hi) if c.start() - gap < reach]
    if _OPEN_ENDING_RE.search(frame.text, frame.base + qs, frame.base + qe):
        soft = _soft_cue_after(s, gap, hi)
        if soft and (not cues or soft[1].start() < cues[0].start()):
            return soft
        if not cues:
            cues = [c for c in _LOOSE_VERB_RE.finditer(s, gap, min(hi, gap + 60))][:1]
    if not cues:  # '"..." still stood in the way of ..., the WHO said.': the sentence's closing attribution
        return _clause_final_cue(s, qe, hi, closing_only=True)
    return _speaker_at_cue(s, qe, gap, cues[0], hi)


def _speaker_at_cue(s: str, qe: int, gap: int, cue: re.Match[str], hi: int) -> tuple[Phrase, re.Match[str]] | None:
    """Return the speaker phrase and cue the gap after a quote ending at qe names
    with `cue`, the first cue after the gap's start `gap` (within the sentence
    ending at hi): after it, quoted as, inverted, before it, else the sentence's
    closing attribution; None when none is found."""
    phrase: Phrase | Literal["coord"] | None
    if cue.start() == gap or cue.group().lower() == "according to":  # '" like humans, according to X'
        return _phrase_after_cue(s, cue, hi)
    if quoted := quoted_as(s, gap, cue.start()):
        return quoted, cue  # '," the paper quoted Ann Vole as saying': hers
    phrase = phrase_before(s, gap, cue.start())
    if isinstance(phrase, Phrase) and _PREPOSITION_RE.match(s, gap):
        phrase = None  # '"..." about the decision, said X': not a speaker
    if not (isinstance(phrase, Phrase) and phrase.kind != "np" and phrase.start == gap) \
            and (inverted := inverted_close(s, gap, cue, hi)):
        return name_past_role(s, inverted, hi) or inverted, cue  # '" once he saw it, said Mr Vole.'
    if isinstance(phrase, Phrase) and gap in (phrase.start, phrase.lead):
        return phrase, cue  # '," Ann Vole said' / '," Acme's chief, Ann Vole, said'
    if isinstance(phrase, Phrase) and _NP_LEAD_RE.fullmatch(s, gap, phrase.start):
        return replace(phrase, lead=gap), cue  # '," CIA spokesman Ann Vole said'
    if unclosed := name_before_unclosed(s, gap, cue.start()):
        return unclosed, cue  # '," Ann Vole, from Acme Capital told': the appositive left open
    return _clause_final_cue(s, qe, hi)


def _phrase_after_cue(s: str, cue: re.Match[str], hi: int) -> tuple[Phrase, re.Match[str]] | None:
    """Return the speaker phrase after a cue that opens the gap after a quote
    ('," said Mr X', ', according to X') with the cue; None for a listener's
    cue or a participle's clause."""
    if cue.group().lower() in _LISTENER_CUES:
        return None  # '," told the BBC': who heard it, not who said it
    phrase = phrase_after(s, cue.end(), hi)
    if phrase and phrase.kind == "np" and cue.group().lower() in PARTICIPLE_CUES:
        return None  # '," adding that ...': the clause's subject speaks, not what follows
    return (name_past_role(s, phrase, hi) or phrase, cue) if phrase else None


# after a closing cue's first capitalised words, a role's lowercase words (and "of ..." and a comma)
# before a name: "said Acme director of planning, Ann Vole", "said Vole and Reed executive producer Ann Vole"
_ROLE_CHAIN_RE = re.compile(r"(?:[ \u00a0]+(?:[A-Z][\w&'\u2019.-]*|and|&))*((?:[ \u00a0]+[a-z][a-z-]*){1,4})"
                            r"(?:[ \u00a0]+of(?:[ \u00a0]+[a-z][a-z-]*){1,3})?,?[ \u00a0]+(?=[A-Z])")


def name_past_role(s: str, phrase: Phrase, hi: int) -> Phrase | None:
    """Return the name a closing cue's speaker phrase reaches past the body
    and role words before it, the name closing its clause ('," said Acme
    physio Ann Vole.': Ann Vole, not Acme), with the whole phrase as its
    lead; else None."""
    m = _ROLE_CHAIN_RE.match(s, phrase.end, hi)
    if m is None or not _ROLE_WORDS.intersection(m.group(1).split()):
        return None
    name = phrase_after(s, m.end(), hi)
    if name is None or name.kind != "name" or name.start != m.end() or len(name.text.split()) < 2 \
            or not _SOFT_CLOSE_RE.match(s, name.end):
        return None
    return replace(name, lead=_opening(phrase))


def _is_object(s: str, lo: int, start: int) -> bool:
    """True when the phrase at `start` is a verb's or preposition's object
    ("left Acme saying", "a statement through Acme describing"): a lowercase
    word stands right before it, and no role word or subject maker within
    the few lowercase words before ("with finance minister Ann Vole saying",
    "a spokesman for hedge fund Acme complaining": the name is the speaker)."""
    before = s[lo:start].split()[::-1]
    if not before or not before[0][:1].islower() or before[0] in _SUBJECT_MAKERS:
        return False
    for word in before[:_OBJECT_REACH]:
        if not word[:1].islower():
            break
        if word in _SUBJECT_MAKERS or word in _PERSON_HEADS or word in _BODY_KINDS:
            return False
    return True


def _opening(phrase: Phrase) -> int:
    """Return where a phrase opens: its lead ("Acme chief Ann Vole") or itself."""
    return phrase.lead if phrase.lead >= 0 else phrase.start


def speaks(phrase: Phrase) -> bool:
    """True for a name or pronoun, or a description ending in a person's word as written ("A party spokesman")."""
    return phrase.kind != "np" or phrase.text.split()[-1] in _PERSON_HEADS


def _names_a_person(np: str) -> bool:
    """True when a noun phrase's last word is a person's, any case or plural ("the Tory sources")."""
    last = np.split()[-1].lower() if np.split() else ""
    return last in _PERSON_HEADS or last.rstrip("s") in _PERSON_HEADS


_TAG_REACH = 120  # a name, a short appositive and a cue


def _closing_tag(s: str, gap: int, hi: int) -> tuple[Phrase, re.Match[str]] | None:
    """Find '"... done." Ann Vole, Acme director said.': a sentence after a
    quote closed by a period that is only its speaker and a cue, so tags
    the quote; else None ('"... done." Ann Vole said later that ...')."""
    if hi - gap > _TAG_REACH:
        return None  # a sentence that goes on says more than who spoke (and costs a scan)
    cues = find_cues(s, gap, hi)
    if len(cues) != 1 or s[cues[0].end():hi].strip(" .\n") or is_weak(cues[0]):
        return None
    phrase = phrase_before(s, gap, cues[0].start())
    if not isinstance(phrase, Phrase) or phrase.kind == "np" or phrase.start != gap:
        return None
    return phrase, cues[0]


def _soft_cue_after(s: str, gap: int, hi: int) -> tuple[Phrase, re.Match[str]] | None:
    """Find a soft cue right after a quote's closing comma with a name beside
    it, before ('," Ann Vole shares.') or after it ('," shares Ann Vole'):
    the name and the soft cue, else None."""
    cue = SOFT_CUE_RE.search(s, gap, min(hi, gap + 50))
    if cue is None:
        return None
    if cue.start() == gap:
        phrase = phrase_after(s, cue.end(), hi)
        return (phrase, cue) if phrase and phrase.kind == "name" else None
    before = phrase_before(s, gap, cue.start())
    if not isinstance(before, Phrase) or before.kind == "np" or before.start != gap \
            or not _SOFT_CLOSE_RE.match(s, cue.end()):
        return None  # '," Acme shares fell': a noun, not a cue
    return before, cue


# a closing mark left between a clause's comma and its closing cue ('... them," said Ann Vole.'): no words
_STRAY_MARKS = " \"\u201d"


def _clause_final_cue(s: str, qe: int, hi: int, closing_only: bool = False) -> tuple[Phrase, re.Match[str]] | None:
    """Find '... "excesses" are sickening, Ann Vole said.': a speaker and cue
    closing the sentence after a comma, past the rest of the quoted clause.
    A cue that ends the sentence ('..., the WHO said.', '..., he suggested.')
    attributes all of it: its speaker may be a body or document ('the
    report') and a weak cue speaks there too; with `closing_only` no other
    cue is taken."""
    phrase: Phrase | Literal["coord"] | None
    for k, cue in enumerate(reversed(find_cues(s, qe, hi))):
        # the sentence's last cue right after a comma tags it too: '..., said Ann Vole, a pollster.'
        closes = bool(_CLOSES_SENTENCE_RE.fullmatch(s, cue.end(), hi)) or not k and not is_weak(cue) \
            and not s[s.rfind(",", qe, cue.start()) + 1:cue.start()].strip(_STRAY_MARKS)
        if (closing_only or is_weak(cue)) and not closes:
            continue
        comma = s.rfind(",", qe, cue.start())
        if comma < 0:
            continue
        if not s[comma + 1:cue.start()].strip(_STRAY_MARKS):  # '..." about it, said Ann Vole', '... them," said X'
            if cue.group().lower() in PARTICIPLE_CUES | _LISTENER_CUES:
                continue  # '..., telling delegates Labour ...': who heard it, the clause's subject spoke
            phrase = phrase_after(s, cue.end(), hi)
            if phrase and phrase.kind != "np":
                return name_past_role(s, phrase, hi) or phrase, cue
            continue
        phrase = phrase_before(s, comma + 1, cue.start())
        if not isinstance(phrase, Phrase) or is_weak(cue) and phrase.kind == "np":
            continue
        lead = s[comma + 1:phrase.start].strip()
        if not lead and (phrase.kind != "np" or _names_a_person(phrase.text)):
            return phrase, cue  # '..., Ann Vole said.'
        if closes and _closing_speaker(phrase, s[phrase.start:phrase.end]) \
                and (not lead or _NP_LEAD_RE.fullmatch(lead + " ") is not None):
            return phrase, cue  # '..., the WHO said.', '..., bank officials said.'
    return None


def _closing_speaker(phrase: Phrase, written: str) -> bool:
    """True when a phrase closing its sentence before its cue can be who
    spoke: a name or pronoun, a description with a speaker noun's head ('bank
    officials', 'the report') or a body's capitalised name ('the WHO')."""
    return phrase.kind != "np" or is_speaker_noun(written) or written.split()[-1][:1].isupper()


# what may follow a cue that closes its sentence: a short time phrase ('said on Monday.')
_CLOSES_SENTENCE_RE = re.compile(r"(?:\s+(?:on|in|last|this|earlier|later)(?:\s+\w+){1,2}|\s+\w+day)?\s*[.!?]?\s*")


def cue_before(frame: Frame, qs: int, lo: int = -1) -> tuple[Phrase, re.Match[str]] | None:
    """Find 'X said: "..."' or 'X branded the Met "..."' in the quote's sentence
    (or from lo, when given)."""
    s = frame.s
    lo = frame.sentence(qs)[0] if lo < 0 else lo
    cues = _cues_before(frame, lo, qs)
    phrase: Phrase | Literal["coord"] | None
    led: set[int] = set()  # cues a participle's lead or "to" opens: no subject stands before them
    for k in range(len(cues) - 1, -1, -1):
        cue = cues[k]
        word = cue.group().lower()
        if word == "according to":
            phrase = phrase_after(s, cue.end(), qs)
        elif word.split()[0] in PARTICIPLE_CUES | {"going"} and _PARTICIPLE_LEAD_RE.search(s, lo, cue.start()) or \
                _INFINITIVE_RE.search(s, max(lo, cue.start() - 4), cue.start()):
            led.add(k)
            continue  # ", saying: ...", "after telling ...", "went on to say" - the subject is further left
        elif (agent := passive_agent(s, cue, lo, frame.sentence(cue.start())[1])) is not None:
            return agent, cue  # "Ann Vole has been praised by police for "...": the police said it
        else:
            phrase = _phrase_before_cue(s, lo, qs, cue, word)
            if phrase == "coord":
                continue
        if isinstance(phrase, Phrase) and phrase.kind == "pronoun" and _reported_by(s, cues, k, phrase):
            continue  # "critics say he proposed to "dismantle" it": the critics' words
        if isinstance(phrase, Phrase):
            phrase = _subject_for_object(s, lo, phrase, word)
            return outer_report(s, cues, k, lo, qs, phrase) or (phrase, cue)  # "X said the police had said "...""
    if cues and not (len(cues) - 1 in led and len(s[lo:cues[-1].start()].split()) == 1):
        # not "By declaring their assets, ...": a gerund after the preposition opening the sentence has no subject
        phrase = phrase_at_sentence_start(s, lo, cues[-1].start())
        if phrase:
            return phrase, cues[-1]
    return None


def _cues_before(frame: Frame, lo: int, qs: int) -> list[re.Match[str]]:
    """Return the cues between lo and the quote at qs, cut after the last strong one when a weak cue
    ends them and is no passive with its agent after the quote."""
    s = frame.s
    cues = find_cues(s, lo, qs)
    strong = [c for c in cues if not is_weak(c)]
    if strong and is_weak(cues[-1]) and not (AGENT_AFTER_QUOTE_RE.match(s, cues[-1].end())
                                             and passive_agent(s, cues[-1], lo, frame.sentence(qs)[1])):
        cues = cues[:cues.index(strong[-1]) + 1]  # "X said the Met's actions suggested 'Y'": X; not
        # "X announced cuts, in a move branded "a retreat" by Y": Y
    return cues


def _phrase_before_cue(s: str, lo: int, qs: int, cue: re.Match[str], word: str) -> Phrase | Literal["coord"] | None:
    """Return the speaker phrase before a cue ("X said"), or the one after it when the cue is set off by
    commas or nothing names a speaker before it; "coord" for a coordinated cue ("... and said")."""
    phrase = phrase_before(s, lo, cue.start())
    if phrase == "coord":
        return phrase
    listener = word in _LISTENER_CUES  # "X, who ..., told the BBC": the BBC heard it
    if not listener and s[lo:cue.start()].rstrip().endswith(","):
        inverted = phrase_after(s, cue.end(), qs)  # "... into clothing, says Mr Vole."
        # "The comments, said Ann Vole of Acme, were "...": a cue set off by commas, its speaker after it
        aside = inverted is not None and inverted.kind == "name" and bool(_ASIDE_END_RE.match(s, inverted.end))
        if aside or phrase is None or phrase.kind == "np" and not is_speaker_noun(phrase.text):
            phrase = inverted if inverted and inverted.kind != "np" else phrase
    if phrase is None and not listener:
        phrase = phrase_after(s, cue.end(), qs)
        if phrase and phrase.kind == "pronoun" and _CLAUSE_GOES_ON_RE.match(s, phrase.end):
            phrase = None  # "said he would": "he" opens the reported clause
    return phrase


def _subject_for_object(s: str, lo: int, phrase: Phrase, word: str) -> Phrase:
    """Return the sentence's opening subject in place of a phrase that is the object or a non-speaker
    description before the cue ("X wrote to the council accusing it", "X left Acme saying"), else phrase."""
    if phrase.kind == "np" and (
            not is_speaker_noun(phrase.text) or _ISSUED_RE.match(phrase.text) or word in PARTICIPLE_CUES) \
            or word in PARTICIPLE_CUES and _is_object(s, lo, _opening(phrase)):
        subject = phrase_at_sentence_start(s, lo, phrase.start)  # "X, who in the past described"
        if subject and (subject.kind != "np" or is_speaker_noun(subject.text)):
            return subject
    return phrase


# the comma closing an aside's speaker, past where they work ("said Ann Vole of Acme in Leeds,")
_ASIDE_END_RE = re.compile(r"(?:\s+(?:of|at|from|in)\s+[^,;:]{1,40})?,")


def _reported_by(s: str, cues: list[re.Match[str]], k: int, phrase: Phrase) -> bool:
    """True when the pronoun before cue k opens a clause a strong cue right
    before it reports ("X said (that) he told ..."): the outer cue's subject
    is who the sentence quotes."""
    if k == 0 or is_weak(cues[k - 1]):
        return False
    return _REPORTED_OPEN_RE.fullmatch(s, cues[k - 1].end(), phrase.start) is not None


def find_cue(frame: Frame, text: str, sp: QuoteSpan, qs: int, qe: int,
              opens_sentence: bool) -> tuple[tuple[Phrase, re.Match[str]] | None, bool]:
    """Return (phrase and cue, whether the cue precedes the quote).  A quote
    opening its sentence looks right first; so does a comma-closed one
    followed by 'X said' ('Y called it "a failure," X said')."""
    after = _cue_after(frame, qs, qe)
    closes = after is not None and (after[0].kind != "np" or is_speaker_noun(after[0].text)) \
        and _is_main_verb(after[1])
    if after and (opens_sentence or closes and _OPEN_ENDING_RE.search(text, sp.start, sp.end)):
        return after, False
    before = cue_before(frame, qs)
    if closes and frame.s.startswith(",", qe) and (before is None or before[0].kind == "np"):
        return after, False  # 'according to a study "...", said Ann Vole': the named speaker, not the study
    owner = claim_owner(frame, qs)
    if owner and (before is None or before[1].end() <= owner[0].start):
        return owner, True
    return (before, True) if before else (after, False)


def _is_main_verb(cue: re.Match[str]) -> bool:
    """True for the plain reporting verbs ('said', 'claimed'), not 'adding' or 'called'."""
    word = cue.group().lower()
    return word in _MAIN_CUES


def subject_before(frame: Frame, pos: int) -> tuple[Phrase, re.Match[str] | None] | None:
    """Find who speaks in the sentence ending at pos, for a quote after it
    ('X delivered a retort: "..."', 'X agreed. "..."'): its cue's speaker,
    else its opening name or pronoun."""
    if pos <= 0:
        return None
    lo, _ = frame.sentence(pos - 1)
    found = cue_before(frame, pos, lo)
    if found:
        return found
    phrase = phrase_at_sentence_start(frame.s, lo, pos)
    return (phrase, None) if phrase and phrase.kind != "np" else None
