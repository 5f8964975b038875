"""Speaker resolution within one article: names, titles, roles, pronouns.

Owns the per-document registry of people (and institutions) that lets "Mrs Smallman" map to the Mina Smallman
introduced earlier, "Sir Mark" to Sir Mark Rowley, "Mr Gardner" (a typo) to Barry Gardiner and "she" to the
most salient woman.  Salience = was a speaker before, then was a sentence subject, then recency.  A person's
record and name-level rules are people.people's, splitting a capitalised run and naming institutions runs';
whom a capitalised phrase names (`resolve_run`) is people.runresolution's, over this registry.
"""
from __future__ import annotations

from functools import cached_property

from onrecord.indexer.annotate.attribution.names import epithets, lonespeakers, singles, things
from onrecord.indexer.annotate.attribution.names.fullnames import NameHit, find_full_names
from onrecord.indexer.annotate.attribution.names.names import (
    F_TITLES,
    M_TITLES,
    N_TITLES,
    first_name_gender,
    is_description,
    is_surname_only,
    lowercase_words,
    name_words,
    surname_role,
)
from onrecord.indexer.annotate.attribution.names.placements import follows_role, inside, is_subject, quoted_spans
from onrecord.indexer.annotate.attribution.names.runs import (
    ROLE_WORDS,
    expand_acronym,
    looks_like_org,
    match_org,
    unnamed_spokespeople,
)
from onrecord.indexer.annotate.attribution.names.surnames import surname_hits
from onrecord.indexer.annotate.attribution.orgs import orgevidence
from onrecord.indexer.annotate.attribution.orgs.organisations import Organisations
from onrecord.indexer.annotate.attribution.people import lookups, referents, relatives, runresolution
from onrecord.indexer.annotate.attribution.people.people import (
    Person,
    gender_of,
    longer_form,
    plain_title_fits,
    pronoun_gender,
    variants,
)
from onrecord.indexer.annotate.attribution.people.positions import Positions
from onrecord.indexer.annotate.attribution.people.roles import roles_around
from onrecord.indexer.annotate.attribution.people.speakertypes import is_org_value
from onrecord.indexer.annotate.attribution.phrases import newcomers
from onrecord.indexer.annotate.attribution.pronouns import subjectbodies
from onrecord.indexer.annotate.attribution.spans.quotes import QuoteStyle, detect_quote_style
from onrecord.indexer.annotate.institutions.registry import InstitutionRegistry
from onrecord.indexer.lexicon import words

_NOT_FIRST = ROLE_WORDS | F_TITLES | M_TITLES | N_TITLES | words("not_first_names", "weekdays", "months")
_COLLECTIVE_PRONOUNS = words("pronouns_collective")


