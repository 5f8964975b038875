"""Speaker values no one person or organisation holds, cleared after attribution.

Owns the stage after attribution that leaves a quote without a speaker value
when the rules credited words to someone who did not say them alone:

- two names joined by "and" ("Princes William and Harry said", "said Ann
  Vole and Bob Pike", "The Queen and the Duke said"): both people's words,
  and a speaker value is one person or one organisation;
- a partial quote no cue reports, credited to the organisation opening its
  sentence, when nothing between the two voices a view ('The Quill Agency
  fined the firm for a "wardrobe malfunction"', 'It has distinct "industry
  pods"'): the quoted words are the writer's, not the organisation's; a
  stance verb ('It credited the actor's "raw energy"', 'X has expressed
  "serious misgivings"') or a description introducing the body ("US rock
  band Quillies") keeps it;
- likewise a person named or meant by a pronoun in a narrative sentence
  ('She played Ann Vole as a "fiery" queen', 'He assumed the "stage
  name"'): a scare quote or term is the writer's (issue #31); not in a
  headline, nor an owner's words ("Vole's research"), nor a spokeswoman's.

It also gives the whole name where the registry cut a word off one the
article writes whole (whole_names: "Concern England" beside "Age Concern
England", "Wright" beside "Will Wright"; and wholeruns: "UK" of "Amnesty
International UK"): one value per person or body.

The speaker phrase stays as the quote's mention (the evidence the reader
sees), and nothing before the stage changes: the registry, the speaker
carried to the next quote and the names it resolves are the rules' as they
were.
"""
from __future__ import annotations

import re
from dataclasses import replace

from onrecord.indexer.annotate.attribution.cleanup.bodynouns import is_body_noun_value
from onrecord.indexer.annotate.attribution.cleanup.introduced import introduced_names
from onrecord.indexer.annotate.attribution.cleanup.kindtails import cut_kind_tails
from onrecord.indexer.annotate.attribution.cleanup.nametails import whole_tails
from onrecord.indexer.annotate.attribution.cleanup.openers import SPEECH_VERBS, cut_openers
from onrecord.indexer.annotate.attribution.cleanup.voicing import (
    POSSESSIVE,
    acts_on_quote,
    is_narrated_person,
    voices_view,
)
from onrecord.indexer.annotate.attribution.cleanup.wholeruns import LazyWords, whole_runs
from onrecord.indexer.annotate.attribution.names.names import (
    INITIALS_RE,
    ORG_NAME_WORDS,
    TITLES,
    cut_name,
    first_name_gender,
    is_owner,
    is_role_word,
    lowercase_words,
    plain_word,
)
from onrecord.indexer.annotate.attribution.names.names import (
    is_description as is_descriptor_run,
)
from onrecord.indexer.annotate.attribution.names.runs import looks_like_org
from onrecord.indexer.annotate.attribution.orgs.leadmodifiers import (
    reported_without_modifiers,
    wholes_without_modifiers,
)
from onrecord.indexer.annotate.attribution.spans.quotes import is_heading
from onrecord.indexer.budget import check
from onrecord.indexer.lexicon import words
from onrecord.search import Article, Deadline, Paragraph, Quote

# a name and another before it ("The Queen and the Duke said", "(CMF) and the LCF said"), the word
# before that name kept to tell a preposition's object ("at Old Trafford and Ann Vole said") apart
_JOINED_BEFORE_RE = re.compile(r"(?:\b([a-z]+)\s+)?(?:[A-Z][\w'\u2019.-]*\s+)*(?:[A-Z][\w'\u2019.-]*|\(\w+\))"
                               r"\s+and\s+(?:the\s+)?$")
# another name after it ("said Ann Vole and Bob Pike", "Mr Vole and Mr Pike issued")
_JOINED_AFTER_RE = re.compile(r"\s+and\s+(?:the\s+)?(?:(?:Mr|Mrs|Ms|Dr|Prof)\.?\s+)?[A-Z][a-z]")
# lowercase words describing the name after them ("US rock band Quillies"): the article introduces it
_DESCRIBED_RE = re.compile(r"(?:[A-Z][\w.-]*\s+)?(?:(?!(?:the|a|an)\s)[a-z][a-z-]*\s+)+[A-Z]")
_WORD_RE = re.compile(r"[a-z]+")
_PLACE_PREPOSITIONS = words("place_prepositions")
_ROLES = words("roles")
_PRONOUNS = words("pronouns")  # "He played him as a \"fiery\" queen": a pronoun names no one here
_INDEFINITE_RE = re.compile(r"(?:an?|An?)\s+")
# a capitalised word right before a name in the text ("Age" before "Concern England", "Will" before "Wright")
_WORD_BEFORE_RE = re.compile(r"([A-Z][\w.\u00c0-\u024f-]*['\u2019]?)[ \u00a0]+$")
_SENTENCE_OPENERS = ".!?:;\"'\u201c\u201d\u2018\u2019(\n"
_NOT_NAME_WORDS = words("determiners", "peer_titles", "weekdays", "months") | TITLES | {"i"}


