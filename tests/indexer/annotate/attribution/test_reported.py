"""Reported speech (issue #32): each shape of a reported clause as an
`indirect` quote with its speaker and cue, the span the clause alone; and
what is not speech (thoughts, wishes, plans, findings, hedged talk) left out."""
from __future__ import annotations

import pytest

from onrecord.search.model import Quote
from tests.indexer.annotate.attribution.test_attribution import annotate_quotes, chunk, quotes


def reported(text: str) -> list[Quote]:
    return [q for p in annotate_quotes(chunk(text)).paragraphs for q in p.quotes if q.kind == "indirect"]


@pytest.mark.parametrize(("text", "clause", "speaker", "cue"), [
    ("Ann Vole said the harbour would reopen in May.", "the harbour would reopen in May", "Ann Vole", "said"),
    ("Ann Vole said that the harbour would reopen.", "the harbour would reopen", "Ann Vole", "said"),
    ("Ann Vole said on Monday that the harbour would reopen.", "the harbour would reopen", "Ann Vole", "said"),
    ("Ann Vole told reporters that the harbour would reopen.", "the harbour would reopen", "Ann Vole", "told"),
    # a listener without "that": the clause opens at its subject ("told the audience he believed")
    ("Ann Vole told the audience she believed the harbour would reopen.",
     "she believed the harbour would reopen", "Ann Vole", "told"),
    ("Ann Vole told the port's workers they would be paid.", "they would be paid", "Ann Vole", "told"),
    ("Ann Vole denied that the port had not done enough.", "the port had not done enough", "Ann Vole", "denied"),
    ("Ann Vole asked whether the harbour would reopen.", "the harbour would reopen", "Ann Vole", "asked"),
    ("According to Ann Vole, the harbour will reopen in May.", "the harbour will reopen in May", "Ann Vole",
     "According to"),
    ("The harbour will reopen in May, according to Ann Vole.", "The harbour will reopen in May", "Ann Vole",
     "according to"),
    ("The harbour will reopen in May, Ann Vole said.", "The harbour will reopen in May", "Ann Vole", "said"),
    ("The harbour will reopen in May, said Ann Vole.", "The harbour will reopen in May", "Ann Vole", "said"),
    ("The harbour, Ann Vole said, will reopen in May.", "will reopen in May", "Ann Vole", "said"),
    ("Ann Vole struck a calm tone, saying the harbour would reopen.", "the harbour would reopen", "Ann Vole",
     "saying"),
])
def test_a_reported_clause_is_an_indirect_quote(text: str, clause: str, speaker: str, cue: str) -> None:
    found = reported(text)
    assert [(q.text, q.speaker, q.cue) for q in found] == [(clause, speaker, cue)]
    assert text[found[0].start:found[0].end] == clause
    assert found[0].speaker_source == "rule:reported" and found[0].confidence is not None


@pytest.mark.parametrize("text", [
    "Ann Vole believes the harbour will reopen in May.",
    "Ann Vole thinks the harbour will reopen in May.",
    "Ann Vole wants the harbour to reopen in May.",
    "Ann Vole hopes the harbour will reopen in May.",
    "Ann Vole plans to reopen the harbour in May.",
    "A poll shows the harbour is popular with most voters.",
    "According to the study, the harbour is popular with most voters.",
    "You could say that the harbour is popular with most voters.",
    "Ann Vole announced a plan for the harbour on Monday.",
    "Ann Vole was told the harbour would reopen in May.",
])
def test_thoughts_wishes_plans_and_findings_are_not_speech(text: str) -> None:
    found = reported(f"{text} Ben Tamm said the port was closed for repairs.")  # beside one that is speech
    assert [q.text for q in found] == ["the port was closed for repairs"]


def test_a_pronoun_speaker_resolves_across_sentences() -> None:
    found = reported("Ann Vole runs the harbour. She said the port would reopen in May.")
    assert [(q.text, q.speaker, q.evidence) for q in found] == [("the port would reopen in May", "Ann Vole", "pronoun")]


