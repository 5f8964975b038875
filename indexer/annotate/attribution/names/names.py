"""People's names in one article: the full names it introduces, and the
words glued to them that are not names.

Owns the name word lists' use (indexer.lexicon: first names by gender,
titles by gender, descriptors such as nationalities and parties, role
words) and the rules that cut a capitalised run down to a person's name: "Lib Dem spokesman
Mark Oaten" -> role "Lib Dem spokesman", name Mark Oaten; "Frenchman Ann
Vole", "Newport-based Ann Vole", "Boss Ann Vole" (a sentence-initial common
word) and "Acme's Ann Vole" (her employer) -> Ann Vole.  A word is a common
word, not a name, when the article also writes it in lowercase ("the boss
said"): that test needs no dictionary and follows the article's own usage.
indexer.annotate.attribution.people.speakers turns the names into a registry of people.
"""
from __future__ import annotations

import re
from dataclasses import dataclass, field, replace
from functools import lru_cache

from onrecord.indexer.annotate.attribution.names.descriptors import compound_descriptor, is_group_name
from onrecord.indexer.lexicon import words

F_TITLES = words("titles_female")
M_TITLES = words("titles_male")
# the words of an institution's name: its head nouns ("Bureau", "Institute") and org words ("Fund")
ORG_NAME_WORDS = words("org_heads", "org_words")
N_TITLES = words("titles_neutral")
TITLES = F_TITLES | M_TITLES | N_TITLES
ADDRESS_TITLES = words("address_titles")  # a title word closing a run right after one is a surname: "Mr King"
# words that open sentences or clauses, capitalised there, never part of a name
LEADING_NOISE = words("leading_noise")
# lowercase words inside a name, before its surname ("von der Leyen", "bin Laden", "al-Faisal")
PARTICLES = words("name_particles")
_PARTICLE_ALT = "|".join(sorted(PARTICLES, key=lambda w: (-len(w), w)))
_CAP_TOKEN = r"[A-Z][\w'\u2019.\u00c0-\u024f-]*"
# a surname glued to its particle: "al-Faisal", "bin-Talal"
_PARTICLE_HYPHEN_RE = re.compile(rf"(?:{_PARTICLE_ALT})-{_CAP_TOKEN}")
# a capitalised run on one line: words, initials ("J.", "JF"), hyphens, possessives, and the
# particles of a name between its capitalised words ("Ursula von der Leyen")
RUN_RE = re.compile(
    rf"[A-Z](?<![\w'\u2019.-][A-Z])[\w'\u2019.\u00c0-\u024f-]*"
    rf"(?:[ \u00a0]+(?:(?:{_PARTICLE_ALT})[ \u00a0]+)*(?:{_CAP_TOKEN}|{_PARTICLE_HYPHEN_RE.pattern}))+")
# "Oscar-winner", "Newport-based": a capitalised word made a description by its lowercase tail
HYPHEN_DESCRIPTION_RE = re.compile(r"[A-Z][\w'\u2019]*(?:-[a-z][\w'\u2019]*)+")
# role words written with a period that does not end the sentence: "Sen. Ann Vole"
NOT_SENTENCE_END = TITLES | words("abbreviations")
POSSESSIVE_RE = re.compile(r"['\u2019]s?$")  # "Acme's", "Jones'": a name's possessive end
# "Acme's", "Fox News'": an owner in the possessive (a plural's apostrophe alone after its s)
OWNER_RE = re.compile(r"\w(?:['\u2019][sS]|[sS]['\u2019])$")
_OWNER_ENDS = ("'s", "'S", "\u2019s", "\u2019S", "s'", "S'", "s\u2019", "S\u2019")


def is_owner(tok: str) -> bool:
    """True when OWNER_RE.search(tok) finds an owner's ending: string tests, no regex search
    (asked of every word of the runs a name may be in)."""
    tok = tok[:-1] if tok.endswith("\n") else tok  # "$" matches before a final newline too
    return len(tok) > 2 and tok.endswith(_OWNER_ENDS) and (tok[-3].isalnum() or tok[-3] == "_")
# "Jr.", "III": a generation after the surname, not the surname
_SUFFIXES = words("name_suffixes")
# "QC", "MP", "OBE", "PhD": letters after a full name, never part of it
POST_NOMINALS = words("post_nominals")


