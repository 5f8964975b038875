"""A description means the organisation the article wrote beside that noun (issue #31,
invented text): "publishing group Acme" is "the group", "Acme Pro magazine" is "the
magazine" (and a publication's name), but "rival club Acme" is another club than the one
"the club" means, and a publication is never "the party"."""
from __future__ import annotations

import pytest

from tests.indexer.annotate.attribution.test_org_speaker_values import speakers


@pytest.mark.parametrize("text, speaker", [
    ("Shares in football club Vole Rovers fell. Harbour Bank agreed a loan. The club said it was pleased.",
     "Vole Rovers"),
    ('A survey by Quill Pro magazine looked at printers. Harbour Stores Ltd said that sales fell. '
     '"Cheap ink fades," the magazine said.', "Quill Pro"),
])
def test_the_noun_written_beside_a_name_means_that_body(text: str, speaker: str) -> None:
    assert speakers(text)[-1][1] == speaker


def test_a_rival_of_that_kind_is_another_body() -> None:
    text = 'Vole Athletic Club fell. Rival club Quill City agreed a loan. "We are pleased," the club said.'
    assert speakers(text)[-1] == ("direct", "Vole Athletic Club")


def test_a_publication_is_no_party() -> None:
    text = 'Harbour Stores Ltd said sales fell, the Quill Daily newspaper reported. "We are pleased," the party said.'
    assert speakers(text)[-1] == ("direct", None)


@pytest.mark.parametrize("text, speaker", [
    # a description between "by" and the owner's name, and the sentence ending on the name
    ('Ten million people will stay offline, predicts the report by telecoms giant Quillcom. Harbour Stores Ltd '
     'said that sales fell. The idea that the divide will close is "wishful thinking", the report concludes.',
     "Quillcom"),
    # a name with initials keeps them, and a statement is its owner's, not the sentence's before
    ('Tom Vole joined last October. Mr Vole\'s statement said: "We will win."', "Tom Vole"),
])
def test_a_document_is_its_owners(text: str, speaker: str) -> None:
    assert speakers(text)[-1][1] == speaker


@pytest.mark.parametrize("text", [
    'Harbour Bank said its branch would reopen. Police said the raiders had "fled on foot".',
    'The Tories insisted the budget was wrong. Police said the march would go ahead, adding: "We will be there."',
    'The Quill Office said the rules would change. The court said the appeal had "no merit".',
])
def test_the_police_are_no_other_kind_of_body(text: str) -> None:
    """'the police'/'the court' mean only a body whose name holds that word, never the one named last
    (a reported clause's bare "Police said" is credited as the noun itself: indirect.selfnamed)."""
    assert all(speaker in (None, "police") for _, speaker in speakers(text)[1:])


def test_the_police_are_the_force_the_article_named() -> None:
    text = ('Vole Valley Police Service opened an inquiry. Harbour Bank said it would help. '
            '"We have made two arrests," the police said.')
    assert speakers(text)[-1] == ("direct", "Vole Valley Police Service")