@pytest.mark.parametrize("attribution", ["an Acme spokesman said", "Ann Vole's spokesman said", "she said"])
def test_a_reported_clause_is_credited_as_a_direct_quote_is(attribution: str) -> None:
    lead = "Acme Holdings Ltd cut 200 jobs, Ann Vole said. "
    indirect = reported(f"{lead}{attribution[0].upper() + attribution[1:]} the company would appeal against the ruling.")
    direct = quotes(f'{lead}"We will appeal against the ruling," {attribution}.')
    assert [(q.speaker, q.evidence) for q in indirect[1:]] == [(q.speaker, q.evidence) for q in direct]


@pytest.mark.parametrize("text", [
    'Ann Vole said the plan was "a disaster" for the harbour.',  # a clause with quoted words: a partial quote
    '"Ann Vole said the harbour would reopen," Ben Tamm said.',  # a clause inside a quote is the quote\'s
])
def test_a_clause_holding_or_inside_a_quote_is_no_indirect_quote(text: str) -> None:
    found = reported(f"{text} Ben Tamm said the port was closed for repairs.")
    assert [q.text for q in found] == ["the port was closed for repairs"]


def test_indirect_quotes_sit_among_the_quotes_by_start() -> None:
    text = 'Ann Vole said the harbour would reopen. "We are ready," Ben Tamm said.'
    quotes = [q for p in annotate_quotes(chunk(text)).paragraphs for q in p.quotes]
    assert [q.kind for q in quotes] == ["indirect", "direct"]
    assert annotate_quotes(chunk(text)).paragraphs[0].speakers == ["Ann Vole", "Ben Tamm"]


def test_a_name_in_the_subjects_relative_clause_is_not_the_speaker() -> None:
    found = reported("Ann Vole, whose sons Tom Vole and Jim Vole were hurt in a crash on a harbour road in the "
                     "north of the town in 2020 by driver Ben Tamm, also said the harbour road was unsafe.")
    assert [(q.text, q.speaker) for q in found] == [("the harbour road was unsafe", "Ann Vole")]


def test_a_role_no_one_was_introduced_with_names_no_one() -> None:
    text = ("Ben Tamm was jailed for the crash. An inspector closed the logs. "
            "The inspector told the inquiry that it had been the hardest shift of his career.")
    found = reported(text)
    assert [(q.text, q.speaker, q.speaker_mention.text if q.speaker_mention else None) for q in found] == [
        ("it had been the hardest shift of his career", None, "The inspector")]


@pytest.mark.parametrize("text", [
    "The information suggested she was not worried about the harbour.",
    "The note, which stated he close the harbour at night, was found in a drawer.",
])
def test_a_thing_as_the_subject_of_a_cue_is_not_speech(text: str) -> None:
    found = reported(f"{text} Ben Tamm said the port was closed for repairs.")
    assert [q.text for q in found] == ["the port was closed for repairs"]


def test_a_clause_beside_a_quote_in_its_sentence_is_reported() -> None:
    found = reported('Ann Vole denied that the port had not done enough, saying: "We tried very hard."')
    assert [(q.text, q.speaker, q.cue) for q in found] == [("the port had not done enough", "Ann Vole", "denied")]


@pytest.mark.parametrize(("text", "clause"), [
    ("Ann Vole signalled the council would allow the harbour to reopen.", "the council would allow the harbour to reopen"),
    ("Ann Vole warned the harbour could close by May.", "the harbour could close by May"),
])
def test_a_statement_cue_takes_a_bare_clause_with_a_finite_verb(text: str, clause: str) -> None:
    assert [(q.text, q.speaker) for q in reported(text)] == [(clause, "Ann Vole")]


@pytest.mark.parametrize("text", [
    "Ann Vole signalled her support for the harbour plan on Monday.",
    "Ann Vole warned the public about the harbour on Monday.",
])
def test_a_statement_cue_with_a_noun_object_reports_nothing(text: str) -> None:
    assert reported(text) == []


