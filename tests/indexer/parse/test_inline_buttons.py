"""A name set as a button inside running text ("said professor <button>Ann
Vole,</button> the director") stays in the paragraph: its words are the
article's, though trafilatura drops buttons."""
from __future__ import annotations

import pytest

from onrecord.indexer.parse.html.parser import parse_html

_FILLER = "".join(f"<p>The vole count rose again in spring, the survey team wrote in report {n}.</p>"
                  for n in range(8))


@pytest.mark.parametrize(("markup", "kept"), [
    ('said professor <button class="sidenote-button" title="Ann Vole">Ann Vole,</button> the director',
     "said professor Ann Vole, the director"),
    ('according to<button class="sidenote-button">Ann Vole,</button> a lecturer',
     "according to Ann Vole, a lecturer"),
])
def test_a_button_in_running_text_keeps_its_words(markup: str, kept: str) -> None:
    page = (f"<html><body><article><h1>Voles return</h1>{_FILLER}"
            f"<p>\u201cThe voles are back,\u201d {markup} of the centre.</p>{_FILLER}</article></body></html>")
    assert kept in parse_html("page.html", page).text


def test_a_button_outside_text_stays_out() -> None:
    page = (f"<html><body><article><h1>Voles return</h1>{_FILLER}"
            f"<div><button>Subscribe now</button></div>{_FILLER}</article></body></html>")
    assert "Subscribe" not in parse_html("page.html", page).text
