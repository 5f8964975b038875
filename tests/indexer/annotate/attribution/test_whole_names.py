"""One value per person or body (issue #31, invented text): where the registry cut a word
off a name the article writes whole ("Concern England" beside "Youth Concern England",
"Wright" beside "Will Wright", "Tarn Vole" from "Goalscorer Jimmy Tarn Vole"), the
speaker value is the whole name.  Not when the word before is an office, a descriptor, a
sentence's first word, a body's word ("the Commons"), an acronym's, or when the article
writes two longer names ("Ann Vole" and "Bo Vole")."""
from __future__ import annotations

import pytest

from onrecord.indexer.annotate.annotator import annotate_article
from onrecord.indexer.annotate.attribution.cleanup.values import whole_name, whole_names
from onrecord.search import Mention, Quote
from tests.indexer.annotate.attribution.test_attribution import chunk

LEAD = "Harbour news\n\nThe story began on Monday in a small town.\n\n"


def speakers(text: str) -> list[str | None]:
    """Return the speaker value of every direct or partial quote of LEAD + text, fully annotated."""
    article = annotate_article(chunk(LEAD + text))
    return [q.speaker for p in article.paragraphs for q in p.quotes if q.kind in ("direct", "partial")]


@pytest.mark.parametrize("text, speaker", [
    ('Staff may work past the youth of 65. But Youth Concern said the plan was "cowardly". "It is a '
     'mockery," said Ada Lowe, director of Youth Concern England.', "Youth Concern England"),
    ("The Plumbers' Guild Association issued a statement calling Vole \"an icon of the trade\".",
     "Plumbers' Guild Association"),
    ('Goalscorer Jimmy Tarn Vole added: "It was not a pretty game."', "Jimmy Tarn Vole"),
    ('A designer bucking the trend is Will Wright, the creator. "Small teams work," said Mr Wright. '
     'He will stay.', "Will Wright"),
])
def test_a_cut_name_is_the_whole_name_the_article_writes(text: str, speaker: str) -> None:
    assert speaker in speakers(text)


@pytest.mark.parametrize("text, value, organisation", [
    ("Mr Vole spoke. Later Ann Vole and Bo Vole smiled.", "Vole", False),  # two people
    ("Briton Tam Vole won.", "Tam Vole", False),  # a descriptor
    ("Ann Vole won. Striker Ann Vole said so.", "Ann Vole", False),  # a sentence's first word
    ("the leader of the Commons Ann Vole said so.", "Ann Vole", False),  # a body's word
    ("It was Quill's Ann Vole who said so.", "Ann Vole", False),  # an owner's
    ("Distributor Quill Pictures said so.", "Quill Pictures", True),
    ("said Prime Minister Ann Vole.", "Ann Vole", False),  # an office
])
def test_no_whole_name_beside_other_words(text: str, value: str, organisation: bool) -> None:
    assert whole_name(text, value, organisation) is None


def test_an_acronym_and_a_phrase_naming_no_word_of_it_keep_their_value() -> None:
    text = "The ISP AOL said it would. The Quill Big Brother show said so. A Big Brother aide said no."
    aide = Mention("A Big Brother aide", text.index("A Big"), text.index(" aide said") + 5)
    quotes = [Quote(text="x", start=0, end=1, kind="partial", speaker=value, speaker_type="organisation",
                    speaker_mention=mention)
              for value, mention in (("AOL", Mention("The ISP AOL", 0, 11)), ("Big Brother", aide))]
    assert whole_names(text, quotes) == {}
