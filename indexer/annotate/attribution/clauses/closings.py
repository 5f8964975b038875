"""Attributions placed around a reported clause: "according to X" and "..., X said.".

Owns, in one sentence of a frame (quotes masked, local offsets), the
clause an attribution opens or closes rather than introduces: "According
to X, CLAUSE" (or with no comma: "According to Ofcom there were ..."),
"CLAUSE, according to X", and "CLAUSE, X said." /
"CLAUSE, said X." (a listener after "told" is who heard it: "CLAUSE, X told
a panel as she ..."); never a finding as the source ("according to the
study") nor an opening adverbial as the clause ("On the label, it says").
"""
from __future__ import annotations

import re

from onrecord.indexer.annotate.attribution.clauses.channels import CHANNEL_RE
from onrecord.indexer.annotate.attribution.clauses.spans import Clause, make_clause
from onrecord.indexer.annotate.attribution.clauses.speakers.sources import (
    NOT_SPEAKERS,
    finding_follows,
    is_finding,
    is_source,
    is_told_story,
)
from onrecord.indexer.annotate.attribution.clauses.speakers.speakers import (
    described_after,
    group_before,
    subject_before,
)
from onrecord.indexer.annotate.attribution.clauses.verbs import AUXILIARY_ALT, CLAUSE_CUE_RE, VERB_START_RE, is_verb
from onrecord.indexer.annotate.attribution.phrases.cues.cues import Phrase, is_speaker_noun
from onrecord.indexer.annotate.attribution.phrases.cues.inversions import phrase_after
from onrecord.indexer.annotate.attribution.phrases.subjects import is_described_name
from onrecord.indexer.annotate.attribution.spans.frames import MASK
from onrecord.indexer.lexicon import words

CLOSING_CUES = words("closing_cues")
LISTENER_CUES = words("listener_cues")
_PLURALS = words("plural_source_nouns")  # "according to people in attendance": plural without an -s
MAX_TAIL = 40  # characters after a closing ", X said" before the sentence ends
MAX_LISTENER_TAIL = 100  # after a closing ", X told": "his advisers as he labored over his last speech"
# a modal or an auxiliary: what makes the words before ", X said" a clause ("Around 70 people would come")
_AUXILIARY_RE = re.compile(rf"\b(?:{AUXILIARY_ALT})\b", re.I)
# an appositive closing "according to X": ", who was ...", ", a lawyer ..."
_APPOSITIVE_TAIL_RE = re.compile(r",\s+(?:who|a|an|one|another)\s+[^,;:]*[.!?]?\s*$")
# what opens a clause (a subject), not an appositive, after "according to X,"
# (a bare plural and its auxiliary: "security forces have killed")
_SUBJECT_START_RE = re.compile(r"\s*(?:[A-Z]|(?:the|this|these|those|it|he|she|they|there|its|his|her|their|we|some|"
                               r"many|most|more|nearly|about|almost|only|state)\b|"
                               r"(?!(?:that|which|who|whom|whose|and|but|or|if|whether)\s)"
                               r"(?:[a-z]+\s+){1,3}(?:have|has|had|are|were|will|would|could|can|may|might|must)\s)")
# a second clause joined after the aside: "CLAUSE, according to X, and there were ...": X's is the first
_JOINED_AFTER_RE = re.compile(r"\s*(?:and|but|while|whereas|though|although)\s")
# a name between commas right after "according to" a description, a clause's subject after it (not
# the clause's own subject and its appositive: "According to a summary, Ann Vole, a top aide, sent")
_NAME_APPOSITIVE_RE = re.compile(r",\s+((?:[A-Z][\w&.'\u2019-]*\s+){0,3}[A-Z][\w&.'\u2019-]*),(?=\s)"
                                 r"(?!\s+(?:a|an|the|who|whose|which)\s)")