@pytest.mark.parametrize(("text", "clauses"), [
    ("Ann Vole said the harbour would reopen, adding that the port was safe.",
     ["the harbour would reopen", "the port was safe"]),
    ("Ann Vole said the harbour would reopen but stressed that the port was closed.",
     ["the harbour would reopen", "the port was closed"]),
    ("Ann Vole said there were delays and claims of fraud at the harbour.",
     ["there were delays and claims of fraud at the harbour"]),
])
def test_a_second_cue_joined_to_the_first_reports_its_own_clause(text: str, clauses: list[str]) -> None:
    found = reported(text)
    assert [q.text for q in found] == clauses and {q.speaker for q in found} == {"Ann Vole"}


@pytest.mark.parametrize(("text", "found"), [
    ("Ann Vole called the plan a failure and said the harbour would have to close for a year.",
     [("the harbour would have to close for a year", "Ann Vole")]),
    ("Ann Vole said the harbour would reopen, and Ben Tamm said the port was closed for repairs.",
     [("the harbour would reopen", "Ann Vole"), ("the port was closed for repairs", "Ben Tamm")]),
    ("Ann Vole told reporters that in 2024 the hashtag #harbour saw a rise in posts.",
     [("in 2024 the hashtag #harbour saw a rise in posts", "Ann Vole")]),
])
def test_coordinated_cues_and_subjects_report_each_clause(text: str, found: list[tuple[str, str]]) -> None:
    assert [(q.text, q.speaker) for q in reported(text)] == found


@pytest.mark.parametrize("text", [
    'On the label, it says "keep dry" in small print.',
    'In her only reply, Ann Vole said "no comment" to the press.',
    '"We will win," Ann Vole told a rally in the harbour town.',
])
def test_an_opening_adverbial_or_a_quotes_listener_is_no_clause(text: str) -> None:
    assert reported(text) == []


@pytest.mark.parametrize(("text", "clause"), [
    ("Ann Vole told The Post and Courier newspaper of Leeds on Saturday that she backed the harbour plan.",
     "she backed the harbour plan"),
    ("Ann Vole told The Harbour Times she's not planning an appeal of the ruling.",
     "she's not planning an appeal of the ruling"),
    ("Ann Vole has said for weeks that the harbour would reopen.", "the harbour would reopen"),
    ("Ann Vole pointed to her record and saying the harbour would reopen.", "the harbour would reopen"),
    ("Ann Vole explained how the harbour had flooded in the storm.", "how the harbour had flooded in the storm"),
])
def test_more_cue_forms_report_their_clause(text: str, clause: str) -> None:
    assert [(q.text, q.speaker) for q in reported(text)] == [(clause, "Ann Vole")]


@pytest.mark.parametrize("text", [
    "Don't tell a story you think they want to hear in the essay.",
    "You could say the harbour is the best place in town for a swim.",
    "Tell me how your world has shaped your dreams and your plans.",
    "If you want to make the biggest impact with the harbour, Ann Vole says.",
    "To make the harbour look its best in spring, Ann Vole says.",
])
def test_advice_to_the_reader_and_openers_are_not_speech(text: str) -> None:
    found = reported(f"{text} Ben Tamm said the port was closed for repairs.")
    assert [q.text for q in found] == ["the port was closed for repairs"]


@pytest.mark.parametrize(("text", "speaker"), [
    ("Shares in Acme Holdings, the Leeds firm, fell on Monday. The firm said the result was below expectations.",
     "Acme Holdings"),
    ("Allianz was founded in 1890 and sells insurance. Allianz said it did not know its exposure yet.", "Allianz"),
])
def test_an_organisation_speaks_its_reported_clause(text: str, speaker: str) -> None:
    assert [q.speaker for q in reported(text)] == [speaker]


