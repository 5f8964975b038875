"""Which body "It said" or "The company said" means when the sentence before is about a body.

Owns one fact of news prose: a collective pronoun opening its sentence, or
closing a quote that opens it ('"...," it said.'), and a bare "the
company" opening its sentence continue the subject of the sentence before
("The Acme Chamber welcomed the plan. "...," it said": Acme Chamber), or
of the one before that when "It" opens it, and a document's subject
stands for its author ("A report from Vole Research reflects ... It
said": Vole Research).  The last body named or the last one to speak
(orgs.organisations.referent, asked when this finds nothing) is often
the object or a topic of that sentence instead ("... at Acme." after
"Vole said").  The subject is a capitalised name followed by a verb,
after its kind when one stands before it ("accountancy firm Acme",
"German investment bank Acme", "Bookmaker Acme"); a speech verb after the
subject's auxiliaries ("has warned") is its own, no report of it.  It
is a body when the article's registry knows it as one, or, for "it", when
it is no person, descriptor, people or staff noun, lone participle, nor a
word the article writes in lowercase ("Mobile phones ..." is no body).  A
subject the sentence only reports ("Acme could be sold, the Vole
reported") and a dummy "It is predicted" continue nothing.  The word lists
are indexer.lexicon's ("document_nouns", "org_staff_nouns",
"skip_before_cue", "subject_adverbials", "not_names"), and
orgs.organisations' ORG_NOUNS.

A speaking "it" in the middle of a sentence ("Acme uses Vole, which it
says ...", "The Norland government forced the sale to recover a bill it
says the firm owes") is that sentence's own subject, when the subject is
a body the registry knows or a body's description ("the government"),
rather than the last body named before the pronoun (often the object of
the same sentence: "Vole" above); a description is resolved as
descriptions.nominals resolves it as a speaker.  A sentence that reports
another's words between its subject and the pronoun ("Acme said analysts
told it ...") continues nothing.  Both readings share this module's
subject pattern, so they live together (no import cycle between them);
its lead-in and name patterns (LEAD_IN, NAME) are descriptions.bodies.spokesbodies'
too.
"""
from __future__ import annotations

import re
from typing import TYPE_CHECKING

from onrecord.indexer.annotate.attribution.names.names import first_name_gender, is_description, lexicon
from onrecord.indexer.annotate.attribution.orgs.bodykinds import kinds_clash
from onrecord.indexer.annotate.attribution.orgs.organisations import ORG_NOUNS, PUBLICATIONS
from onrecord.indexer.annotate.attribution.phrases.cues.cuewords import CUE_RE, CUE_WORDS
from onrecord.indexer.annotate.attribution.phrases.cues.wordtrie import word_alternation
from onrecord.indexer.annotate.attribution.pronouns.contexts import Context, context_at, whole_quote
from onrecord.indexer.annotate.attribution.pronouns.documentissuers import document_issuer
from onrecord.indexer.lexicon import words

if TYPE_CHECKING:  # the registry asks this module; its type only annotates
    from onrecord.indexer.annotate.attribution.people.speakers import DocSpeakers

_DOCUMENTS = words("document_nouns")  # "a report from Acme": the report speaks for Acme
_STAFF = words("org_staff_nouns")  # "Analysts said": staff, no body's name
_CONTRASTS = words("contrast_modifiers")  # "Rival club Acme": another body than the one the text is about
_KINDS = ORG_NOUNS | _STAFF  # "accountancy firm Acme", "analysts Acme": a body's kind or staff before its name
_VERBS = words("skip_before_cue", "subject_adverbials")  # "has", "will", "also", "meanwhile": after a subject
_NOT_NAMES = words("not_names", "pronouns", "determiners", "months", "weekdays", "titles_male",
                   "titles_female", "titles_neutral", "leading_noise", "clause_openers")  # lowercase rows
# a sentence subject's name (descriptions.bodies.spokesbodies reads it too): capitalised words, "of", "for", "and",
# "&" inside it, and a digit may continue it ("Acme 2000", "Channel 4")
NAME = r"[A-Z][\w&\u2019'.-]*(?:[ \u00a0]+(?:(?:of|for|and|&)[ \u00a0]+)?[A-Z0-9][\w&\u2019'.-]*)*"
# "But", "Last year", "On Wednesday, however,", "Globally,": words before a sentence's subject (spokesbodies'
# too); a period of time opens a sentence with no comma as often as with one ("Last year Acme ...")
LEAD_IN = (r"(?:(?:But|And|Yet|So|Meanwhile|However|Now)\b,?[ \u00a0]+)?"
           r"(?:(?:Last|This|Next|Earlier|Later)[ \u00a0]+(?:year|week|month)[ \u00a0]+"
           r"|(?:[A-Z][a-z]+ly|(?:On|In|At|By|Last|Earlier|Later|This)[ \u00a0][\w \u00a0]{1,25}?),"
           r"[ \u00a0]+(?:however,[ \u00a0]+|meanwhile,[ \u00a0]+)?)?")