_DETERMINERS = words("determiners")  # "according to the analysts": no bare source
# the clause's subject right after "According to X" with no comma: "According to Ofcom there were ...";
# never after a word joining it to the source ("according to the head of the bank", "analysts at the bank")
_UNPUNCTUATED_SUBJECTS = words("unpunctuated_clause_subjects")
_SOURCE_LINKS = words("unpunctuated_source_links")
_SOURCE_WORD_RE = re.compile(r"[^\s,;:!?#\"\u201c\u201d()]+")
_FIGURE_RE = re.compile(r"[$\u00a3\u20ac]?\d")  # "According to Acme Research 44% of users ...", "\u00a312m"
_MAX_SOURCE_WORDS = 12  # words from the source's start the clause's subject may stand after
# a source of up to three lowercase words with a person or body noun for its head: "officials", "multiple sources"
_BARE_SOURCE_RE = re.compile(r"\s*([a-z]+(?:\s+[a-z]+){0,2})")
_ENDS_RE = re.compile(r"[\s.!?'\u2019\"\u201d)]*")  # nothing after the cue but the sentence's end
_PREPOSITION_RE = re.compile(r"\b(?:of|at|for|from|in|with|on|to|by)\s")
# auxiliaries and adverbs between a closing speaker and its cue: "has said", "recently revealed", "has since said"
_SKIPPED_ALT = "|".join(sorted(re.escape(w) for w in words("skip_before_cue", "subject_adverbials")))
_VERB_LEAD_RE = re.compile(rf"(?:\s+(?:{_SKIPPED_ALT})){{1,3}}\s+$")
# an object after a closing cue: "..., Ann Vole announced her resignation" closes no clause
_OBJECT_TAIL_RE = re.compile(r"\s+(?:his|her|their|its|my|our|a|an)\s", re.I)
# an opening adverbial, not a clause, before ", X said": "On the label, it says", "In her only response, X said"
_PREPOSITION_ONLY_RE = re.compile(
    r"\s*(?:in|on|at|around|for|after|before|during|with|from|by|under|since|if|when|to|as\s+for)\s+[^,;:]*", re.I)
# the speaker's appositive after "..., said Ann Vole": ", a senior analyst at Acme, who noted ..."
# (an office of a body: ", Acme's harbour director", ", executive director of ...")
_APPOSITIVE_OPEN_RE = re.compile(r",\s+(?:who|a|an|the|one|another|[a-z]+(?:\s+[a-z]+){0,2}\s+(?:of|at|for|with)|"
                                 r"[A-Z][\w.&-]*(?:\s+[A-Z][\w.&-]*){0,3}['\u2019]s)\s")
_THAT_WORD_RE = re.compile(r"\bthat\b")
# where a sentence's part ends after a closing attribution: a semicolon, a colon before no quote
_PART_END_RE = re.compile(rf"[;:](?!\s*{re.escape(MASK)})")
# the attribution inside a sentence, inverted: "Also, said Ann Vole, REST" / "Currently, says Dr Vole, REST"
_INVERTED_GAP_RE = re.compile(r",\s*$")
_REST_OPEN_RE = re.compile(r",\s+(?:(?:though|although|but|and|while)\s+)?")
# what no reported clause opens with after the speaker's comma: a relative, a participle, a time clause
_NOT_REST_RE = re.compile(r"(?:who|whom|whose|which|where|when|while|whereas|before|after|citing|[a-z]{2,}ing)\b")
_FINITE_WORD_RE = re.compile(r"\b(?:[a-z]{3,}ed|because|would|will|was|were|is|are|has|have|had|could|should|"
                             r"can|may|might|must|did|does|do)\b")
_APPOSITIVE_BREAK_RE = re.compile(r",|\b(?:who|whom|whose|which)\b")
_RELATIVE_WORD_RE = re.compile(r"\b(?:who|whom|whose|which|where)\b")
_TIME_WORDS = words("weekdays", "months")
# a determiner right before a cue word: the word is a noun ("any mention of", "no comment")
_DETERMINER_BEFORE_RE = re.compile(rf"\b(?:{'|'.join(sorted(words('determiners')))})\s+$", re.I)
_APPOSITIVE_REACH = 8  # words after an appositive-like opening ("the port has cut") a verb must come within
# what may open a sentence before "according to X," that opens it: nothing, a conjunction, a parenthesis
_OPENS_RE = re.compile(r"\s*\(?\s*(?:(?:but|and|yet|so|still|now|instead|indeed)\s*,?\s*)?", re.I)
# "as (first) reported by X": the cue's lead and its source's "by"
_AS_LEAD_RE = re.compile(r"\b[Aa]s\s+(?:(?:first|previously|originally|earlier|also)\s+)?$")
_BY_RE = re.compile(r"\s+by\s")
# a place or a time after a closing ", X said" (no comma, no clause of its own: checked by the caller)
_ADVERBIAL_TAIL_RE = re.compile(r"\s+(?:during|in|at|on|after|before|from|while|at)\s[^,;:]*$")
# a subject pronoun opening a clause, not one of a time clause ("told Ann he would", not "as he laboured")
CLAUSE_SUBJECT_RE = re.compile(r"(?<!\bas)(?<!\bwhile)(?<!\bwhen)(?<!\bafter)(?<!\bbefore)\s+"
                                r"(?:he|she|they|we|i|it|there)\s+[a-z]", re.I)