class DocSpeakers:
    """The people and institutions of one article, for resolving speakers.

    People are indexed by first name, surname and surname one deletion away
    (for typos), and every mention is kept in position order, so resolving
    a name or pronoun costs about O(log n), not a pass over everyone.
    Institutions are named by `registry` (indexer.annotate.institutions')."""

    def __init__(self, text: str, style: QuoteStyle | None = None,
                 registry: InstitutionRegistry | None = None) -> None:
        self.registry = registry  # the institutions registry (None: the packaged list alone)
        self.people: dict[str, Person] = {}
        self.orgs: list[tuple[int, str]] = []  # (position, canonical) of institutional speakers
        # head word -> (end, name) of the capitalised names ending in it (descriptions.nominals)
        self.org_names_by_head: dict[str, list[tuple[int, str]]] = {}
        self._org_names: set[str] = set()  # the orgs' names up to self._org_count (is_org)
        self._org_count = 0
        self.by_order: list[Person] = []
        self.by_first: dict[str, list[Person]] = {}  # public: people.lookups, speakertypes read these indexes
        self.by_last: dict[str, list[Person]] = {}
        self.by_variant: dict[str, list[Person]] = {}  # surname and its one-deletion variants
        self.by_inner: dict[str, list[Person]] = {}  # the inner words of longer names ("Joon" of Yeun Joon Kim)
        self._salient = Positions()  # everyone's, tagged with Person.order
        self.mentions = Positions()  # everyone's, tagged with Person.order (ranking.ranker, people.lookups)
        self.text = text
        self.proxies: list[tuple[int, str, str | None]] = []  # (position, body, gender) of spokespeople
        self.proxy_names: set[str] = set()
        self.org_like = orgevidence.OrgEvidence(text)  # whether a registered "person" is shown to be an organisation
        self.common = lowercase_words(text)
        self._quoted = quoted_spans(text, style or detect_quote_style(text))
        self._candidates: dict[str, NameHit] = {}  # surname -> a full name no cue vouched for yet
        # a candidate's own full-name mention, once a later surname makes it a person (None after the scan)
        self._late: list[tuple[int, Person, bool]] | None = []
        self._scan_mentions(text)
        self._scan_spokespeople(text)

    def _scan_mentions(self, text: str) -> None:
        """Register the people the article names and keep every mention of
        them (and the subject ones) in position order, outside quotes."""
        hits = epithets.without_headline_epithets(text, find_full_names(text, self.common))  # not "Classy Vole"
        events = [e for hit in hits if (e := self._introduce(text, hit))]
        events += self._surname_mentions(text) + (self._late or [])
        self._late = None  # "Lord Dubs": a peer is a person before speaking, for the pronouns between
        lone = lonespeakers.mentions(text, self.common, (self.by_last, self.by_first), self.match_org)
        peers = [*singles.peer_mentions(text, _NOT_FIRST), *lone]  # "Vole said": a person before speaking too
        events += [(at, self.register_single([w], t), is_subject(text, at)) for at, t, w in peers]
        events += referents.description_mentions(text, events)  # "the cardinal will ask", "the Dutchman": one named
        for pos, person, subject in sorted(events, key=lambda e: (e[0], e[1].order)):
            if inside(self._quoted, pos):
                continue  # a name inside a quote is the speaker's topic, not a pronoun's antecedent
            person.mentions.scan(pos)
            self.mentions.scan(pos, person.order)
            if subject:
                person.salient.scan(pos)
                self._salient.scan(pos, person.order)

    def _mention_late(self, hit: NameHit, person: Person) -> None:
        """Record a candidate's full-name mention once it became `person` ('Radio host Rush
        Limbaugh used' before 'Limbaugh began'): a first mention is an antecedent like any other."""
        subject = is_subject(self.text, hit.run_start)
        if self._late is not None:
            self._late.append((hit.start, person, subject))
        elif not inside(self._quoted, hit.start):
            person.mentions.add(hit.start)
            self.mentions.add(hit.start, person.order)
            if subject:
                person.salient.add(hit.start)
                self._salient.add(hit.start, person.order)

    def _scan_spokespeople(self, text: str) -> None:
        """Register 'a spokeswoman for the X' and 'an X spokesman' the article names no one beside as X's proxies."""
        for pos, noun, run in unnamed_spokespeople(text, self.by_last.__contains__):  # their 'she said' is X
            body = self.match_org(run) or expand_acronym(text, run) or run
            if not is_description(body.split()) and run not in self.by_last:  # "a Vole spokesman": hers
                self.note_proxy(body, "f" if "woman" in noun else "m" if "man" in noun else None, pos)

    def _introduce(self, text: str, hit: NameHit) -> tuple[int, Person, bool] | None:
        """Register a full name found by the document scan; return its mention event, or None for a non-person or a name
        kept only as a candidate (no title, known first name, role or subject position vouches for it)."""
        name, title = hit.parts.name, hit.parts.title
        first, last = name[0], name[-1]
        if looks_like_org(name) or first.lower() in _NOT_FIRST:
            return None
        if things.not_a_person(text, self.common, hit):
            return None  # "Ann Vole, president, Acme Outdoors": her employer; "Urbane Box": a thing
        end = text.find(last, hit.start) + len(last)
        subject = (is_subject(text, hit.run_start) or newcomers.described(text, end)) \
            and not things.alone_on_line(text, hit)  # a heading; "came from Ann Vole, an analyst at": a newcomer
        if self.surname_led(name):  # "De Blasio" after Bill de Blasio: his surname
            return hit.start, next(p for p in self.by_last[last] if p.first), subject
        longer = longer_form(self.by_last.get(last, []), name, title is not None)
        if longer is not None:  # "Parker Vole" after Ann Parker Vole: her double-barrelled surname
            return hit.start, longer, subject
        if last.lower() in ROLE_WORDS and not surname_role(name, title) or not (  # "Ada King": if "Ms King" follows
                title or first_name_gender(first) or hit.parts.role or subject or follows_role(text, hit.run_start)
                or relatives.relative_follows(text, hit.run_start, end)):  # "cleric Ann Vole, who was killed"
            self._candidates.setdefault(last, hit)
            return None
        person = self.register_person(first, last, gender_of(first, title), hit.parts.display())
        person.honour(title)
        person.roles.update(w.lower() for w in hit.parts.role)
        person.roles.update(roles_around(text, hit.run_start, end))
        return hit.start, person, subject

    def _surname_mentions(self, text: str) -> list[tuple[int, Person, bool]]:
        """Return the mention events of known people by surname alone or with
        a title ("Mourinho added", "Mr Straw said"): they keep a person salient
        for pronouns.  A candidate named this way becomes a person."""
        surnames = set(self.by_last) | set(self._candidates)
        # informal writing names people by first name ("Bernard's go-to option is"): a first
        # name only one person has, and nobody's surname, is a mention of that person too
        firsts = {first: people[0] for first, people in self.by_first.items()
                  if len(people) == 1 and first not in surnames and len(first) > 1}
        if not surnames and not firsts:
            return []
        events = []
        for start, word, title in surname_hits(text, surnames | set(firsts)):
            person = firsts[word] if word in firsts and title is None else self.find_by_surname(word, title)
            if person is not None:
                events.append((start, person, is_subject(text, start)))
        return events

    def find_by_surname(self, last: str, title: str | None) -> Person | None:
        """Return whom a surname (optionally titled) names: the first fitting registered person, else its candidate."""
        g = gender_of("", title)
        for person in plain_title_fits(self.by_last.get(last, []), (title or "").lower().rstrip(".")):
            if person.first and (not g or person.gender in (None, g)):
                return person
        hit = self._candidates.pop(last, None) or self._inner_candidate(last)
        if hit is None:
            return None
        name = hit.parts.name
        gender = gender_of(name[0], title or hit.parts.title)
        person = self.register_person(name[0], name[-1], gender, hit.parts.display())
        self._mention_late(hit, person)
        return person

    def _inner_candidate(self, word: str) -> NameHit | None:
        """Pop and return the candidate full name with `word` inside it ("Joon" of Yeun Joon Kim), or None."""
        for key, hit in self._candidates.items():
            if word in name_words(hit.parts.name)[1:-1]:
                return self._candidates.pop(key)
        return None

    def register_person(self, first: str, last: str, gender: str | None, display: str = "") -> Person:
        """Return the person first+last, registering them (shown as `display`, else "first last") when new."""
        name = f"{first} {last}"
        person = self.people.get(name)
        if person is None:
            person = self.people[name] = Person(display or name, first, last, gender, order=len(self.by_order))
            self.by_order.append(person)
            self.by_first.setdefault(first, []).append(person)
            self.by_last.setdefault(last, []).append(person)
            for key in variants(last):
                self.by_variant.setdefault(key, []).append(person)
            for word in name_words(person.name.split())[1:-1]:
                self.by_inner.setdefault(word, []).append(person)
        elif person.gender is None:
            person.gender = gender
        return person

    def resolve_run(self, run: str, pos: int) -> tuple[str | None, str | None]:
        """Return (canonical speaker, role) for a capitalized phrase at pos (people.runresolution)."""
        return runresolution.resolve_run(self, run, pos)

    def register_single(self, name: list[str], title: str | None) -> Person:
        """Register a person the article names by surname alone ("Van Gaal"), with the peer's title it gives
        them ("Lord Falconer") or, after "Mr", the first name it writes before the surname ("Brett Lock")."""
        last = name[-1]
        first = singles.first_name_before(self.text, last, self.common) if surname_role([last], title) else None
        title = singles.peer_title(self.text, last, title)
        person = self.register_person(first or "", last, gender_of(first or last, title))
        person.name = f"{first} {last}" if first else \
            singles.peer_name(self.text, title, last, self.match_org) if title else " ".join(name)
        return person

    def surname_led(self, name: list[str]) -> bool:
        """True for a surname and its particles ("van Gaal"; "Van Gaal" once Louis van Gaal is known); not "Al Gore"."""
        return is_surname_only(name) and (name[0].islower() or any(p.first for p in self.by_last.get(name[-1], [])))

    def note_proxy(self, body: str, gender: str | None, pos: int) -> None:
        """Record a spokesperson for `body` at pos: their 'she said', 'the spokeswoman' later resolve to it."""
        proxy = self.people.get(f"\0{body}")
        if proxy is None:
            proxy = self.people[f"\0{body}"] = Person(body, "", body, gender, order=len(self.by_order))
            self.by_order.append(proxy)
        proxy.gender = gender
        self.proxies.append((pos, body, gender))
        self.proxy_names.add(body)
        self._speak(proxy, pos)

    def speak_as(self, person: Person, pos: int) -> str:
        """Record that `person` spoke at pos; return their canonical name."""
        return self._speak(person, pos).name

    def _speak(self, person: Person, pos: int) -> Person:
        person.spoke.add(pos)
        person.salient.add(pos)
        person.mentions.add(pos)
        self._salient.add(pos, person.order)
        self.mentions.add(pos, person.order)
        return person

    def resolve_pronoun(self, pronoun: str, pos: int, named: frozenset[str] = frozenset()) -> str | None:
        """Return the canonical speaker a pronoun at pos means, or None: no surname in `named` but a proxy's."""
        low, g = pronoun.lower(), pronoun_gender(pronoun)
        if g is not None:
            best = lookups.pronoun_referent(self, g, pos, named=named)
            if best is None:
                return None
            if best.gender is None:
                best.gender = g
            return self._speak(best, pos).name
        if low in _COLLECTIVE_PRONOUNS:
            earlier = subjectbodies.resolve_body(low, pos, self)
            if earlier is not None:
                self.orgs.append((pos, earlier))
                return earlier
        return None

    @cached_property
    def organisations(self) -> Organisations:
        """Return the organisations the article introduces (scanned on first use)."""
        return Organisations(self.text, self.match_org, self._quoted, self.by_last, self.common)

    def match_org(self, phrase: str) -> str | None:
        """Return the institution `phrase` names in this article's registry, or None."""
        return match_org(phrase, self.registry)

    def is_org(self, name: str) -> bool:
        """Return True if `name` is an organisation's (people.speakertypes: the same answer whenever asked)."""
        # The names seen so far, updated from the list's new tail: a per-quote scan would grow with the article
        self._org_names.update(org for _pos, org in self.orgs[self._org_count:])
        self._org_count = len(self.orgs)
        return is_org_value(self, name, self._org_names)

    def is_person(self, name: str) -> bool:
        """Return True if `name` is a person of the registry (not an institution)."""
        return not self.is_org(name) and any(p.name == name for p in self.by_last.get(name.split()[-1], []))

    def note_org(self, org: str, pos: int) -> None:
        """Record an institution that spoke at pos (so 'it said' can follow)."""
        self.orgs.append((pos, org))
