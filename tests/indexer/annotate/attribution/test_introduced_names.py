"""A surname value is the full name its person was introduced with (issue #31, invented
text): a first name after an office word that no name run takes ("coach mark Tarnby",
"minister German Vollo") or split from the surname by a quoted nickname ('Jimmy "the
Whirlwind " Pikeman').  Not when an office, title or determiner stands there, nor when
no office or nickname sets the word apart ("Then Vole said")."""
from __future__ import annotations

import pytest

from onrecord.indexer.annotate.annotator import annotate_article
from onrecord.indexer.annotate.attribution.cleanup.introduced import introduced_names
from onrecord.search import Quote
from tests.indexer.annotate.attribution.test_attribution import chunk

LEAD = "Harbour news\n\nThe story began on Monday in a small town.\n\n"


def speakers(text: str) -> list[str | None]:
    """Return the speaker value of every direct or partial quote of LEAD + text, fully annotated."""
    article = annotate_article(chunk(LEAD + text))
    return [q.speaker for p in article.paragraphs for q in p.quotes if q.kind in ("direct", "partial")]


@pytest.mark.parametrize("text, speaker", [
    ('Club coach mark Tarnby said he was pleased. "We were edgy early on," said Tarnby.', "mark Tarnby"),
    ('Economy minister German Vollo told a paper the plan was sound. "We need growth," Mr Vollo said.',
     "German Vollo"),
    ('One who never won it - Jimmy "the Whirlwind " Pikeman - missed lessons. "We loved the game," '
     'Mr Pikeman said.', "Jimmy Pikeman"),
    ("Harbour captain Tam \u201cthe Rock\u201d Quillan was calm. \"We held on,\" said Quillan.", "Tam Quillan"),
    ('The firm was set up by Dora Pemberth. "It is loud," explained Ms Pembreth.', "Dora Pemberth"),
])
def test_a_surname_value_is_the_name_it_was_introduced_with(text: str, speaker: str) -> None:
    assert speaker in speakers(text)


def person(value: str) -> Quote:
    """Return a person's quote carrying `value` (only its value and type are read)."""
    return Quote(text='"Yes"', start=0, end=5, kind="direct", speaker=value, speaker_type="person")


@pytest.mark.parametrize("text, value", [
    ("The club coach the Vole side hired said nothing. Vole said yes.", "Vole"),  # a determiner
    ("The party leader Mr Vole spoke. Vole said yes.", "Vole"),  # a title: the registry's
    ("The new club coach manager Vole spoke.", "Vole"),  # two offices
    ("Then Vole said yes.", "Vole"),  # no office nor nickname before it
    ("The club coach said Vole was fit.", "Vole"),  # a lowercase word that is no first name
    ("The club coach Monday Vole was fit.", "Vole"),  # a weekday
    ('They said "it was fine" Vole added.', "Vole"),  # a quote, no first name before it
    ('The Street "sexed up" Vole story.', "Vole"),  # a scare quote, no nickname
    ("Club coach mark Tarnby said so.", "Mark Tarnby"),  # a full name already
    ("Dora Pemberth and Ian Pemberth met. Ms Pembreth spoke.", "Pembreth"),  # two full names swap to it
    ("Ann Lea met them. Mr Lae spoke.", "Lae"),  # too short to read a swap
    ("Mr Pemberth met them. Ms Pembreth spoke.", "Pembreth"),  # a title, no first name
])
def test_no_introduced_name(text: str, value: str) -> None:
    assert introduced_names(text, [person(value)]) == {}


def test_only_a_person_value_widens() -> None:
    quote = Quote(text='"Yes"', start=0, end=5, kind="direct", speaker="Tarnby", speaker_type="organisation")
    assert introduced_names("Club coach mark Tarnby said so.", [quote]) == {}