@pytest.mark.parametrize(("text", "clause"), [
    ("Ann Vole suggested the council should send more boats to the harbour.",
     "the council should send more boats to the harbour"),
    ("Ann Vole predicted the harbour would reopen by the end of May.", "the harbour would reopen by the end of May"),
    ('"We are ready," Ann Vole said, adding that the harbour would reopen in May.', "the harbour would reopen in May"),
])
def test_statement_cues_and_a_participle_after_a_quotes_cue(text: str, clause: str) -> None:
    assert [(q.text, q.speaker) for q in reported(text)] == [(clause, "Ann Vole")]


@pytest.mark.parametrize(("text", "clause"), [
    ("Since last May, according to Ann Vole, the harbour has lost money every single week.",
     "the harbour has lost money every single week"),
    ("The harbour lost money every week, according to Ann Vole, who ran it until the storm in the spring.",
     "The harbour lost money every week"),
])
def test_according_to_as_an_aside_or_with_an_appositive(text: str, clause: str) -> None:
    assert [(q.text, q.speaker) for q in reported(text)] == [(clause, "Ann Vole")]


def test_according_to_a_name_and_its_office_reports_the_clause_before_not_the_office() -> None:
    text = "Most harbours need boats, according to Ann Vole, senior manager of the harbour board at Acme."
    assert [q.text for q in reported(text)] == ["Most harbours need boats"]


@pytest.mark.parametrize(("text", "clause"), [
    ("Still, Ann Vole said, the council has to decide who gets a berth.", "the council has to decide who gets a berth"),
    ("In any case, Ann Vole said, the harbour was vastly over-supplied with boats.",
     "the harbour was vastly over-supplied with boats"),
    ("Ann Vole said the harbour was badly run, and accused the council of wasting money.",
     "the harbour was badly run"),
])
def test_an_aside_after_an_opener_and_a_clause_before_a_joined_verb(text: str, clause: str) -> None:
    assert [(q.text, q.speaker) for q in reported(text)] == [(clause, "Ann Vole")]


def test_a_bare_clause_may_open_with_an_adverbial() -> None:
    found = reported("Ann Vole said in politics it takes time to build a harbour.")
    assert [(q.text, q.speaker) for q in found] == [("in politics it takes time to build a harbour", "Ann Vole")]


@pytest.mark.parametrize(("text", "clause"), [
    ("Tariffs are unlikely to bring the jobs back, said Ann Vole, a professor of economics at Acme University, "
     "who studies trade.", "Tariffs are unlikely to bring the jobs back"),
    ("The harbour cannot reopen this year, said Ann Vole, the head of the Acme port authority in the north.",
     "The harbour cannot reopen this year"),
])
def test_a_closing_speaker_may_carry_a_long_appositive(text: str, clause: str) -> None:
    assert [(q.text, q.speaker) for q in reported(text)] == [(clause, "Ann Vole")]


@pytest.mark.parametrize(("text", "clause"), [
    ("The port found no buyer for its cranes, Ann Vole said, on condition of anonymity to speak about the talks.",
     "The port found no buyer for its cranes"),
    ("Flood victims would get help first, Ann Vole said, a policy that could make it easier for them to stay.",
     "Flood victims would get help first"),
    ("The pier was never safe, Ann Vole said, speaking on the radio on Monday morning.", "The pier was never safe"),
])
def test_an_aside_followed_by_its_own_adjunct_reports_the_words_before_it(text: str, clause: str) -> None:
    assert [(q.text, q.speaker) for q in reported(text)] == [(clause, "Ann Vole")]


@pytest.mark.parametrize(("text", "clause"), [
    ("Ann Vole asked former Harbour Master Ben Tamm whether the pier could reopen in May.",
     "the pier could reopen in May"),
    ("Ann Vole asked the 2016 Acme port board contender if he was ready for the storm.", "he was ready for the storm"),
])
def test_a_question_may_follow_a_long_listener(text: str, clause: str) -> None:
    assert [(q.text, q.speaker, q.cue) for q in reported(text)] == [(clause, "Ann Vole", "asked")]


