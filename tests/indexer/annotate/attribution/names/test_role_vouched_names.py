"""A lowercase role word right before a full name vouches for a person even
when the first name is no known one (invented text): a family-name-first name
said later by its first word ("Im") is that person's, whole."""
from __future__ import annotations

import pytest

from tests.indexer.annotate.attribution.test_attribution import who


@pytest.mark.parametrize("text, expected", [
    ('The festival honoured film director Im Vole-Tae on Monday.\n\n'
     'Im, who has made 100 films, said: "I am honoured."', ["Im Vole-Tae"]),
    ('The prize went to Hong Tamm and to veteran director Wung Kar-Vole.\n\n'
     '"It is a great honour," Wung said.', ["Wung Kar-Vole"]),
])
def test_a_role_before_the_name_vouches_for_a_person(text: str, expected: list[str]) -> None:
    assert who(text) == expected


def test_a_role_further_back_does_not() -> None:
    # "editor of the Acme Chronicle": the role is the editor's, the run a paper
    text = ('Ann Vole, editor of the Acme Chronicle, wrote the piece.\n\n'
            '"We stand by it," the Acme Chronicle said.')
    assert who(text) == ["Acme Chronicle"]


@pytest.mark.parametrize("title", ["Ms", "Mrs"])
def test_a_role_word_surname_is_the_persons_once_a_title_names_them_by_it(title: str) -> None:
    """'Labour MP Ada King' (no known first name, "king" a role word), then 'Ms King
    said': the title makes "King" a surname, and the speaker is Ada King, whole."""
    text = ("Peter Tamlin is to stand against Labour MP Ada King at the next election.\n\n"
            f'{title} King said: "I am delighted at the chance."')
    assert who(text) == ["Ada King"]
