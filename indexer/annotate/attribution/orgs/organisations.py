"""Organisations an article introduces, where it mentions them, and which one "it" means.

Owns telling which capitalised names of one article are organisations and
listing every mention of them in order, by name or by description.  A name
is an organisation when its words or the words around a mention say so
(indexer.annotate.attribution.orgs.orgevidence), or when the article
spells it out as an acronym ("Child Support Agency (CSA)").  A short form
drops the org words at its end ("Multiplex" of "Multiplex Group") and
stands for the full name.  A
description ("the firm", "The Australian firm", "the committee") is a
mention of the latest organisation before it whose name ends in its noun,
else of the latest one.

"it said" means the organisation the article introduced last, as a
sentence subject or by a description, within REFERENT_REACH characters
(or named anywhere in the pronoun's own sentence), else nobody; he and she
never mean an organisation (indexer.annotate.attribution.people.speakers reads
`is_org_name`).  The word lists are indexer.lexicon's ("org_heads",
"org_nouns", "leading_noise").  The scan is one regex
pass over the article, built once on first use, and every look-up a
bisection.
"""
from __future__ import annotations

import re
from bisect import bisect_left
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from functools import cached_property

from onrecord.indexer.annotate.attribution.names.descriptors import is_plural_party
from onrecord.indexer.annotate.attribution.names.names import (
    HYPHEN_DESCRIPTION_RE,
    POSSESSIVE_RE,
    first_name_gender,
    is_description,
    lowercase_words,
    plain_word,
)
from onrecord.indexer.annotate.attribution.names.placements import inside, is_subject
from onrecord.indexer.annotate.attribution.orgs.orgevidence import ORG_NOUNS, org_by_context, org_by_name
from onrecord.indexer.annotate.attribution.orgs.orgnames import (
    DOMAIN_RE,
    SITE_NOUNS,
    sentence_openers,
    short_forms,
)
from onrecord.indexer.annotate.attribution.orgs.orgruns import RUN_RE as _RUN_RE
from onrecord.indexer.annotate.attribution.orgs.orgruns import WORD as _WORD
from onrecord.indexer.annotate.attribution.orgs.orgruns import clean_run as _clean
from onrecord.indexer.annotate.attribution.orgs.orgruns import org_name_runs, spelled_initials
from onrecord.indexer.annotate.attribution.orgs.orgtails import register_rests
from onrecord.indexer.annotate.attribution.people.people import Person
from onrecord.indexer.annotate.attribution.phrases.cues.wordtrie import word_alternation
from onrecord.indexer.annotate.attribution.pronouns.contexts import context_at
from onrecord.indexer.lexicon import words

REFERENT_REACH = 600  # characters back "it said" looks for an organisation introduced as a subject
_DESCRIPTION_RE = re.compile(rf"[Tt](?<!\w[Tt])he[ \u00a0]+((?:[A-Za-z'\u2019-]+[ \u00a0]+){{0,2}}?)"
                             rf"({word_alternation(ORG_NOUNS | SITE_NOUNS)})\b"
                             r"(?![ \u00a0]+(?:of|for)\b)")
# (after one lowercase adjective: "the influential Commons home affairs committee")
_NAMED_RE = re.compile(rf"[Tt](?<!\w[Tt])he[ \u00a0]+([a-z][\w-]*[ \u00a0]+)?"
                       rf"((?:{_WORD}[ \u00a0]+)+(?:[a-z][\w-]*[ \u00a0]+){{0,3}}?"
                       rf"({word_alternation(words('org_heads'))}))\b")
_NAMED_KINDS = words("named_org_kinds")
# (the letter first, as _RUN_RE: "\b" first made the engine try every character)
_LOWER_NAMED_RE = re.compile(rf"[Tt](?<!\w[Tt])he[ \u00a0]+((?:[a-z][\w-]*[ \u00a0]+){{1,3}}?"
                             rf"(?:{word_alternation(_NAMED_KINDS)}))\b")