def as_reported_clause(s: str, lo: int, hi: int, cue: re.Match[str]) -> Clause | None:
    """'As reported by X, CLAUSE.' or 'CLAUSE, as first reported by X.'; None
    when the cue is not so placed."""
    by = _BY_RE.match(s, cue.end(), hi)  # first: most cues have no "by" after them
    lead = None if by is None else _AS_LEAD_RE.search(s, max(lo, cue.start() - 24), cue.start())
    if lead is None or by is None:
        return None
    return according_clause(s, lo, hi, cue, lead.start(), by.end())


def according_clause(s: str, lo: int, hi: int, cue: re.Match[str], start: int = -1, source: int = -1) -> Clause | None:
    """'According to X, CLAUSE.' or 'CLAUSE, according to X.'; the
    attribution opens at `start` and its source at `source` (the cue's own
    start and end when not given: "as reported by" gives both)."""
    start, source = (cue.start() if start < 0 else start), (cue.end() if source < 0 else source)
    phrase = phrase_after(s, source, hi) or _bare_source(s, source, hi)
    if phrase is None or is_finding(phrase) or phrase.text.lower() in NOT_SPEAKERS \
            or finding_follows(s, phrase.end, hi):
        return None
    if _OPENS_RE.fullmatch(s, lo, start):  # "According to X, ..." / "But according to X, ..." / "(According to"
        return _clause_after_source(s, hi, phrase, cue)
    before = s[lo:start].rstrip()
    if not before.endswith(","):
        return None
    return _clause_beside_aside(s, lo, hi, before, phrase, cue)


def _clause_after_source(s: str, hi: int, phrase: Phrase, cue: re.Match[str]) -> Clause | None:
    """Return the clause after the comma closing an opening "According to X," (X's name in an appositive
    taking the place of a bare description), or right after X where no comma stands between
    (`_unpunctuated_opener`); None when neither."""
    comma = s.find(",", phrase.end, hi)
    opener = _unpunctuated_opener(s, phrase, hi if comma < 0 else comma)
    if opener >= 0:  # "According to Ofcom there were ...": the clause from "there", not after a later comma
        end = min(phrase.end, len(s[:opener].rstrip()))  # "the official news agency most of": the source's words
        source = phrase if end == phrase.end else Phrase(s[phrase.start:end], phrase.start, end, phrase.kind)
        return make_clause(s, opener, hi, source, cue)
    bare = phrase.kind == "np" and phrase.text.split()[0].lower() not in _DETERMINERS  # "technology analysts"
    named = _NAME_APPOSITIVE_RE.match(s, comma, hi) if comma >= 0 and bare else None
    if named is not None:  # "According to analysts, Acme Research, there will be ...": the analysts' name
        phrase, comma = Phrase(named.group(1), named.start(1), named.end(1), "name"), named.end() - 1
    return None if comma < 0 else make_clause(s, comma + 1, hi, phrase, cue)


def _unpunctuated_opener(s: str, phrase: Phrase, end: int) -> int:
    """Return where the clause after an opening "According to X" with no comma starts: the first word
    of the lexicon's `unpunctuated_clause_subjects` (or a figure) after X's first word, not after a
    preposition or a determiner, with a finite verb or a cue after it before `end` (the next comma);
    -1 when none does ("According to Ann Vole of Acme, ...": the comma's clause)."""
    found = list(_SOURCE_WORD_RE.finditer(s, phrase.start, end))
    for i in range(1, min(len(found), _MAX_SOURCE_WORDS)):
        word, before = found[i].group().lower(), found[i - 1].group().lower()
        if before in _SOURCE_LINKS or before in _UNPUNCTUATED_SUBJECTS:
            continue
        # a figure opens the clause, not one before a capitalised word ("our Q2 2025 Pulse Survey": a name)
        figure = _FIGURE_RE.match(word) is not None and not (i + 1 < len(found) and found[i + 1].group()[:1].isupper())
        after = found[i].end()
        if figure or word in _UNPUNCTUATED_SUBJECTS and (
                _FINITE_WORD_RE.search(s, after, end) or CLAUSE_CUE_RE.search(s, after, end)):
            return found[i].start()
    return -1


