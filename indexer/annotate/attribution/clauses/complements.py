"""What a speech cue reports forward, right after it: a listener, then a question, a that-clause or a
bare clause.

Owns the shapes after a cue within one sentence of a frame (quotes masked, local offsets): "told
reporters that ...", "asked whether ...", "said on Monday (that) ...", "said he would", "explained
how ...", "said in politics it takes time", "said yesterday, the middle class is ..."; and what is only
whom a "told" told ("told the BBC News website."): no clause.  The cue
words are the lexicon's tables (indexer.lexicon: "bare_clause_cues", "object_cues",
"finite_clause_cues", "wh_clause_cues", "question_clause_cues", "listener_first_cues").  Which cue of a
sentence reports, and its speaker, are clauses.clauses'.
"""
from __future__ import annotations

import re

from onrecord.indexer.annotate.attribution.clauses.channels import CHANNEL_RE
from onrecord.indexer.annotate.attribution.clauses.gaps import gap_clause
from onrecord.indexer.annotate.attribution.clauses.spans import MIN_WORDS, Clause, make_clause
from onrecord.indexer.annotate.attribution.clauses.subordinates import subordinate_end
from onrecord.indexer.annotate.attribution.clauses.verbs import CLAUSE_CUE_RE, PAST_ALT, opens_regular_past
from onrecord.indexer.annotate.attribution.phrases.cues.cues import Phrase
from onrecord.indexer.lexicon import words

BARE_CUES = words("bare_clause_cues")
OBJECT_CUES = words("object_cues")
FINITE_CUES = words("finite_clause_cues")
WH_CUES = words("wh_clause_cues")
QUESTION_CUES = words("question_clause_cues")  # "questioned whether": a question only, as "asked"
# "told the BBC News website.": with no listener read, the words after the cue are who was told, no clause,
# when they end the sentence within six words with no finite verb
LISTENER_FIRST_CUES = words("listener_first_cues")
# a time or place phrase between the cue and its clause: "said on Monday (that)", "told the BBC in May"
_ADJUNCT_RE = re.compile(
    r"\s*,?\s*(?:(?:on|in|at|during|to|after|before|last|this|late|earlier|via|through|from|over|with|without|for)\s+"
    r"[^,;:.!?#\"]{1,50}?|yesterday|today|tonight|earlier|also|again|[a-z]{3,}ly|"
    r"(?:Mon|Tues|Wednes|Thurs|Fri|Satur|Sun)day(?:\s+(?:night|morning|afternoon|evening))?)"
    r"(?=\s*,?\s*that\b)")
# an aside between the cue and its that-clause: "says, however, that", "said - on Twitter, as it happens - that"
# any aside between commas or dashes right before "that" (a comma before "that" opens no relative clause):
# "said, twice, that", "stated, while testifying in May, that", "argued emphatically - naming him twice - that",
# "said on TV, where he now works, that"
_PARENTHESIS_RE = re.compile(r"(?:\s+[a-z]+ly|\s+(?:on|in|at|to)\s[^,;:#\"\u201c]{1,30}?)?\s*"
                             r"(?:,\s*[^,;:#\"\u201c\u2014\u2013]{1,60}?\s*,|"
                             r"\s(?:[\u2014\u2013]|--?)\s[^\u2014\u2013#\"]{1,60}?\s(?:[\u2014\u2013]|--?))(?=\s*that\s)")
# "that" and its clause; a comma after it opens an aside of the clause ("added that, in Kent, ...")
_THAT_RE = re.compile(r"\s*,?\s*that(?:\s*,)?\s+")
# what a listener after "told"/"asked" is: a pronoun, "reporters", "the BBC", "Ann Vole", "The Gazette of Dover";
# "the audience" before "that" or before the clause's subject pronoun ("told the audience he ...")
_OBJECT_RE = re.compile(
    r"\s+(?:him|her|them|us|me|you|reporters|journalists|lawmakers|investors|analysts|police|"
    r"(?:the|a|an|his|her|their|its)\s+(?:[\w'\u2019-]+\s+){0,3}?[\w'\u2019-]+"
    r"(?=\s+(?:that|whether|if|why|how|what|when)\b|\s+(?:he|she|they|we|it)\s+[a-z])|"
    r"[A-Z][\w.'\u2019-]*(?:\s+[A-Z][\w.'\u2019-]*){0,3}(?:\s+of\s+[A-Z][\w.'\u2019-]*(?:\s+[A-Z][\w.'\u2019-]*){0,2})?)")