# "German investment bank Acme has", "Bookmaker Acme has": a body's kind before its name after the
# capitalised words that open the sentence (a place, a nationality; or the kind itself capitalised)
_OPENING_KIND = (rf"(?:(?:[A-Z][\w-]*[ \u00a0]+){{1,2}}(?:[a-z][\w-]*[ \u00a0]+){{0,2}}"
                 rf"(?:{word_alternation(_KINDS)})|{word_alternation(frozenset(k.capitalize() for k in _KINDS))})"
                 rf"[ \u00a0]+(?=[A-Z])")
_SUBJECT_RE = re.compile(
    rf"{LEAD_IN}(?P<document>(?:[Aa]n?|[Tt]he)[ \u00a0]+(?:[a-z][\w-]*[ \u00a0]+){{0,2}}?"
    rf"(?:{word_alternation(_DOCUMENTS)})[ \u00a0]+(?:by|from)[ \u00a0]+(?:[a-z]+[ \u00a0]+)?)?"
    rf"(?:[Tt]he[ \u00a0]+)?"
    rf"(?P<kind>(?:[a-z][\w-]*[ \u00a0]+)?(?:{word_alternation(_KINDS)})[ \u00a0]+|{_OPENING_KIND})?"
    rf"(?P<name>{NAME})[ \u00a0]+(?P<verb>[a-z][\w-]*)")
# "The group has", "the Norland government forced": a body's description as the subject of its own sentence
_DESCRIBED_RE = re.compile(
    rf"{LEAD_IN}(?P<np>[Tt]he[ \u00a0]+(?:[\w-]+[ \u00a0]+){{0,2}}?(?:{word_alternation(ORG_NOUNS)}))"
    rf"[ \u00a0]+(?P<verb>[a-z][\w-]*)")
_QUOTE_RE = re.compile("[\"\u201c\u201d]")
# the pronoun opens its sentence, or follows the quote that does
_OPENS_RE = re.compile(rf"[(\u2018]?{LEAD_IN}")
_CLOSED_QUOTE_RE = re.compile(r"[\"\u201c][^\"\u201c\u201d]+[\"\u201d][ \u00a0]*")
_IT_OPENS_RE = re.compile(rf"[(\u2018]?{LEAD_IN}(?P<it>[Ii]t)[ \u00a0]+[a-z]")
# "It is predicted", "It has been a strange week"; not "It is calling on ...", a body acting
_DUMMY_IT_RE = re.compile(r"[Ii]t[ \u00a0]+(?:is|was|has[ \u00a0]+been|had[ \u00a0]+been)[ \u00a0]+(?![a-z]+ing\b)")
CHAIN_DEPTH = 1  # sentences opened by "It" followed back to the body they continue
_FULLER_REACH = 1500  # characters back a one-word subject's whole name ("European Commission") is looked for
# "Increased costs saw ...", "Separately": a capitalised participle or adverb opening a sentence is no name
_DERIVED_ENDS = ("ed", "ing", "ly")
_POSSESSIVE_ENDS = ("'s", "\u2019s", "s'", "s\u2019")


def resolve_body(pronoun: str, pos: int, people: DocSpeakers) -> str | None:
    """Return the body a collective pronoun ("it", "they") at pos means:
    the subject of the sentence before (subject_body; the registry's
    referent instead when that is the subject's name written whole), else
    the registry's referent (the later of the last body to speak and, for
    "it", the last one introduced), else None."""
    found = subject_body(pronoun, pos, people) or _own_subject_body(pronoun, pos, people)
    earlier = people.organisations.referent(pos, people.orgs, pronoun.lower() == "it")
    # "The Association of British insurers warned", "a report by Vole/Acme" read as "Vole": the registry's whole name
    if found and earlier and earlier.startswith((f"{found} ", f"{found}/")):
        return earlier
    return found or earlier