# "publishing group Acme", "bookmaker Acme", "Acme magazine": the noun the article
# gives a body beside its name, which "the group", "the bookmaker", "the magazine" later mean
_KIND_BEFORE_RE = re.compile(rf"(?<![\w-])((?:[\w-]+[ \u00a0]+){{0,2}})({word_alternation(ORG_NOUNS)})[ \u00a0]+$")
PUBLICATIONS = words("publication_nouns")
_CONTRASTS = words("contrast_modifiers")  # "rival club Acme": another club than the one the text is about
_KIND_AFTER_RE = re.compile(rf"[ \u00a0]+({word_alternation(PUBLICATIONS)})\b")
# "profits at owner Acme", "its parent Acme": the owner of the brands named beside it
_OWNER_NOUNS = words("owner_nouns")
_OWNER_BEFORE_RE = re.compile(rf"(?<![\w-])(?:{word_alternation(_OWNER_NOUNS)})[ \u00a0]+$")
_FIRM_NOUNS = words("firm_nouns")  # "the firm", "the company": its owner, when the article named one
# "Paris-based", "Texas-born": a capitalised word made an adjective by its lowercase tail
_NOT_MODIFIER = frozenset(("of", "for", "and", "to", "in", "at", "by", "with", "from", "on", "or", "as"))


@dataclass(frozen=True, slots=True)
class OrgMention:
    """One mention of an organisation: where, which, and how it stands."""

    pos: int
    name: str  # the full name the article gives
    salient: bool  # a sentence subject, or a description ("the firm")