# a listener too long for _OBJECT_RE before a question: "asked former Attorney General Ann Vole whether"
_LISTENER_ASK_RE = re.compile(r"\s+(?:(?!(?:to|about|for|that|and|but)\b)[\w.'\u2019-]+\s+){1,8}?"
                              r"(?:(?:whether|if)\s+|(?=(?:who|what|why|how|when|where)\s))")
_QUESTION_RE = re.compile(r"\s*,?\s*(?:whether|if)\s+|\s*,?\s*(?=(?:why|how|what|when|where|who)\s)")
_SUBJECT_PRONOUN_RE = re.compile(r"\s+(?:he|she|they|we|i|it|there|you)(?:['\u2019](?:s|d|ll|re|ve|m))?\s+[a-z]", re.I)
# a listener too long for _OBJECT_RE before "that": "told The Post and Courier newspaper on Saturday that"
_LISTENER_THAT_RE = re.compile(r"\s+[^,;:.!?#\"\u201c]{1,70}?\s+that\s+")
# an indirect question after a statement cue: "X explained how ...", "X noted why ..."
# (after a listener: "X explained to the council why ...")
_WH_RE = re.compile(r"\s+(?:to\s+(?:[\w.'\u2019-]+\s+){1,4}?)?(?=(?:how|why)\s)")
# a bare clause opens with a subject, not a preposition or an object ("said to", "said so", "said on");
# "as many as 3,000 firms", "at least six" subjects, "said as she left" no clause; "no", "nothing" before a finite verb
# is one too ("said nothing had changed", "said no formal deal had been made"), not "said no to", "said nothing"
_NO_AUX = r"(?:had|has|have|was|were|is|are|would|will|could|can|should)\s"
_BARE_OPEN_RE = re.compile(
    r"\s+(?!(?:to|in|on|at(?!\s+(?:least|most)\s+[\w$\u00a3\u20ac])|for|with|of|by|from|during|after|before|"
    r"about(?!\s+(?:half|a\s+third|a\s+quarter|\d))|as(?!\s+(?:many|much|few)\s+as\s+[$\u00a3\u20ac]?\d)|"
    rf"into|over|through|so|little|much(?!\s+of\b)|no\b(?!(?:\s+(?!to\b)[a-z-]+){{1,3}}\s+{_NO_AUX})|"
    rf"nothing\b(?!\s+{_NO_AUX})|yes|goodbye|hello|which|what|when|while|but|and|or|then|than|if|whether|how|why)\b)"
    r"(?=[\w\u2018\u201c'\"])", re.I)
# a time or channel between the cue and a bare clause: "said on Monday the", "said in a statement the"
_TIME_RE = re.compile(
    r"(?:\s*,?\s*(?:(?:on|last|this|late|early|earlier)\s+(?!(?:is|was|were|are|has|had|will|would)\b)[A-Z]?[a-z]+(?!['\u2019\w])|yesterday|today|tonight|"
    r"in\s+(?:a|an|his|her|their|its)\s+[a-z]+(?:\s+[a-z]+)?|on\s+(?:Twitter|Facebook|television|TV|radio)|"
    r"(?:Mon|Tues|Wednes|Thurs|Fri|Satur|Sun)day(?!['\u2019]s)(?:\s+(?:night|morning|afternoon|evening))?|"
    r"for\s+(?:days|weeks|months|years|decades))){1,2},?")
# a bare clause after a finite_clause_cues word: a subject of up to six words, then a finite verb
# (an auxiliary, or a past tense of the lexicon's "past_tense_verbs": "reported the ferry came")
_FINITE_ALT = (r"(?:would|will|could|should|was|were|is|are|had|has|have|"
               r"might|may|can|must|did|does|do|won't|wouldn't|can't|cannot|" + PAST_ALT + r")\b")
# (no "and" right before it: "reported losses in May and was sold" coordinates the cue's own verb;
# "and" inside the subject is the subject's: "noted Latinos and Blacks have")
# (a word may end in a stop: "Mr. Reed had", "the U.S. was")
_WORD = r"[\w'\u2019-]+(?:\.[\w'\u2019-]+)*\.?\s+"
# (a subject of seven or eight words holds no relative, conjunction or infinitive: "confirmed X's insistence that ...")
FINITE_RE = re.compile(rf"(?:(?:(?!and\s+{_FINITE_ALT}){_WORD}){{1,6}}?|"
                        rf"(?:(?!and\s+{_FINITE_ALT}|(?:that|which|who|but|to|before|after|when|while)\s){_WORD}){{7,8}}?)"
                        rf"{_FINITE_ALT}")