def subject_body(pronoun: str, pos: int, people: DocSpeakers) -> str | None:
    """Return the body a collective pronoun at pos continues, the subject
    of the sentence before its own (or that subject document's author),
    when the pronoun opens its sentence or follows the quote or unmarked
    clause opening it ("..., it said.");
    None otherwise, when that subject is no body ("they": only a body the
    registry knows), or when a speech cue other than its verb follows it
    there (the sentence reports what someone else said of it)."""
    if _DUMMY_IT_RE.match(people.text, pos):
        return None  # "It is predicted that ...", "It has been a strange week": no one's pronoun
    it = pronoun.lower() == "it"
    found = _continued(pos, people, it, None, CHAIN_DEPTH)
    # "..., the report said. It questioned ...": no body subject, but a document spoke there: its issuer
    return found if found or not it else document_issuer(pos, _own_sentence(people.text, pos), people)


def continued_description(head: str, pos: int, people: DocSpeakers) -> str | None:
    """Return the body "the <head>" ("The firm said", "In addition, the
    company said") at pos continues when it opens its sentence: the subject
    of the sentence before, or of the one before that when "It" opens it
    ("UK Coal said ... It had introduced ... The company said": UK Coal),
    of a kind the noun may name ("the club" is no "Acme League"); else None
    (also when the article names a brand's owner and the subject is not it:
    descriptions.bodies.orgheads reads "the firm" as the owner).
    The body found is noted as speaking at pos (what "it" may mean next)."""
    found = _continued(pos, people, True, head, CHAIN_DEPTH)
    if found and head in PUBLICATIONS and found not in people.organisations.publications:
        return None  # "the newspaper" is a paper the article named as one, never the firm it wrote about
    if found and people.organisations.owners and found not in people.organisations.owners:
        return None  # "profits at owner Acme ... Vole cut prices. The firm said": the owner (orgheads' rule)
    if found:
        people.note_org(found, pos)
    return found


def _continued(pos: int, people: DocSpeakers, it: bool, head: str | None, depth: int) -> str | None:
    """Return the body the phrase at pos (a pronoun, or "the <head>")
    continues: subject_body's reading, a description's noun `head` fitting
    it; a sentence before opened by "It" is followed back `depth` times."""
    text = people.text
    ctx = _own_sentence(text, pos)
    if ctx is None or ctx.previous >= ctx.sentence or text.startswith(("\"", "\u201c"), ctx.previous):
        return None
    chain = _IT_OPENS_RE.match(text, ctx.previous, ctx.sentence)
    if chain is not None:  # "It had introduced new wages. The company said": whom that "It" continues
        return _continued(chain.start("it"), people, it, head, depth - 1) if depth > 0 else None
    m = _SUBJECT_RE.match(text, ctx.previous, ctx.sentence)
    if (m is None or not _is_verb(m["verb"], m["document"] is not None)) and head is None:
        # "The label believed ... They have said": a body's description is the subject, not a name
        return _described_subject(text, ctx.previous, ctx.sentence, people)
    if m is None or not _is_verb(m["verb"], m["document"] is not None) \
            or m["kind"] and any(w.lower() in _CONTRASTS for w in m["kind"].split()):
        return None  # no subject, or "Rival club Acme agreed": not the body the text continues
    verb_end, speaks = _own_verb(text, m)
    if _reports_after(text, verb_end, ctx.sentence, speaks):
        return None  # "Acme could be sold, the Daily Vole reported.": the subject is what is reported
    # "accountancy firm Acme", "a report from Acme": words that make the name a body's
    said_body = m["kind"] is not None or m["document"] is not None
    found = _body(m["name"], it, said_body, people)
    if found is None or head is not None and kinds_clash(head, found) or _named_after(text, pos, m["name"]):
        return None
    if found == m["name"] and " " not in found:  # "The Commission believes": the European Commission named before
        return people.organisations.latest_holding(pos, _FULLER_REACH, found.lower()) or found
    return found


_POSTPOSED_RE = re.compile(r",[^,]*$")  # "..., the Vole reports": a comma before the cue, in its clause
# "..., it said." / "..., they added.": the pronoun and its cue close the sentence of the clause it reports
# (the cue is CUE_RE's own match after it: its pattern is long, and compiled twice would cost every process)
_CLOSING_PRONOUN_RE = re.compile(r"(?:it|they)[ \u00a0]+(?:also[ \u00a0]+)?")
_STOP_RE = re.compile(r"[ \u00a0]*\.")
_CLAUSE_END_RE = re.compile(r"[.!?\n]")
_CLAUSE_REACH = 300  # characters after the phrase its own sentence is read in