def is_post_nominal(tok: str) -> bool:
    """True for post-nominal letters as written after a name ("QC", "MP", "PhD"): a word of
    the lexicon's list with two capitals or more ("Am" and "am" are words, "AM" the letters)."""
    word = tok.rstrip(",.")
    return word.lower() in POST_NOMINALS and sum(ch.isupper() for ch in word) >= 2


# "J.", "J.F.", "JF", and a middle initial without its period ("Ann P Vole")
INITIALS_RE = re.compile(r"(?:[A-Z]\.){1,3}|[A-Z]{1,2}")
# the letter first (the engine skips to it), then what must not precede it
_LOWER_WORD_RE = re.compile(r"[a-z](?<![\w'\u2019-][a-z])[a-z'\u2019-]+")


@dataclass(frozen=True, slots=True)
class Lexicon:
    """The name word lists of the lexicon (indexer.lexicon), lowercase."""

    female: frozenset[str]
    male: frozenset[str]
    descriptors: frozenset[str]
    roles: frozenset[str]
    not_names: frozenset[str]
    spokes: frozenset[str]
    org_heads: frozenset[str]
    person_nouns: frozenset[str]
    female_nouns: frozenset[str]
    male_nouns: frozenset[str]
    first_names: frozenset[str] = frozenset()  # female | male
    describing: frozenset[str] = frozenset()  # roles | descriptors
    never_names: frozenset[str] = frozenset()  # LEADING_NOISE | not_names | determiners


@lru_cache(maxsize=1)
def lexicon() -> Lexicon:
    """Return the name lexicons (read once)."""
    lex = Lexicon(*(words(*k.split("+")) for k in (
        "female", "male", "descriptors", "roles", "not_names", "spokes", "org_heads", "person_nouns",
        "female_nouns", "male_nouns")))
    return replace(lex, first_names=lex.female | lex.male, describing=lex.roles | lex.descriptors,
                   never_names=LEADING_NOISE | lex.not_names | words("determiners"))


@lru_cache(maxsize=1 << 14)  # asked of every capitalised word near a name, the same words all through the corpus
def first_name_gender(first: str) -> str | None:
    """Return "f", "m" or None for a first name."""
    return "f" if (low := first.lower()) in lexicon().female else "m" if low in lexicon().male else None


def is_description(name: list[str]) -> bool:
    """True when every word is a descriptor or role ("Lib Dem", "Olympian"), or a compound of
    descriptors ("Anglo-Swedish", "Franco-German"): no name."""
    lex = lexicon()
    return all(plain_word(t) in lex.descriptors or plain_word(t) in lex.roles or compound_descriptor(plain_word(t))
               for t in name)


_ROLE_PREFIXES = words("role_prefixes")


@lru_cache(maxsize=1 << 12)
def is_role_word(word: str) -> bool:
    """True for a job or office word of the lexicon ("Owner"), also after a
    prefix that makes another office of it ("Co-Owner", "Ex-Chairman")."""
    low, roles = plain_word(word), lexicon().roles
    if low in roles:
        return True
    head, _, rest = low.partition("-")
    return bool(rest) and head in _ROLE_PREFIXES and rest in roles


@lru_cache(maxsize=2)  # one article's: its people registry, speaker values and whole runs read the same text
def lowercase_words(text: str) -> frozenset[str]:
    """Return the words the article writes in lowercase (its common words)."""
    return frozenset(_LOWER_WORD_RE.findall(text))


@dataclass(slots=True)
class NameParts:
    """A capitalised run cut into what precedes the name and the name."""

    role: list[str] = field(default_factory=list)  # role and descriptor words
    title: str | None = None
    name: list[str] = field(default_factory=list)
    suffix: list[str] = field(default_factory=list)  # a generation after the surname ("Jr", "III")

    def display(self) -> str:
        """Return the name as the speaker value: its words and generation ("Ann Vole Jr")."""
        return " ".join(self.name + self.suffix)


@lru_cache(maxsize=1 << 15)  # every capitalised run of every article is cut: the same words recur
def plain_word(tok: str) -> str:
    """Return a token as the word lists hold it: lowercase, without a possessive or a final period."""
    return POSSESSIVE_RE.sub("", tok).lower().rstrip(".")