class Organisations:
    """The organisations of one article and their mentions, in text order."""

    def __init__(self, text: str, match: Callable[[str], str | None], quoted: list[tuple[int, int]],
                 surnames: Mapping[str, list[Person]], common: frozenset[str] | None = None) -> None:
        """Scan `text` (`quoted`: its quotes' spans; `match`: the institutions
        registry's look-up; `surnames`: the people by surname, whose names, held
        with a first name or gender, need strong words to be an organisation's;
        `common`: the words it writes in lowercase, read from it when not given)."""
        self.text = text
        self._full: dict[str, str] = {}  # a name or short form -> the full name
        self._spelled: dict[str, str] = {}  # an acronym -> the full name the article spells it out as
        self._named: list[tuple[int, str]] = []  # (start, name) of "the Commons health committee"
        named = self._named_descriptions(match, quoted)
        runs = org_name_runs(text, named)
        # "The Institute" alone is a description of the latest "... Institute", never a name of its own
        heads = [(start, name.lower()) for start, name in runs
                 if name.lower() in ORG_NOUNS and not inside(quoted, start)]
        openers = sentence_openers(text, runs, lowercase_words(text) if common is None else common)
        self._register_runs(runs, match, surnames, openers)
        register_rests(self._full, (name for _, name in runs))  # "Red Cross ..." of "Federation of the Red Cross ..."
        # the mentions are merged on first use: full_name and is_org_name, all many articles ask, need only names
        self._runs, self._quoted, self._heads = runs, quoted, heads

    def _register_runs(self, runs: list[tuple[int, str]], match: Callable[[str], str | None],
                       surnames: Mapping[str, list[Person]], openers: set[str]) -> None:
        """Register, in self._full, the organisation each run names: a spelled-out acronym's, the
        institutions registry's or the name's own, else one the words around a mention show."""
        text = self.text
        initials = spelled_initials(runs)
        # what a name alone says, once per name: a person's name recurs in every run that
        # names them, and only the words around each mention can still make it an org's
        undecided: dict[str, bool | None] = {}  # name -> personal (None: no organisation at all)
        for start, name in runs:
            if name.lower() in ORG_NOUNS or name in openers and not match(name):
                continue
            if name in initials and name not in self._full and initials[name] in self._full:
                self._register(name, self._full[initials[name]])
                self._spelled[name] = self._full[initials[name]]
            if name not in self._full:
                if name not in undecided:
                    # a lone word the text only ever writes alone ("Absa said") is no one's surname yet
                    personal = any(p.first or p.gender for p in surnames.get(name.split()[-1], ())) \
                        or first_name_gender(name.split()[0]) is not None
                    org = org_by_name(name, match, initials)
                    if org is not None:
                        self._register(name, org)
                        continue
                    undecided[name] = None if is_description(name.split()) else personal
                if undecided[name] is not None:
                    org = org_by_context(text, start, name, bool(undecided[name]))
                    if org is not None:
                        self._register(name, org)

    @cached_property
    def _merged(self) -> tuple[list[OrgMention], set[str], set[str]]:
        """Return (mentions, publications, owners): the named mentions merged
        with the descriptions, once, on first use."""
        text, quoted = self.text, self._quoted
        found = [(start, self._full[name], _subject(text, start)) for start, name in self._runs
                 if name in self._full and not inside(quoted, start)]
        found += [(start, self._full[phrase], is_subject(text, start)) for start, phrase in self._named]
        self.__dict__.update(mentions=[], publications=set(), owners=set())  # what _add_descriptions fills
        self._add_descriptions(found, quoted, self._heads)
        return self.mentions, self.publications, self.owners

    @cached_property
    def mentions(self) -> list[OrgMention]:
        """Return every mention of an organisation, named or described, in text order."""
        return self._merged[0]

    @cached_property
    def publications(self) -> set[str]:
        """Return the organisations written beside a publication noun ("the Acme Daily newspaper")."""
        return self._merged[1]

    @cached_property
    def owners(self) -> set[str]:
        """Return the organisations written after an owner noun ("its parent Acme")."""
        return self._merged[2]

    @cached_property
    def _positions(self) -> list[int]:
        """Return where each mention starts (bisected by the look-ups)."""
        return [m.pos for m in self.mentions]

    def _named_descriptions(self, match: Callable[[str], str | None],
                            quoted: list[tuple[int, int]]) -> list[tuple[int, int]]:
        """Register the organisations named by a capitalised word and an org
        noun ("the Commons work and pensions committee"); return their spans
        from "the" (sorted)."""
        spans = []
        for m in _LOWER_NAMED_RE.finditer(self.text):  # "the environment select committee"
            if not inside(quoted, m.start()) and not any(w in _NOT_MODIFIER for w in m.group(1).split()):
                self._register(m.group(1), m.group(1))
                spans.append((m.start(), m.end()))
                self._named.append((m.start(), m.group(1)))
        for m in _NAMED_RE.finditer(self.text):
            phrase = m.group(2)
            caps = [w for w in phrase.split() if w[:1].isupper()]
            lower = phrase.split()[len(caps):-1]
            plain_caps = [w for w in caps if not HYPHEN_DESCRIPTION_RE.fullmatch(w)]
            if inside(quoted, m.start()) or is_description(plain_caps) \
                    or any(w in _NOT_MODIFIER - {"and"} for w in lower) \
                    or m.group(1) and all(w.isupper() for w in caps):
                continue  # "the Paris-based pressure group", "the seventh-largest US airline": a description
            found = match(phrase)  # "the Labour party" is the registry's Labour Party, not the House of Commons
            self._register(phrase, found if found and found.lower().endswith(m.group(3)) else phrase)
            spans.append((m.start(), m.end()))
            self._named.append((m.start(), phrase))
        return spans

    def _register(self, name: str, org: str) -> None:
        """Record `name` (and its short forms) as the organisation `org`."""
        full = self._full.get(name) or self._full.get(org) or org
        for key in (name, org, *short_forms(org), *short_forms(name)):
            self._full.setdefault(key, full)

    def _add_descriptions(self, found: list[tuple[int, str, bool]], quoted: list[tuple[int, int]],
                          heads: list[tuple[int, str]]) -> None:
        """Merge the named mentions with descriptions ("the firm"; `heads`: an
        org noun capitalised alone, "The Institute"), each a mention of the
        organisation the article named last before it."""
        if not found:
            return
        described = [(m.start(), m.group(2).lower()) for m in _DESCRIPTION_RE.finditer(self.text)
                     if not inside(quoted, m.start()) and _plain_modifiers(m.group(1))] + heads
        events = sorted([(pos, 0, name, subject) for pos, name, subject in found]
                        + [(pos, 1, head, True) for pos, head in described])
        by_head: dict[str, str] = {}  # an org noun -> the latest organisation so far named or described by it
        kinds: dict[str, set[str]] = {}  # an organisation -> the org nouns written beside its name
        last_salient: str | None = None  # "the firm" is the organisation the text is about
        owner: str | None = None  # "owner Acme": "the firm" is Acme, not the brand named since
        for pos, kind, value, salient in events:
            if kind == 0:
                self.mentions.append(OrgMention(pos, value, salient))
                by_head[value.lower().rsplit(" ", 1)[-1]] = value
                for noun in self._kind_nouns(pos):  # "publishing group Acme": "the group"
                    kinds.setdefault(value, set()).add(noun)
                    by_head[noun] = value
                    if noun in PUBLICATIONS:
                        self.publications.add(value)
                if DOMAIN_RE.fullmatch(value):
                    by_head.update(dict.fromkeys(SITE_NOUNS, value))  # "the site" is the latest web address
                last_salient = value if salient else last_salient
                if _OWNER_BEFORE_RE.search(self.text, max(0, pos - 20), pos):
                    owner = value
                    self.owners.add(value)
                continue
            last = self.mentions[-1].name if self.mentions else None
            org = by_head.get(value) if value in SITE_NOUNS else _described(
                value, by_head, kinds, [owner if value in _FIRM_NOUNS else None, last_salient, last])
            if org is not None:
                self.mentions.append(OrgMention(pos, org, is_subject(self.text, pos)))

    def _kind_nouns(self, pos: int) -> list[str]:
        """Return the org nouns written right beside the name at `pos`
        ("telecoms giant Acme", "Acme magazine"): what kind of body it is."""
        before = _KIND_BEFORE_RE.search(self.text, max(0, pos - 30), pos)
        run = _RUN_RE.match(self.text, pos)
        after = _KIND_AFTER_RE.match(self.text, run.end()) if run else None
        nouns = [after.group(1)] if after else []
        if before and not any(w.lower() in _CONTRASTS for w in before.group(1).split()):
            nouns.append(before.group(2))
        return nouns

    def full_name(self, name: str) -> str | None:
        """Return the full name of the organisation `name` names, or None."""
        return self._full.get(POSSESSIVE_RE.sub("", name))

    def spelled_out(self, acronym: str) -> str | None:
        """Return the full name the article spells `acronym` out as ("the
        American Film Institute (AFI)": American Film Institute), else None."""
        return self._spelled.get(acronym)

    def spells_out(self, name: str) -> bool:
        """True when the article spells an acronym out as `name` ("the British
        Chamber of Commerce (BCC)": British Chamber of Commerce)."""
        return name in self._spelled.values()

    def latest_site(self, pos: int, reach: int) -> str | None:
        """Return the web address ("Suprnova.org") mentioned last before pos
        within `reach` characters, else None: what "the site" means."""
        return self._latest_where(pos, reach, DOMAIN_RE.fullmatch)

    def is_org_name(self, name: str) -> bool:
        """True when the article shows `name` to be an organisation's."""
        return name in self._full

    def latest(self, pos: int, reach: int, head: str | None = None) -> str | None:
        """Return the organisation mentioned last before pos within `reach`
        characters (whose name ends in `head`, when given), else None."""
        if head is None:
            return self._latest_where(pos, reach, bool)
        return self._latest_where(pos, reach, lambda name: name.lower().rsplit(" ", 1)[-1] == head)

    def latest_holding(self, pos: int, reach: int, word: str) -> str | None:
        """Return the organisation mentioned last before pos within `reach`
        characters whose name holds `word` anywhere ("Vole Police Service"
        for "police"), else None."""
        return self._latest_where(pos, reach, lambda name: word in name.lower().split())

    def _latest_where(self, pos: int, reach: int, fits: Callable[[str], object]) -> str | None:
        """Return the name of the organisation mentioned last before pos within
        `reach` characters whose name `fits`, else None."""
        i = bisect_left(self._positions, pos) - 1
        while i >= 0 and pos - self.mentions[i].pos <= reach:
            if fits(self.mentions[i].name):
                return self.mentions[i].name
            i -= 1
        return None

    def first_after(self, pos: int, reach: int) -> str | None:
        """Return the organisation named first after pos within `reach`
        characters, else None: whom a lead's description ("A US bank said ...")
        names next."""
        i = bisect_left(self._positions, pos + 1)
        return self.mentions[i].name if i < len(self.mentions) and self.mentions[i].pos - pos <= reach else None

    def referent(self, pos: int, recorded: list[tuple[int, str]], it: bool) -> str | None:
        """Return the organisation a collective pronoun at pos means: the
        later of the last one `recorded` as speaking and, for "it", the last
        one introduced (_introduced); None when there is neither."""
        context = context_at(self.text, pos + 1)  # "wrong. It said": the pronoun's own sentence
        spoke = next(((at, org) for at, org in reversed(recorded) if at < pos), None)
        found = self._introduced(pos, context.sentence) if it else self._party_before(pos, context.previous)
        best = max((x for x in (spoke, found) if x is not None), default=None)
        return None if best is None else self._full.get(best[1], best[1])

    def _party_before(self, pos: int, previous: int) -> tuple[int, str] | None:
        """Return (position, name) of the organisation named last before pos when it is
        named since `previous` (the sentence before the pronoun's began) and is a party
        named in the plural ("opposed by the Liberal Democrats. They said"), else None."""
        i = bisect_left(self._positions, pos) - 1
        if i < 0 or self.mentions[i].pos < previous:
            return None
        m = self.mentions[i]
        run = _RUN_RE.match(self.text, m.pos)
        written = _clean(run.group()).split() if run else []  # "The Conservatives": the registry's Conservative Party
        plural = any(is_plural_party([plain_word(w) for w in name]) for name in (m.name.split(), written))
        return (m.pos, m.name) if plural else None

    def _introduced(self, pos: int, sentence: int) -> tuple[int, str] | None:
        """Return (position, name) of the latest organisation introduced as a
        subject or by a description within REFERENT_REACH before pos, or named
        since `sentence` began, else None."""
        i = bisect_left(self._positions, pos) - 1
        while i >= 0 and pos - self.mentions[i].pos <= REFERENT_REACH:
            m = self.mentions[i]
            if m.salient or m.pos >= sentence:
                return m.pos, m.name
            i -= 1
        return None