@pytest.mark.parametrize(("text", "clause"), [
    ("Ann Vole says, however, that the pier is safe for ships.", "the pier is safe for ships"),
    ("Ann Vole said \u2014 on the radio, as it happens \u2014 that the pier raised four million.",
     "the pier raised four million"),
    ("Ann Vole said if she were elected, the harbour would reopen in May.",
     "if she were elected, the harbour would reopen in May"),
])
def test_an_aside_or_a_condition_may_stand_between_the_cue_and_its_clause(text: str, clause: str) -> None:
    assert [(q.text, q.speaker) for q in reported(text)] == [(clause, "Ann Vole")]


@pytest.mark.parametrize(("text", "clause", "speaker"), [
    ("Most voters \u2014 young and old \u2014 say the harbour should reopen.", "the harbour should reopen", None),
    ("The harbour chief -- who took the job in May -- said the port would reopen soon.",
     "the port would reopen soon", None),
    ("The harbour chief \u2014 Ann Vole \u2014 said the port would reopen soon.", "the port would reopen soon",
     "Ann Vole"),
])
def test_a_subject_and_its_aside_in_dashes_speak_the_clause(text: str, clause: str, speaker: str | None) -> None:
    assert [(q.text, q.speaker) for q in reported(text)] == [(clause, speaker)]


@pytest.mark.parametrize(("text", "clause"), [
    ("Ann Vole, an aide to the mayor, said the Tamms and the firm had always paid their debts.",
     "the Tamms and the firm had always paid their debts"),
    ("The port was a failure from the start, said Ann Vole and Ben Tamm.", "The port was a failure from the start"),
])
def test_a_coordinated_name_after_the_cue_opens_a_clause_only_with_its_verb(text: str, clause: str) -> None:
    assert [q.text for q in reported(text)] == [clause]


def test_an_object_before_an_aside_in_dashes_is_no_speaker() -> None:
    assert reported("If you want to annoy a harbour fan \u2014 and you should not \u2014 tell them the port is ugly.") == []


@pytest.mark.parametrize(("text", "clause"), [
    ("A spokesman for Mayor Ann B. Vole of Leeds defended the route and said the police had trained for months.",
     "the police had trained for months"),
    ("There, the district GOP Chairman Ben Tamm declined to name the buyers but said one was a local firm.",
     "one was a local firm"),
])
def test_a_long_subject_speaks_its_coordinated_cue(text: str, clause: str) -> None:
    assert [q.text for q in reported(text)] == [clause]


def test_a_thing_as_the_subject_of_a_coordinated_cue_is_not_speech() -> None:
    assert reported("The storm hit the coast on Monday and said nothing more about the damage to homes.") == []


@pytest.mark.parametrize(("text", "clause", "cue"), [
    ("Ann Vole spoke for an hour, recalling that the port had closed twice before.",
     "the port had closed twice before", "recalling"),
    ("Ann Vole ended the meeting by saying the harbour would reopen in May.",
     "the harbour would reopen in May", "saying"),
    ("Ann Vole was just as blunt, claiming without any evidence that the port had been sold.",
     "the port had been sold", "claiming"),
])
def test_more_participles_report_their_clause(text: str, clause: str, cue: str) -> None:
    assert [(q.text, q.cue) for q in reported(text)] == [(clause, cue)]


def test_a_participle_after_a_quotes_closing_comma_reports_its_own_clause() -> None:
    text = "Ann Vole insisted that she had \u201csaved the port,\u201d claiming that the town owed her its harbour."
    assert [(q.text, q.cue) for q in reported(text)] == [("the town owed her its harbour", "claiming")]


def test_a_hedged_manner_by_a_participle_is_no_report() -> None:
    assert reported("I would put it another way by saying a coat of dark blue paint will do just as well.") == []


@pytest.mark.parametrize(("text", "found"), [
    ("The harbour will reopen in May, Ann Vole said, adding that the ferries would run again.",
     ["The harbour will reopen in May", "the ferries would run again"]),
    ("In several cases, harbour officials say, the ships have been kept waiting for weeks.",
     ["the ships have been kept waiting for weeks"]),
])
def test_an_aside_before_a_participle_or_after_a_described_subject(text: str, found: list[str]) -> None:
    assert [q.text for q in reported(text)] == found


