""""It said" right after a sentence a document spoke in is the document's issuer, one test per row of
pronouns.documentissuers.DOCUMENT_SHAPES; a body subject of that sentence still comes first."""
from __future__ import annotations

import pytest

from onrecord.indexer.annotate.attribution.pronouns.documentissuers import DOCUMENT_SHAPES
from tests.indexer.annotate.attribution.articles import speaker_opening

# one article per row: the pronoun's clause opens with "fast links"; the registry's referent (a body
# named before the pronoun) is another, the document's issuer Vexo Institute
ROWS = {
    "according to": ('Broadband use grows\n\nMore users of Harlow Telecom lines upload videos, according to a '
                     'report by think-tank Vexo Institute for the Norland Cable Group. It said that fast links '
                     'were changing how people use the web.\n'),
    "closing source": ('Broadband use grows\n\nA report by think-tank Vexo Institute looked at web use.\n\n'
                       'Most users of Harlow Telecom lines will upload videos, the report predicted. It said that fast '
                       'links were changing how people use the web.\n'),
    "inverted closing": ('Broadband use grows\n\nA report by think-tank Vexo Institute looked at web use.\n\n'
                         'Most users of Harlow Telecom lines upload videos, said the report. It said that fast '
                         'links were changing how people use the web.\n'),
    "opening subject": ('Broadband use grows\n\nA report by think-tank Vexo Institute looked at web use.\n\n'
                        'The report also noted that Harlow Telecom lines were slow. It said that fast links '
                        'were changing how people use the web.\n'),
}


def test_every_row_has_an_article() -> None:
    assert set(ROWS) == set(DOCUMENT_SHAPES)


@pytest.mark.parametrize("row", sorted(ROWS))
def test_it_after_a_document_is_its_issuer(row: str) -> None:
    assert speaker_opening(ROWS[row], "fast links") == "Vexo Institute"


def test_a_closing_it_after_a_document_is_its_issuer() -> None:
    text = ('Broadband use grows\n\nA report by think-tank Vexo Institute looked at web use.\n\n'
            'Most users of Harlow Telecom lines will upload videos, the report predicted. Fast links are changing how '
            'people use the web, it said.\n')
    assert speaker_opening(text, "Fast links") == "Vexo Institute"


def test_a_document_that_does_not_speak_is_no_source() -> None:
    # the sentence before names a report but its subject speaks: that body (subjectbodies), not the report's
    text = ('Broadband use grows\n\nThe Kelvar Commission cited a report by think-tank Vexo Institute on Monday. '
            'It said that fast links were changing how people use the web.\n')
    assert speaker_opening(text, "fast links") == "Kelvar Commission"


def test_an_issuer_read_short_is_the_registry_s_joint_name() -> None:
    # documents reads the owner run "Vexo/NetStats" as "Vexo": the body named whole before is whom "it" means
    text = ('Broadband use grows\n\nJust over 50 million people use broadband, according to market analysts '
            'Vexo/NetStats.\n\nThe report by Vexo/NetStats found that web use had risen.\n\n'
            'Most users of Harlow lines will upload videos, said the report. It said that fast links were '
            'changing how people use the web.\n')
    assert speaker_opening(text, "fast links") == "Vexo/NetStats"
