"""Speaker phrases of reported clauses: who a cue's subject is.

Owns finding the phrase right before a speech cue (and a description
after a closing one: "..., said an official who ...") in one sentence of a
frame (quotes masked, local offsets): a name, pronoun or description, a
short coordinated group ("current and former officials"), the sentence's
subject when the cue is coordinated ("X met Y and said") or sits in that
subject's relative clause (closed by commas, or running on to the cue: "Ms
Vole, who presents The Show tells"), and a subject whose aside in dashes stands
between it and the cue ("Many voters - young and old - say"; a name after
an opening conjunction or closing its description, "But Acme - itself sued -
said", "Fund manager Ann Vole - ... - said", and an auxiliary after the
closing dash, "- had said").
"""
from __future__ import annotations

import re

from onrecord.indexer.annotate.attribution.clauses.speakers.sources import WORD_RE, appositive_subject
from onrecord.indexer.annotate.attribution.names.names import first_name_gender
from onrecord.indexer.annotate.attribution.names.placelinks import past_place
from onrecord.indexer.annotate.attribution.people.speakers import DocSpeakers
from onrecord.indexer.annotate.attribution.phrases.cues.cues import Phrase, is_speaker_noun, phrase_before
from onrecord.indexer.annotate.attribution.phrases.cues.inversions import phrase_after
from onrecord.indexer.annotate.attribution.phrases.overruns import cut_at_verb
from onrecord.indexer.annotate.attribution.phrases.subjects import phrase_at_sentence_start
from onrecord.indexer.annotate.attribution.spans.frames import MASK
from onrecord.indexer.lexicon import words

_CLOSING_CUES = words("closing_cues")
# a speaker described after a closing cue: "said the firm's chief, Ann Vole." / "said an official who ..."
_DESCRIBED_RE = re.compile(
    r"\s+(?:the|a|an|some|one|two|three|several|many|other|another|most)\s+[^,;:.!?#]{1,60}?"
    r"(?:,\s+(?P<name>[A-Z][\w.'\u2019-]*(?:\s+[A-Z][\w.'\u2019-]*){1,3})\s*(?:[.!?]?\s*$|,\s+who(?:se)?\s)"
    r"|,?\s+who(?:se)?\s)")
_NOT_GROUP = frozenset("that which who whom because when while if as so but is are was were be been has have had "
                       "will would can could should may might do does did not never it its this there".split())
MAX_GROUP_WORDS = 6  # a coordinated subject taken whole as the speaker phrase
# the subject's relative clause before the cue: "Ann Vole, whose son ..., also said"
_RELATIVE_RE = re.compile(r"\s*,\s*(?:who|whose|whom|which|where)\b", re.I)
# an aside in dashes closing right before the cue: "Democrats \u2014 and some Republicans \u2014 say"
_BARE_WHO_RE = re.compile(r"(?<=[a-z])\s+who\s")
# the first relative pronoun of a sentence, its comma with it: "Ms Vole, who", "Acme which", "Mr Vole, whose"
_UNCLOSED_RELATIVE_RE = re.compile(r",?\s+(who|whose|which)\s")
_PREPOSITION_END_RE = re.compile(r"\b(?:in|of|at|for|from|on|across|among|with)$")
_OBJECT_LEAD_RE = re.compile(r"\b(?:from|by|with|to|against|for|on|at|in)\s+$")  # a preposition's object follows
_COMPLEMENT_RE = re.compile(r"\s+(?:for|of|at|with|from|to)\s+")
# (an auxiliary or adverb may stand between the closing dash and the cue: "Mr Vole - keen to reassure - had said")
_DASH_SKIP_ALT = "|".join(sorted(re.escape(w) for w in words("skip_before_cue")))
_DASH_ASIDE_RE = re.compile(r"\s(?:\u2014|\u2013|--|-)\s*([^\u2014\u2013\"]{1,160}?)\s*(?:\u2014|\u2013|--|-)"
                            rf"(?:\s+(?:{_DASH_SKIP_ALT})){{0,3}}\s*$")
_ADVERBIALS = words("subject_adverbials")  # "Ann Vole has since said": "since" is no speaker
# a time or circumstance phrase's preposition right before the phrase taken as the speaker ("has in the past said")
# (its modifiers may stand between: "has in recent days said", "days" the phrase)
_ADJUNCT_ALT = "|".join(sorted(words("adjunct_prepositions")))
_ADJUNCT_LEAD_RE = re.compile(rf"(?<![\w'\u2019-])(?:{_ADJUNCT_ALT})\s+"
                              r"(?:[a-z]+\s+){0,2}$")