def _clause_beside_aside(s: str, lo: int, hi: int, before: str, phrase: Phrase, cue: re.Match[str]) -> Clause | None:
    """Return the clause an "according to X" aside closing or splitting its sentence reports: the words
    `before` it or the predicate after it; None when only X's office or another report follows."""
    tail = s[phrase.end:hi]
    comma = s.find(",", phrase.end, min(hi, phrase.end + 60))
    if comma >= 0 and _APPOSITIVE_OPEN_RE.match(s, comma, hi) and not VERB_START_RE.match(s, comma + 1, hi):
        # "At the heart of it, according to Ann Vole, a former envoy, was ...": past her appositive
        second = s.find(",", comma + 1, min(hi, comma + 60))
        comma = second if second >= 0 and VERB_START_RE.match(s, second + 1, hi) else comma
    # "The plan, according to X (of Y), is to ...": the subject before the aside, its predicate after
    verb_after = comma >= 0 and VERB_START_RE.match(s, comma + 1, hi) is not None
    if not verb_after and len(tail.strip(" .")) <= MAX_TAIL or _APPOSITIVE_TAIL_RE.match(s, phrase.end, hi) \
            or not any(ch in tail for ch in ",;:") and not CLAUSE_CUE_RE.search(tail):
        # "..., according to Ann Vole, a lawyer." / "..., according to officials involved in the talks."
        return make_clause(s, lo, lo + len(before) - 1, phrase, cue)
    speaker = phrase.kind != "np" or is_speaker_noun(phrase.text)
    if comma >= 0 and _JOINED_AFTER_RE.match(s, comma + 1, hi) and speaker:  # "..., according to X, and ..."
        return make_clause(s, lo, lo + len(before) - 1, phrase, cue)
    if comma >= 0 and speaker and _no_clause_after(s, comma + 1, hi):
        # "..., according to Ann Vole, director of the Acme Survey Center." / "..., according to X, taking a step"
        return make_clause(s, lo, lo + len(before) - 1, phrase, cue)
    if comma < 0 or _reports_again(s, lo, comma, hi) or not (_SUBJECT_START_RE.match(s, comma + 1, hi) or verb_after):
        return None  # "according to Ann Vole, senior manager at Acme": her office, no clause
    # "Since May, according to Ann Vole, the port has lost money": the longer side of the aside;
    # the predicate after it when a verb opens it (the words before are its subject)
    if verb_after or len(s[comma + 1:hi].split()) >= len(before.split()):
        return make_clause(s, comma + 1, hi, phrase, cue)
    return make_clause(s, lo, lo + len(before) - 1, phrase, cue)


def _no_clause_after(s: str, pos: int, hi: int) -> bool:
    """True when s[pos:hi], after an "according to X," aside, holds no
    finite verb before a relative pronoun (the source's appositive, "director
    of Acme, which ran the poll", or a participle, "taking a step toward"):
    no clause of its own, so the clause is the one before the aside."""
    relative = _RELATIVE_WORD_RE.search(s, pos, hi)
    end = relative.start() if relative else hi
    return _FINITE_WORD_RE.search(s, pos, end) is None and CLAUSE_CUE_RE.search(s, pos, hi) is None


def _reports_again(s: str, lo: int, pos: int, hi: int) -> bool:
    """True when a clause cue used as a verb stands in s[pos:hi] (a second
    report); a cue word after a determiner is a noun ("was any mention of")."""
    return any(is_verb(s, lo, cue) and _DETERMINER_BEFORE_RE.search(s, max(lo, cue.start() - 8), cue.start()) is None
               for cue in CLAUSE_CUE_RE.finditer(s, pos, hi))