@pytest.mark.parametrize(("text", "clause", "speaker"), [
    ("The plant is under heavy pressure from imports, said the firm's chief executive, Ann Vole.",
     "The plant is under heavy pressure from imports", "Ann Vole"),
    ("Mr. Tamm warned the mayor not to sell the harbour, said an official who was briefed on the talks.",
     "Mr. Tamm warned the mayor not to sell the harbour", None),
    ("Ann Vole, a spokeswoman for the union, said the workers who struck had been paid.",
     "the workers who struck had been paid", "Ann Vole"),
])
def test_a_speaker_described_after_a_closing_cue_closes_the_clause(text: str, clause: str,
                                                                   speaker: str | None) -> None:
    assert [(q.text, q.speaker) for q in reported(text)] == [(clause, speaker)]


@pytest.mark.parametrize(("text", "clause"), [
    ("One in four voters in a recent Acme poll said the harbour should be sold.", "the harbour should be sold"),
    ("The harbour board said about half of the new money went to the ferries.",
     "about half of the new money went to the ferries"),
    ("Ann Vole said much of her talk with the mayor was about the port.",
     "much of her talk with the mayor was about the port"),
])
def test_people_in_a_poll_and_a_clause_opening_with_a_quantity(text: str, clause: str) -> None:
    assert [q.text for q in reported(text)] == [clause]


@pytest.mark.parametrize("text", ["A new Acme poll said the harbour should be sold.", "Ann Vole said much about the port."])
def test_a_poll_and_an_amount_said_report_nothing(text: str) -> None:
    assert reported(text) == []


@pytest.mark.parametrize("text", [
    "The port shut in May. Ann Vole said the harbour would reopen.",
    "The port shut in May. The ferry stopped. Ann Vole said the harbour would reopen.",
    'The sign read "Staff said no". Ann Vole said the harbour would reopen.',
    "The port shut in May.\nAnn Vole said the harbour would reopen.",
])
def test_sentences_before_the_lines_first_cue_pass_no_clause_by(text: str) -> None:
    # the pass skips the sentences before the raw text's first cue: never the sentence holding it
    assert [(q.text, q.speaker) for q in reported(text)] == [("the harbour would reopen", "Ann Vole")]


def test_a_role_right_after_its_subject_is_that_person() -> None:
    # news names a person, then calls them by an office never written beside the name
    text = "Ola Brandt gave a long speech to the harbour board in Leeds. The chancellor said the port would reopen."
    assert [(q.text, q.speaker) for q in reported(text)] == [("the port would reopen", "Ola Brandt")]


def test_a_role_far_from_any_subject_names_no_one() -> None:
    filler = "The harbour was quiet and the boats stayed in all week while the rain came down. " * 4
    text = f"Ola Brandt gave a long speech to the harbour board in Leeds. {filler}The chancellor said the port would reopen."
    assert [q.speaker for q in reported(text)] == [None]


@pytest.mark.parametrize(("text", "clause", "speaker"), [
    ("Ann Vole was quoted in a harbour newsletter as saying the ferries would run again in May.",
     "the ferries would run again in May", "Ann Vole"),
    ("Ann Vole has been quoted as saying the old quay needed new lights.",
     "the old quay needed new lights", "Ann Vole"),
    ("The Gazette quoted Ann Vole as saying the ferries would run again in May.",
     "the ferries would run again in May", "Ann Vole"),
])
def test_a_participle_after_quoted_as_reports_its_clause(text: str, clause: str, speaker: str) -> None:
    assert [(q.text, q.speaker) for q in reported(text)] == [(clause, speaker)]


def test_quoted_as_after_its_quote_reports_no_clause() -> None:
    text = "\u201cThe harbour will reopen,\u201d the Gazette quoted Ann Vole as saying via her office."
    assert reported(text) == []