# a bare clause whose subject of up to six words holds an aside between commas or dashes before its finite verb:
# "admits Ann Vole, who has been linked with Acme, will decide", "insist the bill - for England - would not"
_ASIDE_SUBJECT_RE = re.compile(rf"(?:{_WORD}){{0,5}}?[\w'\u2019.-]+"
                               rf"(?:,\s+(?:who|which|whose|[a-z]{{2,}}ed|{PAST_ALT})\s[^,;:#\"]{{1,80}},|"
                               rf"\s[\u2014\u2013-]\s[^\u2014\u2013#\"]{{1,80}}\s[\u2014\u2013-])"
                               rf"\s+(?:[a-z]{{2,}}ly\s+)?{_FINITE_ALT}")
# a bare clause whose subject a possessive determiner opens, its noun words, then a regular past:
# "admitted his side failed to cope", "denied their ancestors practised" (not "its revised plan": a noun between)
_POSSESSIVE_ALT = "|".join(sorted(words("possessive_subject_openers")))
_POSSESSIVE_PAST_RE = re.compile(rf"(?:{_POSSESSIVE_ALT})\s+(?:[a-z][\w'\u2019-]*\s+){{1,3}}?"
                                 r"[a-z]{3,}ed\b(?!\s+by\b)")
# a bare clause led by an adverbial, then a pronoun subject: "said in politics it takes", "said if elected he would"
_LEADING_ADVERBIAL_RE = re.compile(
    r"\s+(?:in|on|at|for|after|before|during|without|if|when|while|once|since|despite|because)\s[^,;:.#]{0,40}?"
    r"\s(?:he|she|they|we|i|it|there)(?:['\u2019](?:s|d|ll|re|ve))?\s+[a-z]"
    r"|\s+(?:if|when|once|unless|because)\s[^,;:.#]{3,60},\s+(?:the\s+)?(?:[A-Z]?[a-z]+(?:['\u2019][a-z]+)?|[A-Z]{2,})\s")


def complement(s: str, pos: int, hi: int, phrase: Phrase, cue: re.Match[str]) -> Clause | None:
    """Return the clause a cue ending at pos reports forward: a listener, then
    a question, a that-clause or a bare clause; None when none follows."""
    word = cue.group().lower()
    listener = _OBJECT_RE.match(s, pos, hi) if word in OBJECT_CUES else None
    if listener is not None and listener.group().strip().lower() == "you":
        return None  # "it tells you the rules": the writer's instructions
    pos = listener.end() if listener else pos
    asking = word.startswith("ask")
    if asking or word in QUESTION_CUES:  # "questioned" takes no listener: "questioned Ann when ..."
        question = _QUESTION_RE.match(s, pos, hi)
        if question is None and asking:
            question = _LISTENER_ASK_RE.match(s, cue.end(), hi)
        return None if question is None else make_clause(s, question.end(), hi, phrase, cue)
    aside = _PARENTHESIS_RE.match(s, pos, hi)
    pos = aside.end() if aside else pos
    adjunct = _ADJUNCT_RE.match(s, pos, hi)
    if adjunct is not None and CLAUSE_CUE_RE.search(s, pos, adjunct.end()):
        adjunct = None  # "assured Y, after Z assured W that ...": that clause is Z's
    that = _THAT_RE.match(s, adjunct.end() if adjunct else pos, hi)
    if that is not None:
        return make_clause(s, that.end(), hi, phrase, cue)
    if word in OBJECT_CUES:
        listener_that = _LISTENER_THAT_RE.match(s, cue.end(), hi)
        if listener_that is not None and not CLAUSE_CUE_RE.search(s, cue.end(), listener_that.end()):
            return make_clause(s, listener_that.end(), hi, phrase, cue)
    wh = _WH_RE.match(s, pos, hi) if word in WH_CUES else None
    if wh is not None:
        return make_clause(s, wh.end(), hi, phrase, cue)
    return _bare_complement(s, pos, hi, phrase, cue, word, listener is not None)