def _subject(text: str, start: int) -> bool:
    """True when the name at start ("the Met added") opens its sentence or clause, or closes
    an appositive before the sentence's cue ("One bidder, steel group Acme, said it ...")."""
    if _CLOSES_APPOSITIVE_RE.match(text, start) and "," in text[max(0, start - 40):start]:
        return True
    if text.startswith("the ", max(0, start - 4)):
        start -= 4
    return is_subject(text, start)


# a name, then the comma closing its appositive and the sentence's speech verb
_CLOSES_APPOSITIVE_RE = re.compile(rf"{_WORD}(?:[ \u00a0]+{_WORD})*,[ \u00a0]+(?:has[ \u00a0]+)?"
                                   rf"(?:{word_alternation(words('main_cues'))})\b")


def _described(noun: str, by_head: Mapping[str, str], kinds: Mapping[str, set[str]],
               fallbacks: list[str | None]) -> str | None:
    """Return the organisation "the <noun>" means: the latest whose name ends
    in it or written beside it ("Acme Bank", "publishing group Acme"); else
    the one the text is about (a subject, else the latest named) unless
    written beside its name as a publication and the noun is none (the
    "Acme newspaper" is no "party")."""
    if noun in by_head:
        return by_head[noun]
    fits = (f for f in fallbacks if f is not None and (noun in PUBLICATIONS or not kinds.get(f, set()) & PUBLICATIONS))
    return next(fits, None)


def _plain_modifiers(between: str) -> bool:
    """True when the words between "the" and the noun are modifiers ("The
    Australian firm"), not a phrase ("the head of the firm")."""
    return not any(w.lower() in _NOT_MODIFIER for w in between.split())