@lru_cache(maxsize=1 << 15)
def _is_name_like(tok: str) -> bool:
    """True for a token that can be part of a person's name ("Vole", "J.", "JF", "O'Neill");
    never an acronym's plural ("ATMs", "MPs")."""
    return bool(INITIALS_RE.fullmatch(tok)) or bool(_PARTICLE_HYPHEN_RE.fullmatch(tok)) or (
        tok[:1].isupper() and not tok.isupper() and not any(ch.isdigit() for ch in tok)
        and _PLURAL_ACRONYM_RE.fullmatch(tok) is None)


_PLURAL_ACRONYM_RE = re.compile(r"[A-Z]{2,}s")


def name_words(name: list[str]) -> list[str]:
    """Return a name's words without its particles ("von der Leyen" -> ["Leyen"]);
    a capitalised first word is a first name ("Al Gore")."""
    return [t for k, t in enumerate(name) if t.lower() not in PARTICLES or k == 0 and not t.islower()]


def is_surname_only(name: list[str]) -> bool:
    """True for a surname led by its particles alone ("Van Gaal", "bin Laden"), when
    the first is not read as a first name ("Al Gore" may be either: the caller knows)."""
    return len(name) > 1 and all(t.lower() in PARTICLES for t in name[:-1]) and name[-1].lower() not in PARTICLES


def title_index(toks: list[str], stop: int | None = None) -> int:
    """Return the index (below `stop`) of a run's title, its last title word,
    or -1.  A title word after a first name, before only a generation, or
    closing the run after a name word or a title of address is a surname:
    "Stephen King", "Martin Luther King Jr.", "Larry King", "Mr King"."""
    plain = [plain_word(t) for t in toks]
    if TITLES.isdisjoint(plain):
        return -1  # most runs: no title word at all
    lex = lexicon()
    for k in range(min(len(toks), len(toks) if stop is None else stop) - 1, -1, -1):
        rest, before = plain[k + 1:], plain[k - 1] if k > 0 else ""
        if plain[k] not in TITLES or before in lex.first_names or not rest and before in ADDRESS_TITLES:
            continue
        if not (rest and all(t in _SUFFIXES for t in rest)) and not (
                not rest and before and _is_name_like(toks[k - 1]) and before not in lex.describing
                and before not in TITLES):
            return k
    return -1


def cut_name(tokens: list[str], common: frozenset[str] = frozenset()) -> NameParts:
    """Cut a capitalised run into role words, a title and the name.

    Leading tokens are not the name when they are titles, role words,
    descriptors, words the article uses in lowercase (`common`) or an
    employer in the possessive ("Acme's"); each is stripped only while a
    name token remains after it.  Trailing role words ("Ann Vole MP") go too."""
    run = tuple(tokens)
    # `common` counts only for the run's own words: keyed by those, the same run
    # ("Prime Minister Tony Blair") is cut once however many articles name it
    parts = _cut_name(run, frozenset(common.intersection(map(plain_word, run))))  # one C call, the same key
    return NameParts(list(parts.role), parts.title, list(parts.name), list(parts.suffix))  # the cached one stays


@lru_cache(maxsize=1 << 13)
def _cut_name(tokens: tuple[str, ...], common: frozenset[str]) -> NameParts:
    """cut_name's answer, `common` holding only the lowercase words among the run's own."""
    lex = lexicon()
    toks = [t for t in tokens if t.lower() not in ("the", "a", "an")]
    parts = NameParts()
    if is_group_name([plain_word(t) for t in toks]):  # "Liberal Democrats": a party, named whole
        return replace(parts, name=[POSSESSIVE_RE.sub("", t) for t in toks])
    for k, tok in enumerate(toks[:-1]):
        if is_owner(tok):
            parts.role, toks = toks[:k + 1], toks[k + 1:]  # "Acme's Ann Vole": her employer
            break
    while len(toks) > 1 and plain_word(toks[-1]) in _SUFFIXES:
        parts.suffix.insert(0, toks[-1].rstrip(","))  # "Ann Vole Jr.": the surname is Vole, Jr part of the value
        toks = toks[:-1]
    words = [plain_word(t) for t in toks[:-1]]
    title_at = title_index(toks, len(toks) - 1)
    if title_at >= 0:  # "Met Commissioner Dame Ada Lowe": all before the title is her role
        parts.role += toks[:title_at]
        parts.title, toks = toks[title_at], toks[title_at + 1:]
    else:
        role_at = max((k for k, w in enumerate(words) if w in lex.describing or is_role_word(w)), default=-1)
        parts.role, toks = parts.role + toks[:role_at + 1], toks[role_at + 1:]
    toks = _strip_leading(toks, parts, common)
    # "Lead Planner Ann Vole": a word the article writes in lowercase, two name words
    # before the run's end, ends the description (a name's own words are not common words)
    inner = max((k for k, t in enumerate(toks[:-2]) if plain_word(t) in common and plain_word(t) not in lex.first_names
                 and plain_word(t) not in PARTICLES), default=-1)
    if inner >= 0 and not any(plain_word(t) in common for t in toks[inner + 1:]):  # "Car Rental Terms": no name
        parts.role, toks = parts.role + toks[:inner + 1], toks[inner + 1:]
    while len(toks) > 1 and (is_post_nominal(toks[-1]) or plain_word(toks[-1]) in lex.roles and (
            toks[-1].isupper() or plain_word(toks[-1]) not in TITLES and not first_name_only(toks[:-1]))):
        # "Ann Vole MP", "Ann Vole OBE"; "Stephen King", "John Bishop": a title or role word
        # after a first name alone is the surname
        parts.role.append(toks[-1])
        toks = toks[:-1]
    parts.name = [POSSESSIVE_RE.sub("", t) if k == len(toks) - 1 else t for k, t in enumerate(toks)]
    return parts