_AGE_RE = re.compile(r"\d{1,3}")
# a pronoun and its "'s" ("is" or "has") or "'re" right before a cue: "He's suggesting that", "who's argued"
_CONTRACTED_RE = re.compile(r"\b(?:he|she|who|they|we)(['\u2019](?:s|re))\s+$", re.I)
# a cue and a comma right before a participle cue: "he said, adding", "Ann Vole told reporters, saying";
# a time or place between them, "while" after the comma: "he said at the rally, insisting", "he said, while arguing";
# "before" without a comma: "Ann Vole responded before adding"
# the cue a participle follows: a closing cue or a clause cue in the past ('"...," she vowed, adding that'),
# never a word that is also a noun of what was said ("copyright claims in India, arguing")
_PAST_CLAUSE_CUES = frozenset(w for w in words("clause_cues") if w.endswith("ed") and " " not in w)
_PARTICIPLE_LEADS = (_CLOSING_CUES | _PAST_CLAUSE_CUES | {"told", "wrote"}) - words("claim_nouns", "finding_nouns")
_SAID_ALT = "|".join(sorted(_PARTICIPLE_LEADS, key=lambda w: (-len(w), w)))
_SAID_BEFORE_RE = re.compile(rf"\b({_SAID_ALT})"
                             r"(?:\s+[^,;:#\"\u201c]{1,70}?)?(?:\s*,\s*(?:(?:while|before|after)\s+)?|"
                             r"\s+(?:while|before|after)\s+)(?:also\s+|later\s+|then\s+|[a-z]{3,}ly\s+)?$")
_SAID_REACH = 100  # characters before a participle the cue and its adjunct may take


def participle_subject(s: str, lo: int, hi: int, end: int) -> Phrase | None:
    """Return who says a participle cue starting at `end` ("..., saying"):
    the speaker of a cue right before it ('"...," he said, adding that';
    after the cue when the cue follows a quote: '"...," said Ann Vole,
    suggesting that'), else the sentence's subject."""
    said = _SAID_BEFORE_RE.search(s, max(lo, end - _SAID_REACH), end)
    if said is None:  # ("The government has refused it, saying": the subject without its verb)
        return cut_at_verb(phrase_at_sentence_start(s, lo, end))
    phrase = subject_before(s, lo, said.start())
    if phrase is None and s[lo:said.start()].rstrip(" ,")[-1:] == MASK:
        return phrase_after(s, said.end(1), said.end())
    return phrase


def subject_before(s: str, lo: int, end: int) -> Phrase | None:
    """Return the speaker phrase right before a cue ending at `end`; a short
    coordination or group ("current and former officials") as a description;
    the sentence's subject when the phrase sits in that subject's relative
    clause ("Ann Vole, whose son Ben Tamm ..., also said": Ann Vole); the
    phrase before an aside in dashes that closes right before the cue; the
    named subject of appositives (sources.appositive_subject)."""
    contracted = _CONTRACTED_RE.search(s, max(lo, end - 12), end)
    end = contracted.start(1) if contracted else end  # "He's suggesting", "who's argued": the pronoun
    phrase = phrase_before(s, lo, end)
    aside = _DASH_ASIDE_RE.search(s, lo, end) if phrase is None else None
    if aside is not None and aside.start() > lo:  # "Many voters \u2014 young and old \u2014 say": many voters
        inner = phrase_before(s, aside.start(1), aside.end(1))  # "The chief \u2014 Ann Vole \u2014 said": her name
        whole = isinstance(inner, Phrase) and inner.kind == "name" and inner.start == aside.start(1)
        before = phrase_before(s, lo, aside.start())
        phrase = inner if whole else _opening(s, lo, before) or _dash_subject(s, lo, aside.start(), before)
    if phrase != "coord":  # "Ms Vole, who presents The Show tells": Ms Vole, not "The Show"
        relative = _unclosed_relative_subject(s, lo, end, phrase)
        phrase = phrase if relative is None else relative
    if phrase == "coord":  # "Ann Vole called the plan a disaster and said ...": the sentence's subject
        group = group_before(s, lo, end)
        head = phrase_at_sentence_start(s, lo, end) if group is None else group
        return head if head is None or _may_be_speaker(head) else _noun_head(head) or _past_subject(s, head)
    if isinstance(phrase, Phrase):
        who = _who_subject(s, lo, phrase)
        if who is not None:  # "Skippers who use the old channel said ...": the skippers
            return who
        head = phrase_at_sentence_start(s, lo, phrase.start) if _RELATIVE_RE.search(s, lo, phrase.start) else None
        # the relative clause closed by a comma, or not closed but the phrase its verb's object
        # ("Ann Vole, who won damages from the Daily Bugle said": Ann Vole)
        if head is not None and head.end < phrase.start and _RELATIVE_RE.match(s, head.end) \
                and (s.rfind(",", head.end, end) >= phrase.start
                     or _OBJECT_LEAD_RE.search(s, max(lo, phrase.start - 12), phrase.start)):
            return head
        found = past_place(s, lo, _relative_antecedent(s, lo, phrase))  # "Ann Vole in Norland said": Ann Vole
        return appositive_subject(s, lo, end, _past_adjunct(s, lo, found))
    return None