_AUX_RUN_RE = re.compile(rf"(?:[ \u00a0]+(?:{word_alternation(_VERBS)})\b)*[ \u00a0]+")


def _own_verb(text: str, m: re.Match[str]) -> tuple[int, bool]:
    """Return where the subject's own verb ends and whether it is a speech
    cue: m's verb, or the cue after its auxiliaries ("has challenged",
    "has also warned"), which is the subject's own word, not a report of it."""
    if m["verb"] in CUE_WORDS or m["verb"] not in _VERBS:
        return m.end(), m["verb"] in CUE_WORDS
    run = _AUX_RUN_RE.match(text, m.end())
    cue = CUE_RE.match(text, run.end()) if run else None
    return (cue.end(), True) if cue else (m.end(), False)


def _named_after(text: str, pos: int, name: str) -> bool:
    """True when the rest of the phrase's own sentence names `name` ("The
    firm said it would keep Mercedes' lead" after "Mercedes is hoping ..."):
    what it reports is about that body, so the body is not who speaks."""
    end = _CLAUSE_END_RE.search(text, pos, pos + _CLAUSE_REACH)
    rest, word = text[pos:end.start() if end else pos + _CLAUSE_REACH], name.split()[0]
    # the word itself first: most clauses do not hold it, and a pattern per name churns re's cache
    return word in rest and re.search(rf"\b{re.escape(word)}\b", rest) is not None


def _reports_after(text: str, start: int, end: int, speaks: bool) -> bool:
    """True when text[start:end], the rest of a sentence after its subject's
    verb, reports it in another's words: a finite speech cue there ("Acme
    could be sold, the Daily Vole reported", "analysts said"), or, when the
    subject speaks itself (`speaks`), one after a comma ("Acme says it will
    pay, the Vole reports").  A participle ("the continuing battle",
    "saying") reports nothing of the sentence's subject."""
    finite = [cue for cue in CUE_RE.finditer(text, start, end) if not cue.group().endswith("ing")]
    return any(not speaks or _POSTPOSED_RE.search(text, max(start, cue.start() - 40), cue.start())
               for cue in finite)


def _own_sentence(text: str, pos: int) -> Context | None:
    """Return the Context of the pronoun at pos when it opens its sentence
    ("It added", "But it said"), closes a quote that opens it ('"...,"
    it said': the quote's own sentence and the one before it) or closes a
    reported clause with no marks ("Sales rose, it said."); else None."""
    ctx = context_at(text, pos)
    if _OPENS_RE.fullmatch(text, ctx.sentence, pos):
        return ctx
    if text[max(ctx.sentence, pos - 2):pos] in (", ", ",\u00a0") and _closes_clause(text, pos):
        return ctx  # "Sales rose 5%, it said.": a reported clause with no marks, as a quote's
    ctx = whole_quote(text, ctx)
    return ctx if _CLOSED_QUOTE_RE.fullmatch(text, ctx.sentence, pos) else None


def _closes_clause(text: str, pos: int) -> bool:
    """True when the pronoun at pos and its cue end the sentence ("it said.", "they also added.")."""
    head = _CLOSING_PRONOUN_RE.match(text, pos)
    cue = CUE_RE.match(text, head.end()) if head else None
    return cue is not None and _STOP_RE.match(text, cue.end()) is not None


def _is_verb(word: str, document: bool) -> bool:
    """True when `word` may be a subject's verb ("welcomed", "maintains",
    "said", "has", "also"): a cue, a listed word, an -ed form, or after a
    document ("a report from Acme reflects") an -s form ("US officials met":
    a plural noun after a name is no verb)."""
    return word in CUE_WORDS or word in _VERBS or word.endswith("ed") or document and word.endswith("s")


def _is_people_noun(word: str) -> bool:
    """True for a role or person noun, or its plural, written capitalised
    opening a sentence ("Reporters wrote", "Critic"): people, no body."""
    low = word.lower()
    lex = lexicon()
    return any(w in lex.roles or w in lex.person_nouns for w in (low, low[:-1] if low.endswith("s") else low))