def _bare_complement(s: str, pos: int, hi: int, phrase: Phrase, cue: re.Match[str], word: str,
                     listened: bool) -> Clause | None:
    """Return the clause without "that" a cue (`word`, lowercase) reports from pos ("said he would", "said in
    politics it takes time", "said yesterday, the middle class is ..."), `listened` when a listener was read
    before pos; None for a channel or no clause."""
    time = _TIME_RE.match(s, pos, hi)
    pos = time.end() if time else pos
    if CHANNEL_RE.match(s, cue.end(), hi):
        return None  # "the Fed said in its latest Beige Book report.": the channel, no clause
    if word in BARE_CUES and _LEADING_ADVERBIAL_RE.match(s, pos, hi):  # "said in politics it takes time"
        return make_clause(s, pos, hi, phrase, cue)
    closing = subordinate_end(s, pos, hi) if word in BARE_CUES else None
    main = None if closing is None else _COMMA_CLAUSE_RE.match(s, closing, hi)
    if main is not None and FINITE_RE.match(s, main.end(), hi):  # "said as X was held, his case came ..."
        return make_clause(s, pos, hi, phrase, cue)
    gap = gap_clause(s, pos, hi, phrase, cue) if word in FINITE_CUES else None
    if gap is not None:  # "a bill which ministers claim will cut crime": "which" is its subject
        return gap
    bare = _BARE_OPEN_RE.match(s, pos, hi)
    if bare and word in LISTENER_FIRST_CUES and not listened and _only_listener(s, pos, bare.end(), hi):
        return None
    if bare and (word in BARE_CUES or word in FINITE_CUES and (FINITE_RE.match(s, bare.end(), hi)
                                                                or opens_regular_past(s, bare.end(), hi)
                                                                or _POSSESSIVE_PAST_RE.match(s, bare.end(), hi)
                                                                or _ASIDE_SUBJECT_RE.match(s, bare.end(), hi))) \
            or _SUBJECT_PRONOUN_RE.match(s, pos, hi):
        # "Tom Reed said he would.": a pronoun and its verb, the rest left out, are a clause of two words
        return make_clause(s, pos, hi, phrase, cue, 2 if _ELLIPTIC_RE.fullmatch(s, pos, hi) else MIN_WORDS)
    comma = _COMMA_CLAUSE_RE.match(s, pos, hi)  # "You said yesterday, the middle class is ...": a finite clause
    if comma is not None and word in BARE_CUES and FINITE_RE.match(s, comma.end(), hi):
        return make_clause(s, comma.end(), hi, phrase, cue)
    return None


def _only_listener(s: str, pos: int, first: int, hi: int) -> bool:
    """True when the words from pos (the first at `first`) after a listener_first_cues word are only whom
    it told: a short run ending the sentence with no finite verb ("told the BBC News website.", not "told
    the BBC lessons were learned.")."""
    return _LISTENER_END_RE.fullmatch(s, pos, hi) is not None and FINITE_RE.match(s, first, hi) is None \
        and not opens_regular_past(s, first, hi) \
        and _PRONOUN_SUBJECT_RE.search(s, pos, hi) is None  # "tells voters she's with them": her clause


# up to six words and the sentence's end: "the BBC News website.", "the BBC's Today programme."
_LISTENER_END_RE = re.compile(r"(?:\s+[\w'\u2019&-]+(?:\.[\w'\u2019&-]+)*){1,6}\s*[.!?]?\s*")
_PRONOUN_SUBJECT_RE = re.compile(r"\s(?:he|she|they|we|i|you)(?:['\u2019](?:s|d|ll|re|ve|m))?\s", re.I)


# a pronoun subject and a finite verb ending the sentence: "said he would.", "denied it happened."
_ELLIPTIC_RE = re.compile(r"\s*(?:he|she|they|it|we)\s+(?:would|could|will|did|had|was|were|should|might|can|does|"
                          r"[a-z]{3,}ed)[\s.!?]*", re.I)
# a comma after the cue, then a subject (no quote, no participle, no conjunction): the clause after it
_COMMA_CLAUSE_RE = re.compile(r"\s*,\s+(?![\w'\u2019-]*ing\b|(?:and|but|or|as|while|when|if|which|who|that|so|then|"
                              r"however|though|although|because|before|after|according)\b)(?=[\w\u2018'])", re.I)
