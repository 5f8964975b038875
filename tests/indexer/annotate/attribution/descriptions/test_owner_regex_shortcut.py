"""The document-owner regex without its "In a report ..." shapes (issue #32's
speed bar) finds the same matches as the full one wherever "in a <noun>" is
absent, and the full one is chosen wherever it is present."""
from __future__ import annotations

import re

import pytest

from onrecord.indexer.annotate.attribution.descriptions.documents import _owned_re, owned_re_for


def _matches(pattern: re.Pattern[str], text: str) -> list[tuple[tuple[int, int], tuple[str | None, ...]]]:
    """Return every match's span and groups over the whole text."""
    return [(m.span(), m.groups()) for m in pattern.finditer(text, 0, len(text))]


@pytest.mark.parametrize(("noun", "text"), [
    ("report", "Zantor Mining's annual report found losses, the chairman said."),
    ("report", "A report published by research firm Plonkwell said prices rose."),
    ("report", "The Weekly Herald reported on Sunday that the mayor had quit."),
    ("statement", "Grelby Foods said in a statement that it regretted the delay."),
    ("statement", "Quorvex issued a statement late on Friday. It said little."),
    ("letter", "A Brindle Council letter warned residents about the floods."),
    ("letter", "The letter, from Fennick Water, says the pipes are old."),
    ("report", "In a report on Monday, Halbrook Trust said the homes were damp."),
    ("report", "In its report the cross-party committee warned of cuts."),
    ("statement", "in a statement released late, the regional council stated its case."),
    ("report", "Nothing here names any owner at all, said Mr Pell."),
])
def test_shortcut_matches_the_full_regex(noun: str, text: str) -> None:
    chosen = owned_re_for(noun, text, 0, len(text))
    assert _matches(chosen, text) == _matches(_owned_re(noun, True), text)
    assert chosen.groups == _owned_re(noun, True).groups  # _owner_run reads group 6 of either


@pytest.mark.parametrize(("noun", "text", "full"), [
    ("report", "In a report on Monday, Halbrook Trust said it.", True),
    ("report", "It was in its report that the board said so.", True),
    ("report", "Zantor Mining's report said so.", False),
    ("statement", "In a report, Grelby Foods said so.", False),  # another noun's opening
    ("report", "In a reporting trip, Plonkwell said so.", False),  # the noun must end there
])
def test_full_regex_only_after_the_opening(noun: str, text: str, full: bool) -> None:
    assert (owned_re_for(noun, text, 0, len(text)) is _owned_re(noun, True)) is full