def is_joint(text: str, start: int, end: int) -> bool:
    """True when the speaker phrase text[start:end] is one of two names joined
    by "and" ("Princes William and Harry", "Ann Vole and Bob Pike").  Not when
    the phrase holds an office ("Economy and Labour Minister Ann Vole", "Acme
    Co-Owner and Lead Planner Ann Vole": the "and" joins offices), nor when
    the name before "and" is a preposition's object ("a tie at Old Trafford
    and Vole said")."""
    if "and" not in text[max(0, start - 9):start] and "and" not in text[end:end + 6]:
        return False  # most phrases: no "and" beside them, no pattern to try
    if any(w in _ROLES for w in re.split(r"[\s-]+", text[start:end].lower())):
        return False
    before = _JOINED_BEFORE_RE.search(text, max(0, start - 60), start)
    return before is not None and before.group(1) not in _PLACE_PREPOSITIONS \
        or _JOINED_AFTER_RE.match(text, end) is not None


def is_unvoiced(text: str, quote: Quote, headline: bool = False, later: bool = False) -> bool:
    """True when `quote` is a partial quote no cue reports, credited to the
    organisation (or bare one-word name, _is_bare_word) opening its
    sentence with no stance verb between the two
    ('The Quill Agency fined the firm for a "wardrobe malfunction"'); not
    when the words follow the name at once ('Acme's "no comment"') or a
    description introduces it ("US rock band Quillies").  A person opening
    a narrative sentence likewise (voicing.is_narrated_person: 'She played him as a
    "fiery" queen'), but not in a `headline`, whose subject mostly said the
    words ('Vole ready for "fearsome" test'), nor a person named with an act
    verb of theirs when the quote is `later` than another of its paragraph
    (voicing.acts_on_quote: the turn partial_subjects.named_subject reads)."""
    mention = quote.speaker_mention
    if quote.speaker_source != "rule:clause_subject" or mention is None or not quote.pieces \
            or mention.end > quote.pieces[0][0]:
        return False
    if quote.speaker_type != "organisation" and not _is_bare_word(quote) \
            and (headline or not is_narrated_person(mention.text)):
        return False
    if later and _is_named_actor(text, quote):
        return False  # 'Ann Vole, who ..., paid tribute to the "legacy"' after another's words: hers
    between = _WORD_RE.findall(text[mention.end:quote.pieces[0][0]].lower())
    return bool(between) and not _DESCRIBED_RE.match(mention.text) and not voices_view(between)


def _is_named_actor(text: str, quote: Quote) -> bool:
    """True when `quote`'s speaker is a person its mention names (capitalised, no pronoun)
    and an act verb of theirs stands between the mention and the words (acts_on_quote).
    A paragraph's first quote is never asked: with no speaker before it, a narrative
    subject's act mostly frames a scare quote ('Smith plays a New York "date doctor"')."""
    mention = quote.speaker_mention
    return mention is not None and quote.speaker_type == "person" and mention.text[:1].isupper() \
        and mention.text.lower() not in _PRONOUNS and acts_on_quote(text, mention.end, quote.pieces[0][0])


def _is_bare_word(quote: Quote) -> bool:
    """True when `quote`'s value is one word (no person's full name) and its
    mention that word as the subject itself ("Quillo has signed"), not an
    owner's ("Quillo's research has shown": the research may speak for it)."""
    mention = quote.speaker_mention
    return " " not in (quote.speaker or " ") and mention is not None and not mention.text.endswith(POSSESSIVE)


def is_office(word: str) -> bool:
    """True for an office word ("MEP", "Secretary", "spokeswoman") that is no
    word of a body's name ("Police", "Press": "Thames Valley Police")."""
    return is_role_word(word) and plain_word(word) not in ORG_NAME_WORDS


def is_description(value: str, mention: str | None) -> bool:
    """True when a speaker value describes whoever spoke instead of naming
    them: offices alone ("MPs"), an office after a body's
    name ("Quill Party MEP": one of its members), or the words of the
    indefinite description it was read from ("A US firm" -> "US firm").  An
    acronym ("LT") or an office word after a name ("Tom King") is a name."""
    toks = value.split()
    if value.isupper():
        return False
    indefinite = _INDEFINITE_RE.match(mention or "")
    if indefinite and mention is not None and mention[indefinite.end():] == value:
        return True
    if not is_office(toks[-1]):
        return False  # most values: a name's last word
    if all(is_office(t) for t in toks):
        return True
    parts = cut_name(toks)
    return len(toks) > 1 and bool(parts.role) and parts.role[-1] == toks[-1] and looks_like_org(parts.name)


