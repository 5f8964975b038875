"""A document or a spokesperson speaks for its owner: "the report" is whose
report the article named last, "X's May report" is X in full, "the
department's website" the department; a band's spokesman speaks for the
band; "the airline" is the airline the article introduced, never a
description of it ("the third-largest US airline")."""
from __future__ import annotations

from onrecord.indexer.annotate.attribution.attribution import annotate_quotes
from onrecord.indexer.chunk.chunker import chunk_article
from onrecord.search.model import Metadata, ParsedArticle


def _speakers(text: str) -> list[str | None]:
    article = annotate_quotes(chunk_article(ParsedArticle(source="t", text=text, meta=Metadata())))
    return [q.speaker for p in article.paragraphs for q in p.quotes if q.kind != "indirect"]


def test_the_report_is_the_last_report_named_with_its_owner() -> None:
    text = ("Trendly's yearly report came out on Monday. The Fitness Council welcomed it.\n\n"
            "\u201cPilates leads for a third year,\u201d the report said.")
    assert _speakers(text) == ["Trendly"]


def test_a_possessive_owner_of_a_report_is_named_in_full() -> None:
    text = ("Publishers signed new deals. The National Heritage Office's May 2025 report concluded that "
            "\u201cthere is no single answer\u201d to the question.")
    assert _speakers(text) == ["National Heritage Office"]


def test_the_departments_website_is_the_department() -> None:
    text = ("The Department of Fisheries opened an inquiry into the boats, the agency said.\n\n"
            "The department's website says the agency looks into \"illegal nets and traps\".")
    assert _speakers(text) == ["Department of Fisheries"]


def test_a_bands_spokesman_speaks_for_the_band() -> None:
    text = ("Indie band Velvetines cancelled their Leeds show.\n\n"
            "The singer could \"barely stand\", said a Velvetines spokesman, who added he was \"resting\". "
            "The band's spokesman said that they would review the tour \"day by day\".")
    assert _speakers(text) == ["Velvetines", "Velvetines", "Velvetines"]


def test_the_airline_is_the_airline_not_its_description() -> None:
    text = ("Crews at Skyway Air, the third-largest US airline, called in sick.\n\n"
            "The airline said it \"deeply regrets\" the delays.")
    assert _speakers(text) == ["Skyway Air"]


def test_her_lawsuit_is_hers() -> None:
    # "Her lawsuit said": the document of whom "her" means (#31)
    text = ("Sprinter Ann Vole sued her former coach on Monday. Vole won two titles in 2001. "
            "Her lawsuit, filed in a Leeds court, said the sprinter had passed a test and that she \u201chas never cheated\u201d.")
    assert _speakers(text) == ["Ann Vole"]


def test_the_report_the_lead_introduced_is_the_body_named_after_it() -> None:
    """'..., a report says.' in the lead, then 'The Harbour Standards Office praised ...':
    "the report" later is that office's, not the body named last before it."""
    text = ("Ferry checks 'too slow'\n\n"
            "Ferry safety checks in Norland take too long, a report says.\n\n"
            "The Harbour Standards Office praised crews for their record. The Norland Transport "
            "Department has promised faster checks.\n\n"
            "Checks should be done \u201cwithin a week\u201d, the report adds.")
    assert _speakers(text)[-1] == "Harbour Standards Office"


def test_a_document_from_its_owner_set_off_by_commas_is_the_owners() -> None:
    text = ("The Norland Transport Department wrote to the crews on Monday. The letter, from the "
            "Harbour Standards Office, says: \u201cYour licences are suspended.\u201d")
    assert _speakers(text) == ["Harbour Standards Office"]