# a relative "who" after a description closing the phrase before its cue: "a leading expert, who said"
_RELATIVE_END_RE = re.compile(r"\s*,\s+who$")
# what joins an appositive to the name it describes: "Ann Vole, a pilot", "Ann Vole - a pilot, and a sailor"
_APPOSITIVE_JOIN_RE = re.compile(r"\s*(?:,|\s(?:\u2014|\u2013|--|-))\s*(?:and\s+)?$")


def _relative_antecedent(s: str, lo: int, phrase: Phrase) -> Phrase:
    """Return the name a description describes when a relative "who" follows
    it before the cue ("Ann Vole, a leading expert, who confirmed": Ann
    Vole; past one more appositive too: "Ann Vole - a historian, and a
    leading expert, who"); else `phrase`."""
    rel = _RELATIVE_END_RE.search(s[phrase.start:phrase.end]) if phrase.kind == "np" else None
    if rel is None or rel.start() == 0:
        return phrase
    start = phrase.lead if phrase.lead >= 0 else phrase.start
    for _ in range(2):
        join = _APPOSITIVE_JOIN_RE.search(s, lo, start)
        found = phrase_before(s, lo, join.start()) if join is not None and join.start() > lo else None
        if not isinstance(found, Phrase):
            return phrase
        if found.kind == "name":
            return found
        start = found.lead if found.lead >= 0 else found.start
    return phrase


def _past_adjunct(s: str, lo: int, phrase: Phrase) -> Phrase:
    """Return the subject before an adverbial or an age that phrase_before
    took as the speaker ("Ann Vole has since said", "Acme has in the past
    said", "Ann Vole, 49, who told": Ann Vole, Acme, Ann Vole) when it is a
    name, a pronoun or a speaker noun opening its clause; else `phrase`."""
    if phrase.kind != "np" or not phrase.text.islower() and not _AGE_RE.fullmatch(phrase.text):
        return phrase
    if phrase.text in _ADVERBIALS:
        cut = phrase.start
    elif _AGE_RE.fullmatch(phrase.text) and s[lo:phrase.start].rstrip().endswith(","):
        cut = s.rindex(",", lo, phrase.start)  # "Ann Vole, 49, who told": the name before the age
    elif phrase.text.islower():  # "Six in 10 said": no adjunct before a number
        lead = _ADJUNCT_LEAD_RE.search(s, max(lo, phrase.start - 30), phrase.start)
        cut = -1 if lead is None else lead.start()
    else:
        return phrase
    found = phrase_before(s, lo, cut) if cut > lo else None
    if not isinstance(found, Phrase) or found.kind == "np" and not is_speaker_noun(found.text):
        return phrase
    if found.kind != "name" or not _AGE_RE.fullmatch(phrase.text):
        found = _opening(s, lo, found) or phrase  # "Ann Vole has in the past said", not "... for Ann Vole in May said"
    return found