def _bare_source(s: str, pos: int, hi: int) -> Phrase | None:
    """Return a plural speaker noun phrase without a determiner at `pos`
    ("according to officials familiar with ...", "to multiple sources", "to people in attendance"): its
    longest head of up to three words; None when none is a speaker noun."""
    found = _BARE_SOURCE_RE.match(s, pos, hi)
    if found is None:
        return None
    words = found.group(1).split()
    for n in range(len(words), 0, -1):
        text = " ".join(words[:n])
        if (text.endswith("s") or words[n - 1] in _PLURALS) and is_speaker_noun(text) and text not in NOT_SPEAKERS:
            start = found.start(1)
            return Phrase(text, start, start + len(text), "np")
    return None


def closing_clause(s: str, lo: int, hi: int, cue: re.Match[str]) -> Clause | None:
    """'CLAUSE, X said.' / 'CLAUSE, said X.': the speaker and cue close the sentence
    (or its part before a semicolon or a colon: "CLAUSE, he said; REST")."""
    if cue.group().lower() not in CLOSING_CUES:
        return None
    part = _PART_END_RE.search(s, cue.end(), hi)
    hi = part.start() if part else hi
    comma = s.rfind(",", lo, cue.start())
    if comma < 0:
        return None
    between = s[comma + 1:cue.start()]
    if between.strip():
        phrase = _closing_speaker(s, comma + 1, cue, hi)
        if phrase is None:
            return None
        tail = cue.end()
    else:
        phrase = phrase_after(s, cue.end(), hi) or _bare_source(s, cue.end(), hi)  # "..., say industry analysts."
        if phrase is None or is_finding(phrase):  # "..., says a report": a finding
            return None
        phrase = _name_ending(s, phrase, hi)  # "..., said Acme's chief operating officer Ann Vole.": her name
        tail = phrase.end
        described = described_after(s, lo, cue, hi)
        if described is not None:  # "..., said the firm's chief, Ann Vole." / "..., said an official who ..."
            named = phrase_after(s, described.start("name"), hi) if described.group("name") else None
            return make_clause(s, lo, comma, named or phrase, cue)
        if closes_with_appositive(s, tail, hi):
            return make_clause(s, lo, comma, phrase, cue)  # "..., said Ann Vole, a senior analyst at Acme, who ..."
    listener = cue.group().lower() in LISTENER_CUES  # "..., she told a panel": who heard it, no object
    # "..., she said during her speech to the council on Monday.": where or when, as long as a listener
    long_tail = listener or _ADVERBIAL_TAIL_RE.match(s, tail, hi) is not None
    if len(s[tail:hi].strip(" .")) > (MAX_LISTENER_TAIL if long_tail else MAX_TAIL) \
            or CLAUSE_CUE_RE.search(s, tail, hi) and not CHANNEL_RE.match(s, tail, hi) \
            or not listener and _OBJECT_TAIL_RE.match(s, tail, hi) or MASK in s[tail:hi] \
            or listener and (_THAT_WORD_RE.search(s, tail, hi) or is_told_story(s, tail)
                             or CLAUSE_SUBJECT_RE.search(s, tail, hi)) \
            or _PREPOSITION_ONLY_RE.fullmatch(s, lo, comma) and not _AUXILIARY_RE.search(s, lo, comma):
        return None  # "Shortly after my sentence, Ann Vole announced her resignation": an object, no report
    return make_clause(s, lo, comma, phrase, cue)


# lowercase words, then a name of two to four words ending the sentence: "... operating officer Ann Vole."
_NAME_END_RE = re.compile(r"((?:\s+[a-z-]+)*)\s+((?:[A-Z][\w'\u2019.-]*\s+){1,3}[A-Z][\w'\u2019-]*)[\s.!?'\u2019\"]*")


def _name_ending(s: str, phrase: Phrase, hi: int) -> Phrase:
    """Return the name a description after a closing cue runs on to at the
    sentence's end ("Acme's chief" of "..., said Acme's chief operating
    officer Ann Vole.": Ann Vole), never a preposition's object ("the head
    of Acme Holdings": the head); else `phrase`."""
    found = _NAME_END_RE.fullmatch(s, phrase.end, hi) if phrase.kind == "np" else None
    if found is None or _PREPOSITION_RE.search(found.group(1) + " "):
        return phrase
    return Phrase(found.group(2), found.start(2), found.end(2), "name")


