"""A speaker value is never a fragment of a name (invented text): a word the
article only ever writes after a describing word ("Swiss", "Liberal", "New",
a number) or after a mid-sentence "The" is said with them, and one that also
stands alone, or is a first name, is cut as before."""
from __future__ import annotations

import pytest

from tests.indexer.annotate.attribution.test_attribution import who


@pytest.mark.parametrize("text, expected", [
    # a descriptor glued to the one word after it: the body's whole name
    ('Losses rose in March. "The trend is clear," said Swiss Vole.', ["Swiss Vole"]),
    ('The Liberal Tamms said the plan was "a mess".', ["Liberal Tamms"]),
    # a body of the registry keeps the registry's name
    ('The Liberal Democrats said the plan was "a mess".', ["Liberal Democrats"]),
    ('The British Voles of Commerce said: "Rates must stay on hold."', ["British Voles of Commerce"]),
    ('Fans cheered. "We will tour again," said New Tamm.', ["New Tamm"]),
    ('Fans waited. 40 Vole told reporters: "I am back."', ["40 Vole"]),
    # "The" written mid-sentence, never without it: part of the stage name
    ('A new record by rapper The Tamm is out. "I wrote it in jail," The Tamm said.', ["The Tamm"]),
])
def test_a_word_never_written_alone_keeps_its_run(text: str, expected: list[str]) -> None:
    assert who(text) == expected


@pytest.mark.parametrize("text, expected", [
    # the word also stands alone: a surname after a description
    ('Olympian Vole jumped 7.9m.\n\n"I was told not to jump," said Vole.', ["Vole"]),
    # "The" only ever opening a sentence may be the plain article
    ('"I wrote it in jail," said Tamm. The Tamm said so.', ["Tamm"]),
    # a role word before the one word is no part of a name
    ('"We go on," said reggae star Tamm.', ["Tamm"]),
])
def test_a_word_also_written_alone_is_cut_as_before(text: str, expected: list[str]) -> None:
    assert who(text) == expected