def _unclosed_relative_subject(s: str, lo: int, end: int, phrase: Phrase | str | None) -> Phrase | None:
    """Return the sentence's subject when its relative clause runs on to the cue ending at `end` with
    no comma closing it ("Ms Vole, who presents The Show tells", "Mr Vole, whose party opposes the plan
    as "..." said") or with only a comma right before the cue and none opening it ("Acme which posted a
    loss, said"): the phrase before the cue is the relative's object; None otherwise, and when the
    relative pronoun is that phrase's object ("the plan, which Ann Vole says will ...")."""
    # (most cues have no "wh" before them: a plain find skips the regex's scan of the sentence)
    relative = _UNCLOSED_RELATIVE_RE.search(s, lo, end) if s.find("wh", lo, end) >= 0 else None
    if relative is None:
        return None
    rest = s[relative.end():end].rstrip()
    closed = rest.endswith(",")
    if not rest or "," in rest[:-1] or closed and s[relative.start():relative.start(1)].strip() == ",":
        # no verb of its own ("Ann Vole, who said": _relative_antecedent's), or closed by commas before
        # the cue ("Ann Vole, who ..., said"): phrase_before's reading
        return None
    if isinstance(phrase, Phrase) and phrase.start >= relative.end() and not s[relative.end():phrase.start].strip():
        return None  # "which Ann Vole says": the relative is the object, she is the subject
    head = phrase_at_sentence_start(s, lo, relative.start())
    if head is None or head.end != relative.start():
        return None
    # a description, unclosed: a speaker noun, or any noun "who" follows (a person: "The 28-year-old host who")
    described = not closed and (relative.group(1) == "who" or is_speaker_noun(head.text))
    return head if head.kind != "np" or described else None


def _who_subject(s: str, lo: int, phrase: Phrase) -> Phrase | None:
    """Return the short speaker noun phrase opening the sentence before a
    relative "who" with no comma ("Officials who saw it said"), when
    the phrase found before the cue sits in that relative clause; else None."""
    who = _BARE_WHO_RE.search(s, lo, phrase.start)
    if who is None or "," in s[who.end():phrase.start]:
        return None
    head = group_before(s, lo, who.start())  # the whole subject before "who": "Senior harbour officials"
    return head if head is not None and is_speaker_noun(head.text) else None


def _may_be_speaker(head: Phrase) -> bool:
    """True for a name, a pronoun, a speaker noun ("the spokesman"), one
    before its complement ("a spokesman for the mayor") or a description
    ending in a name ("the county chairman Ben Tamm")."""
    if head.kind != "np" or is_speaker_noun(head.text) or head.text.split()[-1][:1].isupper():
        return True
    return is_speaker_noun(_COMPLEMENT_RE.split(head.text, maxsplit=1)[0])


def _noun_head(head: Phrase) -> Phrase | None:
    """Return a lowercase subject cut before the verb it runs into ("Some
    owners seek" of "Some owners seek ... and argue"): its longest start of
    two words or more headed by a speaker noun; None when there is none."""
    found = head.text.split()
    for n in range(len(found) - 1, 1, -1):
        text = " ".join(found[:n])
        if is_speaker_noun(text):
            return Phrase(text, head.start, head.start + len(text), "np")
    return None


_PAST_TENSES = words("past_tense_verbs")
_REGULAR_PAST_RE = re.compile(r"[a-z]{3,}ed")
# what such a description's last word names: a body or an office ("The charity", "The home secretary"),
# not a thing ("The upgrade closed loopholes and added features that ...")
_BODY_OR_ROLE_NOUNS = words("org_heads", "org_nouns", "reported_body_nouns", "roles", "speaker_nouns")
_MAX_PAST_SUBJECT = 4  # words of a description before its own verb: "The Tory co-chairman attacked"
# not phrases.overruns.cut_at_verb: that cuts inside the phrase at an auxiliary, an irregular past or an -s
# present after a determiner; this reads past the phrase for a past tense after a body or office noun,
# with no determiner needed ("Both sides agreed"): calling it here changes 5 BBC digest records


def _past_subject(s: str, head: Phrase) -> Phrase | None:
    """Return a description opening the sentence, cut before its own verb in
    the past, as the subject of a coordinated cue ("The charity welcomed the
    news and said ...": the charity; "Both sides agreed ..."): its first two
    to four words, ending in a body or an office, when a past tense follows
    them in the sentence; else None."""
    found = list(WORD_RE.finditer(s, head.start, head.end + 30))
    for n in range(2, min(len(found), _MAX_PAST_SUBJECT + 1)):
        word = found[n].group().lower()
        if (word in _PAST_TENSES or _REGULAR_PAST_RE.fullmatch(word)) \
                and found[n - 1].group().lower().rsplit("-", 1)[-1] in _BODY_OR_ROLE_NOUNS:
            end = found[n - 1].end()
            return Phrase(s[head.start:end], head.start, end, "np")
    return None


def _opening(s: str, lo: int, phrase: Phrase | None | str) -> Phrase | None:
    """Return `phrase` when it opens the sentence or a clause, or ends a
    subject's prepositional phrase ("insiders in the two towns"); None for an
    object ("If you wind up a fan \u2014 ... \u2014 tell them": no speaker)."""
    if not isinstance(phrase, Phrase):
        return None
    before = s[lo:phrase.start].rstrip()
    if phrase.kind == "np":  # "Dover officials now say": a capitalised modifier opens the phrase
        before = _MODIFIER_RUN_RE.sub("", before)
    return phrase if before[-1:] in ("", ",") or _PREPOSITION_END_RE.search(before) else None


