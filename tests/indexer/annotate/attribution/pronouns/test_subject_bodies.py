""""It said" continues the body the sentence before is about, not the last body named or heard."""
from __future__ import annotations

import pytest

from bench.extraction import extract_text


def _speakers(text: str) -> list[tuple[str, str | None]]:
    """Return (first words, speaker) of every quote of `text`, reported clauses too, in order."""
    return [(text[q.start:q.start + 12], q.speaker) for p in extract_text(text).paragraphs for q in p.quotes]


def _speaker_of(text: str, opening: str) -> str | None:
    """Return the speaker of the quote of `text` whose words open with `opening`."""
    found = [speaker for words, speaker in _speakers(text) if words.startswith(opening)]
    assert len(found) == 1, _speakers(text)
    return found[0]


@pytest.mark.parametrize("text, opening, expected", [
    # the sentence before opens with a body the registry does not know: its subject, not the department
    ('Plan welcomed\n\nThe plan came from the Department of Works and Mines, which announced it on Monday. '
     'The Vexley Chambers of Trade welcomed the latest proposal. "This move is the best of both worlds," it '
     'said.\n', '"This move', "Vexley Chambers of Trade"),
    # the subject spoke last, but the body named last (in the quote) is its topic
    ('Shops cut prices\n\nQuillmart said: "We are cutting prices." Analysts were surprised. KlmW said the '
     'cuts were a "step change" for Quillmart. "This cannot be good news for Quillmart\'s margin," it added.\n',
     '"This cannot', "KlmW"),
    # a report's subject: its author, not the body heard before
    ('Texts are popular\n\nThe Mobile Texting Association said 20 billion texts were sent. But a recent '
     'report from Halvex Research reflects the battle firms face. It said that half of users had never sent a '
     'picture.\n', "half of user", "Halvex Research"),
    # a kind before the name makes it a body's, though its first word is a person's first name
    ('Tax warning\n\nThe Treasury said its plans were on track. Earlier this month, accountancy firm Ernst & '
     'Vole said that the forecasts were too optimistic. It claimed that revenues would fall short.\n',
     "revenues wou", "Ernst & Vole"),
])
def test_it_continues_the_previous_sentence_s_body(text: str, opening: str, expected: str) -> None:
    assert _speaker_of(text, opening) == expected


@pytest.mark.parametrize("text, opening, expected", [
    # a person opens the sentence before: "it" is never she, and the registry reads no body here
    ('Plan welcomed\n\nThe Vexley Chambers of Trade said it was pleased. Ann Vole welcomed the latest '
     'proposal. "This move is the best of both worlds," it said.\n', '"This move', None),
    # a capitalised word the article writes in lowercase too is no body: the body heard last stands
    # the sentence before reports what another says of its subject: the reporter, as before
    ('Carmaker mulls listing\n\nKarvel could be listed on the stock market, the Daily Vole has reported.\n\n'
     'It said Quorra was set to restructure its business.\n', "Quorra was s", "Daily Vole"),
    ('Phones sell\n\nQuillmart said its sales rose. Mobile phones sold well, and mobile sales doubled. '
     '"Sales are up," it said.\n', '"Sales are u', "Quillmart"),
])
def test_no_body_subject_leaves_the_registry_s_reading(text: str, opening: str, expected: str | None) -> None:
    assert _speaker_of(text, opening) == expected


@pytest.mark.parametrize("text, opening, expected", [
    # "The company" opening its sentence after one "It" opened: the body that "It" continues
    ('Coal miner warns\n\nThe Quarrymen Union blamed the weather. Norcoal said it was making "good progress" on '
     'costs. It had introduced new wage rules. The company said these actions should "lift earnings".\n',
     "these action", "Norcoal"),
    # a lead-in before the description, a "But" before the subject
    ('Carmaker results\n\nThe Detroit firm Vexa Motors makes cars. But Fordway declined to give guidance. It will '
     'do so at a meeting in January. In addition, the company said net income fell 5%.\n', "net income f", "Fordway"),
])
def test_the_company_continues_the_previous_sentence_s_body(text: str, opening: str, expected: str) -> None:
    assert _speaker_of(text, opening) == expected


@pytest.mark.parametrize("text, opening", [
    # a body's staff open the sentence before: no body is its subject
    ('Bank results\n\nQuillbank said profits rose. Analysts said the forecast was better than expected. However, '
     'the company warned that growth would slow.\n', "growth would"),
    # the description's own clause names the subject: what it says is about that body, not that body's
    ("Carmaker slips\n\nVolecar blamed launch costs for the fall. Zentra is hoping to raise output. The firm said it "
     "was determined to keep Zentra's lead.\n", "it was deter"),
])
def test_no_fitting_subject_credits_no_body_from_it(text: str, opening: str) -> None:
    assert _speaker_of(text, opening) is None
