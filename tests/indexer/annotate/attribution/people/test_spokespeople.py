"""A spokesperson of someone is not that someone (#31): an unnamed "the singer's
spokesman" or "a spokeswoman for Ms Vole" names nobody; a spokesperson for an
institution still speaks for it."""
from __future__ import annotations

from tests.indexer.annotate.attribution.articles import quotes_in as _quotes

TEXT = ("Singer Ann Vole has been sued by a former manager.\n\n"
        'The singer\'s spokesman said the claims were "untrue" and "baseless". '
        'A spokeswoman for Ms Vole said: "We will fight this."\n\n'
        'A spokesman for Acme Corporation said: "We stand by her."')


def test_a_persons_spokesperson_names_nobody() -> None:
    quotes = _quotes(TEXT)
    assert [q.speaker for q in quotes[:2]] == [None, None]
    assert quotes[0].speaker_mention is not None and "spokesman" in quotes[0].speaker_mention.text


def test_an_institutions_spokesperson_speaks_for_it() -> None:
    assert _quotes(TEXT)[-1].speaker == "Acme Corporation"