def _dash_subject(s: str, lo: int, end: int, phrase: Phrase | None | str) -> Phrase | None:
    """Return the sentence's named subject when `phrase`, the name right before
    a dash aside ending at `end`, is it after a conjunction or its description
    ("But Acme - itself sued - said", "Fund manager Ann Vole - Acme's largest
    investor - said": the subject with its description); None otherwise (an
    object: "If you wind up a fan - ... - tell them")."""
    if not isinstance(phrase, Phrase) or phrase.kind != "name" or phrase.end != len(s[:end].rstrip()):
        return None
    head = phrase_at_sentence_start(s, lo, end)
    return head if head is not None and head.kind == "name" and head.end == phrase.end else None


_MODIFIER_RUN_RE = re.compile(r"(?:(?:^|\s+)[A-Z][\w.'\u2019-]*){1,3}$")


def group_before(s: str, lo: int, end: int) -> Phrase | None:
    """Return s[lo:end] as a description when it is a short phrase, else None."""
    text = s[lo:end].strip()
    # a conjunction at either end joins verbs, not nouns: "Ann Vole visited the port and (said)"
    if not 0 < len(text.split()) <= MAX_GROUP_WORDS or text.split()[0].lower() in ("and", "or", "then") \
            or text.split()[-1].lower() in ("and", "or", "but") \
            or any(ch in text for ch in ",;:#") \
            or _NOT_GROUP & set(WORD_RE.findall(text.lower())):
        return None
    start = s.index(text, lo)
    return Phrase(text, start, start + len(text), "np")


def described_after(s: str, lo: int, cue: re.Match[str], hi: int) -> re.Match[str] | None:
    """Return the match of a speaker's description after a closing cue that
    follows a clause ("..., said the firm's chief, Ann Vole.", "..., said an
    official who ..."); None after the sentence's own subject ("Ann Vole, an
    aide, said the workers who ...": a forward clause)."""
    if cue.group().lower() not in _CLOSING_CUES:
        return None
    subject = phrase_before(s, lo, cue.start())
    if isinstance(subject, Phrase) and (subject.kind != "np" or is_speaker_noun(subject.text)) \
            and s[lo:subject.start].rstrip()[-1:] in ("", ","):  # the subject opens the sentence or its clause
        return None
    return _DESCRIBED_RE.match(s, cue.end(), hi)


# a capitalised run and "and" right before a name (no comma): "Ironhorse Oil and (Gas)"; an owner's
# possessive before it is no part of the name ("China's Baoshan Iron and (Steel Co)")
_AND_RUN_RE = re.compile(r"(?<![\w'\u2019&.-])((?:[A-Z][\w&-]*[ \u00a0]+){1,3})and[ \u00a0]+$")
_ABBREVIATED = frozenset(("co", "corp", "inc", "ltd", "bros"))  # a company word written with its point
_AND_REACH = 60  # characters before the name the run and its "and" may take


def joined_name(text: str, start: int, name: str, people: DocSpeakers) -> tuple[str, int] | None:
    """Return (the one name, where its run starts) a capitalised run joined
    by "and" makes with the name phrase `name` at start ("Ironhorse Oil and
    Gas said": not "Gas"; "Victims and Citizens Against Crime"), else None.  One name, not two
    speakers, when the article never writes `name` on its own and the
    organisations it introduces hold the joined name, or the word after "and"
    is a common noun it also writes in lowercase ("Oil and Gas", "Iron and
    Steel"); never where either side opens with a first name ("Ann Vole and
    Ben Tamm said")."""
    if name[:4] in ("The ", "the "):
        return None
    run = _AND_RUN_RE.search(text, max(0, start - _AND_REACH), start)
    if run is None:
        return None
    left = run.group(1).split()
    joined = " ".join([*left, "and", name])
    if first_name_gender(left[0]) or first_name_gender(name.split()[0]) \
            or text.count(name) != text.count(joined):
        return None
    known = people.organisations.full_name(joined)
    found = known or (joined if name.split()[0].lower() in people.common else None)
    if found is not None and found.split()[-1].lower() in _ABBREVIATED and text.startswith(".", start + len(name)):
        found += "."  # "Baoshan Iron and Steel Co.": the abbreviation's point is the name's as written
    return None if found is None else (found, run.start(1))