def _body(name: str, it: bool, said_body: bool, people: DocSpeakers) -> str | None:
    """Return the body `name` names (the registry's full name when it knows
    one), or None when it is a person's (one with a first name: a bare
    "Yukos" the registry holds as a person may be a body), a description, a word the article
    writes in lowercase ("Mobile phones"), a body's kind or staff
    ("Analysts said"), people ("Reporters wrote"), a lone participle or
    adverb ("Increased costs saw"), a possessive's owner, or, for
    "they", a name the registry does not know as a body's; `said_body`:
    the sentence gave it a body's kind or document ("accountancy firm
    Acme"), which a person's first name ("Ernst & Young") does not undo."""
    toks = name.split()
    if name.endswith(_POSSESSIVE_ENDS) or toks[0].lower() in _NOT_NAMES | _STAFF or is_description(toks) \
            or len(toks) == 1 and (name.endswith(_DERIVED_ENDS) or _is_people_noun(name)):
        return None
    known = people.match_org(name) or people.organisations.full_name(name)
    if known or people.organisations.is_org_name(name) or said_body and it:
        return known or name
    if not it or first_name_gender(toks[0]) \
            or any(t in p.name.split() for p in people.by_order for t in toks if p.first) \
            or any(t.lower() in people.common for t in toks if t not in ("of", "for", "and", "&")):
        return None
    return name


def named_body(name: str, said_body: bool, people: DocSpeakers) -> str | None:
    """Return the body a sentence's subject `name` names as a collective
    "it" continuing it reads it (_body; `said_body`: a body's kind or
    spokesperson stands beside it), else None (descriptions.bodies.spokesbodies)."""
    return _body(name, True, said_body, people)


def subject_match(text: str, start: int, end: int) -> re.Match[str] | None:
    """Return the match of a sentence's subject and verb at start (before end), or None; an -s
    verb counts ("Acme uses"), not a staff or people noun ("US officials")."""
    m = _SUBJECT_RE.match(text, start, end)
    if m is None or m["verb"] in _STAFF or _is_people_noun(m["verb"]):
        return None
    return m if _is_verb(m["verb"], True) else None


def _own_subject_body(pronoun: str, pos: int, people: DocSpeakers) -> str | None:
    """Return the body opening the sentence of a lowercase "it" at pos that
    does not open it itself; None for any other pronoun, when the sentence
    holds a quote before the pronoun, its subject is no body the registry
    knows nor a body's description, or a speech cue comes between them."""
    text = people.text
    if pronoun != "it":
        return None
    ctx = context_at(text, pos)
    if _OPENS_RE.fullmatch(text, ctx.sentence, pos) is not None or _QUOTE_RE.search(text, ctx.sentence, pos):
        return None  # "It said" / '"...," it said': the sentence before's subject (subject_body)
    described = _DESCRIBED_RE.match(text, ctx.sentence, pos)
    if described is not None and _is_verb(described["verb"], True):
        if _reports_after(text, described.end(), pos, False):
            return None
        # lazy, on purpose: nominals imports people.speakers (DocSpeakers), which imports this module at
        # its top, so a module-level import fails whichever module loads first (pronouns < people < descriptions)
        from onrecord.indexer.annotate.attribution.descriptions.nominals import resolve_nominal
        return resolve_nominal(described["np"], described.start("np"), people)
    m = subject_match(text, ctx.sentence, pos)
    if m is None or _reports_after(text, m.end(), pos, False):
        return None
    return _body(m["name"], False, False, people)


def _described_subject(text: str, start: int, end: int, people: DocSpeakers) -> str | None:
    """Return the body a description opening the sentence text[start:end]
    as its subject stands for ("The label believed ...", "The company
    said ..."), as descriptions.nominals resolves it as a speaker; None
    when there is no such subject, the sentence reports another's words of
    it, or the reading names no body (a description's own words, "US firm")."""
    described = _DESCRIBED_RE.match(text, start, end)
    if described is None or not _is_verb(described["verb"], True) \
            or _reports_after(text, described.end(), end, described["verb"] in CUE_WORDS):
        return None
    # lazy, as in _own_subject_body: nominals imports people.speakers, which imports this module
    from onrecord.indexer.annotate.attribution.descriptions.nominals import resolve_nominal
    noted = len(people.orgs)
    found = resolve_nominal(described["np"], described.start("np"), people)
    if found is None or not found.split()[-1][:1].isupper():
        # a reading only asked whom "it" continues is no one speaking: the body it noted is taken back,
        # or the registry's referent would answer with it ("The Australian firm said" as "Wembley firm")
        del people.orgs[noted:]
        return None
    return found