def named_after_office(value: str, people: frozenset[str]) -> tuple[str, str] | None:
    """Return (name, office) when `value` is an office kept before a name
    among `people` ("Docks and Ports Secretary Ada Lowe" -> ("Ada Lowe",
    "Docks and Ports Secretary")), else None."""
    toks = value.split()
    if not any(" ".join(toks[k:]) in people for k in range(1, len(toks) - 1)):
        return None  # most values: no person's name ends them after other words
    parts = cut_name(toks)
    name = parts.display()
    if len(parts.name) < 2 or name not in people or not value.endswith(" " + name) \
            or not any(is_office(t) for t in parts.role):
        return None
    return name, value[:-len(name)].strip()


def _is_first_name(text: str, word: str, end: int) -> bool:
    """True when `word`, written before text[end:], may be a person's first or
    middle name: name-shaped (not "WRAZ-TV", "Film-maker"), no word of a
    body's name ("Commons"), and written nowhere else in the article but
    before that name ("Unison Dave Prentis" beside "Unison said": a body)."""
    parts = word.split("-")
    shaped = INITIALS_RE.fullmatch(word) is not None or all(p[:1].isupper() and p[1:].islower() for p in parts)
    if not shaped or plain_word(word) in ORG_NAME_WORDS:
        return False
    after = text[end:end + 40].split(None, 1)
    whole = f"{word} {after[0]}" if after else word
    return text.count(word) == text.count(whole)


def _name_word_before(text: str, end: int, organisation: bool) -> tuple[str, int] | None:
    """Return (word, start) of the capitalised word right before text[end:]
    when it may be a word of the same name: not a title, a determiner, an
    office or descriptor ("Goalscorer", "Briton"), nor an owner's ("Quill's
    Ann Vole"); a plural owner's only inside a body's name ("The Actors'
    Guild Association").  A sentence's first word the article never writes
    in lowercase is ("?", start): maybe a name ("Ann Vole said"), maybe not
    ("Striker Ann Vole said", "Distributor Quill Pictures said")."""
    found = _WORD_BEFORE_RE.search(text, max(0, end - 40), end)
    if found is None:
        return None
    word, opened = found.group(1), text[:found.start()].rstrip(" \u00a0")
    if word.endswith(".") and not INITIALS_RE.fullmatch(word) or plain_word(word) in _NOT_NAME_WORDS \
            or is_role_word(word) or is_descriptor_run([word]):
        return None  # a sentence's end, a title, "The", an office or descriptor
    if is_owner(word) and not (organisation and word.endswith(("s'", "s\u2019"))):
        return None
    if not organisation and not _is_first_name(text, word, end):
        return None
    if opened.endswith((" the", " The")) and not organisation:
        return None  # a noun's: "leader of the Commons Ann Vole"
    if opened and opened[-1] not in _SENTENCE_OPENERS:
        return word, found.start()
    if word.lower() in lowercase_words(text) or word.lower() in SPEECH_VERBS:
        return None  # "But Vole said", "Will Wright said", "Said Vole:"
    return "?", found.start()


def whole_name(text: str, value: str, organisation: bool) -> str | None:
    """Return the one longer name the article writes ending in `value` ("Age
    Concern England" for "Concern England", "Will Wright" for "Wright": the
    name the registry cut a word off), up to two name words before it (three
    for a body's); None when it writes none or more than one ("Ann Vole" and
    "Bo Vole"), or a sentence opens with a word before it (_name_word_before)."""
    found: set[str] = set()
    start = text.find(value)
    while start >= 0 and len(found) < 2:
        end = start + len(value)
        if (start == 0 or not text[start - 1].isalnum()) and (end == len(text) or not text[end].isalnum()):
            before: list[str] = []
            cut = start
            while len(before) < 2 + organisation and (word := _name_word_before(text, cut, organisation)):
                if word[0] == "?" and before:
                    break  # "Striker Ann Vole": the name is what follows the sentence's first word
                before.insert(0, word[0])
                cut = word[1]
            if before:
                found.add(" ".join([*before, value]))
        start = text.find(value, end)
    name = found.pop() if len(found) == 1 else None
    return None if name is None or name.startswith("?") else name


