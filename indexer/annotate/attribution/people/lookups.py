"""Finding a known person of one article's registry (people.speakers'
DocSpeakers) by a lone word or a pronoun.

Owns which registered person "Smallman", "Mrs Smallman", "Sir Mark", "Mr
Gardner" (a typo) or "Mr Kim" names, and whom "he"/"she" means: the learned
ranking of people.speakers' mentions (pronouns.antecedents).  Split from
people.speakers, whose indexes (by first name, surname, variant, inner
word) and mention positions these functions read; they register no one.
"""
from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from onrecord.indexer.annotate.attribution.names.names import first_name_gender
from onrecord.indexer.annotate.attribution.people.people import Person, gender_of, plain_title_fits, rank_at, typos_of
from onrecord.indexer.annotate.attribution.pronouns import antecedents, contexts
from onrecord.indexer.annotate.attribution.pronouns.epithetsubjects import epithet_referent
from onrecord.indexer.lexicon import words

if TYPE_CHECKING:
    from onrecord.indexer.annotate.attribution.people.speakers import DocSpeakers

FIRST_NAME_TITLES = words("first_name_titles")


def find_single(people: DocSpeakers, word: str, title: str | None, pos: int) -> Person | None:
    """Return the known person 'Smallman', 'Mrs Smallman', 'Sir Mark', 'Mr Gardner', 'Mr Kim' names: the first
    test in order that someone passes, then the most recent speaker/subject among them (ties: met first); else None."""
    t, g = (title or "").lower().rstrip("."), gender_of("", title)
    tests: list[Callable[[], list[Person]]] = [lambda: people.by_last.get(word, [])]
    if t in FIRST_NAME_TITLES:
        tests.insert(0, lambda: people.by_first.get(word, []))
    # a misspelt surname, not a common word one letter off ("More often" is no Moore)
    tests.append(lambda: typos_of(people.by_variant, word) if len(word) >= 4 and word.lower() not in people.common
                 else [])
    if not t:
        tests.append(lambda: people.by_first.get(word, []))
        tests.append(lambda: people.by_inner.get(word, []))  # "Joon" for Yeun Joon Kim
    for test in tests:
        found = plain_title_fits([p for p in test() if p.first and (not g or p.gender in (None, g))], t)
        if found:
            return max(found, key=lambda p: rank_at(p, pos))
    # titled, a family name written first ("Mr Kim" of Kim Yungmin): a gender guessed from "Kim" is no
    # clash; but a man's first name after "Mr" is his surname ("Mr Howard" is not Howard Flight)
    found = people.by_first.get(word, []) if t and not (g and first_name_gender(word) == g) else []
    return max(found, key=lambda p: rank_at(p, pos)) if found else None


def pronoun_referent(people: DocSpeakers, g: str, pos: int, depth: int = antecedents.CHAIN_DEPTH,
                     named: frozenset[str] = frozenset()) -> Person | None:
    """Return whom the pronoun opening the sentence before means (antecedents.chained), else the headline's
    person a definite epithet opening it stands for (epithetsubjects), else the person of gender g (or
    unknown) mentioned before pos the learned ranking (antecedents) scores highest: no `named`."""
    # he and she never mean an organisation ("Acme Bakery was founded in 1988")
    pool = antecedents.candidates(people.mentions, people.by_order, pos,
                                  lambda p: p.gender in (None, g) and not (p.first and people.org_like(p.name))
                                  and (not named or p.name in people.proxy_names or p.last not in named))
    ctx = contexts.context_at(people.text, pos)
    if depth and pool and (earlier := antecedents.chained(people.text, ctx, g, pool)) >= 0:
        return pronoun_referent(people, g, earlier, depth - 1, named)
    # "The Brazilian confirmed ... Ferguson. '...,' he told": the epithet, the headline's person (a rule)
    topic = epithet_referent(people.by_order, pool, contexts.whole_quote(people.text, ctx), g, people.text) \
        if pool else None
    if topic is not None and topic.last not in named and not people.org_like(topic.name):
        return topic
    return antecedents.choose(pool, ctx, g, people.proxy_names, text=people.text)