def _closing_speaker(s: str, lo: int, cue: re.Match[str], hi: int) -> Phrase | None:
    """Return the speaker phrase s[lo:cue] of a closing attribution, past a
    perfect auxiliary or an adverb before the cue when the cue ends the
    sentence ("..., the Trade Secretary has said.", "..., Ann Vole recently
    revealed."; "..., reformers have added variety" is no report); a name
    closing a short description ("longtime confidant Ann Vole"); None when no
    source stands there."""
    verb = _VERB_LEAD_RE.search(s, max(lo, cue.start() - 30), cue.start())
    ends = _ENDS_RE.fullmatch(s, cue.end(), hi) is not None or _ADVERBIAL_TAIL_RE.match(s, cue.end(), hi) is not None \
        or cue.group().lower() in LISTENER_CUES  # "..., the Institute has told Acme News."
    end = verb.start() if verb is not None and verb.start() > lo and ends else cue.start()
    phrase = subject_before(s, lo, end)
    if phrase is None or not s[lo:phrase.start].strip() or is_described_name(s, lo, phrase, cue.group()):
        return phrase if phrase is not None and is_source(s, lo, phrase, cue) else None
    group = group_before(s, lo, end)  # "lobby group the CBI says"
    # the name closing its own description is the speaker ("Work and Pensions Secretary Ann Vole has
    # warned"), not one inside a body's ("a committee of MPs": the committee)
    named = group is not None and phrase.kind == "name" and phrase.end == group.end \
        and not _PREPOSITION_RE.search(s, group.start, phrase.start)
    best = phrase if named else group
    return best if best is not None and is_source(s, lo, best, cue) else None


def follows_comma(s: str, lo: int, phrase: Phrase) -> bool:
    """True when a comma stands right before the speaker phrase, or before a
    short description ending in it (", union officers told ...")."""
    comma = s.rfind(",", lo, phrase.start)
    return comma >= 0 and (not s[comma + 1:phrase.start].strip() or group_before(s, comma + 1, phrase.end) is not None)


def inverted_aside_clause(s: str, lo: int, hi: int, cue: re.Match[str]) -> Clause | None:
    """'Also, said Ann Vole, the port has cut ten firms.': the clause after an
    inverted attribution inside the sentence (cue after a comma, speaker,
    comma), without a leading "though"/"but"; None when the words after it
    are the speaker's appositive ("..., said Ann Vole, director of Acme"),
    a relative or participle, or hold no finite verb."""
    if cue.group().lower() not in CLOSING_CUES or not _INVERTED_GAP_RE.search(s, max(lo, cue.start() - 4),
                                                                              cue.start()):
        return None
    phrase = phrase_after(s, cue.end(), hi)
    if phrase is None or phrase.kind == "np":
        return None
    opening = _REST_OPEN_RE.match(s, phrase.end, hi)
    if opening is None or _NOT_REST_RE.match(s, opening.end(), hi) or MASK in s[opening.end():hi]:
        return None
    rest = s[opening.end():hi]
    appositive = _APPOSITIVE_OPEN_RE.match(s, phrase.end, hi) is not None  # "the port has cut" or "the head of"
    verb = (_AUXILIARY_RE if appositive else _FINITE_WORD_RE).search(rest)
    # the verb of a clause, not of the speaker's appositive: "a professor at Acme, who is ..." holds "is"
    if verb is None or appositive and len(rest[:verb.start()].split()) >= _APPOSITIVE_REACH \
            or _APPOSITIVE_BREAK_RE.search(rest, 0, verb.start()) or CLAUSE_CUE_RE.search(rest) \
            or phrase.text.lower() in _TIME_WORDS:  # "announced Friday, would last": no speaker
        return None
    return make_clause(s, opening.end(), hi, phrase, cue)


def closes_with_appositive(s: str, pos: int, hi: int) -> bool:
    """True when the speaker named at `pos` is followed by an appositive to
    the sentence's end (a cue in its relative clause is no new report)."""
    if _APPOSITIVE_OPEN_RE.match(s, pos, hi) is None or MASK in s[pos:hi]:
        return False
    relative = re.search(r",\s+(?:who|which)\s", s[pos:hi])
    return CLAUSE_CUE_RE.search(s, pos, pos + relative.start() if relative else hi) is None