def surname_role(name: list[str], title: str | None) -> bool:
    """True when the role word closing `name` is a surname: after a title of address ("Mr
    King", "Mrs Bishop") or after a known first name alone ("Tom King", "Ann Bishop")."""
    if title is not None and title.lower().rstrip(".") in ADDRESS_TITLES:
        return True
    return len(name) == 2 and first_name_gender(name[0]) is not None


def first_name_only(toks: list[str]) -> bool:
    """True when toks is one known first name ("John" before "Bishop")."""
    return len(toks) == 1 and plain_word(toks[0]) in lexicon().first_names


def _strip_leading(toks: list[str], parts: NameParts, common: frozenset[str]) -> list[str]:
    """Return toks without the leading words that describe the person
    (added to parts.role): words the article writes in lowercase, words
    never in a name, "Newport-based", "Oscar-winner"; and before a known
    first name that is not first, the words that are not first names
    ("Billionaire Ann Vole", "Exchequer Ann Vole")."""
    lex = lexicon()
    while len(toks) > 1:
        low = plain_word(toks[0])
        if low in PARTICLES:
            break  # "Van Gaal": the surname's own particle, even where "van" is a common word
        if (low in common and low not in lex.first_names) or low in lex.never_names \
                or not _is_name_like(toks[0]) or HYPHEN_DESCRIPTION_RE.fullmatch(toks[0]) or is_participle(toks[0]) \
                or "-" in low and low.endswith(("based", "born", "year-old")):
            parts.role.append(toks[0])  # "Boss Ann Vole", "Newport-based Ann Vole", "Oscar-winner Ann Vole"
            toks = toks[1:]
        else:
            break
    first = next((k for k, t in enumerate(toks) if plain_word(t) in lex.first_names), 0) if len(toks) > 2 else 0
    if first > 0 and len(toks) - first >= 2 and not any(
            plain_word(t) in PARTICLES or INITIALS_RE.fullmatch(t) for t in toks[:first]):  # "J. Ann Vole": hers
        parts.role += toks[:first]
        toks = toks[first:]
    return toks


def is_full_name(name: list[str]) -> bool:
    """True for a person's full name: two to four name words besides particles,
    none a word never in a name, except a month or day as the surname after a
    known first name ("Theresa May"); the surname not an acronym."""
    words, lex = name_words(name), lexicon()
    if not 2 <= len(words) <= 4 or not all(_is_name_like(t) for t in words) or name[-1].isupper() \
            or is_participle(words[0]):
        return False
    odd = [k for k, t in enumerate(words) if plain_word(t) in lex.not_names]
    return not odd or odd == [len(words) - 1] and plain_word(words[0]) in lex.first_names


# "Praising Celtic and Rangers, she said": a clause's participle opening a sentence, not a first name
_PARTICIPLE_RE = re.compile(r"[A-Z][a-z]{3,}ing")


def is_participle(tok: str) -> bool:
    """True for a capitalised -ing word of seven letters or more that is no known first name."""
    return _PARTICIPLE_RE.fullmatch(tok) is not None and tok.lower() not in lexicon().first_names