def whole_names(text: str, quotes: list[Quote]) -> dict[str, str]:
    """Return each speaker value of `quotes` the article writes whole with more
    words before it (whole_name) mapped to that whole name, when a speaker
    phrase of the value writes a word of it ("Age Concern" for "Concern
    England" beside "Age Concern England"), or the value is a person's one
    word ("Mr Wright" beside "Will Wright"); never an acronym, whole as it is
    ("ISP AOL")."""
    whole: dict[str, str] = {}
    for value in {q.speaker for q in quotes if q.speaker and q.speaker.count(" ") < 3 and not q.speaker.isupper()}:
        own = [q for q in quotes if q.speaker == value]
        organisation = any(q.speaker_type == "organisation" for q in own)
        if not organisation and " " in value and first_name_gender(value.split()[0]):
            continue  # a first name opens it already: "union Unison Dave Prentis"
        name = whole_name(text, value, organisation)
        if name is None:
            continue
        first = name.split()[0]
        if " " in value or organisation:
            if not any(q.speaker_mention is not None and first in q.speaker_mention.text.split() for q in own):
                continue
        whole[value] = name
    return whole


def clear_value(text: str, quote: Quote, people: frozenset[str] = frozenset(), headline: bool = False,
                later: bool = False) -> Quote:
    """Return `quote` without a speaker value (and its role and evidence) when
    its speaker phrase names two people together (is_joint), a body or
    person that voiced nothing (is_unvoiced; `headline` when the quote is in
    one, `later` when another quote of its paragraph is before it) or a
    description (is_description); with the name an office was kept before
    when `people` (the article's person values) holds it (named_after_office);
    else `quote` itself."""
    mention = quote.speaker_mention
    if quote.speaker is None:
        return quote
    named = named_after_office(quote.speaker, people)
    if named is not None:
        return replace(quote, speaker=named[0], role=named[1], speaker_type="person")
    if mention is not None and (is_joint(text, mention.start, mention.end)
                                or is_unvoiced(text, quote, headline, later)) \
            or is_description(quote.speaker, mention.text if mention else None):
        return replace(quote, speaker=None, role=None, evidence=None, confidence=None, speaker_type=None,
                       speaker_source=None)
    return quote


def _whole(quote: Quote, whole: dict[str, str]) -> Quote:
    """Return `quote` with the whole name `whole` maps its value to, else itself."""
    name = whole.get(quote.speaker or "")
    return quote if name is None else replace(quote, speaker=name)


def _body_typed(quote: Quote, bodies: set[str]) -> Quote:
    """Return `quote` typed an organisation when its value is one of `bodies`
    (a name widened by its own tail: nametails) or a body's lowercase common
    noun ("government": bodynouns, asked last so no value above reads it), else itself."""
    if quote.speaker in bodies and quote.speaker_type != "organisation" \
            or quote.speaker and quote.speaker_type == "person" and is_body_noun_value(quote.speaker):
        return replace(quote, speaker_type="organisation")
    return quote


def clear_speaker_values(article: Article, *, deadline: Deadline | None = None) -> Article:
    """Return `article` whose quotes no one person or organisation said have
    no speaker value, and whose offices kept before a name give the name
    (clear_value), each paragraph's speakers recounted.
    Raises DeadlineExceeded past `deadline`."""
    people = frozenset(q.speaker for p in article.paragraphs for q in p.quotes
                       if q.speaker and q.speaker_type == "person")
    # "But police", "Said Vole": the sentence's first word cut off the value first (openers)
    # and "the United board": the body's name without the kind noun after it (kindtails)
    cut = cut_openers(article.text, [q for p in article.paragraphs for q in p.quotes])
    cut |= cut_kind_tails([q for p in article.paragraphs for q in p.quotes], people)
    # "Rival Acme said", "the Leeds-published Bugle said": a reported body's name without its description
    cut_paras = [[reported_without_modifiers(_whole(q, cut)) for q in p.quotes] for p in article.paragraphs]
    quotes_all = [q for quotes in cut_paras for q in quotes]
    # a body's name the rules cut the front off ("UK" of "Amnesty International UK"): the whole name
    # a surname whose first name no run took ("coach ann Vole"): the name it was introduced with, last resort
    whole = introduced_names(article.text, quotes_all) | whole_names(article.text, quotes_all) \
        | whole_runs(article.text, quotes_all, LazyWords(article.text), people)
    whole = wholes_without_modifiers(whole)
    tailed = whole_tails(article.text, quotes_all, whole)  # "McDonald" -> "McDonald's": the name's own tail
    # a name the article writes only with "'s" or "& Co." is a business's, whatever the runs typed it
    bodies = {name for value, name in tailed.items() if whole.get(value) != name}
    whole = tailed
    paragraphs: list[Paragraph] = []
    for n, (para, cut_quotes) in enumerate(zip(article.paragraphs, cut_paras, strict=True)):
        check(deadline)
        quotes = [_body_typed(clear_value(article.text, _whole(q, whole), people, is_heading(n, para.kind), k > 0),
                              bodies) for k, q in enumerate(cut_quotes)]
        if all(new is old for new, old in zip(quotes, para.quotes, strict=True)):
            paragraphs.append(para)
            continue
        paragraphs.append(para.with_quotes(quotes))
    return article.with_paragraphs(paragraphs)
